package testenv

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// LayoutProblemsJS measures the page as a person would meet it: anything
// wider than the screen (a page that scrolls sideways) and any control a
// thumb must hit that is smaller than 44 px, a map's territories included
// (at the map's working zoom). Links inside running text
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
  document.querySelectorAll("button, select, input:not([type=hidden]), textarea, summary, a.button, nav a, svg a:not(.terr)").forEach(e => {
    // A box or a radio is tapped through its label.
    const lab = /^(checkbox|radio)$/.test(e.type) ? e.closest("label") : null;
    const r = (lab || e).getBoundingClientRect();
    const st = getComputedStyle(e);
    if (r.width === 0 || r.height === 0 || st.visibility === "hidden") return;
    if (e.closest("details:not([open])") && e.tagName !== "SUMMARY") return;
    if (r.height < 43.5 || r.width < 43.5) {
      const label = (e.getAttribute("aria-label") || e.textContent || e.name || "").trim().slice(0, 30);
      out.push("small tap target " + e.tagName.toLowerCase() + " " + JSON.stringify(label) + " " + Math.round(r.width) + "x" + Math.round(r.height));
    }
  });
  // A map's territory is tapped on its tap area, as the map opens (at its
  // working zoom, mapzoom.js): 44 px on a touch screen; a mouse points
  // finer, so a laptop's whole map is held to 28.
  const least = navigator.maxTouchPoints > 0 ? 43.5 : 27.5;
  document.querySelectorAll("svg [data-territory], svg a.terr").forEach(e => {
    const r = (e.querySelector(".cq-hit, .cq-tile, .tile") || e).getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return;
    if (r.height < least || r.width < least) {
      out.push("small map territory " + JSON.stringify((e.getAttribute("data-name") || "").slice(0, 30)) + " " + Math.round(r.width) + "x" + Math.round(r.height));
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
