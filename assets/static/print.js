// The print shop's previews follow the options: changing the paper, the
// ink or the piecepack choices redraws every sheet's picture and its page
// count (the server draws both from the PDF's own layout). Without this
// script the pictures and counts stay those of A4 with the defaults.
(function () {
  "use strict";
  var form = document.querySelector("form.print-shop");
  if (!form) return;

  function query(sheet) {
    var p = new URLSearchParams();
    ["paper", "names", "sets"].forEach(function (k) {
      var el = form.elements[k];
      if (el) p.set(k, el.value);
    });
    if (form.elements.single && form.elements.single.checked) p.set("single", "1");
    if (form.elements.ink && form.elements.ink.checked) p.set("ink", "saver");
    if (sheet === "join-poster") {
      p.set("url", form.elements.url.value);
      p.set("table", form.elements.table.value);
    }
    return p.toString();
  }

  function pages(n, paper) {
    return n + (n === "1" ? " page on " : " pages on ") + (paper === "letter" ? "Letter" : "A4");
  }

  function update() {
    var paper = form.elements.paper.value;
    form.querySelectorAll("img.sheet-preview").forEach(function (img) {
      var sheet = img.dataset.sheet;
      var url = "/print/preview/" + sheet + ".svg?" + query(sheet);
      var count = img.parentNode.querySelector(".sheet-pages");
      img.src = url;
      fetch(url).then(function (r) {
        if (r.ok && count) count.textContent = pages(r.headers.get("X-Pages"), paper);
      });
    });
  }

  form.addEventListener("change", update);
})();
