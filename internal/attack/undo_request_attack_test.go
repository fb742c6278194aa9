package attack

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tableside/engine/scorepad"
)

// askUndo posts a phone's request to undo move cmd, as JSON; it returns
// the status, the body and the request's seq.
func (c *Client) askUndo(game, cmd int64) (int, string, int64) {
	c.T.Helper()
	var out struct{ Asked int64 }
	code, body := c.PostForm(fmt.Sprintf("/games/%d/undo-requests", game), url.Values{"cmd": {fmt.Sprint(cmd)}}, "Accept", "application/json")
	json.Unmarshal([]byte(body), &out) // a refusal has no seq: 0
	return code, body, out.Asked
}

// publicReads is everything a spectator reads of a game: the TV page, the
// public JSON view and what its live stream received.
func publicReads(t *testing.T, spectator *Client, game int64, st *Stream) string {
	t.Helper()
	_, tv := spectator.Get(fmt.Sprintf("/games/%d/tv", game))
	_, view := spectator.Get(fmt.Sprintf("/games/%d/view", game), "Accept", "application/json")
	return tv + "\n" + view + "\n" + st.Raw()
}

// Undo requests are the asker's and the host's business. Ana's phone asks
// to undo her score and the host declines: the TV page, the public view
// and a spectator's live stream carry neither the request nor the answer,
// while Ana's phone is told "The host said no". Asking again at once is
// refused, in words, and writes nothing. Asked about her next move and
// approved, the public screens tell the undo itself, not the request.
func TestAttackUndoRequestsStayOffPublicScreens(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	ana := s.Phone(t, game, 0)
	spectator := s.NewClient(t)
	st := spectator.Live(t, game)
	secret := []string{"asked to undo", "asks to undo", "undo request", "declined", "said no", "approved"}
	score := func(points int) int64 {
		t.Helper()
		if code, body := ana.Command(game, "score", map[string]int{"seat": 0, "points": points}, fmt.Sprint("ana-", points)); code != http.StatusOK {
			t.Fatalf("Ana scores %d: %d %.200s", points, code, body)
		}
		return s.hostPage(t, game).UndoCmd
	}

	cmd := score(7)
	code, body, asked := ana.askUndo(game, cmd)
	if code != http.StatusOK || asked == 0 {
		t.Fatalf("Ana asks to undo: %d %.200s", code, body)
	}
	if code, body := s.Host.PostJSON(fmt.Sprintf("/games/%d/undo-requests/%d/decline", game, asked), nil, nil); code != http.StatusOK {
		t.Fatalf("the host declines: %d %.200s", code, body)
	}
	if _, view := ana.Get(fmt.Sprintf("/games/%d/view", game), "Accept", "application/json"); !strings.Contains(view, "The host said no: Ana scored 7") {
		t.Fatalf("Ana's phone is not told the host said no: %.1000s", view)
	}
	before := s.Log(game)
	code, body, _ = ana.askUndo(game, cmd)
	if code != http.StatusUnprocessableEntity || !strings.Contains(body, "The host said no to undoing Ana scored 7 a moment ago: ask again in") {
		t.Fatalf("Ana asks again at once: %d %.300s; want 422 asking her to wait", code, body)
	}
	if s.Log(game) != before {
		t.Fatal("a refused request wrote to the log")
	}
	for _, w := range secret {
		if reads := publicReads(t, spectator, game, st); strings.Contains(reads, w) {
			t.Errorf("a spectator reads %q of Ana's request", w)
		}
	}

	// A request approved: the public screens tell the undo, nothing of the asking.
	cmd = score(5)
	if code, body, asked = ana.askUndo(game, cmd); code != http.StatusOK {
		t.Fatalf("Ana asks to undo her 5: %d %.200s", code, body)
	}
	if code, body := s.Host.PostForm(fmt.Sprintf("/games/%d/undo-requests/%d/approve", game, asked), url.Values{}, "Accept", "application/json"); code != http.StatusOK {
		t.Fatalf("the host approves: %d %.200s", code, body)
	}
	for {
		if ev := st.Next(t, "view"); strings.Contains(ev.Data, "Undone: Ana scored 5") {
			break
		}
	}
	reads := publicReads(t, spectator, game, st)
	for _, w := range secret {
		if strings.Contains(reads, w) {
			t.Errorf("after the approval a spectator reads %q of Ana's request", w)
		}
	}
}

