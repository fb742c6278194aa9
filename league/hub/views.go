package hub

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"net/http"

	"github.com/labstack/echo/v4"

	"tableside/assets"
)

//go:embed templates/*.html
var templates embed.FS

// views are the hub's pages, each inside layout.html.
type views struct{ pages map[string]*template.Template }

func mustViews() *views {
	funcs := template.FuncMap{
		"inc": func(i int) int { return i + 1 },
		"pct": func(f float64) string { return fmt.Sprintf("%.0f%%", f*100) },
		"f1":  func(f float64) string { return fmt.Sprintf("%.1f", f) },
		"score": func(s *int) string {
			if s == nil {
				return ""
			}
			return fmt.Sprint(*s)
		},
	}
	layout := template.Must(template.Must(template.New("layout.html").Funcs(funcs).ParseFS(templates, "templates/layout.html")).
		ParseFS(assets.Templates, assets.PageOpen))
	v := &views{pages: map[string]*template.Template{}}
	for _, name := range []string{"standings", "players", "player", "plays", "ratings", "admin", "error"} {
		v.pages[name] = template.Must(template.Must(layout.Clone()).ParseFS(templates, "templates/"+name+".html"))
	}
	return v
}

// page is what every page gets.
type page struct {
	Title string
	Admin bool
	Data  any
}

// render draws a page; a template error is the hub's, and answered as such.
func (h *Hub) render(c echo.Context, code int, name, title string, data any) error {
	b, err := h.draw(name, title, h.isAdmin(c), data)
	if err != nil {
		h.log.Error("hub page", "page", name, "err", err)
		return c.String(http.StatusInternalServerError, "The page could not be drawn.")
	}
	return h.send(c, code, b)
}

// draw renders a page to bytes.
func (h *Hub) draw(name, title string, admin bool, data any) ([]byte, error) {
	var b bytes.Buffer
	err := h.views.pages[name].ExecuteTemplate(&b, "layout.html", page{Title: title, Admin: admin, Data: data})
	return b.Bytes(), err
}

// send writes a drawn page with the hub's security headers.
func (h *Hub) send(c echo.Context, code int, b []byte) error {
	c.Response().Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'none'; frame-ancestors 'none'")
	return c.HTMLBlob(code, b)
}
