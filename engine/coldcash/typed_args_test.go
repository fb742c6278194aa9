package coldcash

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash/board"
	"tableside/internal/enginetest"
)

func n(i int) *int { return &i }

// goodData is, for every command, data a screen sends and the struct it
// decodes into: numbers as numbers, yes and no as true and false, a form's
// numbered rows by number.
var goodData = []struct {
	typ, data string
	want      args
}{
	{CmdFound, `{"seat":1,"size":3,"company":"c3"}`, &foundCmd{Seat: n(1), Size: n(3), Company: "c3"}},
	{CmdFound, `{"company":"c3","size":null}`, &foundCmd{Company: "c3"}},
	{CmdSize, `{"company":"c2","size":7}`, &sizeCmd{Company: "c2", Size: n(7)}},
	{CmdBuy, `{"seat":0,"company":"c2","count":3}`, &tradeCmd{Seat: n(0), Company: "c2", Count: n(3)}},
	{CmdSell, `{"company":"c2","count":2}`, &tradeCmd{Company: "c2", Count: n(2)}},
	{CmdHide, `{"company":"c2","hidden":1}`, &hideCmd{Company: "c2", Hidden: n(1)}},
	{CmdDividends, `{"company":"c2","double":true}`, &dividendsCmd{Company: "c2", Double: true}},
	{CmdMerge, `{"survivor":"c2","defuncts":["c3","c4"],"defunct2":"c5","maker":0,"hostile":true,"newSize":9}`,
		&mergeCmd{Survivor: "c2", Defuncts: []string{"c3", "c4"}, Defunct2: "c5", Maker: n(0), Hostile: true, NewSize: n(9)}},
	{CmdMerge, `{"companies":["c1","c2"]}`, &mergeCmd{Companies: []string{"c1", "c2"}}},
	{CmdDispose, `{"seat":1,"sell":2,"trade":0}`, &disposeCmd{Seat: n(1), Sell: n(2), Trade: n(0)}},
	{CmdDispose, `{"choice":"sell-all"}`, &disposeCmd{Choice: "sell-all"}},
	{CmdTurn, `{"seat":2}`, &turnCmd{Seat: n(2)}},
	{CmdTurn, ``, &turnCmd{}},
	{CmdMeeting, `{"company":"c2","nominee":1}`, &meetingCmd{Company: "c2", Nominee: n(1)}},
	{CmdDissolve, `{"company":"c2"}`, &companyCmd{Company: "c2"}},
	{CmdEnd, `{"reason":"short"}`, &endCmd{Reason: "short"}},
	{CmdTradeConfirm, `{}`, &noData{}},
	{CmdTradeReject, `null`, &noData{}},
	{CmdOpen, `{"first":["siam","peru"]}`, &openCmd{First: []string{"siam", "peru"}}},
	{CmdOpen, `{"first0":"siam","first1":"peru"}`, &openCmd{Rows: map[int]string{0: "siam", 1: "peru"}}},
	{CmdPlace, `{"territory":"siam","card":"wild1"}`, &placeCmd{Territory: "siam", Card: "wild1"}},
	{CmdNoPlace, ``, &noData{}},
	{CmdAbsorb, `{"company":"c1"}`, &companyCmd{Company: "c1"}},
	{CmdLeave, `{}`, &noData{}},
	{CmdConsent, `{"company":"c1","agree":true}`, &consentCmd{Company: "c1", Agree: true}},
	{CmdConsent, `{"company":"c1","agree":false}`, &consentCmd{Company: "c1"}},
	{CmdPass, ``, &noData{}},
	{CmdDraw, ``, &noData{}},
	{CmdMeeting, `{"company":"c1","nominee":2}`, &meetingCmd{Company: "c1", Nominee: n(2)}},
	{CmdAccept, `{"accept":true}`, &acceptCmd{Accept: true}},
	{CmdVote, `{"seat":1,"for":false}`, &voteCmd{Seat: n(1)}},
	{CmdTakeover, `{"company":"c1"}`, &companyCmd{Company: "c1"}},
	{CmdAttack, `{"from":"peru","to":"brazil","dice":3,"blitz":true,"stop":2}`,
		&attackCmd{From: "peru", To: "brazil", Dice: n(3), Blitz: true, Stop: n(2)}},
	{CmdAttack, `{"from":"peru","to":"brazil","attackerFaces":[6,5,2],"defenderFaces":[4]}`,
		&attackCmd{From: "peru", To: "brazil", AttackerFaces: []int{6, 5, 2}, DefenderFaces: []int{4}}},
	{CmdAttack, `{"from":"peru","to":"brazil","momPop":4,"attackerLost":1,"defenderLost":0}`,
		&attackCmd{From: "peru", To: "brazil", MomPop: n(4), AttackerLost: n(1), DefenderLost: n(0)}},
	{CmdOccupy, `{"teams":2}`, &occupyCmd{Teams: n(2)}},
	{CmdMove, `{"from":"peru","to":"brazil","teams":1}`, &moveCmd{From: "peru", To: "brazil", Teams: n(1)}},
	{CmdTakeoverEnd, ``, &noData{}},
	{CmdRestructure, `{"company":"c1","moves":[{"from":"peru","to":"brazil","teams":2}]}`,
		&restructureCmd{Company: "c1", Moves: []board.Move{{From: "peru", To: "brazil", Teams: 2}}}},
	{CmdRestructure, `{"company":"c1","from1":"peru","to1":"brazil","teams1":3,"from2":"","to2":""}`,
		&restructureCmd{Company: "c1", From: map[int]string{1: "peru", 2: ""}, To: map[int]string{1: "brazil", 2: ""}, Teams: map[int]int{1: 3}}},
	{CmdHire, `{"company":"c1","place":{"peru":2}}`, &hireCmd{Company: "c1", Teams: map[string]int{"peru": 2}}},
	{CmdDownsize, `{"company":"c1","remove":{"peru":1}}`, &downsizeCmd{Company: "c1", Teams: map[string]int{"peru": 1}}},
	{CmdSkip, `{"company":"c1"}`, &companyCmd{Company: "c1"}},
	{CmdDeclare, ``, &noData{}},
	{CmdDefend, `{"dice":2}`, &defendCmd{Dice: n(2)}},
}

