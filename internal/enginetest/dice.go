package enginetest

import "math/rand/v2"

// Dice is a deterministic engine.Dice: it answers with its set faces in
// order, then from its seeded source, or with the lowest face when it has
// none (a die that always rolls 1).
type Dice struct {
	faces []int
	r     *rand.Rand
}

// Faces answers rolls with faces in order (a face f is 1+f%sides on Roll
// and f%n on Intn), then always the lowest face.
func Faces(faces ...int) *Dice { return &Dice{faces: faces} }

// Seeded answers every roll from a PCG source seeded with seed1, seed2.
func Seeded(seed1, seed2 uint64) *Dice { return &Dice{r: rand.New(rand.NewPCG(seed1, seed2))} }

func (d *Dice) next(n int) int {
	switch {
	case len(d.faces) > 0:
		f := d.faces[0]
		d.faces = d.faces[1:]
		return f % n
	case d.r != nil:
		return d.r.IntN(n)
	}
	return 0
}

// Roll returns a face from 1 to sides.
func (d *Dice) Roll(sides int) int { return 1 + d.next(sides) }

// Intn returns a number in [0, n).
func (d *Dice) Intn(n int) int { return d.next(n) }
