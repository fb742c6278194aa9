package tracker

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"tableside/engine"
)

// A phone may ask the host to undo its own last move. The request is a
// record in the log (so the host's screen hears of it at once), open only
// while it is the log's last record: anything else that happens voids it.
// The host approves (an undo naming the request) or declines (a record of
// its own); undo itself stays the host's. A request is the asker's and the
// host's business: no public screen reads of it, only of the undo once
// approved. After the host says no, the same seat asks again about that
// move only once askAgainAfter has passed, so asking cannot flood the log.
const (
	typeAsk     = "tracker.undo-asked"
	typeDecline = "tracker.undo-declined"
)

// askAgainAfter is how long a seat waits, after the host declined its
// request, before asking again to undo the same move.
const askAgainAfter = time.Minute

// declinedAsk is a seat's request the host said no to, and when.
type declinedAsk struct {
	AskedUndo
	at time.Time
}

// AskedUndo is an undo request: who asked, for which command, in words.
type AskedUndo struct {
	Seq  int64  `json:"seq"`  // the request's own record
	Cmd  int64  `json:"cmd"`  // the command it would undo
	Seat int    `json:"seat"` // who asked
	What string `json:"what"` // the command in words, as the undo button says it
	// From is the first command the request takes back when it takes a
	// whole move of several commands (undo_whole.go); 0 when Cmd alone.
	From int64 `json:"from,omitempty"`
}

type askData struct {
	Cmd  int64  `json:"cmd"`
	What string `json:"what"`
	From int64  `json:"from,omitempty"`
}

type declineData struct {
	Asked int64 `json:"asked"`
}

func isRequest(typ string) bool { return typ == typeAsk || typ == typeDecline }

// addRequest takes an undo request or its refusal into the history.
func (h *history) addRequest(r Record) error {
	if r.Type == typeAsk {
		var d askData
		if err := json.Unmarshal(r.Data, &d); err != nil {
			return fmt.Errorf("event %d: %s: %w", r.Seq, r.Type, err)
		}
		h.asked = &AskedUndo{Seq: r.Seq, Cmd: d.Cmd, Seat: r.Actor, What: d.What, From: d.From}
		h.requests[r.Seq] = *h.asked
		return nil
	}
	var d declineData
	if err := json.Unmarshal(r.Data, &d); err != nil {
		return fmt.Errorf("event %d: %s: %w", r.Seq, r.Type, err)
	}
	h.answered[d.Asked] = "declined"
	if a, ok := h.requests[d.Asked]; ok {
		h.saidNo[a.Seat] = declinedAsk{AskedUndo: a, at: r.Time}
	}
	return nil
}

// SaidNo is seat's newest request the host declined, if any.
func (h *history) SaidNo(seat int) (AskedUndo, bool) {
	d, ok := h.saidNo[seat]
	return d.AskedUndo, ok
}

// AskUndo records seat's request to undo cmd, which must be the newest
// command in force and the seat's own. Asking again for the same open
// request changes nothing.
func (t *Tracker) AskUndo(ctx context.Context, id int64, seat int, cmd int64) (AskedUndo, error) {
	g, err := t.load(ctx, id)
	if err != nil {
		return AskedUndo{}, err
	}
	g.write.Lock()
	defer g.write.Unlock()
	if seat < 0 {
		return AskedUndo{}, engine.Refuse("ask-undo-seat", "Only a player's phone asks to undo; the host undoes with the undo button.")
	}
	if a := g.hist.asked; a != nil && a.Seat == seat && a.Cmd == cmd {
		return *a, nil
	}
	if _, known := g.hist.index[cmd]; !known {
		return AskedUndo{}, engine.Refuse("no-such-command", "There is no move %d in this game.", cmd)
	}
	newest, ok := g.hist.lastDone()
	var scope []group
	if ok {
		scope = g.askScope(newest, seat)
	}
	no, declined := g.hist.saidNo[seat]
	wait := askAgainAfter - t.Now().Sub(no.at)
	switch {
	case declined && no.Cmd == cmd && wait > 0:
		return AskedUndo{}, engine.Refuse("ask-undo-wait", "The host said no to undoing %s a moment ago: ask again in %d s, or talk it over at the table.", no.What, int(wait.Round(time.Second)/time.Second))
	case !ok:
		return AskedUndo{}, errNothingToUndo
	case newest.cmd != cmd:
		return AskedUndo{}, conflict("undo-moved", "%s since; only the newest move can be undone.", g.describe(newest.first))
	case scope == nil:
		return AskedUndo{}, engine.Refuse("not-your-move", "You can ask to undo only your own last move; the last move was not yours (%s).", g.describe(newest.first))
	}
	d := askData{Cmd: cmd, What: g.describeScope(scope)}
	if len(scope) > 1 {
		d.From = scope[len(scope)-1].cmd
	}
	rec := Record{Seq: g.seq + 1, Time: t.Now().UTC(), Actor: seat, Cmd: g.seq + 1, Type: typeAsk,
		Data: engine.NewEvent(typeAsk, d).Data}
	if err := t.appendTrackerRecord(ctx, g, rec); err != nil {
		return AskedUndo{}, fmt.Errorf("ask to undo: %w", err)
	}
	return AskedUndo{Seq: rec.Seq, Cmd: cmd, Seat: seat, What: d.What, From: d.From}, nil
}

