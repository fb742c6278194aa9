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

// howStep says how the step a screen's sheet is at works; nil when the
// screen has no sheet or the game no book. The rulebook's tests see that
// every step an engine names has its line.
func howStep(kind string, sh *moveSheet) *stepHow {
	if !sh.HasMoves() {
		return nil
	}
	step := sh.Step
	if step == "" && len(sh.Moves) > 0 {
		step = sh.Moves[0].Step
	}
	b, ok := rulebook.Get(kind)
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

// firstMoveOf explains the first player's first move (step, by who); nil
// at other moments (no step).
func firstMoveOf(kind, step, who string) *firstMove {
	if step == "" || who == "" {
		return nil
	}
	b, ok := rulebook.Get(kind)
	if !ok {
		return nil
	}
	sec, ok := b.ForStep(step)
	if !ok {
		return nil
	}
	return &firstMove{Who: who, Title: sec.Title, How: sec.How, Href: rulespages.StepPath(b.Game, step)}
}

// setupList is the host's checklist before the game's first command: the
// pieces for this game and this many players, and what Tableside prints
// or replaces (rulebook.Pieces).
type setupList struct {
	GameID int64
	Game   string
	Pieces []rulebook.Piece
}

// setupListOf is the host's checklist while nothing has been played yet.
// A TV's page is the public view's, so no TV gets it.
func setupListOf(p *gamePage) *setupList {
	if !p.Viewer.IsHost() || p.Seq != 0 {
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
