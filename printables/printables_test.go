package printables

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/go-pdf/fpdf"

	"tableside/engine/acquire"
	"tableside/engine/risk"
)

const testURL = "http://192.168.1.20:8080/join/7"

// sheetCase is what one sheet must look like once printed.
type sheetCase struct {
	name           string
	opt            Options
	pagesA4, pages int // pages on A4 and on Letter
	words          []string
}

var sheetCases = []sheetCase{
	{name: "coldcash-reference", pagesA4: 1, pages: 1, words: []string{"Cold Cash Risk", "Hire security", "Tower", "Continental", "$1,200", "Australia", "size 22"}},
	{name: "coldcash-reference", opt: Options{Names: acquire.Corp1999}, pagesA4: 1, pages: 1, words: []string{"Sackson", "Quantum", "1999 names"}},
	{name: "certificates", pagesA4: 10, pages: 10, words: []string{"Tower", "Continental", "No. 25 of 25", "One share of stock"}},
	{name: "certificates", opt: Options{Names: acquire.Hotels2008}, pagesA4: 10, pages: 10, words: []string{"Sackson", "Imperial"}},
	{name: "territory-cards", pagesA4: 10, pages: 16, words: []string{"KAMCHATKA", "EASTERN AUSTRALIA", "WILD", "card 44 of 44", "ARTILLERY", "continent bonus +7"}},
	{name: "player-aids", pagesA4: 4, pages: 6, words: []string{"Your turn", "Battle", "Earnings", "$80 dividend"}},
	{name: "risk-odds", pagesA4: 1, pages: 1, words: []string{"RISK odds", "2890/7776", "three artillery", "Armies are counted on the board", "against a Mom & Pop"}},
	{name: "piecepack", pagesA4: 6, pages: 6, words: []string{"Piecepack tiles", "Arms die", "Moons pawn"}},
	{name: "piecepack", opt: Options{Sets: 2}, pagesA4: 12, pages: 12, words: []string{"(2 sets)", "set 2 of 2"}},
	{name: "piecepack", opt: Options{Single: true}, pagesA4: 6, pages: 6, words: []string{"fold on the dashed line"}},
	{name: "takeover-sheet", pagesA4: 1, pages: 1, words: []string{"Takeover", "Scoring", "Starting layout"}},
	{name: "pctw-setup", pagesA4: 1, pages: 1, words: []string{"Conquers the World", "Starting armies", "Card sets"}},
	{name: "cash-or-crash-ladder", pagesA4: 1, pages: 1, words: []string{"bid ladder", "SELL", "14 GOW"}},
	{name: "score-pad", pagesA4: 1, pages: 1, words: []string{"Score pad", "Total", "Round"}},
	{name: "join-poster", opt: Options{URL: testURL, Table: "Friday night"}, pagesA4: 1, pages: 1, words: []string{"Join this table", "Friday night", testURL}},
}

func write(t testing.TB, name string, o Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, name, o); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return b.Bytes()
}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

var pageSizeRe = regexp.MustCompile(`Page size:\s+([\d.]+) x ([\d.]+) pts`)

