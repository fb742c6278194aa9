package takeover

import (
	"fmt"

	"tableside/engine"
)

// View is what one screen may see. Coins are in Me only, for the seat that
// holds them; everyone else sees how many coins a player holds, never which.
type View struct {
	Phase     string       `json:"phase"`
	Reason    string       `json:"reason,omitempty"`
	Waiting   string       `json:"waiting"`
	Turn      int          `json:"turn"`
	Rows      [][]CellView `json:"rows"`
	Seats     []SeatView   `json:"seats"`
	Pool      []CoinView   `json:"pool,omitempty"`
	Discarded []CoinView   `json:"discarded"`
	Passes    int          `json:"passes"`
	EndWhen   string       `json:"endWhen"`
	Me        *Hand        `json:"me,omitempty"`
	Scores    []ScoreLine  `json:"scores,omitempty"`
	CellNames []string     `json:"cellNames"`
}

// CellView is one grid cell.
type CellView struct {
	Index  int      `json:"index"`
	Name   string   `json:"name"`
	Empty  bool     `json:"empty"`
	Top    string   `json:"top,omitempty"`
	Label  string   `json:"label,omitempty"`
	Short  string   `json:"short,omitempty"`
	Mark   string   `json:"mark,omitempty"` // suit symbol and value, for the grid: "☀3", "☾0"
	Suit   string   `json:"suit,omitempty"`
	Height int      `json:"height"`
	Worth  int      `json:"worth"`
	Under  []string `json:"under,omitempty"` // the absorbed tiles, bottom first
}

// SeatView is a player as everyone sees them.
type SeatView struct {
	Seat    int    `json:"seat"`
	Name    string `json:"name"`
	Coins   int    `json:"coins"`
	Decided bool   `json:"decided"`
	OnTurn  bool   `json:"onTurn"`
}

// CoinView is a coin for display.
type CoinView struct {
	Code  string `json:"code"`
	Label string `json:"label"`
	Short string `json:"short"`
	Stock bool   `json:"stock"`
	Value int    `json:"value"`
}

// Hand is a player's own secret holdings and the merges open to them.
type Hand struct {
	Seat    int           `json:"seat"`
	Coins   []CoinView    `json:"coins"`
	Cash    int           `json:"cash"`
	MyTurn  bool          `json:"myTurn"`
	MyPick  bool          `json:"myPick"`
	Options []MergeOption `json:"options,omitempty"`
}

// MergeOption is a merge the player could make now.
type MergeOption struct {
	From    int    `json:"from"`
	To      int    `json:"to"`
	Text    string `json:"text"`
	Cost    int    `json:"cost"`
	Special bool   `json:"special"`
}

// View returns what v may see.
func (Rules) View(st engine.State, v engine.Viewer) any {
	s := st.(*State)
	out := View{Phase: s.Phase, Reason: s.Reason, Turn: s.Turn, Passes: s.Passes, EndWhen: s.Settings.EndWhen,
		Discarded: coinViews(s.Discarded)}
	for i := 0; i < Cells; i++ {
		out.CellNames = append(out.CellNames, CellName(i))
	}
	for r := 0; r < Rows; r++ {
		row := make([]CellView, Cols)
		for c := 0; c < Cols; c++ {
			row[c] = cellView(s.Grid, r*Cols+c)
		}
		out.Rows = append(out.Rows, row)
	}
	for i, p := range s.Players {
		on := (s.Phase == PhasePlay && s.Turn == i) || (s.Phase == PhaseDraft && DraftSeat(s.First, len(s.Seats), s.Picks) == i)
		out.Seats = append(out.Seats, SeatView{Seat: i, Name: s.name(i), Coins: len(p.Coins), Decided: p.Decided, OnTurn: on})
	}
	if s.Phase == PhaseDraft {
		out.Pool = coinViews(s.Pool)
	}
	out.Waiting = s.waiting()
	if s.Phase == PhaseOver {
		out.Scores = s.Scores() // the cash-out: every holding is revealed
	}
	if v.Seat >= 0 && v.Seat < len(s.Players) {
		out.Me = s.hand(v.Seat)
	}
	return out
}

