package web

import (
	"strings"

	"tableside/engine"
	"tableside/tracker"
)

// cashFlash is the money that just moved for a phone, flashed for a few
// seconds: the sum of every line of the newest command that moved money
// (its events share the command's first seq, tracker.FeedItem.Cmd)
// (at the end of a Cold Cash game, each bonus and each sale), so the
// figure flashed is what the phone's cash really changed by.
type cashFlash struct {
	Seq  int64
	Cash int
	Text string
	// Parts are the summed lines, in the order they happened (none for
	// a single line, which Text says as it is).
	Parts []string
}

// Up reports whether money came in.
func (f cashFlash) Up() bool { return f.Cash > 0 }

// cashFlashOf is a phone's newest money news in its feed (nil for none,
// and for the host and the public). One line is said as it is; several
// are summed, "+$12,300 in all", each line below it.
func cashFlashOf(v engine.Viewer, feed []tracker.FeedItem) *cashFlash {
	if v.Seat < 0 {
		return nil
	}
	var f *cashFlash
	var lines []string
	var cmd int64            // the command of the newest money line
	for _, l := range feed { // newest first
		if l.Cash == 0 {
			continue
		}
		if f == nil {
			f = &cashFlash{Seq: l.Seq}
			cmd = l.Cmd
		}
		if l.Cmd != cmd || (cmd == 0 && l.Seq != f.Seq) {
			break
		}
		f.Cash += l.Cash
		lines = append(lines, l.Text)
	}
	if f == nil {
		return nil
	}
	if len(lines) == 1 {
		f.Text = lines[0]
		return f
	}
	// The feed is newest first; said in the order it happened.
	for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
		lines[i], lines[j] = lines[j], lines[i]
	}
	f.Text, f.Parts = signedDollars(f.Cash)+" in all", lines
	return f
}

// signedDollars says an amount with its sign: "+$12,300", "-$800".
func signedDollars(d int) string {
	if d < 0 {
		return "-" + engine.Dollars(-d)
	}
	return "+" + engine.Dollars(d)
}

// winLine says the end of the game to a viewer: "You win!" on a winner's
// own phone (with whoever shares it), the winners' names on every other
// screen; "" while the game goes on.
func winLine(v engine.Viewer, r *resultView) string {
	if r == nil {
		return ""
	}
	var others []string
	won := false
	for _, row := range r.Rows {
		if !row.Winner {
			continue
		}
		if v.Seat >= 0 && row.Seat == v.Seat {
			won = true
			continue
		}
		others = append(others, row.Name)
	}
	switch {
	case won && len(others) == 0:
		return "You win!"
	case won:
		return "You win, with " + engine.JoinNames(others) + "!"
	case r.Winners == "":
		return "No winner"
	case strings.Contains(r.Winners, " and "):
		return r.Winners + " win!"
	}
	return r.Winners + " wins!"
}
