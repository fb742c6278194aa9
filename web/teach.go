package web

import (
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
