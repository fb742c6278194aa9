// Package blocks holds List, a list that only grows at its end, kept in
// fixed blocks so that copies of it share what they have in common: a
// league of 100,000 plays keeps its plays and its players' rating
// histories this way, and a copy kept for readers (or a mark to rate again
// from) costs a block, not the whole list.
package blocks

import "encoding/json"

// size is how many items a block holds.
const size = 32

// List is a list of T that grows at its end. A List copied by value is a
// reader's view: it sees its first Len items, which never change, while
// the list it was copied from grows on past them. Only one copy may grow:
// another that is to grow apart from it is made with Clone or Cut.
type List[T any] struct {
	blocks []*[size]T
	n      int
}

// Len is how many items the list holds.
func (l List[T]) Len() int { return l.n }

// At is the i-th item, from 0.
func (l List[T]) At(i int) T { return l.blocks[i/size][i%size] }

// Last is the last item; the list must not be empty.
func (l List[T]) Last() T { return l.At(l.n - 1) }

// Append adds v at the end: it writes only past the end of every view
// copied from l before.
func (l *List[T]) Append(v T) {
	if l.n%size == 0 {
		l.blocks = append(l.blocks, new([size]T))
	}
	l.blocks[l.n/size][l.n%size] = v
	l.n++
}

// Clone is l as a list of its own, to grow apart from l.
func (l List[T]) Clone() List[T] { return l.Cut(l.n) }

// Cut is the first n items of l as a list of its own, to grow apart from
// l: it shares l's full blocks and copies the one it ends inside.
func (l List[T]) Cut(n int) List[T] {
	c := List[T]{blocks: make([]*[size]T, n/size, (n+size-1)/size+1), n: n}
	copy(c.blocks, l.blocks)
	if n%size != 0 {
		b := new([size]T)
		copy(b[:n%size], l.blocks[n/size][:n%size])
		c.blocks = append(c.blocks, b)
	}
	return c
}

// Slice is the items in a slice of their own.
func (l List[T]) Slice() []T {
	out := make([]T, 0, l.n)
	for i := range l.n {
		out = append(out, l.At(i))
	}
	return out
}

// MarshalJSON writes the list as an array.
func (l List[T]) MarshalJSON() ([]byte, error) { return json.Marshal(l.Slice()) }
