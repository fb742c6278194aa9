package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/scorepad"
	"tableside/internal/testenv"
	"tableside/internal/testgames"
)

// hostView is what the host's JSON view says about undo and the score pad.
type hostView struct {
	Seq     int64
	UndoCmd int64
	Undo    string
	RedoCmd int64
	View    json.RawMessage
}

func hostState(t *testing.T, host *device, game int64) hostView {
	t.Helper()
	return decoded[hostView](t, host, fmt.Sprintf("/games/%d", game))
}

// /healthz checks the database for real: ok when it can read and take a
// write, and a named problem with 503 when the file is read-only.
func TestHealthzReportsTheDatabase(t *testing.T) {
	app := testenv.Start(t)
	resp, body := fetchJSON(t, app.URL+"/healthz")
	if resp.StatusCode != 200 || body["status"] != "ok" || body["database"] != "ok" {
		t.Fatalf("healthy: %d %v", resp.StatusCode, body)
	}
	if _, err := app.Tracker.DB().Exec(`PRAGMA query_only = 1`); err != nil {
		t.Fatal(err)
	}
	resp, body = fetchJSON(t, app.URL+"/healthz")
	if resp.StatusCode != http.StatusServiceUnavailable || body["database"] != "read-only" || !strings.Contains(body["message"], "read-only") {
		t.Fatalf("read-only: %d %v", resp.StatusCode, body)
	}
}

func fetchJSON(t *testing.T, u string) (*http.Response, map[string]string) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]string
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		t.Fatalf("GET %s: not JSON: %v", u, err)
	}
	return resp, m
}

// A full disk and a read-only file are said as such, to a program (JSON)
// and on the page, and the game is unchanged.
func TestStorageFailuresAreNamed(t *testing.T) {
	app := testenv.Start(t)
	host := newDevice(t, app)
	game := host.createGame("scorepad", "Ana", "Ben")
	if code, body := host.command(game, scorepad.CmdScore, map[string]any{"seat": 0, "points": 3}, "k0"); code != 200 {
		t.Fatalf("score: %d %s", code, body)
	}
	db := app.Tracker.DB()
	var pages int
	if err := db.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(fmt.Sprintf(`PRAGMA max_page_count = %d`, pages)); err != nil {
		t.Fatal(err)
	}
	note := strings.Repeat("n", 180)
	var code int
	var body string
	before := hostState(t, host, game)
	for i := 1; i < 500; i++ {
		before = hostState(t, host, game)
		code, body = host.command(game, scorepad.CmdScore, map[string]any{"seat": 1, "points": 1, "note": note}, fmt.Sprint("f", i))
		if code != 200 {
			break
		}
	}
	var answer struct{ Error, Rule string }
	json.Unmarshal([]byte(body), &answer)
	if code != http.StatusInsufficientStorage || answer.Rule != "disk-full" || !strings.Contains(answer.Error, "disk is full") {
		t.Fatalf("full disk: %d %s; want 507 saying the disk is full", code, body)
	}
	if after := hostState(t, host, game); string(after.View) != string(before.View) || after.Seq != before.Seq {
		t.Fatal("the failed command changed the game")
	}
	// A form: sent until the disk is full for it too (its record is a
	// little smaller than the JSON one, which carried a key).
	var page string
	for i := 0; i < 100; i++ {
		code, page = host.postForm(fmt.Sprintf("/games/%d/commands", game), url.Values{"type": {scorepad.CmdScore}, "d.seat": {"1"}, "d.points": {"1"}, "t.note": {note}})
		if code != 200 {
			break
		}
	}
	before = hostState(t, host, game)
	if code != http.StatusInsufficientStorage || !strings.Contains(page, "disk is full") || strings.Contains(page, "game is safe") {
		t.Fatalf("full disk, form: %d; the page does not say the disk is full", code)
	}

	db.Exec(`PRAGMA max_page_count = 1000000`)
	db.Exec(`PRAGMA query_only = 1`)
	code, body = host.command(game, scorepad.CmdScore, map[string]any{"seat": 1, "points": 1}, "ro")
	json.Unmarshal([]byte(body), &answer)
	if code != http.StatusServiceUnavailable || answer.Rule != "read-only" || !strings.Contains(answer.Error, "read-only") {
		t.Fatalf("read-only: %d %s; want 503 saying the file is read-only", code, body)
	}
	code, page = host.postForm(fmt.Sprintf("/games/%d/undo", game), url.Values{"cmd": {fmt.Sprint(before.UndoCmd)}})
	if code != http.StatusServiceUnavailable || !strings.Contains(page, "read-only") {
		t.Fatalf("read-only undo: %d; the page does not say the file is read-only", code)
	}
	db.Exec(`PRAGMA query_only = 0`)
	if after := hostState(t, host, game); string(after.View) != string(before.View) {
		t.Fatal("the failed writes changed the game")
	}
}

