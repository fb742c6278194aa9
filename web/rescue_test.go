package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/testenv"
	"tableside/internal/testgames"
)

// A log an older version wrote, whose last command leaves a state the
// engine cannot draw, never wedges the game: the host's screen still offers
// undo (drawn without the engine's view), naming the command, and undoing it
// brings every screen back. Other screens get the fault, not a hang.
func TestHostCanAlwaysUndoACommandWhoseScreenPanics(t *testing.T) {
	path := t.TempDir() + "/tableside.db"
	opts := testenv.Options{Games: []engine.Rules{testgames.Faulty{}}, DBPath: path}
	app := testenv.StartWith(t, opts)
	host := newDevice(t, app)
	game := host.createGame("faulty", "Ana")
	if code, body := host.command(game, testgames.CmdAdd, map[string]any{"seat": 0}, "a1"); code != 200 {
		t.Fatalf("add: %d %s", code, body)
	}
	before := hostState(t, host, game)
	app.Stop()
	writeOldEvent(t, path, game, "poison-view")

	app = testenv.StartWith(t, opts)
	host = newDevice(t, app)
	code, page := host.get(fmt.Sprintf("/games/%d", game))
	undoForm := fmt.Sprintf(`action="/games/%d/undo"`, game)
	if code != http.StatusUnprocessableEntity || !strings.Contains(page, undoForm) || !strings.Contains(page, `name="cmd" value="2"`) ||
		!strings.Contains(page, "Undo: poison-view") {
		t.Fatalf("the host's screen of a game whose view panics: %d %.2000s; want the fault with an undo of command 2", code, page)
	}
	if code := host.getJSON(fmt.Sprintf("/games/%d", game), nil); code != http.StatusUnprocessableEntity {
		t.Fatalf("the JSON view: %d; want the fault (422)", code)
	}
	if code, _ := host.get(fmt.Sprintf("/games/%d/tv", game)); code != http.StatusUnprocessableEntity {
		t.Fatalf("the TV: %d; want the fault (422)", code)
	}
	if code, _ := host.postForm(fmt.Sprintf("/games/%d/undo", game), url.Values{"cmd": {"2"}, "idem": {"u1"}}); code != http.StatusOK {
		t.Fatalf("undo from the rescue screen: %d", code)
	}
	if after := hostState(t, host, game); string(after.View) != string(before.View) {
		t.Fatalf("after undo: %s; want %s", after.View, before.View)
	}
	if code, _ := host.get(fmt.Sprintf("/games/%d/tv", game)); code != http.StatusOK {
		t.Fatalf("the TV after undo: %d", code)
	}
}

// writeOldEvent appends a one-event command to a game's log straight into
// the database, as an older version (one that did not try the screens' reads
// before writing) could have.
func writeOldEvent(t *testing.T, path string, id int64, typ string) {
	t.Helper()
	db, err := testenv.OpenRawDB(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, err = db.Exec(`INSERT INTO events(game_id, seq, time, actor, cmd, type, payload)
		SELECT ?1, coalesce(max(seq), 0) + 1, '2026-01-01T00:00:00Z', -1, coalesce(max(seq), 0) + 1, ?2, '{}' FROM events WHERE game_id = ?1`, id, typ)
	if err != nil {
		t.Fatalf("write an old %s event: %v", typ, err)
	}
}
