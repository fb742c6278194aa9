package scorelog

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"tableside/scoring"
)

// bigLog is a table's busy decade: 2,000 plays of 10 games, 4 players each
// out of 8 people.
func bigLog(b *testing.B) *Store { return logOf(b, 2000) }

// logOf is a log of n plays of 10 games, 4 players each out of 8 people.
func logOf(b *testing.B, n int) *Store {
	b.Helper()
	s, _ := openStore(b)
	var buf bytes.Buffer
	buf.WriteString("play,game,date,time,scoring,player,score\n")
	names := []string{"Ana", "Ben", "Cy", "Dee", "Ed", "Flo", "Gus", "Hal"}
	for i := range n {
		date := fmt.Sprintf("20%02d-%02d-%02d", 16+i/200, 1+i%12, 1+i%28)
		for j := range 4 {
			fmt.Fprintf(&buf, "p%d,Game %d,%s,20:%02d,high,%s,%d\n", i, i%10, date, i%60, names[(i+j*3)%8], (i*7+j*13)%100)
		}
	}
	if _, err := s.ImportCSV(context.Background(), &buf); err != nil {
		b.Fatal(err)
	}
	return s
}

func BenchmarkExportCSV2000Plays(b *testing.B) {
	s := bigLog(b)
	ctx := context.Background()
	for b.Loop() {
		if err := s.ExportCSV(ctx, &bytes.Buffer{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkImportCSV2000Plays(b *testing.B) {
	src := bigLog(b)
	var file bytes.Buffer
	if err := src.ExportCSV(context.Background(), &file); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(file.Len()))
	for b.Loop() {
		b.StopTimer()
		s, db := openStore(b)
		b.StartTimer()
		if _, err := s.ImportCSV(context.Background(), bytes.NewReader(file.Bytes())); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		db.Close()
		b.StartTimer()
	}
}

// Logging one more play at the end of a game, on a log of 2,000: the cost
// must not grow with the log (it read the whole log back, once).
func BenchmarkAddOnePlayTo2000Plays(b *testing.B) {
	s := bigLog(b)
	ctx := context.Background()
	a, c := 3, 5
	for b.Loop() {
		_, err := s.Add(ctx, scoring.Play{Game: "Carcassonne", Date: "2026-11-30", Scoring: scoring.High,
			Players: []scoring.Player{{Name: "Ana", Score: &a}, {Name: "Ben", Score: &c}}})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// The leaderboards page: load every play and compute every game's statistics.
func BenchmarkLeaderboards2000Plays(b *testing.B) {
	s := bigLog(b)
	ctx := context.Background()
	for b.Loop() {
		plays, err := s.Plays(ctx, scoring.Filter{})
		if err != nil {
			b.Fatal(err)
		}
		scoring.GameStatsOf(plays)
	}
}

// A player's page: their plays and statistics.
func BenchmarkPlayerStats2000Plays(b *testing.B) {
	s := bigLog(b)
	ctx := context.Background()
	people, _ := s.People(ctx)
	for b.Loop() {
		plays, err := s.Plays(ctx, scoring.Filter{PersonID: people[0].ID})
		if err != nil {
			b.Fatal(err)
		}
		scoring.PlayerStatsOf(people[0], plays)
	}
}

// The ratings page: load every play of a 1,000-play log and rate everyone
// over all games, at each game, and one person's head-to-head records.
func BenchmarkRate1000Plays(b *testing.B) {
	s := logOf(b, 1000)
	ctx := context.Background()
	people, _ := s.People(ctx)
	for b.Loop() {
		plays, err := s.Plays(ctx, scoring.Filter{})
		if err != nil {
			b.Fatal(err)
		}
		if r := scoring.Rate(plays, ""); r.Plays != 1000 {
			b.Fatalf("rated %d plays", r.Plays)
		}
		for g := range 10 {
			scoring.Rate(plays, fmt.Sprintf("Game %d", g))
		}
		scoring.HeadToHeads(plays, people[0].ID)
	}
}
