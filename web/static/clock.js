// The turn clock (web/templates/partials/clock.html) between changes: a
// line drawn hidden with data-clock-over-in="N" appears N seconds later,
// when the soft limit passes without any change to the game, and a time
// drawn with data-clock-tick="S" (seconds, while the clock runs) counts on
// in the words the server uses (tracker.Minutes). Every live update redraws
// the lines, so the timers are set again from the new numbers.
(function () {
  "use strict";
  var timers = [], ticker = null;
  function words(s) {
    if (s < 60) return s + " s";
    if (s < 600 && s % 60 !== 0) return Math.floor(s / 60) + " min " + (s % 60) + " s";
    if (s < 3600) return Math.floor((s + 30) / 60) + " min";
    var m = Math.floor((s + 30) / 60);
    return m % 60 === 0 ? (m / 60) + " h" : Math.floor(m / 60) + " h " + (m % 60) + " min";
  }
  function tick(from) {
    var secs = Math.floor((Date.now() - from) / 1000);
    document.querySelectorAll("[data-clock-tick]").forEach(function (el) {
      var s0 = parseInt(el.getAttribute("data-clock-tick"), 10);
      if (!isNaN(s0)) el.textContent = words(s0 + secs);
    });
  }
  function arm() {
    timers.forEach(clearTimeout);
    timers = [];
    clearInterval(ticker);
    var from = Date.now();
    if (document.querySelector("[data-clock-tick]")) ticker = setInterval(function () { tick(from); }, 1000);
    document.querySelectorAll("[data-clock-over-in]").forEach(function (el) {
      var secs = parseInt(el.getAttribute("data-clock-over-in"), 10);
      if (isNaN(secs) || secs < 0) return;
      timers.push(setTimeout(function () { el.hidden = false; }, secs * 1000));
    });
  }
  document.addEventListener("tableside:view", arm);
  document.addEventListener("tableside:updated", arm);
  document.addEventListener("DOMContentLoaded", arm);
})();
