package scorelog

import (
	"context"
	"errors"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/scoring"
)

// personID finds a person by name, failing the test when there is none.
func personID(t *testing.T, s *Store, name string) int64 {
	t.Helper()
	ps, err := s.People(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.Name == name {
			return p.ID
		}
	}
	t.Fatalf("no person %q in %+v", name, ps)
	return 0
}

// snapshot is the whole log as text: people and every play, deleted included.
func snapshot(t *testing.T, s *Store) string {
	t.Helper()
	ctx := context.Background()
	ps, err := s.People(ctx)
	if err != nil {
		t.Fatal(err)
	}
	all, err := s.load(ctx, s.db, true)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.Name + p.Colour + ";")
	}
	for _, p := range all {
		b.WriteString("\n" + p.Key + p.Game + p.Deleted)
		for _, pl := range p.Players {
			b.WriteString(" " + pl.Name + scoreText(pl.Score))
		}
	}
	return b.String()
}

func TestMergePersonMovesEveryPlayAndRemovesThem(t *testing.T) {
	s, _ := openStore(t)
	ctx := context.Background()
	mustAdd(t, s, scoring.Play{Game: "Azul", Date: "2026-11-01", Scoring: scoring.High, Players: []scoring.Player{pp("Ana", 61), pp("Ben", 48)}})
	del := mustAdd(t, s, scoring.Play{Game: "Azul", Date: "2026-11-02", Scoring: scoring.High, Players: []scoring.Player{pp("ana b.", 50), pp("Ben", 40)}})
	mustAdd(t, s, scoring.Play{Game: "Golf", Date: "2026-11-03", Scoring: scoring.Low, Players: []scoring.Player{pp("ana b.", 30), pp("Cy", 33)}})
	if err := s.Delete(ctx, del.Key); err != nil {
		t.Fatal(err)
	}
	from, into := personID(t, s, "ana b."), personID(t, s, "Ana")
	got, err := s.MergePerson(ctx, from, into)
	if err != nil || got.Name != "Ana" {
		t.Fatalf("merge: %+v %v", got, err)
	}
	if _, err := s.Person(ctx, from); !errors.Is(err, ErrNoPerson) {
		t.Errorf("the merged person is still there: %v", err)
	}
	if n, _ := s.PlayCount(ctx, into); n != 3 {
		t.Errorf("Ana is in %d plays after the merge, want 3 (the deleted one included)", n)
	}
	plays, _ := s.Plays(ctx, scoring.Filter{PersonID: into})
	if len(plays) != 2 || plays[1].Game != "Golf" || plays[1].Players[0].Name != "Ana" || *plays[1].Players[0].Score != 30 {
		t.Errorf("Ana's plays after the merge: %+v", plays)
	}
	if err := s.Restore(ctx, del.Key); err != nil {
		t.Fatal(err)
	}
	if p, _ := s.Play(ctx, del.Key); p.Players[0].Name != "Ana" {
		t.Errorf("the restored play names %q, want Ana", p.Players[0].Name)
	}
}

func TestMergeRefusesAPlayNamingBothAndChangesNothing(t *testing.T) {
	s, _ := openStore(t)
	ctx := context.Background()
	mustAdd(t, s, scoring.Play{Game: "Azul", Date: "2026-11-01", Scoring: scoring.High, Players: []scoring.Player{pp("Ana", 61), pp("Ben", 48)}})
	mustAdd(t, s, scoring.Play{Game: "Golf", Date: "2026-11-03", Scoring: scoring.Low, Players: []scoring.Player{pp("Ben", 30), pp("Cy", 33)}})
	before := snapshot(t, s)
	ana, ben := personID(t, s, "Ana"), personID(t, s, "Ben")
	_, err := s.MergePerson(ctx, ana, ben)
	if !engine.IsRefusal(err) || !strings.Contains(err.Error(), "Ana and Ben both played in Azul on 2026-11-01") {
		t.Fatalf("merging two people of one play: %v, want a refusal naming the play", err)
	}
	if _, err := s.MergePerson(ctx, ana, ana); !engine.IsRefusal(err) {
		t.Errorf("merging a person into themselves: %v, want a refusal", err)
	}
	if _, err := s.MergePerson(ctx, ana, 9999); !errors.Is(err, ErrNoPerson) {
		t.Errorf("merging into nobody: %v, want ErrNoPerson", err)
	}
	if after := snapshot(t, s); after != before {
		t.Errorf("a refused merge changed the log:\n%s\n---\n%s", before, after)
	}
}

