package web_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"tableside/engine/conquest"
	"tableside/internal/testenv"
)

// A table's edited card symbols (RISK) and its own map layout (Piecepack
// Conquers the World) come back in its next game of the same kind.
func TestConquestTablesFindTheirSymbolsAndLayoutAgain(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	t.Cleanup(http.DefaultClient.CloseIdleConnections)
	create := func(kind string) int64 {
		code, body := post(t, app.URL+"/games", map[string]any{"kind": kind, "name": "T", "players": []string{"Ana", "Ben"}})
		if code != http.StatusCreated {
			t.Fatalf("create %s: %d %s", kind, code, body)
		}
		var info struct{ ID int64 }
		json.Unmarshal(body, &info)
		return info.ID
	}
	settings := func(id int64) conquest.Settings {
		code, body := get(t, app.URL+"/games/"+itoa(id)+"/view")
		if code != http.StatusOK {
			t.Fatalf("view: %d", code)
		}
		var v struct {
			View struct{ Settings conquest.Settings }
		}
		json.Unmarshal([]byte(body), &v)
		return v.View.Settings
	}
	symbols := "AAAICAICAICAICAICAICAICAICAICAICAICAICAICA"
	id := create("risk")
	if code, body := post(t, app.URL+"/games/"+itoa(id)+"/commands", map[string]any{"type": "configure", "data": map[string]any{"symbols": symbols}}); code != http.StatusOK {
		t.Fatalf("configure: %d %s", code, body)
	}
	if got := settings(create("risk")).Symbols; got != symbols {
		t.Fatalf("the next RISK game has symbols %q; want the table's %q", got, symbols)
	}
	layout := "S0 S1 S2 / M0 M1 M2 / C0 C1 C2"
	id = create("pctw")
	if code, body := post(t, app.URL+"/games/"+itoa(id)+"/commands", map[string]any{"type": "configure", "data": map[string]any{"layout": layout}}); code != http.StatusOK {
		t.Fatalf("configure: %d %s", code, body)
	}
	if got := settings(create("pctw")).Layout; got != layout {
		t.Fatalf("the next game's layout is %q; want %q", got, layout)
	}
	// A layout that is not a map is refused with the reason, and nothing changes.
	code, body := post(t, app.URL+"/games/"+itoa(id)+"/commands", map[string]any{"type": "configure", "data": map[string]any{"layout": "S0 Q7"}})
	if code != http.StatusUnprocessableEntity || !json.Valid(body) {
		t.Fatalf("a bad layout: %d %s", code, body)
	}
	if got := settings(id).Layout; got != layout {
		t.Fatalf("a refused layout changed the game: %q", got)
	}
}
