package tracker

import "sync"

// logTail keeps the last records appended to each game's log this run, as a
// read of the log gives them back: the turn clock asks for the records after
// the last it walked at every change of a game, and a query for one or two
// records was most of the clock's cost under make load. Every append goes
// through appendRecords and no event is ever changed or deleted, so the
// records after a seq the tail reaches are exactly what the log holds.
type logTail struct {
	mu    sync.Mutex
	games map[int64][]Record // contiguous, newest last, at most tailKept
}

// tailKept bounds the records kept per game.
const tailKept = 64

// appended adds records just written to a game's log.
func (l *logTail) appended(game int64, recs []Record) {
	if len(recs) == 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.games == nil {
		l.games = map[int64][]Record{}
	}
	tail := l.games[game]
	if n := len(tail); n > 0 && tail[n-1].Seq+1 != recs[0].Seq {
		tail = nil // not contiguous: start again from these
	}
	for _, r := range recs {
		tail = append(tail, asRead(r))
	}
	if n := len(tail); n > tailKept {
		tail = append([]Record(nil), tail[n-tailKept:]...)
	}
	l.games[game] = tail
}

// after is the game's records after seq after, when the tail holds them all
// (ok false: read the log).
func (l *logTail) after(game, after int64) (recs []Record, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	tail := l.games[game]
	if len(tail) == 0 || after < tail[0].Seq-1 || after > tail[len(tail)-1].Seq {
		return nil, false
	}
	for _, r := range tail {
		if r.Seq > after {
			recs = append(recs, r)
		}
	}
	return recs, true
}

// asRead is r as reading it back from the log gives it: its time in UTC
// without a monotonic reading, no data for an empty payload.
func asRead(r Record) Record {
	r.Time = r.Time.UTC().Round(0)
	if len(r.Data) == 0 || string(r.Data) == "{}" {
		r.Data = nil
	}
	return r
}
