package table_test

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"tableside/internal/leaguetest"
	"tableside/league"
	"tableside/scoring"
)

func startStricterHub(t *testing.T, title string) *testHub {
	return leaguetest.StartHub(t, leaguetest.Options{RefuseTitle: title})
}

func addTitled(t *testing.T, tt *testTable, title string) scoring.Play {
	t.Helper()
	a, b := 3, 2
	p, err := tt.Scores.Add(context.Background(), scoring.Play{Game: title, Date: "2026-11-20", Time: "20:00", Scoring: scoring.High,
		Players: []scoring.Player{{Name: "Ana", Score: &a}, {Name: "Bo", Score: &b}}})
	must(t, err)
	return p
}

// One play the hub refuses for what it holds does not stop the table's
// sync: it is set aside with the hub's reason (named on the league page's
// line and list), every play before and after it reaches the hub once, and
// the host can send it again, fix it (an edit sends a new version) or leave
// it out. Before, the table resent the same batch for ever.
func TestPlayTheHubRefusesIsSetAsideAndTheRestFlowOn(t *testing.T) {
	ctx := context.Background()
	th, tt := startStricterHub(t, "Poisoned"), newTable(t)
	tt.Pair(t, th, "Kitchen")
	tt.Sync.Batch = 2
	tt.AddPlay(t, "Ana", "Bo", 1, 2)
	bad := addTitled(t, tt, "Poisoned")
	for i := range 3 {
		tt.AddPlay(t, "Cy", "Bo", i, 2)
	}
	must(t, tt.Sync.Sync(ctx))
	if on := th.Plays(t); len(on) != 4 {
		t.Fatalf("%d plays on the hub, want the 4 good ones", len(on))
	}
	leaguetest.ExactlyOnce(t, th, tt)
	st := tt.Status(t)
	contains(t, "status", st.Line(), "1 play is set aside: the league refused it")
	aside, err := tt.Sync.SetAside(ctx)
	must(t, err)
	if len(aside) != 1 || aside[0].Key != bad.Key || aside[0].Title != "Poisoned" || !strings.Contains(aside[0].Why, "title: this hub does not take Poisoned") {
		t.Fatalf("set aside: %+v", aside)
	}
	// Sent again as it is, it is refused again; nothing else moves.
	must(t, tt.Sync.Resend(ctx, bad.Key))
	must(t, tt.Sync.Sync(ctx))
	if aside, _ := tt.Sync.SetAside(ctx); len(aside) != 1 || len(th.Plays(t)) != 4 {
		t.Fatalf("after sending it again: %d set aside, %d on the hub", len(aside), len(th.Plays(t)))
	}
	// Fixed on the score log, its new version goes.
	bad.Game = "Carcassonne"
	_, err = tt.Scores.Update(ctx, bad.Key, bad)
	must(t, err)
	must(t, tt.Sync.Sync(ctx))
	if on := th.Plays(t); len(on) != 5 || on[tt.TableID(t)+"/"+bad.Key].Title != "Carcassonne" {
		t.Fatalf("after the fix: %d plays on the hub", len(on))
	}
	if aside, _ := tt.Sync.SetAside(ctx); len(aside) != 0 {
		t.Fatalf("after the fix still set aside: %+v", aside)
	}
	contains(t, "status", tt.Status(t).Line(), "Every play is on the league")
}

// A play left out of the league stays out (and off the list), and the
// table's line no longer asks the host about it; only a set-aside play can
// be dropped or sent again.
func TestSetAsidePlayLeftOutOfTheLeague(t *testing.T) {
	ctx := context.Background()
	th, tt := startStricterHub(t, "Poisoned"), newTable(t)
	tt.Pair(t, th, "Kitchen")
	good := tt.AddPlay(t, "Ana", "Bo", 1, 2)
	bad := addTitled(t, tt, "Poisoned")
	must(t, tt.Sync.Sync(ctx))
	if err := tt.Sync.Drop(ctx, good.Key); err == nil || !strings.Contains(err.Error(), "is set aside") {
		t.Fatalf("dropping a play the hub took: %v", err)
	}
	must(t, tt.Sync.Drop(ctx, bad.Key))
	must(t, tt.Sync.Sync(ctx))
	if aside, _ := tt.Sync.SetAside(ctx); len(aside) != 0 || len(th.Plays(t)) != 1 {
		t.Fatalf("after leaving it out: %d listed, %d on the hub", len(aside), len(th.Plays(t)))
	}
	if err := tt.Sync.Resend(ctx, bad.Key); err == nil {
		t.Fatal("a dropped play was queued again without an edit")
	}
}