func TestDeletePersonOnlyWhenInNoPlay(t *testing.T) {
	s, _ := openStore(t)
	ctx := context.Background()
	p := mustAdd(t, s, scoring.Play{Game: "Azul", Date: "2026-11-01", Scoring: scoring.High, Players: []scoring.Player{pp("Ana", 61), pp("Ben", 48)}})
	mustAdd(t, s, scoring.Play{Game: "Azul", Date: "2026-11-02", Scoring: scoring.High, Players: []scoring.Player{pp("Ana", 61), pp("Zed", 1)}})
	if err := s.Delete(ctx, p.Key); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, s)
	err := s.DeletePerson(ctx, personID(t, s, "Ana"))
	if !engine.IsRefusal(err) || !strings.Contains(err.Error(), "Ana is in 2 plays (1 of them deleted") || !strings.Contains(err.Error(), "Merge Ana into another player") {
		t.Fatalf("deleting a person in plays: %v, want a refusal counting the plays", err)
	}
	if err := s.DeletePerson(ctx, personID(t, s, "Ben")); !engine.IsRefusal(err) || !strings.Contains(err.Error(), "Ben is in 1 play (1 of them deleted") {
		t.Errorf("deleting a person in a deleted play: %v, want a refusal", err)
	}
	if after := snapshot(t, s); after != before {
		t.Errorf("a refused delete changed the log:\n%s\n---\n%s", before, after)
	}
	// Zed's only play is merged away, then Zed can go.
	zed := personID(t, s, "Zed")
	other := personID(t, s, "Ben")
	if _, err := s.MergePerson(ctx, zed, other); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdatePerson(ctx, other, "Ben", "#000000"); err != nil {
		t.Fatal(err)
	}
	// A person with no plays at all: added by a play that was then edited.
	q := mustAdd(t, s, scoring.Play{Game: "Golf", Date: "2026-11-05", Scoring: scoring.Low, Players: []scoring.Player{pp("Typo", 3)}})
	if _, err := s.Update(ctx, q.Key, scoring.Play{Game: "Golf", Date: "2026-11-05", Scoring: scoring.Low, Players: []scoring.Player{pp("Ana", 3)}}); err != nil {
		t.Fatal(err)
	}
	typo := personID(t, s, "Typo")
	if err := s.DeletePerson(ctx, typo); err != nil {
		t.Fatalf("deleting a person in no play: %v", err)
	}
	if _, err := s.Person(ctx, typo); !errors.Is(err, ErrNoPerson) {
		t.Errorf("the deleted person is still there: %v", err)
	}
	if err := s.DeletePerson(ctx, typo); !errors.Is(err, ErrNoPerson) {
		t.Errorf("deleting twice: %v, want ErrNoPerson", err)
	}
}

func TestNamesRefuseControlAndBidiCharacters(t *testing.T) {
	for _, name := range []string{"Ana\x00", "A\x1b[31mna", "Ana\u202eevil", "\u2066Ben", "Ana\nBen", strings.Repeat("a", 41)} {
		if err := scoring.CheckName(name); !engine.IsRefusal(err) {
			t.Errorf("CheckName(%q) = %v, want a refusal", name, err)
		}
	}
	for _, name := range []string{"Zoë", "José María", "李雷", strings.Repeat("a", 40), "'=x"} {
		if err := scoring.CheckName(name); err != nil {
			t.Errorf("CheckName(%q) = %v, want fine", name, err)
		}
	}
	p := scoring.Play{Game: "Azul\u202e", Date: "2026-11-01", Scoring: scoring.High, Players: []scoring.Player{pp("Ana", 1)}}
	if err := scoring.Normalize(&p); !engine.IsRefusal(err) {
		t.Errorf("a game title with a bidi override: %v, want a refusal", err)
	}
	p = scoring.Play{Game: "Azul", Date: "2026-11-01", Scoring: scoring.High, Notes: "two\nlines\tfine", Players: []scoring.Player{pp("Ana", 1)}}
	if err := scoring.Normalize(&p); err != nil {
		t.Errorf("notes with line breaks and tabs: %v, want fine", err)
	}
}