func TestEverySheetPrintsOnA4AndLetterWithPagesSizeAndWords(t *testing.T) {
	dir := t.TempDir()
	covered := map[string]bool{}
	for _, c := range sheetCases {
		covered[c.name] = true
		for _, pi := range []struct {
			paper Paper
			saver bool
		}{{A4, false}, {Letter, false}, {A4, true}, {Letter, true}} {
			paper := pi.paper
			o := c.opt
			o.Paper, o.InkSaver = paper, pi.saver
			pdf := write(t, c.name, o)
			file := filepath.Join(dir, c.name+"-"+paper.Name+".pdf")
			if err := os.WriteFile(file, pdf, 0o644); err != nil {
				t.Fatal(err)
			}
			info := run(t, "pdfinfo", file)
			want := c.pagesA4
			wantW, wantH := 595.28, 841.89
			if paper == Letter {
				want, wantW, wantH = c.pages, 612, 792
			}
			if !strings.Contains(info, "Pages:           "+strconv.Itoa(want)+"\n") {
				t.Errorf("%s on %s: want %d pages; pdfinfo says\n%s", c.name, paper.Name, want, info)
			}
			m := pageSizeRe.FindStringSubmatch(info)
			if m == nil {
				t.Fatalf("%s: no page size in\n%s", c.name, info)
			}
			w, _ := strconv.ParseFloat(m[1], 64)
			h, _ := strconv.ParseFloat(m[2], 64)
			if math.Abs(w-wantW) > 0.5 || math.Abs(h-wantH) > 0.5 {
				t.Errorf("%s on %s: page %v x %v pt; want %v x %v", c.name, paper.Name, w, h, wantW, wantH)
			}
			text := strings.Join(strings.Fields(run(t, "pdftotext", file, "-")), " ")
			if strings.Contains(text, "?") {
				t.Errorf("%s on %s: a character was replaced by '?' (not drawable): %q", c.name, paper.Name, text)
			}
			s, _ := Find(c.name)
			words := append([]string{
				// Every page's footer: game, sheet, paper, page.
				s.Game + " · " + s.Title + " · " + paper.Label() + " · page 1 of " + strconv.Itoa(want),
				"page " + strconv.Itoa(want) + " of " + strconv.Itoa(want),
			}, c.words...)
			if pi.saver && s.Colour {
				words = append(words, "of "+strconv.Itoa(want)+" · ink saver")
			}
			if strings.Contains(text, " - ") {
				t.Errorf("%s on %s: a spaced hyphen where a dash belongs", c.name, paper.Name)
			}
			for _, word := range words {
				if !strings.Contains(text, word) {
					t.Errorf("%s on %s (ink saver %v): %q not found in the text", c.name, paper.Name, pi.saver, word)
				}
			}
			checkFontsEmbedded(t, c.name, run(t, "pdffonts", file))
		}
	}
	for _, s := range Sheets() {
		if !covered[s.Name] {
			t.Errorf("sheet %s has no test case", s.Name)
		}
	}
}

// checkFontsEmbedded reads pdffonts' table: every font must be our
// embedded DejaVu, never a core font the viewer substitutes.
func checkFontsEmbedded(t *testing.T, name, table string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(table), "\n")
	if len(lines) < 3 {
		t.Errorf("%s: no fonts listed:\n%s", name, table)
		return
	}
	for _, l := range lines[2:] {
		f := strings.Fields(l)
		if len(f) < 6 || !strings.HasPrefix(f[0], "utf8dejavu") || f[len(f)-5] != "yes" {
			t.Errorf("%s: font line %q is not an embedded DejaVu", name, l)
		}
	}
}

func TestSameInputGivesSameBytes(t *testing.T) {
	for _, c := range sheetCases {
		a, b := write(t, c.name, c.opt), write(t, c.name, c.opt)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two runs differ", c.name)
		}
		if bytes.Contains(a, []byte("D:2026010100")) == false {
			t.Errorf("%s: creation date is not the fixed one", c.name)
		}
	}
}

func TestEverySheetRendersToAPictureWithInk(t *testing.T) {
	dir := t.TempDir()
	for _, c := range sheetCases {
		file := filepath.Join(dir, "s.pdf")
		if err := os.WriteFile(file, write(t, c.name, c.opt), 0o644); err != nil {
			t.Fatal(err)
		}
		prefix := filepath.Join(dir, "page")
		if dark := inkShare(firstPage(t, c.name, file, prefix, 30)); dark < 0.005 {
			t.Errorf("%s: page 1 is nearly blank (%.4f of pixels inked)", c.name, dark)
		}
	}
}

// inkShare is the share of pixels that are clearly not white.
func inkShare(img image.Image) float64 {
	b := img.Bounds()
	n, dark := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			n++
			if r+g+bl < 3*0xD000 {
				dark++
			}
		}
	}
	return float64(dark) / float64(n)
}

func TestEveryFileIsUnderTwoMegabytes(t *testing.T) {
	for _, c := range sheetCases {
		for _, p := range []Paper{A4, Letter} {
			o := c.opt
			o.Paper = p
			n := len(write(t, c.name, o))
			t.Logf("%-22s %-6s %7d bytes", c.name, p.Name, n)
			if n >= 2<<20 {
				t.Errorf("%s on %s: %d bytes; want under 2 MB", c.name, p.Name, n)
			}
		}
	}
}

