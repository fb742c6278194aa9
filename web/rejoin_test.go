package web_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// anaAtAScorePad starts a score pad for Ana and Ben from the host's device
// and seats Ana's phone by the table's QR code, whose address it returns
// for the next phone.
func anaAtAScorePad(t *testing.T, host, ana *device) (game int64, join string) {
	t.Helper()
	game = host.createGame("scorepad", "Ana", "Ben")
	join = joinURLFromQR(t, host, game)
	ana.join(join, game, 0)
	return game, join
}

// A phone that holds a seat and scans the table's QR code again (its tab
// closed, a new one opened from the poster) is back at its seat, never told
// that its seat is taken, nor that the table is locked: it is not joining.
func TestSeatedPhoneScanningTheQRAgainIsBackAtItsSeatNeverTaken(t *testing.T) {
	t.Parallel()
	app, host, ana, ben := hostAndTwoPhones(t)
	game, join := anaAtAScorePad(t, host, ana)
	back := func(when string) {
		t.Helper()
		code, body := ana.get(join)
		if code != http.StatusOK || !strings.Contains(body, "You are <strong>Ana</strong>") || strings.Contains(body, "taken") {
			t.Fatalf("%s: scanning again answered %d %.400s; want Ana's seat", when, code, body)
		}
	}
	back("with a seat free")
	ben.join(join, game, 1)
	if code, body := host.postJSON(fmt.Sprintf("/games/%d/lock", game), nil, nil); code != http.StatusOK {
		t.Fatalf("lock: %d %.200s", code, body)
	}
	back("on a locked table")
	if code, _ := newDevice(t, app).get(join); code != http.StatusUnprocessableEntity {
		t.Fatalf("a new phone on the locked table: %d; want 422", code)
	}
}
