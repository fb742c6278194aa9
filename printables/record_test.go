package printables

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func sampleRecord() Record {
	return Record{
		Game: "Cold Cash Risk", Title: "Friday night", When: "20 November 2026, 20:05 to 23:10",
		Standings: []RecordRow{
			{Rank: 1, Name: "Ana", Score: "$41,300", Breakdown: "cash $30,000 + bonuses $6,000 + stock $5,300", Winner: true},
			{Rank: 2, Name: "Ben", Score: "$38,900", Breakdown: "cash $38,900"},
		},
		Chart: &RecordChart{Label: "Net worth ($)", Names: []string{"Ana", "Ben"},
			Series: [][]int{{6000, 5100, 9800, 41300}, {6000, 6600, 7200, 38900}}},
		Highlights: []string{"Biggest merger: Imperial took Festival (size 6), $10,500 in bonuses.",
			"Luckiest battle: Ana's attack on Peru took it with 5 left, a 1-in-40 result."},
		Luck: []RecordLuck{{Name: "Ana", Index: "+3.2 armies", Battles: 7, Mean: "62nd percentile"}},
	}
}

// The record prints on one page of A4 and of Letter, reads back with its
// standings, chart names, moments and luck, and is the same bytes every
// run.
func TestGameRecordPrintsOnOnePageAndReadsBack(t *testing.T) {
	dir := t.TempDir()
	for _, paper := range []Paper{A4, Letter} {
		var a, b bytes.Buffer
		if err := WriteRecord(&a, sampleRecord(), Options{Paper: paper}); err != nil {
			t.Fatal(err)
		}
		if err := WriteRecord(&b, sampleRecord(), Options{Paper: paper}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Fatalf("%s: two prints of the same record differ", paper.Name)
		}
		file := filepath.Join(dir, "record-"+paper.Name+".pdf")
		if err := os.WriteFile(file, a.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if info := run(t, "pdfinfo", file); !strings.Contains(info, "Pages:           1\n") {
			t.Fatalf("%s: not one page:\n%s", paper.Name, info)
		}
		text := strings.Join(strings.Fields(run(t, "pdftotext", file, "-")), " ")
		for _, want := range []string{"Cold Cash Risk: Friday night", "Ana (winner)", "$41,300", "cash $30,000 + bonuses $6,000 + stock $5,300",
			"Net worth ($) over the game", "Biggest merger: Imperial took Festival", "a 1-in-40 result", "+3.2 armies", "62nd percentile",
			"Cold Cash Risk · Game record · " + paper.Label() + " · page 1 of 1"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q not in the text: %s", paper.Name, want, text)
			}
		}
		checkFontsEmbedded(t, "game-record", run(t, "pdffonts", file))
	}
}

// A record with more moments than a page holds is refused, not clipped.
func TestGameRecordTooLongIsRefused(t *testing.T) {
	r := sampleRecord()
	for range 60 {
		r.Highlights = append(r.Highlights, "A moment worth remembering, told at some length so that it wraps onto a second line of the page.")
	}
	if err := WriteRecord(&bytes.Buffer{}, r, Options{Paper: A4}); err == nil || !strings.Contains(err.Error(), "past the footer") {
		t.Fatalf("an overlong record printed: %v", err)
	}
}
