// Teaching (issue 42): a refusal's toast gets a "why?" that opens the rule
// behind it, in our words. The toast says which rule refused (data-rule,
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
  new MutationObserver(function (records) {
    records.forEach(function (r) {
      r.addedNodes.forEach(function (n) {
        if (n.nodeType !== 1) return;
        if (n.matches(".toast[data-rule]")) addWhy(n);
        n.querySelectorAll(".toast[data-rule]").forEach(addWhy);
      });
    });
  }).observe(document.documentElement, { childList: true, subtree: true });
  document.querySelectorAll(".toast[data-rule]").forEach(addWhy);
})();
