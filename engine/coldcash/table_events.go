package coldcash

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/coldcash/board"
)

// Board mode's events. Each carries what the board rule needs to be applied
// again in Evolve; dice faces and shuffles are in them, never re-rolled.
const (
	EvTOpened       = "table.opened"
	EvTTurn         = "table.turn"
	EvTPlaced       = "table.placed"
	EvTForfeited    = "table.forfeited"
	EvTFounded      = "table.founded"
	EvTAbsorbed     = "table.absorbed"
	EvTLeft         = "table.left"
	EvTProposed     = "table.proposed"
	EvTConsented    = "table.consented"
	EvTMerged       = "table.merged"
	EvTActed        = "table.acted"
	EvTMeeting      = "table.meeting"
	EvTAccepted     = "table.accepted"
	EvTVoted        = "table.voted"
	EvTMeetingDone  = "table.meeting.done"
	EvTTakeover     = "table.takeover"
	EvTAnnounced    = "table.announced"
	EvTBattle       = "table.battle"
	EvTOccupied     = "table.occupied"
	EvTMoved        = "table.moved"
	EvTTakeoverDone = "table.takeover.done"
	EvTDrew         = "table.drew"
	EvTRestructured = "table.restructured"
	EvTHired        = "table.hired"
	EvTDownsized    = "table.downsized"
	EvTEarned       = "table.earned"
)

type tOpenedEv struct {
	Opening board.Opening `json:"opening"`
	AppDeck bool          `json:"appDeck"`
}

type tTurnEv struct {
	Phase string `json:"phase"`
	Cycle int    `json:"cycle"`
	Order []int  `json:"order"`
	Pos   int    `json:"pos"`
	Step  string `json:"step"`
}

type tPlacedEv struct {
	Seat      int    `json:"seat"`
	Card      string `json:"card,omitempty"`
	Territory string `json:"territory"`
}

type tSeatEv struct {
	Seat int `json:"seat"`
}

type tFoundedEv struct {
	Territory string   `json:"territory"`
	Company   string   `json:"company"`
	Absorbed  []string `json:"absorbed"`
}

type tAbsorbedEv struct {
	Territory string `json:"territory"`
	Company   string `json:"company"`
}

type tProposedEv struct {
	Merger  board.Merger `json:"merger"`
	Maker   int          `json:"maker"`
	Waiting []string     `json:"waiting"`
}

type tConsentedEv struct {
	Company string `json:"company"`
	Agree   bool   `json:"agree"`
}

type tMergedEv struct {
	Merger board.Merger `json:"merger"`
}

type tActedEv struct {
	Action string `json:"action"`
}

type tMeetingEv struct {
	Company string `json:"company"`
	Caller  int    `json:"caller"`
	Nominee int    `json:"nominee"`
	Voters  []int  `json:"voters"`
}

type tAcceptedEv struct {
	Accept bool `json:"accept"`
}

type tVotedEv struct {
	Seat int `json:"seat"`
	Vote
}

type tMeetingDoneEv struct {
	Elected bool `json:"elected"`
	For     int  `json:"for"`
	Against int  `json:"against"`
	// Company and Nominee say the meeting again for the feed, which reads
	// the state after the meeting closed (logs before them carry neither).
	Company string `json:"company,omitempty"`
	Nominee int    `json:"nominee,omitempty"`
}

type tTakeoverEv struct {
	Company string `json:"company"`
}

type tAnnouncedEv struct {
	board.Front
	Teams int `json:"teams"`
}

type tBattleEv struct {
	Losses board.Losses `json:"losses"`
}

type tOccupiedEv struct {
	Teams   int            `json:"teams"`
	Capture *board.Capture `json:"capture,omitempty"`
}

type tMovedEv struct {
	Move board.Move `json:"move"`
}

type tRestructuredEv struct {
	Company string       `json:"company"`
	Moves   []board.Move `json:"moves"`
}

type tHiredEv struct {
	Company string         `json:"company"`
	Teams   int            `json:"teams"`
	Why     string         `json:"why"`
	Place   map[string]int `json:"place"`
}

type tEarnedEv struct {
	Company string `json:"company"`
	How     string `json:"how"` // restructure, hire, dividends, downsize, skip
}