// draw runs a sheet and returns what it placed.
func draw(t *testing.T, name string, o Options) *Doc {
	t.Helper()
	s, ok := Find(name)
	if !ok {
		t.Fatalf("no sheet %s", name)
	}
	o = o.normal()
	d := newDoc(o, name)
	if err := s.drawOn(d); err != nil {
		t.Fatal(err)
	}
	return d
}

const eps = 1e-6

// checkPieces measures every piece of a kind: its trim size, that its
// bleed box and the page's crop marks stay inside the printer-safe margin,
// that no crop mark touches any piece's bleed box, and that each back sits
// exactly behind its front.
func checkPieces(t *testing.T, d *Doc, kind string, w, h float64, count int) {
	t.Helper()
	var fronts, backs []Placement
	for _, p := range d.Placed {
		if p.Kind != kind {
			continue
		}
		if p.Back {
			backs = append(backs, p)
		} else {
			fronts = append(fronts, p)
		}
	}
	if len(fronts) != count {
		t.Fatalf("%s: %d fronts; want %d", kind, len(fronts), count)
	}
	pw, ph := d.Paper.W, d.Paper.H
	inside := func(x, y float64) bool {
		return x >= Margin-eps && y >= Margin-eps && x <= pw-Margin+eps && y <= ph-Margin+eps
	}
	byPage := map[int][]Placement{}
	for _, p := range append(fronts, backs...) {
		if math.Abs(p.Trim.W-w) > eps || math.Abs(p.Trim.H-h) > eps {
			t.Errorf("%s: trim %.3f x %.3f mm; want %.3f x %.3f", kind, p.Trim.W, p.Trim.H, w, h)
		}
		b := p.Trim.Inset(-p.Bleed)
		if !inside(b.X, b.Y) || !inside(b.X+b.W, b.Y+b.H) {
			t.Errorf("%s: bleed box %+v outside the %.0f mm margin", kind, b, Margin)
		}
		byPage[p.Page] = append(byPage[p.Page], p)
	}
	for page, ps := range byPage {
		for _, m := range ps[0].Marks {
			if !inside(m.X1, m.Y1) || !inside(m.X2, m.Y2) {
				t.Errorf("page %d: crop mark %+v outside the margin", page, m)
			}
			for _, p := range ps {
				b := p.Trim.Inset(-p.Bleed)
				if segmentHitsBox(m, b) {
					t.Errorf("page %d: crop mark %+v crosses the art of %+v", page, m, b)
				}
			}
		}
	}
	if len(backs) == 0 || d.Opt.Single {
		return
	}
	if len(backs) != len(fronts) {
		t.Fatalf("%s: %d backs for %d fronts", kind, len(backs), len(fronts))
	}
	for i := range fronts {
		if backs[i].Page != fronts[i].Page+1 {
			t.Errorf("%s %d: front on page %d, back on page %d; want the next page (duplex)", kind, i, fronts[i].Page, backs[i].Page)
		}
		f, b := fronts[i].Trim, backs[i].Trim
		if math.Abs(b.X-(pw-f.X-f.W)) > eps || math.Abs(b.Y-f.Y) > eps {
			t.Errorf("%s %d: back at %+v does not mirror front at %+v", kind, i, b, f)
		}
	}
}

func segmentHitsBox(l Line, b Rect) bool {
	minX, maxX := math.Min(l.X1, l.X2), math.Max(l.X1, l.X2)
	minY, maxY := math.Min(l.Y1, l.Y2), math.Max(l.Y1, l.Y2)
	return maxX > b.X+eps && minX < b.X+b.W-eps && maxY > b.Y+eps && minY < b.Y+b.H-eps
}

func TestTerritoryCardsArePokerSizeWithMirroredBacks(t *testing.T) {
	for _, p := range []Paper{A4, Letter} {
		d := draw(t, "territory-cards", Options{Paper: p})
		checkPieces(t, d, "territory card", 63.5, 88.9, 44)
	}
	// Single-sided: each back sits right beside or right below its front,
	// and neither side's art crosses the fold.
	for _, p := range []Paper{A4, Letter} {
		d := draw(t, "territory-cards", Options{Single: true, Paper: p})
		checkPieces(t, d, "territory card", 63.5, 88.9, 44)
		checkPairs(t, d)
	}
	d := draw(t, "piecepack", Options{Single: true})
	checkPairs(t, d)
}

