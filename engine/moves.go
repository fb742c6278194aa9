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
	// Minor marks a rarer move that a sheet folds under "more".
	Minor bool `json:"minor,omitempty"`
	// Ends says the move ends the step or the turn (a free move that ends
	// the attacks, taking a card that ends the turn); its button says so.
	Ends bool `json:"ends,omitempty"`
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
}

// Mover is implemented by every game: Moves answers, for v (a seat, or the
// host acting for the seats it may act for), the complete list of moves
// Decide would accept from v right now. Public viewers get none. It is the
// one answer to "what can this seat do now"; Choices, offers and flags on
// a view are derived from it or go.
type Mover interface {
	Moves(s State, v Viewer) Sheet
}

// Chance returns p as a Move's Chance.
func Chance(p float64) *float64 { return &p }

// SheetOnly is implemented by games whose screens draw every move from the
// Mover's sheet alone. The other games' screens still carry their older
// per-game forms beside it, so their phones' sheets draw only the answers to
// a decision (engine.Chooser) and no move is offered twice.
type SheetOnly interface {
	SheetOnly()
}

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
