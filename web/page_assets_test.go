package web

import (
	"io/fs"
	"strings"
	"testing"

	static "tableside/assets"
	"tableside/engine"
)

// A screen loads the layout's files, its page's and its screen's, each once
// and in the cascade's and the scripts' order, as two bundles.
func TestEveryScreenLoadsItsFilesAsTwoBundlesInOrder(t *testing.T) {
	v := sharedViews()
	game := func(seat int, laptop, tv bool) page {
		g := &gamePage{Viewer: engine.Viewer{Seat: seat}, TV: tv}
		if laptop {
			g.Laptop = &laptopPanel{}
		}
		return page{Game: g}
	}
	for _, c := range []struct {
		what, name string
		p          page
		css, js    string
	}{
		{"the home page", "home", page{}, "app,newgame.css", "app,clock,newgame.js"},
		{"the odds page", "odds", page{}, "app,odds.css", "app,clock,odds.js"},
		{"a page with no files of its own", "error", page{}, "app.css", "app,clock.js"},
		{"a Cold Cash phone", "game_coldcash", game(1, false, false),
			"app,sheet,mapzoom,moments,rules,companies,coldcash,coldcash_board.css", "app,sheet,mapzoom,moment,teach,clock,nudge.js"},
		{"the host's laptop with a hand open", "game_risk", game(engine.Host, true, false),
			"app,sheet,mapzoom,moments,rules,companies,conquest,laptop,host.css", "app,sheet,mapzoom,moment,teach,clock,conquest,laptop,sound.js"},
		{"the TV", "game_takeover", game(engine.Public, false, true),
			"app,sheet,mapzoom,moments,rules,smallgames,tv.css", "app,sheet,mapzoom,moment,teach,clock,takeover,sound,tv.js"},
		{"a timeline of a RISK game", "timeline", page{AssetsOf: "game_risk"},
			"app,companies,conquest,timeline.css", "app,clock,conquest,timeline.js"},
	} {
		h, err := v.head(c.name, c.p)
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		for _, got := range []struct{ url, want string }{{h.CSS, c.css}, {h.JS, c.js}} {
			if name := got.url[strings.LastIndex(got.url, "/")+1:]; name != got.want || !strings.HasPrefix(got.url, "/static/") {
				t.Errorf("%s loads %s; want %s", c.what, got.url, got.want)
			}
		}
	}
	// Every page's own files exist.
	for name := range v.pages {
		if _, err := v.head(name, page{}); err != nil {
			t.Errorf("page %s: %v", name, err)
		}
	}
}

// A bundle holds each file whole, in the order named, each script run on
// its own (a throw in one is reported and the next runs); a name with an
// unknown file, a file named twice or another kind of file is no bundle.
func TestABundleJoinsItsFilesWholeAndInOrder(t *testing.T) {
	v := mustViews()
	b, err := v.bundle("sheet,app.js")
	if err != nil {
		t.Fatal(err)
	}
	sheet, _ := fs.ReadFile(static.Static, "sheet.js")
	app, _ := fs.ReadFile(static.Static, "app.js")
	got := string(b.b)
	i, j := strings.Index(got, string(sheet)), strings.Index(got, string(app))
	if i < 0 || j < 0 || i > j {
		t.Fatalf("the bundle holds sheet.js at %d and app.js at %d", i, j)
	}
	if n := strings.Count(got, "} catch (e) { setTimeout(function () { throw e; }); }"); n != 2 {
		t.Errorf("%d of 2 scripts run on their own", n)
	}
	css, err := v.bundle("app,companies.css")
	if err != nil || !strings.Contains(string(css.b), string(v.made["companies.css"])) {
		t.Errorf("a bundle with a made stylesheet: %v", err)
	}
	again, _ := v.bundle("sheet,app.js")
	if again.hash != b.hash || len(b.hash) != 10 {
		t.Errorf("hashes %q and %q of one bundle", b.hash, again.hash)
	}
	for _, bad := range []string{"app,nosuch.js", "app,app.js", "app,favicon.svg", "app,sheet.css.js", strings.Repeat("app,", 100000) + "sheet.js"} {
		if _, err := v.bundle(bad); err == nil {
			t.Errorf("%s made a bundle", bad)
		}
	}
	if n := v.bundles.len(); n != 2 {
		t.Errorf("%d bundles kept after two were made", n)
	}
}

// Scripts are joined into bundles, so each must keep to itself: one
// function run at once, strict inside, declaring nothing global a script
// beside it could clash with or change the mode of.
func TestEveryScriptIsOneStrictFunctionOfItsOwn(t *testing.T) {
	names, err := fs.Glob(static.Static, "*.js")
	if err != nil || len(names) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, n := range names {
		b, _ := fs.ReadFile(static.Static, n)
		var code []string
		for _, l := range strings.Split(string(b), "\n") {
			if s := strings.TrimSpace(l); s != "" && !strings.HasPrefix(s, "//") {
				code = append(code, s)
			}
		}
		if len(code) < 3 || code[0] != "(function () {" || code[1] != `"use strict";` || code[len(code)-1] != "})();" {
			t.Errorf("%s is not one strict function run at once (it begins %q)", n, code[:min(2, len(code))])
		}
	}
}
