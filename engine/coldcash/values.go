package coldcash

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"tableside/engine/coldcash/board"
)

// The types of a command's fields: each reads one raw JSON value into its
// typed home, taking what forms send, or says what the value must be.

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
		return &problem{rule: "whole-number", must: fmt.Sprintf("a whole number from %d to %d", -maxNum, maxNum)}
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

// textRows are a form's numbered text fields (first0, from1), by number.
type textRows map[int]text

func (r *textRows) read(json.RawMessage) *problem { return wrong("numbered") } // only rows are read

func (r *textRows) readRow(i int, raw json.RawMessage) *problem {
	var t text
	if p := t.read(raw); p != nil {
		return p
	}
	if *r == nil {
		*r = textRows{}
	}
	(*r)[i] = t
	return nil
}

// numRows are a form's numbered whole numbers (teams1), by number.
type numRows map[int]num

func (r *numRows) read(json.RawMessage) *problem { return wrong("numbered") }

func (r *numRows) readRow(i int, raw json.RawMessage) *problem {
	var n num
	if p := n.read(raw); p != nil {
		return p
	}
	if *r == nil {
		*r = numRows{}
	}
	(*r)[i] = n
	return nil
}

// movesField is a restructure's list of moves, each {from, to, teams}.
type movesField struct {
	list []board.Move
	sent bool
}

func (m *movesField) read(raw json.RawMessage) *problem {
	m.sent = true
	if kind(raw) != '[' && kind(raw) != 'n' || !decodeStrict(raw, &m.list) {
		return &problem{rule: "malformed", must: fmt.Sprintf("a list of 1 to %d moves, each {from, to, teams}", board.MaxRestructureMoves)}
	}
	return nil
}

// teamsAt are teams by territory, such as {"peru": 2}.
type teamsAt map[string]int

func (t *teamsAt) read(raw json.RawMessage) *problem {
	if kind(raw) != '{' && kind(raw) != 'n' || !decodeStrict(raw, (*map[string]int)(t)) {
		return &problem{rule: "malformed", must: "teams by territory, like {\"peru\": 2}"}
	}
	return nil
}