// maxLog is how many board lines the table keeps for its screens.
const maxLog = 40

// note adds a line to the board's log.
func (t *Table) note(format string, args ...any) {
	t.Log = append(t.Log, fmt.Sprintf(format, args...))
	t.news++
	if len(t.Log) > maxLog {
		t.Log = append([]string{}, t.Log[len(t.Log)-maxLog:]...)
	}
}

// must panics on an error while applying an event: every board event was
// checked by Decide, so a failure means a corrupt log.
func must(b board.Board, err error) board.Board {
	if err != nil {
		panic("coldcash: apply board event: " + err.Error())
	}
	return b
}

// evolveTable applies board mode's events (and follows the bank's).
func (s *State) evolveTable(e engine.Event) {
	t := s.Table
	g := geo()
	switch e.Type {
	case EvTOpened:
		d := engine.Payload[tOpenedEv](e)
		t.Board, t.First, t.Order = d.Opening.Board, d.Opening.First, d.Opening.Order
		if d.AppDeck {
			deck := d.Opening.Deck
			t.Deck = &deck
		}
		for seat, ter := range t.First {
			t.note("%s opens with a Mom & Pop in %s.", s.name(seat), terr(ter))
		}
	case EvTTurn:
		d := engine.Payload[tTurnEv](e)
		if d.Phase != t.Phase || d.Cycle != t.Cycle {
			t.Done = []string{}
		}
		t.Phase, t.Cycle, t.Order, t.Pos, t.Step = d.Phase, d.Cycle, d.Order, d.Pos, d.Step
		t.Placed, t.Action = "", ""
	case EvTPlaced:
		d := engine.Payload[tPlacedEv](e)
		t.Board = must(board.Place(g, t.Board, nil, false, "", d.Territory))
		if t.Deck != nil && d.Card != "" {
			deck, err := t.Deck.Play(d.Seat, d.Card)
			if err != nil {
				panic("coldcash: apply placement: " + err.Error())
			}
			t.Deck = &deck
		}
		t.Placed, t.Step = d.Territory, StepOutcome
		t.note("%s places a Mom & Pop in %s.", s.name(d.Seat), terr(d.Territory))
	case EvTForfeited:
		d := engine.Payload[tSeatEv](e)
		if t.Deck != nil {
			deck := t.Deck.Forfeit(d.Seat)
			t.Deck = &deck
		}
		t.NoMore[d.Seat] = true
		t.Step = StepAction
		t.note("%s has no card to play: the hand is discarded and %s places no more Mom & Pops.", s.name(d.Seat), s.name(d.Seat))
	case EvTFounded:
		d := engine.Payload[tFoundedEv](e)
		nb, _, err := board.Found(g, t.Board, d.Territory, d.Company, s.Settings.BoardSettings.reach())
		t.Board = must(nb, err)
		t.Step = StepAction
		// The note's words are part of the state an old log replays to, byte
		// for byte (games.TestOldLogsReplayToTheirFinalState), so they stay.
		t.note("%s founded in %s with 3 teams; %d Mom & Pops absorbed.", s.coName(d.Company), terr(d.Territory), len(d.Absorbed))
	case EvTAbsorbed:
		d := engine.Payload[tAbsorbedEv](e)
		t.Board = must(board.Absorb(g, t.Board, d.Territory, d.Company))
		t.Step = StepAction
		t.note("%s absorbs the Mom & Pop in %s.", s.coName(d.Company), terr(d.Territory))
	case EvTLeft:
		t.Step = StepAction
	case EvTProposed:
		d := engine.Payload[tProposedEv](e)
		t.Proposal = &Proposal{Merger: d.Merger, Maker: d.Maker, Waiting: d.Waiting}
		t.note("%s proposes a merger through %s.", s.name(d.Maker), terr(d.Merger.At))
	case EvTConsented:
		d := engine.Payload[tConsentedEv](e)
		p := t.Proposal
		var left []string
		for _, c := range p.Waiting {
			if c != d.Company {
				left = append(left, c)
			}
		}
		p.Waiting = left
		if !d.Agree {
			t.Proposal, t.Step = nil, StepAction
			t.note("%s's CEO refuses the merger: the Mom & Pop stays.", s.coName(d.Company))
		} else {
			t.note("%s's CEO agrees to the merger.", s.coName(d.Company))
		}
	case EvTMerged:
		d := engine.Payload[tMergedEv](e)
		t.Board = board.Merge(g, t.Board, d.Merger)
		if t.Frozen == nil {
			t.Frozen = map[string]int{}
		}
		for _, c := range d.Merger.Defunct {
			t.Frozen[c] = d.Merger.Sizes[c].Size
		}
		t.Proposal, t.Step = nil, StepAction
		t.note("%s merges into %s.", joinNames(s, d.Merger.Defunct), s.coName(d.Merger.Survivor))
	case EvMergerDone:
		t.Frozen = nil
	case EvTActed:
		d := engine.Payload[tActedEv](e)
		t.Action = d.Action
	case EvTMeeting: // the meeting itself, and its log lines: evolveMeeting, for both modes
		t.Last = nil
	case EvTMeetingDone:
		t.Action = "meeting"
	case EvTTakeover:
		d := engine.Payload[tTakeoverEv](e)
		tk, err := board.StartTakeover(t.Board, d.Company)
		if err != nil {
			panic("coldcash: apply takeover: " + err.Error())
		}
		t.Takeover, t.Action = &tk, "takeover"
		t.note("%s launches a hostile takeover with %s.", s.name(t.acting()), s.coName(d.Company))
	case EvTAnnounced:
		d := engine.Payload[tAnnouncedEv](e)
		nb, tk, err := board.Announce(g, t.Board, *t.Takeover, d.Front, d.Teams)
		t.Board, t.Takeover = must(nb, err), &tk
		t.note("The Mom & Pop in %s defends with %d teams.", terr(d.To), d.Teams)
	case EvTDefenceAsked:
		d := engine.Payload[Defence](e)
		t.Defence = &d
	case EvTBattle:
		d := engine.Payload[tBattleEv](e)
		last := &LastBattle{Losses: d.Losses, Attacker: t.Takeover.Corp, Defender: t.Board.Land[d.Losses.To].Corp}
		nb, tk, err := board.Battle(g, t.Board, *t.Takeover, d.Losses)
		t.Board, t.Takeover, t.Defence = must(nb, err), &tk, nil
		last.Taken = tk.Conquest != nil
		t.Last = last
		t.note("%s attacks %s: attacker loses %d, defender loses %d.", terr(d.Losses.From), terr(d.Losses.To), d.Losses.AttackerLost, d.Losses.DefenderLost)
	case EvTOccupied:
		d := engine.Payload[tOccupiedEv](e)
		to := t.Takeover.Conquest.To
		nb, tk, capt, err := board.Occupy(g, t.Board, *t.Takeover, d.Teams)
		t.Board, t.Takeover = must(nb, err), &tk
		t.note("%s moves %d teams into %s.", s.coName(tk.Corp), d.Teams, terr(to))
		if capt != nil {
			if t.Frozen == nil {
				t.Frozen = map[string]int{}
			}
			t.Frozen[capt.Defeated] = capt.Size.Size
			t.note("The tower of %s falls: taken over at size %d (%s).", s.coName(capt.Defeated), capt.Size.Size, capt.Size.Why)
		}
	case EvTMoved:
		d := engine.Payload[tMovedEv](e)
		nb, tk, err := board.TakeoverMove(g, t.Board, *t.Takeover, d.Move)
		t.Board, t.Takeover = must(nb, err), &tk
		t.note("Free move: %d teams from %s to %s.", d.Move.Teams, terr(d.Move.From), terr(d.Move.To))
	case EvTTakeoverDone:
		t.Board = must(board.EndTakeover(g, t.Board, *t.Takeover))
		t.Takeover = nil
		t.note("The hostile takeover ends; Mom & Pop defenders go home.")
	case EvTDrew:
		d := engine.Payload[tSeatEv](e)
		if t.Deck != nil {
			deck := t.Deck.Refill(g, t.Board, d.Seat)
			t.Deck = &deck
		}
	case EvTRestructured:
		d := engine.Payload[tRestructuredEv](e)
		t.Board = must(board.Restructure(g, t.Board, d.Company, d.Moves))
		t.Done = append(t.Done, d.Company)
		t.note("%s restructures: %d free moves.", s.coName(d.Company), len(d.Moves)) // as written in old logs' states
	case EvTHired:
		d := engine.Payload[tHiredEv](e)
		t.Board = must(board.PlaceHires(g, t.Board, d.Company, d.Teams, d.Place))
		t.Done = append(t.Done, d.Company)
		t.note("%s hires %d teams (%s).", s.coName(d.Company), d.Teams, d.Why)
	case EvTDownsized:
		d := engine.Payload[tHiredEv](e)
		t.Board = must(board.Downsize(g, t.Board, d.Company, d.Teams, d.Place))
		t.Done = append(t.Done, d.Company)
		t.note("%s downsizes: %d teams fired (%s).", s.coName(d.Company), d.Teams, d.Why)
	case EvTEarned:
		d := engine.Payload[tEarnedEv](e)
		if !containsStr(t.Done, d.Company) {
			t.Done = append(t.Done, d.Company)
		}
		if d.How == "skip" {
			t.note("%s does nothing this earnings phase.", s.coName(d.Company))
		}
	case EvEnded:
		t.Phase = PhaseOver
	}
}

