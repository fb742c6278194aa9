package web_test

import (
	"fmt"
)

// firstScreenJS measures the step a phone's sheet is at as a thumb meets
// it: every everyday move of the step (each button of the sheet's current
// step not inside a closed fold; for a list chosen on the map, its fold's
// summary and the map) and where it sits on the screen. It
// answers the step's key (the sheet's step and its words), the screen's
// height, how far the page is scrolled, and each button as
// "id top..bottom".
const firstScreenJS = `(() => {
  const sheet = document.querySelector("#turn #sheet");
  if (!sheet) return {key: "", h: innerHeight, y: scrollY, moves: []};
  const step = sheet.getAttribute("data-step");
  const card = sheet.closest(".card");
  const words = card && card.querySelector(".big-msg") ? card.querySelector(".big-msg").textContent : "";
  const box = sheet.querySelector('.sheet-step[data-step="' + step + '"]') || sheet.querySelector(".sheet-step");
  const moves = box ? [...box.querySelectorAll("form[data-move] button:not(.step-by)")]
    // A "More" fold holds rare moves, open or shut: a phone that opened it
    // for one move keeps it open across frames, and that is not a scroll.
    .filter(b => b.offsetParent !== null && !b.closest("details:not([open]), details.sheet-more:not([data-map])"))
    .map(b => {
      const r = b.getBoundingClientRect();
      const id = ([...b.classList].find(c => c.startsWith("choice-")) || "choice-?").slice(7);
      return {id: id, top: Math.round(r.top), bottom: Math.round(r.bottom)};
    }) : [];
  // A step chosen on the map (engine.Move.Map): its list is a fold, and
  // its everyday controls are that fold's summary, inside the first
  // screen, and the map, which must begin there (its top edge).
  const mapFold = box && box.querySelector("details[data-map]:not([open])");
  let above;
  const frame = mapFold && document.querySelector(".cq-map-wrap, .cc-map-wrap");
  if (frame) {
    const s = mapFold.querySelector("summary").getBoundingClientRect(), r = frame.getBoundingClientRect();
    moves.push({id: "fold " + mapFold.dataset.fold, top: Math.round(s.top), bottom: Math.round(s.bottom)},
      {id: "the map", top: Math.round(r.top), bottom: Math.round(r.top)});
    // What stands above the map, block by block, for a failure to name.
    above = [...document.querySelectorAll(".gamebar-main > *, #turn > *, #turn .card > *, #sheet > *, .sheet-step > *, #live > *, .cq-layout > *, .cq-board > *")]
      .filter(e => { const b = e.getBoundingClientRect(); return b.height > 0 && b.bottom <= r.top + 1 && !e.contains(frame); })
      .map(e => (e.id ? "#" + e.id : e.tagName.toLowerCase() + "." + [...e.classList].join(".")) + " " + Math.round(e.getBoundingClientRect().height));
  }
  return {key: step + "|" + words, h: innerHeight, y: Math.round(scrollY), moves: moves, above: above || []};
})()`

type firstScreen struct {
	Key   string `json:"key"`
	H     int    `json:"h"`
	Y     int    `json:"y"`
	Moves []struct {
		ID     string `json:"id"`
		Top    int    `json:"top"`
		Bottom int    `json:"bottom"`
	} `json:"moves"`
	Above []string `json:"above"` // the blocks above the map and their heights
}

// outside lists the moves not wholly on the screen, with their positions.
func (f firstScreen) outside() []string {
	var out []string
	for _, m := range f.Moves {
		if m.Top < 0 || m.Bottom > f.H {
			out = append(out, fmt.Sprintf("%s at y %d..%d", m.ID, m.Top, m.Bottom))
		}
	}
	return out
}

// plainSheetPick chooses the move a plain player taps among those drawn on
// the sheet's current step, and answers its id: agree to a merger, keep
// the shares, defend with 2, play a card, found, absorb, leave, merge, buy
// the most of the first company on offer, take a card, pay dividends.
const plainSheetPick = `(() => {
  const ids = [...document.querySelectorAll("#turn #sheet form[data-move] button:not(.step-by)")]
    .filter(b => !b.closest("details"))
    .map(b => ([...b.classList].find(c => c.startsWith("choice-")) || "").slice(7)).filter(id => id);
  const first = p => ids.find(id => id.startsWith(p));
  let pick = first("consent-") || first("keep") || first("defend-2") || first("place-") || first("found-") || first("absorb-") ||
    first("leave") || first("merge-") || first("buy-") || first("draw") || first("dividends-") || first("hire-") || first("skip-") || "";
  if (pick.startsWith("buy-")) {
    const co = pick.split("-")[1];
    pick = first("buy-" + co + "-3") || first("buy-" + co + "-2") || pick;
  }
  return pick;
})()`
