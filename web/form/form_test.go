package form

import (
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"testing"
)

func TestReadCommandSetsTheDataFieldsInTheDataObject(t *testing.T) {
	cmd, err := ReadCommand(url.Values{"type": {"buy"}, "idem": {"k1"}, "keep": {"t=3"},
		"data": {`{"seat": 1, "count": "x"}`}, "d.count": {" 3 "}, "d.company": {"c2"}, "d.hidden": {"true"}, "d.to": {"1", "2"}})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"company":"c2","count":3,"hidden":true,"seat":1,"to":2}`
	if cmd.Type != "buy" || cmd.Idem != "k1" || string(cmd.Data) != want {
		t.Fatalf("got %+v (data %s); want type buy, idem k1, data %s", cmd, cmd.Data, want)
	}
}

func TestReadCommandWithoutDataHasNone(t *testing.T) {
	cmd, err := ReadCommand(url.Values{"type": {"pass"}})
	if err != nil || cmd.Data != nil {
		t.Fatalf("got %+v, %v; want no data", cmd, err)
	}
}

func TestReadCommandRefusesAFieldACommandDoesNotTake(t *testing.T) {
	for _, k := range []string{"tpye", "d.", "count"} {
		_, err := ReadCommand(url.Values{"type": {"buy"}, k: {"1"}})
		var fe *Error
		if !errors.As(err, &fe) || !strings.Contains(fe.Message, `"`+k+`"`) {
			t.Errorf("field %q: %v; want a refusal naming it", k, err)
		}
	}
}

func TestReadCommandRefusesDataThatIsNotAnObject(t *testing.T) {
	for _, d := range []string{`[1]`, `{"a":`, `7`} {
		if _, err := ReadCommand(url.Values{"type": {"buy"}, "data": {d}}); err == nil || !strings.Contains(err.Error(), "not a JSON object") {
			t.Errorf("data %s: %v; want it refused as not a JSON object", d, err)
		}
	}
}

func TestValueKeepsJSONOtherThanAStringAndQuotesTheRest(t *testing.T) {
	for in, want := range map[string]string{" 3 ": `3`, "true": `true`, "[1,2]": `[1,2]`, "c2": `"c2"`, `"x"`: `"\"x\""`, "on": `"on"`, "": `""`, "1.5": `1.5`} {
		if got := string(Value(in)); got != want {
			t.Errorf("Value(%q) = %s; want %s", in, got, want)
		}
	}
}

func TestFieldsReadOnlyTheirPrefix(t *testing.T) {
	got := Fields(url.Values{"set.mode": {"bank"}, "set.size": {"6"}, "kind": {"coldcash"}, "set.": {"x"}}, "set.")
	if string(got) != `{"mode":"bank","size":6}` {
		t.Fatalf("got %s", got)
	}
	if Fields(url.Values{"kind": {"x"}}, "set.") != nil {
		t.Fatal("no fields must give no object")
	}
}

// Whatever a phone posts, a command read from it carries one JSON object
// or nothing.
func FuzzReadCommand(f *testing.F) {
	f.Add("buy", `{"seat":1}`, "d.count", "3")
	f.Add("x", ``, "d.a", `[1,`)
	f.Add("", `{"a":"\u0000"}`, "d.b", `"`)
	f.Add("pass", `null`, "d.seat", `1`)
	f.Fuzz(func(t *testing.T, typ, data, key, value string) {
		cmd, err := ReadCommand(url.Values{"type": {typ}, "data": {data}, key: {value}})
		if err != nil {
			return
		}
		if cmd.Data == nil {
			return
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(cmd.Data, &obj) != nil {
			t.Fatalf("data %q is not a JSON object", cmd.Data)
		}
	})
}

// A text field is text whatever it holds (641 typed as dice faces, a note
// "7"), and a field left blank is not sent, so a blank number is never
// read as text for the engine to refuse, nor as 0.
func TestReadCommandSendsTextFieldsAsTextAndLeavesBlankFieldsOut(t *testing.T) {
	cmd, err := ReadCommand(url.Values{"type": {"attack"}, "t.attFaces": {"641"}, "t.note": {" 7 "}, "d.stop": {""}, "d.count": {"  "}, "t.defFaces": {""}, "d.from": {"3"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"attFaces":"641","from":3,"note":" 7 "}`; string(cmd.Data) != want {
		t.Fatalf("data %s; want %s", cmd.Data, want)
	}
	if _, err := ReadCommand(url.Values{"type": {"x"}, "t.": {"1"}}); err == nil || !strings.Contains(err.Error(), `"t."`) {
		t.Fatalf("a bare t.: %v", err)
	}
}