// Waiting is what the table waits for (engine.Waiter): the host's layout,
// the seat drafting, the players still choosing stock in secret, the
// player on turn.
func (Rules) Waiting(st engine.State) (engine.Waiting, bool) {
	s := st.(*State)
	switch s.Phase {
	case PhaseSetup:
		return engine.Waiting{Seats: []int{}, Text: "lay out the tiles"}, true
	case PhaseDraft:
		return engine.Waiting{Seats: []int{DraftSeat(s.First, len(s.Seats), s.Picks)}, Text: "take a coin", Decision: DecideDraft}, true
	case PhaseConceal:
		var seats []int
		for i, p := range s.Players {
			if !p.Decided {
				seats = append(seats, i)
			}
		}
		return engine.Waiting{Seats: seats, Text: "choose stock and cash in secret", Decision: DecideConceal}, true
	case PhasePlay:
		return engine.Waiting{Seats: []int{s.Turn}, Text: "merge two corporations or pass", Decision: DecidePlay}, true
	}
	return engine.Waiting{}, false
}

// waiting is the same, said for the view's own line.
func (s *State) waiting() string {
	if w, ok := (Rules{}).Waiting(s); ok {
		return engine.WaitingLine(w, s.name)
	}
	return "The game is over: " + s.Reason + "."
}

var _ engine.Waiter = Rules{}

func (s *State) hand(seat int) *Hand {
	p := &s.Players[seat]
	h := &Hand{Seat: seat, Cash: p.Cash(),
		MyTurn: s.Phase == PhasePlay && s.Turn == seat,
		MyPick: s.Phase == PhaseDraft && DraftSeat(s.First, len(s.Seats), s.Picks) == seat}
	for _, c := range p.Coins {
		cv := coinView(c.Code)
		cv.Stock = c.Stock
		h.Coins = append(h.Coins, cv)
	}
	if h.MyTurn {
		h.Options = s.Options(seat)
	}
	return h
}

// Options lists every merge seat could afford now.
func (s *State) Options(seat int) []MergeOption {
	var out []MergeOption
	for a := 0; a < Cells; a++ {
		for b := 0; b < Cells; b++ {
			if a == b || len(s.Grid[a]) == 0 || len(s.Grid[b]) == 0 {
				continue
			}
			near := neighbours(a, b)
			if !near && !clearLine(s.Grid, a, b) {
				continue
			}
			if !s.canAfford(seat, a, b, near) {
				continue
			}
			o := MergeOption{From: a, To: b, Cost: MergeCost(s.Grid[a].Top(), s.Grid[b].Top()), Special: !near}
			o.Text = fmt.Sprintf("%s %s onto %s %s", CellName(a), Short(s.Grid[a].Top()), CellName(b), Short(s.Grid[b].Top()))
			if o.Cost > 0 {
				o.Text += fmt.Sprintf(" · cost %d", o.Cost)
			} else {
				o.Text += " · free"
			}
			if o.Special {
				o.Text += " · null coin"
			}
			out = append(out, o)
		}
	}
	return out
}

func cellView(g []Stack, i int) CellView {
	st := g[i]
	cv := CellView{Index: i, Name: CellName(i), Empty: len(st) == 0, Height: len(st), Worth: st.Worth()}
	if len(st) > 0 {
		cv.Top, cv.Label, cv.Short, cv.Suit = st.Top(), Label(st.Top()), Short(st.Top()), Suit(st.Top())
		cv.Mark = string([]rune(cv.Short)[0]) + st.Top()[1:]
		for _, t := range st[:len(st)-1] {
			cv.Under = append(cv.Under, Short(t))
		}
	}
	return cv
}

func coinView(code string) CoinView {
	return CoinView{Code: code, Label: Label(code), Short: Short(code), Value: Rank(code)}
}

func coinViews(codes []string) []CoinView {
	out := []CoinView{}
	for _, c := range codes {
		out = append(out, coinView(c))
	}
	return out
}
