package tracker

import (
	"encoding/json"
	"fmt"
	"slices"

	"tableside/engine"
)

// CheckedRoll is one command's roll of the app's dice, as its log reveals it.
type CheckedRoll struct {
	Seq    int64      `json:"seq"` // the command's first event, which carries the reveal
	Actor  int        `json:"actor"`
	Type   string     `json:"type"`
	Reveal DiceReveal `json:"reveal"`
	// Undone: the command was undone (and not redone); the roll that
	// replaced it, if any, rolled again from the same seed.
	Undone bool `json:"undone,omitempty"`
}

// faces lists the roll's faces in order.
func (c CheckedRoll) faces() []int {
	out := make([]int, len(c.Reveal.Rolls))
	for i, r := range c.Reveal.Rolls {
		out[i] = r.Face
	}
	return out
}

// DiceError names the first roll of a log that does not check out.
type DiceError struct {
	Seq     int64
	Type    string
	Problem string
}

func (e *DiceError) Error() string {
	return fmt.Sprintf("roll at event %d (%s): %s", e.Seq, e.Type, e.Problem)
}

// maxSides bounds a die in a reveal: no engine rolls anything near it, and
// a checker must not be made to loop over a forged one.
const maxSides = 1 << 20

// VerifyDice checks every roll of the app's dice in a log, in order: the
// seed hashes to the commitment, every face is the one the seed gives, and
// each commitment is the one published before it: by the roll before, or,
// after that roll was undone, the undone roll's own (its seed is used
// again, so an undo never re-rolls), or after a redo the one the redo
// published. So no seed was swapped in after the table saw its
// commitment. first, when set, is the first commitment the table saw when
// the game opened; the first roll must use it. It returns the rolls,
// undone ones marked; the error is a *DiceError naming the first bad one.
// Records without a reveal (old logs, commands that rolled nothing) are
// not rolls.
func VerifyDice(recs []Record, first string) ([]CheckedRoll, error) {
	var out []CheckedRoll
	at := map[int64]int{} // a rolling command -> its place in out
	// published are the commitments the next roll may use: one, or two
	// after an undo in a log written before undone seeds were used again.
	published := []string{}
	if first != "" {
		published = []string{first}
	}
	for _, r := range recs {
		if r.Type == typeUndo || r.Type == typeRedo {
			var d undoData
			if json.Unmarshal(r.Data, &d) != nil {
				continue // replay names a bad revert; here it moves no seed
			}
			if i, ok := at[d.Cmd]; ok {
				out[i].Undone = r.Type == typeUndo
				switch {
				case r.Type == typeUndo:
					published = append([]string{out[i].Reveal.Commit}, published[:min(1, len(published))]...)
				case d.Next != "":
					published = []string{d.Next}
				}
			}
			continue
		}
		if r.Dice == nil {
			continue
		}
		c := CheckedRoll{Seq: r.Seq, Actor: r.Actor, Type: r.Type, Reveal: *r.Dice}
		bad := func(format string, args ...any) error {
			return &DiceError{Seq: r.Seq, Type: r.Type, Problem: fmt.Sprintf(format, args...)}
		}
		if r.Seq != r.Cmd {
			return out, bad("dice are revealed only on a command's first event")
		}
		if len(published) > 0 && !slices.Contains(published, c.Reveal.Commit) {
			if len(out) == 0 && first != "" {
				return out, bad("its commitment %.12s... is not %.12s..., the first commitment the table saw when the game opened", c.Reveal.Commit, first)
			}
			return out, bad("its commitment %.12s... is not %.12s..., the one published before it", c.Reveal.Commit, published[0])
		}
		seed, err := ParseSeed(c.Reveal.Seed)
		if err != nil {
			return out, bad("%v", err)
		}
		if got := Commitment(seed); got != c.Reveal.Commit {
			return out, bad("the seed hashes to %.12s..., not to its commitment %.12s...", got, c.Reveal.Commit)
		}
		if len(c.Reveal.Rolls) == 0 {
			return out, bad("it reveals a seed but no dice")
		}
		sides := make([]int, len(c.Reveal.Rolls))
		for i, d := range c.Reveal.Rolls {
			if d.Sides < 1 || d.Sides > maxSides {
				return out, bad("die %d has %d sides", i+1, d.Sides)
			}
			sides[i] = d.Sides
		}
		want := Faces(seed, sides)
		if got := c.faces(); !slices.Equal(got, want) {
			i := firstDiff(got, want)
			return out, bad("die %d shows %d, but the seed rolls %d", i+1, got[i], want[i])
		}
		published = []string{c.Reveal.Next}
		at[r.Cmd] = len(out)
		out = append(out, c)
	}
	return out, nil
}

func firstDiff(a, b []int) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return len(a)
}

// VerifyShown holds what the table saw to what the seeds rolled: in a game
// whose events show faces (engine.FaceTeller), every face a command's
// events show must be among the faces its reveal rolled, so a face edited
// in the battle itself is caught as surely as one edited in the reveal. It
// checks commands that reveal a seed; typed dice reveal none.
func VerifyShown(rules engine.Rules, recs []Record) error {
	ft, ok := rules.(engine.FaceTeller)
	if !ok {
		return nil
	}
	var rolled map[int]int // face -> how many the reveal has left unclaimed
	var open *Record
	for i := range recs {
		r := &recs[i]
		if r.Cmd == r.Seq {
			open, rolled = nil, nil
			if r.Dice != nil {
				open, rolled = r, map[int]int{}
				for _, d := range r.Dice.Rolls {
					rolled[d.Face]++
				}
			}
		}
		if open == nil || r.Cmd != open.Seq {
			continue
		}
		var shown []int
		if err := guard(rules.Kind(), "Faces", func() { shown = ft.Faces(r.event()) }); err != nil {
			return &DiceError{Seq: r.Seq, Type: r.Type, Problem: fmt.Sprintf("its faces cannot be read: %v", err)}
		}
		for _, f := range shown {
			if rolled[f] == 0 {
				return &DiceError{Seq: r.Seq, Type: r.Type, Problem: fmt.Sprintf("it shows a %d that the seed revealed at event %d did not roll", f, open.Seq)}
			}
			rolled[f]--
		}
	}
	return nil
}
