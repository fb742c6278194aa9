package scorepages

import (
	"fmt"
	"time"

	"github.com/labstack/echo/v4"
)

// season is the stretch of plays the ratings count: a year, a date range,
// or every play.
type season struct {
	Year     string // "2026", or ""
	From, To string // YYYY-MM-DD, inclusive; empty for open
}

// readSeason reads ?season=YEAR or ?from=&to= and refuses, naming it, a
// season that is not a year, a date that is not a date, both at once, or a
// range that ends before it starts.
func readSeason(c echo.Context) (season, error) {
	s := season{Year: c.QueryParam("season"), From: c.QueryParam("from"), To: c.QueryParam("to")}
	if s.Year != "" {
		if _, err := time.Parse("2006", s.Year); err != nil || len(s.Year) != 4 || s.Year < "1900" {
			return s, badRequest("The season %.20q is not a year like 2026.", s.Year)
		}
		if s.From != "" || s.To != "" {
			return s, badRequest("Choose a season's year or its dates, not both.")
		}
		s.From, s.To = s.Year+"-01-01", s.Year+"-12-31"
		return s, nil
	}
	for _, d := range []string{s.From, s.To} {
		if _, err := time.Parse("2006-01-02", d); d != "" && (err != nil || len(d) != 10) {
			return s, badRequest("The date %.20q is not a date like 2026-11-22.", d)
		}
	}
	if s.From != "" && s.To != "" && s.From > s.To {
		return s, badRequest("The season cannot end (%s) before it starts (%s).", s.To, s.From)
	}
	return s, nil
}

// Words names the season for people: "2026", "from 2026-01-01 to
// 2026-06-30", or "every play".
func (s season) Words() string {
	switch {
	case s.Year != "":
		return s.Year
	case s.From != "" && s.To != "":
		return fmt.Sprintf("%s to %s", s.From, s.To)
	case s.From != "":
		return "since " + s.From
	case s.To != "":
		return "up to " + s.To
	}
	return "every play"
}
