package tracker

import (
	"fmt"

	"tableside/engine"
)

// One move can take several commands (a hostile takeover: its start, each
// attack, the moving in, its end). The host's undo button takes one command
// at a time, but a phone's undo request takes back the whole move its newest
// command belongs to, back to the command that began it, when that command
// was the asker's: one request, one "yes" from the host, and the table is
// where it was before the move. The engine says which commands carry on a
// move (engine.Continuer); a game without moves of several commands, or a
// command that carries on nothing, is taken back alone.

// whole is the move newest belongs to, newest command first, back to the
// command that began it: every command in force that carries on the one
// before it.
func (g *game) whole(newest group) []group {
	out := []group{newest}
	c, ok := g.rules.(engine.Continuer)
	if !ok {
		return out
	}
	i := g.hist.index[newest.cmd]
	for {
		var carries bool
		if err := guard(g.info.Kind, "Continues", func() { carries = c.Continues(out[len(out)-1].first.event()) }); err != nil || !carries {
			return out
		}
		j := i - 1
		for j >= 0 && g.hist.groups[j].undone {
			j--
		}
		if j < 0 {
			return out
		}
		out, i = append(out, g.hist.groups[j]), j
	}
}

// askScope is what seat's undo request about newest takes back: the whole
// move when seat began it, else newest alone when it is seat's own, else
// nothing (nil).
func (g *game) askScope(newest group, seat int) []group {
	if w := g.whole(newest); w[len(w)-1].first.Actor == seat {
		return w
	}
	if newest.first.Actor == seat {
		return []group{newest}
	}
	return nil
}

// describeScope says in words what taking back scope does: the command, or
// the move's first command and how many came after it.
func (g *game) describeScope(scope []group) string {
	what := g.describe(scope[len(scope)-1].first)
	switch n := len(scope) - 1; n {
	case 0:
		return what
	case 1:
		return what + " and the move after it"
	default:
		return fmt.Sprintf("%s and the %d moves after it", what, n)
	}
}

// askTargets is, per seat that may ask, what its request would take back
// now: the newest command's actor (its own move) and, when another seat
// began the move the newest command carries on, that seat (the whole move).
func (g *game) askTargets() []Target {
	newest, ok := g.hist.lastDone()
	if !ok {
		return nil
	}
	var out []Target
	w := g.whole(newest)
	if start := w[len(w)-1].first.Actor; start >= 0 {
		out = append(out, Target{Cmd: newest.cmd, What: g.describeScope(w), Seat: start})
	}
	if own := newest.first.Actor; own >= 0 && own != w[len(w)-1].first.Actor {
		out = append(out, Target{Cmd: newest.cmd, What: g.describe(newest.first), Seat: own})
	}
	return out
}

// askedScope is what the open request approved now takes back: the scope
// it was asked for, which nothing can have changed since (a request stands
// only while it is the log's last record), checked all the same.
func (g *game) askedScope(newest group) ([]group, error) {
	a := g.hist.asked
	if a.From == 0 || a.From == newest.cmd {
		return []group{newest}, nil
	}
	scope := g.askScope(newest, a.Seat)
	if len(scope) == 0 || scope[len(scope)-1].cmd != a.From {
		return nil, conflict("request-void", "That request no longer stands: something else happened since it was made.")
	}
	return scope, nil
}
