package web

import (
	"testing"

	"tableside/engine"
	"tableside/tracker"
)

// The money flash sums every line of the newest command that moved this
// phone's money (a game's end pays bonuses and sales at once), says each
// line in the order it happened, and leaves older commands' money out.
func TestCashFlashSumsEveryMoneyLineOfTheNewestCommand(t *testing.T) {
	line := func(seq, cmd int64, cash int, text string) tracker.FeedItem {
		return tracker.FeedItem{Seq: seq, Cmd: cmd, Line: engine.Line{To: 0, Text: text, Cash: cash}}
	}
	seat0 := engine.Viewer{Seat: 0}
	feed := []tracker.FeedItem{ // newest first
		line(12, 9, 0, "The game is over"),
		line(11, 9, 4200, "+$4,200 for 7 Luxor shares sold"),
		line(10, 9, 10000, "+$10,000 majority bonus: Luxor"),
		line(8, 8, -300, "-$300 for 1 Tower share"),
	}
	f := cashFlashOf(seat0, feed)
	if f == nil || f.Cash != 14200 || f.Seq != 11 || !f.Up() {
		t.Fatalf("flash %+v; want +14,200 from command 9, flashed as its newest line 11", f)
	}
	if f.Text != "+$14,200 in all" || len(f.Parts) != 2 || f.Parts[0] != "+$10,000 majority bonus: Luxor" || f.Parts[1] != "+$4,200 for 7 Luxor shares sold" {
		t.Errorf("flash says %q, made of %q; want +$14,200 in all, the bonus then the sale", f.Text, f.Parts)
	}
	if f := cashFlashOf(seat0, feed[3:]); f == nil || f.Text != "-$300 for 1 Tower share" || f.Parts != nil || f.Up() {
		t.Errorf("a single line flashes %+v; want it as it is", f)
	}
	if f := cashFlashOf(engine.Viewer{Seat: engine.Host}, feed); f != nil {
		t.Errorf("the host's screen flashes %+v", f)
	}
}

// The winner's own phone says "You win!" (naming whoever shares the win);
// every other screen names the winners.
func TestWinnersPhoneSaysYouWin(t *testing.T) {
	r := &resultView{Winners: "Ben", Rows: []resultRow{{Seat: 1, Name: "Ben", Winner: true}, {Seat: 0, Name: "Ana"}}}
	tie := &resultView{Winners: "Ana and Ben", Rows: []resultRow{{Seat: 1, Name: "Ben", Winner: true}, {Seat: 0, Name: "Ana", Winner: true}}}
	for _, c := range []struct {
		r    *resultView
		seat int
		want string
	}{
		{r, 1, "You win!"}, {r, 0, "Ben wins!"}, {r, engine.Host, "Ben wins!"}, {r, engine.Public, "Ben wins!"},
		{tie, 0, "You win, with Ben!"}, {tie, engine.Host, "Ana and Ben win!"},
		{&resultView{}, 0, "No winner"},
	} {
		if got := winLine(engine.Viewer{Seat: c.seat}, c.r); got != c.want {
			t.Errorf("seat %d reads %q; want %q", c.seat, got, c.want)
		}
	}
}
