package engine_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"tableside/engine"
)

type scoreArgs struct {
	Seat   int    `json:"seat" args:"required"`
	Points int    `json:"points" args:"required"`
	Note   string `json:"note"`
}

type rowsArgs struct {
	Company string          `json:"company"`
	From    map[int]string  `json:"from#"`
	Teams   map[int]int     `json:"teams#"`
	Stock   map[string]bool `json:"stock."`
	Dice    *int            `json:"dice" rule:"defence-die" must:"the face the die shows, 1 to 6"`
	Cards   []int           `json:"cards"`
	Place   map[string]int  `json:"place"`
}

type embedded struct {
	Wrap string `json:"wrap"`
}

type withEmbedded struct {
	embedded
	Empire bool `json:"empire"`
}

func decode[T any](t *testing.T, data string) T {
	t.Helper()
	v, err := engine.DecodeArgs[T]("cmd", json.RawMessage(data))
	if err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	return v
}

func TestDecodeArgsReadsAGoodPayloadAndEmptyAsNothing(t *testing.T) {
	if a := decode[scoreArgs](t, " {\"seat\":2,\"points\":-5,\"note\":\"x\"}\n"); a != (scoreArgs{2, -5, "x"}) {
		t.Fatalf("got %+v", a)
	}
	for _, empty := range []string{"", "{}", "null", " "} {
		if a := decode[rowsArgs](t, empty); !reflect.DeepEqual(a, rowsArgs{}) {
			t.Fatalf("%q: got %+v", empty, a)
		}
	}
	if a := decode[withEmbedded](t, `{"wrap":"xy","empire":true}`); a.Wrap != "xy" || !a.Empire {
		t.Fatalf("embedded: got %+v", a)
	}
}

// A form's numbered rows (from1) and named check boxes (stock.S1) are read
// into their maps, by number and by name; null is nothing sent.
func TestDecodeArgsReadsRowsChecksAndNullAsNotSent(t *testing.T) {
	a := decode[rowsArgs](t, `{"from1":"peru","from12":"siam","teams1":3,"stock.S1":true,"stock.M2":false,"dice":null,"cards":[1,4],"place":{"peru":2}}`)
	want := rowsArgs{From: map[int]string{1: "peru", 12: "siam"}, Teams: map[int]int{1: 3}, Stock: map[string]bool{"S1": true, "M2": false}, Cards: []int{1, 4}, Place: map[string]int{"peru": 2}}
	if !reflect.DeepEqual(a, want) {
		t.Fatalf("got %+v; want %+v", a, want)
	}
	if a := decode[rowsArgs](t, `{"dice":4}`); a.Dice == nil || *a.Dice != 4 {
		t.Fatalf("a pointer field sent: got %v", a.Dice)
	}
}

func TestDecodeArgsRefusesUnknownFieldsNamingThem(t *testing.T) {
	_, err := engine.DecodeArgs[scoreArgs]("score", json.RawMessage(`{"seats":1,"seat":1,"points":3,"pionts":2}`))
	refusedAs(t, err, "bad-input", `score does not take the field "pionts", "seats".`)
	for _, k := range []string{"from", "from123", "fromx", "stock.", "teams"} {
		_, err = engine.DecodeArgs[rowsArgs]("restructure", json.RawMessage(`{"`+k+`":1}`))
		refusedAs(t, err, "bad-input", `restructure does not take the field "`+k+`"`)
	}
	_, err = engine.DecodeArgs[struct{}]("pass", json.RawMessage(`{"seat":1}`))
	refusedAs(t, err, "bad-input", `pass takes no fields, not "seat".`)
}

func TestDecodeArgsRefusesAMissingRequiredFieldNamingIt(t *testing.T) {
	for data, want := range map[string]string{
		`{}`:                       "score needs seat and points.",
		``:                         "score needs seat and points.",
		`{"seat":0}`:               "score needs points.",
		`{"seat":null,"points":1}`: "score needs seat.",
	} {
		_, err := engine.DecodeArgs[scoreArgs]("score", json.RawMessage(data))
		refusedAs(t, err, "bad-input", want)
	}
	if a := decode[scoreArgs](t, `{"seat":0,"points":0}`); a != (scoreArgs{}) {
		t.Fatalf("zeros sent: got %+v", a)
	}
}

// Screens send typed JSON: a number as text, a check box's "on", a
// fraction or a number past any table's are refused, naming the field and
// what it must be.
func TestDecodeArgsRefusesAValueOfTheWrongKindInTheTablesWords(t *testing.T) {
	for _, c := range []struct{ data, rule, want string }{
		{`{"seat":"3","points":1}`, "whole-number", `score: "seat" must be a whole number, not "3".`},
		{`{"seat":1,"points":1.5}`, "whole-number", `score: "points" must be a whole number, not 1.5.`},
		{`{"seat":1,"points":2e9}`, "whole-number", `score: "points" must be a whole number, not 2e9.`},
		{`{"seat":1,"points":2000000000}`, "whole-number", `score: "points" must be a whole number from -1000000000 to 1000000000, not 2000000000.`},
		{`{"seat":true,"points":1}`, "whole-number", `score: "seat" must be a whole number, not true.`},
		{`{"seat":1,"points":1,"note":7}`, "bad-input", `score: "note" must be text, not 7.`},
	} {
		_, err := engine.DecodeArgs[scoreArgs]("score", json.RawMessage(c.data))
		refusedAs(t, err, c.rule, c.want)
	}
	for _, c := range []struct{ data, rule, want string }{
		{`{"stock.S1":"on"}`, "bad-input", `x: "stock.S1" must be true or false, not "on".`},
		{`{"teams2":"2"}`, "whole-number", `x: "teams2" must be a whole number, not "2".`},
		{`{"dice":"x"}`, "defence-die", `x: "dice" must be the face the die shows, 1 to 6, not "x".`},
		{`{"cards":"1,4"}`, "bad-input", `x: "cards" must be a list of whole numbers, not "1,4".`},
		{`{"cards":[1,"4"]}`, "bad-input", `x: "cards" must be a list of whole numbers, not [1,"4"].`},
		{`{"place":{"peru":"2"}}`, "bad-input", `x: "place" must be whole numbers by name, not {"peru":"2"}.`},
		{`{"company":"` + string(make([]byte, 0)) + `x","cards":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,"x"]}`, "bad-input", `"cards" must be a list of whole numbers, not a long list.`},
	} {
		_, err := engine.DecodeArgs[rowsArgs]("x", json.RawMessage(c.data))
		refusedAs(t, err, c.rule, c.want)
	}
}

func TestDecodeArgsRefusesWhatIsNotOneObject(t *testing.T) {
	for data, want := range map[string]string{
		`{"seat":1}{"seat":2}`: "more after its data",
		`{"seat":1} x`:         "more after its data",
		`{"seat":1}]`:          "more after its data",
		`[1,2]`:                "must be a JSON object, not array",
		`7`:                    "must be a JSON object, not number",
		`{"seat":`:             "not valid JSON",
	} {
		_, err := engine.DecodeArgs[scoreArgs]("score", json.RawMessage(data))
		refusedAs(t, err, "bad-input", want)
	}
}
