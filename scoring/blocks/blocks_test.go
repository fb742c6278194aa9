package blocks

import (
	"slices"
	"testing"
)

// A view copied from a list keeps its items while the list grows on, and
// lists cut or cloned from one grow apart from it: each sees only what it
// appended, at every length around a block's end.
func TestViewsKeepTheirItemsAndCopiesGrowApart(t *testing.T) {
	var l List[int]
	var want []int
	for i := range 3*size + 5 {
		view, kept := l, slices.Clone(want)
		l.Append(i)
		want = append(want, i)
		if !slices.Equal(view.Slice(), kept) {
			t.Fatalf("after %d appends a view taken before the last changed", i+1)
		}
	}
	for _, n := range []int{0, 1, size - 1, size, size + 1, 2 * size, l.Len()} {
		view := l
		c := l.Cut(n)
		for i := range size + 3 {
			c.Append(-i - 1)
		}
		l.Append(1000 + n)
		want = append(want, 1000+n)
		if !slices.Equal(view.Slice(), want[:len(want)-1]) || !slices.Equal(l.Slice(), want) {
			t.Fatalf("cut at %d: growing the cut wrote into the list it was cut from", n)
		}
		got := c.Slice()
		if len(got) != n+size+3 || !slices.Equal(got[:n], want[:n]) || got[n] != -1 || c.Last() != -(size+3) {
			t.Fatalf("cut at %d: holds %v", n, got)
		}
	}
	if b, err := l.Clone().MarshalJSON(); err != nil || string(b[:6]) != "[0,1,2" {
		t.Fatalf("as JSON: %s, %v", b, err)
	}
}
