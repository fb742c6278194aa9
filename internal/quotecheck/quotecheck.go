// Package quotecheck finds where our text says a rulebook's words: every
// run of Words words in a row that a rulebook has too. The rulebooks are
// not ours to copy, so the repository keeps only a hash of each of their
// runs (a Set); the rulebook package's test checks every sentence of ours
// against it, and regenerates it from the rulebooks' text when given them.
package quotecheck

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strings"
	"unicode"
)

// Words is the length of a run of words that counts as quoting: seven
// words in a row in the same order are a borrowed phrase, not a shared
// term of the game ("the defender rolls two dice" is six).
const Words = 7

// words splits text into lower-case words of letters and digits.
func words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// hash is a run's key: the FNV-1a hash of its words joined by spaces.
func hash(run []string) uint64 {
	h := fnv.New64a()
	io.WriteString(h, strings.Join(run, " "))
	return h.Sum64()
}

// Set is the hashes of every run of Words words of some text, sorted.
type Set []uint64

// Of makes the set of every run in texts.
func Of(texts ...string) Set {
	var s Set
	for _, t := range texts {
		w := words(t)
		for i := 0; i+Words <= len(w); i++ {
			s = append(s, hash(w[i:i+Words]))
		}
	}
	slices.Sort(s)
	return slices.Compact(s)
}

// Quotes lists each run of text that the set holds, in text's words.
func (s Set) Quotes(text string) []string {
	var out []string
	w := words(text)
	for i := 0; i+Words <= len(w); i++ {
		if _, ok := slices.BinarySearch(s, hash(w[i:i+Words])); ok {
			out = append(out, strings.Join(w[i:i+Words], " "))
		}
	}
	return out
}

// WriteTo writes the set as little-endian 64-bit numbers.
func (s Set) WriteTo(w io.Writer) (int64, error) {
	err := binary.Write(w, binary.LittleEndian, []uint64(s))
	return int64(8 * len(s)), err
}

// Read reads a set written by WriteTo.
func Read(b []byte) (Set, error) {
	if len(b)%8 != 0 {
		return nil, fmt.Errorf("a phrase set of %d bytes is no whole number of 8-byte hashes", len(b))
	}
	s := make(Set, len(b)/8)
	for i := range s {
		s[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	if !slices.IsSorted(s) {
		return nil, fmt.Errorf("the phrase set is not sorted")
	}
	return s, nil
}
