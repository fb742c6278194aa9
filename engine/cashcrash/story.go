package cashcrash

import (
	"fmt"

	"tableside/engine"
)

// story is what the table reads about e, told from s, the state just after
// it (the feed's public lines). It is told, never stored: the state holds
// the game, the feed its story, as in the other games.
func (s *State) story(e engine.Event) []string {
	var out []string
	say := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	switch e.Type {
	case EvStarted:
		d := engine.Payload[startData](e)
		doubling := ""
		if s.Settings.Doubling {
			doubling = ", doubling"
		}
		say("The game begins (%s rules%s); %s opens the first round.", s.Settings.Variant, doubling, s.name(d.First))
		say("%s", s.roundLine())
	case EvSwapped:
		say("%s made a red zone swap.", s.name(engine.Payload[swapData](e).Seat))
	case EvStaked:
		d := engine.Payload[stakeData](e)
		say("%s staked %d card(s).", s.name(d.Seat), len(s.Players[d.Seat].Staked))
	case EvBid:
		d := engine.Payload[bidData](e)
		if d.Card != 0 {
			say("%s added a card (%d invested) and bid %s.", s.name(d.Seat), len(s.Players[d.Seat].Staked), d.Bid)
		} else {
			say("%s bid %s.", s.name(d.Seat), d.Bid)
		}
	case EvChallenged:
		say("%s: SELL! (challenging %s's %s)", s.name(engine.Payload[seatData](e).Seat), s.name(s.Bidder), s.Bid)
	case EvDoubled:
		say("%s: DOUBLE!", s.name(s.Bidder))
	case EvPersisted:
		say("%s persists in the doubled challenge.", s.name(s.Challenger))
	case EvWithdrawn:
		say("%s withdrew the challenge.", s.name(s.Challenger))
	case EvRevealed:
		d := engine.Payload[revealData](e)
		say("Revealed: %s", d.Explain)
		if len(d.AutoRecover) > 0 {
			say("%s", tookBack(s.name(d.Challenger), len(d.AutoRecover)))
		}
	case EvForfeited:
		d := engine.Payload[cardsData](e)
		say("%s discarded %d more card(s) face down.", s.name(d.Seat), len(d.Cards))
	case EvRecovered:
		d := engine.Payload[cardsData](e)
		say("%s", tookBack(s.name(d.Seat), len(d.Cards)))
	case EvSettled:
		d := engine.Payload[settleData](e)
		for _, seat := range d.Eliminated {
			say("%s is eliminated.", s.name(seat))
		}
		if d.Winner >= 0 {
			say("%s wins: the only player with cards left.", s.name(d.Winner))
		} else {
			say("%s", s.roundLine())
		}
	}
	return out
}

// roundLine opens the round s is in.
func (s *State) roundLine() string {
	return fmt.Sprintf("Round %d: everyone stakes; %s opens.", s.Round, s.name(s.Starter))
}

func tookBack(name string, n int) string {
	return fmt.Sprintf("%s took back %d lost card(s).", name, n)
}
