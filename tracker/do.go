package tracker

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"tableside/engine"
)

// Outcome is the answer to a command.
type Outcome struct {
	Seq    int64 // the game's last sequence number after the command
	Events int   // how many events the command added
	Repeat bool  // the idempotency key was seen before; nothing new was done
}

// pending is a command waiting for its turn to be decided and committed.
type pending struct {
	cmd  engine.Command
	idem string
	done chan result
}

type result struct {
	out Outcome
	err error
}

// Do decides and applies one command. The events are on disk before the
// change can be seen (by any reader, screen or subscriber) and before Do
// returns; when writing fails, nothing changes. A command with an
// idempotency key that was already answered is not applied again.
//
// Group commit: commands that arrive while another is being written wait
// together and are then decided one after the other, in arrival order, and
// written in one transaction with one fsync. Each is decided against the
// state with every command before it applied, exactly as if they had come
// one at a time; a busy table (or a load test) no longer queues behind one
// disk flush per command.
func (t *Tracker) Do(ctx context.Context, id int64, cmd engine.Command, idem string) (Outcome, error) {
	g, err := t.load(ctx, id)
	if err != nil {
		return Outcome{}, err
	}
	p := &pending{cmd: cmd, idem: idem, done: make(chan result, 1)}
	g.qmu.Lock()
	g.queue = append(g.queue, p)
	g.qmu.Unlock()
	t.drain(ctx, g, p)
	r := <-p.done
	return r.out, r.err
}

// drain commits what is queued until p is answered. Whoever holds g.write
// commits everything queued, its own command or others'; a command already
// answered by an earlier batch finds the queue without it and just reads its
// answer. The lock is released by defer: nothing that goes wrong in a batch
// may leave the game locked.
func (t *Tracker) drain(ctx context.Context, g *game, p *pending) {
	g.write.Lock()
	defer g.write.Unlock()
	for {
		g.qmu.Lock()
		batch := g.queue
		g.queue = nil
		g.qmu.Unlock()
		if len(batch) == 0 {
			return
		}
		rest := t.commitBatch(context.WithoutCancel(ctx), g, batch)
		if len(rest) > 0 {
			g.qmu.Lock()
			g.queue = append(rest, g.queue...)
			g.qmu.Unlock()
		}
		if len(p.done) > 0 {
			return // ours is answered; later arrivals are taken by the next holder
		}
	}
}

// commitBatch decides the batch's commands in order, applies their events in
// memory while holding g.mu (so nobody sees them yet), writes them all in one
// transaction, and only then lets readers in and tells subscribers. When the
// write fails, the state is rebuilt from the log and every command that
// made events is answered with the error. A command that ends the game ends
// the batch: its events and the game's new status are written together, and
// the rest are returned, to be decided against the finished game. An engine
// that panics refuses only its own command: the state is rebuilt from the
// log and the batch's earlier commands. The caller holds g.write.
func (t *Tracker) commitBatch(ctx context.Context, g *game, batch []*pending) (rest []*pending) {
	g.mu.Lock()
	defer g.mu.Unlock()
	answers := make([]result, len(batch))
	defer func() {
		for i, p := range batch {
			p.done <- answers[i]
		}
	}()
	if g.stale {
		if err := g.rebuild(ctx, t.db); err != nil {
			for i := range answers {
				answers[i] = result{err: fmt.Errorf("game %d: %w", g.info.ID, err)}
			}
			return nil
		}
	}
	var recs []Record
	onDisk, diceOnDisk := g.seq, g.dice
	seq := g.seq
	now := t.Now().UTC()
	for i, p := range batch {
		hash := commandHash(p.cmd.Type, p.cmd.Seat, p.cmd.Data)
		if p.idem != "" {
			if use, seen := g.hist.idem[p.idem]; seen {
				if !use.matches(p.cmd.Seat, hash) {
					answers[i] = result{err: errKeyReused}
					continue
				}
				answers[i] = result{out: Outcome{Seq: seq, Repeat: true}}
				continue
			}
		}
		if g.info.Status != statusPlaying && !p.cmd.Admin() {
			answers[i] = result{err: engine.Refuse("game-over", "This game is over.")}
			continue
		}
		cmdRecs, done, err := t.apply(g, p, seq+1, now, hash)
		var fault *faultError
		if errors.As(err, &fault) {
			answers[i] = result{err: fmt.Errorf("%s: %w", p.cmd.Type, err)}
			t.Log.Error("engine fault", "game", g.info.ID, "kind", fault.Kind, "in", fault.Where,
				"command", p.cmd.Type, "seat", p.cmd.Seat, "panic", fmt.Sprint(fault.Value), "stack", string(fault.Stack))
			// The state (and history) may be half-changed: put back what
			// the log and this batch's earlier commands say.
			if rerr := g.rebuild(ctx, t.db, recs...); rerr != nil {
				// Nothing in memory can be trusted: write nothing, refuse
				// the whole batch, and rebuild before the next change.
				g.stale, g.dice = true, diceOnDisk
				t.Log.Error("rebuild after an engine fault", "game", g.info.ID, "err", rerr)
				for j := range batch {
					if j > i || (answers[j].err == nil && answers[j].out.Events > 0) {
						answers[j] = result{err: fmt.Errorf("%s: %w", batch[j].cmd.Type, err)}
					}
				}
				return nil
			}
			g.seq = onDisk // rebuild moved it to the batch's last record
			continue
		}
		if err != nil {
			answers[i] = result{err: fmt.Errorf("%s: %w", p.cmd.Type, err)}
			continue
		}
		if len(cmdRecs) == 0 {
			answers[i] = result{out: Outcome{Seq: seq}}
			continue
		}
		recs = append(recs, cmdRecs...)
		seq += int64(len(cmdRecs))
		answers[i] = result{out: Outcome{Seq: seq, Events: len(cmdRecs)}}
		if done {
			batch, rest = batch[:i+1], batch[i+1:]
			answers = answers[:i+1]
			break
		}
	}
	if len(recs) == 0 {
		return rest
	}
	ch, res, err := g.statusFor(g.state, now)
	if err != nil {
		t.Log.Error("game status", "game", g.info.ID, "err", err)
		ch = nil
	}
	var seed *[32]byte
	if g.dice != diceOnDisk {
		seed = &g.dice
	}
	if err := t.db.appendRecords(ctx, g.info.ID, recs, ch, seed); err != nil {
		// Nothing of the batch is on disk: go back to what the log says.
		g.dice = diceOnDisk
		if rerr := g.rebuild(ctx, t.db); rerr != nil {
			g.stale = true
			t.Log.Error("rebuild after a failed write", "game", g.info.ID, "err", rerr)
		}
		for i, a := range answers {
			if a.err == nil && a.out.Events > 0 {
				answers[i] = result{err: fmt.Errorf("%s: %w", batch[i].cmd.Type, err)}
			}
		}
		return rest
	}
	g.seq = seq
	t.statusChanged(ctx, g, ch, res)
	t.remember(ctx, g)
	g.notify()
	return rest
}

