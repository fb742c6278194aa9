package takeover

import (
	"fmt"
	"strings"

	"tableside/engine"
)

// story tells e to its readers from s, the state just after it: the
// table's lines, then each player's private news (a gift of coins, stock
// cashed out), in seat order. It is told, never stored: the state holds the
// game, the feed its story, as in the other games.
func (s *State) story(e engine.Event) engine.Lines {
	var ls engine.Lines
	say := func(format string, args ...any) { ls.Public(fmt.Sprintf(format, args...), "") }
	switch e.Type {
	case EvDealt:
		d := engine.Payload[dealData](e)
		how := "entered as laid"
		if d.Random {
			how = "dealt at random"
		}
		say("Tiles %s; %s drafts first.", how, s.name(d.First))
	case EvDrafted:
		if len(s.Pool) == 0 {
			say("The draft is over: each player now chooses stock and cash in secret.")
		}
	case EvStarted:
		say("Play begins with %s.", s.name(s.First))
	case EvMerged:
		m := engine.Payload[MergeData](e)
		ls.Tick(mergeLine(s, m), "")
		for _, seat := range s.cashedOut {
			ls.Seat(seat, 0, fmt.Sprintf("Your %s stock was cashed out: that corporation was absorbed.", Short(m.Absorbed)), "")
		}
	case EvPassed:
		say("%s passed.", s.name(engine.Payload[draftData](e).Seat))
	case EvGiven:
		d := engine.Payload[giveData](e)
		ls.Tick(fmt.Sprintf("%s handed %d coin(s) to %s.", s.name(d.From), len(d.Coins), s.name(d.To)), "")
		ls.Seat(d.To, 0, fmt.Sprintf("%s handed you %s.", s.name(d.From), shortList(d.Coins)), "")
	case EvEnded:
		// What ended it: the winner card says the game is over, once.
		r := engine.Payload[endData](e).Reason
		say("%s.", strings.ToUpper(r[:1])+r[1:])
	}
	return ls
}

// mergeLine is the table's line for a merge: who moved what onto what,
// and what it cost.
func mergeLine(s *State, m MergeData) string {
	line := fmt.Sprintf("%s moved %s (%s) onto %s (%s)", s.name(m.Seat), Short(m.Mover), CellName(m.From), Short(m.Absorbed), CellName(m.To))
	if m.Null != "" {
		line += ", across the table with a null coin"
	}
	if m.Cost == 0 {
		return line + ": free."
	}
	return line + fmt.Sprintf(": cost %d, paid %s (%d).", m.Cost, shortList(m.Paid), sumRanks(m.Paid))
}
