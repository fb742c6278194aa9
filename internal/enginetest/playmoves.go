package enginetest

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"tableside/engine"
)

// Offer is one move offered to one viewer.
type Offer struct {
	Viewer engine.Viewer
	Move   engine.Move
}

// Chooser picks the next move of a played game among every offer (never
// empty) and the values of its fields (those not named keep their start).
type Chooser func(rng *rand.Rand, offers []Offer) (Offer, map[string]int)

// PlayMoves plays the game in *s to its end by sending only moves the game
// offers (engine.Mover), as a table tapping only its move sheets would. On
// every step it checks, for each viewer, that every offered move is
// accepted (MovesAccepted) and that the public is offered nothing; then
// choose picks one offer, which is sent. It fails the test when the game
// is not over after maxSteps moves, or when nobody is offered anything
// before it is. It returns the moves played.
func PlayMoves[S engine.State](t testing.TB, r engine.Rules, s *S, viewers []engine.Viewer, dice func() engine.Dice, choose Chooser, over func(S) bool, seed uint64, maxSteps int) int {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	mv := r.(engine.Mover)
	for step := 0; ; step++ {
		if pub := mv.Moves(*s, engine.Viewer{Seat: engine.Public}); len(pub.Moves) > 0 {
			t.Fatalf("step %d: the public is offered %d moves", step, len(pub.Moves))
		}
		var offers []Offer
		for i, sheet := range SheetsAccepted(t, r, *s, viewers, dice) {
			for _, m := range sheet.Moves {
				offers = append(offers, Offer{Viewer: viewers[i], Move: m})
			}
		}
		if t.Failed() {
			t.FailNow()
		}
		if over(*s) {
			if len(offers) > 0 {
				t.Fatalf("the game is over but %d moves are still offered (%q first)", len(offers), offers[0].Move.Label)
			}
			return step
		}
		if len(offers) == 0 {
			t.Fatalf("step %d: the game is not over but nobody is offered a move", step)
		}
		if step >= maxSteps {
			t.Fatalf("the game did not end within %d offered moves", maxSteps)
		}
		o, values := choose(rng, offers)
		Do(t, r, s, MoveCmd(o.Viewer, o.Move, values), dice())
	}
}

// NotOfferedRefused sends, as each seat, every move offered to another
// seat that is not offered to it too: each must be refused and leave the
// state as it was. It returns how many it sent.
func NotOfferedRefused[S engine.State](t testing.TB, r engine.Rules, s *S, seats int, dice func() engine.Dice) int {
	t.Helper()
	mv := r.(engine.Mover)
	key := func(m engine.Move) string { return m.Type + string(m.Data) }
	offered := make([]map[string]bool, seats)
	sheets := make([]engine.Sheet, seats)
	for a := range seats {
		sheets[a] = mv.Moves(*s, engine.Viewer{Seat: a})
		offered[a] = map[string]bool{}
		for _, m := range sheets[a].Moves {
			offered[a][key(m)] = true
		}
	}
	sent := 0
	for a := range seats {
		for b := range seats {
			if a == b {
				continue
			}
			for _, m := range sheets[b].Moves {
				if offered[a][key(m)] {
					continue
				}
				RefusedAny(t, r, s, MoveCmd(engine.Viewer{Seat: a}, m, nil), dice())
				sent++
			}
		}
	}
	return sent
}

// RefusedAny checks that cmd is refused (under any rule) and that the state
// is unchanged, and returns the refusal's message.
func RefusedAny[S engine.State](t testing.TB, r engine.Rules, s *S, cmd engine.Command, d engine.Dice) string {
	t.Helper()
	before, _ := json.Marshal(*s)
	_, err := Apply(r, s, cmd, d)
	if err == nil {
		t.Fatalf("%s %s by seat %d is not offered but accepted", cmd.Type, cmd.Data, cmd.Seat)
	}
	if !engine.IsRefusal(err) {
		t.Fatalf("%s %s by seat %d: want a refusal, got %v", cmd.Type, cmd.Data, cmd.Seat, err)
	}
	after, _ := json.Marshal(*s)
	if !bytes.Equal(before, after) {
		t.Fatalf("%s %s by seat %d was refused but changed the state", cmd.Type, cmd.Data, cmd.Seat)
	}
	return err.Error()
}

// Seats are the viewers of a game's seats 0..n-1 and the host.
func Seats(n int) []engine.Viewer {
	out := []engine.Viewer{{Seat: engine.Host}}
	for i := range n {
		out = append(out, engine.Viewer{Seat: i})
	}
	return out
}

// Weighted picks one offer at random, each as likely as its weight, so a
// test player can favour the moves that end a game soon.
func Weighted(rng *rand.Rand, offers []Offer, weight func(Offer) float64) Offer {
	total := 0.0
	for _, o := range offers {
		total += weight(o)
	}
	x := rng.Float64() * total
	for _, o := range offers {
		if x -= weight(o); x < 0 {
			return o
		}
	}
	return offers[len(offers)-1]
}
