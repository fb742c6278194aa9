package tracker_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/testgames"
	"tableside/tracker"
)

func askFrame(t *testing.T, tr *tracker.Tracker, id int64, seat int) tracker.Frame {
	t.Helper()
	var out tracker.Frame
	if err := tr.SnapshotFor(context.Background(), id, engine.Viewer{Seat: seat}, 10, func(f tracker.Frame) error {
		out = f
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func feedText(f tracker.Frame) string {
	var b strings.Builder
	for _, l := range f.Feed {
		b.WriteString(l.Text + "\n")
	}
	return b.String()
}

// A phone asks to undo its own last move; the host approves (the move is
// undone) or declines (nothing is); the asking phone hears the answer in
// its own feed ("The host said no: ..."), the host in its own; the public
// feed tells only the approved undo, never a request or a refusal; after a
// decline the same seat waits before asking about that move again; another
// seat's move, an older move, and a request anything happened after are
// refused, and a refusal writes nothing.
func TestAPhoneAsksToUndoItsOwnLastMoveAndTheHostAnswers(t *testing.T) {
	tr, id, _ := battleGame(t)
	now := time.Now()
	tr.Now = func() time.Time { return now }
	ctx := context.Background()
	a := mustDo(t, tr, id, engine.Command{Type: "battle", Seat: 0}, "")
	first := a.Seq - 1
	b := mustDo(t, tr, id, engine.Command{Type: "battle", Seat: 1}, "")
	ben := b.Seq - 1
	seq := b.Seq
	for _, c := range []struct {
		seat int
		cmd  int64
		rule string
	}{{0, ben, "not-your-move"}, {0, first, "undo-moved"}, {engine.Host, ben, "ask-undo-seat"}} {
		_, err := tr.AskUndo(ctx, id, c.seat, c.cmd)
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Rule != c.rule {
			t.Fatalf("seat %d asking to undo %d: %v; want %s", c.seat, c.cmd, err, c.rule)
		}
	}
	if f := askFrame(t, tr, id, engine.Host); f.Seq != seq || f.Asked != nil {
		t.Fatalf("a refused request wrote: seq %d, asked %+v", f.Seq, f.Asked)
	}
	// Ben asks; the host declines.
	ask, err := tr.AskUndo(ctx, id, 1, ben)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := tr.AskUndo(ctx, id, 1, ben); again.Seq != ask.Seq {
		t.Fatalf("asking twice made two requests: %d and %d", ask.Seq, again.Seq)
	}
	if f := askFrame(t, tr, id, engine.Host); f.Asked == nil || f.Asked.Seat != 1 || f.Asked.Cmd != ben || !strings.Contains(feedText(f), "Ben asked to undo: battle") {
		t.Fatalf("host after the request: %+v %q", f.Asked, feedText(f))
	}
	if _, err := tr.AnswerUndo(ctx, id, ask.Seq, false); err != nil {
		t.Fatal(err)
	}
	if f := askFrame(t, tr, id, 1); f.Asked != nil || !strings.Contains(feedText(f), "The host said no: battle") || f.SaidNo == nil || f.SaidNo.Cmd != ben {
		t.Fatalf("Ben after the refusal: %+v %+v %q", f.Asked, f.SaidNo, feedText(f))
	}
	if f := askFrame(t, tr, id, engine.Public); strings.Contains(feedText(f), "undo") || f.SaidNo != nil {
		t.Fatalf("the public feed tells Ben's request: %q", feedText(f))
	}
	// Asking again at once is refused and writes nothing; a minute later it is asked.
	seq = askFrame(t, tr, id, engine.Host).Seq
	var re *engine.RuleError
	if _, err := tr.AskUndo(ctx, id, 1, ben); !errors.As(err, &re) || re.Rule != "ask-undo-wait" || !strings.Contains(re.Message, "ask again in 60 s") {
		t.Fatalf("Ben asks again at once: %v; want ask-undo-wait", err)
	}
	if f := askFrame(t, tr, id, engine.Host); f.Seq != seq {
		t.Fatalf("a refused ask wrote: seq %d -> %d", seq, f.Seq)
	}
	now = now.Add(tracker.AskAgainAfter)
	if f := askFrame(t, tr, id, 0); strings.Contains(feedText(f), "undo") {
		t.Fatalf("Ana's feed tells Ben's request: %q", feedText(f))
	}
	if _, err := tr.AnswerUndo(ctx, id, ask.Seq, true); err == nil || !strings.Contains(err.Error(), "already declined") {
		t.Fatalf("approving a declined request: %v", err)
	}
	// Ben asks again; the host approves: Ben's battle is undone.
	ask, err = tr.AskUndo(ctx, id, 1, ben)
	if err != nil {
		t.Fatal(err)
	}
	out, err := tr.AnswerUndo(ctx, id, ask.Seq, true)
	if err != nil || out.Cmd != ben {
		t.Fatalf("approve: %+v %v", out, err)
	}
	var battles int
	tr.State(ctx, id, func(s engine.State, _ int64) { battles = s.(testgames.BattlesState).Battles })
	if battles != 1 {
		t.Fatalf("%d battles after the approved undo; want 1", battles)
	}
	if f := askFrame(t, tr, id, 1); !strings.Contains(feedText(f), "The host approved your undo request") {
		t.Fatalf("Ben after the approval: %q", feedText(f))
	}
	if f := askFrame(t, tr, id, engine.Host); !strings.Contains(feedText(f), "You approved Ben's undo request") {
		t.Fatalf("host after the approval: %q", feedText(f))
	}
	if f := askFrame(t, tr, id, engine.Public); feedText(f) != "Undone: battle\n"+strings.SplitN(feedText(f), "\n", 2)[1] || strings.Contains(feedText(f), "asked") || strings.Contains(feedText(f), "approved") {
		t.Fatalf("the public feed after the approval: %q; want the undo itself only", feedText(f))
	}
	// A stale request: Ana asks, then Ben battles; the request is void.
	ask, err = tr.AskUndo(ctx, id, 0, first)
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, tr, id, engine.Command{Type: "battle", Seat: 1}, "")
	before := askFrame(t, tr, id, engine.Host).Seq
	for _, approve := range []bool{true, false} {
		if _, err := tr.AnswerUndo(ctx, id, ask.Seq, approve); err == nil || !strings.Contains(err.Error(), "no longer stands") {
			t.Fatalf("answering a stale request: %v", err)
		}
	}
	if f := askFrame(t, tr, id, engine.Host); f.Seq != before || f.Asked != nil {
		t.Fatalf("a stale answer wrote: seq %d -> %d", before, f.Seq)
	}
	// The log replays, requests and all, and the timeline counts no
	// request as a step.
	x := exportOf(t, tr, id)
	if _, err := tracker.Replay(x, testgames.Battles{}); err != nil {
		t.Fatal(err)
	}
	if n := tracker.StepCount(x.Events); n != 4 { // three battles and the approved undo
		t.Fatalf("%d steps; want 4", n)
	}
	steps := 0
	if err := tracker.Walk(testgames.Battles{}, x.Game.Setup, x.Events, func(st tracker.Step, _ engine.State) bool {
		if strings.HasPrefix(st.Type, "tracker.undo-") {
			t.Errorf("step %d is a request", st.N)
		}
		steps = st.N
		return true
	}); err != nil || steps != 4 {
		t.Fatalf("walk: %d steps, %v", steps, err)
	}
}
