package attack

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"tableside/engine/scorepad"
)

// hostPage is what the host's JSON view of a game says about undo.
type hostPage struct {
	Seq     int64
	UndoCmd int64
	Undo    string
	Info    struct{ Status string }
	View    json.RawMessage
}

func (s *Server) hostPage(t testing.TB, game int64) hostPage {
	t.Helper()
	resp, body := s.Host.Do(s.Host.Request(http.MethodGet, fmt.Sprintf("/games/%d", game), nil, "Accept", "application/json"))
	var p hostPage
	if resp.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &p) != nil {
		t.Fatalf("host view of game %d: %d %.300s", game, resp.StatusCode, body)
	}
	return p
}

// logEvent is one event of an exported log.
type logEvent struct {
	Seq  int64
	Type string
	Data json.RawMessage
	Idem string
}

func events(t testing.TB, log string) []logEvent {
	t.Helper()
	var x struct{ Events []logEvent }
	if err := json.Unmarshal([]byte(log), &x); err != nil {
		t.Fatalf("exported log: %v", err)
	}
	return x.Events
}

// The host taps "Undo: Ana scored 12" twice (the same form, the same key)
// while Ben's phone writes 99. The undo takes back Ana's 12 once, or, when
// Ben's score came first, is refused naming it: never Ben's score, never
// two commands.
func TestAttackUndoDoubleTapRacingAPhone(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	ana, ben := s.Phone(t, game, 0), s.Phone(t, game, 1)
	won, refused := 0, 0
	for round := range 20 {
		if code, body := ana.Command(game, "score", map[string]int{"seat": 0, "points": 12}, fmt.Sprint("ana-", round)); code != 200 {
			t.Fatalf("round %d: Ana scores: %d %s", round, code, body)
		}
		before := s.hostPage(t, game)
		if before.Undo != "Ana scored 12" {
			t.Fatalf("round %d: the undo button says %q", round, before.Undo)
		}
		tap := map[string]any{"cmd": before.UndoCmd, "idem": fmt.Sprint("tap-", round)}
		var wg sync.WaitGroup
		codes, bodies := make([]int, 2), make([]string, 2)
		for i := range 2 {
			wg.Go(func() { codes[i], bodies[i] = s.Host.PostJSON(fmt.Sprintf("/games/%d/undo", game), tap, nil) })
		}
		benCode := 0
		wg.Go(func() {
			benCode, _ = ben.Command(game, "score", map[string]int{"seat": 1, "points": 99}, fmt.Sprint("ben-", round))
		})
		wg.Wait()
		if benCode != 200 {
			t.Fatalf("round %d: Ben's score answered %d", round, benCode)
		}
		undos := 0
		for _, e := range events(t, s.Log(game)) {
			if e.Type != "tracker.undo" || e.Seq <= before.Seq {
				continue
			}
			undos++
			var d struct{ Cmd int64 }
			json.Unmarshal(e.Data, &d)
			if d.Cmd != before.UndoCmd {
				t.Fatalf("round %d: an undo took back command %d, not the button's %d (Ana's 12)", round, d.Cmd, before.UndoCmd)
			}
		}
		switch undos {
		case 1:
			won++
			repeats := 0
			for i := range 2 {
				ok := codes[i] == 200 || codes[i] == http.StatusConflict && strings.Contains(bodies[i], "Ben scored 99 since; undo that first?")
				if !ok {
					t.Fatalf("round %d: tap %d answered %d %s", round, i, codes[i], bodies[i])
				}
				if strings.Contains(bodies[i], `"repeat":true`) {
					repeats++
				}
			}
			if codes[0] == 200 && codes[1] == 200 && repeats != 1 {
				t.Fatalf("round %d: both taps answered 200 but %d repeats: %v", round, repeats, bodies)
			}
		case 0:
			refused++
			for i := range 2 {
				if codes[i] != http.StatusConflict || !strings.Contains(bodies[i], "Ben scored 99 since; undo that first?") {
					t.Fatalf("round %d: tap %d after Ben's score answered %d %s; want 409 naming it", round, i, codes[i], bodies[i])
				}
			}
		default:
			t.Fatalf("round %d: one double tap made %d undos", round, undos)
		}
	}
	t.Logf("20 double taps racing a phone: %d undid Ana's 12 once, %d were refused naming Ben's 99", won, refused)
}

