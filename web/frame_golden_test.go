package web

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/games"
	"tableside/internal/enginetest"
	"tableside/internal/testgames"
)

var updateFrames = flag.Bool("update-frames", false, "rewrite testdata/frames.golden from what this build draws")

// framesGolden holds, per game, step and viewer, the SHA-256 and length of
// the live frame and the whole page this build draws (-update-frames writes
// it), static files' hashes left out. It pins the bytes every screen gets while the page's answers move
// from methods to fields set once where the page is built: a change that
// leaves every screen's bytes alone passes. A change that means to change
// the markup rewrites the file with -update-frames, and its diff shows
// which screens moved.
const framesGolden = "testdata/frames.golden"

// staticHash is the content hash in a static file's URL (/static/HASH/name).
var staticHash = regexp.MustCompile(`/static/[^/"]+/`)

// TestEveryViewersFramesAndPagesAreTheGoldenBytes plays each game by offered
// moves (the same deals, dice and clock every run) and, at points through
// the game and at its end, draws the live frame of the host, the public and
// every seat, and the page of each (the TV's too), comparing every byte with
// the golden file.
func TestEveryViewersFramesAndPagesAreTheGoldenBytes(t *testing.T) {
	t.Parallel()
	got := drawnGolden(t)
	if *updateFrames {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(framesGolden, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(framesGolden)
	if err != nil {
		t.Fatalf("%v (run once with -update-frames to write it)", err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		want = append(want, sc.Text())
	}
	if len(got) < 500 {
		t.Fatalf("only %d screens drawn: the games did not get far enough to test anything", len(got))
	}
	wantAt := map[string]string{}
	for _, w := range want {
		k, _, _ := strings.Cut(w, " = ")
		wantAt[k] = w
	}
	bad := 0
	for _, g := range got {
		k, _, _ := strings.Cut(g, " = ")
		if w := wantAt[k]; w != g {
			bad++
			if bad <= 20 {
				t.Errorf("drawn %s\n  golden %s", g, w)
			}
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d screens drawn, %d in the golden file", len(got), len(want))
	}
	if bad > 0 {
		t.Errorf("%d of %d screens differ from the golden bytes", bad, len(got))
	}
}

// drawnGolden plays each game and lists what each screen was drawn, one
// line each: "game step viewer what = sha256 length".
func drawnGolden(t *testing.T) []string {
	var out []string
	kinds := []struct {
		name, kind, settings string
		rules                []engine.Rules
	}{
		{"tally", "tally", "", []engine.Rules{testgames.Tally{}}},
		{"coldcash-board", "coldcash", `{"mode":"board"}`, games.All()},
		{"coldcash-bank", "coldcash", "", games.All()},
		{"risk", "risk", "", games.All()},
		{"pctw", "pctw", "", games.All()},
		{"takeover", "takeover", "", games.All()},
		{"cashcrash", "cashcrash", "", games.All()},
		{"scorepad", "scorepad", "", games.All()},
	}
	for _, k := range kinds {
		s := quietServer(t, Config{}, k.rules...)
		sameDeals(s.tracker)
		now := time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)
		s.tracker.Now = func() time.Time { return now }
		id := createGame(t, s, k.kind, "golden", k.settings, "Ana", "Ben", "Cy", "Di")
		rules, _ := s.tracker.Rules(k.kind)
		rng := rand.New(rand.NewPCG(40, 10))
		viewers := []engine.Viewer{{Seat: engine.Host}, {Seat: engine.Public}}
		for i := range 4 {
			viewers = append(viewers, engine.Viewer{Seat: i})
		}
		at := []int{0, 1, 2, 5, 13, 34, 89, 144}
		ctx := context.Background()
		for played := 0; ; played++ {
			var st engine.State
			s.tracker.State(ctx, id, func(s engine.State, _ int64) { st = s })
			_, over := rules.Result(st)
			cmd, ok := enginetest.AnyOffered(rules, st, viewers, rng)
			last := over || !ok || played == at[len(at)-1]
			if slices.Contains(at, played) || last {
				out = append(out, drawnScreens(t, s, id, fmt.Sprintf("%s %d", k.name, played), viewers)...)
			}
			if last {
				break
			}
			now = now.Add(7 * time.Second)
			if _, err := s.tracker.Do(ctx, id, cmd, ""); err != nil {
				t.Fatalf("%s step %d: offered %s refused: %v", k.name, played, cmd.Type, err)
			}
		}
	}
	return out
}

// drawnScreens draws the live frame and the page of each viewer, and the TV's page.
func drawnScreens(t *testing.T, s *Server, id int64, at string, viewers []engine.Viewer) []string {
	var out []string
	line := func(who, what string, b []byte) {
		out = append(out, fmt.Sprintf("%s %s %s = %x %d", at, who, what, sha256.Sum256(b), len(b)))
	}
	e := echo.New()
	for _, v := range viewers {
		who := fmt.Sprintf("seat%d", v.Seat)
		_, frame, err := s.liveFrame(context.Background(), id, v, nil)
		if err != nil {
			t.Fatalf("%s %s frame: %v", at, who, err)
		}
		line(who, "frame", frame)
		for _, tv := range []bool{false, true} {
			if tv && v.Seat != engine.Public {
				continue
			}
			req := httptest.NewRequest("GET", fmt.Sprintf("/games/%d", id), nil)
			req.RemoteAddr = "192.0.2.7:5000" // not the laptop: only the viewer given is the host
			if v.IsHost() {
				req.RemoteAddr = "127.0.0.1:5000"
			}
			rec := httptest.NewRecorder()
			c := e.NewContext(req, rec)
			what := "page"
			if tv {
				c.Set("tv", true)
				what = "tvpage"
			}
			if err := s.renderGame(c, 200, id, v, ""); err != nil {
				t.Fatalf("%s %s %s: %v", at, who, what, err)
			}
			if rec.Code != 200 {
				t.Fatalf("%s %s %s: %d %s", at, who, what, rec.Code, rec.Body)
			}
			// A page names its stylesheets and scripts by their content's hash
			// (assetURL): an edit to one is not a change to the page's markup.
			body := staticHash.ReplaceAll(rec.Body.Bytes(), []byte("/static/HASH/"))
			if v.IsHost() { // the room code is drawn at random: it is the one byte string that may differ
				info, err := s.tracker.Info(context.Background(), id)
				if err != nil {
					t.Fatal(err)
				}
				if room, err := s.seats.RoomCode(context.Background(), info); err == nil && room != "" {
					body = bytes.ReplaceAll(body, []byte(room), []byte("ROOM"))
				}
			}
			line(who, what, body)
		}
	}
	return out
}
