package web

import (
	"sync"
	"time"

	"tableside/readmodel"
)

// frameClock is the turn clock last read for a game's live frames, shared
// by the frames of every viewer: the host, the TV and each seat would
// otherwise each read the log's tail to the same answer (a read a viewer, 8
// a change at a table of six). The clock is the table's, the same for every
// viewer (NewClockView says what each may see of it), so sharing it shows
// no one anything more.
type frameClock struct {
	mu  sync.Mutex
	seq int64     // the log's last record the clock counts
	at  time.Time // when it was read (by the tracker's clock)
	tc  *readmodel.TurnClock
	ok  bool
}

// frameClockFresh is how long a read serves later frames: the frames of
// one change are built together, within milliseconds; a screen that opens
// later, while the table thinks, reads the clock anew.
const frameClockFresh = time.Second

// get returns the clock for a frame built for seq want: the last read when
// it counts the log up to want at least and is fresh, else a new read (one
// at a time: whoever asks meanwhile waits for it).
func (m *frameClock) get(want int64, now time.Time, read func() (*readmodel.TurnClock, int64)) *readmodel.TurnClock {
	m.mu.Lock()
	defer m.mu.Unlock()
	if age := now.Sub(m.at); m.ok && m.seq >= want && age >= 0 && age < frameClockFresh {
		return m.tc
	}
	m.tc, m.seq = read()
	m.at, m.ok = now, true
	return m.tc
}
