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

// DataPrefix starts a command form's data fields ("d.count"), each read as
// JSON when it is JSON other than a string (a number, true, a list), else
// as text (see Value). TextPrefix starts a field that is text whatever it
// holds ("t.note", "t.attFaces": 641 typed is the text "641"), so a number
// typed into a text field reaches the engine as the text it is.
const (
	DataPrefix = "d."
	TextPrefix = "t."
)

// Command is a command as a form posts it.
type Command struct {
	Type string
	// Data is the command's data as one JSON object (nil for none): the
	// "data" field's object with the d.NAME fields set in it.
	Data json.RawMessage
	Idem string
}

// ReadCommand reads a command form: "type", "idem", an optional "data"
// JSON object and "d.NAME" and "t.NAME" fields merged into it ("keep" is
// the screen's, read by the web). A field left blank is not sent: nothing
// typed is nothing, and a field the command needs is then named as
// missing. Any other field is refused, naming it.
func ReadCommand(values url.Values) (Command, error) {
	for k := range values {
		if k != "type" && k != "data" && k != "idem" && k != "keep" && !isField(k, DataPrefix) && !isField(k, TextPrefix) {
			return Command{}, errorf("The form has a field %q that a command does not take (type, data, d.NAME, t.NAME, idem, keep).", k)
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
	addFields(data, values, DataPrefix, Value)
	addFields(data, values, TextPrefix, text)
	if len(data) > 0 {
		cmd.Data = encode(data)
	}
	return cmd, nil
}

// Fields returns the fields named prefix+NAME as one JSON object (nil when
// there are none); of a field sent twice, the last value counts.
func Fields(values url.Values, prefix string) json.RawMessage {
	obj := map[string]json.RawMessage{}
	addFields(obj, values, prefix, Value)
	if len(obj) == 0 {
		return nil
	}
	return encode(obj)
}

func isField(k, prefix string) bool { return strings.HasPrefix(k, prefix) && k != prefix }

// addFields sets each field named prefix+NAME in obj, read by value; a
// blank field is left out.
func addFields(obj map[string]json.RawMessage, values url.Values, prefix string, value func(string) json.RawMessage) {
	for k, vs := range values {
		name, ok := strings.CutPrefix(k, prefix)
		if !ok || len(vs) == 0 || name == "" || strings.TrimSpace(vs[len(vs)-1]) == "" {
			continue
		}
		obj[name] = value(vs[len(vs)-1])
	}
}

// text is a text field's value as JSON text, as typed.
func text(v string) json.RawMessage {
	b, _ := json.Marshal(v) // a string always encodes
	return b
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
	return text(v)
}

// encode writes an object of JSON values, keys sorted: a map of valid raw
// values always encodes.
func encode(obj map[string]json.RawMessage) json.RawMessage {
	b, _ := json.Marshal(obj)
	return b
}
