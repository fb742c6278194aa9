package attack

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// roomAlphabet mirrors seating.RoomAlphabet: the attacker knows the format.
const roomAlphabet = "ACDEFHJKMNPRTUVWXY"

// roomCode reads a game's room code off the host's screen.
func (s *Server) roomCode(t *testing.T, game int64) string {
	t.Helper()
	resp, body := s.Host.Do(s.Host.Request(http.MethodGet, fmt.Sprintf("/games/%d", game), nil, "Accept", "application/json"))
	var page struct {
		Phones struct{ Room, Guessing string }
	}
	if resp.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &page) != nil || len(page.Phones.Room) != 4 {
		t.Fatalf("room code of game %d: %d %.200s", game, resp.StatusCode, body)
	}
	return page.Phones.Room
}

// typeRoom posts a typed room code as the join box does and says how it
// went: "found" (sent on to a table's seats), "wrong" or "refused" (429).
func (c *Client) typeRoom(room string) string {
	c.T.Helper()
	code, body := c.PostForm("/join", url.Values{"room": {room}})
	switch {
	case code == http.StatusSeeOther:
		return "found"
	case code == http.StatusUnprocessableEntity && strings.Contains(body, "No open table has that code"):
		return "wrong"
	case code == http.StatusTooManyRequests && strings.Contains(body, "Too many wrong room codes"):
		return "refused"
	}
	c.T.Errorf("room code %s: %d %.200s", room, code, body)
	return "?"
}

// Room codes cannot be found by guessing: eight addresses guess at once,
// twenty random codes each, then every one of them tries every live code
// (far luckier than any attacker), and none is found; the wrong codes they
// may try are bounded by the budget shared by every address (ten at once,
// then three a minute); the host is told codes are being guessed; nothing
// is seated or written; and the live codes still work (for the host, who
// is never charged).
func TestRoomCodeGuessingFromManyAddressesFindsNothing(t *testing.T) {
	s := Start(t)
	var games []int64
	live := map[string]bool{}
	var codes []string
	for range 5 {
		g := s.CreateGame("scorepad", "Ana", "Ben")
		games = append(games, g)
		room := s.roomCode(t, g)
		live[room] = true
		codes = append(codes, room)
	}
	logs := map[int64]string{}
	for _, g := range games {
		logs[g] = s.Log(g) + s.holders(t, g)
	}
	randomWrong := func() string {
		for {
			b := make([]byte, 4)
			for i := range b {
				b[i] = roomAlphabet[rand.IntN(len(roomAlphabet))]
			}
			if !live[string(b)] {
				return string(b)
			}
		}
	}
	var mu sync.Mutex
	count := map[string]int{}
	guess := func(rooms func() []string) {
		var wg sync.WaitGroup
		for a := 2; a <= 9; a++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := s.ClientFrom(t, fmt.Sprintf("127.0.0.%d", a))
				for _, room := range rooms() {
					got := c.typeRoom(room)
					mu.Lock()
					count[got]++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
	}
	start := time.Now()
	guess(func() []string {
		var out []string
		for range 20 {
			out = append(out, randomWrong())
		}
		return out
	})
	guess(func() []string { return codes })
	elapsed := time.Since(start)
	t.Logf("%d guesses from 8 addresses in %v: %v", 8*(20+len(codes)), elapsed, count)
	if count["found"] != 0 {
		t.Fatalf("guessing found %d live room codes", count["found"])
	}
	// The shared budget: 100 units at once, 0.5 a second after; a wrong code costs 10.
	if most := 10 + int(elapsed.Seconds()*0.5/10) + 1; count["wrong"] > most || count["refused"] == 0 {
		t.Fatalf("8 addresses got %d wrong codes tried (at most %d) and %d refused", count["wrong"], most, count["refused"])
	}
	resp, body := s.Host.Do(s.Host.Request(http.MethodGet, fmt.Sprintf("/games/%d", games[0]), nil))
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "Someone may be guessing room codes") || !strings.Contains(body, "from 8 addresses") {
		t.Errorf("the host's screen does not say codes are being guessed: %d", resp.StatusCode)
	}
	for _, g := range games {
		if got := s.Log(g) + s.holders(t, g); got != logs[g] {
			t.Errorf("game %d changed under the guessing", g)
		}
	}
	for _, room := range codes {
		if got := s.Host.typeRoom(room); got != "found" {
			t.Errorf("the live code %s typed by the host after the attack: %s", room, got)
		}
	}
}

// A table's room code is retired when it is locked or its game ends: typed
// then, it is refused exactly as a code that never existed.
func TestRoomCodeIsRetiredWhenTheTableLocksOrTheGameEnds(t *testing.T) {
	s := Start(t)
	ended := s.CreateGame("scorepad", "Ana")
	endedRoom := s.roomCode(t, ended)
	locked := s.CreateGame("scorepad", "Ana")
	lockedRoom := s.roomCode(t, locked)
	s.Phone(t, locked, 0)
	if code, body := s.Host.PostJSON(fmt.Sprintf("/games/%d/lock", locked), nil, nil); code != http.StatusOK {
		t.Fatalf("lock: %d %.200s", code, body)
	}
	if code, body := s.Host.Command(ended, "finish", map[string]any{}, "finish"); code != http.StatusOK {
		t.Fatalf("finish: %d %.200s", code, body)
	}
	before := s.Log(ended) + s.Log(locked) + s.holders(t, ended) + s.holders(t, locked)
	phone := s.ClientFrom(t, "127.0.0.3")
	for what, room := range map[string]string{"the finished game's code": endedRoom, "the locked table's code": lockedRoom} {
		if got := phone.typeRoom(room); got != "wrong" {
			t.Errorf("%s: %s; want refused as no open table", what, got)
		}
	}
	if after := s.Log(ended) + s.Log(locked) + s.holders(t, ended) + s.holders(t, locked); after != before {
		t.Error("a retired room code changed a game")
	}
}
