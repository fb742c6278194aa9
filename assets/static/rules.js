// The rules page's search narrows the clauses as you type (the form's
// Find button does the same on the server, without JavaScript).
(function () {
  "use strict";
  document.addEventListener("input", function (ev) {
    var box = ev.target;
    if (!box.matches || !box.matches("[data-rules-search]")) return;
    var words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    var found = 0;
    document.querySelectorAll("[data-rules-section]").forEach(function (sec) {
      var any = false;
      sec.querySelectorAll("[data-rules-clause]").forEach(function (c) {
        var text = c.textContent.toLowerCase();
        var hit = words.every(function (w) { return text.indexOf(w) >= 0; });
        c.hidden = !hit;
        if (hit) { any = true; found++; }
      });
      sec.hidden = !any;
    });
    var out = document.querySelector("[data-rules-found]");
    if (out) out.textContent = words.length ? found + (found === 1 ? " rule matches." : " rules match.") : "";
  });
})();
