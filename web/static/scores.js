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
    });
  });
})();
