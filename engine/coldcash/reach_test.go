package coldcash_test

import (
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
)

// The founding-reach setting reaches the board: with "adjacent", a company
// founded in Siam takes India but not the Middle East beyond it; an unknown
// reach is refused by name.
func TestFoundReachSettingInAGame(t *testing.T) {
	g := newGame(t, 2, M{"deck": "table", "foundReach": "adjacent"})
	g.host("open", M{"first": []string{"india", "middle-east"}})
	g.host("place", M{"territory": "siam"})
	g.host("found", M{"company": "c1"})
	g.expect("siam=c1:3", "india=c1:1", "middle-east=mp")
	g.replayed()

	raw, _ := json.Marshal(M{"mode": "board", "foundReach": "far"})
	_, err := coldcash.Rules{}.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}, Settings: raw})
	if re, ok := err.(*engine.RuleError); !ok || re.Rule != "found-reach" {
		t.Fatalf("foundReach far: %v; want the found-reach refusal", err)
	}
}
