package engine_test

import (
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/testclient"
)

// refusedAs fails unless err is a refusal under rule naming want.
var refusedAs = testclient.Refused

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
