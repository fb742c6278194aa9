package engine_test

import (
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// listed is what `go list -json` says of one package.
type listed struct {
	ImportPath string
	Name       string
	Imports    []string // direct
	Deps       []string // transitive
}

// goList lists the packages matching the patterns, from the module root.
func goList(t *testing.T, patterns ...string) []listed {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-json=ImportPath,Name,Imports,Deps"}, patterns...)...)
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	var pkgs []listed
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// forbiddenInEngines are the standard packages an engine may not import
// directly, and why: engines are pure functions of the state, the command
// and the dice they are handed (docs/conventions.md).
var forbiddenInEngines = map[string]string{
	"os":            "I/O",
	"net":           "I/O",
	"database/sql":  "I/O",
	"io/fs":         "I/O",
	"io/ioutil":     "I/O",
	"syscall":       "I/O",
	"log":           "I/O (engines return errors; the tracker logs)",
	"log/slog":      "I/O (engines return errors; the tracker logs)",
	"path/filepath": "I/O",
	"embed":         "I/O (data an engine needs is Go source)",
	"time":          "the clock (no engine needs time; the log stamps events)",
	"math/rand":     "global randomness (dice come through engine.Dice)",
	"math/rand/v2":  "global randomness (dice come through engine.Dice)",
	"crypto/rand":   "global randomness (dice come through engine.Dice)",
}

// forbidden names why an engine may not import path, or "".
func forbidden(path string) string {
	for p, why := range forbiddenInEngines {
		if path == p || strings.HasPrefix(path, p+"/") {
			return why
		}
	}
	return ""
}

// The arrows point one way: engines import no I/O, clock or global
// randomness, and neither the tracker nor the web (directly or through
// anything else); the ledger does not import the engines.
func TestArrowsPointOneWay(t *testing.T) {
	engines := goList(t, "./engine/...")
	if len(engines) < 10 {
		t.Fatalf("go list found %d packages under engine/; the test is not looking where the engines are", len(engines))
	}
	checked := 0
	for _, p := range engines {
		if p.Name == "main" {
			continue // a code generator (go generate), not linked into any engine
		}
		checked++
		for _, imp := range p.Imports {
			if why := forbidden(imp); why != "" {
				t.Errorf("%s imports %s: %s", p.ImportPath, imp, why)
			}
		}
		for _, dep := range p.Deps {
			for _, up := range []string{"tableside/tracker", "tableside/seating", "tableside/web", "tableside/printables", "tableside/games", "tableside/internal", "tableside/league"} {
				if dep == up || strings.HasPrefix(dep, up+"/") {
					t.Errorf("%s depends on %s: engines are below the tracker, the web and the print shop", p.ImportPath, dep)
				}
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d engine packages checked", checked)
	}
	for _, p := range goList(t, "./ledger/...") {
		for _, dep := range p.Deps {
			if dep == "tableside/engine" || strings.HasPrefix(dep, "tableside/engine/") {
				t.Errorf("%s depends on %s: the ledger is below the engines", p.ImportPath, dep)
			}
		}
	}
	// The drawing is a leaf: it draws numbers it is handed and reads no
	// game, log or score log, so the web and the print shop can share it.
	for _, p := range goList(t, "./draw/...") {
		for _, dep := range p.Deps {
			if strings.HasPrefix(dep, "tableside/") && dep != "tableside/engine" && dep != "tableside/ledger" {
				t.Errorf("%s depends on %s: the drawing takes plain numbers", p.ImportPath, dep)
			}
		}
	}
	// Screens and sheets print money and counts through the engine's one
	// formatter; only the engines and the tracker (which keeps the book)
	// reach into the ledger.
	for _, p := range goList(t, "./web/...", "./printables/...") {
		for _, imp := range p.Imports {
			if imp == "tableside/ledger" {
				t.Errorf("%s imports the ledger: numbers are written by engine.Dollars and engine.Thousands", p.ImportPath)
			}
		}
	}
}

// The check itself catches what it must.
func TestArrowsCheckNamesForbiddenImports(t *testing.T) {
	for _, imp := range []string{"os", "os/exec", "net/http", "time", "math/rand", "math/rand/v2", "crypto/rand", "database/sql", "io/fs", "path/filepath"} {
		if forbidden(imp) == "" {
			t.Errorf("%s is not forbidden in engines", imp)
		}
	}
	for _, imp := range []string{"fmt", "sort", "strings", "math", "math/big", "io", "encoding/json", "sync", "tableside/engine"} {
		if why := forbidden(imp); why != "" {
			t.Errorf("%s is forbidden (%s); engines may use it", imp, why)
		}
	}
}

// httpPackages may import echo: the table's web, the league hub's HTTP
// face, the read budget both of them apply, and the load test (which adds
// one route to the table's web).
// Everything else is below them (docs/design.md).
var httpPackages = map[string]bool{"tableside/web": true, "tableside/web/scorepages": true, "tableside/web/oddspages": true, "tableside/web/printpages": true, "tableside/web/rulespages": true, "tableside/league/hub": true, "tableside/internal/loadtest": true, "tableside/costbudget": true}

// The league's arrows: echo only in the HTTP packages; pgx only in the
// league's store (and the test cluster); the league's store and the
// table's syncer below any HTTP server; the table side never importing the
// hub, nor the hub the table side.
func TestLeagueArrowsPointOneWay(t *testing.T) {
	pkgs := goList(t, "./...")
	seen := map[string]bool{}
	for _, p := range pkgs {
		seen[p.ImportPath] = true
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, "github.com/labstack/echo") && !httpPackages[p.ImportPath] {
				t.Errorf("%s imports %s: echo belongs to the HTTP packages (web, league/hub)", p.ImportPath, imp)
			}
			if strings.HasPrefix(imp, "github.com/jackc/pgx") && p.ImportPath != "tableside/league/store" && p.ImportPath != "tableside/internal/pgtest" {
				t.Errorf("%s imports %s: PostgreSQL is reached through league/store only", p.ImportPath, imp)
			}
		}
		below := map[string][]string{
			"tableside/league":       {"tableside/league/hub", "tableside/league/store", "tableside/league/table", "tableside/web", "github.com/labstack/echo/v4"},
			"tableside/league/store": {"tableside/league/hub", "tableside/league/table", "tableside/web", "github.com/labstack/echo/v4"},
			"tableside/league/table": {"tableside/league/hub", "tableside/league/store", "tableside/web", "github.com/labstack/echo/v4"},
			"tableside/league/hub":   {"tableside/league/table", "tableside/app"},
		}
		for _, dep := range p.Deps {
			// The league takes the stylesheet from assets and the read budget
			// from costbudget: nothing of the table's web is linked into a hub.
			if strings.HasPrefix(p.ImportPath, "tableside/league") && (dep == "tableside/web" || strings.HasPrefix(dep, "tableside/web/")) {
				t.Errorf("%s depends on %s: the league imports nothing of web", p.ImportPath, dep)
			}
			// The scoring rules a play is held to live in scoring, below both
			// the table's score log and the league: a hub links no tracker,
			// and the table's side reads its score log through league/table.Plays.
			if strings.HasPrefix(p.ImportPath, "tableside/league") && strings.HasPrefix(dep, "tableside/tracker/") {
				t.Errorf("%s depends on %s: the league takes its scoring rules from scoring", p.ImportPath, dep)
			}
			if dep == "tableside/tracker" && strings.HasPrefix(p.ImportPath, "tableside/league") && p.ImportPath != "tableside/league/table" {
				t.Errorf("%s depends on %s: only the table's side of the league opens the table's database", p.ImportPath, dep)
			}
			for _, up := range below[p.ImportPath] {
				if dep == up {
					t.Errorf("%s depends on %s", p.ImportPath, dep)
				}
			}
		}
	}
	for _, want := range []string{"tableside/league", "tableside/league/store", "tableside/league/table", "tableside/league/hub", "tableside/web"} {
		if !seen[want] {
			t.Errorf("go list did not find %s: the test is not looking where the league is", want)
		}
	}
}

// The rooms below the web: the seats (seating) keep phones over the tracker;
// the read models (readmodel) read the tracker and
// the engines and hand the print shop its record, with no HTTP; the score
// log's screens (web/scorepages), the odds and calculator pages
// (web/oddspages) and the print shop (web/printpages) are HTTP but never reach back up into the web that
// registers them. Nothing below the web imports the web, the
// wiring or the binary.
func TestRoomsBelowTheWebPointDown(t *testing.T) {
	up := []string{"tableside/web", "tableside/app", "tableside/cmd", "tableside/league", "tableside/internal"}
	// The score log's league page shows the league's own records (a play
	// set aside, and why): the league's domain package is below it, its
	// hub, store and table side are not.
	scores := []string{"tableside/web", "tableside/app", "tableside/cmd", "tableside/league/hub", "tableside/league/store", "tableside/league/table", "tableside/internal"}
	rooms := map[string][]string{
		"tableside/readmodel": append([]string{"tableside/web/", "net/http", "github.com/labstack/echo"}, up...),
		// The seats keep phones and codes over the tracker's database and
		// ask the tracker, not its tables, whether a game still takes phones.
		"tableside/seating":        append([]string{"tableside/web/", "tableside/readmodel", "net/http", "github.com/labstack/echo"}, up...),
		"tableside/web/scorepages": scores,
		"tableside/web/oddspages":  up,
		"tableside/web/printpages": up,
		"tableside/web/rulespages": up,
	}
	found := 0
	for _, p := range goList(t, "./readmodel/...", "./seating/...", "./web/scorepages/...", "./web/oddspages/...", "./web/printpages/...", "./web/rulespages/...") {
		banned, ok := rooms[p.ImportPath]
		if !ok {
			continue
		}
		found++
		for _, dep := range p.Deps {
			for _, b := range banned {
				if dep == b || strings.HasPrefix(dep, strings.TrimSuffix(b, "/")+"/") {
					t.Errorf("%s depends on %s: it is below the web", p.ImportPath, dep)
				}
			}
		}
	}
	if found != len(rooms) {
		t.Fatalf("go list found %d of the %d rooms below the web", found, len(rooms))
	}
	for _, p := range goList(t, "./web") {
		for _, want := range []string{"tableside/readmodel", "tableside/seating", "tableside/web/scorepages", "tableside/web/oddspages", "tableside/web/printpages"} {
			if !slices.Contains(p.Imports, want) {
				t.Errorf("%s does not import %s: the test is not looking where the rooms are", p.ImportPath, want)
			}
		}
	}
}
