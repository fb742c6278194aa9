package tracker_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/testgames"
	"tableside/tracker"
)

func battleGame(t *testing.T) (*tracker.Tracker, int64, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	db, err := tracker.OpenDB(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tr := tracker.New(db, testgames.Battles{})
	info, err := tr.Create(context.Background(), "battles", "War", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	return tr, info.ID, path
}

func exportOf(t *testing.T, tr *tracker.Tracker, id int64) tracker.Export {
	t.Helper()
	var buf bytes.Buffer
	if err := tr.Export(context.Background(), id, &buf); err != nil {
		t.Fatal(err)
	}
	x, err := tracker.ReadExport(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// Before every roll the table sees a commitment; the roll reveals the seed
// behind it, which hashes to that commitment and rolls exactly the faces
// the battle shows; the reveal publishes the next commitment, which is what
// the table sees next. 1,000 battles through the real tracker on SQLite, a
// restart in the middle, all verified.
func TestEveryRollRevealsTheSeedItsCommitmentPromised(t *testing.T) {
	tr, id, path := battleGame(t)
	ctx := context.Background()
	shown := map[int64]string{} // a battle's first event -> the commitment shown before it
	after := map[int64]string{} // -> the commitment shown after it
	for i := range 1000 {
		before, err := tr.DiceCommitment(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if i%250 == 0 { // a command without dice keeps the commitment
			mustDo(t, tr, id, engine.Command{Type: "note", Seat: 0}, "")
			if now, _ := tr.DiceCommitment(ctx, id); now != before {
				t.Fatalf("a command that rolled nothing moved the commitment")
			}
		}
		if i == 500 { // a restart keeps the commitment the table saw
			db, err := tracker.OpenDB(path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			tr = tracker.New(db, testgames.Battles{})
			if again, _ := tr.DiceCommitment(ctx, id); again != before {
				t.Fatalf("after a restart the commitment is %s, not %s", again, before)
			}
		}
		out := mustDo(t, tr, id, engine.Command{Type: "battle", Seat: i % 2}, "")
		shown[out.Seq-1] = before
		after[out.Seq-1], _ = tr.DiceCommitment(ctx, id)
	}
	x := exportOf(t, tr, id)
	rolls, err := tracker.VerifyDice(x.Events, x.FirstDice)
	if err != nil {
		t.Fatal(err)
	}
	if len(rolls) != 1000 {
		t.Fatalf("%d rolls verified; want 1000", len(rolls))
	}
	for _, roll := range rolls {
		r := x.Events[roll.Seq-1]
		if r.Type != "battle" || roll.Reveal.Commit != shown[r.Seq] {
			t.Fatalf("event %d (%s): reveals commitment %s; the table was shown %s", r.Seq, r.Type, roll.Reveal.Commit, shown[r.Seq])
		}
		if roll.Reveal.Next != after[r.Seq] || roll.Reveal.Next == roll.Reveal.Commit {
			t.Fatalf("event %d: published %s; the table was then shown %s", r.Seq, roll.Reveal.Next, after[r.Seq])
		}
		var faces []int
		if err := json.Unmarshal(r.Data, &faces); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(faces, roll.Faces()) {
			t.Fatalf("event %d shows %v but reveals %v", r.Seq, faces, roll.Faces())
		}
	}
}

// A face, a seed, a commitment or a die changed in an exported log is
// caught, naming the roll.
func TestATamperedRollIsCaughtNamingIt(t *testing.T) {
	tr, id, _ := battleGame(t)
	for range 20 {
		mustDo(t, tr, id, engine.Command{Type: "battle", Seat: 0}, "")
	}
	x := exportOf(t, tr, id)
	if _, err := tracker.VerifyDice(x.Events, x.FirstDice); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(4, 2))
	cases := []struct {
		name   string
		tamper func(d *tracker.DiceReveal)
		want   string
	}{
		{"face", func(d *tracker.DiceReveal) { d.Rolls[2].Face = d.Rolls[2].Face%6 + 1 }, "die 3 shows"},
		{"seed", func(d *tracker.DiceReveal) { d.Seed = strings.Repeat("ab", 32) }, "hashes to"},
		{"short seed", func(d *tracker.DiceReveal) { d.Seed = "abc" }, "64 hexadecimal digits"},
		{"commitment", func(d *tracker.DiceReveal) { d.Commit = strings.Repeat("0", 64) }, "is not"},
		{"sides", func(d *tracker.DiceReveal) { d.Rolls[0].Sides = 0 }, "0 sides"},
		{"next", func(d *tracker.DiceReveal) { d.Next = strings.Repeat("1", 64) }, "is not"},
	}
	for _, c := range cases {
		recs := append([]tracker.Record{}, x.Events...)
		k := 2 * (1 + r.IntN(15)) // a battle's first event, not the first
		d := *recs[k].Dice
		d.Rolls = append([]tracker.Roll{}, d.Rolls...)
		c.tamper(&d)
		recs[k].Dice = &d
		_, err := tracker.VerifyDice(recs, "")
		var de *tracker.DiceError
		if !errors.As(err, &de) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want a dice error with %q", c.name, err, c.want)
			continue
		}
		wantSeq := recs[k].Seq
		if c.name == "next" {
			wantSeq = recs[k+2].Seq // the roll after no longer matches what was published
		}
		if de.Seq != wantSeq {
			t.Errorf("%s: the error names event %d; want %d", c.name, de.Seq, wantSeq)
		}
	}
}

// Shuffles and deals are not the app's dice: their seed is never revealed
// (it would tell every hidden card), they move no commitment, and a refused
// command that rolled spends nothing.
func TestPicksAndRefusalsRevealNothing(t *testing.T) {
	tr, id, _ := battleGame(t)
	ctx := context.Background()
	before, _ := tr.DiceCommitment(ctx, id)
	mustDo(t, tr, id, engine.Command{Type: "shuffle", Seat: 0}, "")
	if _, err := tr.Do(ctx, id, engine.Command{Type: "refuse", Seat: 0}, ""); !engine.IsRefusal(err) {
		t.Fatalf("refuse: %v", err)
	}
	if after, _ := tr.DiceCommitment(ctx, id); after != before {
		t.Fatal("a shuffle or a refusal moved the commitment")
	}
	x := exportOf(t, tr, id)
	for _, r := range x.Events {
		if r.Dice != nil {
			t.Fatalf("event %d (%s) reveals %+v", r.Seq, r.Type, r.Dice)
		}
	}
	if len(before) != 64 {
		t.Fatalf("commitment %q is not a hex SHA-256", before)
	}
}

// The faces a seed gives are math/rand/v2's IntN on a ChaCha8 source,
// written out (so checking a log never depends on that package's insides),
// and the same seed always rolls the same faces.
func TestFacesAreChaCha8WithUnbiasedReduction(t *testing.T) {
	var seed [32]byte
	copy(seed[:], "tableside dice, checked by hand!")
	sides := []int{6, 6, 6, 1, 2, 4, 8, 3, 52, 7, 6, 1000, 6, 9}
	for k := range 50 {
		sides = append(sides, 2+k)
	}
	got := tracker.Faces(seed, sides)
	want := rand.New(rand.NewChaCha8(seed))
	for i, n := range sides {
		if w := 1 + want.IntN(n); got[i] != w {
			t.Fatalf("die %d (d%d): %d; math/rand/v2 gives %d", i, n, got[i], w)
		}
	}
	if again := tracker.Faces(seed, sides); !slices.Equal(got, again) {
		t.Fatal("the same seed rolled other faces")
	}
}

// BenchmarkVerify1000Battles checks a log of 1,000 battles (5,000 dice):
// what `tableside verify` and the dice page spend on the dice.
func BenchmarkVerify1000Battles(b *testing.B) {
	var recs []tracker.Record
	var seed [32]byte
	next := tracker.Commitment(seed)
	for i := range 1000 {
		commit := next
		s := seed
		seed[0], seed[1] = byte(i), byte(i>>8)
		next = tracker.Commitment(seed)
		faces := tracker.Faces(s, []int{6, 6, 6, 6, 6})
		rolls := make([]tracker.Roll, 5)
		for k, f := range faces {
			rolls[k] = tracker.Roll{Sides: 6, Face: f}
		}
		seq := int64(i + 1)
		recs = append(recs, tracker.Record{Seq: seq, Cmd: seq, Type: "battle",
			Dice: &tracker.DiceReveal{Commit: commit, Seed: hex.EncodeToString(s[:]), Rolls: rolls, Next: next}})
	}
	b.ResetTimer()
	for range b.N {
		if _, err := tracker.VerifyDice(recs, ""); err != nil {
			b.Fatal(err)
		}
	}
}
