// The roll is a moment: when the app's dice roll (the sealed commitment in
// the turn bar changes), every screen fetches the game's checked rolls
// (/games/N/dice) and shows the newest one's faces big for a few seconds.
// The feed keeps them after (each battle's line opens its throws).
// Typing real dice is a keypad: one tap per die.
(function () {
  "use strict";

  var commit = null, shown = 0, timer = null;
  var pips = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

  function gameURL() {
    var live = document.querySelector("[data-live]");
    var m = live && /^\/games\/\d+/.exec(live.getAttribute("data-live"));
    return m ? m[0] : null;
  }

  function current() {
    var el = document.getElementById("dice-commit");
    return el ? el.getAttribute("data-commit") : null;
  }

  // show draws one roll's faces ("6 5 2 4 1", a die of other sides as
  // "3 of 8") big, with who rolled and for what.
  function show(roll) {
    var box = document.getElementById("dice-moment");
    if (!box) {
      box = document.createElement("div");
      box.id = "dice-moment";
      box.className = "dice-moment";
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
      document.body.appendChild(box);
    }
    box.textContent = "";
    var faces = String(roll.faces || "").split(" ");
    for (var i = 0; i < faces.length; i++) {
      var f = faces[i];
      if (f === "") continue;
      if (faces[i + 1] === "of") { f = faces[i] + "/" + faces[i + 2]; i += 2; } // not a six-sided die
      var d = document.createElement("span");
      d.className = "die";
      var n = parseInt(f, 10);
      d.textContent = /^\d$/.test(f) && n >= 1 && n <= 6 ? pips[n] : f;
      d.setAttribute("aria-label", f);
      d.setAttribute("data-face", f);
      box.appendChild(d);
    }
    var who = document.createElement("p");
    who.className = "dice-who";
    who.textContent = (roll.who ? roll.who + ": " : "") + (roll.what || "");
    box.appendChild(who);
    box.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(function () { box.hidden = true; }, 4000);
  }

  // rolled fetches the newest roll. The dice page is an expensive read,
  // budgeted per address one at a time, so screens that share an address
  // (the laptop and the TV on it) may be asked to wait: they try again.
  function rolled(tries) {
    var url = gameURL();
    if (!url) return;
    tries = tries || 0;
    fetch(url + "/dice", { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (r) {
        if (r.status === 429 && tries < 8) {
          setTimeout(function () { rolled(tries + 1); }, 400 * (tries + 1));
          return null;
        }
        return r.ok ? r.json() : null;
      })
      .then(function (page) {
        if (!page || !page.rolls || !page.rolls.length) return;
        var last = page.rolls[page.rolls.length - 1];
        if (last.seq <= shown) return; // an undo, or a roll already shown
        shown = last.seq;
        show(last);
      }).catch(function () {});
  }

  // A battle is its own moment (partials/moments.html: on the TV, beside
  // the host's map, as a line under a phone's sheet or, in RISK and PCtW,
  // under its map): a new one plays its roll there, in place, instead of
  // the overlay. Checked once the frame's
  // regions are all drawn (the host's battle sits in the live region).
  var battle = null;
  function battleKey() {
    var b = document.getElementById("battle-moment");
    return b ? b.getAttribute("data-battle") : null;
  }
  document.addEventListener("tableside:view", function () {
    var now = current(), rolledNow = now && commit && now !== commit;
    if (now) commit = now;
    setTimeout(function () {
      var key = battleKey(), fought = key !== null && key !== battle;
      battle = key;
      if (fought) {
        var b = document.getElementById("battle-moment");
        b.classList.remove("fresh");
        void b.offsetWidth; // restart the roll's animation
        b.classList.add("fresh");
        return;
      }
      if (rolledNow) rolled();
    }, 0);
  });

  // The keypad for real dice: under each faces field ([data-keypad]), one
  // button per face that adds a die, and one that takes the last back. The
  // field stays, for a keyboard; the engine says how many dice may roll.
  function keypad(input) {
    if (input.getAttribute("data-keypad-ready")) return;
    input.setAttribute("data-keypad-ready", "1");
    var pad = document.createElement("div");
    pad.className = "keypad";
    for (var f = 1; f <= 6; f++) {
      var b = document.createElement("button");
      b.type = "button"; b.className = "secondary key"; b.textContent = String(f);
      b.setAttribute("data-face", String(f));
      b.setAttribute("aria-label", "a die showing " + f);
      pad.appendChild(b);
    }
    var back = document.createElement("button");
    back.type = "button"; back.className = "secondary key key-back"; back.textContent = "⌫";
    back.setAttribute("aria-label", "take the last die back");
    pad.appendChild(back);
    input.insertAdjacentElement("afterend", pad);
  }
  function arm() { document.querySelectorAll("input[data-keypad]").forEach(keypad); }
  document.addEventListener("click", function (ev) {
    var k = ev.target.closest && ev.target.closest(".keypad .key");
    if (!k) return;
    ev.preventDefault();
    var input = k.parentNode.previousElementSibling;
    var faces = input.value.trim() === "" ? [] : input.value.trim().split(/\s+/);
    if (k.classList.contains("key-back")) faces.pop();
    else faces.push(k.getAttribute("data-face"));
    input.value = faces.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  document.addEventListener("tableside:updated", arm);
  document.addEventListener("DOMContentLoaded", function () { commit = current(); battle = battleKey(); arm(); });
})();