// Each command's data is decoded once, before anything is decided, into
// the struct of its command.
func TestColdCashCommandDataIsDecodedOnceIntoItsStruct(t *testing.T) {
	covered := map[string]bool{}
	for _, c := range goodData {
		got, err := commandData.Decode(engine.Command{Type: c.typ, Data: json.RawMessage(c.data)})
		if err != nil {
			t.Errorf("%s %s: refused: %v", c.typ, c.data, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %s: decoded as %#v; want %#v", c.typ, c.data, got, c.want)
		}
		covered[c.typ] = true
	}
	for typ := range commandData {
		if !covered[typ] {
			t.Errorf("no good data of the command %s is decoded here", typ)
		}
	}
	// A restructure's form rows read as the moves they name, a blank row
	// skipped and a row's teams 1 unless typed.
	a, _ := commandData.Decode(engine.Command{Type: CmdRestructure, Data: json.RawMessage(`{"company":"c1","from1":"peru","to1":"brazil","from3":"a","to3":"b","teams3":2}`)})
	if got := a.(*restructureCmd).moves(); !reflect.DeepEqual(got, []board.Move{{From: "peru", To: "brazil", Teams: 1}, {From: "a", To: "b", Teams: 2}}) {
		t.Errorf("restructure rows read as %+v", got)
	}
}

// wrongValue is a value of the wrong kind for a field of type t: a number
// sent as text, a yes or no as "on".
func wrongValue(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer, reflect.Int:
		return `"2"`
	case reflect.String:
		return `{"id":"c1"}`
	case reflect.Bool:
		return `"on"`
	case reflect.Slice:
		return `"siam"`
	case reflect.Map:
		if t.Elem().Kind() == reflect.String {
			return `{"id":"c1"}`
		}
		return `[2]`
	}
	panic(fmt.Sprintf("no wrong value for %v", t))
}