// AnswerUndo approves (undoes the command) or declines the open request
// ask. A request that anything else has happened since is void, and one
// already answered says how.
func (t *Tracker) AnswerUndo(ctx context.Context, id, ask int64, approve bool) (Reverted, error) {
	g, err := t.load(ctx, id)
	if err != nil {
		return Reverted{}, err
	}
	g.mu.Lock()
	a, answered := g.hist.asked, g.hist.answered[ask]
	g.mu.Unlock()
	switch {
	case answered != "":
		return Reverted{}, conflict("request-answered", "That request was already %s.", answered)
	case a == nil || a.Seq != ask:
		return Reverted{}, conflict("request-void", "That request no longer stands: something else happened since it was made.")
	}
	if approve {
		return t.revert(ctx, id, typeUndo, a.Cmd, "", ask)
	}
	g.write.Lock()
	defer g.write.Unlock()
	if g.hist.asked == nil || g.hist.asked.Seq != ask {
		return Reverted{}, conflict("request-void", "That request no longer stands: something else happened since it was made.")
	}
	rec := Record{Seq: g.seq + 1, Time: t.Now().UTC(), Actor: engine.Host, Cmd: g.seq + 1, Type: typeDecline,
		Data: engine.NewEvent(typeDecline, declineData{Asked: ask}).Data}
	if err := t.appendTrackerRecord(ctx, g, rec); err != nil {
		return Reverted{}, fmt.Errorf("decline the undo: %w", err)
	}
	return Reverted{What: a.What, Cmd: a.Cmd}, nil
}

// appendTrackerRecord writes one record that does not change the state
// (a request or its refusal) and tells the screens. The caller holds
// g.write.
func (t *Tracker) appendTrackerRecord(ctx context.Context, g *game, rec Record) error {
	if err := t.db.appendRecords(ctx, g.info.ID, []Record{rec}, nil, nil); err != nil {
		return err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.hist.add(rec); err != nil {
		return err
	}
	g.feed = requestFeed(g.info.Setup, g.hist, rec, g.feed)
	g.seq = rec.Seq
	g.notify()
	return nil
}

// requestFeed tells an undo request, its refusal or its approval: the
// asking phone and the host hear of each step in their own feeds; the
// public feed (the TV's ticker, spectators) tells only the undo, once approved.
func requestFeed(setup engine.Setup, h *history, r Record, feed []FeedItem) []FeedItem {
	name := func(seat int) string {
		if seat >= 0 && seat < len(setup.Seats) {
			return setup.Seats[seat].Name
		}
		return "a player"
	}
	// The public line is the room's ticker too (engine.Line.Ticker): a trade
	// or a battle the TV told may be the one taken back.
	line := func(to int, text string) {
		feed = append(feed, FeedItem{Seq: r.Seq, Time: r.Time, Line: engine.Line{To: to, Text: text, Ticker: to == engine.Public}})
	}
	switch r.Type {
	case typeClock:
		return clockFeed(r, feed)
	case typeAsk:
		d := engine.Payload[askData](r.event())
		line(engine.Host, fmt.Sprintf("%s asked to undo: %s", name(r.Actor), d.What))
		line(r.Actor, fmt.Sprintf("You asked the host to undo: %s", d.What))
	case typeDecline:
		if a, ok := h.requests[engine.Payload[declineData](r.event()).Asked]; ok {
			line(engine.Host, fmt.Sprintf("You declined %s's undo request: %s", name(a.Seat), a.What))
			line(a.Seat, "The host said no: "+a.What)
		}
	case typeUndo:
		d := engine.Payload[undoData](r.event())
		if a, ok := h.requests[d.Asked]; ok && d.Asked > 0 {
			line(engine.Public, "Undone: "+a.What)
			line(engine.Host, fmt.Sprintf("You approved %s's undo request", name(a.Seat)))
			line(a.Seat, "The host approved your undo request: it is undone")
		}
	}
	return feed
}
