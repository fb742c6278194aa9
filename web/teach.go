package web

import (
	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/rulebook"
	"tableside/web/rulespages"
)

// stepHow is the line a step's card carries: how this step works, in a
// line, linking the step's clauses in the game's rules (package rulebook).
type stepHow struct {
	How  string
	Href string
}

// HowStep says how the step this screen's sheet is at works; nil when the
// screen has no sheet or the game no book. The rulebook's tests see that
// every step an engine names has its line.
func (p gamePage) HowStep() *stepHow {
	sh := p.SheetNow()
	if !sh.HasMoves() {
		return nil
	}
	step := sh.Step
	if step == "" && len(sh.Moves) > 0 {
		step = sh.Moves[0].Step
	}
	b, ok := rulebook.Get(p.Info.Kind)
	if !ok {
		return nil
	}
	sec, ok := b.ForStep(step)
	if !ok {
		return nil
	}
	return &stepHow{How: sec.How, Href: rulespages.StepPath(b.Game, step)}
}

// firstMoveStep is the step the first player's first move of play is at
// (engine.Opener), "" at any other moment: every screen then says who
// starts and how that step works.
func firstMoveStep(rules engine.Rules, st engine.State, w *engine.Waiting) string {
	o, ok := rules.(engine.Opener)
	if !ok || w == nil || len(w.Seats) != 1 || !o.FirstMove(st) {
		return ""
	}
	sh := rules.Moves(st, engine.Viewer{Seat: w.Seats[0]})
	if sh.Step == "" && len(sh.Moves) > 0 {
		return sh.Moves[0].Step
	}
	return sh.Step
}

// firstMove is the line every screen shows before the game's first move.
type firstMove struct {
	Who, Title, How, Href string
}

// FirstMove explains the first player's first move; nil at other moments.
func (p gamePage) FirstMove() *firstMove {
	if p.firstStep == "" || p.WaitingFor == "" {
		return nil
	}
	b, ok := rulebook.Get(p.Info.Kind)
	if !ok {
		return nil
	}
	sec, ok := b.ForStep(p.firstStep)
	if !ok {
		return nil
	}
	return &firstMove{Who: p.WaitingFor, Title: sec.Title, How: sec.How, Href: rulespages.StepPath(b.Game, p.firstStep)}
}

// setupList is the host's checklist before the game's first command: the
// pieces for this game and this many players, and what Tableside prints
// or replaces (rulebook.Pieces).
type setupList struct {
	GameID int64
	Game   string
	Pieces []rulebook.Piece
}

// SetupList is the host's checklist while nothing has been played yet.
func (p gamePage) SetupList() *setupList {
	if !p.Viewer.IsHost() || p.Seq != 0 || p.TV {
		return nil
	}
	pieces := rulebook.Pieces(p.Info.Kind, len(p.Info.Setup.Seats))
	if len(pieces) == 0 {
		return nil
	}
	return &setupList{GameID: p.Info.ID, Game: p.Info.Kind, Pieces: pieces}
}

// rulesAt is the address of a game's rules as a phone would type it off
// the TV, with no "http://"; "" for a game with no rules.
func (s *Server) rulesAt(c echo.Context, kind string) string {
	if _, ok := rulebook.Get(kind); !ok {
		return ""
	}
	return shortAddr(s.baseURL(c)) + rulespages.Path(kind)
}
