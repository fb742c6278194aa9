package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// DecodeArgs reads a command's data into T, the struct of that command, the
// one way every game reads a command. It is strict, so a command is never
// half-understood and written to the log:
//   - the data is one JSON object (empty data reads as {}), nothing after it;
//   - a field T does not take (a typo such as "seats" for "seat") is refused;
//   - a field tagged `args:"required"` that is missing (or null) is refused,
//     never read as zero or no: a score with no seat must not score for
//     seat 0;
//   - each value must be of its field's type as JSON types it: a count is
//     the number 3, not the text "3", a yes or no is true or false, not "on".
//     Screens send typed JSON (web/form types a posted form once, at the
//     door); the engines take nothing else.
//
// Each refusal is "bad-input" (a whole number's is "whole-number") and says,
// in the table's words, the command, the field and what it must be:
// `buy: "count" must be a whole number, not "3".` A field's tag may name its
// own rule and words: a rule tag names the rule, a must tag says what the
// field must be (Cold Cash's momPop field: a die's face, 1 to 6).
//
// A form's numbered rows and its check boxes are fields too: a map[int]V
// tagged `json:"from#"` takes from1, from2, ... (up to two digits) by number;
// a map[string]V tagged `json:"stock."` takes stock.S1, stock.M2 by what
// follows the dot.
func DecodeArgs[T any](typ string, data json.RawMessage) (T, error) {
	var v T
	m, err := readObject(typ, data)
	if err != nil {
		return v, err
	}
	fs := argFieldsOf(reflect.TypeFor[T]())
	if err := checkArgKeys(typ, m, fs); err != nil {
		return v, err
	}
	return v, fillArgs(typ, m, fs, reflect.ValueOf(&v).Elem())
}

// MaxNumber bounds any whole number a command carries: shares, dollars,
// armies, points and seats are all far smaller, and a sum of a few never
// comes near overflowing.
const MaxNumber = 1_000_000_000

// readObject reads data as one JSON object, key by key.
func readObject(typ string, data json.RawMessage) (map[string]json.RawMessage, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var m map[string]json.RawMessage
	if err := dec.Decode(&m); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, Refuse("bad-input", "%s: the request must be a JSON object, not %s.", typ, te.Value)
		}
		return nil, Refuse("bad-input", "%s: the request is not valid JSON: %v", typ, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, Refuse("bad-input", "%s: the request has more after its data; send one JSON object.", typ)
	}
	if m == nil { // null: no data
		m = map[string]json.RawMessage{}
	}
	return m, nil
}

// argField is one field a command takes.
type argField struct {
	key      string // as sent; for rows and checks, the part before the number or name
	shape    byte   // '=' one key, '#' numbered rows (from1), '.' named checks (stock.S1)
	index    []int  // the path to the field, through embedded structs
	required bool
	rule     string // the refusal's rule for a value of the wrong kind
	must     string // what the value must be, in the table's words ("" for its type's)
}

var argFields sync.Map // reflect.Type -> []argField

func argFieldsOf(t reflect.Type) []argField {
	if fs, ok := argFields.Load(t); ok {
		return fs.([]argField)
	}
	if t.Kind() != reflect.Struct {
		panic(fmt.Sprintf("engine.DecodeArgs: %v is not a struct", t))
	}
	fs := structArgs(t, nil)
	argFields.Store(t, fs)
	return fs
}

