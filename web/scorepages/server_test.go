package scorepages_test

import (
	"bytes"
	htmlpkg "html"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/games"
	"tableside/internal/testclient"
	"tableside/readmodel"
	"tableside/tracker"
	"tableside/tracker/scorelog"
	"tableside/web"
	"tableside/web/scorepages"
)

// scoreServer is the score log's screens alone behind a real HTTP server,
// as the web registers them, over the real score log and tracker (a fresh
// SQLite file), with a small fake of what they take from the web: every
// request is the host's (who may log a play), the guards let everything
// through, and there is no league. Pages are drawn with the site's real
// templates and error page (web.Alone). The guards, the phones' seats and
// a game's end landing in the log cross packages: they are tested with
// the whole server, in web.
type scoreServer struct {
	URL    string
	Scores *scorelog.Store
}

func newScoreServer(t *testing.T) *scoreServer {
	t.Helper()
	db, err := tracker.OpenDB(filepath.Join(t.TempDir(), "tableside.db"))
	if err != nil {
		t.Fatalf("open the database: %v", err)
	}
	tr := tracker.New(db, games.All()...)
	scores := scorelog.New(db)
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	e := echo.New()
	host := func(echo.Context) bool { return true }
	site := scorepages.Site{
		Render:      web.Alone(e, log, host, host),
		IsHost:      host,
		MayLogPlays: host,
		// As the web tells a program from a browser: the tests here ask as
		// browsers do.
		WantsJSON: func(c echo.Context) bool {
			return strings.Contains(c.Request().Header.Get("Accept"), "application/json")
		},
		Viewer: func(echo.Context, int64) engine.Viewer { return engine.Viewer{Seat: engine.Host} },
	}
	pass := func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	scorepages.New(site, scores, tr, readmodel.New(tr, log), nil, log).
		Routes(e, scorepages.Guards{SeatedOrHost: pass, PlayLimit: pass, HostOnly: pass})
	srv := httptest.NewServer(e)
	t.Cleanup(func() {
		srv.Close()
		db.Close()
	})
	return &scoreServer{URL: srv.URL, Scores: scores}
}

// noFollow is a browser that shows where a form leads instead of going.
var noFollow = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// get opens path without following a redirect and returns the status and body.
func (app *scoreServer) get(t *testing.T, path string) (int, string) {
	t.Helper()
	resp, b := testclient.Fetch(t, noFollow, app.URL+path)
	return resp.StatusCode, string(b)
}

// postForm posts a form to path without following its redirect.
func (app *scoreServer) postForm(t *testing.T, path string, form url.Values) (*http.Response, string) {
	t.Helper()
	resp, b := testclient.PostForm(t, noFollow, app.URL+path, form)
	return resp, string(b)
}

// upload posts content as the file of the import form.
func (app *scoreServer) upload(t *testing.T, path, name, content string) (*http.Response, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", name)
	fw.Write([]byte(content))
	mw.Close()
	req, err := http.NewRequest(http.MethodPost, app.URL+path, &buf)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, b := testclient.Send(t, noFollow, req)
	return resp, string(b)
}

// logPlay logs a points play through the form, the players given as
// name, score pairs, and returns where the form led (the play's page).
func (app *scoreServer) logPlay(t *testing.T, game, date string, players ...string) string {
	t.Helper()
	form := url.Values{"game": {game}, "date": {date}, "scoring": {"high"}}
	for i := 0; i+1 < len(players); i += 2 {
		form.Set("p"+itoa(int64(i/2))+".name", players[i])
		form.Set("p"+itoa(int64(i/2))+".score", players[i+1])
	}
	resp, b := app.postForm(t, "/scores/plays", form)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("log play: status %d: %s", resp.StatusCode, b)
	}
	return resp.Header.Get("Location")
}

// logPlays logs plays of two players or more through the form, each given as
// "game date winner loser...".
func (app *scoreServer) logPlays(t *testing.T, plays ...string) {
	t.Helper()
	for _, p := range plays {
		f := strings.Fields(p)
		form := url.Values{"game": {f[0]}, "date": {f[1]}, "scoring": {"ranks"}}
		for i, name := range f[2:] {
			form.Set("p"+itoa(int64(i))+".name", name)
			form.Set("p"+itoa(int64(i))+".rank", itoa(int64(i+1)))
		}
		if resp, b := app.postForm(t, "/scores/plays", form); resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("log %q: %d %s", p, resp.StatusCode, b)
		}
	}
}

// loggedPlayBGStats logs a play by hand (the score log's form) and is the
// "Send to BG Stats" link on the play's page.
func (app *scoreServer) loggedPlayBGStats(t *testing.T, form url.Values) string {
	t.Helper()
	resp, b := app.postForm(t, "/scores/plays", form)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("log play: %d %s", resp.StatusCode, b)
	}
	_, page := app.get(t, resp.Header.Get("Location"))
	m := regexp.MustCompile(`id="bgstats" href="([^"]+)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the play page has no Send to BG Stats link:\n%s", page)
	}
	return htmlpkg.UnescapeString(m[1])
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// htmlEscape is s as a page writes it.
func htmlEscape(s string) string { return htmlpkg.EscapeString(s) }
