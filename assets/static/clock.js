// The turn clock's nudge (web/templates/partials/clock.html): a line drawn
// hidden with data-clock-over-in="N" appears N seconds later, when the soft
// limit passes without any change to the game. Every live update redraws
// the lines, so the timers are set again from the new numbers. The times
// themselves are redrawn by the server at every change and do not tick: a
// page that rewrites itself every second costs a phone's battery and the
// browser tests' patience under load.
(function () {
  "use strict";
  var timers = [];
  function arm() {
    timers.forEach(clearTimeout);
    timers = [];
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