// structArgs lists the fields of struct t, an embedded struct's as its
// own (as encoding/json reads them); at is the index path to t.
func structArgs(t reflect.Type, at []int) []argField {
	var fs []argField
	for i := range t.NumField() {
		sf := t.Field(i)
		key, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		index := append(slices.Clone(at), i)
		switch {
		case sf.Anonymous && key == "" && sf.Type.Kind() == reflect.Struct:
			fs = append(fs, structArgs(sf.Type, index)...)
			continue
		case !sf.IsExported() || key == "-":
			continue
		case key == "":
			key = sf.Name
		}
		f := argField{key: key, shape: '=', index: index, required: sf.Tag.Get("args") == "required", rule: sf.Tag.Get("rule"), must: sf.Tag.Get("must")}
		if k, ok := strings.CutSuffix(key, "#"); ok {
			f.key, f.shape = k, '#'
		} else if strings.HasSuffix(key, ".") {
			f.shape = '.'
		}
		elem := sf.Type
		if f.shape != '=' {
			elem = sf.Type.Elem() // a row's or a check's value
		}
		if f.rule == "" {
			f.rule = ruleOf(elem)
		}
		fs = append(fs, f)
	}
	return fs
}

// fieldFor finds the field that takes key k, with its row ("from2" is row
// 2 of from#) or name ("stock.S1" is S1 of stock.); false when none does.
func fieldFor(fs []argField, k string) (argField, string, bool) {
	for _, f := range fs {
		switch f.shape {
		case '=':
			if k == f.key {
				return f, "", true
			}
		case '#':
			rest, ok := strings.CutPrefix(k, f.key)
			if ok && rest != "" && len(rest) <= 2 && strings.Trim(rest, "0123456789") == "" {
				return f, rest, true
			}
		case '.':
			if rest, ok := strings.CutPrefix(k, f.key); ok && rest != "" {
				return f, rest, true
			}
		}
	}
	return argField{}, "", false
}

// checkArgKeys refuses a field the command does not take, and a required
// one missing, naming each.
func checkArgKeys(typ string, m map[string]json.RawMessage, fs []argField) error {
	var unknown []string
	for k := range m {
		if _, _, ok := fieldFor(fs, k); !ok {
			unknown = append(unknown, strconv.Quote(k))
		}
	}
	slices.Sort(unknown)
	switch {
	case len(unknown) > 0 && len(fs) == 0:
		return Refuse("bad-input", "%s takes no fields, not %s.", typ, strings.Join(unknown, ", "))
	case len(unknown) > 0:
		return Refuse("bad-input", "%s does not take the field %s.", typ, strings.Join(unknown, ", "))
	}
	var missing []string
	for _, f := range fs {
		if raw, ok := m[f.key]; f.required && (!ok || isNull(raw)) {
			missing = append(missing, f.key)
		}
	}
	if len(missing) > 0 {
		return Refuse("bad-input", "%s needs %s.", typ, strings.Join(missing, " and "))
	}
	return nil
}

// fillArgs reads each value into its field, refusing the first of the
// wrong kind (in key order, so the same one is named every time).
func fillArgs(typ string, m map[string]json.RawMessage, fs []argField, v reflect.Value) error {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		f, row, _ := fieldFor(fs, k)
		raw := m[k]
		if isNull(raw) {
			continue // null is nothing sent
		}
		fv := v.FieldByIndex(f.index)
		into := fv
		if f.shape != '=' {
			into = reflect.New(fv.Type().Elem()).Elem()
		}
		if must := readValue(raw, into); must != "" {
			if f.must != "" {
				must = f.must
			}
			return Refuse(f.rule, "%s: %q must be %s, not %s.", typ, k, must, shown(raw))
		}
		if f.shape == '=' {
			continue
		}
		if fv.IsNil() {
			fv.Set(reflect.MakeMap(fv.Type()))
		}
		key := reflect.ValueOf(row)
		if f.shape == '#' {
			n, _ := strconv.Atoi(row)
			key = reflect.ValueOf(n)
		}
		fv.SetMapIndex(key.Convert(fv.Type().Key()), into)
	}
	return nil
}

