package table_test

import (
	"context"
	"net/http"
	"net/url"
	"sync/atomic"
	"testing"

	"tableside/internal/leaguetest"
	"tableside/league"
	"tableside/scoring"
)

// A table whose key was revoked is paired again with a new code (a wrong
// code first changes nothing); it sends its whole score log under its new
// pairing, and the hub admin's "A table paired again" moves the earlier
// pairing's plays to the new one: every play is on the hub exactly once, and
// the earlier pairing is revoked.
func TestTablePairedAgainCountsEachPlayOnce(t *testing.T) {
	ctx := context.Background()
	th, tt := startHub(t, nil), newTable(t)
	tt.Pair(t, th, "Kitchen")
	for i := range 3 {
		tt.AddPlay(t, "Ana", "Bo", i, 5)
	}
	must(t, tt.Sync.Sync(ctx))
	old := tt.TableID(t)
	resp, err := th.AdminClient(t).PostForm(th.URL+"/admin/tables/"+old+"/revoke", nil)
	must(t, err)
	resp.Body.Close()
	tt.AddPlay(t, "Ana", "Cy", 9, 5)
	contains(t, "push after the revoke", errString(tt.Sync.Sync(ctx)), "revoked")

	contains(t, "pair again with a wrong code", errString(tt.Sync.Repair(ctx, th.URL, "AAAAA-AAAAA", "Kitchen")), "unknown, used or expired")
	if id, w := tt.TableID(t), tt.Status(t).Waiting; id != old || w != 1 {
		t.Fatalf("a refused code changed the link: table %s (was %s), %d waiting (was 1)", id, old, w)
	}
	must(t, tt.Sync.Repair(ctx, th.URL, th.NewCode(t), "Kitchen"))
	if id, w := tt.TableID(t), tt.Status(t).Waiting; id == old || w != 4 {
		t.Fatalf("paired again: table %s (was %s), %d plays wait, want the whole log (4)", id, old, w)
	}
	must(t, tt.Sync.Sync(ctx))
	if n := len(th.Plays(t)); n != 7 {
		t.Fatalf("before the admin moves the plays the hub holds %d, want 3 under the old pairing and 4 under the new", n)
	}
	resp, err = th.AdminClient(t).PostForm(th.URL+"/admin/takeover", url.Values{"from": {old}, "into": {tt.TableID(t)}})
	must(t, err)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("move the plays: %s", resp.Status)
	}
	on := th.Plays(t)
	if len(on) != 4 {
		t.Fatalf("after the move the hub holds %d plays, want 4", len(on))
	}
	for k, p := range on {
		if p.TableID != tt.TableID(t) {
			t.Errorf("play %s is still on the earlier pairing", k)
		}
	}
	leaguetest.ExactlyOnce(t, th, tt)
	if tb, err := th.Store.Table(ctx, old); err != nil || !tb.Revoked {
		t.Fatalf("the earlier pairing: %+v %v, want revoked", tb, err)
	}
}

// Unpairing forgets the key and the league ids and makes the whole score
// log wait for the next pairing; the score log is untouched. A table not
// paired is told so.
func TestUnpairForgetsTheLinkAndQueuesTheWholeLogAgain(t *testing.T) {
	ctx := context.Background()
	th, tt := startHub(t, nil), newTable(t)
	tt.Pair(t, th, "Kitchen")
	tt.AddPlay(t, "Ana", "Bo", 1, 2)
	tt.AddPlay(t, "Ana", "Cy", 3, 2)
	must(t, tt.Sync.Sync(ctx))
	must(t, tt.Sync.Unpair(ctx))
	if st := tt.Status(t); st.Paired {
		t.Fatalf("after unpairing the table says %q", st.Line())
	}
	var waiting, ids int
	must(t, tt.DB.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM league_plays WHERE sent IS NULL), (SELECT count(*) FROM league_people)`).Scan(&waiting, &ids))
	if waiting != 2 || ids != 0 {
		t.Fatalf("after unpairing %d plays wait (want 2) and %d league ids are kept (want 0)", waiting, ids)
	}
	if ps, _ := tt.Scores.Plays(ctx, scoring.Filter{}); len(ps) != 2 {
		t.Fatalf("unpairing changed the score log: %d plays", len(ps))
	}
	contains(t, "unpair twice", errString(tt.Sync.Unpair(ctx)), "not paired")
	other := startHub(t, nil)
	tt.Pair(t, other, "Kitchen")
	must(t, tt.Sync.Sync(ctx))
	leaguetest.ExactlyOnce(t, other, tt)
	if n := len(other.Plays(t)); n != 2 {
		t.Fatalf("the next hub holds %d plays, want the whole log (2)", n)
	}
}

// The host pairs the table again while a push to the old pairing is on its
// way: the old pairing's answer marks nothing, so the new pairing is sent
// every play.
func TestAnswerOfTheOldPairingMarksNothingAfterPairingAgain(t *testing.T) {
	ctx := context.Background()
	arrived, release := make(chan struct{}), make(chan struct{})
	var first atomic.Bool
	first.Store(true)
	hold := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == league.PushPath && first.CompareAndSwap(true, false) {
				arrived <- struct{}{}
				<-release
			}
			next.ServeHTTP(w, r)
		})
	}
	th, tt := startHub(t, hold), newTable(t)
	tt.Pair(t, th, "Kitchen")
	tt.AddPlay(t, "Ana", "Bo", 1, 2)
	done := make(chan error, 1)
	go func() { done <- tt.Sync.Sync(ctx) }()
	<-arrived
	must(t, tt.Sync.Repair(ctx, th.URL, th.NewCode(t), "Kitchen"))
	close(release)
	contains(t, "the old pairing's push", errString(<-done), "link changed during the push")
	if w := tt.Status(t).Waiting; w != 1 {
		t.Fatalf("%d plays wait for the new pairing, want 1", w)
	}
	must(t, tt.Sync.Sync(ctx))
	if w := tt.Status(t).Waiting; w != 0 {
		t.Fatalf("%d plays still wait", w)
	}
}