// toastSays is the page's toast naming Ben's 99, whatever rule it names.
var toastSays = regexp.MustCompile(`id="toast"[^>]*>Ben scored 99 since; undo that first\?`)

// A stale undo form (drawn before a phone's command) is refused naming the
// command that came since; the game and its log are unchanged. A form that
// names no command is refused too.
func TestAttackStaleUndoFormIsRefused(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	ben := s.Phone(t, game, 1)
	s.Host.Command(game, "score", map[string]int{"seat": 0, "points": 12}, "a")
	stale := s.hostPage(t, game)
	ben.Command(game, "score", map[string]int{"seat": 1, "points": 99}, "b")
	log, page := s.Log(game), s.hostPage(t, game)
	code, body := s.Host.PostForm(fmt.Sprintf("/games/%d/undo", game), map[string][]string{"cmd": {fmt.Sprint(stale.UndoCmd)}, "idem": {"k"}})
	// A refused form goes back to the game (post/redirect/get), where the
	// refusal is the page's toast, said once.
	if code != http.StatusSeeOther {
		t.Fatalf("stale undo form: %d %.200s; want 303 back to the game", code, body)
	}
	if _, page := s.Host.Get(fmt.Sprintf("/games/%d", game)); !toastSays.MatchString(page) {
		t.Fatalf("the game page after a stale undo does not name Ben's 99:\n%.600s", page)
	}
	if code, _ := s.Host.PostForm(fmt.Sprintf("/games/%d/undo", game), nil); code != http.StatusBadRequest {
		t.Fatalf("an undo naming nothing: %d; want 400", code)
	}
	if s.Log(game) != log || string(s.hostPage(t, game).View) != string(page.View) {
		t.Fatal("a refused undo changed the game or its log")
	}
}

// A phone's idempotency key reused by another phone, or with another body,
// is refused with 409 and a message, and nothing is written; the same
// command again from the same phone is a repeat.
func TestAttackIdempotencyKeyReuse(t *testing.T) {
	s := Start(t)
	game := s.CreateGame("scorepad", "Ana", "Ben")
	ana, ben := s.Phone(t, game, 0), s.Phone(t, game, 1)
	if code, body := ana.Command(game, "score", map[string]int{"seat": 0, "points": 5}, "shared-key"); code != 200 {
		t.Fatalf("Ana scores: %d %s", code, body)
	}
	log, page := s.Log(game), s.hostPage(t, game)
	for _, a := range []struct {
		who    string
		c      *Client
		points int
		seat   int
	}{{"Ben, his own score", ben, 5, 1}, {"Ana, another body", ana, 50, 0}, {"the host, Ana's body", s.Host, 5, 0}} {
		code, body := a.c.Command(game, "score", map[string]int{"seat": a.seat, "points": a.points}, "shared-key")
		if code != http.StatusConflict || !strings.Contains(body, "idempotency-key-reused") || !strings.Contains(body, "not applied") {
			t.Errorf("%s with Ana's key: %d %s; want 409", a.who, code, body)
		}
	}
	if code, body := ana.Command(game, "score", map[string]int{"seat": 0, "points": 5}, "shared-key"); code != 200 || !strings.Contains(body, `"repeat":true`) {
		t.Errorf("Ana's retry: %d %s; want a repeat", code, body)
	}
	if s.Log(game) != log || string(s.hostPage(t, game).View) != string(page.View) {
		t.Fatal("a reused key changed the game or its log")
	}
}

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
