package engine_test

import (
	"strings"
	"testing"

	"tableside/engine"
)

// A log that does not replay is an error naming the event, not a panic.
func TestWalkLogReportsALogThatDoesNotReplay(t *testing.T) {
	seen := 0
	evolve := func(n *int, e engine.Event) {
		if e.Type == "bad" {
			panic("no such event")
		}
		*n++
	}
	err := engine.WalkLog(&seen, []engine.Event{{Type: "ok"}, {Type: "ok"}, {Type: "bad"}}, evolve, func(*int, engine.Event) {})
	if err == nil || !strings.Contains(err.Error(), "event 3: no such event") || seen != 2 {
		t.Fatalf("err %v after %d events", err, seen)
	}
	if err := engine.WalkLog(&seen, []engine.Event{{Type: "ok"}}, evolve, func(*int, engine.Event) {}); err != nil || seen != 3 {
		t.Fatalf("a good log: %v, %d", err, seen)
	}
}
