// Package rulebook holds the rules of every game Tableside serves, in our
// own words, for players: a short how-to-play and a reference of every
// clause, organised by the steps the engines name. Each clause has a stable
// id (docs/rules-coverage.md's rows use the same ids), and says which of the
// engines' refusal rule names it stands behind, so a refusal's "why?" and a
// step's "how this step works" open the clause that explains them.
//
// The text is data, one file per game; the pages (web/rulespages), the
// print shop's quick-starts (printables) and the move sheet read it here.
package rulebook

import (
	"slices"
	"strings"
)

// Book is one game's rules.
type Book struct {
	Game    string // the engine's kind ("coldcash", "risk", ...)
	Title   string
	Blurb   string // one line: what the game is about
	Players string // how many play, and for how long
	// HowTo is the short how-to-play: setup, a turn, the end, how to win.
	HowTo []Part
	// Sections are the reference, step by step.
	Sections []Section
}

// Part is one paragraph of the how-to-play.
type Part struct {
	Title string
	Text  string
}

// Section is the clauses of one step of the game (or of no step: the pieces
// and numbers every step leans on).
type Section struct {
	// Steps are the engine's stable names for the step (engine.Move.Step,
	// engine.Sheet.Step, engine.Waiting.Decision) this section explains.
	Steps []string
	Title string
	// How says in one line how the step works; a step's card carries it.
	How     string
	Clauses []Clause
}

// Clause is one rule, in our words.
type Clause struct {
	ID    string // stable: "ccr.buy"; a page's anchor and the coverage map's row
	Title string
	Text  string
	// Rules are the refusal rule names (engine.RuleError.Rule) this clause
	// explains: a refusal's "why?" opens it.
	Rules []string
}

// Anchor is the clause's anchor on its game's page.
func (c Clause) Anchor() string { return c.ID }

// books are every game's book, in the order the print shop lists them.
var books = []*Book{&coldCash, &riskHouse, &pctwBook, &takeoverBook, &cashCrash, &scorePad}

// Books lists every game's book.
func Books() []*Book { return books }

// Get returns the book of a game kind.
func Get(game string) (*Book, bool) {
	for _, b := range books {
		if b.Game == game {
			return b, true
		}
	}
	return nil, false
}

// Table is the book of Tableside's own rules of play (whose turn, the
// host, phones, what may be typed), shared by every game.
func Table() *Book { return &table }

// Where is a clause and the section it stands in.
type Where struct {
	Book    *Book
	Section *Section
	Clause  *Clause
}

// Clause finds a clause by id in this book.
func (b *Book) Clause(id string) (Where, bool) {
	for i := range b.Sections {
		s := &b.Sections[i]
		for j := range s.Clauses {
			if s.Clauses[j].ID == id {
				return Where{b, s, &s.Clauses[j]}, true
			}
		}
	}
	return Where{}, false
}

// ForRule finds the clause behind a refusal's rule name: this game's own
// first, then Tableside's shared rules of play.
func (b *Book) ForRule(rule string) (Where, bool) {
	for _, bk := range []*Book{b, &table} {
		for i := range bk.Sections {
			s := &bk.Sections[i]
			for j := range s.Clauses {
				if slices.Contains(s.Clauses[j].Rules, rule) {
					return Where{bk, s, &s.Clauses[j]}, true
				}
			}
		}
	}
	return Where{}, false
}

// ForStep finds the section that explains a step by its engine name.
func (b *Book) ForStep(step string) (*Section, bool) {
	for _, bk := range []*Book{b, &table} {
		for i := range bk.Sections {
			if slices.Contains(bk.Sections[i].Steps, step) {
				return &bk.Sections[i], true
			}
		}
	}
	return nil, false
}

// Match reports whether a clause mentions every word of q (case folded):
// the pages' search.
func (c Clause) Match(q string) bool {
	text := strings.ToLower(c.Title + " " + c.Text + " " + c.ID)
	for w := range strings.FieldsSeq(strings.ToLower(q)) {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}
