// A phone at the table, nudged: while the table waits for this phone's seat
// its screen stays on, and when it becomes this phone's move it vibrates, its
// tab title says "● Your move" and, if the player turned sound on, it chimes.
// Each can be turned off on the phone (remembered in localStorage). Loaded
// on seated phones only; pages work without it.
//
// Staying awake: the Screen Wake Lock where the browser offers it (only on
// https or localhost), asked again whenever the page is shown, since a
// browser drops it when the page is hidden. Otherwise (any phone on the
// table's plain-http address) a two-second video with a silent sound track
// (awake.mp4 / awake.webm, made by scripts/awake-video.sh) loops while the
// table waits. It plays unmuted on purpose: Chrome keeps the screen on only
// for a video that plays audibly (or a big visible one), and iOS Safari
// likewise ignores a muted one; its sound is silence. Browsers start such a
// video only after a tap, so the first tap on the page starts it.
(function () {
  "use strict";

  var KEY = "tableside.nudge";
  var settings = load();
  var baseTitle = document.title;
  var mine = false; // the table waits for this phone
  var lock = null, asking = false, lockRefused = false;
  var video = null, primed = false;
  var audio = null;

  function load() {
    var o = {};
    try { o = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch (e) { o = {}; }
    return { wake: o.wake !== false, vibrate: o.vibrate !== false, chime: o.chime === true };
  }
  function save() {
    try { localStorage.setItem(KEY, JSON.stringify(settings)); } catch (e) { /* private mode: not remembered */ }
  }

  // The turn bar holds this seat's decision card exactly when the table waits for it.
  function waitsForMe() { return !!document.querySelector("#turn .decision, #turn [data-decision]"); }
  function visible() { return document.visibilityState !== "hidden"; }
  function wanted() { return mine && visible() && settings.wake; }

  // update follows the page: live says the change came by a live update
  // (a nudge is for news, not for a page the player just opened).
  function update(live) {
    var now = waitsForMe();
    if (now && !mine && live) nudge();
    mine = now;
    document.title = mine ? "● Your move · " + baseTitle : baseTitle;
    if (wanted()) stayAwake(); else release();
    mark();
  }

  function nudge() {
    if (settings.vibrate && typeof navigator.vibrate === "function") {
      try { navigator.vibrate([180, 90, 180]); } catch (e) { /* not allowed before a tap */ }
    }
    if (settings.chime) chime();
  }

  function stayAwake() {
    if (navigator.wakeLock && !lockRefused) { askLock(); return; }
    playVideo();
  }

  function askLock() {
    if (lock || asking) return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (s) {
      asking = false;
      lock = s;
      s.addEventListener("release", function () { if (lock === s) lock = null; mark(); });
      if (!wanted()) release();
      mark();
    }, function () {
      // Offered but refused here (a policy, a page not in front): the video instead.
      asking = false;
      lockRefused = true;
      if (wanted()) playVideo();
    });
  }

  function release() {
    if (lock) {
      var s = lock;
      lock = null;
      s.release().catch(function () { /* already released by the browser */ });
    }
    if (video && !video.paused) video.pause();
    mark();
  }

  function ensureVideo() {
    if (video) return video;
    var box = document.getElementById("nudge");
    video = document.createElement("video");
    video.id = "awake-video";
    video.setAttribute("playsinline", "");
    video.setAttribute("webkit-playsinline", "");
    video.setAttribute("aria-hidden", "true");
    video.loop = true;
    video.hidden = true;
    video.preload = "auto";
    [["mp4", "video/mp4"], ["webm", "video/webm"]].forEach(function (f) {
      var src = box && box.getAttribute("data-" + f[0]);
      if (!src) return;
      var s = document.createElement("source");
      s.src = src;
      s.type = f[1];
      video.appendChild(s);
    });
    video.addEventListener("playing", mark);
    video.addEventListener("pause", mark);
    document.body.appendChild(video);
    return video;
  }

  function playVideo() {
    ensureVideo();
    if (!video.paused) return;
    var p = video.play();
    if (p && p.then) p.then(function () { if (!wanted()) video.pause(); }, mark); // refused: waits for a tap (prime)
  }

  // prime runs on the first taps: browsers let a page start sound (the
  // video, the chime) only from a tap, and iOS remembers it per element.
  function prime() {
    if (settings.chime) audioCtx();
    if (!settings.wake || (navigator.wakeLock && !lockRefused)) return;
    ensureVideo();
    var p = video.play();
    if (!p || !p.then) return;
    p.then(function () {
      primed = true;
      document.removeEventListener("click", prime, true);
      document.removeEventListener("touchend", prime, true);
      if (!wanted()) video.pause();
    }, function () { /* not a gesture the browser counts: the next tap tries again */ });
  }

  // mark says on the page which way it stays awake ("lock", "video" or
  // "off"), for the settings line and for tests.
  function mark() {
    var how = lock ? "lock" : (video && !video.paused ? "video" : "off");
    document.documentElement.setAttribute("data-awake", how);
    var line = document.getElementById("nudge-status");
    if (line) line.textContent = how === "off" ? "" : "The screen stays on until you answer.";
    // A phone that can keep its screen on only after a tap (the video, on
    // a page not touched yet) says so on its decision card, where the
    // player looks; any tap will do, the answer's own included.
    var card = document.querySelector("#turn .decision");
    var hint = document.getElementById("nudge-tap");
    var needsTap = how === "off" && wanted() && !primed && !(navigator.wakeLock && !lockRefused);
    if (!!needsTap === !!(card && hint)) return;
    // The hint may come after the frame was drawn (a wake lock refused a
    // moment later): the page keeps its place, as for a frame (app.js).
    var keep = window.tablesideKeepPlace || function (f) { f(); };
    keep(function () {
      if (needsTap && card && !hint) {
        hint = document.createElement("p");
        hint.id = "nudge-tap";
        hint.className = "small muted";
        hint.textContent = "Tap anywhere to keep the screen on.";
        card.appendChild(hint);
      } else if (!needsTap && hint) {
        hint.parentNode.removeChild(hint);
      }
    });
  }

  function audioCtx() {
    var AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    if (!audio) audio = new AC();
    if (audio.state === "suspended") audio.resume();
    return audio;
  }

  // chime is two short soft notes, made here (no sound file to download).
  function chime() {
    var ctx = audioCtx();
    if (!ctx) return;
    var t = ctx.currentTime;
    [[660, 0], [880, 0.16]].forEach(function (n) {
      var o = ctx.createOscillator(), g = ctx.createGain();
      o.type = "sine";
      o.frequency.value = n[0];
      g.gain.setValueAtTime(0.0001, t + n[1]);
      g.gain.exponentialRampToValueAtTime(0.25, t + n[1] + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + n[1] + 0.3);
      o.connect(g);
      g.connect(ctx.destination);
      o.start(t + n[1]);
      o.stop(t + n[1] + 0.32);
    });
  }

  // The settings control: one switch each for staying awake, vibrating and the chime.
  function wireSettings() {
    var box = document.getElementById("nudge");
    if (!box) return;
    box.hidden = false;
    ["wake", "vibrate", "chime"].forEach(function (k) {
      var cb = box.querySelector("input[name=nudge-" + k + "]");
      if (!cb) return;
      cb.checked = settings[k];
      cb.addEventListener("change", function () {
        settings[k] = cb.checked;
        save();
        if (k === "chime" && cb.checked) chime(); // what it sounds like, from this tap
        if (k === "wake" && cb.checked) prime();
        update(false);
      });
    });
  }

  document.addEventListener("tableside:view", function () { update(true); });
  document.addEventListener("visibilitychange", function () { update(false); });
  window.addEventListener("pageshow", function () { update(false); });
  document.addEventListener("click", prime, true);
  document.addEventListener("touchend", prime, true);
  document.addEventListener("DOMContentLoaded", function () {
    baseTitle = document.title;
    wireSettings();
    update(false);
  });
})();
