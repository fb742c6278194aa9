package testenv

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
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

// axeRun runs every axe-core rule on the whole document (WCAG A and AA and
// axe's best practices) and returns the violations as JSON. The first run
// builds no CSS selectors for the elements it reports (axe computes one for
// every result's elements, and most pages pass): only a page with
// violations is checked again, with the same rules, to name its elements
// (should that run find none, the first run's violations are reported).
// That cut about 5 % of the CPU of the a11y test's page set, in each of
// three alternating rounds (docs/performance.md, round 10).
const axeRun = `axe.run(document, {resultTypes: ["violations"], selectors: false}).then(r => r.violations.length === 0 ? "[]" :
	axe.run(document, {resultTypes: ["violations"]}).then(named => JSON.stringify(named.violations.length ? named.violations : r.violations)))`

// AxeViolations injects axe-core into the tab's current page (when it is
// not there yet) and returns every violation it finds, of every impact.
func (tab *Tab) AxeViolations(t testing.TB) []AxeViolation {
	t.Helper()
	var out string
	err := chromedp.Run(tab.Ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		var loaded bool
		if err := chromedp.Evaluate(`typeof axe === "object"`, &loaded).Do(ctx); err != nil {
			return fmt.Errorf("look for axe: %w", err)
		}
		if !loaded {
			_, exc, err := runtime.Evaluate(axeSource).Do(ctx)
			if err != nil {
				return fmt.Errorf("inject axe-core: %w", err)
			}
			if exc != nil {
				return fmt.Errorf("inject axe-core: %s", exc.Text)
			}
		}
		return chromedp.Evaluate(axeRun, &out, func(p *runtime.EvaluateParams) *runtime.EvaluateParams {
			return p.WithAwaitPromise(true)
		}).Do(ctx)
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
// its live update) has settled.
func Axe(t testing.TB, tab *Tab, page string) {
	t.Helper()
	vs := tab.AxeViolations(t)
	if len(vs) == 0 {
		return
	}
	lines := make([]string, len(vs))
	for i, v := range vs {
		lines[i] = v.String()
	}
	t.Errorf("%s: %d accessibility violations (axe-core):\n    %s", page, len(vs), strings.Join(lines, "\n    "))
}

// ColorScheme makes the tab's pages prefer a dark ("dark") or light
// ("light") colour scheme, as a phone's system setting would.
func (tab *Tab) ColorScheme(t testing.TB, scheme string) {
	t.Helper()
	tab.Run(t, emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}))
}