// The table and the hub count a title the same way (characters): a title
// of 41 "Ñ" (82 bytes) logged at the table reaches the hub. Before, the
// hub counted bytes and refused it, and the table retried it for ever.
func TestTitleBeyondASCIICountsCharactersOnBothSides(t *testing.T) {
	ctx := context.Background()
	th, tt := startHub(t, nil), newTable(t)
	tt.Pair(t, th, "Kitchen")
	p := addTitled(t, tt, strings.Repeat("Ñ", 41))
	long := addTitled(t, tt, strings.Repeat("Ñ", league.MaxTitle))
	must(t, tt.Sync.Sync(ctx))
	on := th.Plays(t)
	if on[tt.TableID(t)+"/"+p.Key].Title != p.Game || on[tt.TableID(t)+"/"+long.Key].Title != long.Game {
		t.Fatalf("titles beyond ASCII did not arrive: %d plays", len(on))
	}
	if aside, _ := tt.Sync.SetAside(ctx); len(aside) != 0 {
		t.Fatalf("set aside: %+v", aside)
	}
}

// A queued play the league's own check refuses (here a row written by an
// older table with minutes past what the hub's INTEGER holds) is set aside
// by the table before it is sent, naming the field; the rest go.
func TestTableSetsAsideWhatTheLeaguesCheckRefuses(t *testing.T) {
	ctx := context.Background()
	th, tt := startHub(t, nil), newTable(t)
	tt.Pair(t, th, "Kitchen")
	tt.AddPlay(t, "Ana", "Bo", 1, 2)
	_, err := tt.Sync.Queue(ctx)
	must(t, err)
	_, err = tt.DB.ExecContext(ctx, `INSERT INTO league_plays(key, version, hash, payload, queued) VALUES ('old', 1, 'h', ?, '2026-01-01T00:00:00Z')`,
		`{"id":"old","version":1,"title":"Risk","date":"2026-01-01","minutes":2147483648,"scoring":"winlose","players":[{"local":1,"name":"Ana","rank":1,"winner":true}]}`)
	must(t, err)
	must(t, tt.Sync.Sync(ctx))
	aside, err := tt.Sync.SetAside(ctx)
	must(t, err)
	if len(aside) != 1 || aside[0].Key != "old" || !strings.Contains(aside[0].Why, "This table's check: minutes") {
		t.Fatalf("set aside: %+v", aside)
	}
	if len(th.Plays(t)) != 1 {
		t.Fatalf("%d plays on the hub, want 1", len(th.Plays(t)))
	}
}

// A hub that fails for its own reasons (a 5xx, or away) sets nothing aside:
// the plays wait, the table retries, and they arrive once it is back.
func TestHubFailureSetsNothingAsideAndRetries(t *testing.T) {
	ctx := context.Background()
	var down atomic.Bool
	down.Store(true)
	th := startHub(t, func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if down.Load() && r.URL.Path == league.PushPath {
				http.Error(w, `{"error":"busy"}`, http.StatusServiceUnavailable)
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	tt := newTable(t)
	tt.Pair(t, th, "Kitchen")
	tt.AddPlay(t, "Ana", "Bo", 1, 2)
	contains(t, "push to a failing hub", errString(tt.Sync.Sync(ctx)), "503")
	if aside, _ := tt.Sync.SetAside(ctx); len(aside) != 0 || tt.Status(t).Waiting != 1 {
		t.Fatalf("a 503 set %d aside; %d wait", len(aside), tt.Status(t).Waiting)
	}
	down.Store(false)
	must(t, tt.Sync.Sync(ctx))
	leaguetest.ExactlyOnce(t, th, tt)
}
