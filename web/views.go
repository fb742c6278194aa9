package web

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	static "tableside/assets"
	"tableside/draw"
	"tableside/engine"
	"tableside/engine/acquire"
)

//go:embed templates
var assets embed.FS

// views holds the pages and the hashed names of the static files. The
// layout and its partials are parsed once, when the first page is shown;
// each page is put together (the layout cloned, the page parsed into it)
// the first time it is shown. Starting (the server answers /healthz, phones
// reconnect) pays for no template, and never for the pages an evening
// does not open (TestEveryPageParses builds them all).
type views struct {
	pages  map[string]func() (*template.Template, error) // page name -> layout + page, built once on first use
	hashes map[string]string                             // static file name -> short content hash
	made   map[string][]byte                             // static files made at start from engine data
	// bundles are pages' stylesheets and scripts joined (page_assets.go).
	bundles   kept[string, bundle]
	pageFiles kept[string, []string] // each page's own files, from its "assets" block
	// conquestMaps keeps the RISK family's maps as last drawn (map_drawn.go).
	conquestMaps *drawnOnce[uint64, draw.MapDrawing]
}

// sharedViews is the process's one views: what it holds (pages, hashes,
// bundles, maps as drawn) is a function of the embedded files and of what
// is drawn alone, never of a server's games or settings, so every server in
// a process shares it and its templates are parsed once. (The binary runs
// one server; a test binary starts hundreds, and each paid for its own
// parse of the layout and pages.)
var sharedViews = sync.OnceValue(mustViews)

func mustViews() *views {
	v := &views{pages: map[string]func() (*template.Template, error){}, hashes: map[string]string{},
		made: map[string][]byte{"companies.css": companiesCSS()}, conquestMaps: newConquestMaps()}
	for name, b := range v.made {
		sum := sha256.Sum256(b)
		v.hashes[name] = hex.EncodeToString(sum[:])[:10]
	}
	if err := fs.WalkDir(static.Static, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(static.Static, p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		v.hashes[p] = hex.EncodeToString(sum[:])[:10]
		return nil
	}); err != nil {
		panic(err)
	}
	funcs := template.FuncMap{
		"asset": v.assetURL,
		"json": func(x any) (template.JS, error) {
			b, err := json.Marshal(x)
			return template.JS(b), err
		},
		"money":       Money,
		"add":         func(a, b int) int { return a + b },
		"neg":         func(a int) int { return -a },
		"num":         engine.Thousands,
		"contains":    strings.Contains,
		"pct":         func(p float64) string { return fmt.Sprintf("%.1f%%", 100*p) },
		"conquestMap": conquestMap,
		"drawnConquestMap": func(d *draw.MapDrawing) (template.HTML, error) {
			return v.conquestMaps.html(conquestMapKey(*d), *d, func(d draw.MapDrawing) (string, error) {
				return v.fragment("game_risk", "conquest_map_svg", &d)
			})
		},
		"seatName": seatName,
		// A view's viewer seat, named: the host's laptop or a public screen.
		"isHost":     func(seat int) bool { return seat == engine.Host },
		"isPublic":   func(seat int) bool { return seat == engine.Public },
		"seq5":       func() []int { return []int{0, 1, 2, 3, 4} },
		"sheetPages": sheetPages,
		"dataValue":  dataValue,
		"ccLand":     func(id int64, c ccCompanyLand) ccLandForm { return ccLandForm{ID: id, C: c} },
	}
	layout := sync.OnceValues(func() (*template.Template, error) {
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(assets, "templates/layout.html", "templates/partials/*.html")
		if err == nil {
			t, err = t.ParseFS(static.Templates, static.PageOpen)
		}
		if err != nil {
			return nil, fmt.Errorf("layout: %w", err)
		}
		return t, nil
	})
	pages, err := fs.Glob(assets, "templates/*.html")
	if err != nil {
		panic(err)
	}
	for _, p := range pages {
		name := strings.TrimSuffix(path.Base(p), ".html")
		if name == "layout" {
			continue
		}
		v.pages[name] = sync.OnceValues(func() (*template.Template, error) { return buildPage(layout, p) })
	}
	return v
}

