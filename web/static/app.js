// Tableside's little bit of JavaScript: live updates for game screens.
// Pages work without it; with it, changes arrive without a reload.
(function () {
  "use strict";

  // Live game screens: [data-live] names the stream. Each message carries the
  // live region already rendered for this screen by the server.
  function connect(el) {
    var url = el.getAttribute("data-live");
    var offline = document.querySelector(".offline");
    var es = new EventSource(url + (url.indexOf("?") < 0 ? "?" : "&") + "after=" + (el.getAttribute("data-seq") || "0"));
    var pending = null;
    es.addEventListener("open", function () { if (offline) offline.hidden = true; });
    es.addEventListener("error", function () { if (offline) offline.hidden = false; });
    es.addEventListener("bye", function () { if (offline) offline.hidden = false; });
    es.addEventListener("view", function (ev) {
      var msg = JSON.parse(ev.data);
      el.setAttribute("data-seq", msg.seq);
      document.dispatchEvent(new CustomEvent("tableside:view", { detail: msg }));
      if (msg.html) { pending = msg.html; apply(); }
    });
    // Never replace the region under a player's thumb: wait until they leave the field.
    function apply() {
      var live = document.getElementById("live");
      if (!live || pending === null) return;
      var active = document.activeElement;
      if (active && live.contains(active) && /INPUT|SELECT|TEXTAREA/.test(active.tagName)) {
        active.addEventListener("blur", apply, { once: true });
        return;
      }
      live.innerHTML = pending;
      pending = null;
      document.dispatchEvent(new CustomEvent("tableside:updated"));
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-live]").forEach(connect);
  });
})();
