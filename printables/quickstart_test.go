package printables

import (
	"slices"
	"strings"
	"testing"

	"tableside/rulebook"
)

// Each game's quick start is checked like every sheet (A4 and Letter, one
// page, read back with pdftotext): the words it must carry are the
// rulebook's own, every part of the how-to-play whole and every step's
// line, so the paper says what the screens say.
func init() {
	for _, b := range rulebook.Books() {
		if b.Game == "scorepad" {
			continue
		}
		words := []string{b.Title + ": quick start", "/rules/" + b.Game}
		for _, p := range b.HowTo {
			words = append(words, p.Title, strings.Join(strings.Fields(p.Text), " "))
		}
		for _, s := range b.Sections {
			words = append(words, s.Title+": "+strings.Join(strings.Fields(s.How), " "))
		}
		sheetCases = append(sheetCases, sheetCase{name: "quickstart-" + b.Game, pagesA4: 1, pages: 1, words: words})
	}
	// The Takeover sheet prints the rulebook's setting up, turn, merging,
	// end and scoring, whole, and no words of its own.
	tk, _ := rulebook.Get("takeover")
	for i := range sheetCases {
		if sheetCases[i].name != "takeover-sheet" {
			continue
		}
		for _, p := range tk.HowTo {
			if slices.Contains(takeoverSetup, p.Title) {
				sheetCases[i].words = append(sheetCases[i].words, strings.Join(strings.Fields(p.Text), " "))
			}
		}
		for _, id := range append(takeoverMerging, "to.score") {
			w, _ := tk.Clause(id)
			sheetCases[i].words = append(sheetCases[i].words, strings.Join(strings.Fields(w.Clause.Text), " "))
		}
	}
}

// Every piece the host's setup checklist offers to print is a sheet the
// print shop makes.
func TestSetupPiecesPrintRealSheets(t *testing.T) {
	for _, b := range rulebook.Books() {
		for players := 2; players <= 6; players++ {
			for _, p := range rulebook.Pieces(b.Game, players) {
				if p.Print == "" {
					continue
				}
				if _, ok := Find(p.Print); !ok {
					t.Errorf("%s for %d players: %q prints %q, which is no sheet", b.Game, players, p.Item, p.Print)
				}
			}
		}
	}
}
