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
