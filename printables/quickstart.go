package printables

import (
	"fmt"

	"tableside/rulebook"
)

// quickStarts are one sheet per game: how to play on one page, then each
// step in a line, printed from the rules Tableside shows (package
// rulebook), so the paper and the screens never tell a table two things.
func quickStarts() []Sheet {
	var out []Sheet
	for _, b := range rulebook.Books() {
		if b.Game == "scorepad" { // a pad, not a game with rules to learn
			continue
		}
		out = append(out, Sheet{Name: "quickstart-" + b.Game, Title: b.Title + " quick start", Game: b.Title,
			Summary: "How to play on one page: the goal, setting up, a turn, the end, and each step in a line",
			draw:    func(d *Doc) error { return drawQuickStart(d, b) }})
	}
	return out
}

// drawQuickStart lays one game's how-to-play and its steps' lines on a page.
func drawQuickStart(d *Doc, b *rulebook.Book) error {
	d.AddPage()
	area := d.Paper.Printable()
	y := d.title(b.Title+": quick start", b.Blurb+" "+b.Players+".")
	for _, p := range b.HowTo {
		y = d.heading(area.X, y+1, area.W, 10, p.Title)
		y = d.para(area.X, y, area.W, 9, "", p.Text) + 1
	}
	y = d.heading(area.X, y+2, area.W, 10, "Each step in a line")
	for _, s := range b.Sections {
		y = d.para(area.X, y, area.W, 8.5, "", "• "+s.Title+": "+s.How) + 0.6
	}
	y = d.para(area.X, y+2, area.W, 8, "", fmt.Sprintf("Every rule, in these words and searchable: the Rules link on any Tableside screen of the game (/rules/%s); a refused move's \"why\" link opens the rule behind it.", b.Game))
	if err := d.fits("the "+b.Title+" quick start", y); err != nil {
		return err
	}
	return d.Error()
}
