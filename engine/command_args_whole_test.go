package engine

import (
	"encoding/json"
	"reflect"
	"testing"
)

// readValue reads whole numbers without a decoder: into an int and an
// *int it must give what the strict decoder gives, value and refusal
// alike, for numbers and for everything that is not one.
func TestWholeNumbersReadAsTheDecoderReads(t *testing.T) {
	raws := []string{"0", "-0", "5", "-5", "42", "05", "-05", "00", "+5", "5.0", "5e2", "1E3", "-", "", " 5", "5 ",
		`"5"`, "true", "[1]", "{}", "1000000000", "-1000000000", "1000000001", "-1000000001",
		"9223372036854775807", "9223372036854775808", "-9223372036854775809", "99999999999999999999", "1-2", "0x10"}
	for _, typ := range []reflect.Type{reflect.TypeFor[int](), reflect.TypeFor[*int]()} {
		for _, raw := range raws {
			fast, slow := reflect.New(typ).Elem(), reflect.New(typ).Elem()
			gotMust, wantMust := readValue(json.RawMessage(raw), fast), decodeValue(json.RawMessage(raw), slow)
			if gotMust != wantMust || !reflect.DeepEqual(fast.Interface(), slow.Interface()) {
				t.Errorf("%s from %q: read %v, %q; the decoder %v, %q", typ, raw, fast, gotMust, slow, wantMust)
			}
		}
	}
}
