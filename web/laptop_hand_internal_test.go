package web

import (
	"testing"
	"time"
)

// An open hand closes by itself laptopHandFor after it was opened or last
// used, so a hand left open by a player who walked away is gone before the
// next one sits down; a move sent from it keeps it open; closing for one
// seat leaves another seat's hand alone.
func TestLaptopHandClosesItselfAfterItsTimeout(t *testing.T) {
	var l laptopHands
	t0 := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
	l.set(7, 2, t0)
	if h, ok := l.get(7, t0.Add(laptopHandFor-time.Second)); !ok || h.seat != 2 {
		t.Fatalf("a second before its timeout the hand is %v, %v; want seat 2 open", h, ok)
	}
	l.set(7, 2, t0.Add(50*time.Second)) // a move sent from it
	if _, ok := l.get(7, t0.Add(laptopHandFor+time.Second)); !ok {
		t.Fatal("a move sent from the hand did not keep it open")
	}
	if _, ok := l.get(7, t0.Add(50*time.Second+laptopHandFor)); ok {
		t.Fatal("the hand is still open after its timeout")
	}
	if _, ok := l.get(7, t0); ok {
		t.Fatal("a timed-out hand came back")
	}
	l.set(7, 1, t0)
	l.close(7, 0)
	if h, ok := l.get(7, t0); !ok || h.seat != 1 {
		t.Fatal("closing seat 0's hand closed seat 1's")
	}
	l.close(7, -1)
	if _, ok := l.get(7, t0); ok {
		t.Fatal("Hide left the hand open")
	}
}
