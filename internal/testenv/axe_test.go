package testenv

import (
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// axePage is a page with one fault in either scheme (an image with no
// text) and one only in the dark (grey on near black).
const axePage = `<!doctype html><html lang="en"><head><title>t</title><meta name="color-scheme" content="light dark">
<style>p { color: #111; background: #fff } @media (prefers-color-scheme: dark) { p { color: #333; background: #111 } }</style>
</head><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p>Readable in the light only</p></main></body></html>`

func ruleIDs(vs []AxeViolation) map[string]bool {
	ids := map[string]bool{}
	for _, v := range vs {
		ids[v.ID] = true
	}
	return ids
}

// The checker finds what axe-core finds, of any impact, and the colour
// scheme emulation reaches the page's media queries: the dark scheme's
// poor contrast is reported only in the dark. Each violation names its
// elements.
func TestAxeReportsViolationsAndSeesTheDarkScheme(t *testing.T) {
	tab := Phone(t)
	tab.Run(t, chromedp.Navigate("data:text/html,"+url.PathEscape(axePage)))
	tab.colorScheme(t, "light")
	light := ruleIDs(tab.axeViolations(t, nil, "light"))
	if !light["image-alt"] || light["color-contrast"] {
		t.Errorf("light scheme: violations %v; want image-alt and no color-contrast", light)
	}
	tab.colorScheme(t, "dark")
	vs := tab.axeViolations(t, nil, "dark")
	dark := ruleIDs(vs)
	if !dark["image-alt"] || !dark["color-contrast"] {
		t.Errorf("dark scheme: violations %v; want image-alt and color-contrast", dark)
	}
	// The first run names no elements (axeScript): the report must still.
	for _, v := range vs {
		if len(v.Nodes) == 0 || len(v.Nodes[0].Target) == 0 || v.Nodes[0].HTML == "" {
			t.Errorf("%s is reported without its elements' selector and HTML: %+v", v.ID, v.Nodes)
		}
	}
	ft := &fakeT{TB: t}
	Axe(ft, tab, "the test page")
	if !ft.failed {
		t.Error("Axe passed a page with violations")
	}
}

// lightAndDarkPage has a fault in either scheme that is not about colour
// (an image with no text), and two only in the dark, one for each colour
// rule: grey on near black, and a link no longer told apart from the text
// around it. Its dark scheme changes colours only, as the app's does.
const lightAndDarkPage = `<!doctype html><html lang="en"><head><title>t</title><meta name="color-scheme" content="light dark">
<style>body { color: #000; background: #fff } a { color: #1a7f37; text-decoration: none } .dim { color: #111 }
@media (prefers-color-scheme: dark) { body { color: #eee; background: #111 } a { color: #ddd } .dim { color: #333 } }</style>
</head><body><main><h1>A page</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<p class="dim">Readable in the light only</p>
<p>The text around <a href="#rules">a link</a> is longer than the link, so axe-core reads the link as one inside a block of text.</p></main></body></html>`

// AxeLightAndDark runs every rule in the light and the colour rules in the
// dark, so it still fails a page on its dark scheme's colours (both colour
// rules) and on a fault of any other kind (in the light), passes a page
// with neither, and leaves the tab in the scheme it found.
func TestAxeLightAndDarkChecksEveryRuleInTheLightAndTheColoursInTheDark(t *testing.T) {
	tab := Phone(t)
	tab.Run(t, chromedp.Navigate("data:text/html,"+url.PathEscape(lightAndDarkPage)))
	ft := &fakeT{TB: t}
	AxeLightAndDark(ft, tab, "the test page")
	var light, dark string
	for _, m := range ft.msgs {
		switch {
		case strings.HasPrefix(m, "the test page (light): "):
			light = m
		case strings.HasPrefix(m, "the test page (dark): "):
			dark = m
		default:
			t.Errorf("a report that names neither scheme: %s", m)
		}
	}
	for _, id := range []string{"image-alt"} {
		if !strings.Contains(light, "\n    "+id+" ") {
			t.Errorf("the light pass does not report %s:\n%s", id, light)
		}
	}
	for _, id := range []string{"color-contrast", "link-in-text-block"} {
		if strings.Contains(light, "\n    "+id+" ") {
			t.Errorf("the light pass reports %s, which the page breaks only in the dark:\n%s", id, light)
		}
		if !strings.Contains(dark, "\n    "+id+" ") {
			t.Errorf("the dark pass does not report %s:\n%s", id, dark)
		}
	}
	if strings.Contains(dark, "image-alt") {
		t.Errorf("the dark pass ran a rule that is not about colour (image-alt):\n%s", dark)
	}
	if prefersDark(t, tab) || tab.scheme != "" {
		t.Errorf("a tab told no scheme is left preferring dark %v, told %q", prefersDark(t, tab), tab.scheme)
	}

	tab.colorScheme(t, "dark")
	good := strings.NewReplacer(`<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">`, "", "#333", "#ccc", "text-decoration: none", "text-decoration: underline").Replace(lightAndDarkPage)
	tab.Run(t, chromedp.Navigate("data:text/html,"+url.PathEscape(good)))
	ok := &fakeT{TB: t}
	AxeLightAndDark(ok, tab, "the mended page")
	if ok.failed {
		t.Errorf("a page with no fault failed: %v", ok.msgs)
	}
	if !prefersDark(t, tab) || tab.scheme != "dark" {
		t.Errorf("a tab in the dark is left preferring dark %v, told %q", prefersDark(t, tab), tab.scheme)
	}
}

func prefersDark(t *testing.T, tab *Tab) bool {
	var dark bool
	tab.Run(t, chromedp.Evaluate(`matchMedia("(prefers-color-scheme: dark)").matches`, &dark))
	return dark
}

// A check told a scheme the page does not prefer fails: it never passes a
// page in the other scheme.
func TestAxeFailsInTheWrongScheme(t *testing.T) {
	tab := Phone(t)
	tab.Run(t, chromedp.Navigate("data:text/html,"+url.PathEscape(lightAndDarkPage)))
	tab.colorScheme(t, "dark")
	ft := &fakeT{TB: t}
	func() {
		defer func() { recover() }() // fakeT's Fatalf
		tab.axeViolations(ft, axeColourRules, "light")
	}()
	if !ft.failed || !strings.Contains(strings.Join(ft.msgs, ""), "does not prefer the light colour scheme") {
		t.Errorf("a check in the dark told to expect the light: failed %v, %v", ft.failed, ft.msgs)
	}
}

// The dark pass's rules are the vendored axe-core's enabled colour rules:
// a new axe-core that adds one fails here until the list has it.
func TestAxeColourRulesAreAxesColourCategory(t *testing.T) {
	tab := Phone(t)
	tab.Run(t, chromedp.Navigate("data:text/html,"+url.PathEscape(`<!doctype html><html lang="en"><title>t</title><main>m</main></html>`)))
	tab.axeViolations(t, axeColourRules, "") // injects axe-core
	var ids []string
	tab.Run(t, chromedp.Evaluate(`axe._audit.rules.filter(r => r.enabled !== false && r.tags.includes("cat.color")).map(r => r.id).sort()`, &ids))
	want := slices.Sorted(slices.Values(axeColourRules))
	if !slices.Equal(ids, want) {
		t.Errorf("axe-core's enabled colour rules are %v; the dark pass runs %v", ids, want)
	}
}

// The checks preload the media and not the CSSOM (axeScript): of the
// vendored axe-core's rules that want anything preloaded, the ones a check
// runs are no-autoplay-audio (it reads the media) and never
// css-orientation-lock (the CSSOM's one reader, experimental, so off). A
// new axe-core that runs another such rule fails here until axeScript
// preloads what it reads.
func TestAxePreloadsWhatItsRulesRead(t *testing.T) {
	tab := Phone(t)
	tab.Run(t, chromedp.Navigate("data:text/html,"+url.PathEscape(`<!doctype html><html lang="en"><title>t</title><main>m</main></html>`)))
	tab.axeViolations(t, axeColourRules, "") // injects axe-core
	var all []string
	tab.Run(t, chromedp.Evaluate(`axe._audit.rules.filter(r => r.preload).map(r => r.id).sort()`, &all))
	if !slices.Equal(all, []string{"css-orientation-lock", "no-autoplay-audio"}) {
		t.Errorf("axe-core's rules that want assets preloaded are %v; axeScript knows of css-orientation-lock (CSSOM) and no-autoplay-audio (media)", all)
	}
	for _, only := range [][]string{nil, axeColourRules} {
		var ran []string // every rule that ran is in one of the result's four lists
		tab.Run(t, chromedp.Evaluate(`(async () => {
			const r = await axe.run(document, `+axeOptions(only)+`);
			const ran = new Set([...r.passes, ...r.violations, ...r.incomplete, ...r.inapplicable].map(x => x.id));
			return axe._audit.rules.filter(x => x.preload && ran.has(x.id)).map(x => x.id).sort();
		})()`, &ran, AwaitPromise))
		if len(ran) > 0 && !slices.Equal(ran, []string{"no-autoplay-audio"}) {
			t.Errorf("a check of %v runs %v, which want assets preloaded; axeScript preloads the media only", only, ran)
		}
		if only == nil && len(ran) == 0 {
			t.Error("the check of every rule does not run no-autoplay-audio: is it still the media's reader?")
		}
	}
}

// fakeT records failures instead of failing the test.
type fakeT struct {
	testing.TB
	failed bool
	msgs   []string
}

func (f *fakeT) Errorf(format string, args ...any) {
	f.failed = true
	f.msgs = append(f.msgs, fmt.Sprintf(format, args...))
}
func (f *fakeT) Fatalf(format string, args ...any) {
	f.Errorf(format, args...)
	panic("fakeT.Fatalf")
}
func (f *fakeT) Helper() {}
