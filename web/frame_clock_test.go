package web

import (
	"testing"
	"time"

	"tableside/readmodel"
)

// The frames of one change share one read of the turn clock; a newer
// change, or a read grown stale, reads it again.
func TestFrameClockReadOncePerChange(t *testing.T) {
	var m frameClock
	reads := 0
	logSeq := int64(7)
	read := func() (*readmodel.TurnClock, int64) { reads++; return &readmodel.TurnClock{}, logSeq }
	t0 := time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC)
	first := m.get(7, t0, read)
	for _, want := range []int64{7, 6, 7} { // other viewers' frames of the same change, or of one before it
		if got := m.get(want, t0.Add(5*time.Millisecond), read); got != first {
			t.Fatalf("frame for seq %d read the clock again", want)
		}
	}
	if reads != 1 {
		t.Fatalf("%d reads for one change, want 1", reads)
	}
	logSeq = 8
	if m.get(8, t0.Add(6*time.Millisecond), read); reads != 2 {
		t.Fatalf("a frame of a newer change did not read the clock again (%d reads)", reads)
	}
	if m.get(8, t0.Add(6*time.Millisecond+frameClockFresh), read); reads != 3 {
		t.Fatalf("a frame built a second after the read did not read the clock again (%d reads)", reads)
	}
	if m.get(8, t0, read); reads != 4 {
		t.Fatalf("a read from the future (the tracker's clock set back) was kept (%d reads)", reads)
	}
}
