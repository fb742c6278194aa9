package web

import (
	"slices"
	"strings"

	"tableside/engine"
	"tableside/engine/risk"
)

// moveSheet is one viewer's move sheet: every move they may make now, as
// the engine said it (engine.Mover), grouped by step for the template.
type moveSheet struct {
	GameID int64 `json:"-"`
	engine.Sheet
	// Steps are the moves by step, in the order their first move came;
	// each splits its everyday moves from the Minor ones ("more").
	Steps []sheetStep `json:"-"`
	// Lazy draws each fold as its summary alone: its moves are fetched
	// when it is opened (sheet_fold.go). A live frame's sheet is lazy, so
	// the rare moves are not sent to every screen after every command; a
	// page's is whole, so that it works without JavaScript.
	Lazy bool `json:"-"`
}

// sheetStep is one step's moves on the sheet.
type sheetStep struct {
	Step  string
	Title string // said only when the sheet has several steps
	// Current is the step the table is at, which the card's words say
	// already: its title is left out.
	Current bool
	Top     []sheetMove
	// More are the Minor moves, folded under "more", by their choice's
	// group (an unnamed fold is "More").
	More []sheetFold
	// Map are the everyday moves chosen on the map (engine.Move.Map), by
	// group: drawn open, after the step's own moves; sheet.js folds them
	// where the map is not beside the sheet (a phone).
	Map []sheetFold
}

// sheetLine is one line of a step's everyday moves: a move alone, or the
// moves of one engine.Row (buy 1 | 2 | 3 of a company) drawn as segments
// under the row's head.
type sheetLine struct {
	Row   *engine.Row // the first segment's row; nil for a move alone
	Moves []sheetMove
}

// Lines groups the step's everyday moves into lines (linesOf).
func (st sheetStep) Lines() []sheetLine { return linesOf(st.Top) }

// Lines groups a fold's moves into lines as the step's (linesOf): a phone
// seat's buys on the host are a row per company, as on that phone.
func (f sheetFold) Lines() []sheetLine { return linesOf(f.Moves) }

// linesOf groups moves into lines: moves one after another that share a
// row's key make one line, every other move its own.
func linesOf(ms []sheetMove) []sheetLine {
	var out []sheetLine
	for _, m := range ms {
		r := m.M.Row
		if n := len(out); r != nil && n > 0 && out[n-1].Row != nil && out[n-1].Row.Key == r.Key {
			out[n-1].Moves = append(out[n-1].Moves, m)
			continue
		}
		out = append(out, sheetLine{Row: r, Moves: []sheetMove{m}})
	}
	return out
}

// sheetFold is Minor moves folded under one name.
type sheetFold struct {
	Name  string
	Moves []sheetMove
	// Answer marks a fold of another player's moves on the host's sheet:
	// the seat has a phone of its own, so the laptop answers for it only
	// behind this fold and each move's question (answerFor).
	Answer bool
}

