// Package printables makes Tableside's PDFs: reference sheets, cards,
// certificates, a print-and-play piecepack and game sheets. Every number it
// prints comes from an engine package; this package only lays it out.
//
// Output is deterministic: the same sheet with the same options gives the
// same bytes (fixed dates, sorted catalog, embedded font subsets), so tests
// can compare files.
package printables

import (
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/go-pdf/fpdf"

	"tableside/engine/acquire"
	"tableside/engine/risk"
	"tableside/engine/riskclassic"
)

// The fonts are embedded as []byte, which the linker lays out as static
// data: no copy is made when a program starts (an embed.FS read at init
// copied 280 KB on every start, PDF or not).
var (
	//go:embed fonts/DejaVuSans.ttf
	fontRegular []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	fontBold []byte
)

// fixedDate is every PDF's creation and modification date, so that the same
// input gives the same bytes.
var fixedDate = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Options are the choices a table makes before printing.
type Options struct {
	Paper  Paper           // A4 (default) or Letter
	Names  acquire.NameSet // company names; classic by default
	Sets   int             // piecepack sets: 1 (default) or 2
	Single bool            // single-sided: backs printed beside fronts (fold) instead of on mirrored back pages
	// InkSaver prints coloured areas light: colour stays only in thin
	// outlines, letter badges and symbols; fills are white.
	InkSaver bool
	URL      string // the join poster's address
	Table    string // the join poster's table name
	// Room is the table's room code and JoinAt where to type it
	// ("192.168.1.20:8080/join"): the poster prints them large instead of
	// the long address.
	Room, JoinAt string
	// WiFi is the table's Wi-Fi as a QR code's text (WIFI:T:WPA;S:...;P:...;;)
	// and WiFiName the network's name: the join poster adds a second, smaller
	// QR code that joins the network. Empty: no Wi-Fi code.
	WiFi, WiFiName string
	// Symbols overrides the territory cards' troop symbols: CSV lines
	// "territory,symbol" (risk.ReadSymbolsCSV; the default is DefaultSymbols).
	Symbols []byte
}

func (o Options) normal() Options {
	if o.Paper.W == 0 {
		o.Paper = A4
	}
	if o.Names == "" {
		o.Names = acquire.Classic
	}
	if o.Sets == 0 {
		o.Sets = 1
	}
	return o
}

// Doc is one sheet being drawn: a canvas (a PDF, or a preview) plus the
// paper and options.
type Doc struct {
	Canvas
	pdf   *fpdf.Fpdf // the PDF back end, when drawing one
	svg   *svgCanvas // the preview back end, when drawing one
	sheet Sheet      // what is being drawn, for the footers
	Paper Paper
	Opt   Options
	// Placed records every piece's trim box, for tests that measure.
	Placed   []Placement
	bleed    float64 // the bleed of the piece being drawn
	fontSize float64 // the current font size, mm
}

const (
	family = "DejaVu"
	// Margin is the printer-safe margin on every side, in mm: nothing is
	// drawn closer to the paper's edge.
	Margin = 6.0
)

func newDoc(o Options, title string) *Doc {
	f := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: o.Paper.W, Ht: o.Paper.H}})
	f.SetCreationDate(fixedDate)
	f.SetModificationDate(fixedDate)
	f.SetCatalogSort(true)
	// Page content stays uncompressed: every sheet is well under 2 MB
	// either way (the largest about 440 KB), and fpdf's per-page deflate
	// writers would take over half the time of printing the whole pack.
	// Font programs are always compressed.
	f.SetCompression(false)
	f.SetProducer("Tableside", false)
	f.SetCreator("Tableside print shop", false)
	f.SetTitle(sanitise(title), true)
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(Margin, Margin, Margin)
	f.AddUTF8FontFromBytes(family, "", fontRegular)
	f.AddUTF8FontFromBytes(family, "B", fontBold)
	f.SetFont(family, "", 10)
	f.SetLineCapStyle("round")
	d := &Doc{Canvas: f, pdf: f, Paper: o.Paper, Opt: o}
	d.SetFont(family, "", 10)
	return d
}

// newPreviewDoc draws onto the SVG back end instead of a PDF.
func newPreviewDoc(o Options) *Doc {
	c := newSVGCanvas(o.Paper)
	d := &Doc{Canvas: c, svg: c, Paper: o.Paper, Opt: o}
	d.SetFont(family, "", 10)
	return d
}

// SetFont selects the font and remembers its size, which text placement
// needs (fpdf keeps it private).
func (d *Doc) SetFont(fam, style string, size float64) {
	d.fontSize = size / ptPerMM
	d.Canvas.SetFont(fam, style, size)
}

// Sheet is one printable: a name for the command line and URLs, a title
// and one-line summary for menus, the game it belongs to (for footers),
// whether it has coloured areas an ink saver lightens, and the function
// that draws it.
type Sheet struct {
	Name    string
	Title   string
	Summary string
	Game    string
	Colour  bool // has coloured areas: Options.InkSaver prints them light
	draw    func(d *Doc) error
}

// Sheets lists every printable in menu order.
func Sheets() []Sheet { return append([]Sheet(nil), menu()...) }

