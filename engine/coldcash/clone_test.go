package coldcash

import (
	"encoding/json"
	"slices"
	"testing"
)

// The copy a decision simulates on is the whole state, and what it posts
// and changes stays in the copy: its book shares the entries so far, and
// an entry posted to it must not reach the original's history.
func TestCloneIsTheWholeStateAndItsChangesStayInTheCopy(t *testing.T) {
	s := benchTableAfter(t, 50)
	s.Book.Entries = slices.Grow(s.Book.Entries, 8) // room after the last entry, which a shared array would hand to both
	encode := func(st *State) string {
		b, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	before := encode(s)
	c := s.clone()
	if got := encode(c); got != before {
		t.Fatalf("the copy differs from the state:\n%s\n%s", got, before)
	}
	c.Book.MustPost("in the copy", transferCash(0, 7))
	c.Book.MustPost("in the copy", transferCash(1, 7))
	c.Companies[0].Size += 5
	c.Hidden[0][0]++
	if got := encode(s); got != before {
		t.Fatalf("changing the copy changed the state:\n%s\n%s", got, before)
	}
	n := len(s.Book.Entries)
	s.Book.MustPost("in the state", transferCash(2, 3))
	for _, e := range c.Book.Entries[n:] {
		if e.Reason != "in the copy" {
			t.Fatalf("the state's next entry overwrote the copy's: %+v", e)
		}
	}
}
