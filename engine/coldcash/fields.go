package coldcash

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"tableside/engine"
)

// A command's data is decoded once, before anything is decided, into the
// typed struct of its command (args.go, args_board.go). Each field is read
// by its own type (values.go), which takes what a form or an older screen
// sends (a count as 3 or "3", a check box as "on", a name set as the
// number 1999) and refuses anything else in our own words, naming the
// command and the field: not in encoding/json's, whose wording of a type
// error changes between Go releases (go1.27's does not name the field).

// args is a command's data, decoded: one struct per command.
type args interface {
	// fields lists the fields the command takes, each with its typed home.
	fields() []field
}

// field is one field a command takes.
type field struct {
	name     string // as sent; "from#" stands for from1, from2, ... (a form's numbered rows)
	to       reader // where its value goes
	required bool   // a command without it is refused, never read as zero or no
	rule     string // the refusal's rule when the value is of the wrong kind ("" for the reader's own)
	must     string // what the value must be, in the table's words ("" for the reader's own)
}

// reader reads one field's raw JSON value into its typed home, or says
// what the value must be.
type reader interface {
	read(raw json.RawMessage) *problem
}

// rowReader reads row i of a form's numbered fields (from1, teams2).
type rowReader interface {
	readRow(i int, raw json.RawMessage) *problem
}

// problem is a value of the wrong kind: the rule it breaks and what it
// must be.
type problem struct {
	rule string
	must string
}

// wrong is a bad-input problem: the value must be must.
func wrong(must string) *problem { return &problem{rule: "bad-input", must: must} }

// noData is the data of a command that takes none.
type noData struct{}

func (*noData) fields() []field { return nil }

// decodeData decodes a command's data into the typed struct of its command,
// strictly: a field the command does not take, a required field left out
// and a value of the wrong kind are each refused naming the field; an
// unknown command reads as noData, for Decide to refuse by name.
func decodeData(typ string, data json.RawMessage) (args, error) {
	m, err := engine.ReadObject(typ, data) // one JSON object, nothing after it
	if err != nil {
		return nil, err
	}
	a := args(&noData{})
	if mk, ok := commandData[typ]; ok {
		a = mk()
	}
	fs := a.fields()
	if err := unknownFields(typ, m, fs); err != nil {
		return nil, err
	}
	var missing []string
	for _, f := range fs {
		if _, ok := m[f.name]; f.required && !ok {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		return nil, engine.Refuse("bad-input", "%s needs %s.", typ, strings.Join(missing, " and "))
	}
	if err := readValues(typ, m, fs); err != nil {
		return nil, err
	}
	return a, nil
}

// readValues reads each value of m into its field, refusing the first of
// the wrong kind (in key order, so the same one is named every time); every
// key of m is one of fs.
func readValues(typ string, m map[string]json.RawMessage, fs []field) error {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		f, row := fieldFor(fs, k)
		var p *problem
		if row < 0 {
			p = f.to.read(m[k])
		} else {
			p = f.to.(rowReader).readRow(row, m[k])
		}
		if p != nil {
			return f.refuse(typ, k, p, m[k])
		}
	}
	return nil
}

// refuse words a value of the wrong kind: `buy: "count" must be a whole
// number, not "two".`
func (f field) refuse(typ, key string, p *problem, raw json.RawMessage) error {
	rule, must := p.rule, p.must
	if f.rule != "" {
		rule = f.rule
	}
	if f.must != "" {
		must = f.must
	}
	return engine.Refuse(rule, "%s: %q must be %s, not %s.", typ, key, must, shown(raw))
}

// shown is a value as a refusal quotes it: short ones as sent, long ones by
// their kind.
func shown(raw json.RawMessage) string {
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

// unknownFields refuses data carrying a field the command does not take,
// naming each (in the words of engine.CheckKeys, which the other games use).
func unknownFields(typ string, m map[string]json.RawMessage, fs []field) error {
	var unknown []string
	for k := range m {
		if f, _ := fieldFor(fs, k); f.to == nil {
			unknown = append(unknown, strconv.Quote(k))
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	slices.Sort(unknown)
	if len(fs) == 0 {
		return engine.Refuse("bad-input", "%s takes no fields, not %s.", typ, strings.Join(unknown, ", "))
	}
	return engine.Refuse("bad-input", "%s does not take the field %s.", typ, strings.Join(unknown, ", "))
}

// fieldFor finds the field for key k, and its row for a numbered field
// ("from2" is row 2 of "from#"; -1 for a plain field); a zero field when
// the command does not take k.
func fieldFor(fs []field, k string) (field, int) {
	for _, f := range fs {
		prefix, numbered := strings.CutSuffix(f.name, "#")
		if !numbered {
			if k == f.name {
				return f, -1
			}
			continue
		}
		rest, ok := strings.CutPrefix(k, prefix)
		if !ok || rest == "" || len(rest) > 2 || strings.Trim(rest, "0123456789") != "" {
			continue
		}
		n, _ := strconv.Atoi(rest)
		return f, n
	}
	return field{}, -1
}
