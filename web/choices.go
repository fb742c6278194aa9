package web

import "tableside/engine"

// choiceForm is one answer on a decision card, with the game it posts to.
type choiceForm struct {
	GameID int64
	C      engine.Choice
}

// choiceGroup is answers folded under one disclosure on the card.
type choiceGroup struct {
	Name    string
	Choices []choiceForm
}

// TopChoices are the deciding seat's answers shown at once on its card.
func (p gamePage) TopChoices() []choiceForm {
	if p.Waiting == nil {
		return nil
	}
	top, _ := engine.Grouped(p.Waiting.Choices)
	return p.choiceForms(top)
}

// ChoiceGroups are the answers folded by group (every merge a player could
// make), after the top ones.
func (p gamePage) ChoiceGroups() []choiceGroup {
	if p.Waiting == nil {
		return nil
	}
	_, groups := engine.Grouped(p.Waiting.Choices)
	var out []choiceGroup
	for _, g := range groups {
		out = append(out, choiceGroup{Name: g.Name, Choices: p.choiceForms(g.Choices)})
	}
	return out
}

func (p gamePage) choiceForms(cs []engine.Choice) []choiceForm {
	out := make([]choiceForm, len(cs))
	for i, c := range cs {
		out[i] = choiceForm{GameID: p.Info.ID, C: c}
	}
	return out
}
