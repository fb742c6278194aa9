package tracker

import (
	"crypto/rand"
	mrand "math/rand/v2"
)

// dice is the tracker's source of chance for one command. Rolls (the app's
// dice) come from the game's committed seed, drawn and committed to before
// the command was asked, and are revealed with the command (see
// committedDice); picks (shuffles, deals, who begins) come from a private
// seed drawn fresh for the command and never revealed, because a shuffle's
// seed would tell every hidden card. The engine writes what it rolled and
// picked into its events, so replay never needs either seed.
type dice struct {
	rolls *committedDice
	picks *mrand.Rand
}

func newDice(committed, private [32]byte) *dice {
	return &dice{rolls: newCommittedDice(committed), picks: mrand.New(mrand.NewChaCha8(private))}
}

func (d *dice) Roll(sides int) int { return d.rolls.Roll(sides) }
func (d *dice) Intn(n int) int     { return d.picks.IntN(n) }

// randomSeed draws a seed from the operating system's generator.
func randomSeed() [32]byte {
	var s [32]byte
	rand.Read(s[:]) // never fails on Linux (Go 1.24+ crashes the program rather than return an error)
	return s
}
