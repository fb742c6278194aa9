package web_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"tableside/internal/testenv"
)

// The host asks for the log of a game that does not exist: 404 with the
// reason, not a 200 and an empty download. An existing game's log is the
// whole export.
func TestExportLogOfMissingGameIsNotFound(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	resp, body := fetch(t, app.URL+"/games/999/log", "Accept", "application/json")
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("GET /games/999/log as host: %d %q, want 404", resp.StatusCode, body)
	}
	if resp.Header.Get("Content-Disposition") != "" {
		t.Errorf("a missing game's log is offered as a download: %q", resp.Header.Get("Content-Disposition"))
	}
	if !strings.Contains(body, "There is no such game.") {
		t.Errorf("404 body %q does not say why", body)
	}

	req, _ := http.NewRequest(http.MethodPost, app.URL+"/games", strings.NewReader(`{"kind":"scorepad","players":["Ana","Ben"]}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	created, err := client.Do(req)
	if err != nil || created.StatusCode != http.StatusCreated {
		t.Fatalf("create: %v %v", err, created)
	}
	var info struct{ ID int64 }
	json.NewDecoder(created.Body).Decode(&info)
	created.Body.Close()
	resp, body = fetch(t, app.URL+"/games/"+itoa(info.ID)+"/log")
	var x struct {
		Format string `json:"format"`
		Game   struct {
			Kind string `json:"kind"`
		} `json:"game"`
	}
	if resp.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &x) != nil || x.Game.Kind != "scorepad" || x.Format == "" {
		t.Fatalf("GET the log of game %d: %d %.200q", info.ID, resp.StatusCode, body)
	}
	if !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Errorf("the log is not a download: %q", resp.Header.Get("Content-Disposition"))
	}
}
