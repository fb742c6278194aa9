package tracker

import (
	"crypto/rand"
	mrand "math/rand/v2"
)

// dice is the tracker's source of chance for one command. It is seeded fresh
// from the operating system for every command; the engine writes the faces it
// rolls into its events, so replay never needs the seed.
type dice struct{ r *mrand.Rand }

func newDice(seed [32]byte) *dice { return &dice{r: mrand.New(mrand.NewChaCha8(seed))} }

func (d *dice) Roll(sides int) int { return 1 + d.r.IntN(sides) }
func (d *dice) Intn(n int) int     { return d.r.IntN(n) }

// randomSeed draws a seed from the operating system's generator.
func randomSeed() [32]byte {
	var s [32]byte
	rand.Read(s[:]) // never fails on Linux (Go 1.24+ crashes the program rather than return an error)
	return s
}
