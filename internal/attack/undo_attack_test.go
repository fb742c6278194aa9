package attack

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
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
