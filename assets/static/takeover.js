// Takeover: tap a stack on the grid, then the stack it should land on; the
// merge form's selects follow (its fold opens). The form works without this
// script.
(function () {
  "use strict";
  function form() { return document.querySelector(".merge-form"); }
  function mark() {
    var f = form();
    document.querySelectorAll(".tk-grid .cell").forEach(function (c) {
      c.classList.remove("from", "to");
      if (!f) return;
      if (c.dataset.cell === f.elements["d.from"].value) c.classList.add("from");
      if (c.dataset.cell === f.elements["d.to"].value) c.classList.add("to");
    });
  }
  document.addEventListener("click", function (ev) {
    var cell = ev.target.closest && ev.target.closest(".tk-grid .cell");
    var f = form();
    if (!cell || !f || cell.classList.contains("empty")) return;
    var from = f.elements["d.from"], to = f.elements["d.to"];
    if (!from.value || to.value || from.value === cell.dataset.cell) {
      from.value = cell.dataset.cell;
      to.value = "";
    } else {
      to.value = cell.dataset.cell;
    }
    var fold = f.closest("details"); // a phone's merge form folds in its decision card
    if (fold) fold.open = true;
    mark();
  });
  document.addEventListener("change", function (ev) {
    if (ev.target.closest && ev.target.closest(".merge-form")) mark();
  });
  document.addEventListener("tableside:updated", mark);
})();