func checkPairs(t *testing.T, d *Doc) {
	t.Helper()
	var ps []Placement // pieces with two sides
	for _, p := range d.Placed {
		if p.Kind != "die net" && p.Kind != "pawn" {
			ps = append(ps, p)
		}
	}
	for i := 0; i+1 < len(ps); i += 2 {
		f, b := ps[i], ps[i+1]
		beside := math.Abs(b.Trim.X-(f.Trim.X+f.Trim.W)) < eps && math.Abs(b.Trim.Y-f.Trim.Y) < eps
		below := math.Abs(b.Trim.Y-(f.Trim.Y+f.Trim.H)) < eps && math.Abs(b.Trim.X-f.Trim.X) < eps
		if f.Back || !b.Back || !(beside || below) {
			t.Fatalf("%s pair %d on %s: front %+v back %+v", f.Kind, i/2, d.Paper.Name, f.Trim, b.Trim)
		}
		if beside && (f.Clip.X+f.Clip.W > b.Trim.X+eps || b.Clip.X < b.Trim.X-eps) ||
			below && (f.Clip.Y+f.Clip.H > b.Trim.Y+eps || b.Clip.Y < b.Trim.Y-eps) {
			t.Fatalf("%s pair %d: art crosses the fold (front clip %+v, back clip %+v)", f.Kind, i/2, f.Clip, b.Clip)
		}
	}
}

func TestPlayerAidsArePokerSize(t *testing.T) {
	d := draw(t, "player-aids", Options{Paper: Letter})
	checkPieces(t, d, "player aid", PokerW, PokerH, 3*aidCopies)
}

func TestCertificatesTwentyFivePerCompanyWithBleed(t *testing.T) {
	d := draw(t, "certificates", Options{})
	checkPieces(t, d, "certificate", CertW, CertH, 7*acquire.Certificates)
	for _, p := range d.Placed {
		if p.Bleed != 3 {
			t.Fatalf("certificate bleed %.1f mm; want 3", p.Bleed)
		}
	}
}

func TestPiecepackPiecesMeasureTwoInchTilesAndThreeQuarterInchCoins(t *testing.T) {
	for _, sets := range []int{1, 2} {
		for _, p := range []Paper{A4, Letter} {
			d := draw(t, "piecepack", Options{Paper: p, Sets: sets})
			checkPieces(t, d, "tile", 50.8, 50.8, 24*sets)
			checkPieces(t, d, "coin", 19.05, 19.05, 24*sets)
		}
	}
}

func TestGridFitsPokerCardsNinePerA4Page(t *testing.T) {
	g, err := A4.Grid(pokerSpec)
	if err != nil || g.PerPage() != 9 {
		t.Fatalf("A4 poker grid: %d per page, %v; want 9", g.PerPage(), err)
	}
	if _, err := A4.Grid(GridSpec{W: 300, H: 10}); err == nil {
		t.Fatal("a piece wider than the paper was laid out")
	}
}

// The CSV a table copies is the engine's default deck, and reads back as it.
func TestDefaultSymbolsFileIsTheEnginesDeck(t *testing.T) {
	m := risk.Classic()
	back, err := risk.ReadSymbolsCSV(m, nil, DefaultSymbols())
	if err != nil {
		t.Fatal(err)
	}
	want, _ := risk.ParseSymbols(risk.ClassicSymbols, m.Len())
	if fmt.Sprint(back) != fmt.Sprint(want) {
		t.Fatalf("the default CSV reads back as %v; the engine deals %v", back, want)
	}
}

func TestDefaultSymbolsAreFourteenOfEach(t *testing.T) {
	syms, err := CardSymbols(nil)
	if err != nil {
		t.Fatal(err)
	}
	count := map[risk.Symbol]int{}
	for _, s := range syms {
		count[s]++
	}
	if len(syms) != 42 || count[risk.Infantry] != 14 || count[risk.Cavalry] != 14 || count[risk.Artillery] != 14 {
		t.Fatalf("default symbols: %d territories, %v", len(syms), count)
	}
}

