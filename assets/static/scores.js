// The log-a-play form: show only the fields the chosen scoring uses (scores,
// a tick for the winners, or places). Without this script every field shows
// and the server reads the ones that count.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.play-form").forEach(function (form) {
      var sel = form.querySelector("select.scoring");
      if (!sel) return;
      form.classList.add("js");
      function sync() { form.setAttribute("data-scoring", sel.value); }
      sel.addEventListener("change", sync);
      sync();
      // "More players" shows four more rows in place, keeping what was typed.
      var more = form.querySelector("a.more-players");
      if (more) more.addEventListener("click", function (ev) {
        ev.preventDefault();
        var rows = form.querySelectorAll(".player-row[hidden]");
        for (var i = 0; i < rows.length && i < 4; i++) rows[i].hidden = false;
        if (rows.length <= 4) more.hidden = true;
        if (rows.length) rows[0].querySelector("input").focus();
      });
    });
  });
})();
