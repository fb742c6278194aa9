package scorelog

import (
	"bytes"
	"context"
	"encoding/csv"
	"testing"

	"tableside/scoring"
)

// A spreadsheet must not run a cell of an exported file as a formula: text
// cells starting with = + - @ get an apostrophe, numbers stay numbers, and
// importing the file gives back exactly what was typed.
func TestCSVExportNeutralisesFormulasAndRoundTrips(t *testing.T) {
	src, _ := openStore(t)
	ctx := context.Background()
	fillLog(t, src)
	mustAdd(t, src, scoring.Play{Key: "-dash", Game: "=1+1", Date: "2026-11-06", Place: "@home", Scoring: scoring.Low, Notes: "+notes",
		Players: []scoring.Player{pp(`=HYPERLINK("http://x","y")`, -5), pp("-Ana", 3), pp("'=quoted", 4), pp("'plain", 5)}})
	first := exportCSV(t, src)

	rows, err := csv.NewReader(bytes.NewReader(first)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{ // player -> the cells export must write
		`'=HYPERLINK("http://x","y")`: "-5", "'-Ana": "3", "''=quoted": "4", "'plain": "5"}
	found := 0
	for _, r := range rows[1:] {
		if r[0] != "'-dash" {
			continue
		}
		found++
		if r[1] != "'=1+1" || r[5] != "'@home" || r[8] != "'+notes" {
			t.Errorf("play cells not neutral: %q", r)
		}
		if score, ok := want[r[9]]; !ok || r[11] != score {
			t.Errorf("row %q: the player cell is not neutral or the score %q was changed", r, r[11])
		}
	}
	if found != 4 {
		t.Fatalf("found %d rows of the play, want 4:\n%s", found, first)
	}
	for _, r := range rows[1:] {
		for _, cell := range r {
			if formulaStart(cell) && cell != "-5" {
				t.Errorf("cell %q of row %q would run as a formula", cell, r)
			}
		}
	}

	dst, _ := openStore(t)
	if _, err := dst.ImportCSV(ctx, bytes.NewReader(first)); err != nil {
		t.Fatalf("import: %v", err)
	}
	p, err := dst.Play(ctx, "-dash")
	if err != nil {
		t.Fatal(err)
	}
	if p.Game != "=1+1" || p.Place != "@home" || p.Notes != "+notes" || p.Players[0].Name != `=HYPERLINK("http://x","y")` ||
		p.Players[2].Name != "'=quoted" || p.Players[3].Name != "'plain" || *p.Players[0].Score != -5 {
		t.Errorf("imported play is not what was typed: %+v", p)
	}
	if second := exportCSV(t, dst); !bytes.Equal(first, second) {
		t.Fatalf("export after import differs:\n--- first\n%s\n--- second\n%s", first, second)
	}
}
