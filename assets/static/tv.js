// The TV's ticker: new lines slide in; and the moment's fallback layout where anchor positioning is missing. What is new is judged against what
// this screen has shown (sessionStorage), so a reload does not replay them.
// (A new battle plays its roll on every screen: moment.js.)
// prefers-reduced-motion turns the movement off (tv.css).
(function () {
  "use strict";

  function mark() {
    var seen = parseInt(sessionStorage.getItem("tv-feed:" + location.pathname) || "-1", 10), top = seen;
    document.querySelectorAll("#feed li[data-seq]").forEach(function (li) {
      var seq = parseInt(li.getAttribute("data-seq"), 10);
      if (seen >= 0 && seq > seen) li.classList.add("fresh");
      top = Math.max(top, seq);
    });
    sessionStorage.setItem("tv-feed:" + location.pathname, String(top));
  }
  // A browser without CSS anchor positioning is marked no-anchor (tv.css).
  function anchorless() {
    var screen = document.querySelector(".tv-screen");
    if (screen && !(window.CSS && CSS.supports && CSS.supports("anchor-name: --tv-map"))) screen.classList.add("no-anchor");
    place();
  }
  // The stage of a screen without a map (tv.css, "The table's screen"): the moment hangs from it as from a map.
  var STAGE = "#companies, .grid-wrap, .totals, .tv-cashcrash > .card:has(> .seats)";
  // Without anchors, the map's box is measured into the screen's --tv-map-* (tv.css) on every change of view or size.
  function place() {
    var screen = document.querySelector(".tv-screen.no-anchor"),
      map = screen && screen.querySelector(screen.classList.contains("tv-map") ? ".cq-map-wrap, .map-box" : STAGE);
    if (!map) return;
    var r = map.getBoundingClientRect();
    screen.style.setProperty("--tv-map-bottom", r.bottom + "px");
    screen.style.setProperty("--tv-map-left", r.left + "px");
    screen.style.setProperty("--tv-map-right", (document.documentElement.clientWidth - r.right) + "px");
  }
  document.addEventListener("DOMContentLoaded", anchorless);
  document.addEventListener("tableside:view", place);
  window.addEventListener("resize", place);
  document.addEventListener("DOMContentLoaded", mark);
  document.addEventListener("tableside:view", mark);
})();
