package cashcrash

import (
	"fmt"
	"slices"
	"strconv"

	"tableside/engine"
)

// Steps of a round, as a move sheet names them (engine.Move.Step).
const (
	StepSetup   = "setup"
	StepStake   = "stake"
	StepBid     = "bid"
	StepAnswer  = "answer"
	StepDoubled = "doubled"
	StepForfeit = "forfeit"
	StepRecover = "recover"
)

// Moves lists what viewer v may do now (engine.Mover): the host's start;
// on a player's own phone, each stake of the round's size from its hand
// (with the card taken back when one is left) and each red zone swap; in
// the ladder, each goods it may bid with the quantity's limits, SELL!, and
// each card it may add with a bid; doubling or revealing; persisting or
// withdrawing; and the cards a doubled loss or a Blitz recovery picks. The
// host may bid, sell and answer for the seat the table waits for, never
// pick its cards. The public gets none.
func (Rules) Moves(st engine.State, v engine.Viewer) engine.Sheet {
	s := st.(*State)
	sh := engine.Sheet{Moves: []engine.Move{}}
	if s.Phase == PhaseOver || v.Past || v.Seat == engine.Public {
		return sh
	}
	if v.IsHost() {
		sh.Step, sh.Moves = s.hostMoves()
		return sh
	}
	if v.Seat < 0 || v.Seat >= len(s.Players) || s.Players[v.Seat].Out {
		return sh
	}
	sh.Step, sh.Moves = s.seatMoves(v.Seat)
	if sh.Moves == nil {
		sh.Moves = []engine.Move{}
	}
	s.markDecision(&sh, v.Seat)
	if s.Settings.FirstGame {
		engine.Teach(teacher{s}, Rules{}.Decide, s, v.Seat, &sh)
	}
	return sh
}

// hostMoves are the host's: the start, and the public moves of the seat
// the table waits for.
func (s *State) hostMoves() (string, []engine.Move) {
	out := []engine.Move{}
	switch s.Phase {
	case PhaseSetup:
		if checkSet(s.Settings.Cards) == nil {
			out = append(out, engine.NewMove(StepSetup, engine.Host, choice("start", "Deal and start", CmdStart, nil, "the first bidder is drawn at random")))
		}
		return StepSetup, out
	case PhaseBid:
		if s.Players[s.Turn].Out {
			return StepBid, out
		}
		for _, c := range s.bidChoices(s.Turn) {
			out = append(out, engine.NewMove(StepBid, s.Turn, c))
		}
		return StepBid, out
	case PhaseAnswer:
		return StepAnswer, s.answerMoves(s.Bidder)
	case PhaseDoubled:
		return StepDoubled, s.doubledMoves(s.Challenger)
	}
	return "", out
}

// seatMoves are one seat's, on its own phone.
func (s *State) seatMoves(seat int) (string, []engine.Move) {
	p := &s.Players[seat]
	switch s.Phase {
	case PhaseStake:
		if p.Ready {
			return "", nil
		}
		return StepStake, append(s.stakeMoves(seat), s.swapMoves(seat)...)
	case PhaseBid:
		var out []engine.Move
		for _, c := range s.bidChoices(seat) {
			out = append(out, engine.NewMove(StepBid, seat, c))
		}
		return StepBid, append(out, s.addMoves(seat)...)
	case PhaseAnswer:
		if seat == s.Bidder {
			return StepAnswer, s.answerMoves(seat)
		}
	case PhaseDoubled:
		if seat == s.Challenger {
			return StepDoubled, s.doubledMoves(seat)
		}
	case PhaseForfeit:
		if seat == s.Loser {
			return StepForfeit, pickMoves(StepForfeit, seat, CmdForfeit, "Discard", p.Hand, s.Extra, nil)
		}
	case PhaseRecover:
		if seat == s.Challenger {
			return StepRecover, pickMoves(StepRecover, seat, CmdRecover, "Take back", p.Lost, min(2, len(p.Lost)), nil)
		}
	}
	return "", nil
}

func (s *State) answerMoves(seat int) []engine.Move {
	var out []engine.Move
	p := &s.Players[seat]
	if len(p.Hand) >= len(p.Staked) {
		out = append(out, engine.NewMove(StepAnswer, seat, choice("double", "DOUBLE!", CmdDouble, nil, fmt.Sprintf("a loss then costs %d more cards from your hand", len(p.Staked)))))
	}
	return append(out, engine.NewMove(StepAnswer, seat, choice("accept", "Reveal", CmdAccept, nil, "lay the stakes open")))
}

