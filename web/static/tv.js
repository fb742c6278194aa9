// The TV screen's moments: a new roll of the dice rolls in for a moment, and
// new lines of the ticker slide in. What is new is judged against what this
// screen has shown (sessionStorage), so a reload does not replay the roll.
// prefers-reduced-motion turns the movement off (tv.css).
(function () {
  "use strict";

  function mark() {
    var dice = document.getElementById("tv-dice");
    var key = "tv-roll:" + location.pathname;
    var roll = dice ? dice.getAttribute("data-roll") : "";
    if (dice && sessionStorage.getItem(key) !== null && sessionStorage.getItem(key) !== roll) dice.classList.add("fresh");
    sessionStorage.setItem(key, roll);
    var seen = parseInt(sessionStorage.getItem("tv-feed:" + location.pathname) || "-1", 10), top = seen;
    document.querySelectorAll("#feed li[data-seq]").forEach(function (li) {
      var seq = parseInt(li.getAttribute("data-seq"), 10);
      if (seen >= 0 && seq > seen) li.classList.add("fresh");
      top = Math.max(top, seq);
    });
    sessionStorage.setItem("tv-feed:" + location.pathname, String(top));
  }
  document.addEventListener("DOMContentLoaded", mark);
  document.addEventListener("tableside:view", mark);
})();
