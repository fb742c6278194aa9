package attack

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// finishAndPlayAgain ends a score pad game as the host and starts the next
// one with "Play again", returning the new game's id.
func (s *Server) finishAndPlayAgain(t *testing.T, game int64) int64 {
	t.Helper()
	if code, body := s.Host.Command(game, "finish", map[string]any{}, "finish"); code != http.StatusOK {
		t.Fatalf("finish: %d %.200s", code, body)
	}
	var next struct{ ID int64 }
	if code, body := s.Host.PostJSON(fmt.Sprintf("/games/%d/again", game), nil, &next); code != http.StatusCreated || next.ID == 0 {
		t.Fatalf("play again: %d %.200s", code, body)
	}
	return next.ID
}

// follow posts a phone's one-tap follow into next for its seat of old, as
// JSON, and returns the status and body.
func (c *Client) follow(old, next int64, seat int) (int, string) {
	c.T.Helper()
	return c.PostForm(fmt.Sprintf("/games/%d/follow", next), url.Values{"from": {fmt.Sprint(old)}, "seat": {fmt.Sprint(seat)}}, "Accept", "application/json")
}

// holders is which seats of game have a phone, as the host's screen lists them.
func (s *Server) holders(t *testing.T, game int64) string {
	t.Helper()
	resp, body := s.Host.Do(s.Host.Request(http.MethodGet, fmt.Sprintf("/games/%d", game), nil, "Accept", "application/json"))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("host screen of game %d: %d %.200s", game, resp.StatusCode, body)
	}
	var page struct {
		Phones struct {
			Rows []struct {
				Seat   int
				Joined bool
			}
		}
	}
	if err := json.Unmarshal([]byte(body), &page); err != nil {
		t.Fatalf("host screen of game %d: %v", game, err)
	}
	return fmt.Sprint(page.Phones.Rows)
}

// Play again never undoes the host: a phone kicked from the new game
// cannot re-seat itself with its old game's token, a seat the host moved
// to another phone is not taken back by the old one, and a stranger can
// neither take a seat in the finished game (by its old QR link or its room
// code) nor follow from it. Each refusal seats nobody and writes nothing.
func TestPlayAgainNeverUndoesTheHostsDecisions(t *testing.T) {
	s := Start(t)
	old := s.CreateGame("scorepad", "Ana", "Ben")
	oldJoin := s.JoinURL(old)
	ana, ben := s.Phone(t, old, 0), s.Phone(t, old, 1)
	next := s.finishAndPlayAgain(t, old)

	// Kick: Ana follows, the host kicks her; her old token brings her back no more.
	if code, body := ana.follow(old, next, 0); code != http.StatusOK {
		t.Fatalf("Ana follows: %d %.200s", code, body)
	}
	if code, body := s.Host.PostJSON(fmt.Sprintf("/games/%d/seats/0/kick", next), nil, nil); code != http.StatusOK {
		t.Fatalf("kick Ana: %d %.200s", code, body)
	}
	// Move: the host moves Ben's seat to another phone before Ben follows.
	var moved struct{ Join string }
	if code, body := s.Host.PostJSON(fmt.Sprintf("/games/%d/seats/1/move", next), nil, &moved); code != http.StatusOK {
		t.Fatalf("move Ben's seat: %d %.200s", code, body)
	}
	beforeNext, beforeOld, phonesNext, phonesOld := s.Log(next), s.Log(old), s.holders(t, next), s.holders(t, old)

	stranger := s.NewClient(t)
	for _, try := range []struct {
		what  string
		do    func() (int, string)
		words string
	}{
		{"Ana's old token after the kick", func() (int, string) { return ana.follow(old, next, 0) }, "no longer kept"},
		{"Ben's old token after the move", func() (int, string) { return ben.follow(old, next, 1) }, "no longer kept"},
		{"a stranger with the finished game's QR link", func() (int, string) { return stranger.Join(oldJoin, old, 0) }, "ended"},
		{"a stranger following without a seat", func() (int, string) { return stranger.follow(old, next, 0) }, "held no seat"},
	} {
		code, body := try.do()
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, try.words) {
			t.Errorf("%s: %d %.300s; want 422 saying %q", try.what, code, body, try.words)
		}
	}
	if a, b, c, d := s.Log(next), s.Log(old), s.holders(t, next), s.holders(t, old); a != beforeNext || b != beforeOld || c != phonesNext || d != phonesOld {
		t.Fatal("a refused attempt changed a log or the phones of a game")
	}
	// The host's decision stands: the phone given the hand-over link takes Ben's seat.
	if code, body := s.NewClient(t).Join(moved.Join, next, 1); code != http.StatusSeeOther {
		t.Fatalf("the new phone with the hand-over link: %d %.200s", code, body)
	}
}

