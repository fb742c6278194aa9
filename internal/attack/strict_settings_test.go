package attack

import (
	"database/sql"
	"fmt"
	"net/http"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3"
)

// A new game's settings are strict: a field the game does not have, at the
// top or nested, is refused naming it, and a player name made only of
// invisible characters is refused; nothing is created. A game stored before
// with a setting since removed still opens (only creating is strict).
func TestNewGameRefusesUnknownSettingsAndInvisibleNames(t *testing.T) {
	s := Start(t)
	kept := s.CreateGame("scorepad", "Ana", "Ben")
	before := fmt.Sprint(s.Games()) + s.Log(kept)
	for _, c := range []struct {
		kind     string
		settings string
		players  []string
		want     string
	}{
		{"coldcash", `{"bogus":1}`, []string{"Ana", "Ben"}, "no setting \\\"bogus"},
		{"scorepad", `{"x":1}`, []string{"Ana"}, "no setting \\\"x"},
		{"risk", `{"settings":{"empire":true}}`, []string{"Ana", "Ben"}, "no setting \\\"settings"},
		{"risk", `{"empire":true,"neutrals":1,"laptopHands":true,"extra":{"a":1}}`, []string{"Ana", "Ben"}, "no setting \\\"extra"},
		{"scorepad", ``, []string{"\u200b"}, "invisible"},
		{"scorepad", ``, []string{"Ana", "\u200b\u2060\ufeff"}, "invisible"},
		{"scorepad", ``, []string{"\u3164"}, "invisible"},
	} {
		body := map[string]any{"kind": c.kind, "name": "Strict night", "players": c.players}
		if c.settings != "" {
			body["settings"] = jsonRaw(c.settings)
		}
		code, out := s.Host.PostJSON("/games", body, nil)
		if code != http.StatusUnprocessableEntity || !strings.Contains(out, c.want) {
			t.Errorf("%s with %s %q: %d %.300s; want 422 naming %s", c.kind, c.settings, c.players, code, out, c.want)
		}
	}
	if after := fmt.Sprint(s.Games()) + s.Log(kept); after != before {
		t.Fatalf("a refused new game changed the games:\n%s\n%s", before, after)
	}
	// A game stored with a setting no longer known still opens after a restart.
	s.Kill()
	db, err := sql.Open("sqlite3", s.DB)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE games SET setup = json_set(setup, '$.settings', json('{"lowWins":true,"removedLongAgo":3}')) WHERE id = ?`, kept); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s2 := StartOn(t, s.DB)
	if code, body := s2.Host.Get(fmt.Sprintf("/games/%d", kept)); code != http.StatusOK {
		t.Fatalf("a stored game with an old setting: %d %.300s", code, body)
	}
}

// jsonRaw is JSON text passed through as is.
type jsonRaw string

func (j jsonRaw) MarshalJSON() ([]byte, error) { return []byte(j), nil }
