package coldcash

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/coldcash/board"
)

// BoardSettings are the board mode's options, flat in Settings so a form's
// set.deck, set.ending, set.classicMin and set.variableOrder reach them.
type BoardSettings struct {
	Deck          string       `json:"deck"`          // "app" (default): the app deals and each phone sees its hand; "table": the physical deck, the host records placements
	ClassicMin    bool         `json:"classicMin"`    // hire at least 3 teams (off by default: the rulebook's example)
	Ending        board.Ending `json:"ending"`        // standard (default), short or long
	VariableOrder bool         `json:"variableOrder"` // redraw the turn order every operating cycle after the first
	DefendMost    bool         `json:"defendMost"`    // a defending corporation always rolls the most dice; its CEO is not asked
	FoundReach    board.Reach  `json:"foundReach"`    // chain (default): founding takes every Mom & Pop connected through Mom & Pops; adjacent: only those bordering the tower
	// LongEnd is when the long game ends: LongEndNow ("" too, so games from
	// before the setting read the same) the moment one company holds the
	// map, as the rulebook says; LongEndTurn when that player takes their
	// card, the turn finished as the short game allows.
	LongEnd string `json:"longEnd,omitempty"`
}

// When the long game ends (BoardSettings.LongEnd).
const (
	LongEndNow  = "now"
	LongEndTurn = "turn"
)

// longEndsNow says whether the long game ends the moment the map is held.
func (b BoardSettings) longEndsNow() bool {
	return b.Ending == board.EndLong && b.LongEnd != LongEndTurn
}

// reach is the founding reach, the default when unset (games from before
// the setting keep the reading they were played with).
func (b BoardSettings) reach() board.Reach {
	if b.FoundReach == "" {
		return board.ReachChain
	}
	return b.FoundReach
}

// Deck keepers.
const (
	DeckApp   = "app"
	DeckTable = "table"
)

// Phases and steps of the operating cycle in board mode.
const (
	PhaseOpening  = "opening"
	PhaseActivity = "activity"
	PhaseEarnings = "earnings"
	PhaseOver     = "over"

	StepPlace   = "place"   // place a Mom & Pop (or declare the closing bell first)
	StepOutcome = "outcome" // found, absorb, merge or leave it
	StepAction  = "action"  // buy, sell, meeting, takeover or pass; then take a card
)

func (bs *BoardSettings) normalise() error {
	if bs.Deck == "" {
		bs.Deck = DeckApp
	}
	if bs.Ending == "" {
		bs.Ending = board.EndStandard
	}
	if bs.FoundReach != "" && bs.FoundReach != board.ReachChain && bs.FoundReach != board.ReachAdjacent {
		return engine.Refuse("found-reach", "A new company takes in the Mom & Pops connected through Mom & Pops (chain) or only those bordering its tower (adjacent), not %q.", bs.FoundReach)
	}
	if bs.LongEnd != "" && bs.LongEnd != LongEndNow && bs.LongEnd != LongEndTurn {
		return engine.Refuse("long-end", "The long game ends the moment one company holds the map (now) or when that player takes their card (turn), not %q.", bs.LongEnd)
	}
	if bs.Deck != DeckApp && bs.Deck != DeckTable {
		return engine.Refuse("deck-keeper", "The territory deck is kept by the app or by the table, not %q.", bs.Deck)
	}
	for _, e := range board.Endings {
		if bs.Ending == e {
			return nil
		}
	}
	return engine.Refuse("ending", "The ending is standard, short or long, not %q.", bs.Ending)
}

// Table is everything board mode adds to the bank: the board, the deck, the
// turn order and where the operating cycle stands.
type Table struct {
	Board    board.Board     `json:"board"`
	Deck     *board.Deck     `json:"deck,omitempty"`   // when the app keeps the deck
	NoMore   []bool          `json:"noMore"`           // seats that place no more Mom & Pops
	First    []string        `json:"first"`            // each seat's opening territory
	Order    []int           `json:"order"`            // seats in turn order
	Cycle    int             `json:"cycle"`            // operating cycle, from 1
	Phase    string          `json:"phase"`            // opening, activity, earnings, over
	Pos      int             `json:"pos"`              // index into Order of the player acting
	Step     string          `json:"step"`             // the activity step
	Placed   string          `json:"placed,omitempty"` // the territory placed this turn
	Action   string          `json:"action,omitempty"` // the turn's action once chosen: buy, sell, meeting, takeover, pass
	Proposal *Proposal       `json:"proposal,omitempty"`
	Takeover *board.Takeover `json:"takeover,omitempty"`
	Defence  *Defence        `json:"defence,omitempty"` // an attack waiting for the defending CEO's dice
	Last     *LastBattle     `json:"last,omitempty"`    // the newest battle of a hostile takeover, for the screens
	Frozen   map[string]int  `json:"frozen,omitempty"`  // sizes of companies being absorbed, as they were
	Done     []string        `json:"done"`              // earnings: companies that acted this phase
	Log      []string        `json:"log"`               // what happened on the board, newest last
	// news counts the lines of Log the latest event wrote, for the feed
	// (see Rules.Feed); it is not part of the game and is not stored.
	news int
}

