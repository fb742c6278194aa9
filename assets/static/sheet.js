// The move sheet (templates/partials/move_sheet.html): a tap on a move sends
// it with fetch, so the page never reloads or jumps; the sheet and every
// other screen then change through the live stream (app.js). A refusal
// shows as a toast under the tapped move, until the next change. A tap on
// a territory of the map narrows the sheet to the moves that concern it.
// Without JavaScript every move is a plain form.
(function () {
  "use strict";

  var busy = false;
  var tappedAt = 0; // when this screen last sent a move: only its own tap brings the next step into view
  var filter = null; // the map's territory the sheet is narrowed to: {keys, name, step}

  function newKey() {
    var b = new Uint8Array(16);
    window.crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return ("0" + x.toString(16)).slice(-2); }).join("");
  }

  // commandOf reads a move's form as typed JSON, as web/form reads it
  // without JavaScript: its type, its data, its numbers (d.NAME) as
  // numbers and its text (t.NAME) as text; a field left blank is not sent.
  function commandOf(form) {
    var data = {};
    var raw = form.querySelector("input[name=data]");
    if (raw && raw.value) data = JSON.parse(raw.value);
    form.querySelectorAll("input[name^='d.'], input[name^='t.']").forEach(function (f) {
      if (f.type === "checkbox") { if (f.checked) data[f.name.slice(2)] = true; return; } // an option a pick ticks
      if (!f.value.trim()) return;
      if (f.name.indexOf("t.") === 0) { data[f.name.slice(2)] = f.value; return; } // a few words (a score's note)
      var n = Number(f.value);
      data[f.name.slice(2)] = isNaN(n) ? f.value : n; // the engine names a value that is not a whole number
    });
    return { type: form.querySelector("input[name=type]").value, data: data, idem: newKey() };
  }

  function clearToasts() {
    document.querySelectorAll(".sheet-toast").forEach(function (t) { t.remove(); });
  }

  // toast shows a refusal right under the move that was tapped.
  function toast(form, text, rule) {
    clearToasts();
    var p = document.createElement("p");
    p.className = "toast sheet-toast";
    p.setAttribute("role", "alert");
    p.textContent = text;
    if (rule) p.setAttribute("data-rule", rule); // teach.js adds its "why?"
    form.insertAdjacentElement("afterend", p);
  }

  function setBusy(sheet, on) {
    busy = on;
    if (!sheet) return;
    sheet.classList.toggle("is-busy", on);
    sheet.querySelectorAll("form[data-move] button:not(.step-by)").forEach(function (b) { b.disabled = on; });
  }

  function send(form) {
    if (busy) return; // a double tap sends once
    var sheet = form.closest("[data-sheet]");
    var cmd;
    try { cmd = commandOf(form); } catch (e) { toast(form, "This move could not be read: reload the page."); return; }
    setBusy(sheet, true);
    tappedAt = Date.now();
    clearToasts();
    // A live frame's moves are bare: they post where their sheet says.
    fetch(form.getAttribute("action") || (sheet && sheet.getAttribute("data-post")), {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify(cmd)
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (body) {
        if (!r.ok) {
          setBusy(sheet, false);
          toast(form, body.error || "The laptop refused this move (" + r.status + ").", body.rule);
          return;
        }
        // The live stream brings the new sheet; until it lands the old one
        // stays disabled. Should it never come, the sheet wakes again.
        setTimeout(function () { if (document.contains(form)) setBusy(sheet, false); }, 8000);
      });
    }).catch(function () {
      setBusy(sheet, false);
      toast(form, "The laptop did not answer: check the Wi-Fi and tap again.");
    });
  }

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.matches || !form.matches("form[data-move]")) return;
    ev.preventDefault();
    ev.stopImmediatePropagation();
    send(form);
  }, true);

  // Steppers: a move's number is a number field; its − and + buttons are
  // put beside it here (a live frame does not carry them, nor a bare
  // number's label), one tap per step, kept within the move's own limits.
  function stepButton(input, label, by) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "secondary step-by";
    b.setAttribute("data-by", String(by));
    b.setAttribute("aria-label", label + (by < 0 ? ": one less" : ": one more"));
    b.textContent = by < 0 ? "\u2212" : "+";
    return b;
  }

  function armSteppers(root) {
    (root || document).querySelectorAll("form[data-move] .stepper").forEach(function (st) {
      if (st.querySelector(".step-by")) return;
      var input = st.querySelector("input"), name = st.querySelector(".stepper-label");
      if (!input) return;
      var label = name ? name.textContent.trim() : "";
      if (!input.hasAttribute("aria-label")) input.setAttribute("aria-label", label + " (" + input.min + " to " + input.max + ")"); // a bare move's
      st.insertBefore(stepButton(input, label, -1), input);
      st.insertBefore(stepButton(input, label, 1), input.nextSibling);
    });
  }
  // Whatever draws a sheet (the page, a live frame, an opened fold, the
  // laptop's hand) gets its buttons at once.
  new MutationObserver(function () { armSteppers(document); }).observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", function () { armSteppers(document); });

  // Steppers: one tap per step, kept within the move's own limits.
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("form[data-move] .step-by");
    if (!b) return;
    ev.preventDefault();
    var input = b.parentNode.querySelector("input");
    var v = (parseInt(input.value, 10) || 0) + parseInt(b.getAttribute("data-by"), 10);
    var lo = parseInt(input.min, 10), hi = parseInt(input.max, 10);
    if (!isNaN(lo)) v = Math.max(lo, v);
    if (!isNaN(hi)) v = Math.min(hi, v);
    input.value = v;
  });

  // keysOf are the names a map's territory answers to: its id and its name.
  function keysOf(el) {
    var out = [];
    ["data-territory", "data-id", "data-name"].forEach(function (a) {
      var v = el.getAttribute(a);
      if (!v) return;
      v = v.trim().toLowerCase();
      out.push(v, v.replace(/\s+/g, "-")); // "north africa" and "north-africa"
    });
    return out;
  }

  function nameOf(el) {
    return el.getAttribute("data-name") || el.getAttribute("aria-label") || el.getAttribute("data-territory") || el.getAttribute("data-id");
  }

  // stepOf names the sheet's step and its groups: when it changes (a
  // conquest's move-in, the next step after placing) the old territory's
  // narrowing no longer fits, so the whole sheet comes back.
  function stepOf() {
    var sheet = document.querySelector("[data-sheet]");
    if (!sheet) return "";
    var out = [sheet.getAttribute("data-step") || ""];
    sheet.querySelectorAll(".sheet-step").forEach(function (s) { out.push(s.getAttribute("data-step") || ""); });
    return out.join("|");
  }

  function concerns(form, keys) {
    var places = form.getAttribute("data-places") || "";
    for (var i = 0; i < keys.length; i++) {
      if (places.indexOf("|" + keys[i] + "|") >= 0) return true;
    }
    return false;
  }

  // narrow shows only the moves that concern the filter; false when none
  // does (the sheet then stays whole). A fold whose moves are not drawn yet
  // (data-lazy) says what they concern (data-places): one that concerns
  // the filter is opened, which fetches its moves, and narrowed again then.
  function narrow() {
    var sheet = document.querySelector("[data-sheet]");
    if (!sheet || !filter) return false;
    var forms = sheet.querySelectorAll("form[data-move]");
    var hits = 0, waiting = [];
    forms.forEach(function (f) { if (concerns(f, filter.keys)) hits++; });
    sheet.querySelectorAll("details.sheet-more[data-lazy]").forEach(function (d) { if (concerns(d, filter.keys)) waiting.push(d); });
    if (!hits && !waiting.length) return false;
    forms.forEach(function (f) { f.hidden = !concerns(f, filter.keys); });
    sheet.querySelectorAll("details.sheet-more").forEach(function (d) {
      d.hidden = !d.querySelector("form[data-move]:not([hidden])") && waiting.indexOf(d) < 0;
      if (!d.hidden) d.open = true;
    });
    sheet.querySelectorAll(".sheet-step").forEach(function (s) {
      s.hidden = !s.querySelector("form[data-move]:not([hidden]), details.sheet-more:not([hidden])");
    });
    var line = sheet.querySelector(".sheet-filter");
    line.querySelector(".sheet-filter-text").textContent = (waiting.length ? "Moves" : hits + (hits === 1 ? " move" : " moves")) + " for " + filter.name;
    line.hidden = false;
    return true;
  }

  // Folds: a live frame draws each fold of the sheet as its summary alone
  // (data-lazy); opening it fetches its moves, this screen's own
  // (GET /games/N/moves, found in this viewer's sheet as the frame was).
  // A fold the player opened stays open across live updates: the new
  // sheet's fold of the same step and name is opened again, and fetched.
  var openFolds = {};

  function foldKey(d) {
    var step = d.closest(".sheet-step");
    return (step ? step.getAttribute("data-step") : "") + "|" + d.getAttribute("data-fold");
  }

  function loadFold(d) {
    if (!d.hasAttribute("data-lazy") || d.hasAttribute("data-loading")) return;
    var sheet = d.closest("[data-sheet]"), step = d.closest(".sheet-step"), box = d.querySelector(".choices");
    if (!sheet || !step) return;
    if (!box) {
      box = document.createElement("div");
      box.className = "choices";
      d.appendChild(box);
    }
    var url = sheet.getAttribute("data-folds") + "?step=" + encodeURIComponent(step.getAttribute("data-step") || "") +
      "&fold=" + encodeURIComponent(d.getAttribute("data-fold") || "");
    d.setAttribute("data-loading", "");
    var say = function (text) {
      var p = document.createElement("p");
      p.className = "muted";
      p.textContent = text;
      box.replaceChildren(p);
    };
    fetch(url, { credentials: "same-origin", headers: { "Accept": "text/html" } }).then(function (r) {
      return r.text().then(function (html) {
        d.removeAttribute("data-loading");
        if (!document.contains(d)) return; // a newer sheet came meanwhile: it fetches its own
        if (!r.ok) { say("These moves are gone: the game has moved on."); return; }
        box.innerHTML = html;
        d.removeAttribute("data-lazy");
        if (busy) box.querySelectorAll("form[data-move] button").forEach(function (b) { b.disabled = true; });
        if (filter) narrow();
      });
    }).catch(function () {
      d.removeAttribute("data-loading");
      if (document.contains(d)) say("The laptop did not answer: close this and open it again.");
    });
  }

  // toggle does not bubble: it is heard on its way down.
  document.addEventListener("toggle", function (ev) {
    var d = ev.target;
    if (!d.matches || !d.matches("[data-sheet] details.sheet-more[data-fold]:not([data-map])")) return;
    if (d.open) {
      openFolds[foldKey(d)] = true;
      loadFold(d);
    } else {
      delete openFolds[foldKey(d)];
    }
  }, true);

  function reopenFolds() {
    document.querySelectorAll("[data-sheet] details.sheet-more[data-fold]").forEach(function (d) {
      if (openFolds[foldKey(d)] && !d.open) d.open = true; // its toggle fetches it
    });
  }

  // A step's moves chosen on the map (one per territory) fold where the
  // map is not beside the sheet (a phone's one column): the step's own
  // moves and the map stay in the first screen, and a tap on the map
  // opens the fold on the territory tapped (narrow). Elsewhere, and
  // without JavaScript, the list stays open.
  var oneColumn = window.matchMedia("(max-width: 899px)");

  function foldMapLists() {
    if (!oneColumn.matches) return;
    document.querySelectorAll("[data-sheet] details[data-map][open]").forEach(function (d) { d.open = false; });
  }
  document.addEventListener("DOMContentLoaded", foldMapLists);

  function showAll() {
    filter = null;
    foldMapLists();
    var sheet = document.querySelector("[data-sheet]");
    if (!sheet) return;
    sheet.querySelectorAll("[hidden]").forEach(function (x) {
      if (!x.classList.contains("sheet-filter")) x.hidden = false;
    });
    sheet.querySelector(".sheet-filter").hidden = true;
    document.querySelectorAll(".sheet-picked").forEach(function (x) { x.classList.remove("sheet-picked"); });
  }

  // A tap on a territory (the RISK-family spots, the Cold Cash Risk tiles)
  // narrows the sheet when some move concerns it; otherwise the map does
  // what it did before (selects it in place).
  document.addEventListener("click", function (ev) {
    if (ev.target.closest && ev.target.closest(".sheet-all")) { ev.preventDefault(); showAll(); return; }
    var t = ev.target.closest && ev.target.closest("#live [data-territory], #live .terr[data-id]");
    if (!t || !document.querySelector("[data-sheet]")) return;
    var was = filter;
    filter = { keys: keysOf(t), name: nameOf(t), step: stepOf() };
    if (!narrow()) { filter = was; return; }
    ev.preventDefault();
    ev.stopImmediatePropagation();
    document.querySelectorAll(".sheet-picked").forEach(function (x) { x.classList.remove("sheet-picked"); });
    t.classList.add("sheet-picked");
    var sheet = document.querySelector("[data-sheet]");
    var r = sheet.getBoundingClientRect();
    if (r.top < 0 || r.top > window.innerHeight - 60) {
      if (window.tablesideScrolled) window.tablesideScrolled();
      sheet.scrollIntoView({ block: "start" });
    }
  }, true);

  // The map opens centred on what the step concerns: mapzoom.js.

  // After a change of step (a tap on the map that placed a card, the merger
  // that follows), the new step's first move comes into view when it is
  // off the screen: its card's top at the top of the screen. A sheet with
  // nothing to do in the table's step (hiding shares while others play)
  // never moves the page.
  var seenStep = null;

  function stepKey() {
    var sheet = document.querySelector("[data-sheet]");
    if (!sheet) return "";
    var card = sheet.closest(".card"), words = card && card.querySelector(".big-msg");
    return stepOf() + "|" + (words ? words.textContent : "");
  }

  function bringStepIntoView() {
    var key = stepKey(), was = seenStep;
    seenStep = key;
    if (was === null || key === was || Date.now() - tappedAt > 15000) return;
    var sheet = document.querySelector("[data-sheet]");
    var step = sheet && sheet.querySelector('.sheet-step[data-step="' + sheet.getAttribute("data-step") + '"]');
    var first = step && step.querySelector("form[data-move]:not([hidden]) button:not(.step-by)");
    if (!first) return;
    var r = first.getBoundingClientRect();
    if (r.top >= 0 && r.bottom <= window.innerHeight) return;
    if (window.tablesideScrolled) window.tablesideScrolled();
    (sheet.closest(".card") || sheet).scrollIntoView({ block: "start" });
  }
  document.addEventListener("DOMContentLoaded", function () { seenStep = stepKey(); });

  // A new sheet (a live update of the turn bar) keeps the map's narrowing
  // while the step stays and it still applies, and is ready for the next tap.
  document.addEventListener("tableside:view", function () {
    busy = false;
    reopenFolds();
    foldMapLists();
    if (filter && (filter.step !== stepOf() || !narrow())) showAll();
    // Measured once the frame's live region is drawn too (app.js draws
    // it in the same task): the page is laid out once for both.
    Promise.resolve().then(bringStepIntoView);
  });
})();
