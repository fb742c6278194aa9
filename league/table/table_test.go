package table_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"tableside/internal/leaguetest"
	"tableside/league"
	"tableside/scoring"
)

// A paired table's plays wait in its queue ("3 plays waiting for the
// league"), reach the hub once, and a second sync sends nothing new.
func TestPairedTablePushesEachPlayOnce(t *testing.T) {
	ctx := context.Background()
	th, tt := startHub(t, nil), newTable(t)
	tt.AddPlay(t, "Ana", "Bo", 30, 20)
	if st := tt.Status(t); st.Paired || st.Line() != "This table is not in a league." {
		t.Fatalf("unpaired status: %+v %q", st, st.Line())
	}
	must(t, tt.Sync.Sync(ctx)) // unpaired: nothing happens
	tt.Pair(t, th, "Kitchen")
	tt.AddPlay(t, "Ana", "Cy", 1, 2)
	tt.AddPlay(t, "Bo", "Cy", 5, 2)
	if n, err := tt.Sync.Queue(ctx); err != nil || n != 3 {
		t.Fatalf("queued %d, %v; want 3", n, err)
	}
	contains(t, "status", tt.Status(t).Line(), "3 plays waiting for the league at "+th.URL)
	must(t, tt.Sync.Sync(ctx))
	if st := tt.Status(t); st.Waiting != 0 || st.LastSent.IsZero() {
		t.Fatalf("after the push: %+v", st)
	}
	contains(t, "status", tt.Status(t).Line(), "Every play is on the league")
	before, _ := th.Store.Dump(ctx)
	must(t, tt.Sync.Sync(ctx))
	after, _ := th.Store.Dump(ctx)
	must(t, league.SameSums(before.Sums(), after.Sums()))
	if on := th.Plays(t); len(on) != 3 {
		t.Fatalf("%d plays on the hub, want 3", len(on))
	}
	leaguetest.ExactlyOnce(t, th, tt)
}

// An edit, a delete and a restore on the table's score log each travel as a
// new version of the same play.
func TestScoreLogEditsAndDeletesTravelAsNewVersions(t *testing.T) {
	ctx := context.Background()
	th, tt := startHub(t, nil), newTable(t)
	tt.Pair(t, th, "Kitchen")
	p := tt.AddPlay(t, "Ana", "Bo", 30, 20)
	must(t, tt.Sync.Sync(ctx))
	key := tt.TableID(t) + "/" + p.Key
	edited := p
	ten := 10
	edited.Players = []scoring.Player{{Name: "Ana", Score: &ten}, {Name: "Bo", Score: p.Players[1].Score}}
	if _, err := tt.Scores.Update(ctx, p.Key, edited); err != nil {
		t.Fatal(err)
	}
	must(t, tt.Sync.Sync(ctx))
	got := th.Plays(t)[key]
	if got.Version != 2 || *got.Players[0].Score != 10 || got.Players[1].Rank != 1 {
		t.Fatalf("after the edit the hub has %+v", got)
	}
	must(t, tt.Scores.Delete(ctx, p.Key))
	must(t, tt.Sync.Sync(ctx))
	if _, ok := th.Plays(t)[key]; ok {
		t.Fatal("a play deleted at the table is still in the league")
	}
	must(t, tt.Scores.Restore(ctx, p.Key))
	must(t, tt.Sync.Sync(ctx))
	if got := th.Plays(t)[key]; got.Version != 4 {
		t.Fatalf("after the restore: version %d, want 4", got.Version)
	}
}

// The hub assigns league ids; the table remembers them and sends them, so a
// person renamed at the table stays the same league player.
func TestTableRemembersTheLeagueIDs(t *testing.T) {
	ctx := context.Background()
	th, tt := startHub(t, nil), newTable(t)
	tt.Pair(t, th, "Kitchen")
	p := tt.AddPlay(t, "Ana", "Bo", 30, 20)
	must(t, tt.Sync.Sync(ctx))
	anaID := th.Plays(t)[tt.TableID(t)+"/"+p.Key].Players[0].LeagueID
	ana := p.Players[0].PersonID
	if _, err := tt.Scores.UpdatePerson(ctx, ana, "Ana Maria", "#0072b2"); err != nil {
		t.Fatal(err)
	}
	q := tt.AddPlay(t, "Ana Maria", "Bo", 1, 2)
	must(t, tt.Sync.Sync(ctx))
	if got := th.Plays(t)[tt.TableID(t)+"/"+q.Key].Players[0]; got.LeagueID != anaID || got.Name != "Ana" {
		t.Fatalf("renamed Ana reached the league as %+v, want league player %d", got, anaID)
	}
}

// A pairing code works once; a wrong one is refused with a message and the
// table stays unpaired; a paired table cannot pair again.
func TestPairingCodeWorksOnce(t *testing.T) {
	ctx := context.Background()
	th := startHub(t, nil)
	a, b := newTable(t), newTable(t)
	code := th.NewCode(t)
	err := a.Sync.Pair(ctx, th.URL, "ZZZZZ-ZZZZZ", "Kitchen")
	contains(t, "wrong code", errString(err), "unknown, used or expired")
	if a.Status(t).Paired {
		t.Fatal("a refused code paired the table")
	}
	must(t, a.Sync.Pair(ctx, th.URL+"#"+code, "", "Kitchen")) // the admin page's one line
	contains(t, "second use", errString(b.Sync.Pair(ctx, th.URL, code, "Garden")), "unknown, used or expired")
	contains(t, "paired twice", errString(a.Sync.Pair(ctx, th.URL, th.NewCode(t), "Kitchen")), "paired with a league already")
	contains(t, "no hub", errString(b.Sync.Pair(ctx, "ftp://x", code, "Garden")), "not a hub's address")
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// The hub's database holds neither the table's key nor the pairing code it
// used (a stolen pg_dump cannot push or pair): the key is derived from the
// hub's secrets file, the code kept as a hash.
func TestHubDatabaseHoldsNoKeyAndNoCode(t *testing.T) {
	ctx := context.Background()
	th, tt := startHub(t, nil), newTable(t)
	code := th.NewCode(t)
	must(t, tt.Sync.Pair(ctx, th.URL, code, "Kitchen"))
	var key string
	must(t, tt.DB.QueryRowContext(ctx, `SELECT key FROM league_link`).Scan(&key))
	d, err := th.Store.Dump(ctx)
	must(t, err)
	all := fmt.Sprintf("%+v", d)
	for what, secret := range map[string]string{"key": key, "code": code, "code without its dash": strings.ReplaceAll(code, "-", "")} {
		if strings.Contains(strings.ToLower(all), strings.ToLower(secret)) {
			t.Errorf("the hub's database holds the table's %s", what)
		}
	}
	if len(d.Tables) != 1 || len(d.Codes) != 1 || !d.Codes[0].Used {
		t.Fatalf("dump %+v", d)
	}
}

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
