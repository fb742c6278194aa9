package web_test

import (
	"testing"

	"tableside/engine"
	"tableside/internal/testenv"
)

// phoneTable is a game on its own server with the host laptop and, once
// seatPhones has run, a joined phone for every player: the set-up the
// over-HTTP table tests share.
type phoneTable struct {
	app    *testenv.App
	host   *device
	phones []*device
	game   int64
}

// seatPhones joins a new phone to the game for each of the first n seats,
// in seat order, through the join QR the host shows.
func (pt *phoneTable) seatPhones(t *testing.T, n int) {
	t.Helper()
	join := joinURLFromQR(t, pt.host, pt.game)
	for seat := range n {
		p := newDevice(t, pt.app)
		p.join(join, pt.game, seat)
		pt.phones = append(pt.phones, p)
	}
}

// by is the device that sends as seat (engine.Host for the laptop).
func (pt *phoneTable) by(seat int) *device {
	if seat == engine.Host {
		return pt.host
	}
	return pt.phones[seat]
}
