package scorelog

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/testclient"
	"tableside/scoring"
	"tableside/tracker"
)

// fillLog writes plays that use every column: each scoring, notes with
// commas, quotes and a line break, names beyond ASCII, a breakdown, a start
// player, a place, a duration and a play recorded from a Tableside game.
func fillLog(t testing.TB, s *Store) {
	t.Helper()
	ctx := context.Background()
	mustAdd(t, s, scoring.Play{Game: "Carcassonne", Date: "2026-11-01", Time: "19:30", Minutes: 45, Place: "Ana's kitchen", Scoring: scoring.High,
		Notes: "River expansion, \"fields\" scored\nsecond line", Players: []scoring.Player{
			{Name: "Ana", Colour: "#0072b2", Score: pts(92), Start: true}, pp("Ben", 88), pp("Zoë", 92)}})
	mustAdd(t, s, scoring.Play{Game: "Golf", Date: "2026-11-02", Scoring: scoring.Low, Players: []scoring.Player{pp("Ben", 31), pp("Ana", 40)}})
	mustAdd(t, s, scoring.Play{Game: "Pandemic", Date: "2026-11-03", Time: "20:00", Scoring: scoring.WinLose,
		Players: []scoring.Player{{Name: "Ana", Winner: true}, {Name: "Ben", Winner: true}, {Name: "Cy"}}})
	mustAdd(t, s, scoring.Play{Game: "Race", Date: "2026-11-04", Scoring: scoring.Ranks, Players: []scoring.Player{{Name: "Cy", Rank: 1}, {Name: "Zoë", Rank: 2}}})
	info := tracker.GameInfo{ID: 7, Kind: "coldcash", Name: "Friday", Created: time.Date(2026, 11, 5, 19, 0, 0, 0, time.UTC),
		Setup: engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Dee", Colour: "#d55e00"}}}}
	fin := info.Created.Add(95 * time.Minute)
	info.Finished = &fin
	if _, err := s.Record(ctx, info, "Cold Cash Risk", engine.Result{Scores: []engine.Score{
		{Seat: 0, Points: 41000, Winner: true, Breakdown: map[string]int{"cash": 30000, "bonuses": 6000, "stock sold": 5000}},
		{Seat: 1, Points: 39000, Breakdown: map[string]int{"cash": 39000}}}}); err != nil {
		t.Fatal(err)
	}
}

func exportCSV(t testing.TB, s *Store) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := s.ExportCSV(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestCSVRoundTripIsByteIdentical(t *testing.T) {
	src, _ := openStore(t)
	fillLog(t, src)
	first := exportCSV(t, src)

	dst, _ := openStore(t)
	n, err := dst.ImportCSV(context.Background(), bytes.NewReader(first))
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	if n != 5 {
		t.Errorf("imported %d plays, want 5", n)
	}
	second := exportCSV(t, dst)
	if !bytes.Equal(first, second) {
		t.Fatalf("export after import differs:\n--- first\n%s\n--- second\n%s", first, second)
	}
	for _, want := range []string{
		`"River expansion, ""fields"" scored` + "\nsecond line\"",
		`"{""bonuses"":6000,""cash"":30000,""stock sold"":5000}"`,
		",95,", "Zoë", ",Low,", // Low is a game title here, scoring is lower-case
	} {
		if want == ",Low," {
			want = ",low,"
		}
		if !bytes.Contains(first, []byte(want)) {
			t.Errorf("export lacks %q:\n%s", want, first)
		}
	}
	if lines := strings.Count(string(first), "\n"); lines != 1+3+2+3+2+2+3 { // header, rows, and the line break in a note on 3 rows
		t.Errorf("export has %d lines, want 16:\n%s", lines, first)
	}
}

// A bad row in the middle of a file refuses the whole file: nothing, not
// even the good plays before it, is imported, and the report names the line.
func TestImportIsAllOrNothingWithABadRowInTheMiddle(t *testing.T) {
	file := strings.Join([]string{
		"play,game,date,scoring,player,score",
		"p1,Catan,2026-11-01,high,Ana,10",
		"p1,Catan,2026-11-01,high,Ben,8",
		"p2,Catan,2026-11-31,high,Ana,7", // no 31 November
		"p2,Catan,2026-11-31,high,Ben,9",
		"p3,Catan,2026-11-03,high,Ana,12",
		"p3,Catan,2026-11-03,high,Cy,6",
	}, "\n") + "\n"
	s, _ := openStore(t)
	n, err := s.ImportCSV(context.Background(), strings.NewReader(file))
	var ie *ImportError
	if !errors.As(err, &ie) {
		t.Fatalf("import gave %v (%d plays), want an import report", err, n)
	}
	if len(ie.Problems) != 2 || ie.Problems[0].Line != 4 || ie.Problems[1].Line != 5 || ie.Problems[0].Play != "p2" {
		t.Errorf("report %v, want lines 4 and 5 (play p2)", ie)
	}
	if !strings.Contains(ie.Error(), "2026-11-31") || !strings.Contains(ie.Error(), "nothing imported") {
		t.Errorf("report %q should name the bad date and say nothing was imported", ie.Error())
	}
	plays, _ := s.Plays(context.Background(), scoring.Filter{})
	people, _ := s.People(context.Background())
	if n != 0 || len(plays) != 0 || len(people) != 0 {
		t.Errorf("after a refused import: %d reported, %d plays, %d people; want none", n, len(plays), len(people))
	}
}

func TestImportReportNamesEveryBadRow(t *testing.T) {
	s, _ := openStore(t)
	mustAdd(t, s, scoring.Play{Key: "old", Game: "Catan", Date: "2026-10-01", Scoring: scoring.High, Players: []scoring.Player{pp("Ana", 10), pp("Ben", 5)}})
	file := strings.Join([]string{
		"play,game,date,scoring,player,score,winner", // 1
		"old,Catan,2026-11-01,high,Ana,10,0",         // 2 key already in the log
		"a,Catan,2026-11-02,high,Ana,1,0",            // 3
		"a,Catan,2026-11-02,high,Ben,2,0,extra",      // 4 malformed
		"b,Catan,2026-11-03,high,Ana,x,0",            // 5 score not a number
		"c,Catan,2026-11-04,high,Ana,3,maybe",        // 6 winner not a flag
		"a,Catan,2026-11-02,high,Cy,2,0",             // 7 key used again apart
		"d,Catan,2026-10-01,high,Ana,10,0",           // 8 same as "old"...
		"d,Catan,2026-10-01,high,Ben,5,0",            // 9 ... a duplicate by content
		"e,Catan,2026-11-05,high,ana,4,0",            // 10 same name written another way
		"f,Catan,2026-11-05,winlose,Ana,4,1",         // 11 a score in a win/lose game
		"g,Catan,2026-11-06,high,Ana,4,0",            // 12 fine
		"g,Catan,2026-11-07,high,Ben,4,0",            // 13 date differs within the play
	}, "\n") + "\n"
	_, err := s.ImportCSV(context.Background(), strings.NewReader(file))
	var ie *ImportError
	if !errors.As(err, &ie) {
		t.Fatalf("import gave %v, want a report", err)
	}
	var lines []int
	for _, p := range ie.Problems {
		lines = append(lines, p.Line)
	}
	// Parse problems are reported first; duplicates against the log are
	// checked only once the file itself reads cleanly.
	want := []int{4, 5, 6, 7, 10, 11, 13}
	if !slices.Equal(lines, want) {
		t.Errorf("problems at lines %v, want %v:\n%v", lines, want, ie)
	}
	plays, _ := s.Plays(context.Background(), scoring.Filter{})
	if len(plays) != 1 {
		t.Errorf("%d plays after a refused import, want the 1 already there", len(plays))
	}

	// With the file's own problems fixed, the duplicates of the log remain.
	fixed := strings.Join([]string{
		"play,game,date,scoring,player,score,winner",
		"old,Catan,2026-11-01,high,Ana,10,0",
		"d,Catan,2026-10-01,high,Ana,10,0",
		"d,Catan,2026-10-01,high,Ben,5,0",
		"h,Catan,2026-11-08,high,Ana,1,0",
		"i,Catan,2026-11-08,high,Ana,1,0",
	}, "\n") + "\n"
	_, err = s.ImportCSV(context.Background(), strings.NewReader(fixed))
	if !errors.As(err, &ie) {
		t.Fatalf("import gave %v, want a report", err)
	}
	lines = lines[:0]
	for _, p := range ie.Problems {
		lines = append(lines, p.Line)
		if !strings.Contains(p.Msg, "duplicate") {
			t.Errorf("line %d: %s; want a duplicate play", p.Line, p.Msg)
		}
	}
	if !slices.Equal(lines, []int{2, 3, 6}) {
		t.Errorf("duplicates at lines %v, want 2, 3, 6:\n%v", lines, ie)
	}
}

func TestImportRefusesUnknownAndMissingColumns(t *testing.T) {
	s, _ := openStore(t)
	_, err := s.ImportCSV(context.Background(), strings.NewReader("play,game,date,scoring,player,points\n"))
	if err == nil || !strings.Contains(err.Error(), `unknown column "points"`) {
		t.Errorf("got %v, want the unknown column named", err)
	}
	_, err = s.ImportCSV(context.Background(), strings.NewReader("play,game,scoring,player\n"))
	if err == nil || !strings.Contains(err.Error(), `missing column "date"`) {
		t.Errorf("got %v, want the missing column named", err)
	}
	_, err = s.ImportCSV(context.Background(), strings.NewReader(""))
	if err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("got %v, want an empty file refused", err)
	}
}

func TestJSONExportHoldsEverythingWithDeletedPlays(t *testing.T) {
	s, _ := openStore(t)
	fillLog(t, s)
	plays, _ := s.Plays(context.Background(), scoring.Filter{Game: "Golf"})
	if err := s.Delete(context.Background(), plays[0].Key); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := s.ExportJSON(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{`"format": "tableside-scores/1"`, `"name": "Dee"`, `"colour": "#d55e00"`, `"deleted": "`, `"tablesideGame": 7`, `"stock sold": 5000`} {
		if !strings.Contains(out, want) {
			t.Errorf("JSON export lacks %s", want)
		}
	}
	if csv := exportCSV(t, s); bytes.Contains(csv, []byte("Golf")) {
		t.Errorf("the CSV export holds a deleted play:\n%s", csv)
	}
}

func TestDeleteIsUndoneByRestore(t *testing.T) {
	s, _ := openStore(t)
	ctx := context.Background()
	p := mustAdd(t, s, scoring.Play{Game: "Catan", Date: "2026-11-01", Scoring: scoring.High, Players: []scoring.Player{pp("Ana", 10)}})
	if err := s.Delete(ctx, p.Key); err != nil {
		t.Fatal(err)
	}
	if plays, _ := s.Plays(ctx, scoring.Filter{}); len(plays) != 0 {
		t.Fatalf("a deleted play is still listed")
	}
	if del, _ := s.Deleted(ctx); len(del) != 1 || del[0].Key != p.Key {
		t.Fatalf("deleted plays %v, want %s", del, p.Key)
	}
	if err := s.Restore(ctx, p.Key); err != nil {
		t.Fatal(err)
	}
	if plays, _ := s.Plays(ctx, scoring.Filter{}); len(plays) != 1 {
		t.Fatalf("a restored play is not listed")
	}
	if err := s.Delete(ctx, "nope"); !errors.Is(err, ErrNoPlay) {
		t.Errorf("deleting a missing play gave %v", err)
	}
}

func TestUpdateKeepsKeyAndRecomputesRanks(t *testing.T) {
	s, _ := openStore(t)
	ctx := context.Background()
	p := mustAdd(t, s, scoring.Play{Game: "Catan", Date: "2026-11-01", Scoring: scoring.High, Players: []scoring.Player{pp("Ana", 10), pp("Ben", 5)}})
	up, err := s.Update(ctx, p.Key, scoring.Play{Game: "Catan", Date: "2026-11-01", Place: "Club", Scoring: scoring.High, Players: []scoring.Player{pp("Ana", 10), pp("Ben", 12)}})
	if err != nil {
		t.Fatal(err)
	}
	if up.Key != p.Key || up.Place != "Club" || !up.Players[1].Winner || up.Players[0].Rank != 2 {
		t.Errorf("updated play %+v; want the same key, Ben the winner", up)
	}
}

func TestFilterByGamePlayerAndDates(t *testing.T) {
	s, _ := openStore(t)
	fillLog(t, s)
	ctx := context.Background()
	people, _ := s.People(ctx)
	var cy int64
	for _, p := range people {
		if p.Name == "Cy" {
			cy = p.ID
		}
	}
	count := func(f scoring.Filter) int {
		ps, err := s.Plays(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		return len(ps)
	}
	if n := count(scoring.Filter{Game: "catan"}); n != 0 {
		t.Errorf("Catan: %d plays, want 0", n)
	}
	if n := count(scoring.Filter{Game: "carcassonne"}); n != 1 {
		t.Errorf("Carcassonne (any case): %d plays, want 1", n)
	}
	if n := count(scoring.Filter{PersonID: cy}); n != 2 {
		t.Errorf("Cy: %d plays, want 2", n)
	}
	if n := count(scoring.Filter{From: "2026-11-02", To: "2026-11-04"}); n != 3 {
		t.Errorf("2 to 4 November: %d plays, want 3", n)
	}
}

func TestRenamingAPersonRefusesANameTaken(t *testing.T) {
	s, _ := openStore(t)
	ctx := context.Background()
	mustAdd(t, s, scoring.Play{Game: "Catan", Date: "2026-11-01", Scoring: scoring.High, Players: []scoring.Player{pp("Ana", 10), pp("Ben", 5)}})
	people, _ := s.People(ctx)
	ana := people[0]
	if _, err := s.UpdatePerson(ctx, ana.ID, "BEN", "#123456"); err == nil || !strings.Contains(err.Error(), "already called") {
		t.Errorf("renaming Ana to BEN: %v; want refused", err)
	}
	testclient.Refused(t, func() error { _, err := s.UpdatePerson(ctx, ana.ID, "Anna", "blue"); return err }(), "person-colour", "")
	if _, err := s.UpdatePerson(ctx, ana.ID, "Anna", "#123456"); err != nil {
		t.Fatal(err)
	}
	plays, _ := s.Plays(ctx, scoring.Filter{})
	if pl := plays[0].Players[0]; pl.Name != "Anna" || pl.Colour != "#123456" {
		t.Errorf("after the rename the play shows %+v", pl)
	}
	if _, err := s.UpdatePerson(ctx, 999, "Zed", "#123456"); !errors.Is(err, ErrNoPerson) {
		t.Errorf("renaming nobody: %v", err)
	}
}

func TestImportOfAForeignFileStopsAfterManyProblems(t *testing.T) {
	var b strings.Builder
	b.WriteString("play,game,date,scoring,player\n")
	for range 500 {
		b.WriteString("x,Chess,not a date,high,Ana\n")
	}
	s, _ := openStore(t)
	_, err := s.ImportCSV(context.Background(), strings.NewReader(b.String()))
	var ie *ImportError
	if !errors.As(err, &ie) || len(ie.Problems) != maxProblems+1 || !strings.Contains(ie.Problems[maxProblems].Msg, "stopped reading") {
		t.Fatalf("got %d problems, want %d and a note that reading stopped", len(ie.Problems), maxProblems+1)
	}
}

func TestEditKeepsATieTheGameBrokeWhenNoScoreChanged(t *testing.T) {
	s, _ := openStore(t)
	ctx := context.Background()
	p := mustAdd(t, s, scoring.Play{Game: "Cold Cash Risk", Date: "2026-11-01", Scoring: scoring.High,
		Players: []scoring.Player{pp("Ana", 50), {Name: "Ben", Score: pts(50), Winner: true}}})
	edit := scoring.Play{Game: "Cold Cash Risk", Date: "2026-11-01", Place: "Club", Scoring: scoring.High, Players: []scoring.Player{pp("Ana", 50), pp("Ben", 50)}}
	up, err := s.Update(ctx, p.Key, edit)
	if err != nil {
		t.Fatal(err)
	}
	if up.Players[0].Winner || !up.Players[1].Winner {
		t.Errorf("after editing the place, winners are %v; want Ben alone, as the game decided", up.Winners())
	}
	edit.Players[1].Score = pts(49)
	if up, _ = s.Update(ctx, p.Key, edit); !up.Players[0].Winner || up.Players[1].Winner {
		t.Errorf("after changing a score, winners are %v; want them worked out again (Ana)", up.Winners())
	}
}
