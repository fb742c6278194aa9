// Package rulespages is the rules pages: each game's how-to-play and its
// clauses (package rulebook), searchable on a phone, and the links a
// refusal's "why?" and a step's "how this step works" follow to the clause
// behind them. It is below the web, which makes one Pages and registers its
// routes (Routes).
package rulespages

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"tableside/rulebook"
)

// Render draws a page in the site's layout (or its data as JSON when a
// program asked).
type Render func(c echo.Context, code int, name, title, refusal string, data any) error

// Pages is the rules pages.
type Pages struct{ site Render }

// New makes the pages, drawn by the web's renderer.
func New(render Render) *Pages { return &Pages{site: render} }

// Routes registers the pages.
func (p *Pages) Routes(e *echo.Echo) {
	e.GET("/rules", p.index)
	e.GET("/rules/:game", p.book)
	e.GET("/rules/:game/why/:rule", p.why)
	e.GET("/rules/:game/step/:step", p.step)
}

// Path is a game's rules page.
func Path(game string) string { return "/rules/" + url.PathEscape(game) }

// WhyPath is the link a refusal's "why?" follows.
func WhyPath(game, rule string) string { return Path(game) + "/why/" + url.PathEscape(rule) }

// StepPath is the link a step's "how this step works" follows.
func StepPath(game, step string) string { return Path(game) + "/step/" + url.PathEscape(step) }

// indexPage lists every game's rules.
type indexPage struct{ Books []*rulebook.Book }

func (p *Pages) index(c echo.Context) error {
	return p.site(c, http.StatusOK, "rules_index", "Rules", "", indexPage{Books: rulebook.Books()})
}

// bookPage is one game's rules, narrowed to the clauses matching Query.
type bookPage struct {
	Book     *rulebook.Book
	Table    *rulebook.Book // Tableside's own rules of play, after the game's
	Query    string
	Sections []shownSection
	Found    int
}

// shownSection is a section with the clauses the search kept.
type shownSection struct {
	rulebook.Section
	Shown []rulebook.Clause
}

func (p *Pages) book(c echo.Context) error {
	b, ok := rulebook.Get(c.Param("game"))
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, "Tableside has no rules for that game.")
	}
	q := c.QueryParam("q")
	if len(q) > 100 {
		q = q[:100]
	}
	pg := bookPage{Book: b, Table: rulebook.Table(), Query: q}
	for _, bk := range []*rulebook.Book{b, rulebook.Table()} {
		for _, s := range bk.Sections {
			sh := shownSection{Section: s}
			for _, cl := range s.Clauses {
				if q == "" || cl.Match(q) {
					sh.Shown = append(sh.Shown, cl)
				}
			}
			pg.Found += len(sh.Shown)
			if len(sh.Shown) > 0 {
				pg.Sections = append(pg.Sections, sh)
			}
		}
	}
	return p.site(c, http.StatusOK, "rules", b.Title+": rules", "", pg)
}

// why sends a refusal's "why?" to the clause behind its rule name; a rule
// the book does not know opens the game's rules at the top.
func (p *Pages) why(c echo.Context) error {
	b, ok := rulebook.Get(c.Param("game"))
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, "Tableside has no rules for that game.")
	}
	if w, ok := b.ForRule(c.Param("rule")); ok {
		return c.Redirect(http.StatusSeeOther, Path(b.Game)+"#"+w.Clause.Anchor())
	}
	return c.Redirect(http.StatusSeeOther, Path(b.Game))
}

// step sends a step's "how this step works" to the step's first clause.
func (p *Pages) step(c echo.Context) error {
	b, ok := rulebook.Get(c.Param("game"))
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, "Tableside has no rules for that game.")
	}
	if s, ok := b.ForStep(c.Param("step")); ok {
		return c.Redirect(http.StatusSeeOther, Path(b.Game)+"#"+s.Clauses[0].Anchor())
	}
	return c.Redirect(http.StatusSeeOther, Path(b.Game))
}
