// The board is the way to choose (the RISK family's map, Cold Cash Risk's
// map). On a phone a map opens at its working zoom, the smallest at which
// every territory is a tap target of at least 44 px, and centred on what the
// step concerns (the move sheet's first move); the finger pans it (the
// frame scrolls both ways) and a pinch, or the − and + buttons, zoom it.
// Where the whole map already gives every territory 44 px, and on a screen
// pointed at with a mouse (a laptop), it is left as the stylesheet draws it. Its zoom and position survive live
// updates, kept or redrawn (app.js draw). Without JavaScript the stylesheet's wide
// scrolling map stays.
(function () {
  "use strict";

  var FRAMES = ".cq-map-wrap, .cc-map-wrap";
  var TARGETS = ".cq-hit, .cq-tile, .tile"; // each territory's tap area
  var TAP = 44.5;   // px, with half a pixel against rounding
  var MOST = 3;     // zoom in up to 3 times the working zoom

  // kept is each map's view, by its svg's class: the zoom (px per map
  // unit), the map point at the frame's centre, and whether a person moved
  // it (then live updates keep it; else the map follows the step).
  var kept = {};

  // touch: the screen is tapped with a finger (a phone, a tablet).
  var touch = navigator.maxTouchPoints > 0 || window.matchMedia("(pointer: coarse)").matches;

  function keyOf(frame) {
    var svg = frame.querySelector("svg");
    return svg ? svg.getAttribute("class").split(/\s+/)[0] : "";
  }

  function box(svg) {
    var vb = svg.viewBox && svg.viewBox.baseVal;
    return vb && vb.width ? { w: vb.width, h: vb.height } : null;
  }

  // working is the zoom at which the smallest territory is TAP px across.
  function working(svg) {
    var least = Infinity;
    svg.querySelectorAll(TARGETS).forEach(function (el) {
      var b = el.getBBox();
      if (b.width > 0 && b.height > 0) least = Math.min(least, b.width, b.height);
    });
    return least === Infinity ? 0 : TAP / least;
  }

  function fit(frame, vb) { return frame.clientWidth / vb.w; }

  // band is the room a zoomed frame keeps above its map (mapzoom.css),
  // under the − and + that sit over its top corner: map y is frame
  // content y less the band.
  function band(frame) {
    return frame.classList.contains("map-zoomed") ? parseFloat(getComputedStyle(frame).paddingTop) || 0 : 0;
  }

  function zoomOf(frame) {
    var svg = frame.querySelector("svg"), vb = box(svg);
    return svg.getBoundingClientRect().width / vb.w;
  }

  // setZoom draws the map at z px per unit, keeping map point (mx, my) at
  // the frame's point (fx, fy); null zoom gives the map back to the
  // stylesheet (the whole map in its frame).
  function setZoom(frame, z, mx, my, fx, fy) {
    var svg = frame.querySelector("svg"), vb = box(svg);
    if (z === null) {
      svg.style.width = svg.style.minWidth = svg.style.maxWidth = "";
      frame.classList.remove("map-zoomed");
      return;
    }
    var lo = fit(frame, vb), hi = Math.max(working(svg), lo) * MOST;
    z = Math.min(hi, Math.max(lo, z));
    frame.classList.add("map-zoomed");
    svg.style.minWidth = "0";
    svg.style.maxWidth = "none";
    svg.style.width = Math.round(vb.w * z) + "px";
    place(frame, mx * z - fx, my * z + band(frame) - fy);
  }

  // place scrolls a frame, noting where, so that the scroll event this
  // causes is not taken for a person's pan.
  function place(frame, left, top) {
    delete frame.tsScroll; // app.js's scroll to put back on a redrawn map: placed here instead
    frame.scrollLeft = left;
    frame.scrollTop = top;
    frame.tsAt = [frame.scrollLeft, frame.scrollTop];
  }

  // centreOf is the map point of the territory the sheet's first move
  // concerns, or null.
  function centreOf(frame) {
    var want = concerns();
    if (!want) return null;
    var spots = frame.querySelectorAll("[data-territory], .terr[data-id]");
    for (var i = 0; i < spots.length; i++) {
      var el = spots[i], keys = [];
      ["data-territory", "data-id", "data-name"].forEach(function (a) {
        var v = (el.getAttribute(a) || "").trim().toLowerCase();
        if (v) keys.push(v, v.replace(/\s+/g, "-"));
      });
      if (keys.indexOf(want) < 0) continue;
      var b = (el.querySelector(TARGETS) || el).getBBox();
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    }
    return null;
  }

  // concerns is the territory the sheet's first move concerns, or "".
  function concerns() {
    var first = document.querySelector("[data-sheet] form[data-move][data-places]");
    return first ? first.getAttribute("data-places").split("|").filter(Boolean)[0] || "" : "";
  }

  // open draws a freshly made map: as a person left it, else at its
  // working zoom on what the step concerns.
  function open(frame) {
    var svg = frame.querySelector("svg"), vb = svg && box(svg);
    if (!vb) return;
    frame.setAttribute("data-opened", "");
    if (!touch) return; // a mouse points finer than a thumb: the whole map
    var k = kept[keyOf(frame)], z, c;
    if (k && k.moved) {
      z = k.z;
      c = { x: k.x, y: k.y };
    } else {
      z = working(svg);
      if (!z || z <= fit(frame, vb)) z = null;
      c = centreOf(frame) || { x: vb.w / 2, y: vb.h / 2 };
    }
    if (z === null) { setZoom(frame, null); return; }
    setZoom(frame, z, 0, 0, 0, 0);
    z = zoomOf(frame); // as drawn, within its limits
    place(frame, c.x * z - frame.clientWidth / 2, c.y * z + band(frame) - frame.clientHeight / 2);
  }

  // remember keeps a frame's view after a person moved it.
  function remember(frame) {
    var zoomed = frame.classList.contains("map-zoomed");
    var z = zoomed ? zoomOf(frame) : null;
    var k = { moved: true, z: z, x: 0, y: 0 };
    if (zoomed) {
      k.x = (frame.scrollLeft + frame.clientWidth / 2) / z;
      k.y = (frame.scrollTop + frame.clientHeight / 2 - band(frame)) / z;
    }
    kept[keyOf(frame)] = k;
  }

  // tools puts − and + before a map that zooms.
  function tools(frame) {
    if (frame.previousElementSibling && frame.previousElementSibling.classList.contains("map-zoom-tools")) return;
    var bar = document.createElement("div");
    bar.className = "map-zoom-tools";
    [["out", "−", "Zoom the map out"], ["in", "+", "Zoom the map in"]].forEach(function (b) {
      var btn = document.createElement("button");
      btn.type = "button";
      btn.className = "secondary map-zoom-" + b[0];
      btn.setAttribute("data-zoom", b[0]);
      btn.setAttribute("aria-label", b[2]);
      btn.textContent = b[1];
      bar.appendChild(btn);
    });
    frame.parentNode.insertBefore(bar, frame);
  }

  function zoomBy(frame, f) {
    var z = frame.classList.contains("map-zoomed") ? zoomOf(frame) : fit(frame, box(frame.querySelector("svg")));
    var fx = frame.clientWidth / 2, fy = frame.clientHeight / 2;
    setZoom(frame, z * f, (frame.scrollLeft + fx) / z, (frame.scrollTop + fy - band(frame)) / z, fx, fy);
    remember(frame);
  }

  // all opens every map on the page, the page itself staying where it is
  // on the screen (a live update never moves what the player looks at).
  //
  // A map a live update kept (app.js draw: the same element) is opened
  // again only when that could move it: a map no person moved follows
  // the step, so a new first move's territory re-centres it. Otherwise it
  // is as it was opened (or as the person left it), and reading the
  // page's layout to open it again would lay out the whole page once more
  // on every frame.
  function all() {
    var frames = document.querySelectorAll(FRAMES), want = "@" + concerns();
    frames = Array.prototype.filter.call(frames, function (frame) {
      var k = kept[keyOf(frame)];
      return !(frame.tsOpened && (frame.tsOpened === want || (k && k.moved)));
    });
    if (!frames.length) return;
    var top = frames[0].getBoundingClientRect().top;
    frames.forEach(function (frame) {
      open(frame);
      frame.tsOpened = want;
      var svg = frame.querySelector("svg"), vb = svg && box(svg);
      if (touch && vb && working(svg) > fit(frame, vb)) tools(frame);
    });
    var moved = frames[0].getBoundingClientRect().top - top;
    if (moved && window.scrollY > 0) {
      if (window.tablesideScrolled) window.tablesideScrolled();
      window.scrollBy(0, moved);
    }
  }

  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest(".map-zoom-tools button");
    if (!b) return;
    var frame = b.parentNode.nextElementSibling;
    if (frame && frame.matches(FRAMES)) zoomBy(frame, b.getAttribute("data-zoom") === "in" ? 1.5 : 1 / 1.5);
  });

  // Cold Cash Risk's "Whole map" box: the whole map, or back to work.
  document.addEventListener("change", function (ev) {
    if (!ev.target.classList || !ev.target.classList.contains("map-zoom")) return;
    var frame = ev.target.closest(".map-box") && ev.target.closest(".map-box").querySelector(FRAMES);
    if (!frame) return;
    if (ev.target.checked) setZoom(frame, null); else { delete kept[keyOf(frame)]; open(frame); }
    remember(frame);
  });

  // A pan is the frame's own scrolling; it is remembered as it goes.
  document.addEventListener("scroll", function (ev) {
    var f = ev.target;
    if (!f.matches || !f.matches(FRAMES)) return;
    if (f.tsAt && Math.abs(f.scrollLeft - f.tsAt[0]) < 2 && Math.abs(f.scrollTop - f.tsAt[1]) < 2) return; // our own
    remember(f);
  }, true);

  // A pinch zooms about the point between the fingers.
  var pinch = null;
  function spread(ts) { return Math.hypot(ts[0].clientX - ts[1].clientX, ts[0].clientY - ts[1].clientY); }
  document.addEventListener("touchstart", function (ev) {
    var frame = ev.target.closest && ev.target.closest(FRAMES);
    if (!frame || ev.touches.length !== 2) return;
    var r = frame.getBoundingClientRect();
    var z = frame.classList.contains("map-zoomed") ? zoomOf(frame) : fit(frame, box(frame.querySelector("svg")));
    var fx = (ev.touches[0].clientX + ev.touches[1].clientX) / 2 - r.left;
    var fy = (ev.touches[0].clientY + ev.touches[1].clientY) / 2 - r.top;
    pinch = { frame: frame, d: spread(ev.touches), z: z, fx: fx, fy: fy, mx: (frame.scrollLeft + fx) / z, my: (frame.scrollTop + fy - band(frame)) / z };
  }, { passive: true });
  document.addEventListener("touchmove", function (ev) {
    if (!pinch || ev.touches.length !== 2) return;
    ev.preventDefault();
    setZoom(pinch.frame, pinch.z * spread(ev.touches) / pinch.d, pinch.mx, pinch.my, pinch.fx, pinch.fy);
  }, { passive: false });
  document.addEventListener("touchend", function () {
    if (pinch) { remember(pinch.frame); pinch = null; }
  });
  // A laptop's trackpad pinch comes as a wheel with ctrl held.
  document.addEventListener("wheel", function (ev) {
    var frame = ev.ctrlKey && ev.target.closest && ev.target.closest(FRAMES);
    if (!frame || !frame.classList.contains("map-zoomed")) return;
    ev.preventDefault();
    zoomBy(frame, ev.deltaY < 0 ? 1.1 : 1 / 1.1);
  }, { passive: false });

  // Opened after every other script's start (the sheet is drawn by then),
  // and again after each live update, which may redraw the map. A frame
  // brings the turn bar (tableside:view) and then, mostly in the same
  // task, the live region (tableside:updated): the maps are opened once,
  // after both, so the page is laid out once for the frame, not once for
  // each (a microtask runs before the screen is drawn).
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { setTimeout(all, 0); });
  else setTimeout(all, 0);
  var queued = false;
  function soon() {
    if (queued) return;
    queued = true;
    Promise.resolve().then(function () { queued = false; all(); });
  }
  document.addEventListener("tableside:updated", soon);
  // A screen turned or resized opens its maps again at the next update.
  window.addEventListener("resize", function () {
    document.querySelectorAll(FRAMES).forEach(function (frame) { delete frame.tsOpened; });
  });
  document.addEventListener("tableside:view", soon);
})();
