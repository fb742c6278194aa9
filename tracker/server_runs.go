package tracker

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// The turn clock does not count time while the server was down. Each start
// of the server is a run (migration 008): when it started and the last time
// it was known to be up, written every aliveEvery and at a clean stop. A
// crash loses at most aliveEvery of the thinking before it: the time from
// the last sign of life to the crash is counted as down.

// aliveEvery is how often a running server writes that it is still up:
// often enough that a kill -9 costs the turn clock seconds, not a minute
// (one tiny UPDATE each time).
const aliveEvery = 2 * time.Second

// Span is a stretch of time the turn clock does not count: a pause, or
// the server down.
type Span struct {
	From time.Time `json:"from"`
	To   time.Time `json:"to"`
}

// Run is one run of the server, from StartRun to its last Alive.
type Run struct{ id int64 }

// StartRun records that the server starts now.
func (d *DB) StartRun(ctx context.Context, now time.Time) (Run, error) {
	at := now.UTC().Format(time.RFC3339Nano)
	res, err := d.ExecContext(ctx, `INSERT INTO server_runs(started, alive) VALUES (?, ?)`, at, at)
	if err != nil {
		return Run{}, fmt.Errorf("record the server's start: %w", err)
	}
	d.runsChanged()
	id, err := res.LastInsertId()
	return Run{id: id}, err
}

// Alive records that the run is still up now (its last sign of life so far).
func (d *DB) Alive(ctx context.Context, r Run, now time.Time) error {
	if _, err := d.ExecContext(ctx, `UPDATE server_runs SET alive = ? WHERE id = ?`, now.UTC().Format(time.RFC3339Nano), r.id); err != nil {
		return fmt.Errorf("record the server up: %w", err)
	}
	d.runsChanged()
	return nil
}

// downCache is the server's down spans as last read from server_runs,
// which change only when this process starts or keeps a run (StartRun,
// Alive): the turn clock asks for them at every change of a game, and
// reading them from the database each time was a fifth of a live frame's
// cost under make load.
type downCache struct {
	mu    sync.Mutex
	gen   int64 // counts the writes to server_runs
	read  int64 // the gen spans were read at (-1: none read)
	spans []Span
}

// runsChanged forgets the down spans read so far: server_runs was written.
func (d *DB) runsChanged() {
	d.down.mu.Lock()
	d.down.gen++
	d.down.mu.Unlock()
}

// downtime is every gap between one run's last sign of life and the next
// run's start that ends after since, oldest first.
func (d *DB) downtime(ctx context.Context, since time.Time) ([]Span, error) {
	d.down.mu.Lock()
	gen, spans, ok := d.down.gen, d.down.spans, d.down.read == d.down.gen+1
	d.down.mu.Unlock()
	if !ok {
		var err error
		if spans, err = d.readDowntime(ctx); err != nil {
			return nil, err
		}
		d.down.mu.Lock()
		if d.down.gen == gen { // no write since the read began
			d.down.spans, d.down.read = spans, gen+1
		}
		d.down.mu.Unlock()
	}
	var out []Span
	for _, s := range spans {
		if s.To.After(since) {
			out = append(out, s)
		}
	}
	return out, nil
}

// readDowntime reads every gap between one run's last sign of life and the
// next run's start, oldest first.
func (d *DB) readDowntime(ctx context.Context) ([]Span, error) {
	rows, err := d.QueryContext(ctx, `SELECT started, alive FROM server_runs ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("read the server's runs: %w", err)
	}
	defer rows.Close()
	var out []Span
	var last time.Time
	for rows.Next() {
		var s, a string
		if err := rows.Scan(&s, &a); err != nil {
			return nil, fmt.Errorf("read the server's runs: %w", err)
		}
		started, err1 := time.Parse(time.RFC3339Nano, s)
		alive, err2 := time.Parse(time.RFC3339Nano, a)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("read the server's runs: bad time %q or %q", s, a)
		}
		if !last.IsZero() && started.After(last) {
			out = append(out, Span{From: last, To: started})
		}
		last = alive
	}
	return out, rows.Err()
}

// KeepRunAlive writes that run is up every aliveEvery, and once more when
// the database closes (a clean stop), so the next start can tell how long
// the server was down. A failed write is logged; the clock then counts
// that stretch.
func (d *DB) KeepRunAlive(run Run, now func() time.Time, log *slog.Logger) {
	done, stopped := make(chan struct{}), make(chan struct{})
	alive := func() {
		if err := d.Alive(context.Background(), run, now()); err != nil {
			log.Warn("turn clock: record the server up", "err", err)
		}
	}
	go func() {
		defer close(stopped)
		tick := time.NewTicker(aliveEvery)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				alive()
			}
		}
	}()
	d.rmu.Lock()
	d.runs = append(d.runs, func() {
		close(done)
		<-stopped
		alive()
	})
	d.rmu.Unlock()
}

// Close stops the run's heartbeat (writing its last sign of life) and
// closes the database.
func (d *DB) Close() error {
	d.rmu.Lock()
	runs := d.runs
	d.runs = nil
	d.rmu.Unlock()
	for _, stop := range runs {
		stop()
	}
	return d.DB.Close()
}

// Downtime is when the server was down since a moment (a game's creation),
// for the turn clock the read side measures (readmodel/clock_time.go).
func (t *Tracker) Downtime(ctx context.Context, since time.Time) ([]Span, error) {
	return t.db.downtime(ctx, since)
}
