package tracker

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/bits"
	mrand "math/rand/v2"
)

// DiceReveal is what a command that rolled the app's dice writes on its
// first event: the commitment screens showed before the roll, the seed it
// commits to, every face drawn from that seed in order, and the commitment
// to the seed of the next roll. Anyone can check it with nothing but
// SHA-256 and ChaCha8 (see Faces): docs/dice.md.
type DiceReveal struct {
	Commit string `json:"commit"` // hex SHA-256 of the seed, shown before the roll
	Seed   string `json:"seed"`   // hex, 32 bytes from crypto/rand
	Rolls  []Roll `json:"rolls"`  // in the order drawn
	Next   string `json:"next"`   // the commitment to the next roll's seed
}

// Roll is one die the engine asked for: its number of sides and the face.
type Roll struct {
	Sides int `json:"sides"`
	Face  int `json:"face"`
}

// Commitment is the hex SHA-256 of a seed: it binds the seed (a 256-bit
// secret cannot be found back from it) without telling it.
func Commitment(seed [32]byte) string {
	sum := sha256.Sum256(seed[:])
	return hex.EncodeToString(sum[:])
}

// ParseSeed reads a revealed seed back.
func ParseSeed(s string) ([32]byte, error) {
	var seed [32]byte
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(seed) {
		return seed, fmt.Errorf("seed %q is not 64 hexadecimal digits", s)
	}
	copy(seed[:], b)
	return seed, nil
}

// committedDice draws the faces of one command's rolls from one seed, and
// remembers them for the reveal.
type committedDice struct {
	src   *mrand.ChaCha8
	rolls []Roll
}

func newCommittedDice(seed [32]byte) *committedDice {
	return &committedDice{src: mrand.NewChaCha8(seed)}
}

// Roll returns a face from 1 to sides, the next one the seed gives.
func (d *committedDice) Roll(sides int) int {
	if sides <= 0 {
		panic(fmt.Sprintf("tracker: a die with %d sides", sides))
	}
	f := 1 + int(below(d.src, uint64(sides)))
	d.rolls = append(d.rolls, Roll{Sides: sides, Face: f})
	return f
}

// below returns a uniform number in [0, n) from the stream: n a power of
// two takes the low bits of the next 64-bit output; any other n uses
// Lemire's multiply-high with rejection (hi of x*n, retried while the low
// half falls under 2^64 mod n), so no face is favoured. This is exactly
// math/rand/v2's IntN on a ChaCha8 source, written out so that a check
// does not depend on that package's internals.
func below(src *mrand.ChaCha8, n uint64) uint64 {
	if n&(n-1) == 0 {
		return src.Uint64() & (n - 1)
	}
	hi, lo := bits.Mul64(src.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), n)
		}
	}
	return hi
}

// Faces rolls the given dice again from a revealed seed: what any checker
// does. sides lists each die's number of sides in order.
func Faces(seed [32]byte, sides []int) []int {
	src := mrand.NewChaCha8(seed)
	out := make([]int, len(sides))
	for i, n := range sides {
		out[i] = 1 + int(below(src, uint64(n)))
	}
	return out
}

// Sixes is the six-sided faces a log's reveals show, for the fairness
// test, each seed's once (sixesOnce).
func Sixes(recs []Record) []int {
	var once sixesOnce
	for _, r := range recs {
		if r.Dice != nil {
			once.add(*r.Dice)
		}
	}
	return once.faces
}

// sixesOnce gathers the six-sided faces of a game's reveals for the
// fairness test, each seed's once: an undone roll's seed is used again by
// the roll that replaces it (so an undo never re-rolls), and faces the
// table saw once must not count twice. An undone roll that nothing
// replaced still counts: its dice were rolled all the same.
type sixesOnce struct {
	seen  map[string]bool
	faces []int
}

// add counts rv's six-sided faces unless its seed was counted already.
func (s *sixesOnce) add(rv DiceReveal) {
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	if s.seen[rv.Seed] {
		return
	}
	s.seen[rv.Seed] = true
	for _, r := range rv.Rolls {
		if r.Sides == 6 {
			s.faces = append(s.faces, r.Face)
		}
	}
}
