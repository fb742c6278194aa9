// RISK-family boards: a tap on a territory the move sheet has no move for
// (sheet.js narrows the sheet otherwise) chooses it in the one form left,
// the attack with typed real dice (from, then to). The form works without
// this; it only saves scrolling through the lists.
(function () {
  "use strict";
  var filled = [];

  function selectsWith(id) {
    var out = [];
    document.querySelectorAll("#live select.pick").forEach(function (s) {
      if (s.offsetParent === null && !s.closest("details")) return;
      for (var i = 0; i < s.options.length; i++) {
        if (s.options[i].value === id) { out.push(s); break; }
      }
    });
    return out;
  }

  function pick(g) {
    var id = g.getAttribute("data-territory");
    var sels = selectsWith(id);
    if (!sels.length) return;
    var target = null;
    for (var i = 0; i < sels.length; i++) {
      if (filled.indexOf(sels[i]) < 0) { target = sels[i]; break; }
    }
    if (!target) { filled = []; target = sels[0]; }
    target.value = id;
    filled.push(target);
    document.querySelectorAll(".cq-spot.cq-picked").forEach(function (x) { x.classList.remove("cq-picked"); });
    g.classList.add("cq-picked");
    say(target);
  }

  // say tells, under the map, what the tap chose and for which field, so a
  // phone whose form is further down sees that the tap worked.
  function say(sel) {
    var note = document.querySelector("#live .cq-pick-note");
    if (!note) return;
    var label = sel.closest("label");
    var field = label && label.firstChild ? label.firstChild.textContent.trim() : "";
    var chosen = sel.options[sel.selectedIndex] ? sel.options[sel.selectedIndex].textContent : "";
    var form = sel.closest("form");
    var button = form && form.querySelector("button.primary");
    note.textContent = (field ? field + ": " : "") + chosen + (button ? " (then " + button.textContent.trim() + ")" : "");
    note.hidden = false;
  }

  document.addEventListener("click", function (ev) {
    var g = ev.target.closest && ev.target.closest(".cq-spot");
    if (g) pick(g);
  });
  document.addEventListener("keydown", function (ev) {
    if ((ev.key === "Enter" || ev.key === " ") && ev.target.classList && ev.target.classList.contains("cq-spot")) {
      ev.preventDefault();
      pick(ev.target);
    }
  });
  // A live update may redraw the form (its picks gone) or keep it as it
  // was (app.js draw: a kept part), and may keep the map: the map's mark
  // of the last pick goes either way, and the next tap fills "from" again.
  document.addEventListener("tableside:updated", function () {
    filled = [];
    document.querySelectorAll(".cq-spot.cq-picked").forEach(function (x) { x.classList.remove("cq-picked"); });
  });
})();