var undoForm = regexp.MustCompile(`action="/games/\d+/undo">\s*<input type="hidden" name="cmd" value="(\d+)"><input type="hidden" name="idem" value="">`)

// The host's undo form names the command it takes back (and app.js gives it
// a key, as it does command forms).
// A double tap of that form undoes once; the same form after a phone's
// command is refused naming that command; the JSON API works the same.
func TestUndoFormNamesItsTargetOverHTTP(t *testing.T) {
	app := testenv.Start(t)
	host := newDevice(t, app)
	game := host.createGame("scorepad", "Ana", "Ben")
	host.command(game, scorepad.CmdScore, map[string]any{"seat": 0, "points": 12}, "a")
	_, page := host.get(fmt.Sprintf("/games/%d", game))
	m := undoForm.FindStringSubmatch(page)
	if m == nil || !strings.Contains(page, "Undo: Ana scored 12") {
		t.Fatalf("the undo form does not name its command and key:\n%s", page)
	}
	form := url.Values{"cmd": {m[1]}, "idem": {"key-made-by-app-js"}}
	// A command comes in after the page was drawn (another screen, a phone).
	host.command(game, scorepad.CmdScore, map[string]any{"seat": 1, "points": 99}, "b")
	before := hostState(t, host, game)
	code, page := host.postForm(fmt.Sprintf("/games/%d/undo", game), form)
	if code != http.StatusOK || !strings.Contains(toastOf(page), "Ben scored 99 since; undo that first?") {
		t.Fatalf("stale undo: %d; want the game back with a toast naming Ben's 99", code)
	}
	if after := hostState(t, host, game); string(after.View) != string(before.View) || after.Seq != before.Seq {
		t.Fatal("a stale undo changed the game")
	}
	// Double tap on the fresh form: one undo, one repeat.
	var first, second struct {
		Reverted string
		Cmd      int64
		Repeat   bool
	}
	req := map[string]any{"cmd": before.UndoCmd, "idem": "tap-1"}
	if code, body := host.postJSON(fmt.Sprintf("/games/%d/undo", game), req, &first); code != 200 || first.Repeat || first.Reverted != "Ben scored 99" {
		t.Fatalf("undo: %d %s", code, body)
	}
	mid := hostState(t, host, game)
	if code, body := host.postJSON(fmt.Sprintf("/games/%d/undo", game), req, &second); code != 200 || !second.Repeat {
		t.Fatalf("second tap: %d %s; want a repeat", code, body)
	}
	if after := hostState(t, host, game); string(after.View) != string(mid.View) || after.Seq != mid.Seq || after.UndoCmd == 0 {
		t.Fatal("the second tap undid something more")
	}
	// The same key with another target is refused, 409.
	if code, body := host.postJSON(fmt.Sprintf("/games/%d/undo", game), map[string]any{"cmd": mid.UndoCmd, "idem": "tap-1"}, nil); code != http.StatusConflict {
		t.Fatalf("key reused for another undo: %d %s", code, body)
	}
	if code, _ := host.postForm(fmt.Sprintf("/games/%d/undo", game), nil); code != http.StatusBadRequest {
		t.Fatalf("an undo naming nothing: %d, want 400", code)
	}
}

