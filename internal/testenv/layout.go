package testenv

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// LayoutProblemsJS measures the page as a person would meet it: anything
// wider than the screen (a page that scrolls sideways) and any control a
// thumb must hit that is smaller than 44 px. Links inside running text
// are not tap targets of their own and are left out, as are hidden ones.
// It evaluates to a list of problems, empty when there are none.
const LayoutProblemsJS = `(() => {
  const out = [];
  const w = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > w + 1) {
    let widest = [];
    document.querySelectorAll("body *").forEach(e => {
      const r = e.getBoundingClientRect();
      if (r.right > w + 1 && r.width > 0) widest.push(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + e.className.trim().split(/\s+/).join(".") : "") + " right=" + Math.round(r.right));
    });
    out.push("scrolls sideways: " + document.documentElement.scrollWidth + " > " + w + " px; " + widest.slice(0, 6).join(", "));
  }
  document.querySelectorAll("button, select, input:not([type=hidden]), textarea, summary, a.button, nav a, svg a").forEach(e => {
    // A box or a radio is tapped through its label.
    const lab = /^(checkbox|radio)$/.test(e.type) ? e.closest("label") : null;
    const r = (lab || e).getBoundingClientRect();
    const st = getComputedStyle(e);
    if (r.width === 0 || r.height === 0 || st.visibility === "hidden") return;
    if (e.closest("details:not([open])") && e.tagName !== "SUMMARY") return;
    const min = e.closest("svg") ? 28 : 44; // a map's territory is tapped in a zoomable map
    if (r.height < min - 0.5 || r.width < min - 0.5) {
      const label = (e.getAttribute("aria-label") || e.textContent || e.name || "").trim().slice(0, 30);
      out.push("small tap target " + e.tagName.toLowerCase() + " " + JSON.stringify(label) + " " + Math.round(r.width) + "x" + Math.round(r.height));
    }
  });
  return out;
})()`

// LayoutProblems lists what LayoutProblemsJS finds on the tab's page.
func (tab *Tab) LayoutProblems(t testing.TB) []string {
	t.Helper()
	var problems []string
	tab.Run(t, chromedp.Evaluate(LayoutProblemsJS, &problems))
	return problems
}
