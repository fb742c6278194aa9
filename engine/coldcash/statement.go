package coldcash

import (
	"fmt"
	"strings"

	"tableside/engine"
	"tableside/ledger"
)

// Statement is one player's whole account: every ledger entry that touched
// it, oldest first, with the running cash balance, and their net worth at
// today's prices. Screens carry only the newest lines (maxStatement); this
// is the full page.
type Statement struct {
	Seat     int             `json:"seat"`
	Name     string          `json:"name"`
	Own      bool            `json:"own"` // the player's own phone: share balances and hidden shares included
	Lines    []StatementLine `json:"lines"`
	Cash     int             `json:"cash"`
	Holdings []Holding       `json:"holdings"`
	Worth    int             `json:"worth"`
	WorthWhy string          `json:"worthWhy"` // the sum, spelled out
	// VisibleOnly says the worth counts visible shares only: the host
	// does not see hidden shares.
	VisibleOnly bool `json:"visibleOnly"`
	PaidIn      int  `json:"paidIn"`  // every dollar received
	PaidOut     int  `json:"paidOut"` // every dollar paid (positive)
}

// Statement is seat's full statement as v may see it (see State.StatementFor).
func (Rules) Statement(st engine.State, v engine.Viewer, seat int) (Statement, error) {
	return st.(*State).StatementFor(v, seat)
}

// StatementFor builds seat's full statement for viewer v. The host may read
// every player's; a phone only its own; the public view none. Only the
// player's own copy shows the share balances after each entry and hidden
// shares; the host's shows the cash and the shares each entry moved, which
// the table saw happen.
func (s *State) StatementFor(v engine.Viewer, seat int) (Statement, error) {
	if seat < 0 || seat >= len(s.Seats) {
		return Statement{}, engine.Refuse("no-such-seat", "There is no player %d.", seat)
	}
	own := v.Seat == seat
	if !own && !v.IsHost() {
		return Statement{}, engine.Refuse("own-statement-only", "A statement is for its own player's phone and the host: %s's is not yours to read.", s.name(seat))
	}
	st := Statement{Seat: seat, Name: s.name(seat), Own: own, VisibleOnly: !own, Lines: []StatementLine{},
		Cash: s.Book.Balance(ledger.Account(seat)), Holdings: s.holdings(seat, own)}
	for _, l := range s.Book.Statement(ledger.Account(seat)) {
		sl := StatementLine{Seq: l.Seq, Reason: l.Reason, Cash: l.Cash, CashAfter: l.CashAfter, Shares: s.named(l.Shares)}
		if own {
			sl.SharesHeld = s.named(l.SharesHeld)
		}
		if l.Cash > 0 {
			st.PaidIn += l.Cash
		} else {
			st.PaidOut -= l.Cash
		}
		st.Lines = append(st.Lines, sl)
	}
	st.Worth = st.Cash
	parts := []string{engine.Dollars(st.Cash) + " cash"}
	for _, h := range st.Holdings {
		st.Worth += h.Value
		n := h.Visible + h.Hidden
		what := fmt.Sprintf("%d %s", n, h.Name)
		if h.Hidden > 0 {
			what = fmt.Sprintf("%d %s (%d hidden)", n, h.Name, h.Hidden)
		}
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s × %s", what, engine.Dollars(h.Value/n)))
		}
	}
	st.WorthWhy = strings.Join(parts, " + ") + " = " + engine.Dollars(st.Worth)
	if st.VisibleOnly {
		st.WorthWhy += " (visible shares only)"
	}
	return st, nil
}
