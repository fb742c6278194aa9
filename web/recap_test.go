package web

import (
	"reflect"
	"testing"

	"tableside/engine"
)

// highlighter is an engine whose record names one moment.
type highlighter struct{ engine.Rules }

func (highlighter) Highlights(engine.State) []string {
	return []string{"Biggest merger: Tower took Luxor (size 7), $9,000 in bonuses."}
}

// The recap says each shared place, the game's moments as its record names
// them, the longest odds that held, the unluckiest battle and the luck in
// one line; nothing for a game still in play.
func TestRecapTellsTheTiesTheMomentsAndTheLuck(t *testing.T) {
	r := &resultView{Rows: []resultRow{{Rank: 1, Name: "Cy", Points: 40}, {Rank: 2, Name: "Ana", Points: 30}, {Rank: 2, Name: "Ben", Points: 30}, {Rank: 4, Name: "Dee", Points: 1200}},
		Luck: &luckView{Luckiest: "Ana's attack on Peru: Ana took it, a 1-in-40 result", Unluckiest: "Ben's defence of Siam", Line: "Luckiest Ana (+2.3 armies), over 4 battles"}}
	got := recapOf(highlighter{}, nil, r)
	want := []recapLine{
		{"A tie", "Ana and Ben share place 2 with 30"},
		{"Biggest merger", "Tower took Luxor (size 7), $9,000 in bonuses."},
		{"The longest odds that held", "Ana's attack on Peru: Ana took it, a 1-in-40 result"},
		{"The unluckiest battle", "Ben's defence of Siam"},
		{"Luck against the exact odds", "Luckiest Ana (+2.3 armies), over 4 battles"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("the recap is\n%q\nwant\n%q", got, want)
	}
	if got := recapOf(highlighter{}, nil, nil); got != nil {
		t.Fatalf("a game in play has a recap: %q", got)
	}
}