func TestSymbolOverrideChangesOnlyTheListedCards(t *testing.T) {
	syms, err := CardSymbols([]byte("territory,symbol\nAlaska, Artillery\n# a comment\nJapan,infantry\n"))
	if err != nil {
		t.Fatal(err)
	}
	def, _ := CardSymbols(nil)
	changed := 0
	for id, s := range syms {
		if def[id] != s {
			changed++
		}
	}
	if syms[0] != risk.Artillery || changed != 2 {
		t.Fatalf("Alaska %s, %d changed; want artillery and 2", syms[0], changed)
	}
	pdf := write(t, "territory-cards", Options{Symbols: []byte("Alaska,artillery\n")})
	if bytes.Equal(pdf, write(t, "territory-cards", Options{})) {
		t.Fatal("the override did not change the printed cards")
	}
}

func TestSymbolOverrideRefusesUnknownNames(t *testing.T) {
	for in, want := range map[string]string{
		"Atlantis,infantry\n":       `line 1: no territory "Atlantis"`,
		"Alaska,tank\n":             `symbol "tank"`,
		"Alaska,infantry,cavalry\n": "line 1: want territory,symbol",
	} {
		_, err := CardSymbols([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v; want %q", in, err, want)
		}
	}
}

func TestOddsSheetUsesTheBattleEngine(t *testing.T) {
	tab, err := ConquerTable()
	if err != nil {
		t.Fatal(err)
	}
	if len(tab) != 19 || len(tab[0]) != 15 {
		t.Fatalf("table %d x %d; want 19 x 15", len(tab), len(tab[0]))
	}
	// 2 armies against 1: one die each, the attacker must roll higher.
	if math.Abs(tab[0][0]-15.0/36) > 1e-12 {
		t.Fatalf("2 v 1 = %v; want 15/36", tab[0][0])
	}
	for a := range tab {
		for d := 1; d < 15; d++ {
			if tab[a][d] > tab[a][d-1]+1e-12 {
				t.Fatalf("more defenders made conquest likelier at %d v %d", a+2, d+1)
			}
		}
	}
}

func TestMomPopRowIsTheAverageOverTheDie(t *testing.T) {
	row, err := MomPopRow()
	if err != nil {
		t.Fatal(err)
	}
	tab, _ := ConquerTable()
	// 20 attackers: the Mom & Pop's chance is the mean over 1-6 defenders
	// (at least one round is always fought, which fighting to the end covers).
	mean := 0.0
	for d := 0; d < 6; d++ {
		mean += tab[len(tab)-1][d] / 6
	}
	if math.Abs(row[len(row)-1]-mean) > 1e-9 {
		t.Fatalf("20 v Mom & Pop = %v; want the average %v", row[len(row)-1], mean)
	}
}

func TestJoinPosterRefusesAMissingOrBadAddress(t *testing.T) {
	for _, u := range []string{"", "ftp://x/y", "not a url", "http://" + strings.Repeat("a", 400)} {
		var b bytes.Buffer
		if err := Write(&b, "join-poster", Options{URL: u}); err == nil {
			t.Errorf("address %q accepted", u)
		}
	}
}

func TestOptionsRefuseUnknownPaperNamesAndSets(t *testing.T) {
	if _, err := ParseOptions("a3", "classic", 1, false); err == nil {
		t.Error("paper a3 accepted")
	}
	if _, err := ParseOptions("letter", "1987", 1, false); err == nil {
		t.Error("name set 1987 accepted")
	}
	if _, err := ParseOptions("a4", "classic", 3, false); err == nil {
		t.Error("three piecepacks accepted")
	}
	if err := Write(new(bytes.Buffer), "menu", Options{}); err == nil {
		t.Error("unknown sheet accepted")
	}
}

func TestSanitiseKeepsOnlyDrawableCharacters(t *testing.T) {
	in := "Café – 5€ \U0001F600 ok\x07"
	got := sanitise(in)
	if got != "Café – 5€ ? ok?" {
		t.Fatalf("sanitise(%q) = %q", in, got)
	}
}

func FuzzJoinPosterTableName(f *testing.F) {
	for _, s := range []string{"Friday night", "Ünïcødé ✓", "\U0001F3B2 dice", "\x00\xff", strings.Repeat("long ", 50)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		for _, r := range sanitise(name) {
			if r > 0xFFFF {
				t.Fatalf("rune %U outside the BMP survived", r)
			}
		}
		var b bytes.Buffer
		if err := Write(&b, "join-poster", Options{URL: testURL, Table: name}); err != nil {
			t.Fatal(err)
		}
	})
}

