package table_test

import (
	"context"
	"fmt"
	"strings"
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
