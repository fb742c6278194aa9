// The host's card for a player without a phone (partials/laptop_hand.html).
// Its forms (show a hand, hide it, who plays on the laptop) are sent with
// fetch and the card is replaced by the server's answer; after every live
// update it is fetched again, so a hand closes as soon as the move passes
// to someone else. An open hand counts down and, at 0, asks again: the
// server has closed it by then. The moves inside are sent by sheet.js.
(function () {
  "use strict";

  var timer = null;
  var asking = 0; // a counter, so only the newest answer is drawn

  function card() { return document.getElementById("laptop-hand"); }

  // draw puts the server's card in place of the old one.
  function draw(html) {
    var old = card();
    if (!old) return;
    var box = document.createElement("div");
    box.innerHTML = html;
    var fresh = box.firstElementChild;
    if (!fresh) return;
    old.replaceWith(fresh);
    arm();
    document.dispatchEvent(new CustomEvent("tableside:laptop", { detail: { open: fresh.getAttribute("data-open") } }));
  }

  function say(text) {
    var c = card();
    if (!c) return;
    var p = c.querySelector(".laptop-toast");
    if (!p) {
      p = document.createElement("p");
      p.className = "toast laptop-toast";
      p.setAttribute("role", "alert");
      c.insertBefore(p, c.firstChild);
    }
    p.textContent = text;
  }

  function answer(r) {
    return r.json().catch(function () { return {}; }).then(function (body) {
      if (!r.ok) { say(body.error || "The laptop refused this (" + r.status + ")."); return; }
      if (typeof body.html === "string") draw(body.html);
    });
  }

  // refresh asks for the card as it stands now.
  function refresh() {
    var c = card();
    if (!c) return;
    var mine = ++asking;
    fetch(c.getAttribute("data-laptop"), { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (r) {
        if (mine !== asking) return;
        return answer(r);
      })
      .catch(function () { say("The laptop did not answer: reload the page."); });
  }

  // arm starts the open hand's countdown; at 0 the card is asked for again.
  function arm() {
    clearInterval(timer);
    var c = card();
    if (!c || !c.hasAttribute("data-open")) return;
    var left = parseInt(c.getAttribute("data-left"), 10) || 0;
    var secs = c.querySelector(".laptop-secs");
    timer = setInterval(function () {
      left--;
      if (secs) secs.textContent = Math.max(left, 0);
      if (left <= 0) { clearInterval(timer); refresh(); }
    }, 1000);
  }

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.matches || !form.matches("#laptop-hand form[data-laptop-form]")) return;
    ev.preventDefault();
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    asking++;
    fetch(form.getAttribute("action"), {
      method: "POST", credentials: "same-origin",
      headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(new FormData(form)).toString()
    }).then(answer).catch(function () {
      say("The laptop did not answer: tap again.");
    }).then(function () {
      form.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
    });
  });

  document.addEventListener("tableside:view", refresh);
  document.addEventListener("DOMContentLoaded", arm);
})();