// describeTable names a board event for the undo button ("" if not one).
func (s *State) describeTable(e engine.Event) string {
	switch e.Type {
	case EvTOpened:
		return "the opening bell"
	case EvTTurn:
		d := engine.Payload[tTurnEv](e)
		return fmt.Sprintf("the %s phase of cycle %d", d.Phase, d.Cycle)
	case EvTPlaced:
		d := engine.Payload[tPlacedEv](e)
		return fmt.Sprintf("%s's Mom & Pop in %s", s.name(d.Seat), terr(d.Territory))
	case EvTForfeited:
		d := engine.Payload[tSeatEv](e)
		return fmt.Sprintf("%s placing no more Mom & Pops", s.name(d.Seat))
	case EvTFounded:
		d := engine.Payload[tFoundedEv](e)
		return fmt.Sprintf("founding %s in %s", s.coName(d.Company), terr(d.Territory))
	case EvTAbsorbed:
		d := engine.Payload[tAbsorbedEv](e)
		return fmt.Sprintf("%s absorbing %s", s.coName(d.Company), terr(d.Territory))
	case EvTLeft:
		return "leaving the Mom & Pop"
	case EvTProposed:
		return "the merger proposal"
	case EvTConsented:
		d := engine.Payload[tConsentedEv](e)
		if d.Agree {
			return s.coName(d.Company) + "'s consent to the merger"
		}
		return s.coName(d.Company) + "'s refusal of the merger"
	case EvTMerged:
		return "the merger on the board"
	case EvTActed:
		d := engine.Payload[tActedEv](e)
		return "the action: " + d.Action
	case EvTMeeting:
		return "the stockholders' meeting"
	case EvTAccepted:
		return "the nominee's answer"
	case EvTVoted:
		d := engine.Payload[tVotedEv](e)
		return s.name(d.Seat) + "'s vote"
	case EvTMeetingDone:
		return "the vote's result"
	case EvTTakeover:
		d := engine.Payload[tTakeoverEv](e)
		return "the hostile takeover by " + s.coName(d.Company)
	case EvTAnnounced:
		d := engine.Payload[tAnnouncedEv](e)
		return "the Mom & Pop's defence roll in " + terr(d.To)
	case EvTDefenceAsked:
		d := engine.Payload[Defence](e)
		return fmt.Sprintf("the attack from %s on %s", terr(d.From), terr(d.To))
	case EvTBattle:
		d := engine.Payload[tBattleEv](e)
		return fmt.Sprintf("the attack from %s on %s", terr(d.Losses.From), terr(d.Losses.To))
	case EvTOccupied:
		d := engine.Payload[tOccupiedEv](e)
		return fmt.Sprintf("moving %d teams in", d.Teams)
	case EvTMoved:
		return "the free move"
	case EvTTakeoverDone:
		return "the end of the takeover"
	case EvTDrew:
		d := engine.Payload[tSeatEv](e)
		return s.name(d.Seat) + " taking a card"
	case EvTRestructured, EvTHired, EvTDownsized, EvTEarned:
		return "an earnings choice"
	}
	return ""
}
