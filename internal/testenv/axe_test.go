package testenv

import (
	"net/url"
	"os"
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
	tab.ColorScheme(t, "light")
	light := ruleIDs(tab.AxeViolations(t))
	if !light["image-alt"] || light["color-contrast"] {
		t.Errorf("light scheme: violations %v; want image-alt and no color-contrast", light)
	}
	tab.ColorScheme(t, "dark")
	vs := tab.AxeViolations(t)
	dark := ruleIDs(vs)
	if !dark["image-alt"] || !dark["color-contrast"] {
		t.Errorf("dark scheme: violations %v; want image-alt and color-contrast", dark)
	}
	// The first run names no elements (axeRun): the report must still.
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

// fakeT records a failure instead of failing the test.
type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Errorf(string, ...any) { f.failed = true }
func (f *fakeT) Helper()               {}