// Places joins what the fold's moves concern ("|" around each, once), so
// a map tap narrows to a fold whose moves are not drawn yet (sheet.js).
func (f sheetFold) Places() string {
	var keys []string
	for _, m := range f.Moves {
		for k := range strings.SplitSeq(strings.Trim(m.Places, "|"), "|") {
			if k != "" && !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	if len(keys) == 0 {
		return ""
	}
	return "|" + strings.Join(keys, "|") + "|"
}

// foldOf finds a step's fold by name on the sheet, or nil.
func (s *moveSheet) foldOf(step, name string) *sheetFold {
	if s == nil {
		return nil
	}
	for i := range s.Steps {
		if s.Steps[i].Step != step {
			continue
		}
		for j := range s.Steps[i].More {
			if s.Steps[i].More[j].Name == name {
				return &s.Steps[i].More[j]
			}
		}
	}
	return nil
}

// sheetMove is one button on the sheet, with what a map tap narrows by.
type sheetMove struct {
	GameID int64
	M      engine.Move
	// Action is where the move's form posts when not the game's commands
	// (the laptop sending a move as the seat whose hand is open).
	Action string
	// Bare leaves out what only a page without JavaScript needs: the
	// form's method and action (sheet.js posts to the sheet's data-post)
	// and a number's aria-label (sheet.js gives it one from its label and
	// limits). A live frame's moves are bare.
	Bare bool
	// Aside marks a move of another step than the one the table is at (a
	// phone hiding its shares while another player moves): drawn as a
	// secondary button, so the step's own moves are the ones that stand out.
	Aside bool
	// Places is From, To and Concerns joined with spaces' stand-in "|", the
	// keys a map tap matches (sheet.js).
	Places string
}

// Chance says a battle's chance for its button ("73.4%"), as the odds
// page does: the engine's exact figure, never recomputed here, and never
// rounded to a certainty it is not.
func (m sheetMove) Chance() string {
	if m.M.Chance == nil {
		return ""
	}
	return risk.Percent(*m.M.Chance)
}

// HasMoves reports whether the sheet offers anything to tap.
func (s *moveSheet) HasMoves() bool { return s != nil && len(s.Moves) > 0 }

// Several reports whether the sheet spans more than one step, so each
// step gets its own heading (one step is said once, by the card).
func (s *moveSheet) Several() bool { return s != nil && len(s.Steps) > 1 }

// forFrame is the sheet as a live frame draws it: its folds as summaries
// (Lazy), its moves bare. A frame is drawn only by app.js, so sheet.js is
// there to send each move and to label its numbers. The page's sheet may
// be shared: the frame's is a copy.
func (s *moveSheet) forFrame() *moveSheet {
	c := *s
	c.Lazy = true
	c.Steps = make([]sheetStep, len(s.Steps))
	for i, st := range s.Steps {
		st.Top = slices.Clone(st.Top)
		for j := range st.Top {
			st.Top[j].Bare = true
		}
		st.Map = slices.Clone(st.Map)
		for j := range st.Map {
			st.Map[j].Moves = slices.Clone(st.Map[j].Moves)
			for k := range st.Map[j].Moves {
				st.Map[j].Moves[k].Bare = true
			}
		}
		c.Steps[i] = st
	}
	return &c
}

// sheetFor draws v's moves (nil for the public, or when there are none).
// phones names the seats whose own phone plays them (the host's sheet
// only; nil elsewhere): their moves are folded per seat (answerFor).
func sheetFor(moves engine.Sheet, v engine.Viewer, id int64, phones map[int]string) *moveSheet {
	if v.Seat == engine.Public || len(moves.Moves) == 0 {
		return nil
	}
	return &moveSheet{GameID: id, Sheet: moves, Steps: groupSteps(id, moves, phones)}
}

// answerFor is the fold that holds, on the host's sheet, the moves of a
// seat that plays on its own phone, or "" for a seat the laptop plays:
// one tap on the laptop must never decide for someone who has a phone, so
// such a move is one fold and one question away, and the seat's phone
// stays the place to make it.
func answerFor(phones map[int]string, seat int) string {
	if name, ok := phones[seat]; ok {
		return "Answer for a player: " + name
	}
	return ""
}

// answerQuestion is the question a move made for a phone's seat asks
// before it is sent.
func answerQuestion(name string) string {
	return "Answer for " + name + "? " + name + " has a phone: send this only if " + name + " asked you to."
}

// groupSteps splits a sheet's moves by step, the sheet's current step
// first, the others in the order their first move came; the moves of a
// seat with its own phone go to that seat's fold (answerFor).
func groupSteps(id int64, sh engine.Sheet, phones map[int]string) []sheetStep {
	at := map[string]int{}
	var out []sheetStep
	add := func(step string) int {
		i, ok := at[step]
		if !ok {
			i = len(out)
			at[step] = i
			out = append(out, sheetStep{Step: step, Title: stepTitle(step), Current: step == sh.Step})
		}
		return i
	}
	if sh.Step != "" {
		add(sh.Step)
	}
	for _, m := range sh.Moves {
		i := add(m.Step)
		sm := sheetMove{GameID: id, M: m, Places: places(m), Aside: sh.Step != "" && m.Step != sh.Step}
		if name := answerFor(phones, m.Seat); name != "" {
			if sm.M.Confirm == "" {
				sm.M.Confirm = answerQuestion(phones[m.Seat])
			}
			out[i].More = fold(out[i].More, name, sm, true)
		} else if m.Map && !m.Minor {
			out[i].Map = fold(out[i].Map, m.Group, sm, false)
		} else if m.Minor {
			out[i].More = fold(out[i].More, m.Group, sm, false)
		} else {
			out[i].Top = append(out[i].Top, sm)
		}
	}
	var kept []sheetStep
	for _, s := range out {
		// A phone's seat's folds come after the step's own.
		slices.SortStableFunc(s.More, func(a, b sheetFold) int { return cmpBool(a.Answer, b.Answer) })
		if len(s.Top) == 0 && len(s.Map) == 0 && len(s.More) > 0 && !s.More[0].Answer && s.Step == sh.Step {
			// Nothing everyday in the step the table is at: its first
			// fold is shown open, so its first button is never hidden.
			// Another step's rare moves (handing a coin over while
			// waiting) stay folded, and so does a phone's seat's fold.
			s.Top, s.More = s.More[0].Moves, s.More[1:]
		}
		if len(s.Top) > 0 || len(s.More) > 0 || len(s.Map) > 0 {
			kept = append(kept, s)
		}
	}
	return kept
}

// fold adds a move to its fold: a Minor move to its group's (or "More"), or,
// answer set, a phone's seat's move to that seat's fold (answerFor).
func fold(folds []sheetFold, name string, m sheetMove, answer bool) []sheetFold {
	if name == "" {
		name = "More"
	}
	for i := range folds {
		if folds[i].Name == name {
			folds[i].Moves = append(folds[i].Moves, m)
			return folds
		}
	}
	return append(folds, sheetFold{Name: name, Moves: []sheetMove{m}, Answer: answer})
}

// cmpBool orders false before true.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// stepTitle says a step's stable name for people when a sheet spans
// several steps ("end-turn" → "End turn").
func stepTitle(step string) string {
	t := strings.NewReplacer("-", " ", "_", " ", ".", " ").Replace(step)
	if t == "" {
		return ""
	}
	return strings.ToUpper(t[:1]) + t[1:]
}

// places lists what a move concerns, for the map's narrowing: its from,
// its to and everything it concerns, "|"-separated and lower-cased (a map
// matches a territory's id or its name), each once: a frame carries
// every move's list, and the engine's Concerns repeat From and To.
func places(m engine.Move) string {
	var keys []string
	for _, k := range append([]string{m.From, m.To}, m.Concerns...) {
		if k = strings.ToLower(strings.TrimSpace(k)); k != "" && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return ""
	}
	return "|" + strings.Join(keys, "|") + "|"
}