// A command's idempotency key reused with another body is a 409 with a
// message, not a silent "repeat" that drops the command.
func TestIdempotencyKeyReusedForAnotherCommandIs409(t *testing.T) {
	app := testenv.Start(t)
	host := newDevice(t, app)
	game := host.createGame("scorepad", "Ana", "Ben")
	if code, _ := host.command(game, scorepad.CmdScore, map[string]any{"seat": 0, "points": 5}, "same"); code != 200 {
		t.Fatal("first command failed")
	}
	before := hostState(t, host, game)
	code, body := host.command(game, scorepad.CmdScore, map[string]any{"seat": 0, "points": 5}, "same")
	if code != 200 || !strings.Contains(body, `"repeat":true`) {
		t.Fatalf("the same command again: %d %s; want a repeat", code, body)
	}
	code, body = host.command(game, scorepad.CmdScore, map[string]any{"seat": 1, "points": 50}, "same")
	if code != http.StatusConflict || !strings.Contains(body, "idempotency-key-reused") || !strings.Contains(body, "not applied") {
		t.Fatalf("the key with another body: %d %s; want 409", code, body)
	}
	if after := hostState(t, host, game); string(after.View) != string(before.View) || after.Seq != before.Seq {
		t.Fatal("a refused key changed the game")
	}
}

// Over HTTP, a command whose engine panics, deciding it or drawing any
// screen of the state it would leave, is refused with the fault's message
// and not written; every screen still draws, and the game answers later
// commands and undo at once.
func TestEnginePanicOverHTTPLeavesTheGameWorking(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{Games: []engine.Rules{testgames.Faulty{}}})
	host := newDevice(t, app)
	game := host.createGame("faulty", "Ana")
	host.command(game, testgames.CmdAdd, map[string]any{"seat": 0}, "a1")
	before := hostState(t, host, game)
	// decide, evolve and result fault while deciding; the others are the
	// reads every screen makes of the state the command would leave.
	for _, in := range []string{"decide", "evolve", "result", "view", "describe", "feed", "waiting", "moves", "measure"} {
		code, body := host.command(game, testgames.CmdPanic, map[string]any{"in": in}, "p-"+in)
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, "engine-fault") || !strings.Contains(body, "the game is unchanged") {
			t.Fatalf("panic in %s: %d %s", in, code, body)
		}
		if after := hostState(t, host, game); string(after.View) != string(before.View) || after.Seq != before.Seq {
			t.Fatalf("panic in %s changed the game", in)
		}
		for _, path := range []string{"/games/%d", "/games/%d/tv", "/games/%d/timeline", "/games/%d/view"} {
			if code, body := host.get(fmt.Sprintf(path, game)); code != http.StatusOK {
				t.Fatalf("after a refused panic in %s, %s answers %d %.300s", in, fmt.Sprintf(path, game), code, body)
			}
		}
	}
	code, page := host.postForm(fmt.Sprintf("/games/%d/commands", game), url.Values{"type": {testgames.CmdPanic}, "d.in": {"evolve"}})
	if code != http.StatusOK || !strings.Contains(toastOf(page), "Tableside hit a fault in this game") {
		t.Fatalf("panic from a form: %d, toast %q", code, toastOf(page))
	}
	if code, body := host.command(game, testgames.CmdAdd, map[string]any{"seat": 0}, "a2"); code != 200 {
		t.Fatalf("a command after the faults: %d %s", code, body)
	}
	v := hostState(t, host, game)
	if code, body := host.postJSON(fmt.Sprintf("/games/%d/undo", game), map[string]any{"cmd": v.UndoCmd, "idem": "u"}, nil); code != 200 {
		t.Fatalf("undo after the faults: %d %s", code, body)
	}
	if after := hostState(t, host, game); string(after.View) != string(before.View) {
		t.Fatalf("after undo: %s; want %s", after.View, before.View)
	}
}
