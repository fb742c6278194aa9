// Tableside's little bit of JavaScript: live updates for game screens, and
// one idempotency key per tap on command forms. Pages work without it; with
// it, changes arrive without a reload and a double tap applies once.
(function () {
  "use strict";

  var offline = null;
  // leaving is set once a form posts and the page is on its way elsewhere.
  var leaving = false;
  document.addEventListener("submit", function (ev) { if (!ev.defaultPrevented) leaving = true; });
  function setOffline(on) {
    if (offline) offline.hidden = !on;
    document.body.classList.toggle("is-offline", on);
  }

  // Live game screens: [data-live] names the stream. Each message carries the
  // live region (and the turn bar) already rendered for this screen.
  function connect(el) {
    var es = null, lastHeard = Date.now(), retryMs = 1000, timer = null;
    // pending is the live region waiting to be drawn (see apply), and
    // pendingSeq the frame it is; data-drawn on [data-live] is the frame on
    // screen, which may lag data-seq (the frame heard) by a fetch or a focus.
    var pending = null, pendingSeq = 0;
    function drawnSeq() { return parseInt(el.getAttribute("data-drawn") || el.getAttribute("data-seq") || "0", 10); }
    function markDrawn(seq) { if (seq > drawnSeq()) el.setAttribute("data-drawn", seq); }

    function streamURL() {
      var url = el.getAttribute("data-live");
      var sep = url.indexOf("?") < 0 ? "?" : "&";
      if (document.body.getAttribute("data-as") === "public" && url.indexOf("as=public") < 0) {
        url += sep + "as=public"; sep = "&";
      }
      // The host's page says which seats phones held when it was drawn
      // (data-gen): a claim since then has the stream's first frame drawn anew.
      var gen = el.getAttribute("data-gen");
      return url + sep + "after=" + (el.getAttribute("data-seq") || "0") + (gen ? "&gen=" + gen : "");
    }

    function open() {
      if (es) es.close();
      clearTimeout(timer);
      es = new EventSource(streamURL());
      es.addEventListener("open", function () { lastHeard = Date.now(); retryMs = 1000; setOffline(false); });
      es.addEventListener("error", function () {
        setOffline(true);
        // The browser retries by itself (sending Last-Event-ID) unless the
        // server answered with an error; then we retry, with our own seq.
        if (es.readyState === EventSource.CLOSED) later();
      });
      es.addEventListener("ping", function () { lastHeard = Date.now(); });
      es.addEventListener("bye", function () { setOffline(true); });
      es.addEventListener("seat", function () {
        // This phone no longer holds its seat (moved or kicked): show what it may see now.
        es.close();
        window.location.reload();
      });
      es.addEventListener("next", function (ev) {
        // The table plays again. A TV goes straight to the new game's TV
        // view (nobody taps a TV); any other screen reloads the finished
        // game, whose page now leads into the new one. A screen already on
        // its way (the host who pressed "Play again"), or already showing
        // the way, is left as it is.
        var next = parseInt(JSON.parse(ev.data).game, 10);
        if (document.body.classList.contains("tv") && next > 0) {
          es.close();
          window.location.href = "/games/" + next + "/tv";
          return;
        }
        if (leaving || document.getElementById("next-game")) return;
        es.close();
        window.location.reload();
      });
      es.addEventListener("phones", function (ev) {
        lastHeard = Date.now();
        var msg = JSON.parse(ev.data);
        redrawKeepingPictures(document.getElementById("phones"), msg.html);
        redrawKeepingPictures(document.getElementById("join-corner"), msg.corner);
      });
      es.addEventListener("corner", function (ev) { // a TV's join corner: the QR and the room code while seats are free
        lastHeard = Date.now();
        redrawKeepingPictures(document.getElementById("join-corner"), JSON.parse(ev.data).html);
      });
      es.addEventListener("view", function (ev) {
        lastHeard = Date.now();
        setOffline(false);
        var msg = frameOf(ev.data);
        var seq = parseInt(el.getAttribute("data-seq") || "0", 10);
        // Already showing newer. A frame of the seq shown is sent only when
        // drawn again (the host's, when a phone claims or leaves a seat).
        if (msg.seq < seq) return;
        if (!el.hasAttribute("data-drawn")) el.setAttribute("data-drawn", seq);
        el.setAttribute("data-seq", msg.seq);
        // The turn bar and the live region are swapped in one keepPlace:
        // the page is measured once before and once after the frame.
        keepPlace(function () { drawFrame(msg); });
      });
    }

    // redrawKeepingPictures puts html in box (when there is one), keeping
    // each picture whose markup is unchanged as the very element on the
    // screen. The phones list is sent whenever a phone comes or goes, and
    // once as the stream opens: a new element of the same join QR code
    // (512 px) was decoded again and blinked out for a frame or more, on
    // the laptop and in a camera's picture of it.
    function redrawKeepingPictures(box, html) {
      if (!box) return;
      var shown = {};
      box.querySelectorAll("img").forEach(function (i) { shown[i.outerHTML] = i; });
      box.innerHTML = html;
      box.querySelectorAll("img").forEach(function (i) {
        var old = shown[i.outerHTML];
        if (old) { i.replaceWith(old); delete shown[i.outerHTML]; }
      });
    }

    function drawFrame(msg) {
      var turn = document.getElementById("turn");
      if (turn && typeof msg.turn === "string") { turn.innerHTML = msg.turn; armForms(turn); }
      var corner = document.getElementById("join-corner");
      if (corner && msg.status && msg.status !== "playing") corner.innerHTML = ""; // nobody joins a finished game
      var feed = document.getElementById("feed");
      if (feed && typeof msg.feed === "string") feed.innerHTML = msg.feed;
      document.dispatchEvent(new CustomEvent("tableside:view", { detail: msg }));
      if (typeof msg.html !== "string") { markDrawn(msg.seq); return; }
      // A board with a territory selected keeps it: the live message is
      // drawn without a selection, so fetch this page's own instead.
      if (/[?&](t|from)=/.test(location.search) && document.getElementById("panel")) {
        var drawFetched = function (html) {
          if (msg.seq < drawnSeq()) return; // a newer frame was drawn while this one was fetched
          pending = html; pendingSeq = msg.seq; apply();
        };
        liveOf(location.href).then(drawFetched).catch(function () { drawFetched(msg.html); });
        return;
      }
      pending = msg.html; pendingSeq = msg.seq; apply();
    }

    function later() {
      clearTimeout(timer);
      timer = setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, 15000);
    }

    // Never replace the region under a player's thumb: wait until they leave the field.
    function apply() {
      var live = document.getElementById("live");
      if (pending === null) return;
      if (!live) { pending = null; markDrawn(pendingSeq); return; }
      var active = document.activeElement;
      if (active && live.contains(active) && /INPUT|SELECT|TEXTAREA/.test(active.tagName)) {
        active.addEventListener("blur", apply, { once: true });
        return;
      }
      var html = pending;
      keepPlace(function () { draw(live, html); });
      pending = null;
      markDrawn(pendingSeq);
      armForms(live);
      reopenParts();
      document.dispatchEvent(new CustomEvent("tableside:updated"));
    }

    // A stream silent for three pings is dead even if the socket says not
    // (a phone that slept, a Wi-Fi that dropped): start a new one.
    setInterval(function () {
      if (Date.now() - lastHeard > 50000) { setOffline(true); open(); lastHeard = Date.now(); }
    }, 5000);
    window.addEventListener("online", open);
    // The phone says it lost the network (Wi-Fi gone): the stream cannot be
    // heard any more, whatever its socket says. Say so now, and let the
    // server see this screen leave; "online" opens a new one.
    window.addEventListener("offline", function () {
      setOffline(true);
      if (es) es.close();
      clearTimeout(timer);
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && (!es || es.readyState === EventSource.CLOSED)) open();
    });
    open();
  }

  // keepPlace runs a swap of a live region without moving what the player
  // looks at: whatever part of the game is at the top of the screen stays
  // there (the turn bar above may grow or shrink), and a map scrolled
  // inside its frame keeps its place. A keepPlace inside another's swap
  // (the live region drawn with its frame's turn bar) is part of the outer
  // one.
  //
  // Reading where the page or a map is scrolled to lays the whole page out
  // first, so keepPlace reads it only when something may have scrolled
  // since it last found the page and every map at their origin: a phone's
  // page usually sits at its top, and there a swap can move nothing.
  // mayHaveScrolled is set by the scroll events (the page's and the maps',
  // caught on their way down), by the touches, clicks and keys a person
  // scrolls with, and by the scripts that scroll the page themselves
  // (tablesideScrolled). mapzoom.js placing a map in its frame need not
  // set it: it places a redrawn map again itself. A person's scroll is the
  // compositor's: the page learns its new position with the next frame,
  // which is also when the scroll event comes, so the flag is never staler
  // than the position itself. It starts set: a reload may put the page
  // back where it was.
  var placing = false, mayHaveScrolled = true;
  function scrolled() { mayHaveScrolled = true; }
  ["scroll", "pointerdown", "touchstart", "wheel", "keydown"].forEach(function (type) {
    window.addEventListener(type, scrolled, { capture: true, passive: true });
  });
  window.tablesideScrolled = scrolled;
  function keepPlace(swap) {
    if (placing) { swap(); return; } // inside another's swap (a frame's): measured by it
    var at = mayHaveScrolled ? placeBefore() : null;
    // The cards a pick has ticked so far (a stake's) stay ticked when
    // another player's move redraws the sheet.
    var ticked = [];
    document.querySelectorAll("form[data-move] .pick input:checked").forEach(function (b) { ticked.push(b.name); });
    placing = true;
    try { swap(); } finally { placing = false; }
    ticked.forEach(function (n) {
      document.querySelectorAll('form[data-move] .pick input[name="' + CSS.escape(n) + '"]').forEach(function (b) { b.checked = true; });
    });
    if (at) placeAfter(at);
  }

  // placeBefore is where the player looks before a swap: the page's scroll
  // and, scrolled past the top of the turn bar, where the game under it
  // sits; and each map frame's scroll. Everything at its origin, nothing
  // can move until something scrolls again (mayHaveScrolled).
  function placeBefore() {
    var live = document.getElementById("live"), turn = document.getElementById("turn");
    var x = window.scrollX, y = window.scrollY;
    var below = (x || y) && live && turn && turn.getBoundingClientRect().top < 0;
    var at = { live: live, x: x, y: y, below: below, top: below ? live.getBoundingClientRect().top : 0, frames: [] };
    var still = !x && !y;
    document.querySelectorAll(MAP_FRAMES).forEach(function (f) {
      at.frames.push([f, f.scrollLeft, f.scrollTop]);
      if (f.scrollLeft || f.scrollTop) still = false;
    });
    if (still) mayHaveScrolled = false;
    return at;
  }

  // placeAfter puts the place back after the swap. A map frame the swap
  // redraws gets its scroll back; one it keeps (draw) never lost it. It
  // gets it back after the frame's scripts (a microtask): setting a scroll
  // lays the page out, and mapzoom.js, which opens a redrawn map, lays it
  // out again for its own placing (which wins: it takes tsScroll off a map
  // it places). The page's own scroll is read again only when it was
  // scrolled: at its top, nothing above can move what the player sees.
  function placeAfter(at) {
    var back = [];
    document.querySelectorAll(MAP_FRAMES).forEach(function (f, i) {
      var was = at.frames[i];
      if (was && was[0] !== f && (was[1] || was[2])) { f.tsScroll = [was[1], was[2]]; back.push(f); }
    });
    if (back.length) Promise.resolve().then(function () {
      back.forEach(function (f) {
        if (f.tsScroll) { f.scrollLeft = f.tsScroll[0]; f.scrollTop = f.tsScroll[1]; delete f.tsScroll; }
      });
    });
    if (at.below) window.scrollBy(0, at.live.getBoundingClientRect().top - at.top);
    else if ((at.x || at.y) && (window.scrollY !== at.y || window.scrollX !== at.x)) window.scrollTo(at.x, at.y);
  }
  var MAP_FRAMES = "#live .cq-map-wrap, #live .cc-map-wrap";
  // Another script that changes the page above where the player looks
  // outside a frame (nudge.js's hint, added when a wake lock is refused
  // after the frame was drawn) keeps the place the same way.
  window.tablesideKeepPlace = keepPlace;

  // draw puts a live region's new HTML in place. A part marked data-keep
  // (a board's map: a large SVG) whose markup is what was drawn last time
  // stays the very element on the page, never taken out, so the browser
  // neither builds, styles nor lays it out again, and what scripts did to
  // it (mapzoom.js's zoom and scroll, a picked territory) stays; the
  // elements around it become the new ones. Changed, it is patched (only
  // its drawing's changed pieces are new: patch) or, when more than its
  // pieces changed, replaced like the rest. A part whose markup is, to the byte, the one it was drawn
  // from (tsRaw: the frame's own text of it) is not even parsed: it comes
  // to the parser as an empty element of its name (the map is most of a
  // frame's markup, and parsing it most of a frame's script time). Other
  // text (the page's own part, a fetched page's) is compared as parsed:
  // tsSource is the part's markup as it came (a script may change the
  // element since).
  function draw(live, html) {
    var raws = keptParts(html), cut = "", at = 0, cutOut = {};
    raws.forEach(function (r) {
      var old = live.querySelector('[data-keep="' + CSS.escape(r.name) + '"]');
      if (!old || old.tsRaw !== r.raw) return;
      cut += html.slice(at, r.start) + "<" + r.tag + ' data-keep="' + r.name + '"></' + r.tag + ">";
      at = r.end;
      cutOut[r.name] = true;
    });
    var tpl = document.createElement("template");
    tpl.innerHTML = at ? cut + html.slice(at) : html;
    var fresh = tpl.content, same = new Map(), patches = [];
    fresh.querySelectorAll("[data-keep]").forEach(function (n) {
      var name = n.getAttribute("data-keep"), pairs = [];
      var old = live.querySelector('[data-keep="' + CSS.escape(name) + '"]');
      var raw = raws.filter(function (r) { return r.name === name; })[0];
      var changed = false;
      if (!cutOut[name]) {
        n.tsSource = n.outerHTML;
        marks(n);
        if (raw) n.tsRaw = raw.raw;
        if (!old) return;
        changed = old.tsSource !== n.tsSource;
        if (changed && !patchable(old, n)) return;
        if (raw) old.tsRaw = raw.raw; // the next frame's same text is known unparsed
      }
      // It stands where it stood: the same elements down from the region.
      for (var a = n, b = old; a.parentNode !== fresh; ) {
        a = a.parentNode; b = b.parentNode;
        if (b === live || a.tagName !== b.tagName || (same.has(a) && same.get(a) !== b)) return redrawn(n, old);
        pairs.push([a, b]);
      }
      if (b.parentNode !== live) return redrawn(n, old);
      same.set(n, old);
      pairs.forEach(function (p) { same.set(p[0], p[1]); });
      if (changed) patches.push([old, n]);
    });
    graft(live, fresh, same, true);
    patches.forEach(function (p) { patch(p[0], p[1]); });
  }

  // A kept part whose markup changed (a map after a move: one territory
  // taken, a company's badge on three) stays the same element when only
  // its drawing's pieces changed: the part and its one drawing (the svg)
  // start as they did, and the drawing's pieces are swapped one by one,
  // each unchanged piece (a territory whose markup is the same) staying
  // the very element. The browser lays out and paints the new pieces
  // alone; a whole map laid out again cost a phone ten times a frame that
  // kept it. What scripts did to the part itself (mapzoom.js's zoom and
  // scroll) stays. tsSource on a piece is its markup as it came.
  function patchable(old, n) {
    var a = old.firstElementChild, b = n.firstElementChild;
    return !!a && !!b && old.tsHead === headOf(n) && a.tsHead === headOf(b) &&
      !a.nextElementSibling && !b.nextElementSibling && old.childElementCount === 1;
  }
  function headOf(el) { return el.cloneNode(false).outerHTML; }
  function patch(old, n) {
    var into = old.firstElementChild, from = n.firstElementChild, spare = new Map();
    Array.prototype.forEach.call(into.childNodes, function (c) {
      var k = c.tsSource || (c.nodeType === 1 ? null : pieceOf(c.nodeValue));
      if (k === null) return;
      if (!spare.has(k)) spare.set(k, []);
      spare.get(k).push(c);
    });
    var kids = Array.prototype.map.call(from.childNodes, function (c) {
      var k = c.nodeType === 1 ? c.tsSource || pieceOf(c.outerHTML) : pieceOf(c.nodeValue), was = spare.get(k);
      if (was && was.length) return was.shift();
      if (c.nodeType === 1) c.tsSource = k;
      return c;
    });
    var stays = new Set(kids);
    Array.prototype.slice.call(into.childNodes).forEach(function (o) { if (!stays.has(o)) into.removeChild(o); });
    var at = into.firstChild;
    kids.forEach(function (k) { if (k === at) at = at.nextSibling; else into.insertBefore(k, at); });
    old.tsSource = n.tsSource;
  }

  // marks notes, on a kept part drawn from new markup, what patch needs:
  // the part's and its drawing's start tags and each piece's markup.
  function marks(part) {
    part.tsHead = headOf(part);
    var d = part.firstElementChild;
    if (!d) return;
    d.tsHead = headOf(d);
    Array.prototype.forEach.call(d.children, function (c) { c.tsSource = pieceOf(c.outerHTML); });
  }
  // pieceOf is a piece's markup with each run of white space one space: a
  // page's map is drawn with the templates' indentation, a frame's without
  // (web/compact_html.go), and inside an svg the two draw the same.
  function pieceOf(markup) { return markup.replace(/\s+/g, " "); }

  // redrawn is a kept part cut from the frame unparsed that cannot stay
  // where it is (the markup around it moved it): its text, the same as the
  // old element's, is parsed after all and drawn anew like a changed part.
  function redrawn(n, old) {
    if (n.hasChildNodes() || !old) return;
    var tpl = document.createElement("template");
    tpl.innerHTML = old.tsRaw;
    var c = tpl.content.firstElementChild;
    c.tsSource = old.tsSource; c.tsRaw = old.tsRaw;
    marks(c);
    n.replaceWith(c);
  }

  // keptParts finds the data-keep parts in a frame's markup as text: each
  // one's name, its element's tag, and where its markup starts and ends
  // (the element's closing tag found by counting its tag's openings and
  // closings; the server's HTML has every "<" in text and attributes
  // escaped, so each "<tag" is a tag).
  function keptParts(html) {
    var out = [], re = /<([a-z]+)\b[^>]*\sdata-keep="([^"]*)"[^>]*>/g, m;
    while ((m = re.exec(html))) {
      var tag = m[1], depth = 1, from = re.lastIndex, open = new RegExp("<(/?)" + tag + "\\b[^>]*>", "g"), t;
      open.lastIndex = from;
      while (depth > 0 && (t = open.exec(html))) depth += t[1] ? -1 : 1;
      if (depth > 0) break; // unclosed: parsed as it comes
      out.push({ name: m[2], tag: tag, start: m.index, end: open.lastIndex, raw: html.slice(m.index, open.lastIndex) });
      re.lastIndex = open.lastIndex;
    }
    return out;
  }

  // graft makes old's children those of fresh, where same names the old
  // element that stands for a new one: a kept part as it is, an element
  // holding one made like its new self (attributes and children).
  function graft(old, fresh, same, root) {
    if (!root) {
      Array.prototype.slice.call(old.attributes).forEach(function (at) { if (!fresh.hasAttribute(at.name)) old.removeAttribute(at.name); });
      Array.prototype.forEach.call(fresh.attributes, function (at) { if (old.getAttribute(at.name) !== at.value) old.setAttribute(at.name, at.value); });
    }
    var kids = Array.prototype.map.call(fresh.childNodes, function (c) {
      var o = same.get(c);
      if (!o) return c;
      if (!c.hasAttribute("data-keep")) graft(o, c, same, false);
      return o;
    });
    var stays = new Set(kids);
    Array.prototype.slice.call(old.childNodes).forEach(function (o) { if (!stays.has(o)) old.removeChild(o); });
    var at = old.firstChild;
    kids.forEach(function (k) { if (k === at) at = at.nextSibling; else old.insertBefore(k, at); });
  }

  // newKey is 128 random bits; crypto.getRandomValues works on plain http
  // LAN addresses too (randomUUID needs a secure context).
  function newKey() {
    var b = new Uint8Array(16);
    window.crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return ("0" + x.toString(16)).slice(-2); }).join("");
  }

  // Command forms (and the host's undo and redo, which also name the
  // command they take) carry an idempotency key, fresh for each page (each
  // tap): a double tap, or the browser resending the post, applies once.
  function armForms(root) {
    root.querySelectorAll("form[action$='/commands']:not([data-move]), form[action$='/undo'], form[action$='/redo']").forEach(function (f) {
      var k = f.querySelector("input[name=idem]");
      if (!k) {
        k = document.createElement("input");
        k.type = "hidden"; k.name = "idem";
        f.appendChild(k);
      }
      if (!k.value) k.value = newKey();
      if (f.getAttribute("data-armed")) return;
      f.setAttribute("data-armed", "1");
      f.addEventListener("submit", function (ev) {
        if (f.getAttribute("data-busy")) { ev.preventDefault(); return; }
        f.setAttribute("data-busy", "1");
        // Disable after the browser has read the form, so the button still counts.
        setTimeout(function () {
          f.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
        }, 0);
      });
    });
  }

  // A live frame draws a closed part a player seldom opens (a Cold Cash
  // statement) as its summary alone: details.part[data-part] with an id
  // (the page draws it whole, details.part alone). Opened,
  // it is filled from this screen's own page, fetched (the same viewer's
  // page, so nothing another screen would not see); a part the player
  // opened stays open across live updates, filled again.
  var openParts = {};
  function fillPart(d) {
    if (!d.hasAttribute("data-part") || d.hasAttribute("data-loading")) return;
    d.setAttribute("data-loading", "");
    fetch(location.href, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }).then(function (html) {
      d.removeAttribute("data-loading");
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById(d.id);
      if (!fresh || !document.contains(d)) return; // a newer frame came meanwhile: it fills its own
      d.innerHTML = fresh.innerHTML;
      d.removeAttribute("data-part");
      armForms(d);
    }).catch(function () { d.removeAttribute("data-loading"); });
  }
  // toggle does not bubble: it is heard on its way down.
  document.addEventListener("toggle", function (ev) {
    var d = ev.target;
    if (!d.matches || !d.matches("#live details.part[id]")) return;
    if (!d.open) { delete openParts[d.id]; return; }
    openParts[d.id] = true;
    fillPart(d);
  }, true);
  function reopenParts() {
    Object.keys(openParts).forEach(function (id) {
      var d = document.getElementById(id);
      if (d && d.matches("#live details.part") && !d.open) d.open = true; // its toggle fills it
    });
  }

  // liveOf fetches a game page and gives its live region's HTML.
  // frameOf reads a live frame (web/live_frame.go): a JSON line (seq,
  // status, cues), then the live region, the turn bar and the feed as HTML,
  // separated by empty comment lines.
  function frameOf(data) {
    var nl = data.indexOf("\n");
    var msg = JSON.parse(nl < 0 ? data : data.slice(0, nl));
    if (nl < 0) return msg;
    var parts = data.slice(nl + 1).split("\n<!---->\n");
    msg.html = parts[0];
    msg.turn = parts[1];
    msg.feed = parts[2];
    return msg;
  }

  function liveOf(href) {
    return fetch(href, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
      if (!fresh) throw new Error("no live region");
      return fresh.innerHTML;
    });
  }

  // A map tap ([data-inplace] links: a territory, "clear") selects in place:
  // the page for the new selection is fetched and its live region swapped
  // in, with no reload and no jump. Without JavaScript the link still works.
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest ? ev.target.closest("a[data-inplace]") : null;
    if (!a || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.button !== 0) return;
    var url = new URL(a.getAttribute("href"), location.href);
    ev.preventDefault();
    liveOf(url.href).then(function (html) {
      var live = document.getElementById("live");
      if (!live) { location.href = url.href; return; }
      draw(live, html);
      armForms(live);
      history.replaceState(null, "", url.href);
      document.dispatchEvent(new CustomEvent("tableside:updated"));
      var panel = document.getElementById("panel");
      if (panel && window.innerWidth < 1000) { scrolled(); panel.scrollIntoView({ block: "nearest" }); }
    }).catch(function () { location.href = url.href; });
  });

  // Coming back to a page from the history: a new tap deserves a new key.
  window.addEventListener("pageshow", function (ev) {
    if (!ev.persisted) return;
    leaving = false;
    document.querySelectorAll("form[data-busy]").forEach(function (f) {
      f.removeAttribute("data-busy");
      f.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
      var k = f.querySelector("input[name=idem]");
      if (k) k.value = newKey();
    });
  });

  // Money that just moved on this phone ("+$120 Luxor dividend") shows for
  // a few seconds when it is news: newer than the last one this page saw.
  function flashNews() {
    document.querySelectorAll("[data-flash]").forEach(function (el) {
      var key = "flash:" + location.pathname, seq = parseInt(el.getAttribute("data-flash"), 10);
      var seen = parseInt(sessionStorage.getItem(key) || "-1", 10);
      if (seen >= 0 && seq > seen) {
        el.classList.add("show");
        // Faded out, it gives its place back: no empty band above the page.
        el.addEventListener("animationend", function () { el.classList.remove("show"); }, { once: true });
      }
      if (seq > seen) sessionStorage.setItem(key, String(seq)); // written only when it grows: every frame asks
    });
  }
  document.addEventListener("tableside:updated", flashNews);

  // The page's own kept parts are noted as the server drew them (draw),
  // now: this script runs before the others (each deferred, in order), and
  // a timer of theirs may run before DOMContentLoaded; mapzoom.js marks an
  // opened map, and a map noted after that never matched its next frame,
  // which then drew the whole map anew.
  document.querySelectorAll("[data-live] #live [data-keep]").forEach(function (k) { k.tsSource = k.outerHTML; marks(k); });

  document.addEventListener("DOMContentLoaded", function () {
    flashNews();
    offline = document.querySelector(".offline");
    armForms(document);
    document.querySelectorAll("[data-live]").forEach(connect);
  });
})();
