package takeover

import (
	"fmt"
	"strings"

	"tableside/engine"
)

// Steps of a game, as a move sheet names them (engine.Move.Step).
const (
	StepSetup   = "setup"
	StepDraft   = "draft"
	StepConceal = "conceal"
	StepPlay    = "play"
	StepGive    = "give"
)

// Moves lists what viewer v may do now (engine.Mover): the host's deal;
// the drafter's coins (the host may draft for it); a player's choice of
// stock and cash, on its own phone only (all cash, all stock, or one coin
// as stock; any other mix is ticked on the screen's form); on turn, passing
// and every merge it can afford, paid with its cheapest covering cash (the
// host may move for it); and, any time in play, handing one coin to another
// player, from the giver's own phone. The public gets none.
func (Rules) Moves(st engine.State, v engine.Viewer) engine.Sheet {
	s := st.(*State)
	sh := engine.Sheet{Moves: []engine.Move{}}
	if s.Phase == PhaseOver || v.Past || v.Seat == engine.Public {
		return sh
	}
	own := v.Seat >= 0 && v.Seat < len(s.Players)
	switch s.Phase {
	case PhaseSetup:
		if v.IsHost() {
			sh.Step = StepSetup
			sh.Moves = append(sh.Moves, move(StepSetup, engine.Host, "deal", "Lay the tiles at random", CmdDeal, nil))
		}
	case PhaseDraft:
		seat := DraftSeat(s.First, len(s.Seats), s.Picks)
		if v.IsHost() || v.Seat == seat {
			sh.Step = StepDraft
			sh.Moves = append(sh.Moves, s.draftMoves(seat)...)
		}
	case PhaseConceal:
		if own && !s.Players[v.Seat].Decided {
			sh.Step = StepConceal
			sh.Moves = append(sh.Moves, s.concealMoves(v.Seat)...)
		}
	case PhasePlay:
		if v.IsHost() || v.Seat == s.Turn {
			sh.Step = StepPlay
			sh.Moves = append(sh.Moves, s.playMoves(s.Turn, v.Seat == s.Turn)...)
		}
		if own {
			// Handing coins over is never the step the table waits for:
			// it stays folded, under its group, on every phone.
			sh.Moves = append(sh.Moves, s.giveMoves(v.Seat)...)
		}
	}
	s.markDecision(&sh, v.Seat)
	if s.Settings.FirstGame {
		engine.Teach(teacher{s}, Rules{}.Decide, s, v.Seat, &sh)
	}
	return sh
}

// move builds one move; data is nil or an object made here.
func move(step string, seat int, id, label, typ string, data map[string]any) engine.Move {
	return engine.NewMove(step, seat, engine.NewChoice(id, label, typ, data))
}

func (s *State) draftMoves(seat int) []engine.Move {
	var out []engine.Move
	for _, code := range s.Pool {
		m := move(StepDraft, seat, "draft-"+code, Short(code), CmdDraft, map[string]any{"coin": code})
		if _, words, ok := strings.Cut(Label(code), " "); ok {
			m.Note = words // "3 Suns": the button already shows the symbol
		}
		out = append(out, m)
	}
	return out
}

// concealMoves are a few whole choices of stock: all cash, all stock, and
// each coin alone as stock (folded under "more").
func (s *State) concealMoves(seat int) []engine.Move {
	coins := s.Players[seat].Coins
	all := []string{}
	for _, c := range coins {
		all = append(all, c.Code)
	}
	out := []engine.Move{
		move(StepConceal, seat, "conceal-cash", "Keep every coin as cash", CmdConceal, map[string]any{"stock": []string{}}),
		move(StepConceal, seat, "conceal-stock", "Hold every coin as stock", CmdConceal, map[string]any{"stock": all}),
	}
	for _, code := range all {
		m := move(StepConceal, seat, "conceal-"+code, "Stock: "+Short(code)+" only", CmdConceal, map[string]any{"stock": []string{code}})
		m.Minor = true
		out = append(out, m)
	}
	return out
}

// playMoves are the turn player's pass and every merge it can afford now.
// Which coins a merge would pay is said on the player's own phone only
// (self): the coins are chosen from its hand, which the laptop's host does
// not see.
func (s *State) playMoves(seat int, self bool) []engine.Move {
	out := []engine.Move{move(StepPlay, seat, "pass", "Pass", CmdPass, nil)}
	for _, o := range s.Options(seat) {
		m := move(StepPlay, seat, fmt.Sprintf("merge-%d-%d", o.From, o.To), o.Text, CmdMerge, map[string]any{"from": o.From, "to": o.To, "auto": true})
		m.Group, m.Minor = GroupMerges, true
		m.From, m.To, m.Concerns = CellName(o.From), CellName(o.To), []string{CellName(o.From), CellName(o.To)}
		if md, err := s.CheckMerge(seat, o.From, o.To, nil, true); self && err == nil && len(md.Paid) > 0 {
			var paid []string
			for _, code := range md.Paid {
				paid = append(paid, Short(code))
			}
			m.Note = "pays " + strings.Join(paid, " ")
		}
		out = append(out, m)
	}
	return out
}

// giveMoves hand one coin to another player (a deal struck at the table),
// from the giver's own phone; folded under "more".
func (s *State) giveMoves(seat int) []engine.Move {
	var out []engine.Move
	for _, c := range s.Players[seat].Coins {
		for to := range s.Seats {
			if to == seat {
				continue
			}
			m := move(StepGive, seat, fmt.Sprintf("give-%s-%d", c.Code, to), fmt.Sprintf("Hand %s to %s", Short(c.Code), s.name(to)), CmdGive, map[string]any{"to": to, "coins": []string{c.Code}})
			m.Group, m.Minor = GroupGive, true
			out = append(out, m)
		}
	}
	return out
}

// GroupGive folds the coins a player may hand over (a deal struck at the
// table) under one disclosure.
const GroupGive = "Hand a coin to another player"

var _ engine.Mover = Rules{}
