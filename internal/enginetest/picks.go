package enginetest

import (
	"testing"

	"tableside/engine"
)

// maxPicks bounds the combinations of a pick tried one by one: a forfeit
// of 5 of 12 cards has 792, and the first ones show a rule as well.
const maxPicks = 64

// picksAccepted tries move m's pick: every combination of as many options
// as it asks for (up to maxPicks of them) must be accepted, and one option
// fewer or one more refused. try sends the options at the indexes given.
func picksAccepted(t testing.TB, m engine.Move, try func(ticks []int, want bool)) {
	t.Helper()
	p := m.Pick
	if p.Count < 1 || p.Count > len(p.Options) {
		t.Errorf("move %q asks for %d of %d options", m.Label, p.Count, len(p.Options))
		return
	}
	seen := map[int]bool{}
	for _, o := range p.Options {
		if seen[o.Value] || o.Label == "" {
			t.Errorf("move %q: option %d is offered twice or has no words", m.Label, o.Value)
		}
		seen[o.Value] = true
	}
	n := 0
	var each func(from int, ticks []int)
	each = func(from int, ticks []int) {
		if n >= maxPicks {
			return
		}
		if len(ticks) == p.Count {
			n++
			try(ticks, true)
			return
		}
		for i := from; i < len(p.Options); i++ {
			each(i+1, append(append([]int(nil), ticks...), i))
		}
	}
	each(0, nil)
	first := make([]int, 0, len(p.Options))
	for i := range p.Options {
		first = append(first, i)
	}
	try(first[:p.Count-1], false)
	if p.Count < len(p.Options) {
		try(first[:p.Count+1], false)
	}
}
