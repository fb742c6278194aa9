package hub

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
)

// perPage is how many rows a list page shows: a league of 100,000 plays is
// read a page at a time, never drawn whole.
const perPage = 50

// pager is a list page's place: which page of how many, and the links to
// the pages beside it ("" at either end).
type pager struct {
	Page, Pages, Rows int
	Prev, Next        string
}

// pageOf cuts the page the request asks for (?page=N, from 1) out of rows;
// a page that is not a number or beyond the last is not found.
func pageOf[T any](c echo.Context, rows []T) ([]T, pager, error) {
	from, to, p, err := pageSpan(c, len(rows))
	if err != nil {
		return nil, p, err
	}
	return rows[from:to], p, nil
}

// pageSpan is the rows [from, to) of the page the request asks for, out of n.
func pageSpan(c echo.Context, n int) (from, to int, p pager, err error) {
	p = pager{Page: 1, Pages: max(1, (n+perPage-1)/perPage), Rows: n}
	if q := c.QueryParam("page"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 1 || n > p.Pages {
			return 0, 0, p, echo.NewHTTPError(http.StatusNotFound, "There is no such page: pages run from 1 to "+strconv.Itoa(p.Pages)+".")
		}
		p.Page = n
	}
	link := func(n int) string { return c.Path() + "?page=" + strconv.Itoa(n) }
	if p.Page > 1 {
		p.Prev = link(p.Page - 1)
	}
	if p.Page < p.Pages {
		p.Next = link(p.Page + 1)
	}
	from = (p.Page - 1) * perPage
	return from, min(n, from+perPage), p, nil
}
