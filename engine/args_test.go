package engine_test

import (
	"encoding/json"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/testclient"
)

type scoreArgs struct {
	Seat   int    `json:"seat"`
	Points int    `json:"points"`
	Note   string `json:"note"`
}

// refusedAs fails unless err is a refusal under rule naming want.
var refusedAs = testclient.Refused

func TestDecodeArgsRefusesUnknownFieldNamingIt(t *testing.T) {
	_, err := engine.DecodeArgs[scoreArgs]("score", json.RawMessage(`{"seats":1,"points":3}`))
	refusedAs(t, err, "bad-input", `"seats"`)
}

func TestDecodeArgsRefusesTrailingData(t *testing.T) {
	for _, body := range []string{`{"seat":1}{"seat":2}`, `{"seat":1} x`, `{"seat":1}]`} {
		_, err := engine.DecodeArgs[scoreArgs]("score", json.RawMessage(body))
		refusedAs(t, err, "bad-input", "score")
	}
}

func TestDecodeArgsNamesAFieldOfTheWrongType(t *testing.T) {
	_, err := engine.DecodeArgs[scoreArgs]("score", json.RawMessage(`{"seat":"x"}`))
	refusedAs(t, err, "bad-input", `"seat"`)
	_, err = engine.DecodeArgs[scoreArgs]("score", json.RawMessage(`[1,2]`))
	refusedAs(t, err, "bad-input", "JSON object")
	_, err = engine.DecodeArgs[scoreArgs]("score", json.RawMessage(`{"seat":`))
	refusedAs(t, err, "bad-input", "not valid JSON")
}

func TestDecodeArgsReadsAGoodPayloadAndEmptyAsNothing(t *testing.T) {
	a, err := engine.DecodeArgs[scoreArgs]("score", json.RawMessage(" {\"seat\":2,\"points\":-5,\"note\":\"x\"}\n"))
	if err != nil || a != (scoreArgs{2, -5, "x"}) {
		t.Fatalf("got %+v, %v", a, err)
	}
	a, err = engine.DecodeArgs[scoreArgs]("score", nil)
	if err != nil || a != (scoreArgs{}) {
		t.Fatalf("empty: got %+v, %v", a, err)
	}
}

func TestRequireNamesEachMissingField(t *testing.T) {
	refusedAs(t, engine.Require("score", json.RawMessage(`{}`), "seat", "points"), "bad-input", "seat and points")
	refusedAs(t, engine.Require("score", nil, "seat"), "bad-input", "needs seat")
	if err := engine.Require("score", json.RawMessage(`{"seat":0,"points":0}`), "seat", "points"); err != nil {
		t.Fatal(err)
	}
}

func TestCheckNameTrimsAndAcceptsOrdinaryNames(t *testing.T) {
	for in, want := range map[string]string{"  Ana ": "Ana", "Zoë": "Zoë", "محمد": "محمد", "李雷": "李雷", "O'Brien-Smith Jr.": "O'Brien-Smith Jr.", strings.Repeat("é", 40): strings.Repeat("é", 40)} {
		got, err := engine.CheckName("The name", in)
		if err != nil || got != want {
			t.Errorf("CheckName(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestCheckNameRefusesEmptyLongControlAndBidi(t *testing.T) {
	cases := []struct{ in, rule, want string }{
		{"   ", "name-empty", "empty"},
		{strings.Repeat("a", 41), "name-length", "41 characters"},
		{strings.Repeat("a", 100000), "name-length", "at most 40"},
		{"Ben\x00", "name-characters", "U+0000"},
		{"Ben\x1b[31m", "name-characters", "U+001B"},
		{"Be\nn", "name-characters", "control character"},
		{"Ben\x7f", "name-characters", "U+007F"},
		{"Ben\u202egnp.exe", "name-characters", "U+202E"},
		{"\u202aBen", "name-characters", "U+202A"},
		{"Ben\u2066x\u2069", "name-characters", "U+2066"},
		{"Ben\u2069", "name-characters", "U+2069"},
		{"\u200eBen", "name-characters", "U+200E"},
		{"Ben\u200f", "name-characters", "U+200F"},
		{"Ben\xff", "name-characters", "not valid text"},
	}
	for _, c := range cases {
		_, err := engine.CheckName("Player 2's name", c.in)
		refusedAs(t, err, c.rule, c.want)
		refusedAs(t, err, c.rule, "Player 2's name")
	}
}
