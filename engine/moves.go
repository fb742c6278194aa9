package engine

import "encoding/json"

// Move is one move a viewer may make now, exactly as the game's Decide
// would accept it if sent as is: the move sheet on every screen is built
// from these and nothing else, so an offered move is never refused and a
// screen never retypes a rule.
//
// The embedded Choice carries the label, the command (Type and Data), the
// numbers the player types with their limits (Fields), and an optional
// fold (Group, for a long tail of rarer answers).
type Move struct {
	Choice
	// Step names the step of the turn this move belongs to, in the game's
	// own stable words ("place", "trade", "attack", "fortify", "earnings"),
	// so a sheet can say the step once and group by it.
	Step string `json:"step"`
	// Seat is the seat the move is made for: the viewer's own seat on a
	// phone; on the laptop, the seat the host acts for ("Ana: vote for").
	Seat int `json:"seat"`
	// From and To are the territories a map move starts from and goes to
	// (an attack, a free move, a fortification; To alone for a placement).
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// Concerns lists the territories and companies the move is about, so
	// a tap on the map (or on a company) narrows the sheet to them.
	Concerns []string `json:"concerns,omitempty"`
	// Chance is a battle's exact chance of winning it, from engine/risk,
	// between 0 and 1; nil when the move is no battle.
	Chance *float64 `json:"chance,omitempty"`
	// ChanceOf says in a word or two what Chance is the chance of ("win",
	// "hold", "this roll"), under the big number; "" is "win". Note is
	// then the line's other figures, each named ("blitz · 80% needs 9").
	ChanceOf string `json:"chanceOf,omitempty"`
	// Minor marks a rarer move that a sheet folds under "more".
	Minor bool `json:"minor,omitempty"`
	// Map marks an everyday move chosen by tapping its territory on the
	// map (a placement, a fortification), one per territory: where the
	// map is beside the sheet (a laptop) its button is on the sheet as
	// any; on a phone the list, which would push the step's own moves
	// off the screen, is a fold under the move's Group ("Place by name",
	// for a keyboard or a screen reader) that a map tap opens on the
	// territory tapped.
	Map bool `json:"map,omitempty"`
	// Ends says the move ends the step or the turn (a free move that ends
	// the attacks, taking a card that ends the turn); its button says so.
	Ends bool `json:"ends,omitempty"`
	// Confirm is the question a sheet asks before sending a move that is
	// not lightly taken back (ending the game, answering for another
	// player): the move's button opens it, and a second button sends.
	Confirm string `json:"confirm,omitempty"`
	// Decision marks an answer to what the table waits for from the
	// viewer's seat (a defence's dice, a disposal, a draft pick): the
	// seat's decision card is the sheet filtered to these (Sheet.Decision).
	Decision bool `json:"decision,omitempty"`
	// Row draws the move as one segment of a line of moves that share
	// its Key and come one after another (buy 1 | 2 | 3 of one company):
	// the line says its head once, and the segment its Short words, so a
	// long step stays one screen deep. Label stays the move's whole name
	// (what a screen reader says). nil: a button of its own.
	Row *Row `json:"row,omitempty"`
}

// Row is a move's place in a line of moves (Move.Row).
type Row struct {
	Key  string `json:"key"`
	Head string `json:"head"`
	// Note says the line's number in small type under its head ("$300
	// each"); optional.
	Note string `json:"note,omitempty"`
	// Badge is what the whole line is about (a company), drawn as its
	// letter badge before the head; Mark is what this one segment is
	// about, when the segments differ (a meeting of each company).
	Badge *Badge `json:"badge,omitempty"`
	Mark  *Badge `json:"mark,omitempty"`
	// Short is the segment's words ("3", "Pay $30").
	Short string `json:"short"`
}

// Badge is a piece's letter badge: its id names its colour to a screen
// (a company's), its letter is what the badge says.
type Badge struct {
	ID     string `json:"id"`
	Letter string `json:"letter"`
}

// Sheet is everything one viewer may do now.
type Sheet struct {
	// Step is the current step's stable name and Text says it for people
	// ("Place a Mom & Pop"); Hint is an optional line on how to choose
	// ("Tap an empty territory").
	Step string `json:"step"`
	Text string `json:"text,omitempty"`
	Hint string `json:"hint,omitempty"`
	// Moves are the complete list of moves the viewer's command would be
	// accepted for, the everyday ones first.
	Moves []Move `json:"moves"`
	// Ask says what the table waits for from the viewer's seat in that
	// seat's own terms, which may count what only it may see ("stake 3 of
	// your 8 cards"): its own screen says it in place of Waiting.Text.
	// Empty keeps the table's words.
	Ask string `json:"ask,omitempty"`
	// Teach is the first-game mode's teaching for this viewer; nil when
	// the table plays without it (teach.go).
	Teach *Teaching `json:"teach,omitempty"`
}

// Decision is the viewer's decision card: the sheet filtered to the
// answers to what the table waits for from it (Move.Decision), with its
// words (Ask).
func (sh Sheet) Decision() (ask string, choices []Choice) {
	for _, m := range sh.Moves {
		if m.Decision {
			choices = append(choices, m.Choice)
		}
	}
	return sh.Ask, choices
}

// MarkDecision flags as the viewer's decision every move of sh that is
// one (Move.Decision).
func (sh *Sheet) MarkDecision(is func(Move) bool) {
	for i := range sh.Moves {
		if is(sh.Moves[i]) {
			sh.Moves[i].Decision = true
		}
	}
}

// Mover is part of Rules: Moves answers, for v (a seat, or the
// host acting for the seats it may act for), the complete list of moves
// Decide would accept from v right now. Public viewers get none. It is the
// one answer to "what can this seat do now": a seat's decision card is
// its sheet filtered (Sheet.Decision), and no view carries moves of its own.
type Mover interface {
	Moves(s State, v Viewer) Sheet
}

// Chance returns p as a Move's Chance.
func Chance(p float64) *float64 { return &p }

// NewChoice builds a choice whose command data is data marshalled (nil for
// none): the games' move lists build every choice this way, so a command's
// data is spelled once, by the map the game made (which always marshals).
func NewChoice(id, label, typ string, data map[string]any) Choice {
	c := Choice{ID: id, Label: label, Type: typ}
	if data != nil {
		c.Data, _ = json.Marshal(data)
	}
	return c
}

// NewMove is choice c offered to seat in step.
func NewMove(step string, seat int, c Choice) Move {
	return Move{Step: step, Seat: seat, Choice: c}
}