// tablePhones is the host's phones panel, as its JSON view says it.
type tablePhones struct {
	Free   int
	Full   bool
	Locked bool
	Room   string
	Rows   []struct {
		Seat   int
		Joined bool
		Laptop bool
	}
}

func (s *Server) tablePhones(t *testing.T, game int64) tablePhones {
	t.Helper()
	resp, body := s.Host.Do(s.Host.Request(http.MethodGet, fmt.Sprintf("/games/%d", game), nil, "Accept", "application/json"))
	var page struct{ Phones tablePhones }
	if resp.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &page) != nil {
		t.Fatalf("host screen of game %d: %d %.200s", game, resp.StatusCode, body)
	}
	return page.Phones
}

// setLaptop sets, as the host, whether a seat plays on the laptop.
func (s *Server) setLaptop(t *testing.T, game int64, seat int, on string) {
	t.Helper()
	code, body := s.Host.PostForm(fmt.Sprintf("/games/%d/seats/%d/laptop", game, seat), url.Values{"on": {on}}, "Accept", "application/json")
	if code != http.StatusOK {
		t.Fatalf("set seat %d of game %d on the laptop (%s): %d %.200s", seat, game, on, code, body)
	}
}

// A seat that plays on the laptop belongs to the laptop. With Ana set to
// play on the laptop and the table open, a stranger's phone that scans the
// join QR or types the room code is not offered Ana's seat and is refused
// when it posts for it anyway; the host's corner counts her seat as taken
// (no seat free, the table may be locked). Nothing is seated or written.
// Play again keeps her on the laptop, and only the host's one-seat
// hand-over QR moves her seat to a phone.
func TestALaptopSeatIsTakenAndOnlyTheHostMovesItToAPhone(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	join := s.JoinURL(game)
	s.Phone(t, game, 1)
	s.setLaptop(t, game, 0, "yes")

	ph := s.tablePhones(t, game)
	if ph.Free != 0 || !ph.Full || !ph.Rows[0].Laptop || ph.Rows[0].Joined {
		t.Fatalf("with Ana on the laptop and Ben on his phone the host's corner says %+v; want no seat free", ph)
	}
	beforeLog, beforePhones := s.Log(game), s.holders(t, game)

	byQR := s.NewClient(t)
	if code, body := byQR.Get(join); code != http.StatusOK || !strings.Contains(body, "Ana · plays on the laptop") {
		t.Fatalf("the join page offers Ana's seat: %d %.2000s", code, body)
	}
	byRoom := s.NewClient(t)
	req := byRoom.Request(http.MethodPost, "/join", strings.NewReader(url.Values{"room": {ph.Room}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if resp, body := byRoom.Do(req); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("room code %s: %d %.200s", ph.Room, resp.StatusCode, body)
	} else if code, body := byRoom.Get(resp.Header.Get("Location")); code != http.StatusOK || !strings.Contains(body, "Ana · plays on the laptop") {
		t.Fatalf("the room code's join page offers Ana's seat: %d %.2000s", code, body)
	}
	for name, phone := range map[string]*Client{"by QR": byQR, "by room code": byRoom} {
		code, body := phone.PostForm(fmt.Sprintf("/games/%d/join", game), url.Values{"seat": {"0"}})
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, "That seat plays on the laptop") {
			t.Errorf("a stranger %s posts for Ana's seat: %d %.300s; want 422 saying it plays on the laptop", name, code, body)
		}
	}
	if l, p := s.Log(game), s.holders(t, game); l != beforeLog || p != beforePhones {
		t.Fatalf("a refused phone changed the log or the seats:\n%s\nwant %s", p, beforePhones)
	}
	if code, body := s.Host.PostJSON(fmt.Sprintf("/games/%d/lock", game), nil, nil); code != http.StatusOK {
		t.Fatalf("lock the table with Ana on the laptop: %d %.200s", code, body)
	}

	// Play again keeps Ana on the laptop: no code opens her seat there either.
	next := s.finishAndPlayAgain(t, game)
	if ph := s.tablePhones(t, next); !ph.Rows[0].Laptop || ph.Free != 2-1 {
		t.Fatalf("after Play again the host's corner says %+v; want Ana on the laptop and one seat free", ph)
	}
	if code, body := s.NewClient(t).Join(s.JoinURL(next), next, 0); code != http.StatusUnprocessableEntity || !strings.Contains(body, "plays on the laptop") {
		t.Fatalf("a stranger takes Ana's seat in the next game: %d %.300s", code, body)
	}

	// The host's deliberate act: a QR for Ana's seat alone moves it to a phone.
	var moved struct{ Join string }
	if code, body := s.Host.PostJSON(fmt.Sprintf("/games/%d/seats/0/move", next), nil, &moved); code != http.StatusOK {
		t.Fatalf("move Ana's seat to a phone: %d %.200s", code, body)
	}
	if code, body := s.NewClient(t).Join(moved.Join, next, 0); code != http.StatusSeeOther {
		t.Fatalf("Ana's phone with the hand-over QR: %d %.300s", code, body)
	}
	if ph := s.tablePhones(t, next); ph.Rows[0].Laptop || !ph.Rows[0].Joined {
		t.Fatalf("after the hand-over Ana's seat is %+v; want it on her phone, off the laptop", ph.Rows[0])
	}
}

// A seat a phone holds is not silently taken from it for the laptop: the
// host's "plays on the laptop" for Ben, seated on his phone, is refused
// with a message naming the phone and what to do (Kick it first), and
// nothing changes: Ben keeps his seat, the log is as it was. Once the host
// sends the phone away, the same tap works.
func TestAttackAPhoneHeldSeatIsNotSetToTheLaptop(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	s.Phone(t, game, 1)
	beforeLog, beforePhones := s.Log(game), s.holders(t, game)
	path := fmt.Sprintf("/games/%d/seats/1/laptop", game)
	code, body := s.Host.PostForm(path, url.Values{"on": {"yes"}}, "Accept", "application/json")
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "Ben's seat is on a phone") || !strings.Contains(body, "Kick") {
		t.Fatalf("the host sets Ben, on his phone, to play on the laptop: %d %.300s; want 422 naming his phone and Kick", code, body)
	}
	if ph := s.tablePhones(t, game); ph.Rows[1].Laptop || !ph.Rows[1].Joined {
		t.Fatalf("after the refusal Ben's seat is %+v; want it still on his phone", ph.Rows[1])
	}
	if l, p := s.Log(game), s.holders(t, game); l != beforeLog || p != beforePhones {
		t.Fatalf("a refused laptop setting changed the log or the seats:\n%s\nwant %s", p, beforePhones)
	}
	if code, body := s.Host.PostForm(fmt.Sprintf("/games/%d/seats/1/kick", game), nil, "Accept", "application/json"); code != http.StatusOK {
		t.Fatalf("kick Ben's phone: %d %.200s", code, body)
	}
	s.setLaptop(t, game, 1, "yes")
	if ph := s.tablePhones(t, game); !ph.Rows[1].Laptop || ph.Rows[1].Joined {
		t.Fatalf("after Kick, Ben's seat is %+v; want it on the laptop", ph.Rows[1])
	}
}