func (s *State) doubledMoves(seat int) []engine.Move {
	return []engine.Move{
		engine.NewMove(StepDoubled, seat, choice("persist", "Persist", CmdPersist, nil, "reveal the doubled stakes")),
		engine.NewMove(StepDoubled, seat, choice("withdraw", "Withdraw", CmdWithdraw, nil, "take back SELL!, then raise or add a card")),
	}
}

// stakeMoves are every stake of the round's size from the hand; a Classic
// player down to one card stakes it with each card it may take back.
func (s *State) stakeMoves(seat int) []engine.Move {
	p := &s.Players[seat]
	if s.Settings.Variant == Classic && len(p.Hand) == 1 {
		var out []engine.Move
		for _, l := range uniq(p.Lost) {
			c := choice(fmt.Sprintf("stake-%d-recover-%d", p.Hand[0], l), fmt.Sprintf("Stake %s and %s (taken back)", s.cardName(p.Hand[0]), s.cardName(l)),
				CmdStake, map[string]any{"cards": p.Hand, "recover": l}, "")
			out = append(out, engine.NewMove(StepStake, seat, c))
		}
		return out
	}
	return pickMoves(StepStake, seat, CmdStake, "Stake", p.Hand, s.Settings.OpeningStake(), s.cardName)
}

// swapMoves are the red zone swaps: a card of the hand for one of the
// discards, once a round, before staking.
func (s *State) swapMoves(seat int) []engine.Move {
	p := &s.Players[seat]
	if p.Swapped {
		return nil
	}
	if z := s.Settings.RedZone(); z > 0 && len(p.Hand) > z {
		return nil
	}
	var out []engine.Move
	for _, g := range uniq(p.Hand) {
		for _, l := range uniq(p.Lost) {
			c := choice(fmt.Sprintf("swap-%d-%d", g, l), fmt.Sprintf("Swap %s for %s", s.cardName(g), s.cardName(l)), CmdSwap, map[string]any{"give": g, "take": l}, "red zone")
			m := engine.NewMove(StepStake, seat, c)
			m.Minor = true
			out = append(out, m)
		}
	}
	return out
}

// addMoves are each card of the hand the seat may add to its stake, with
// each goods the bid may then name and the quantity's limits.
func (s *State) addMoves(seat int) []engine.Move {
	if _, ok := s.AddQty(seat); !ok {
		return nil
	}
	var out []engine.Move
	for _, n := range uniq(s.Players[seat].Hand) {
		for _, g := range goodSets {
			lo, hi, ok := s.qtyRange(func(b Bid) error { return s.Settings.CheckAdd(*s.Bid, b) }, g)
			if !ok {
				continue
			}
			c := choice(fmt.Sprintf("add-%d-%s", n, g), fmt.Sprintf("Add %s, bid %s", s.cardName(n), goodsName(g)), CmdAdd, map[string]any{"card": n, "goods": g}, "")
			c.Fields = []engine.Field{{Name: "qty", Label: "Quantity", Min: lo, Max: hi, Value: lo}}
			m := engine.NewMove(StepBid, seat, c)
			m.Minor = true
			out = append(out, m)
		}
	}
	return out
}

// pickMoves is the one move of picking k different cards from cards
// (numbers, which may repeat: the same card twice is one option), ticked
// one by one and then sent (engine.Pick): never a button per combination.
// None when the cards are too few.
func pickMoves(step string, seat int, typ, verb string, cards []int, k int, name func(int) string) []engine.Move {
	cards = uniq(cards)
	if k <= 0 || k > len(cards) {
		return nil
	}
	p := &engine.Pick{Name: "card", Count: k}
	for _, n := range cards {
		words := "card " + strconv.Itoa(n)
		if name != nil {
			words = name(n)
		}
		p.Options = append(p.Options, engine.PickOption{Value: n, Label: words})
	}
	c := choice(typ, fmt.Sprintf("%s %d %s", verb, k, engine.Plural(k, "card", "cards")), typ, nil, "")
	c.Pick = p
	return []engine.Move{engine.NewMove(step, seat, c)}
}

// cardName says a card by its number and icons: "card 4 (GG)".
func (s *State) cardName(n int) string {
	if n < 1 || n > len(s.Settings.Cards) {
		return "card " + strconv.Itoa(n)
	}
	return fmt.Sprintf("card %d (%s)", n, s.card(n))
}

func uniq(xs []int) []int {
	out := slices.Clone(xs)
	slices.Sort(out)
	return slices.Compact(out)
}

var _ engine.Mover = Rules{}
