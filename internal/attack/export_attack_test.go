package attack

import (
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"testing"
)

// takeoverInPlay is a Takeover game with Ana and Ben's phones, laid,
// drafted and concealed (Ana's stock is S1 and M2): its log holds their
// secret stock choices.
func (s *Server) takeoverInPlay(t *testing.T) (game int64, ana, ben *Client) {
	t.Helper()
	game = s.CreateGame("takeover", "Ana", "Ben")
	ana, ben = s.Phone(t, game, 0), s.Phone(t, game, 1)
	lay := map[string]any{"tiles": "S1 S2 M3 C4 A5 S0 M1 M2 C0 A1 S3 C5 A2 C1 S4 M0 A3 M4 C2 A0 S5 M5 C3 A4", "first": 0}
	if code, body := s.Host.Command(game, "lay", lay, "lay"); code != http.StatusOK {
		t.Fatalf("lay: %d %.200s", code, body)
	}
	for i, coin := range strings.Fields("S1 S0 M0 M2 C0 C1 A0 A1 S2 S3 M1 M3 C2 C3 A2 A3 S4 S5 M4 M5 C4 C5 A4 A5") {
		if code, body := s.Host.Command(game, "draft", map[string]string{"coin": coin}, fmt.Sprint("draft", i)); code != http.StatusOK {
			t.Fatalf("draft %s: %d %.200s", coin, code, body)
		}
	}
	if code, body := ana.Command(game, "conceal", map[string]string{"stock": "S1,M2"}, "conceal-ana"); code != http.StatusOK {
		t.Fatalf("Ana conceals: %d %.200s", code, body)
	}
	if code, body := ben.Command(game, "conceal", map[string]string{"stock": ""}, "conceal-ben"); code != http.StatusOK {
		t.Fatalf("Ben conceals: %d %.200s", code, body)
	}
	return game, ana, ben
}

// The host's "Export log" of a game in play would hand anyone at the
// laptop every player's secrets: it answers a warning page instead (a 409
// with no log in it), and a program is refused naming the way to insist.
// Only the warning's deliberate form downloads the full log. Once the game
// is over, the log downloads freely; the command line's "tableside export"
// is complete all along. Nothing is written by any of it.
func TestExportLogOfAGameInPlayNeedsTheHostToInsist(t *testing.T) {
	s := Start(t)
	game, ana, ben := s.takeoverInPlay(t)
	full := s.Log(game) // the harness insists, as the warning's form does
	if !strings.Contains(full, `"concealed"`) || !strings.Contains(full, "M2") {
		t.Fatalf("the insisted log lacks the stock choices: %.300s", full)
	}
	path := fmt.Sprintf("/games/%d/log", game)
	resp, body := s.Host.Do(s.Host.Request(http.MethodGet, path, nil))
	if resp.StatusCode != http.StatusConflict || resp.Header.Get("Content-Disposition") != "" ||
		!strings.Contains(body, "every secret") || strings.Contains(body, `"concealed"`) || strings.Contains(body, `"events"`) {
		t.Fatalf("Export log of a game in play: %d %q %.300s; want the warning page, no log", resp.StatusCode, resp.Header.Get("Content-Disposition"), body)
	}
	resp, body = s.Host.Do(s.Host.Request(http.MethodGet, path, nil, "Accept", "application/json"))
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "reveal=every-secret") || strings.Contains(body, `"concealed"`) {
		t.Fatalf("a program asking for the log in play: %d %.300s", resp.StatusCode, body)
	}
	if code, body := s.Host.PostForm(path, nil); code != http.StatusBadRequest || strings.Contains(body, `"concealed"`) {
		t.Fatalf("the form without its answer: %d %.300s", code, body)
	}
	if code, _ := ana.PostForm(path, map[string][]string{"reveal": {"every-secret"}}); code != http.StatusForbidden {
		t.Fatalf("a phone insisting: %d; want 403", code)
	}
	cli, err := exec.Command(binary, "export", "--db", s.DB, fmt.Sprint(game)).Output()
	if err != nil || string(cli) != full {
		t.Fatalf("tableside export is not the complete log (%v):\n%.300s\n%.300s", err, cli, full)
	}
	if s.Log(game) != full {
		t.Fatal("asking for the log changed it")
	}
	// Over: both pass, and the log downloads with no question.
	for seat, p := range []*Client{ana, ben} {
		if code, body := p.Command(game, "pass", map[string]any{}, fmt.Sprint("pass", seat)); code != http.StatusOK {
			t.Fatalf("pass %d: %d %.200s", seat, code, body)
		}
	}
	resp, body = s.Host.Do(s.Host.Request(http.MethodGet, path, nil))
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") || !strings.Contains(body, `"concealed"`) {
		t.Fatalf("Export log once the game is over: %d %.200s", resp.StatusCode, body)
	}
}
