package costbudget

import (
	"testing"
	"time"
)

// An address's heavy reads are charged what they took: after a burst's
// worth of work it must wait, for as long as its budget takes to refill
// (what it overspent included), and then it may read again; another
// address has its own budget.
func TestHeavyReadsAreChargedByWhatTheyCost(t *testing.T) {
	now := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	b := New(250*time.Millisecond, 3*time.Second, "heavy pages")
	b.now = func() time.Time { return now }
	phone := b.spend("10.0.0.7")
	for i := range 7 { // 7 reads of 400 ms: 2.8 s of the 3 s
		if w := b.wait(phone); w != 0 {
			t.Fatalf("read %d: wait %s; want none within the burst", i+1, w)
		}
		b.charge(phone, 400*time.Millisecond)
	}
	b.charge(phone, 400*time.Millisecond) // the 8th began with 0.2 s left: 0.2 s overspent
	if w := b.wait(b.spend("10.0.0.7")); w < 800*time.Millisecond || w > 810*time.Millisecond {
		t.Fatalf("after 3.2 s of work: wait %s; want 0.8 s (0.2 s overspent at 0.25 s a second)", w)
	}
	if w := b.wait(b.spend("10.0.0.8")); w != 0 {
		t.Fatalf("another address waits %s; want its own full budget", w)
	}
	now = now.Add(time.Second)
	if w := b.wait(b.spend("10.0.0.7")); w != 0 {
		t.Fatalf("a second later: wait %s; want none", w)
	}
	now = now.Add(time.Hour)
	if a := b.spend("10.0.0.7"); a.left != 3*time.Second {
		t.Fatalf("an hour later: %s left; want the burst, no more", a.left)
	}
}