// An undo request is the asker's, about the asker's own move, and only the
// host answers it. Ben's phone asks to undo Ana's score; Ana's phone asks
// with a move that is no number, and approves her own request; a page on
// another site's name (DNS rebinding) sends the host's approval with the
// host's cookies; the host's approval is replayed. Each is refused, and the
// log is byte for byte what it was: one approval undoes once.
func TestAttackUndoRequestsAreTheAskersAndOnlyTheHostAnswers(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	ana, ben := s.Phone(t, game, 0), s.Phone(t, game, 1)
	if code, body := ana.Command(game, "score", map[string]int{"seat": 0, "points": 7}, "ana-7"); code != http.StatusOK {
		t.Fatalf("Ana scores 7: %d %.200s", code, body)
	}
	cmd := s.hostPage(t, game).UndoCmd
	unchanged := func(what string, code int, body string, want int) {
		t.Helper()
		if code != want {
			t.Errorf("%s: %d %.300s; want %d", what, code, body, want)
		}
	}
	before := s.Log(game)

	code, body, _ := ben.askUndo(game, cmd)
	unchanged("Ben asks to undo Ana's score", code, body, http.StatusUnprocessableEntity)
	code, body = ana.PostForm(fmt.Sprintf("/games/%d/undo-requests", game), url.Values{"cmd": {"7 or 8"}}, "Accept", "application/json")
	unchanged("Ana asks about a move that is no number", code, body, http.StatusBadRequest)
	if !strings.Contains(body, `not \"7 or 8\"`) {
		t.Errorf("the refusal does not name what was sent: %.300s", body)
	}
	if s.Log(game) != before {
		t.Fatal("a refused request wrote to the log")
	}

	code, body, asked := ana.askUndo(game, cmd)
	if code != http.StatusOK || asked == 0 {
		t.Fatalf("Ana asks to undo her score: %d %.200s", code, body)
	}
	approve := fmt.Sprintf("/games/%d/undo-requests/%d/approve", game, asked)
	asking := s.Log(game)
	code, body = ana.PostForm(approve, url.Values{}, "Accept", "application/json")
	unchanged("Ana's phone approves her own request", code, body, http.StatusForbidden)
	evil := "evil.example:" + s.Port
	resp, body := s.Host.Do(s.Host.Request(http.MethodPost, approve, strings.NewReader(""),
		"Host", evil, "Origin", "http://"+evil, "Accept", "application/json"))
	unchanged("the host's approval from a page on "+evil, resp.StatusCode, body, http.StatusMisdirectedRequest)
	if s.Log(game) != asking {
		t.Fatal("a refused approval wrote to the log")
	}

	if code, body := s.Host.PostForm(approve, url.Values{}, "Accept", "application/json"); code != http.StatusOK {
		t.Fatalf("the host approves: %d %.200s", code, body)
	}
	approved := s.Log(game)
	if approved == asking {
		t.Fatal("the approval wrote nothing")
	}
	code, body = s.Host.PostForm(approve, url.Values{}, "Accept", "application/json")
	if code == http.StatusOK {
		t.Errorf("the approval replayed: %d %.300s; want a refusal", code, body)
	}
	if s.Log(game) != approved {
		t.Error("a replayed approval wrote to the log: one request undid twice")
	}
}

// "End the game" on the score pad asks first; a table that taps it twice
// anyway (or a phone that replays the post) ends the game once: the same
// key answers as a repeat, another key is refused because the game is
// over, and the log holds one finish.
func TestAttackScorePadEndTappedTwiceEndsOnce(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	if code, body := s.Host.Command(game, "score", map[string]int{"seat": 0, "points": 7}, "s-1"); code != http.StatusOK {
		t.Fatalf("score: %d %.200s", code, body)
	}
	if code, body := s.Host.Command(game, "finish", struct{}{}, "end-1"); code != http.StatusOK {
		t.Fatalf("End the game: %d %.200s", code, body)
	}
	ended := s.Log(game)
	if code, body := s.Host.Command(game, "finish", struct{}{}, "end-1"); code != http.StatusOK {
		t.Errorf("the same tap again: %d %.200s; want the first answer repeated", code, body)
	}
	if code, body := s.Host.Command(game, "finish", struct{}{}, "end-2"); code == http.StatusOK {
		t.Errorf("a second End: %d %.200s; want a refusal", code, body)
	}
	if s.Log(game) != ended {
		t.Error("a second End wrote to the log")
	}
	finishes := 0
	for _, e := range events(t, ended) {
		if e.Type == scorepad.EvEnded {
			finishes++
		}
	}
	if finishes != 1 {
		t.Errorf("the log holds %d %q events; want 1", finishes, scorepad.EvEnded)
	}
}