// readValue decodes one value strictly (unknown fields of an object
// refused) into v, whole numbers within MaxNumber; when it cannot, it says
// what the value must be.
func readValue(raw json.RawMessage, v reflect.Value) (must string) {
	if n, ok := wholeNumber(raw); ok && (v.Kind() == reflect.Int || v.Kind() == reflect.Pointer && v.Type().Elem().Kind() == reflect.Int) {
		// Most values are whole numbers: read without a decoder (one
		// per value was a tenth of a whole game's deciding), the same
		// numbers the decoder takes (TestWholeNumbersReadAsTheDecoderReads).
		if n < -MaxNumber || n > MaxNumber {
			return fmt.Sprintf("%s from %d to %d", mustOf(v.Type()), -MaxNumber, MaxNumber)
		}
		if v.Kind() == reflect.Pointer {
			p := reflect.New(v.Type().Elem())
			p.Elem().SetInt(int64(n))
			v.Set(p)
		} else {
			v.SetInt(int64(n))
		}
		return ""
	}
	return decodeValue(raw, v)
}

// wholeNumber reads raw when it is a JSON integer as written by the JSON
// grammar (-?(0|[1-9][0-9]*), no space, no fraction, no exponent) that
// fits an int; otherwise ok is false and the decoder decides.
func wholeNumber(raw json.RawMessage) (n int, ok bool) {
	digits := raw
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 1 && digits[0] == '0' {
		return 0, false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(string(raw))
	return n, err == nil
}

// decodeValue is readValue through a strict decoder.
func decodeValue(raw json.RawMessage, v reflect.Value) (must string) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	p := reflect.New(v.Type())
	if dec.Decode(p.Interface()) != nil {
		return mustOf(v.Type())
	}
	if !withinBounds(p.Elem()) {
		return fmt.Sprintf("%s from %d to %d", mustOf(v.Type()), -MaxNumber, MaxNumber)
	}
	v.Set(p.Elem())
	return ""
}

func withinBounds(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Pointer:
		return v.IsNil() || withinBounds(v.Elem())
	case reflect.Int, reflect.Int64, reflect.Int32:
		return v.Int() >= -MaxNumber && v.Int() <= MaxNumber
	case reflect.Slice:
		for i := range v.Len() {
			if !withinBounds(v.Index(i)) {
				return false
			}
		}
	}
	return true
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// ruleOf is the rule a value of the wrong kind breaks: a whole number's
// own, or bad input.
func ruleOf(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if isWhole(t) {
		return "whole-number"
	}
	return "bad-input"
}

func isWhole(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	}
	return false
}

// mustOf says what a value of type t must be, in the table's words.
func mustOf(t reflect.Type) string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case isWhole(t):
		return "a whole number"
	case t.Kind() == reflect.String:
		return "text"
	case t.Kind() == reflect.Bool:
		return "true or false"
	case t.Kind() == reflect.Slice && isWhole(t.Elem()):
		return "a list of whole numbers"
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.String:
		return "a list of names"
	case t.Kind() == reflect.Slice:
		return "a list"
	case t.Kind() == reflect.Map && isWhole(t.Elem()):
		return "whole numbers by name"
	}
	return "an object"
}

// shown is a value as a refusal quotes it: short ones as sent, long ones by
// their kind.
func shown(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) <= 40 {
		return string(raw)
	}
	switch raw[0] {
	case '[':
		return "a long list"
	case '{':
		return "a long object"
	case '"':
		return "a long text"
	}
	return "a long number"
}

// Commands lists a game's commands, each with the decoder of its data
// ([Args] of its struct), so that a command is decoded once, before
// anything is decided.
type Commands map[string]func(typ string, data json.RawMessage) (any, error)

// Args decodes a command's data into a *T: a [Commands] entry.
func Args[T any](typ string, data json.RawMessage) (any, error) {
	v, err := DecodeArgs[T](typ, data)
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// Decode decodes cmd's data with its command's decoder; a command not
// listed decodes as one that takes no fields, for Decide to refuse by name.
func (cs Commands) Decode(cmd Command) (any, error) {
	if decode, ok := cs[cmd.Type]; ok {
		return decode(cmd.Type, cmd.Data)
	}
	return Args[struct{}](cmd.Type, cmd.Data)
}
