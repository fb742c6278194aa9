// The new-game form shows only the chosen game's settings, and of those only
// the ones that matter with the values chosen (board-mode options in board
// mode). Hidden fields are disabled, so they are not sent. Without this
// script every game's settings show under its name, and the server reads
// only the chosen game's.
(function () {
  "use strict";

  function sync(form) {
    var kind = form.querySelector("select[name=kind]");
    if (!kind) return;
    form.querySelectorAll("fieldset.game-settings").forEach(function (fs) {
      var on = fs.getAttribute("data-kind") === kind.value;
      fs.hidden = !on;
      fs.disabled = !on;
    });
    form.querySelectorAll("[data-when-name]").forEach(function (el) {
      var other = form.querySelector("[name='" + el.getAttribute("data-when-name") + "']:not([type=hidden])");
      var on = !!other && other.value === el.getAttribute("data-when-value");
      el.hidden = !on;
      el.querySelectorAll("input, select, textarea").forEach(function (c) { c.disabled = !on; });
    });
  }

  function init() {
    var form = document.getElementById("new-game");
    if (!form) return;
    form.classList.add("js");
    sync(form);
    form.addEventListener("change", function () { sync(form); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