// fieldsOf lists a command struct's fields: the name as sent (row 1 of a
// numbered field), whether it is required, and a value of the wrong kind.
func fieldsOf(a args) (out []struct {
	name, wrong string
	required    bool
}) {
	t := reflect.TypeOf(a).Elem()
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		typ := f.Type
		if p, ok := strings.CutSuffix(name, "#"); ok {
			name, typ = p+"1", typ.Elem()
		}
		out = append(out, struct {
			name, wrong string
			required    bool
		}{name, wrongValue(typ), f.Tag.Get("args") == "required"})
	}
	return out
}

// A command's data with a field it does not take, without a field it
// needs, or with a value of the wrong kind (a number as text, "on" for
// true) is refused with a message that names the command and the field,
// and nothing changes, in bank mode and board mode alike.
func TestColdCashCommandWithWrongTypeOrUnknownFieldIsRefusedNamingTheField(t *testing.T) {
	bank := newTable(t, 3, nil)
	bank.found("c2", 0, 4)
	boardMode := newTable(t, 3, H{"mode": "board", "deck": "table"})
	for _, c := range goodData {
		var good map[string]json.RawMessage
		if json.Unmarshal([]byte(c.data), &good); good == nil {
			good = map[string]json.RawMessage{}
		}
		with := func(k, v string) string {
			m := map[string]json.RawMessage{k: json.RawMessage(v)}
			for gk, gv := range good {
				if gk != k {
					m[gk] = gv
				}
			}
			b, _ := json.Marshal(m)
			return string(b)
		}
		fields := fieldsOf(c.want)
		unknown := `does not take the field "bogus"`
		if len(fields) == 0 {
			unknown = `takes no fields, not "bogus"`
		}
		bad := []enginetest.Bad{{Seat: engine.Host, Type: c.typ, Data: with("bogus", "1"), Want: c.typ + " " + unknown}}
		for _, f := range fields {
			if f.required {
				without := map[string]json.RawMessage{}
				for k, v := range good {
					if k != f.name {
						without[k] = v
					}
				}
				b, _ := json.Marshal(without)
				bad = append(bad, enginetest.Bad{Seat: engine.Host, Type: c.typ, Data: string(b), Want: c.typ + " needs " + f.name})
			}
			bad = append(bad, enginetest.Bad{Seat: engine.Host, Type: c.typ, Data: with(f.name, f.wrong), Rule: "*",
				Want: fmt.Sprintf("%s: %q must be ", c.typ, f.name)})
		}
		enginetest.RefusesBadInput(t, Rules{}, &bank.s, nil, bad)
		enginetest.RefusesBadInput(t, Rules{}, &boardMode.s, nil, bad)
	}
}

// The refusal of a value of the wrong kind says what the value must be,
// under the rule the table knows it by.
func TestColdCashWrongValueIsRefusedInTheTablesWords(t *testing.T) {
	tb := newTable(t, 3, nil)
	tb.found("c2", 0, 4)
	enginetest.RefusesBadInput(t, Rules{}, &tb.s, nil, []enginetest.Bad{
		{engine.Host, CmdBuy, `{"seat":0,"company":"c2","count":"two"}`, "whole-number", `buy: "count" must be a whole number, not "two".`},
		{engine.Host, CmdBuy, `{"seat":0,"company":"c2","count":"3"}`, "whole-number", `buy: "count" must be a whole number, not "3".`},
		{engine.Host, CmdBuy, `{"seat":0,"company":"c2","count":1.5}`, "whole-number", `buy: "count" must be a whole number, not 1.5.`},
		{engine.Host, CmdSell, `{"seat":0,"company":"c2","count":10000000000}`, "whole-number", `sell: "count" must be a whole number from -1000000000 to 1000000000, not 10000000000.`},
		{engine.Host, CmdBuy, `{"seat":true,"company":"c2","count":1}`, "whole-number", `buy: "seat" must be a whole number, not true.`},
		{engine.Host, CmdBuy, `{"seat":0,"company":["c2"],"count":1}`, "bad-input", `buy: "company" must be text, not ["c2"].`},
		{engine.Host, CmdDividends, `{"company":"c2","double":"on"}`, "bad-input", `dividends: "double" must be true or false, not "on".`},
		{engine.Host, CmdMerge, `{"survivor":"c2","defuncts":"c3,c4"}`, "bad-input", `merge: "defuncts" must be a list of companies, not "c3,c4".`},
		{engine.Host, CmdMerge, `{"companies":"c2"}`, "malformed", `merge: "companies" must be a list of the companies to merge, your choice first on equal sizes, not "c2".`},
		{engine.Host, CmdOpen, `{"first":"siam"}`, "malformed", `open: "first" must be a list of each player's first territory card, not "siam".`},
		{engine.Host, CmdAttack, `{"from":"a","to":"b","momPop":"x"}`, "defence-die", `attack: "momPop" must be the face the Mom & Pop's one die shows, 1 to 6, not "x".`},
		{engine.Host, CmdAttack, `{"from":"a","to":"b","attackerFaces":"6 5 2"}`, "malformed", `attack: "attackerFaces" must be the faces of each die, like [6, 5, 2], not "6 5 2".`},
		{engine.Host, CmdRestructure, `{"company":"c1","moves":[{"from":"a","to":"b","teams":"2"}]}`, "malformed", `restructure: "moves" must be a list of 1 to 3 moves, each {from, to, teams}`},
		{engine.Host, CmdRestructure, `{"company":"c1","teams2":"x"}`, "whole-number", `restructure: "teams2" must be a whole number, not "x".`},
		{engine.Host, CmdHire, `{"company":"c1","place":{"peru":"many"}}`, "malformed", `hire: "place" must be teams by territory, like {"peru": 2}`},
		{engine.Host, CmdFound, `{"company":"c3","size":2,"seats":1,"sise":2}`, "", `found does not take the field "seats", "sise".`},
		{engine.Host, CmdMeeting, `{}`, "", `meeting needs company and nominee.`},
	})
}

