package conquest

import (
	"fmt"
	"strings"

	"tableside/engine"
	"tableside/engine/risk"
)

// Feed is the conquest games' engine.Feeder, called with the state just
// after e. The table reads every battle and move; a player reads what
// happened to them: the armies they were given, a territory they lost
// (the rampaging neutral's attacks included) and the card they drew, which
// only their own phone ever names.
func Feed(st engine.State, e engine.Event) []engine.Line {
	s := st.(*State)
	tn := func(t int) string { return s.m.Name(riskID(t)) }
	var ls engine.Lines
	switch e.Type {
	case EvStarted:
		d := engine.Payload[startedEv](e)
		ls.Public("The territories are dealt. "+d.Why, "")
	case EvPlaced:
		d := engine.Payload[placedEv](e)
		ls.Public(fmt.Sprintf("%s placed %d on %s.", s.name(d.Player), d.Count, tn(d.Territory)), "")
	case EvTurnBegan:
		d := engine.Payload[turnBeganEv](e)
		ls.Public(fmt.Sprintf("%s's turn: %d armies to place.", s.name(d.Player), d.Build.Total), "")
		ls.Seat(d.Player, 0, fmt.Sprintf("Your turn: %d armies to place", d.Build.Total), buildWhy(d.Build))
	case EvTraded:
		d := engine.Payload[tradedEv](e)
		ls.Public(fmt.Sprintf("%s traded a set of cards for %d armies.", s.name(d.Player), d.Value), d.Why)
	case EvBattle:
		feedBattle(&ls, s, engine.Payload[battleEv](e).Battle, tn)
	case EvMoved:
		d := engine.Payload[moveEv](e)
		ls.Public(fmt.Sprintf("%s moved %d into %s.", s.name(s.Owner[d.To]), d.Count, tn(d.To)), "")
	case EvFortified:
		d := engine.Payload[moveEv](e)
		ls.Public(fmt.Sprintf("%s fortified %s with %d from %s.", s.name(s.Owner[d.To]), tn(d.To), d.Count, tn(d.From)), "")
	case EvTurnEnded:
		d := engine.Payload[turnEndedEv](e)
		ls.Public(fmt.Sprintf("%s ended their turn.", s.name(d.Player)), "")
		if hand := s.Hands[d.Player]; d.Draws && len(hand) > 0 {
			ls.Seat(d.Player, 0, "You drew a card: "+hand[len(hand)-1].Label, "You took a territory this turn, so you draw a card at its end.")
		}
	case EvNeutralTurn:
		d := engine.Payload[neutralTurnEv](e)
		ls.Public(fmt.Sprintf("%s's turn: %d armies to place.", s.name(d.Neutral), d.Build.Total), buildWhy(d.Build))
	case EvRampage:
		d := engine.Payload[RampageStep](e)
		ls.Public(fmt.Sprintf("%s rolls %s on %s and rampages into %s.", s.name(d.Neutral), dieFaces(d.Faces), tn(d.From), tn(d.Target)), "")
	case EvEliminated:
		d := engine.Payload[eliminatedEv](e)
		ls.Public(fmt.Sprintf("%s knocked %s out of the game.", s.name(d.By), s.name(d.Player)), "")
		ls.Seat(d.Player, 0, s.name(d.By)+" knocked you out of the game", "A player with no territory left is out.")
	case EvOver:
		d := engine.Payload[overEv](e)
		ls.Public(s.name(d.Winner)+" holds the world and wins.", "")
	}
	return ls
}

// feedBattle tells the table a battle and the defender what it cost them.
func feedBattle(ls *engine.Lines, s *State, b Battle, tn func(int) string) {
	text := fmt.Sprintf("%s attacked %s (%s) from %s; it held", s.name(b.Attacker), tn(b.To), s.name(b.Defender), tn(b.From))
	if b.Conquered {
		text = fmt.Sprintf("%s took %s from %s, attacking from %s", s.name(b.Attacker), tn(b.To), s.name(b.Defender), tn(b.From))
	}
	ls.Tick(fmt.Sprintf("%s: %s lost %d, %s lost %d.", text, s.name(b.Attacker), b.AttLost, s.name(b.Defender), b.DefLost), rollsWhy(b))
	odds := risk.DefenderOdds(b.Rolls)
	if b.Conquered {
		ls.Seat(b.Defender, 0, fmt.Sprintf("%s took %s from you, attacking from %s: you lost %d armies there%s", s.name(b.Attacker), tn(b.To), tn(b.From), b.DefLost, odds), rollsWhy(b))
	} else if b.DefLost > 0 || b.AttLost > 0 {
		ls.Seat(b.Defender, 0, fmt.Sprintf("%s attacked your %s from %s: you held it, lost %d, they lost %d%s", s.name(b.Attacker), tn(b.To), tn(b.From), b.DefLost, b.AttLost, odds), rollsWhy(b))
	}
}

// rollsWhy says a battle's dice, throw by throw.
func rollsWhy(b Battle) string {
	if len(b.Rolls) == 0 {
		return "The losses were typed in from the table's own dice."
	}
	var throws []string
	for _, r := range b.Rolls {
		throws = append(throws, fmt.Sprintf("%v against %v", r.Attacker, r.Defender))
	}
	return "The dice, throw by throw: " + strings.Join(throws, "; ") + ". Highest against highest, then second against second; the defender wins ties."
}

// buildWhy spells out a turn's armies: "3 for 11 territories + 5 for Asia".
func buildWhy(b Build) string {
	var parts []string
	for _, l := range b.Lines {
		parts = append(parts, fmt.Sprintf("%d for %s", l.Armies, l.Why))
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, " + ") + fmt.Sprintf(" = %d.", b.Total)
}
