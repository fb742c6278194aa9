package enginetest

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"tableside/engine"
)

// Bad is a command that must be refused before anything is decided: Data is
// sent as is (trailing bytes included), Rule is the refusal's rule ("" for
// "bad-input", "*" for any) and Want a piece of its message (the field or
// the limit it names).
type Bad = struct { // an alias, so tests may list cases without field names
	Seat int
	Type string
	Data string
	Rule string
	Want string
}

// RefusesBadInput sends each bad command to s: each must be refused under
// its rule with a message naming the problem, and leave s unchanged.
func RefusesBadInput[S engine.State](t testing.TB, r engine.Rules, s *S, d engine.Dice, cases []Bad) {
	t.Helper()
	for _, c := range cases {
		rule := c.Rule
		if rule == "" {
			rule = "bad-input"
		}
		cmd := engine.Command{Type: c.Type, Seat: c.Seat, Data: json.RawMessage(c.Data)}
		if rule == "*" {
			var re *engine.RuleError
			_, err := Apply(r, s, cmd, d) // Apply leaves s alone on a refusal
			if !errors.As(err, &re) {
				t.Fatalf("%s %s by seat %d: want a refusal, got %v", c.Type, c.Data, c.Seat, err)
			}
			rule = re.Rule
		}
		msg := Refused(t, r, s, cmd, d, rule)
		if !strings.Contains(msg, c.Want) {
			t.Fatalf("%s %s: refused with %q, which does not name %q", c.Type, c.Data, msg, c.Want)
		}
	}
}