func BenchmarkWholePack(b *testing.B) {
	for i := 0; i < b.N; i++ {
		total := 0
		for _, s := range Sheets() {
			for _, p := range []Paper{A4, Letter} {
				var buf bytes.Buffer
				if err := s.Write(&buf, Options{Paper: p, URL: testURL}); err != nil {
					b.Fatal(err)
				}
				total += buf.Len()
			}
		}
		b.ReportMetric(float64(total), "bytes/pack")
	}
}

// Render the first page of territory cards at 254 dpi (10 px per mm) and
// find the crop marks above the grid: they must sit on the cards' cut
// lines, 63.5 mm apart, as drawn in the PDF and not only as planned.
func TestRenderedCropMarksAreOnePokerCardApart(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "cards.pdf")
	if err := os.WriteFile(file, write(t, "territory-cards", Options{}), 0o644); err != nil {
		t.Fatal(err)
	}
	prefix := filepath.Join(dir, "p")
	img := firstPage(t, "territory-cards", file, prefix, 254)
	d := draw(t, "territory-cards", Options{})
	first := d.Placed[0]
	// A row of pixels through the middle of the top crop marks.
	yMark := first.Trim.Y - markGap - markLen/2
	row := int(yMark * 10)
	var xs []float64
	inDark := false
	start := 0
	for x := 0; x < img.Bounds().Dx(); x++ {
		r, g, b, _ := img.At(x, row).RGBA()
		dark := r+g+b < 3*0x8000
		switch {
		case dark && !inDark:
			start, inDark = x, true
		case !dark && inDark:
			xs = append(xs, float64(start+x-1)/2/10) // centre, in mm
			inDark = false
		}
	}
	want := []float64{}
	for c := 0; c < 3; c++ {
		r := d.Placed[c].Trim
		want = appendUnique(want, r.X, r.X+r.W)
	}
	if len(xs) != len(want) {
		t.Fatalf("found crop marks at %v mm; want %v", xs, want)
	}
	for i := range want {
		if math.Abs(xs[i]-want[i]) > 0.25 {
			t.Errorf("crop mark %d at %.2f mm; want %.2f", i, xs[i], want[i])
		}
		if i > 0 && math.Abs((xs[i]-xs[i-1])-PokerW) > 0.25 {
			t.Errorf("marks %d and %d are %.2f mm apart; want %.1f", i-1, i, xs[i]-xs[i-1], PokerW)
		}
	}
}

// The embedded fonts are cut down to the drawable ranges: each drawable
// character must still have its own glyph (a missing one would print the
// font's blank box with the missing width).
func TestEmbeddedFontsDrawEveryDrawableCharacter(t *testing.T) {
	for name, src := range map[string][]byte{"regular": fontRegular, "bold": fontBold} {
		f := fpdf.New("P", "mm", "A4", "")
		f.AddUTF8FontFromBytes("x", "", src)
		f.SetFont("x", "", 10)
		missing := f.GetStringWidth("\u4e00") // CJK: never in the cut
		n := 0
		for r := rune(0); r <= 0xFFFF; r++ {
			if !Drawable(r) {
				continue
			}
			n++
			if f.GetStringWidth(string(r)) == missing {
				t.Errorf("%s: %U has no glyph", name, r)
			}
		}
		if n < 1000 || f.Err() {
			t.Fatalf("%s: %d drawable characters, font error %v", name, n, f.Error())
		}
	}
}

func FuzzParseSymbols(f *testing.F) {
	for _, s := range []string{"territory,symbol\nAlaska,infantry\n", "Japan, Cavalry", "\"Alaska\",\"artillery\"\n#x\n", "a,b,c", "\"unterminated", "\x00,\xff"} {
		f.Add([]byte(s))
	}
	def, err := CardSymbols(nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		syms, err := CardSymbols(data)
		if err != nil {
			return
		}
		if len(syms) != len(def) {
			t.Fatalf("%d territories after an override; want %d", len(syms), len(def))
		}
		for id, s := range syms {
			if s != risk.Infantry && s != risk.Cavalry && s != risk.Artillery {
				t.Fatalf("territory %d got symbol %q", id, s)
			}
		}
	})
}

