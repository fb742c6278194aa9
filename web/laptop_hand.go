package web

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/tracker"
)

// A player without a phone plays from the laptop: the host screen opens
// the private hand of a seat the table waits for, behind a deliberate tap,
// and shows that seat's own move sheet (the engine's Moves for the seat),
// whose moves the laptop sends as that seat. The hand is open for one seat
// at a time, and only while the table still waits for that seat and the
// laptop was used in the last laptopHandFor: a change of whose move it is,
// the timeout or "Hide" closes it, and the next thing the laptop fetches
// holds nothing of it. The other seats' secrets never reach the laptop,
// since the open hand is drawn from that seat's own view (engine.View for
// the seat), which holds no other seat's secret.

// laptopHandFor is how long an open hand stays open without a move sent
// from it: long enough to think, short enough that a hand left open by a
// player who walked away closes before the next player sits down.
const laptopHandFor = 60 * time.Second

// laptopHands is which seat's hand each game has open on the laptop.
type laptopHands struct {
	mu   sync.Mutex
	open map[int64]openHand
}

// openHand is a hand open on the laptop until a moment.
type openHand struct {
	seat  int
	until time.Time
}

// get is the game's open hand, if one is open and not timed out.
func (l *laptopHands) get(id int64, now time.Time) (openHand, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	h, ok := l.open[id]
	if ok && !now.Before(h.until) {
		delete(l.open, id)
		return openHand{}, false
	}
	return h, ok
}

// set opens seat's hand (or keeps it open) for laptopHandFor from now.
func (l *laptopHands) set(id int64, seat int, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open == nil {
		l.open = map[int64]openHand{}
	}
	l.open[id] = openHand{seat: seat, until: now.Add(laptopHandFor)}
}

// close closes the game's hand; with seat >= 0, only when that seat's is
// the one open (a close that raced with another opening leaves it).
func (l *laptopHands) close(id int64, seat int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if h, ok := l.open[id]; ok && (seat < 0 || h.seat == seat) {
		delete(l.open, id)
	}
}

// laptopPanel is the host screen's "plays on the laptop" card.
type laptopPanel struct {
	GameID int64
	// Offers are the seats the table waits for, each with its "Show
	// Ana's hand" button, when no hand is open.
	Offers []laptopOffer
	// Hand is the open hand, drawn from its seat's own view.
	Hand *laptopHandView
	// Seats are every seat with its "plays on the laptop" setting.
	Seats []laptopOffer
	// Over: the game has ended; nothing is offered.
	Over bool
	// At is the game's seq the card was drawn at, so a screen (and a
	// test) can tell a card that caught up with the live view.
	At int64
}

// laptopOffer is one seat as the panel offers it.
type laptopOffer struct {
	Seat     int
	Name     string
	OnLaptop bool // the host set this seat to play on the laptop: one tap opens its hand
	Phone    bool // a phone holds the seat
}

// laptopHandView is an open hand: its seat's own numbers, cards and move
// sheet, which the laptop sends as that seat.
type laptopHandView struct {
	Seat     int
	Name     string
	Text     string // what the table waits for from this seat
	Left     int    // seconds before it closes by itself
	Lines    []string
	Standing []standingItem
	Sheet    *moveSheet
	at       int64 // the game's seq it was drawn at
}

// laptopPanelFor builds the host's panel for a game as it stands now: the
// open hand if it is still this seat's move, else the offers. A hand whose
// seat the table no longer waits for is closed here, so no later fetch
// draws it.
func (s *Server) laptopPanelFor(ctx context.Context, id int64) (*laptopPanel, error) {
	info, err := s.tracker.Info(ctx, id)
	if err != nil {
		return nil, err
	}
	p := &laptopPanel{GameID: id, Over: !info.IsPlaying()}
	if err := s.laptopSeats(ctx, info, p); err != nil {
		return nil, err
	}
	if p.Over {
		s.laptop.close(id, -1)
		return p, nil
	}
	now := time.Now()
	if h, ok := s.laptop.get(id, now); ok && h.seat < len(p.Seats) && p.Seats[h.seat].Phone {
		s.laptop.close(id, h.seat) // a phone claimed the seat: it answers there, or through the sheet's fold
	} else if ok {
		hv, err := s.openHandView(ctx, id, h, now)
		if err != nil {
			return nil, err
		}
		if hv != nil {
			p.Hand, p.At = hv, hv.at
			return p, nil
		}
		s.laptop.close(id, h.seat) // the move passed to someone else
	}
	waited, at, err := s.waitedSeats(ctx, id)
	if err != nil {
		return nil, err
	}
	p.At = at
	for _, seat := range waited {
		// A seat a phone holds is answered for through its fold on the
		// host's sheet (answerFor), never from this card.
		if seat >= 0 && seat < len(p.Seats) && !p.Seats[seat].Phone {
			p.Offers = append(p.Offers, p.Seats[seat])
		}
	}
	return p, nil
}

