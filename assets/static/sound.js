// Sound and voice on the TV and the host screen, opt-in: one switch,
// remembered in this browser (localStorage), off until someone turns it on.
// The cues are synthesised here with the Web Audio API (nothing is
// downloaded), and nothing plays before a tap or a key press: the audio
// context is made and resumed only inside a user's gesture. A spoken line
// (the browser's own speech synthesis) tells the big moments when the
// voice is on too.
//
// Every cue played is also pushed to window.tablesideCues, so a browser
// test can see that a live event made the sound it should.
(function () {
  "use strict";

  var KEY = "tableside:sound", VOICE = "tableside:voice";
  var ctx = null, gestured = false;
  window.tablesideCues = [];

  function on() { return localStorage.getItem(KEY) === "on"; }
  function voiceOn() { return on() && localStorage.getItem(VOICE) === "on"; }

  // audio gives the audio context, made on the first gesture only.
  function audio() {
    if (!gestured) return null;
    if (!ctx) {
      var AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return null;
      ctx = new AC();
    }
    if (ctx.state === "suspended") ctx.resume();
    return ctx;
  }

  // tone plays one short note: frequency, start offset and length in
  // seconds, wave shape, loudness.
  function tone(ac, freq, at, len, type, gain) {
    var o = ac.createOscillator(), g = ac.createGain(), t = ac.currentTime + at;
    o.type = type; o.frequency.setValueAtTime(freq, t);
    g.gain.setValueAtTime(0.0001, t);
    g.gain.exponentialRampToValueAtTime(gain, t + 0.015);
    g.gain.exponentialRampToValueAtTime(0.0001, t + len);
    o.connect(g); g.connect(ac.destination);
    o.start(t); o.stop(t + len + 0.05);
  }

  // The cues: each under a second, each its own shape, so the table knows
  // what happened without looking.
  var cues = {
    battle: function (ac) { tone(ac, 110, 0, 0.18, "square", 0.25); tone(ac, 82, 0.2, 0.25, "square", 0.25); },
    merger: function (ac) { [262, 330, 392, 523].forEach(function (f, i) { tone(ac, f, i * 0.11, 0.3, "triangle", 0.3); }); },
    dividends: function (ac) { tone(ac, 1319, 0, 0.15, "sine", 0.25); tone(ac, 1760, 0.12, 0.3, "sine", 0.25); },
    turn: function (ac) { tone(ac, 660, 0, 0.2, "sine", 0.2); tone(ac, 880, 0.15, 0.3, "sine", 0.2); },
    winner: function (ac) { [523, 659, 784, 1047, 784, 1047].forEach(function (f, i) { tone(ac, f, i * 0.13, i === 5 ? 0.6 : 0.18, "triangle", 0.3); }); }
  };

  // play makes a cue's sound (and says its line) when the sound is on and
  // someone has touched the page; it is recorded either way it is played.
  function play(name, line) {
    if (!on()) return;
    var ac = audio();
    if (!ac) return;
    cues[name](ac);
    window.tablesideCues.push(name);
    if (line && voiceOn() && window.speechSynthesis && window.SpeechSynthesisUtterance) {
      window.speechSynthesis.cancel();
      window.speechSynthesis.speak(new SpeechSynthesisUtterance(line));
    }
  }

  // What a live update was: the biggest thing that happened in it wins.
  // The feed's new lines are read in the table's words; the frame's cues
  // say whether a battle was fought or a merger began (the last battle's
  // fingerprint, whether a merger is open); the turn bar whose move.
  var last = null;
  function digest(msg) {
    var cues = msg.cues || {};
    var now = {
      status: msg.status,
      battle: cues.battle || "",
      merger: !!cues.merger,
      waiting: waitingFor(msg.turn),
      top: topSeq(),
      view: typeof msg.seq === "number" // a live frame, not the page's own first state
    };
    var prev = last; last = now;
    if (!prev) return null;
    var fresh = newLines(prev.top);
    var text = fresh.join(" ");
    if (prev.status === "playing" && now.status !== "playing") return { cue: "winner", line: winnerLine() };
    // The page's own first state has no view to compare: its first update
    // is judged by its feed lines and turn bar alone.
    if ((prev.view && now.merger && !prev.merger) || /\bmerge|absorb/i.test(text)) return { cue: "merger", line: fresh[0] };
    if ((prev.view && now.battle !== prev.battle) || /\battack|\bconquer|\btakes\b|\btook\b|\bbattle/i.test(text)) return { cue: "battle", line: fresh[0] };
    if (/dividend/i.test(text)) return { cue: "dividends", line: "" };
    if (now.waiting && now.waiting !== prev.waiting) return { cue: "turn", line: "" };
    return null;
  }

  function waitingFor(turnHTML) {
    var m = /class="waiting">Waiting for <strong>([^<]*)<\/strong>/.exec(turnHTML || "");
    return m ? m[1] : "";
  }
  function topSeq() {
    var li = document.querySelector("#feed li[data-seq]");
    return li ? parseInt(li.getAttribute("data-seq"), 10) : 0;
  }
  function newLines(since) {
    var out = [];
    document.querySelectorAll("#feed li[data-seq]").forEach(function (li) {
      if (parseInt(li.getAttribute("data-seq"), 10) > since) out.push(li.textContent.trim());
    });
    return out;
  }
  function winnerLine() {
    var w = document.querySelector("#winner .big-msg");
    return w ? w.textContent.trim() : "";
  }

  function show(btn, voice) {
    btn.textContent = on() ? "Sound on" : "Sound off";
    btn.setAttribute("aria-pressed", on() ? "true" : "false");
    if (voice) {
      voice.checked = localStorage.getItem(VOICE) === "on";
      voice.disabled = !on();
      voice.closest("label").hidden = false;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var btn = document.getElementById("sound-toggle");
    if (!btn) return;
    var voice = document.getElementById("voice-toggle");
    btn.hidden = false;
    show(btn, voice);
    // Any tap or key on the page is the gesture that lets sound play.
    var gesture = function () { gestured = true; if (on()) audio(); };
    document.addEventListener("pointerdown", gesture, true);
    document.addEventListener("keydown", gesture, true);
    btn.addEventListener("click", function () {
      gestured = true;
      localStorage.setItem(KEY, on() ? "off" : "on");
      show(btn, voice);
      if (on()) play("turn", ""); // a sample, so the table hears it works
    });
    if (voice) voice.addEventListener("change", function () {
      localStorage.setItem(VOICE, voice.checked ? "on" : "off");
    });
    last = null;
    digest({ status: document.getElementById("winner") ? "over" : "playing", turn: (document.getElementById("turn") || {}).innerHTML });
    document.addEventListener("tableside:view", function (ev) {
      // The feed is replaced before this event: its new lines are there.
      var what = digest(ev.detail);
      if (what) play(what.cue, what.line);
    });
  });
})();
