package printpages

import (
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"tableside/printables"
)

// printPreview answers a picture (SVG) of a sheet's first page, drawn by
// the same layout as its PDF, for the options asked; the page count rides
// along in a header.
func (s *Pages) printPreview(c echo.Context) error {
	name := strings.TrimSuffix(c.Param("file"), ".svg")
	sheet, ok := printables.Find(name)
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, "No sheet "+name+" to preview: choose one of "+printables.Names()+".")
	}
	o, err := printOptions(c)
	if err != nil {
		return err
	}
	o.URL, o.Table = strings.TrimSpace(c.QueryParam("url")), c.QueryParam("table")
	if sheet.Name == "join-poster" && o.URL == "" {
		o.URL = s.site.BaseURL(c)
	}
	return sendPreview(c, sheet, o)
}

// printGamePreview is a running game's own sheet as a picture (host only,
// like the sheet: the poster's code opens the game's free seats).
func (s *Pages) printGamePreview(c echo.Context) error {
	sheet, o, _, err := s.gameSheet(c)
	if err != nil {
		return err
	}
	return sendPreview(c, sheet, o)
}

func sendPreview(c echo.Context, sheet printables.Sheet, o printables.Options) error {
	p, err := previews.get(sheet, o)
	if err != nil {
		return badRequest("%s.", err)
	}
	h := c.Response().Header()
	h.Set("X-Pages", strconv.Itoa(p.Pages))
	h.Set("Cache-Control", "private, max-age=300")
	return c.Blob(http.StatusOK, "image/svg+xml", p.SVG)
}

// previewCache keeps the pictures the print shop asks for again and again
// (each sheet on A4 and Letter, normal and ink saver): a sheet's preview
// depends only on its options. It is emptied when full rather than
// tracking use; a miss costs a few milliseconds.
type previewCache struct {
	mu sync.Mutex
	m  map[string]printables.Preview
}

const previewCacheSize = 128

var previews = &previewCache{m: map[string]printables.Preview{}}

func (pc *previewCache) get(sheet printables.Sheet, o printables.Options) (printables.Preview, error) {
	key := strings.Join([]string{sheet.Name, o.Paper.Name, string(o.Names), strconv.Itoa(o.Sets), boolKey(o.Single), boolKey(o.InkSaver), o.URL, o.Table}, "\x00")
	pc.mu.Lock()
	p, ok := pc.m[key]
	pc.mu.Unlock()
	if ok {
		return p, nil
	}
	p, err := sheet.Preview(o)
	if err != nil {
		return p, err
	}
	pc.mu.Lock()
	if len(pc.m) >= previewCacheSize {
		clear(pc.m)
	}
	pc.m[key] = p
	pc.mu.Unlock()
	return p, nil
}

func boolKey(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// sheetPages is a sheet's page count on a paper with the default options,
// for the game pages' print panels ("10 pages"); 0 if unknown.
func sheetPages(name, paper string) int {
	facts, err := printables.AllFacts()
	if err != nil {
		return 0
	}
	for _, f := range facts {
		if f.Sheet.Name == name {
			return f.Pages[paper]
		}
	}
	return 0
}
