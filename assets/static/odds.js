// The odds page answers as the player types: every change asks /api/odds
// (the same engine and parser as the form) and redraws the answer. Without
// this script the form still answers, one submit at a time.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";

  function $(id) { return document.getElementById(id); }

  function setText(id, text) {
    var el = $(id);
    if (!el) return;
    el.textContent = text || "";
    el.hidden = !text;
  }

  function setList(id, items) {
    var el = $(id);
    if (!el) return;
    el.textContent = "";
    (items || []).forEach(function (t) {
      var li = document.createElement("li");
      li.textContent = t;
      el.appendChild(li);
    });
    el.hidden = !items || items.length === 0;
  }

  // drawChart draws the answer's chart as the page does (template
  // "odds-bars"): the axis, each bar with its kind, its label where there
  // is room, and the line where the attacker's wins begin.
  function drawChart(c) {
    var svg = $("odds-svg"), g = $("odds-bars");
    svg.setAttribute("viewBox", "0 0 " + c.width + " " + c.height);
    while (g.firstChild) g.removeChild(g.firstChild);
    function el(name, attrs, text) {
      var e = document.createElementNS(SVG, name);
      Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
      if (text !== undefined) e.textContent = text;
      g.appendChild(e);
      return e;
    }
    el("line", { x1: 30, y1: 16, x2: c.width, y2: 16, "class": "axis-top" });
    el("text", { x: 27, y: 20, "class": "axis-label" }, c.top);
    el("text", { x: 27, y: c.height, "class": "axis-label" }, "0%");
    (c.bars || []).forEach(function (b) {
      var r = el("rect", { x: b.x, y: b.y, width: b.w, height: b.h, "class": b.kind });
      var t = document.createElementNS(SVG, "title");
      t.textContent = b.title;
      r.appendChild(t);
      if (b.label) el("text", { x: b.lx, y: b.ly, transform: "rotate(-90 " + b.lx + " " + b.ly + ")", "class": "bar-label" }, b.label);
    });
    if (c.split >= 0) el("line", { x1: c.split, x2: c.split, y1: 0, y2: c.height, "class": "split" });
    $("odds-from").textContent = "◀ " + c.from;
    $("odds-to").textContent = c.to + " ▶";
    setList("odds-endings", c.endings);
    setText("odds-hidden", c.hidden);
  }

  // showPlan shows the planner's answer, or why there is none.
  function showPlan(p, why) {
    var box = $("odds-plan");
    box.classList.remove("stale");
    box.hidden = !p && !why;
    setText("odds-plan-error", why);
    $("odds-plan-body").hidden = !p;
    if (!p) return;
    $("odds-need").textContent = p.need;
    setText("odds-plan-need", p.text.need);
    setText("odds-plan-sure", p.text.sure);
    setText("odds-plan-home", p.text.home);
    setList("odds-plan-steps", p.text.steps);
    setList("odds-plan-inlast", p.text.inLast);
  }

  function show(a) {
    showPlan(a.plan, a.planError);
    $("odds-error").hidden = true;
    var res = $("odds-result");
    if (!a.text || !a.text.win) { res.hidden = true; return; } // the plan alone
    var t = a.text;
    setText("odds-title", t.title);
    $("odds-win").textContent = t.win;
    $("odds-ifwin-n").textContent = t.ifWin;
    $("odds-ifwin").hidden = !t.ifWin;
    $("odds-losses").textContent = t.losses;
    $("odds-kept").textContent = t.kept;
    setText("odds-stoprule", t.stopRule);
    setText("odds-bycount", t.byCount);
    setText("odds-momp", t.momPopWay);
    setList("odds-steps", t.steps);
    setList("odds-rules", t.rules);
    drawChart(a.chart);
    setText("odds-pick", "");
    $("odds-error").hidden = true;
    var res = $("odds-result");
    res.hidden = false;
    res.classList.remove("stale");
  }

  function refuse(msg) {
    var e = $("odds-error");
    e.textContent = msg;
    e.hidden = false;
    $("odds-result").classList.add("stale");
    $("odds-plan").classList.add("stale");
  }

  document.addEventListener("DOMContentLoaded", function () {
    var form = $("odds-form");
    if (!form) return;
    var timer = null, asked = 0;
    var mompop = $("odds-mompop"), def = $("odds-d");

    function query() {
      var p = new URLSearchParams();
      new FormData(form).forEach(function (v, k) { if (v !== "" || k === "plan") p.append(k, v); });
      return p;
    }

    // ask works out the question in the form; typing waits for both
    // numbers, a tap on "Work it out" says which one is missing.
    function ask(tapped) {
      var p = query();
      // With a chance to plan for, the defenders are enough.
      var noA = !p.get("a"), noD = !p.get("d") && !p.get("mompop");
      if ((noA && !p.get("plan")) || noD) {
        if (tapped) refuse(noA && (noD || !p.get("plan")) ? "Type how many armies attack first. To plan, the defenders are enough." : "Type how many armies defend (or tick the Mom & Pop) first.");
        return;
      }
      var mine = ++asked;
      fetch("/api/odds?" + p.toString(), { headers: { Accept: "application/json" } })
        .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, body: j }; }); })
        .then(function (r) {
          if (mine !== asked) return; // a newer question is on its way
          if (!r.ok) { refuse(r.body.error || "That question has no answer."); return; }
          show(r.body);
          history.replaceState(null, "", "/odds?" + p.toString());
        })
        .catch(function () { if (mine === asked) refuse("The laptop does not answer: check the Wi-Fi."); });
    }

    function soon() { clearTimeout(timer); timer = setTimeout(ask, 120); }
    // Phones have no hover: tapping a bar says what it stands for.
    $("odds-svg").addEventListener("click", function (e) {
      var t = e.target.closest ? e.target.closest("rect") : null;
      var title = t && t.querySelector("title");
      if (title) setText("odds-pick", title.textContent);
    });
    mompop.addEventListener("change", function () { def.disabled = mompop.checked; });
    form.addEventListener("input", soon);
    form.addEventListener("change", soon);
    form.addEventListener("submit", function (e) { e.preventDefault(); clearTimeout(timer); ask(true); });
  });
})();
