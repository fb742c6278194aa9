// Package form turns a posted form into the JSON a command or a game's
// settings take, once, at the door: past it, everything is the canonical
// JSON an engine decodes into its typed arguments, whether a form or a
// program sent it.
package form

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// Error is a form that cannot be read as a command, in words for people.
type Error struct{ Message string }

func (e *Error) Error() string { return e.Message }

func errorf(format string, args ...any) error { return &Error{Message: fmt.Sprintf(format, args...)} }

// DataPrefix starts a command form's data fields ("d.count").
const DataPrefix = "d."

// Command is a command as a form posts it.
type Command struct {
	Type string
	// Data is the command's data as one JSON object (nil for none): the
	// "data" field's object with the d.NAME fields set in it.
	Data json.RawMessage
	Idem string
}

// ReadCommand reads a command form: "type", "idem", an optional "data"
// JSON object and "d.NAME" fields merged into it ("keep" is the screen's,
// read by the web). Any other field is refused, naming it.
func ReadCommand(values url.Values) (Command, error) {
	for k := range values {
		if k != "type" && k != "data" && k != "idem" && k != "keep" && (!strings.HasPrefix(k, DataPrefix) || k == DataPrefix) {
			return Command{}, errorf("The form has a field %q that a command does not take (type, data, d.NAME, idem, keep).", k)
		}
	}
	cmd := Command{Type: values.Get("type"), Idem: values.Get("idem")}
	data := map[string]json.RawMessage{}
	if raw := values.Get("data"); raw != "" {
		if err := json.Unmarshal([]byte(raw), &data); err != nil {
			return Command{}, errorf("The form's data field is not a JSON object: %v", err)
		}
		if data == nil { // "null": no data
			data = map[string]json.RawMessage{}
		}
	}
	addFields(data, values, DataPrefix)
	if len(data) > 0 {
		cmd.Data = encode(data)
	}
	return cmd, nil
}

// Fields returns the fields named prefix+NAME as one JSON object (nil when
// there are none); of a field sent twice, the last value counts.
func Fields(values url.Values, prefix string) json.RawMessage {
	obj := map[string]json.RawMessage{}
	addFields(obj, values, prefix)
	if len(obj) == 0 {
		return nil
	}
	return encode(obj)
}

func addFields(obj map[string]json.RawMessage, values url.Values, prefix string) {
	for k, vs := range values {
		name, ok := strings.CutPrefix(k, prefix)
		if !ok || len(vs) == 0 || name == "" {
			continue
		}
		obj[name] = Value(vs[len(vs)-1])
	}
}

// Value is one field's value as JSON: what the field holds when it is JSON
// other than a string (a number, true, a list), trimmed; anything else as a
// string. The engine's typed arguments then refuse a value of the wrong kind
// by name.
func Value(v string) json.RawMessage {
	v = strings.TrimSpace(v)
	if json.Valid([]byte(v)) && !strings.HasPrefix(v, `"`) {
		return json.RawMessage(v)
	}
	b, _ := json.Marshal(v) // a string always encodes
	return b
}

// encode writes an object of JSON values, keys sorted: a map of valid raw
// values always encodes.
func encode(obj map[string]json.RawMessage) json.RawMessage {
	b, _ := json.Marshal(obj)
	return b
}