// buildPage puts a page together: a clone of the parsed layout (html/template
// gives the clone its own copy of the trees it escapes) with the page's
// file parsed into it.
func buildPage(layout func() (*template.Template, error), file string) (*template.Template, error) {
	l, err := layout()
	if err != nil {
		return nil, err
	}
	t, err := l.Clone()
	if err != nil {
		return nil, fmt.Errorf("page %s: %w", file, err)
	}
	if t, err = t.ParseFS(assets, file); err != nil {
		return nil, fmt.Errorf("page %s: %w", file, err)
	}
	return t, nil
}

// page is the named page, built on its first use.
func (v *views) page(name string) (*template.Template, error) {
	build, ok := v.pages[name]
	if !ok {
		return nil, fmt.Errorf("render: no page %q", name)
	}
	return build()
}

// assetURL gives a static file's cache-busted URL: its content hash is part
// of the path, so browsers may keep it forever and still never see a stale one.
func (v *views) assetURL(name string) (string, error) {
	h, ok := v.hashes[name]
	if !ok {
		return "", fmt.Errorf("no static file %q", name)
	}
	return "/static/" + h + "/" + name, nil
}

func (v *views) has(name string) bool { _, ok := v.pages[name]; return ok }

// fragment renders one named block of a page ("live": the part of a game
// screen that live updates replace). A page without the block gives "".
func (v *views) fragment(pageName, block string, data any) (string, error) {
	if !v.has(pageName) {
		return "", nil
	}
	t, err := v.page(pageName)
	if err != nil {
		return "", err
	}
	if t.Lookup(block) == nil {
		return "", nil
	}
	var b strings.Builder
	if err := t.ExecuteTemplate(&b, block, data); err != nil {
		return "", fmt.Errorf("render %s/%s: %w", pageName, block, err)
	}
	return b.String(), nil
}

// gameTemplate names the page for a kind of game: its own ("game_coldcash")
// when it has one, else the generic game page.
func gameTemplate(v *views, kind string) string {
	if v.has("game_" + kind) {
		return "game_" + kind
	}
	return "game"
}

// Render implements echo.Renderer: name is a page; data its content.
func (v *views) Render(w io.Writer, name string, data any, c echo.Context) error {
	t, err := v.page(name)
	if err != nil {
		return err
	}
	if p, ok := data.(page); ok {
		if p.Head, err = v.head(name, p); err != nil {
			return fmt.Errorf("render %s: %w", name, err)
		}
		data = p
	}
	return t.ExecuteTemplate(w, "layout.html", data)
}

// Money formats whole dollars the way the table says them: $12,300.
func Money(d int) string { return engine.Dollars(d) }

// companiesCSS is the stylesheet of the companies' colours, made at start
// from the engine's list (acquire.Colours), so no stylesheet retypes them:
// a background per company and the letter colour that reads on it, and
// the same for the RISK family's army colours (draw.OwnerColours).
func companiesCSS() []byte {
	colours := acquire.Colours()
	ids := make([]string, 0, len(colours))
	for id := range colours {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var b strings.Builder
	b.WriteString("/* Made by Tableside from the engine's company colours. */\n")
	for _, id := range ids {
		fmt.Fprintf(&b, ".co-%s { background: %s; color: %s; }\n", id, colours[id], engine.Ink(colours[id]))
	}
	owners := make([]string, 0, len(draw.OwnerColours))
	for name := range draw.OwnerColours {
		owners = append(owners, name)
	}
	sort.Strings(owners)
	for _, name := range owners { // the RISK family's players
		fmt.Fprintf(&b, ".badge.cq-%s { background: %s; color: %s; }\n", name, draw.OwnerColours[name], engine.Ink(draw.OwnerColours[name]))
	}
	return []byte(b.String())
}

// dataAttrEscaper escapes a value for a single-quoted attribute: only the
// ampersand, the single quote and the angle brackets need it there.
var dataAttrEscaper = strings.NewReplacer("&", "&amp;", "'", "&#39;", "<", "&lt;", ">", "&gt;")

// dataValue writes a move's JSON data as a single-quoted value attribute,
// so its double quotes go out as they are instead of as &#34; (four bytes
// saved on each of them, on every move of every live frame). The browser
// reads the same value either way.
func dataValue(data []byte) template.HTMLAttr {
	return template.HTMLAttr("value='" + dataAttrEscaper.Replace(string(data)) + "'")
}
