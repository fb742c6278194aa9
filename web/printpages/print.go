package printpages

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"tableside/engine/acquire"
	"tableside/printables"

	"tableside/draw"
)

type printData struct {
	Sheets []sheetView
	Names  []acquire.NameSet
	URL    string // the join poster's default address
}

// sheetView is one sheet on the print shop page, its numbers written out.
type sheetView struct {
	printables.Sheet
	PagesA4, PagesLetter int
	Ink, InkSaver        string // share of the A4 paper printed, "41 %"
}

// printShop lists every printable sheet with its options, a picture of its
// first page, its page count and its ink.
func (s *Pages) printShop(c echo.Context) error {
	facts, err := printables.AllFacts()
	if err != nil {
		return fmt.Errorf("print shop: %w", err)
	}
	d := printData{Names: acquire.NameSets, URL: s.site.BaseURL(c) + "/join"} // the generic poster leads to the code box
	for _, f := range facts {
		d.Sheets = append(d.Sheets, sheetView{Sheet: f.Sheet, PagesA4: f.Pages["a4"], PagesLetter: f.Pages["letter"],
			Ink: draw.Percent(f.Ink), InkSaver: draw.Percent(f.InkSaver)})
	}
	return s.render(c, http.StatusOK, "print", page{Title: "Print shop", Data: d})
}

// printSheet answers one sheet as a PDF download, with the options asked.
func (s *Pages) printSheet(c echo.Context) error {
	sheet, ok := printables.Find(c.QueryParam("sheet"))
	if !ok {
		return badRequest("Choose a sheet to print: %s.", printables.Names())
	}
	o, err := printOptions(c)
	if err != nil {
		return err
	}
	o.URL, o.Table = strings.TrimSpace(c.QueryParam("url")), c.QueryParam("table")
	b, err := pdfs.get(sheet, o) // made once per options: anyone may ask again and again
	if err != nil {
		return badRequest("%s.", err)
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", sheet.Name+"-"+o.Paper.Name+".pdf"))
	return c.Blob(http.StatusOK, "application/pdf", b)
}

// printGameSheet prints a running game's own certificates or join poster:
// its company names and its join address.
func (s *Pages) printGameSheet(c echo.Context) error {
	sheet, o, file, err := s.gameSheet(c)
	if err != nil {
		return err
	}
	return sendPDF(c, sheet, o, file)
}

// gameSheet reads which of a running game's own sheets is asked for, with
// the game's names or join address in its options.
func (s *Pages) gameSheet(c echo.Context) (printables.Sheet, printables.Options, string, error) {
	var none printables.Options
	id, err := s.site.GameID(c)
	if err != nil {
		return printables.Sheet{}, none, "", err
	}
	info, err := s.tracker.Info(c.Request().Context(), id)
	if err != nil {
		return printables.Sheet{}, none, "", err
	}
	o, err := printOptions(c)
	if err != nil {
		return printables.Sheet{}, none, "", err
	}
	o.Names = printables.GameNames(info.Setup.Settings)
	var name string
	switch c.Param("sheet") {
	case "certificates":
		name = "certificates"
	case "poster":
		name = "join-poster"
		if err := s.site.Poster(c, info, &o); err != nil {
			return printables.Sheet{}, none, "", err
		}
	default:
		return printables.Sheet{}, none, "", echo.NewHTTPError(http.StatusNotFound, "A game prints its certificates or its join poster.")
	}
	sheet, _ := printables.Find(name)
	return sheet, o, fmt.Sprintf("game-%d-%s", id, name), nil
}

// printOptions reads paper, names, sets, single and ink from the query.
func printOptions(c echo.Context) (printables.Options, error) {
	sets := 1
	if v := c.QueryParam("sets"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return printables.Options{}, badRequest("Sets: print 1 or 2 piecepacks, not %q.", v)
		}
		sets = n
	}
	single := c.QueryParam("single") != ""
	o, err := printables.ParseOptions(c.QueryParam("paper"), c.QueryParam("names"), sets, single)
	if err != nil {
		return o, badRequest("%s.", err)
	}
	if o.InkSaver, err = printables.ParseInk(c.QueryParam("ink")); err != nil {
		return o, badRequest("%s.", err)
	}
	return o, nil
}

func sendPDF(c echo.Context, sheet printables.Sheet, o printables.Options, file string) error {
	var b bytes.Buffer
	if err := sheet.Write(&b, o); err != nil {
		return badRequest("%s.", err)
	}
	h := c.Response().Header()
	h.Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", file+"-"+o.Paper.Name+".pdf"))
	return c.Blob(http.StatusOK, "application/pdf", b.Bytes())
}

// cardSymbols serves the default troop symbols of the territory cards, as
// the CSV a table edits to make its own.
func (s *Pages) cardSymbols(c echo.Context) error {
	c.Response().Header().Set("Content-Disposition", `attachment; filename="card-symbols.csv"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", printables.DefaultSymbols())
}

// printTerritoryCards prints the territory cards with a table's own symbol
// file (a form upload named "symbols").
func (s *Pages) printTerritoryCards(c echo.Context) error {
	sets := c.FormValue("sets")
	if sets == "" {
		sets = "1"
	}
	n, err := strconv.Atoi(sets)
	if err != nil {
		return badRequest("Sets: print 1 or 2 piecepacks, not %q.", sets)
	}
	o, err := printables.ParseOptions(c.FormValue("paper"), c.FormValue("names"), n, c.FormValue("single") != "")
	if err != nil {
		return badRequest("%s.", err)
	}
	if o.InkSaver, err = printables.ParseInk(c.FormValue("ink")); err != nil {
		return badRequest("%s.", err)
	}
	fh, err := c.FormFile("symbols")
	if err != nil {
		return badRequest("Choose your card-symbols file (CSV: territory,symbol on each line).")
	}
	f, err := fh.Open()
	if err != nil {
		return badRequest("The symbols file could not be read.")
	}
	defer f.Close()
	if o.Symbols, err = io.ReadAll(io.LimitReader(f, 64<<10)); err != nil {
		return badRequest("The symbols file could not be read.")
	}
	sheet, _ := printables.Find("territory-cards")
	return sendPDF(c, sheet, o, "territory-cards-own-symbols")
}
