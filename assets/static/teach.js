// Teaching (issue 42): a refusal's toast gets a "why?" that opens the rule
// behind it, in our words; the host's setup checklist keeps its ticks. The toast says which rule refused (data-rule,
// from the refusal's JSON); the page's rules link says which game's rules.
(function () {
  "use strict";
  function rulesPath() {
    var a = document.querySelector("[data-rules]");
    return a && a.getAttribute("data-rules");
  }
  function addWhy(t) {
    var rule = t.getAttribute("data-rule"), base = rulesPath();
    if (!rule || !base || t.querySelector(".why-link")) return;
    var a = document.createElement("a");
    a.className = "why-link";
    a.href = base + "/why/" + encodeURIComponent(rule);
    a.textContent = "why?";
    a.setAttribute("aria-label", "Why? The rule behind this refusal");
    t.appendChild(document.createTextNode(" "));
    t.appendChild(a);
  }
  // The host's setup checklist keeps its ticks on this laptop, across the
  // live updates that redraw it and a reload.
  function ticksKey(list) { return "ts-setup-" + list.getAttribute("data-setup-list"); }
  function restoreTicks(list) {
    var ticked = [];
    try { ticked = JSON.parse(localStorage.getItem(ticksKey(list)) || "[]"); } catch (e) { ticked = []; }
    list.querySelectorAll("input[data-piece]").forEach(function (box) {
      box.checked = ticked.indexOf(box.getAttribute("data-piece")) >= 0;
    });
  }
  document.addEventListener("change", function (ev) {
    var box = ev.target, list = box.closest && box.closest("[data-setup-list]");
    if (!list || !box.matches("input[data-piece]")) return;
    var ticked = [];
    list.querySelectorAll("input[data-piece]:checked").forEach(function (b) { ticked.push(b.getAttribute("data-piece")); });
    try { localStorage.setItem(ticksKey(list), JSON.stringify(ticked)); } catch (e) { /* private mode: ticks last the page */ }
  });
  // First-game mode's teaching turns off (and on) per phone.
  function teachOff() { try { return localStorage.getItem("ts-teach-off") === "1"; } catch (e) { return false; } }
  function showTeach(box) {
    var off = teachOff();
    box.querySelectorAll(".teach-now, .teach-does, .teach-head, .teach-notnow").forEach(function (e) { e.hidden = off; });
    var b = box.querySelector("[data-teach-toggle]");
    if (b) { b.setAttribute("aria-pressed", off ? "false" : "true"); b.textContent = "Teaching on this phone: " + (off ? "off" : "on"); }
  }
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("[data-teach-toggle]");
    if (!b) return;
    try { localStorage.setItem("ts-teach-off", teachOff() ? "0" : "1"); } catch (e) { return; }
    document.querySelectorAll("[data-teach]").forEach(showTeach);
  });
  function look(n) {
    if (n.matches("[data-teach]")) showTeach(n);
    n.querySelectorAll("[data-teach]").forEach(showTeach);
    if (n.matches(".toast[data-rule]")) addWhy(n);
    n.querySelectorAll(".toast[data-rule]").forEach(addWhy);
    if (n.matches("[data-setup-list]")) restoreTicks(n);
    n.querySelectorAll("[data-setup-list]").forEach(restoreTicks);
  }
  new MutationObserver(function (records) {
    records.forEach(function (r) {
      r.addedNodes.forEach(function (n) { if (n.nodeType === 1) look(n); });
    });
  }).observe(document.documentElement, { childList: true, subtree: true });
  look(document.documentElement);
})();
