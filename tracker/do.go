package tracker

import (
	"context"
	"fmt"

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
	// Whoever holds g.write commits everything queued, its own command or
	// others'; a command already answered by an earlier batch finds the
	// queue without it and just reads its answer.
	g.write.Lock()
	for {
		g.qmu.Lock()
		batch := g.queue
		g.queue = nil
		g.qmu.Unlock()
		if len(batch) == 0 {
			break
		}
		rest := t.commitBatch(context.WithoutCancel(ctx), g, batch)
		if len(rest) > 0 {
			g.qmu.Lock()
			g.queue = append(rest, g.queue...)
			g.qmu.Unlock()
		}
		if len(p.done) > 0 {
			break // ours is answered; later arrivals are taken by the next holder
		}
	}
	g.write.Unlock()
	r := <-p.done
	return r.out, r.err
}

// commitBatch decides the batch's commands in order, applies their events in
// memory while holding g.mu (so nobody sees them yet), writes them all in one
// transaction, and only then lets readers in and tells subscribers. When the
// write fails, the state is rebuilt from the log and every command that
// made events is answered with the error. A command that ends the game ends
// the batch: the rest are returned, to be decided after the game's status
// is updated. The caller holds g.write.
func (t *Tracker) commitBatch(ctx context.Context, g *game, batch []*pending) (rest []*pending) {
	g.mu.Lock()
	defer g.mu.Unlock()
	answers := make([]result, len(batch))
	var recs []Record
	seq := g.seq
	finisher, _ := g.rules.(engine.Finisher)
	now := t.Now().UTC()
	for i, p := range batch {
		if p.idem != "" {
			if _, seen := g.hist.idem[p.idem]; seen {
				answers[i] = result{out: Outcome{Seq: seq, Repeat: true}}
				continue
			}
		}
		if g.info.Status != "playing" && !p.cmd.Admin() {
			answers[i] = result{err: engine.Refuse("game-over", "This game is over.")}
			continue
		}
		events, err := g.rules.Decide(g.state, p.cmd, newDice(t.Seed()))
		if err != nil {
			answers[i] = result{err: fmt.Errorf("%s: %w", p.cmd.Type, err)}
			continue
		}
		if len(events) == 0 {
			answers[i] = result{out: Outcome{Seq: seq}}
			continue
		}
		first := seq + 1
		for j, e := range events {
			r := Record{Seq: first + int64(j), Time: now, Actor: p.cmd.Seat, Cmd: first, Type: e.Type, Data: e.Data}
			if j == 0 {
				r.Idem = p.idem
			}
			g.hist.add(r) // cannot fail: we made these records ourselves
			if g.hist.live(r) {
				g.state = g.rules.Evolve(g.state, r.Event())
			}
			recs = append(recs, r)
		}
		seq += int64(len(events))
		answers[i] = result{out: Outcome{Seq: seq, Events: len(events)}}
		if finisher != nil && g.info.Status == "playing" {
			if _, done := finisher.Result(g.state); done {
				batch, rest = batch[:i+1], batch[i+1:]
				answers = answers[:i+1]
				break
			}
		}
	}
	if len(recs) > 0 {
		if err := t.db.appendRecords(ctx, g.info.ID, recs); err != nil {
			// Nothing of the batch is on disk: go back to what the log says.
			if rerr := g.rebuild(ctx, t.db); rerr != nil {
				t.Log.Error("rebuild after a failed write", "game", g.info.ID, "err", rerr)
			}
			for i, a := range answers {
				if a.err == nil && a.out.Events > 0 {
					answers[i] = result{err: fmt.Errorf("%s: %w", batch[i].cmd.Type, err)}
				}
			}
		} else {
			g.seq = seq
			t.checkFinished(ctx, g)
			g.notify()
		}
	}
	for i, p := range batch {
		p.done <- answers[i]
	}
	return rest
}
