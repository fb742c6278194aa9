// The game's timeline: the slider and the step links fetch the page for the
// chosen step and swap it in, without a full reload. Without this script
// they are plain links and a GET form, and work the same.
(function () {
  "use strict";

  var busy = null;

  function show(url, push) {
    if (busy) busy.abort();
    busy = new AbortController();
    fetch(url, { headers: { "Accept": "text/html" }, signal: busy.signal, credentials: "same-origin" })
      .then(function (r) {
        if (!r.ok) throw new Error("status " + r.status);
        return r.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var next = doc.getElementById("timeline");
        var cur = document.getElementById("timeline");
        if (!next || !cur) { window.location.href = url; return; }
        cur.replaceWith(next);
        if (push) history.replaceState(null, "", url);
        bind();
      })
      .catch(function (e) {
        if (e && e.name === "AbortError") return;
        window.location.href = url; // let the browser show what went wrong
      });
  }

  function bind() {
    var box = document.getElementById("timeline");
    if (!box) return;
    var form = box.querySelector("form.slider");
    var range = box.querySelector("#tl-at");
    var out = box.querySelector("#tl-at-out");
    var button = box.querySelector("#tl-show");
    if (button) button.remove(); // the slider moves the page by itself now
    if (range && out) {
      range.addEventListener("input", function () { out.textContent = range.value; });
      range.addEventListener("change", function () {
        var params = new URLSearchParams(new FormData(form));
        show(form.getAttribute("action") + "?" + params.toString(), true);
      });
    }
    box.querySelectorAll(".stepper a").forEach(function (a) {
      a.addEventListener("click", function (ev) {
        if (ev.metaKey || ev.ctrlKey || ev.shiftKey) return;
        ev.preventDefault();
        show(a.getAttribute("href"), true);
      });
    });
  }

  document.addEventListener("DOMContentLoaded", bind);
})();
