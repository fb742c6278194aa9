package coldcash

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"tableside/engine"
)

// A command's data is decoded once, before anything is decided, into the
// typed struct of its command (args.go). Each field is read by its own type
// below, which takes what a form or an older screen sends (a count as 3 or
// "3", a check box as "on", a name set as the number 1999) and refuses
// anything else in our own words, naming the command and the field: not in
// encoding/json's, whose wording of a type error changes between Go
// releases (go1.27's does not name the field).

// args is a command's data, decoded: one struct per command (args.go).
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
	m, err := engine.DecodeArgs[map[string]json.RawMessage](typ, data) // one JSON object, nothing after it
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

// kind is the first byte of a raw JSON value: '"', 'n' (null), 't' or 'f',
// '[', '{', or a number's first character.
func kind(raw json.RawMessage) byte {
	if len(raw) == 0 {
		return 'n'
	}
	return raw[0]
}

// isNumber says whether a raw JSON value is a number.
func isNumber(raw json.RawMessage) bool {
	c := kind(raw)
	return c == '-' || (c >= '0' && c <= '9')
}

// unquote reads a raw JSON string.
func unquote(raw json.RawMessage) string {
	var s string
	_ = json.Unmarshal(raw, &s) // raw came out of a decoded object: a valid string
	return s
}

// maxNum bounds any number a command carries: shares, dollars, teams and
// seats are all far smaller.
const maxNum = 1_000_000

// num is a whole number that a form may send as text ("3"); left out,
// null or blank it is unset, and the rule that reads it says what unset
// means (or).
type num struct {
	n    int
	set  bool // a number was given
	sent bool // the field came, even blank
}

// or is the number, or def when none was given.
func (x num) or(def int) int {
	if !x.set {
		return def
	}
	return x.n
}

// given is a number that was given.
func given(n int) num { return num{n: n, set: true, sent: true} }

func (x *num) read(raw json.RawMessage) *problem {
	x.sent = true
	bad := &problem{rule: "whole-number", must: "a whole number"}
	var f float64
	switch {
	case kind(raw) == 'n':
		return nil
	case kind(raw) == '"':
		s := strings.TrimSpace(unquote(raw))
		if s == "" {
			return nil
		}
		p, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return bad
		}
		f = p
	case isNumber(raw):
		p, err := strconv.ParseFloat(string(raw), 64)
		if err != nil {
			return bad
		}
		f = p
	default:
		return bad
	}
	if f != math.Trunc(f) || math.IsInf(f, 0) || math.IsNaN(f) {
		return &problem{rule: "whole-number", must: "a whole number (shares, dollars and teams come whole)"}
	}
	if math.Abs(f) > maxNum {
		return &problem{rule: "whole-number", must: "a whole number from -1000000 to 1000000"}
	}
	x.n, x.set = int(f), true
	return nil
}

// text is a name or an id: a string, trimmed, or a number as its digits (a
// form sends "1999" as the number 1999); null is nothing.
type text string

func (t *text) read(raw json.RawMessage) *problem {
	switch {
	case kind(raw) == 'n':
		*t = ""
	case kind(raw) == '"':
		*t = text(strings.TrimSpace(unquote(raw)))
	case isNumber(raw):
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil {
			return wrong("text")
		}
		*t = text(strconv.FormatFloat(f, 'f', -1, 64))
	default:
		return wrong("text")
	}
	return nil
}

// flag is a yes or no: true or false, what a check box or a typed field
// sends ("on", "yes", "1", "off", "no", "0", ""), a number (non-zero is
// yes), or null (no).
type flag bool

func (b *flag) read(raw json.RawMessage) *problem {
	switch {
	case kind(raw) == 'n':
		*b = false
	case kind(raw) == 't' || kind(raw) == 'f':
		*b = kind(raw) == 't'
	case kind(raw) == '"':
		switch strings.TrimSpace(unquote(raw)) {
		case "true", "on", "yes", "1":
			*b = true
		case "false", "off", "no", "0", "":
			*b = false
		default:
			return wrong("true or false")
		}
	case isNumber(raw):
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil {
			return wrong("true or false")
		}
		*b = f != 0
	default:
		return wrong("true or false")
	}
	return nil
}

// texts is a list of names or ids, such as the first territory card of
// each player; null is none.
type texts []string

func (l *texts) read(raw json.RawMessage) *problem {
	if kind(raw) == 'n' {
		*l = texts{}
		return nil
	}
	var v []string
	if kind(raw) != '[' || json.Unmarshal(raw, &v) != nil {
		return wrong("a list of names")
	}
	*l = append(texts{}, v...)
	return nil
}

// idList is a list of company ids: a list, or text such as "c2,c3".
type idList []string

func (l *idList) read(raw json.RawMessage) *problem {
	var list []string
	switch {
	case kind(raw) == '[':
		if json.Unmarshal(raw, &list) != nil {
			return wrong(`a list of companies, or companies typed like "c2,c3"`)
		}
	case kind(raw) == 'n':
	default:
		var t text
		if p := t.read(raw); p != nil {
			return wrong(`a list of companies, or companies typed like "c2,c3"`)
		}
		list = strings.Split(string(t), ",")
	}
	*l = nil
	for _, id := range list {
		if id = strings.TrimSpace(id); id != "" {
			*l = append(*l, id)
		}
	}
	return nil
}

// faces are the faces of real dice: a list of numbers, or text like
// "6 5 2" or "6,5,2"; left out, there are none.
type faces struct {
	list []int
	sent bool // the field came, even empty: the dice were typed
}

func (fs *faces) read(raw json.RawMessage) *problem {
	fs.sent = true
	bad := &problem{rule: "malformed", must: "the faces of each die, like 6 5 2"}
	if kind(raw) == '[' {
		if json.Unmarshal(raw, &fs.list) != nil {
			return bad
		}
		return nil
	}
	var t text
	if t.read(raw) != nil {
		return bad
	}
	for _, w := range strings.FieldsFunc(string(t), func(r rune) bool { return r == ' ' || r == ',' }) {
		n, err := strconv.Atoi(w)
		if err != nil {
			return bad
		}
		fs.list = append(fs.list, n)
	}
	return nil
}

// decodeStrict reads raw JSON into v refusing unknown fields; a list of
// moves or a map of teams is small and made by the engine's own sheet or a
// screen's script.
func decodeStrict(raw json.RawMessage, v any) bool {
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	return dec.Decode(v) == nil
}
