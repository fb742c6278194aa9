package tracker_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"tableside/engine"
)

func TestCreateTrimsNamesAndRefusesLongControlAndBidiNames(t *testing.T) {
	tr := openTracker(t, filepath.Join(t.TempDir(), "t.db"))
	ctx := context.Background()
	info, err := tr.Create(ctx, "scorepad", "  Friday  ", engine.Setup{Seats: []engine.Seat{{Name: " Ana "}, {Name: "Zoë\t"}}})
	if err != nil {
		t.Fatal(err)
	}
	if info.Name != "Friday" || info.Setup.Seats[0].Name != "Ana" || info.Setup.Seats[1].Name != "Zoë" {
		t.Fatalf("not trimmed: %q %q %q", info.Name, info.Setup.Seats[0].Name, info.Setup.Seats[1].Name)
	}
	before, err := tr.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ game, seat, rule, want string }{
		{"Friday", strings.Repeat("x", 100000), "name-length", "Player 2's name is 100000 characters long; at most 40"},
		{"Friday", strings.Repeat("é", 41), "name-length", "41 characters"},
		{"Friday", "Ben\x00", "name-characters", "Player 2's name holds a control character (U+0000)"},
		{"Friday", "\x1b[2JBen", "name-characters", "U+001B"},
		{"Friday", "Ben\u202egnp.exe", "name-characters", "Player 2's name holds an invisible text-direction mark (U+202E)"},
		{"Friday", "\u2066Ben", "name-characters", "U+2066"},
		{"Friday", "Ben\u200f", "name-characters", "U+200F"},
		{strings.Repeat("g", 41), "Ben", "name-length", "The game's name is 41 characters long"},
		{"Fri\x07day", "Ben", "name-characters", "The game's name holds a control character (U+0007)"},
		{"Friday \u202d", "Ben", "name-characters", "U+202D"},
	} {
		_, err := tr.Create(ctx, "scorepad", c.game, engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: c.seat}}})
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Rule != c.rule || !strings.Contains(re.Message, c.want) {
			t.Fatalf("game %q seat %q: got %v; want %s naming %q", c.game, c.seat, err, c.rule, c.want)
		}
	}
	after, err := tr.Games(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(before) {
		t.Fatalf("refused games were stored: %d games, were %d", len(after), len(before))
	}
}