// A new game's settings are one typed struct too: what the new-game form
// sends is understood, a setting of the wrong kind is refused naming it
// when the game is created, and a stored game with one still opens.
func TestColdCashSettingsAreDecodedOnceAndCheckedWhenCreated(t *testing.T) {
	seats := []engine.Seat{{Name: "A"}, {Name: "B"}}
	st, err := Rules{}.New(engine.Setup{Seats: seats, Settings: []byte(`{"names":1999,"mode":" board ","classicMin":"on","variableOrder":1,"defendMost":true,"seats":3}`)})
	if err != nil {
		t.Fatalf("form-shaped settings refused: %v", err)
	}
	if set := st.(*State).Settings; set.Names != "1999" || set.Mode != ModeBoard || !set.ClassicMin || !set.VariableOrder || !set.DefendMost {
		t.Fatalf("settings read as %+v", set)
	}
	all := `{"names":1999,"mode":"board","hiddenAtMerger":"count","hostileRounding":"exact","phoneTrades":"direct","deck":"app","ending":"short","classicMin":"on","variableOrder":true,"defendMost":0,"foundReach":"chain","longEnd":""}`
	if err := (Rules{}).CheckSettings([]byte(all)); err != nil {
		t.Fatalf("every setting New reads: %v", err)
	}
	if err := (Rules{}).CheckSettings([]byte(`{"deck":"app","sies":1}`)); err == nil || !strings.Contains(err.Error(), `no setting "sies"`) {
		t.Errorf("an unknown setting: %v", err)
	}
	for raw, want := range map[string]string{
		`{"colour":"red"}`:       `no setting "colour"`,
		`{"mode":true}`:          `settings: "mode" must be text, not true.`,
		`{"classicMin":[true]}`:  `settings: "classicMin" must be true or false, not [true].`,
		`{"phoneTrades":{}}`:     `settings: "phoneTrades" must be text, not {}.`,
		`{"variableOrder":"ja"}`: `settings: "variableOrder" must be true or false, not "ja".`,
	} {
		err := Rules{}.CheckSettings([]byte(raw))
		if re, ok := err.(*engine.RuleError); !ok || re.Rule != "bad-setting" || !strings.Contains(re.Message, want) {
			t.Errorf("%s: %v; want a bad-setting refusal saying %q", raw, err, want)
		}
		if _, err := (Rules{}).New(engine.Setup{Seats: seats, Settings: []byte(raw)}); err != nil {
			t.Errorf("a stored game with settings %s no longer opens: %v", raw, err)
		}
	}
}