// LastBattle is the newest battle of a hostile takeover as the screens tell
// it: the corporation attacking, whom it attacked (a corporation, or a Mom &
// Pop when Defender is empty), its rolls and losses, and whether the
// territory fell.
type LastBattle struct {
	board.Losses
	Attacker string `json:"attacker"`
	Defender string `json:"defender,omitempty"`
	Taken    bool   `json:"taken"`
}

// Proposal is a friendly merger waiting for its CEOs' consent.
type Proposal struct {
	Merger  board.Merger `json:"merger"`
	Maker   int          `json:"maker"`
	Waiting []string     `json:"waiting"` // companies whose CEO has not answered yet
}

// geo is the map board mode plays on.
func geo() *board.Geography { return board.Classic() }

// boardSizes reads sizes from the board, except for a company being absorbed,
// whose bonuses are priced at the size it had.
type boardSizes struct{ s *State }

func (b boardSizes) Size(id string) int {
	t := b.s.Table
	if t == nil {
		return 0
	}
	if n, ok := t.Frozen[id]; ok {
		return n
	}
	return board.SizeOf(geo(), t.Board, id).Size
}

// acting is the seat whose turn it is in the current phase.
func (t *Table) acting() int {
	if len(t.Order) == 0 || t.Pos < 0 || t.Pos >= len(t.Order) {
		return -1
	}
	return t.Order[t.Pos]
}

// hand is a seat's hand when the app keeps the deck.
func (t *Table) hand(seat int) []string {
	if t.Deck == nil || seat < 0 || seat >= len(t.Deck.Hands) {
		return nil
	}
	return t.Deck.Hands[seat]
}

// closed reports whether a seat may place no more Mom & Pops.
func (t *Table) closed(seat int) bool {
	if t.Deck != nil {
		return t.Deck.Closed[seat]
	}
	return seat >= 0 && seat < len(t.NoMore) && t.NoMore[seat]
}

// ceoOf is the CEO seat of an active company, or -1.
func (s *State) ceoOf(id string) int {
	if c := s.company(id); c != nil && c.Active {
		return c.CEO
	}
	return -1
}

// companiesOf lists the active companies whose CEO is seat, in company order.
func (s *State) companiesOf(seat int) []string {
	var out []string
	for _, c := range s.Companies {
		if c.Active && c.CEO == seat {
			out = append(out, c.ID)
		}
	}
	return out
}

// pendingEarnings lists the companies of the acting seat that have not yet
// taken their earnings action.
func (s *State) pendingEarnings() []string {
	t := s.Table
	var out []string
	for _, c := range s.companiesOf(t.acting()) {
		if !containsStr(t.Done, c) {
			out = append(out, c)
		}
	}
	return out
}

func containsStr(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// terr names a territory for people.
func terr(id string) string { return geo().Name(id) }

// Where says in words where the cycle stands.
func (s *State) Where() string {
	t := s.Table
	if t == nil {
		return ""
	}
	who := s.name(t.acting())
	switch {
	case s.Over:
		return "The game is over."
	case s.Merger != nil:
		return s.Waiting()
	case t.Phase == PhaseOpening:
		return "Waiting for the host to ring the opening bell."
	case t.Proposal != nil:
		return fmt.Sprintf("Waiting for the CEOs to answer the merger through %s.", terr(t.Proposal.Merger.At))
	case s.Meeting != nil:
		return s.meetingWhere()
	case t.Defence != nil:
		d := t.Defence
		return fmt.Sprintf("Waiting for %s to defend %s (%s, %d teams) against %s's %s from %s (%d teams).", s.name(s.ceoOf(d.Corp)), terr(d.To),
			s.coName(d.Corp), t.Board.Land[d.To].Teams, who, s.coName(t.Takeover.Corp), terr(d.From), t.Board.Land[d.From].Teams)
	case t.Takeover != nil:
		return fmt.Sprintf("%s is making a hostile takeover with %s.", who, s.coName(t.Takeover.Corp))
	case t.Phase == PhaseEarnings:
		return fmt.Sprintf("Earnings: %s chooses for each company they run.", who)
	}
	switch t.Step {
	case StepPlace:
		return fmt.Sprintf("%s places a Mom & Pop.", who)
	case StepOutcome:
		return fmt.Sprintf("%s decides what becomes of the Mom & Pop in %s.", who, terr(t.Placed))
	case StepAction:
		if t.Action != "" || s.Acted != "" {
			return fmt.Sprintf("%s: %s.", who, s.actionWait())
		}
		return fmt.Sprintf("%s takes one action: buy, sell, call a meeting, take over or pass.", who)
	}
	return ""
}

// newBoardTable is a board-mode game before the opening bell.
func newBoardTable(seats int) *Table {
	return &Table{Board: board.New(), NoMore: make([]bool, seats), First: []string{}, Order: []int{},
		Phase: PhaseOpening, Done: []string{}, Log: []string{}}
}
