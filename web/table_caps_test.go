package web

import "testing"

// The caps across all peers follow the open-file limit, keep files for the
// database, and keep a reserve only the host may use.
func TestTableCapsFollowTheFileLimitAndKeepTheHostsReserve(t *testing.T) {
	for files, want := range map[uint64][2]int{512: {448, 224}, 1024: {960, 480}, 0: {960, 480}, 100: {64, 32}, 1 << 20: {maxSizedConns, maxSizedConns / 2}} {
		if c, s := tableCaps(files); c != want[0] || s != want[1] {
			t.Errorf("%d files: %d connections, %d streams; want %v", files, c, s, want)
		}
	}
	p := newPool(64) // reserve: 8
	for i := range 56 {
		if !p.acquire(false) {
			t.Fatalf("a phone refused at %d of 56", i)
		}
	}
	if p.acquire(false) {
		t.Fatal("a phone entered the host's reserve")
	}
	for i := range 8 {
		if !p.acquire(true) {
			t.Fatalf("the host refused at %d of its 8 reserved", i)
		}
	}
	if p.acquire(true) {
		t.Fatal("the host went past the cap")
	}
	p.release()
	if p.acquire(false) || !p.acquire(true) {
		t.Fatal("a freed place in the reserve went to a phone, or not to the host")
	}
	if open := newPool(-1); !open.acquire(false) {
		t.Fatal("no cap refused")
	}
}
