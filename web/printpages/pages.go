// Package printpages is the print shop's pages (every sheet as a PDF and as
// a picture of its first page, the territory cards with a table's own
// symbols), a running game's own sheets, and a finished game's record as a
// PDF. It is below the web, which makes one Pages with what it takes from
// the server and registers its routes (Routes).
package printpages

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/printables"
	"tableside/readmodel"
	"tableside/tracker"
)

// Site is what the pages take from the server that hosts them.
type Site struct {
	// Render draws a page in the site's layout (or its data as JSON when
	// a program asked).
	Render func(c echo.Context, code int, name, title, refusal string, data any) error
	// GameID reads the :id path parameter.
	GameID func(c echo.Context) (int64, error)
	// BaseURL is the address phones reach this server at.
	BaseURL func(c echo.Context) string
	// Poster fills in a game's join poster: its join address and code, its
	// room code, the table's Wi-Fi.
	Poster func(c echo.Context, info tracker.GameInfo, o *printables.Options) error
}

// Pages is the print shop's pages.
type Pages struct {
	site    Site
	tracker *tracker.Tracker
	reads   *readmodel.Reader
}

// New makes the print shop's pages over the games' tracker and the reader
// that assembles a finished game's record.
func New(site Site, t *tracker.Tracker, reads *readmodel.Reader) *Pages {
	return &Pages{site: site, tracker: t, reads: reads}
}

// Guards are the web's middleware the print routes take.
type Guards struct {
	// Heavy charges an address for the time its expensive reads cost;
	// ReplayLimit bounds how fast it asks for pages that replay a log.
	Heavy, ReplayLimit, HostOnly echo.MiddlewareFunc
}

// Routes registers the print shop's pages. A game's own sheets are the
// host's: the poster's code opens the game's free seats.
func (s *Pages) Routes(e *echo.Echo, g Guards) {
	e.GET("/print", s.printShop)
	e.GET("/print/pdf", s.printSheet, g.Heavy)
	e.GET("/print/card-symbols.csv", s.cardSymbols)
	e.GET("/print/preview/:file", s.printPreview, g.Heavy)
	e.POST("/print/territory-cards", s.printTerritoryCards, g.Heavy)
	e.GET("/games/:id/print/:sheet", s.printGameSheet, g.HostOnly)
	e.GET("/games/:id/record.pdf", s.printGameRecord, g.ReplayLimit, g.Heavy)
	e.GET("/games/:id/print/preview/:sheet", s.printGamePreview, g.HostOnly)
}

// page is what a handler renders.
type page struct {
	Title string
	Data  any
}

func (s *Pages) render(c echo.Context, code int, name string, p page) error {
	return s.site.Render(c, code, name, p.Title, "", p.Data)
}

// badRequest is a 400 with a message for people.
func badRequest(format string, args ...any) error {
	return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf(format, args...))
}

// SheetPages is how many pages a sheet prints on a paper (the print
// shop's template function).
var SheetPages = sheetPages