// laptopSeats fills each seat's setting and whether a phone holds it.
func (s *Server) laptopSeats(ctx context.Context, info tracker.GameInfo, p *laptopPanel) error {
	on, err := s.seats.LaptopSeats(ctx, info.ID)
	if err != nil {
		return err
	}
	holders, err := s.seats.Holders(ctx, info.ID)
	if err != nil {
		return err
	}
	for i, seat := range info.Setup.Seats {
		_, phone := holders[i]
		p.Seats = append(p.Seats, laptopOffer{Seat: i, Name: seat.Name, OnLaptop: on[i], Phone: phone})
	}
	return nil
}

// waitedSeats are the seats the table waits for now (engine.Waiter), and
// the game's seq then.
func (s *Server) waitedSeats(ctx context.Context, id int64) (out []int, at int64, err error) {
	err = s.tracker.SnapshotFor(ctx, id, engine.Viewer{Seat: engine.Host}, 0, func(f tracker.Frame) error {
		at = f.Seq
		rules, ok := s.tracker.Rules(f.Info.Kind)
		if !ok {
			return fmt.Errorf("game %d: no engine for %q", id, f.Info.Kind)
		}
		if wt, ok := rules.Waiting(f.State); ok {
			out = append(out, wt.Seats...)
		}
		return nil
	})
	return out, at, err
}

// openHandView draws h's seat as its own phone sees it, or nil when the
// table no longer waits for that seat.
func (s *Server) openHandView(ctx context.Context, id int64, h openHand, now time.Time) (*laptopHandView, error) {
	var hv *laptopHandView
	v := engine.Viewer{Seat: h.seat}
	err := s.tracker.SnapshotFor(ctx, id, v, 0, func(f tracker.Frame) error {
		rules, ok := s.tracker.Rules(f.Info.Kind)
		if !ok {
			return fmt.Errorf("game %d: no engine for %q", id, f.Info.Kind)
		}
		wt, ok := rules.Waiting(f.State)
		if !ok || !wt.Owes(h.seat) || h.seat >= len(f.Info.Setup.Seats) {
			return nil
		}
		moves := rules.Moves(f.State, v)
		sheet := sheetFor(moves, v, id, nil)
		if sheet != nil {
			for i := range sheet.Steps {
				laptopAction(sheet.Steps[i].Top, id, h.seat)
				for _, folds := range [][]sheetFold{sheet.Steps[i].More, sheet.Steps[i].Map} {
					for j := range folds {
						laptopAction(folds[j].Moves, id, h.seat)
					}
				}
			}
		}
		hv = &laptopHandView{Seat: h.seat, Name: f.Info.Setup.Seats[h.seat].Name, Text: moves.Text,
			Left: int(h.until.Sub(now).Seconds() + 0.5), Lines: handLines(rules.View(f.State, v)),
			Standing: standingFor(rules, f.State, v), Sheet: sheet, at: f.Seq}
		if hv.Text == "" {
			hv.Text = wt.Text
		}
		return nil
	})
	return hv, err
}

// laptopAction points each move's form at the laptop's route for the
// seat, which sends it as that seat while its hand is open.
func laptopAction(ms []sheetMove, id int64, seat int) {
	for i := range ms {
		ms[i].Action = laptopPath(id, seat) + "/commands"
	}
}

// laptopPath is the laptop's routes for one seat's hand.
func laptopPath(id int64, seat int) string { return fmt.Sprintf("/games/%d/laptop/%d", id, seat) }

// laptopForPage is the panel for a host's game page (nil for anyone else,
// a TV and JSON).
func (s *Server) laptopForPage(c echo.Context, id int64, v engine.Viewer, asJSON bool) (*laptopPanel, error) {
	if !v.IsHost() || asJSON {
		return nil, nil
	}
	if tv, _ := c.Get("tv").(bool); tv {
		return nil, nil
	}
	return s.laptopPanelFor(c.Request().Context(), id)
}

// listOrNone joins a list for a line, or says there is nothing.
func listOrNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}
