// Package oddspages is the battle odds and the bank calculator pages: a
// question from the query string answered by the engines' exact numbers
// (engine/risk, engine/acquire), rendered in the web's layout. It is below
// the web, which makes one Pages and registers its routes (Routes).
package oddspages

import "github.com/labstack/echo/v4"

// Render draws a page in the site's layout (or its data as JSON when a
// program asked).
type Render func(c echo.Context, code int, name, title, refusal string, data any) error

// Pages is the odds and calculator pages.
type Pages struct{ site Render }

// New makes the pages, drawn by the web's renderer.
func New(render Render) *Pages { return &Pages{site: render} }

// page is what a handler renders.
type page struct {
	Title string
	Data  any
}

func (s *Pages) render(c echo.Context, code int, name string, p page) error {
	return s.site(c, code, name, p.Title, "", p.Data)
}

// Routes registers the pages; limit bounds how fast one address asks for
// odds (they cost a computation each).
func (s *Pages) Routes(e *echo.Echo, limit echo.MiddlewareFunc) {
	e.GET("/odds", s.odds, limit)
	e.GET("/api/odds", s.oddsAPI, limit)
	e.GET("/calc", s.calc)
}