func FuzzParseOptions(f *testing.F) {
	f.Add("a4", "classic", 1, false)
	f.Add("LETTER", " 1999", 2, true)
	f.Add("a3", "1987", 0, false)
	f.Add("", "", -5, true)
	f.Fuzz(func(t *testing.T, paper, names string, sets int, single bool) {
		o, err := ParseOptions(paper, names, sets, single)
		if err != nil {
			return
		}
		if (o.Paper != A4 && o.Paper != Letter) || o.Sets < 1 || o.Sets > 2 {
			t.Fatalf("accepted %+v", o)
		}
		if _, err := acquire.Companies(o.Names); err != nil {
			t.Fatalf("accepted names %q", o.Names)
		}
	})
}

var update = flag.Bool("update", false, "rewrite testdata/golden.sha256 from the sheets as they print now")

// TestGoldenChecksums pins every sheet's bytes: a change to any drawing,
// text or library shows up here. After a deliberate change, look at the
// rendered pages, then run: go test ./printables -run Golden -update
func TestGoldenChecksums(t *testing.T) {
	var b strings.Builder
	for _, c := range sheetCases {
		for _, p := range []Paper{A4, Letter} {
			o := c.opt
			o.Paper = p
			sum := sha256.Sum256(write(t, c.name, o))
			fmt.Fprintf(&b, "%s %s names=%s sets=%d single=%v %x\n", c.name, p.Name, o.normal().Names, o.normal().Sets, o.Single, sum)
			if s, _ := Find(c.name); s.Colour {
				o.InkSaver = true
				sum := sha256.Sum256(write(t, c.name, o))
				fmt.Fprintf(&b, "%s %s names=%s sets=%d single=%v ink=saver %x\n", c.name, p.Name, o.normal().Names, o.normal().Sets, o.Single, sum)
			}
		}
	}
	file := filepath.Join("testdata", "golden.sha256")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got := b.String(); got != string(want) {
		t.Errorf("sheets differ from the golden checksums; if the change is meant, check the pages and run with -update\ngot:\n%s\nwant:\n%s", got, want)
	}
}

func BenchmarkSheet(b *testing.B) {
	for _, s := range Sheets() {
		b.Run(s.Name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if err := s.Write(io.Discard, Options{URL: testURL}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Filling the page never piles one part on another: on every page of
// every sheet, no two parts' art (trim, bleed, a net with its label)
// overlaps, and all of it stays above the footer band.
func TestNoPartOverlapsAnotherOrTheFooter(t *testing.T) {
	for _, c := range sheetCases {
		for _, p := range []Paper{A4, Letter} {
			o := c.opt
			o.Paper = p
			d := draw(t, c.name, o)
			byPage := map[int][]Placement{}
			for _, pl := range d.Placed {
				byPage[pl.Page] = append(byPage[pl.Page], pl)
				if bottom := p.H - Margin - footerH; pl.Clip.Y+pl.Clip.H > bottom+eps {
					t.Errorf("%s on %s: a %s reaches %.1f mm, into the footer at %.1f", c.name, p.Name, pl.Kind, pl.Clip.Y+pl.Clip.H, bottom)
				}
			}
			for page, ps := range byPage {
				for i := range ps {
					for j := i + 1; j < len(ps); j++ {
						if a := intersect(ps[i].Clip, ps[j].Clip); a.W > eps && a.H > eps {
							t.Errorf("%s on %s, page %d: a %s at %+v overlaps a %s at %+v", c.name, p.Name, page, ps[i].Kind, ps[i].Clip, ps[j].Kind, ps[j].Clip)
						}
					}
				}
			}
		}
	}
}

func FuzzParseInk(f *testing.F) {
	for _, s := range []string{"", "normal", " Saver ", "light", "purple", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		saver, err := ParseInk(s)
		if err != nil && saver {
			t.Fatalf("%q refused yet read as saver", s)
		}
		if err == nil {
			if k := strings.ToLower(strings.TrimSpace(s)); saver != (k == "saver" || k == "light") {
				t.Fatalf("%q read as saver=%v", s, saver)
			}
		}
	})
}

// firstPage renders the first page of the PDF file (of the sheet name) at
// dpi with pdftoppm, to prefix.png, and returns the picture.
func firstPage(t *testing.T, name, file, prefix string, dpi int) image.Image {
	t.Helper()
	run(t, "pdftoppm", "-r", strconv.Itoa(dpi), "-png", "-f", "1", "-l", "1", "-singlefile", file, prefix)
	f, err := os.Open(prefix + ".png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return img
}