// apply decides one command against the state and applies its events in
// memory, numbering them from first. done reports that the command ended the
// game. A panic in the engine comes back as a faultError, with the state
// possibly half-changed. A command that rolled the app's dice reveals their
// seed on its first event and moves the game on to the next seed, whose
// commitment the reveal publishes.
func (t *Tracker) apply(g *game, p *pending, first int64, now time.Time, hash string) (recs []Record, done bool, err error) {
	var events []engine.Event
	var derr error
	d := newDice(g.dice, t.Seed())
	if err := guard(g.info.Kind, "Decide", func() { events, derr = g.rules.Decide(g.state, p.cmd, d) }); err != nil {
		return nil, false, err
	}
	if derr != nil || len(events) == 0 {
		return nil, false, derr
	}
	var reveal *DiceReveal
	var next [32]byte
	if rolls := d.rolls.rolls; len(rolls) > 0 {
		next = t.Seed()
		reveal = &DiceReveal{Commit: Commitment(g.dice), Seed: hex.EncodeToString(g.dice[:]), Rolls: rolls, Next: Commitment(next)}
	}
	if recs, err = t.evolve(g, p, events, first, now, hash, reveal); err != nil {
		return nil, false, err
	}
	var res engine.Result
	over := false
	if err := guard(g.info.Kind, "Result", func() { res, over = g.rules.Result(g.state) }); err != nil {
		return nil, false, err
	}
	done = over && g.info.Status == statusPlaying
	reads, err := probe(g.rules, g.state, len(g.info.Setup.Seats), res, over)
	if err != nil {
		return nil, false, err
	}
	reads.Seq = recs[len(recs)-1].Seq
	g.reads = reads // what this seq's live frames are drawn from (Frame.Reads)
	if reveal != nil {
		g.dice = next // the next roll's seed, whose commitment the reveal names
	}
	return recs, done, nil
}

// evolve numbers a command's events from first and applies them in memory,
// with their feed lines; the first record carries the dice's reveal, if any.
// The first record's words (the undo button's and the timeline's label) are
// asked for too, so that an engine that panics on any of them refuses the
// command before anything is written.
func (t *Tracker) evolve(g *game, p *pending, events []engine.Event, first int64, now time.Time, hash string, reveal *DiceReveal) (recs []Record, err error) {
	var lerr error
	err = guard(g.info.Kind, "Evolve", func() {
		for j, e := range events {
			r := Record{Seq: first + int64(j), Time: now, Actor: p.cmd.Seat, Cmd: first, Type: e.Type, Data: e.Data}
			if j == 0 && p.idem != "" {
				r.Idem, r.IdemHash = p.idem, hash
			}
			if j == 0 {
				r.Dice = reveal
			}
			g.hist.add(r) // cannot fail: we made these records ourselves
			recs = append(recs, r)
			if !g.hist.live(r) {
				continue
			}
			g.state = g.rules.Evolve(g.state, r.event())
			var lines []engine.Line
			if lines, lerr = feedLines(g.rules, g.state, r); lerr != nil {
				return
			}
			g.feed = appendFeed(g.feed, r, lines)
		}
	})
	if err == nil {
		err = lerr
	}
	if err == nil && len(recs) > 0 {
		err = checkDescribe(g.rules, g.state, recs[0])
	}
	return recs, err
}
