package testenv

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// axeSource is axe-core (testdata/axe, MPL-2.0, vendored with its licence
// so that a clean clone checks accessibility with no download). It is
// injected into pages under test only: the server never serves it.
//
//go:embed testdata/axe/axe.min.js
var axeSource string

// AxeViolation is one rule axe-core found broken on a page, with the
// elements that break it.
type AxeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		HTML    string `json:"html"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// String names the rule, its impact and its first elements, enough to find
// them in a template.
func (v AxeViolation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s, %d elements): %s", v.ID, v.Impact, len(v.Nodes), v.Help)
	for i, n := range v.Nodes {
		if i == 3 {
			fmt.Fprintf(&b, "\n      and %d more", len(v.Nodes)-3)
			break
		}
		html := n.HTML
		if len(html) > 160 {
			html = html[:160] + "…"
		}
		fmt.Fprintf(&b, "\n      %v %s", n.Target, html)
		if s := strings.ReplaceAll(n.Summary, "\n", " "); s != "" {
			if len(s) > 240 {
				s = s[:240] + "…"
			}
			fmt.Fprintf(&b, "\n        %s", s)
		}
	}
	return b.String()
}

// axeColourRules are the axe-core rules whose results can depend on the
// page's colours: the enabled rules of axe's own colour category
// ("cat.color"; TestAxeColourRulesAreAxesColourCategory holds this list
// to the vendored axe-core's).
var axeColourRules = []string{"color-contrast", "link-in-text-block"}

// axeScript is the script that runs axe-core on the whole document and
// answers its violations as JSON, or "absent" when axe-core is not on the
// page. only names the rules to run (nil: every rule, WCAG A and AA and
// axe's best practices); scheme, when set, is the colour scheme the page
// must prefer ("light" or "dark"), so a check never passes in the wrong
// one.
//
// The first run builds no CSS selectors for the elements it reports (axe
// computes one for every result's elements, and most pages pass): only a
// page with violations is checked again, with the same rules, to name its
// elements (should that run find none, the first run's violations are
// reported). That cut about 5 % of the CPU of the a11y test's page set, in
// each of three alternating rounds (docs/performance.md, round 10).
//
// Every run preloads only the media (for no-autoplay-audio), not the
// CSSOM: axe-core copies every stylesheet into a document of its own on
// each run, by default, for the one rule that reads them,
// css-orientation-lock, which is experimental and so never runs
// (TestAxePreloadsWhatItsRulesRead holds this to the vendored
// axe-core).
func axeScript(only []string, scheme string) string {
	opts := axeOptions(only)
	check := ""
	if scheme != "" {
		check = fmt.Sprintf(`if (matchMedia("(prefers-color-scheme: dark)").matches !== %t) throw new Error("the page does not prefer the %s colour scheme");`, scheme == "dark", scheme)
	}
	return fmt.Sprintf(`(async () => {
	if (typeof axe !== "object") return "absent";
	%s
	const r = await axe.run(document, Object.assign(%s, {selectors: false}));
	if (r.violations.length === 0) return "[]";
	const named = await axe.run(document, %s);
	return JSON.stringify(named.violations.length ? named.violations : r.violations);
})()`, check, opts, opts)
}

// axeOptions are axe.run's options for the rules named in only (nil:
// every rule).
func axeOptions(only []string) string {
	if only == nil {
		return `{resultTypes: ["violations"], preload: {assets: ["media"]}}`
	}
	ids, _ := json.Marshal(only)
	return fmt.Sprintf(`{resultTypes: ["violations"], preload: {assets: ["media"]}, runOnly: {type: "rule", values: %s}}`, ids)
}

// axeViolations runs axe-core's rules named in only (nil: every rule) on
// the tab's current page, in the colour scheme it prefers (scheme, when
// not ""), injecting axe-core first when the page does not have it, and
// returns every violation, of every impact. A page that has axe-core costs
// one round trip; one that has not, two: the script is sent only then.
func (tab *Tab) axeViolations(t testing.TB, only []string, scheme string) []AxeViolation {
	t.Helper()
	run := axeScript(only, scheme)
	var out string
	err := chromedp.Run(tab.Ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		if err := chromedp.Evaluate(run, &out, AwaitPromise).Do(ctx); err != nil {
			return fmt.Errorf("run: %w", err)
		}
		if out != "absent" {
			return nil
		}
		if err := chromedp.Evaluate(axeSource+"\n;"+run, &out, AwaitPromise).Do(ctx); err != nil {
			return fmt.Errorf("inject and run: %w", err)
		}
		return nil
	}))
	if err != nil {
		t.Fatalf("axe-core: %v", err)
	}
	var vs []AxeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatalf("axe-core's answer: %v in %.200s", err, out)
	}
	return vs
}

// Axe fails the test when axe-core finds any violation, of any impact, on
// the tab's current page, naming the page, each rule and its elements.
// Every page a person can open should pass it: call it after the page (and
// its live update) has settled. It checks the page in the scheme the tab
// is in (light unless told otherwise): AxeLightAndDark checks both.
func Axe(t testing.TB, tab *Tab, page string) {
	t.Helper()
	axeReport(t, page, tab.axeViolations(t, nil, ""))
}

// AxeLightAndDark is Axe in the light and the dark colour scheme: every
// rule in the light, and in the dark only the rules whose results can
// depend on colour (axeColourRules). The dark scheme changes colours and
// nothing else: its blocks in assets/static/*.css set colour custom
// properties and colours only, every use of those properties is a colour
// (color, background, border and outline colours, fill, stroke), and no
// script reads the scheme (assets.TestTheDarkSchemeChangesColoursOnly
// holds the stylesheets and scripts to it). So every other rule would only
// repeat the light run's answer. The tab is left in the scheme it was in (a tab told
// none is in the light: the light run fails if it is not).
func AxeLightAndDark(t testing.TB, tab *Tab, page string) {
	t.Helper()
	was := tab.scheme
	if was == "dark" {
		tab.colorScheme(t, "light")
	}
	axeReport(t, page+" (light)", tab.axeViolations(t, nil, "light"))
	tab.colorScheme(t, "dark")
	axeReport(t, page+" (dark)", tab.axeViolations(t, axeColourRules, "dark"))
	if was != "dark" {
		tab.colorScheme(t, was)
	}
}

// axeReport fails the test when vs is not empty, naming the page, each rule
// and its elements.
func axeReport(t testing.TB, page string, vs []AxeViolation) {
	t.Helper()
	if len(vs) == 0 {
		return
	}
	lines := make([]string, len(vs))
	for i, v := range vs {
		lines[i] = v.String()
	}
	t.Errorf("%s: %d accessibility violations (axe-core):\n    %s", page, len(vs), strings.Join(lines, "\n    "))
}

// colorScheme makes the tab's pages prefer a dark ("dark") or light
// ("light") colour scheme, as a phone's system setting would, or ("") the
// browser's own again.
func (tab *Tab) colorScheme(t testing.TB, scheme string) {
	t.Helper()
	var features []*emulation.MediaFeature
	if scheme != "" {
		features = []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}
	}
	tab.Run(t, emulation.SetEmulatedMedia().WithFeatures(features))
	tab.scheme = scheme
}
