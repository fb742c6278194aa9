package enginetest

import (
	"errors"
	"fmt"
	"testing"

	"tableside/engine"
)

// counter is a tiny game: "add" adds one, "no" is refused, "fault" fails
// with an error that is no refusal, "sneak" changes the state in Decide.
type counter struct{ N int }

type counterRules struct{ engine.Base }

func (counterRules) Kind() string  { return "counter" }
func (counterRules) Title() string { return "Counter" }
func (counterRules) MinSeats() int { return 1 }
func (counterRules) MaxSeats() int { return 4 }
func (counterRules) New(engine.Setup) (engine.State, error) {
	return &counter{}, nil
}

func (counterRules) Decide(s engine.State, c engine.Command, d engine.Dice) ([]engine.Event, error) {
	switch c.Type {
	case "add":
		return []engine.Event{{Type: "added"}}, nil
	case "no":
		return nil, engine.Refuse("no-rule", "Never.")
	case "sneak":
		s.(*counter).N = 99
		return nil, engine.Refuse("no-rule", "Never, but changed.")
	}
	return nil, errors.New("broken")
}

func (counterRules) Evolve(s engine.State, e engine.Event) engine.State {
	s.(*counter).N++
	return s
}

func (counterRules) View(s engine.State, _ engine.Viewer) any { return s }

// recorder is a testing.TB whose Fatal stops the helper and records why.
type recorder struct {
	testing.TB
	msg string
}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(f string, args ...any) {
	r.msg = fmt.Sprintf(f, args...)
	panic(r)
}

// fails reports whether fn failed the recorder.
func fails(fn func(t testing.TB)) (msg string, failed bool) {
	r := &recorder{TB: nil}
	defer func() {
		if p := recover(); p != nil && p != r {
			panic(p)
		}
		msg, failed = r.msg, r.msg != ""
	}()
	fn(r)
	return "", false
}

func TestRefusedCatchesAcceptanceFaultsWrongRulesAndChangedState(t *testing.T) {
	s := New[*counter](t, counterRules{}, "", Names(2)...)
	if msg := Refused(t, counterRules{}, &s, Cmd(0, "no", ""), Faces(), "no-rule"); msg != "Never." || s.N != 0 {
		t.Fatalf("refusal: %q, state %d", msg, s.N)
	}
	for _, c := range []struct{ typ, rule string }{{"add", "no-rule"}, {"fault", "no-rule"}, {"no", "other-rule"}, {"sneak", "no-rule"}} {
		if _, failed := fails(func(r testing.TB) { Refused(r, counterRules{}, &s, Cmd(0, c.typ, ""), Faces(), c.rule) }); !failed {
			t.Errorf("Refused passed %s under %s", c.typ, c.rule)
		}
	}
}

func TestDecideCatchesFaultsAndChangedState(t *testing.T) {
	if _, ok := Decide(t, counterRules{}, &counter{}, Cmd(0, "no", ""), Faces()); ok {
		t.Fatal("a refusal reported as accepted")
	}
	for _, typ := range []string{"fault", "sneak"} {
		if _, failed := fails(func(r testing.TB) { Decide(r, counterRules{}, &counter{}, Cmd(0, typ, ""), Faces()) }); !failed {
			t.Errorf("Decide passed %s", typ)
		}
	}
}

func TestTrackedReplaysFromExportAndFromDisk(t *testing.T) {
	g := Track(t, counterRules{}, "Count", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}}})
	g.Must(0, "add", nil)
	g.Must(0, "add", map[string]int{"by": 1})
	g.RefusedUnlogged(0, "no", "")
	var n int
	g.State(func(s engine.State) { n = s.(*counter).N })
	if n != 2 {
		t.Fatalf("count %d; want 2", n)
	}
	g.CheckExportReplays()
	g.CheckReopenReplays()
}

func TestDiceFacesThenLowestAndSeededRepeats(t *testing.T) {
	d := Faces(5, 1, 17)
	if got := []int{d.Roll(6), d.Intn(4), d.Roll(6), d.Roll(6), d.Intn(3)}; fmt.Sprint(got) != "[6 1 6 1 0]" {
		t.Fatalf("faces %v", got)
	}
	a, b := Seeded(1, 7), Seeded(1, 7)
	for range 20 {
		if x, y := a.Roll(6), b.Roll(6); x != y || x < 1 || x > 6 {
			t.Fatalf("seeded dice differ or leave 1-6: %d %d", x, y)
		}
	}
}
