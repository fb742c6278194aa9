package attack

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"testing"
	"time"
)

// clockTotal is how long seat has thought in game, as the host's turn
// clock says it ("8 s", "1 min 5 s").
func (s *Server) clockTotal(t *testing.T, game int64, seat int) time.Duration {
	t.Helper()
	var page struct {
		Clock *struct {
			Rows []struct{ Name, Total string }
		}
	}
	if code := s.Host.GetJSON(fmt.Sprintf("/games/%d", game), &page); code != http.StatusOK || page.Clock == nil || len(page.Clock.Rows) <= seat {
		t.Fatalf("the host's turn clock of game %d: %d %+v", game, code, page.Clock)
	}
	total := page.Clock.Rows[seat].Total
	m := regexp.MustCompile(`^(?:(\d+) min ?)?(?:(\d+) s)?$`).FindStringSubmatch(total)
	if m == nil {
		t.Fatalf("the turn clock says %q", total)
	}
	mins, _ := strconv.Atoi(m[1])
	secs, _ := strconv.Atoi(m[2])
	return time.Duration(mins)*time.Minute + time.Duration(secs)*time.Second
}

// A kill -9 costs the turn clock seconds, not a minute: the first player
// thinks for 8 s, the server is killed without a word and started again at once, and
// the clock still holds those 8 s less at most the server's heartbeat
// (tracker's aliveEvery, 2 s) and a second of rounding. Before, the last
// sign of life was up to a minute old, so all of it was counted as down.
func TestAttackKillNineCostsTheTurnClockSecondsNotAMinute(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("risk", "Ana", "Ben", "Cy")
	if code, body := s.Host.Command(game, "start", map[string]any{}, "start"); code != http.StatusOK {
		t.Fatalf("start: %d %.200s", code, body)
	}
	const thought = 8 * time.Second
	time.Sleep(thought)
	s2 := s.Restart(t)
	var most time.Duration // the seat the table waits for has thought all along
	for seat := range 3 {
		most = max(most, s2.clockTotal(t, game, seat))
	}
	if most < thought-3*time.Second {
		t.Fatalf("after a kill -9 the turn clock says %s; the table waited %s (at most 3 s may be lost)", most, thought)
	}
}
