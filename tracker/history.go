package tracker

import (
	"encoding/json"
	"fmt"
)

// Undo and redo are events in the log like any other, so nothing is ever
// deleted and a replay sees exactly what the table saw.
const (
	typeUndo = "tracker.undo"
	typeRedo = "tracker.redo"
)

type undoData struct {
	Cmd int64 `json:"cmd"` // the command (its first seq) undone or redone
	// Asked is the undo request (its seq) this undo approved, 0 for the
	// host's own undo (undo_request.go).
	Asked int64 `json:"asked,omitempty"`
	// Next is, on a redo of a command that rolled the app's dice, the
	// commitment to the fresh seed of the next roll (the redone roll's
	// own next seed was given up when it was undone; see dice_undo.go).
	Next string `json:"next,omitempty"`
}

// group is one answered command: the events it made, undone or not.
type group struct {
	cmd    int64
	first  Record // its first event, which describes it
	undone bool
}

// history follows the command groups of a log as records arrive, and knows
// which groups are in force. It is shared by the live game and by replay.
type history struct {
	groups []group
	index  map[int64]int      // cmd -> position in groups
	redo   []int64            // undone commands that may be redone, newest last
	idem   map[string]idemUse // idempotency key -> what it was first used for
	// asked is the undo request still open: the log's last record asks.
	// Any other record voids it. answered says how each request ended.
	asked    *AskedUndo
	answered map[int64]string    // request seq -> "approved" or "declined"
	requests map[int64]AskedUndo // request seq -> the request
	saidNo   map[int]declinedAsk // seat -> the newest of its requests the host declined
	// clock is the turn clock's setting in force (clock.go).
	clock ClockSetting
}

// idemUse is what an idempotency key was first used for: a key answers as a
// repeat only for the same seat sending the same command again.
type idemUse struct {
	cmd  int64  // the command (or undo/redo event) it made
	seat int    // who sent it
	hash string // commandHash of what was sent; "" in logs written before hashes were kept
}

// matches reports whether a key's first use was this seat sending this
// command. Old records without a hash match any command from the same seat.
func (u idemUse) matches(seat int, hash string) bool {
	return u.seat == seat && (u.hash == "" || u.hash == hash)
}

func newHistory() *history {
	return &history{index: map[int64]int{}, idem: map[string]idemUse{}, answered: map[int64]string{}, requests: map[int64]AskedUndo{}, saidNo: map[int]declinedAsk{}}
}

// add takes the next record of the log.
func (h *history) add(r Record) error {
	if r.Type == typeClock { // a pause for a break leaves an undo request open
		return h.addClock(r)
	}
	h.asked = nil // a request is open only while nothing else has happened
	switch r.Type {
	case typeAsk, typeDecline:
		return h.addRequest(r)
	case typeUndo, typeRedo:
		var d undoData
		if err := json.Unmarshal(r.Data, &d); err != nil {
			return fmt.Errorf("event %d: %s: %w", r.Seq, r.Type, err)
		}
		i, ok := h.index[d.Cmd]
		if !ok {
			return fmt.Errorf("event %d: %s names unknown command %d", r.Seq, r.Type, d.Cmd)
		}
		if r.Idem != "" {
			h.idem[r.Idem] = idemUse{cmd: r.Seq, seat: r.Actor, hash: r.IdemHash}
		}
		if d.Asked > 0 {
			h.answered[d.Asked] = "approved"
		}
		if r.Type == typeUndo {
			h.groups[i].undone = true
			h.redo = append(h.redo, d.Cmd)
		} else {
			h.groups[i].undone = false
			h.redo = h.redo[:len(h.redo)-1]
		}
		return nil
	}
	if r.Cmd == r.Seq { // the first event of a new command
		h.index[r.Cmd] = len(h.groups)
		h.groups = append(h.groups, group{cmd: r.Cmd, first: r})
		h.redo = h.redo[:0] // a new command ends the redo chain, as in any editor
		if r.Idem != "" {
			h.idem[r.Idem] = idemUse{cmd: r.Cmd, seat: r.Actor, hash: r.IdemHash}
		}
	}
	return nil
}

// live reports whether a record takes effect on the state.
func (h *history) live(r Record) bool {
	if isTrackerType(r.Type) {
		return false
	}
	i, ok := h.index[r.Cmd]
	return ok && !h.groups[i].undone
}

// lastDone is the newest command in force, the one Undo would revert.
func (h *history) lastDone() (group, bool) {
	for i := len(h.groups) - 1; i >= 0; i-- {
		if !h.groups[i].undone {
			return h.groups[i], true
		}
	}
	return group{}, false
}

// nextRedo is the command Redo would restore.
func (h *history) nextRedo() (group, bool) {
	if len(h.redo) == 0 {
		return group{}, false
	}
	return h.groups[h.index[h.redo[len(h.redo)-1]]], true
}

// isTrackerType reports whether a record is the tracker's (undo, redo, an
// undo request and its refusal, a clock setting) rather than the engine's.
func isTrackerType(typ string) bool {
	switch typ {
	case typeUndo, typeRedo, typeAsk, typeDecline, typeClock:
		return true
	}
	return false
}
