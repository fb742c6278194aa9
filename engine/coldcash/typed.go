package coldcash

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"tableside/engine/acquire"
	"tableside/engine/coldcash/board"
)

// text is a typed field that a form may send as a number: web/form turns
// "1999" into the JSON number 1999, and older logs carry either.
type text string

// UnmarshalJSON reads a string (trimmed), a number as its digits, or null as
// nothing; anything else is refused naming the field (encoding/json fills in
// the field's name on an *json.UnmarshalTypeError).
func (t *text) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case nil:
		*t = ""
	case string:
		*t = text(strings.TrimSpace(x))
	case float64:
		*t = text(strconv.FormatFloat(x, 'f', -1, 64))
	default:
		return &json.UnmarshalTypeError{Value: jsonKind(v), Type: reflect.TypeFor[string]()}
	}
	return nil
}

// flag is a yes/no field that a form may send as a check box ("on"), as text
// ("true", "yes", "1") or as a number (non-zero is yes).
type flag bool

// UnmarshalJSON reads true/false, the words a check box or a typed field
// sends, a number, or null as no; anything else is refused naming the field.
func (f *flag) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case nil:
		*f = false
	case bool:
		*f = flag(x)
	case string:
		*f = x == "true" || x == "on" || x == "yes" || x == "1"
	case float64:
		*f = x != 0
	default:
		return &json.UnmarshalTypeError{Value: jsonKind(v), Type: reflect.TypeFor[bool]()}
	}
	return nil
}

// jsonKind names a decoded JSON value's kind for a refusal.
func jsonKind(v any) string {
	switch v.(type) {
	case bool:
		return "true or false"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return "a value"
}

// settingsArgs is a new game's settings as one typed struct, decoded once in
// New. Fields a setup screen sends that Cold Cash does not use are ignored,
// as they always were.
type settingsArgs struct {
	Names           text `json:"names"`
	Mode            text `json:"mode"`
	HiddenAtMerger  text `json:"hiddenAtMerger"`
	HostileRounding text `json:"hostileRounding"`
	PhoneTrades     text `json:"phoneTrades"`
	Deck            text `json:"deck"`
	Ending          text `json:"ending"`
	ClassicMin      flag `json:"classicMin"`
	VariableOrder   flag `json:"variableOrder"`
	DefendMost      flag `json:"defendMost"`
	FoundReach      text `json:"foundReach"`
	LongEnd         text `json:"longEnd"`
}

// settings turns the typed fields into the game's Settings (not yet
// normalised).
func (a settingsArgs) settings() Settings {
	return Settings{Names: acquire.NameSet(a.Names), Mode: string(a.Mode), HiddenAtMerger: string(a.HiddenAtMerger), HostileRounding: string(a.HostileRounding), PhoneTrades: string(a.PhoneTrades),
		BoardSettings: BoardSettings{Deck: string(a.Deck), Ending: board.Ending(a.Ending), ClassicMin: bool(a.ClassicMin), VariableOrder: bool(a.VariableOrder), DefendMost: bool(a.DefendMost), FoundReach: board.Reach(a.FoundReach), LongEnd: string(a.LongEnd)}}
}