// menu is the menu, in order, built on first use: some summaries count
// from the engines (the classic map's territories), which no command that
// prints nothing should pay for at start-up.
var menu = sync.OnceValue(func() []Sheet {
	return append([]Sheet{
		{Name: "coldcash-reference", Title: "Cold Cash Risk reference", Game: "Cold Cash Risk", Summary: "The turn on one page, the price chart with bonuses and dividends, continents, hiring, the end", draw: drawColdCashReference},
		{Name: "certificates", Title: "Stock certificates", Game: "Cold Cash Risk", Colour: true, Summary: strconv.Itoa(acquire.Certificates) + " per company in its colour, with its letter badge and the chosen names", draw: drawCertificates},
		{Name: "territory-cards", Title: "Territory cards", Game: "RISK", Colour: true, Summary: fmt.Sprintf("%d territories + %d wild, poker size, with continent and troop symbol, and a card back", risk.Classic().Len(), riskclassic.Jokers), draw: drawTerritoryCards},
		{Name: "player-aids", Title: "Player aid cards", Game: "Cold Cash Risk", Colour: true, Summary: fmt.Sprintf("Poker size: turn summary, battle rules, earnings choices (%d of each)", aidCopies), draw: drawPlayerAids},
		{Name: "risk-odds", Title: "RISK odds", Game: "RISK", Summary: "Chance to conquer for 2–20 attackers vs 1–15 defenders, single rolls, house-rule builds and card sets", draw: drawRiskOdds},
		{Name: "piecepack", Title: "Print-and-play piecepack", Game: "Piecepack", Colour: true, Summary: "24 tiles (2 in), 24 coins (3/4 in), 4 dice nets, 4 pawns in four suits; one set or two", draw: drawPiecepack},
		{Name: "takeover-sheet", Title: "Takeover sheet", Game: "Takeover", Summary: "Takeover setup steps, merge rules and a scoring sheet for up to 6 players", draw: drawTakeoverSheet},
		{Name: "pctw-setup", Title: "Piecepack Conquers the World setup", Game: "Piecepack Conquers the World", Summary: "Tiles set aside, laying the continents, starting armies by players, card-set values", draw: drawPCtWSetup},
		{Name: "cash-or-crash-ladder", Title: "Cash or Crash bid ladder", Game: "Cash or Crash", Summary: "Every bid from 1 to 14 to tick off, how to raise, how a challenge is settled", draw: drawCashOrCrashLadder},
		{Name: "score-pad", Title: "Score pad", Game: "Any game", Summary: "A blank score pad: 8 players, 20 rounds, totals", draw: drawScorePad},
		{Name: "join-poster", Title: "Join this table poster", Game: "Tableside", Summary: "A poster with the table's QR code and address (needs an address)", draw: drawJoinPoster},
	}, quickStarts()...)
})

// Find returns the sheet with that name.
func Find(name string) (Sheet, bool) {
	for _, s := range menu() {
		if s.Name == name {
			return s, true
		}
	}
	return Sheet{}, false
}

// Names lists the sheet names, for error messages.
func Names() string {
	n := make([]string, len(menu()))
	for i, s := range menu() {
		n[i] = s.Name
	}
	return strings.Join(n, ", ")
}

// Write draws the named sheet with the options and writes the PDF to w.
func Write(w io.Writer, name string, o Options) error {
	s, ok := Find(name)
	if !ok {
		return fmt.Errorf("no sheet %q: choose one of %s", name, Names())
	}
	return s.Write(w, o)
}

// Write draws this sheet and writes the PDF to w.
func (s Sheet) Write(w io.Writer, o Options) error {
	o, err := o.check()
	if err != nil {
		return err
	}
	d := newDoc(o, "Tableside: "+s.Title)
	if err := s.drawOn(d); err != nil {
		return err
	}
	if err := d.pdf.Output(w); err != nil {
		return fmt.Errorf("print %s: %w", s.Name, err)
	}
	return nil
}

// check fills in the defaults and refuses options no sheet can print.
func (o Options) check() (Options, error) {
	o = o.normal()
	if o.Sets < 1 || o.Sets > 2 {
		return o, fmt.Errorf("piecepack sets %d: print one set or two", o.Sets)
	}
	if _, err := acquire.Companies(o.Names); err != nil {
		return o, err
	}
	return o, nil
}

// drawOn draws the sheet and its footers onto d.
func (s Sheet) drawOn(d *Doc) error {
	d.sheet = s
	if err := s.draw(d); err != nil {
		return fmt.Errorf("print %s: %w", s.Name, err)
	}
	d.footers()
	if err := d.Error(); err != nil {
		return fmt.Errorf("print %s: %w", s.Name, err)
	}
	return nil
}

// Drawable reports whether the embedded fonts draw r: printable runes of
// the Basic Multilingual Plane in the ranges kept for Latin text, dashes and
// quotes, arrows, maths, the euro and box drawing. The fonts are cut to
// exactly these (printables/internal/fontcut).
func Drawable(r rune) bool {
	if !unicode.IsPrint(r) || r > 0xFFFF {
		return false
	}
	return r < 0x0250 || r >= 0x2010 && r <= 0x2027 || r >= 0x2190 && r <= 0x22FF ||
		r == 0x20AC || r >= 0x2500 && r <= 0x25FF
}

// sanitise keeps only characters the embedded font draws; anything else
// becomes '?'. Runes outside the BMP would crash the PDF library, control
// characters would corrupt it.
func sanitise(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteRune(r)
		case r == '\t':
			b.WriteRune(' ')
		case Drawable(r):
			b.WriteRune(r)
		default:
			b.WriteRune('?')
		}
	}
	return b.String()
}
