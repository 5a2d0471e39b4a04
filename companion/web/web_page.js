// Added to the web client's page by companion/web/compressed.py.
// The words, the service worker's URL, the text size, the fonts and the keep-awake
// videos are filled in when the page is served.
(function () {
  "use strict";
  // The banner's words in each language; the phone's own choice (Home, kept in its
  // storage by the app) picks one, else the browser's language.
  var TEXTS = __TEXTS__;
  var LANGUAGE = __LANGUAGE_KEY__;
  function language() {
    var chosen = null;
    try { chosen = JSON.parse(localStorage.getItem(LANGUAGE) || "null"); } catch (e) { /* none */ }
    var lang = chosen || (navigator.language || "en").slice(0, 2);
    return TEXTS[lang] ? lang : "en";
  }
  var root = document.documentElement;

  // Larger text (Settings, kept by ft.SharedPreferences in this browser's local storage
  // under "flutter." + its key). Flutter's web engine takes its text scale from the
  // page's root font size, which is also where the browser's own text size setting
  // lands: a percentage keeps that setting and scales on top of it.
  var LARGER = "flutter.companion.larger_text";
  var THEME = "flutter.companion.theme";
  function applyTextSize() {
    var on = false;
    try { on = localStorage.getItem(LARGER) === "true"; } catch (e) { /* no storage */ }
    root.style.fontSize = on ? "__LARGER_PERCENT__%" : "";
  }
  applyTextSize();

  // The phone's pass (kept by the app once the table's code was given) goes with its
  // requests as a cookie: the server knows a phone that joined before from its first
  // message, however many sessions wait for the code (companion/web/server.py).
  var PASS = __PASS_KEY__, PASS_COOKIE = __PASS_COOKIE__;
  function keepPass() {
    var kept = null;
    try { kept = JSON.parse(localStorage.getItem(PASS) || "null"); } catch (e) { /* none */ }
    var known = typeof kept === "string" && kept !== "";
    document.cookie = PASS_COOKIE + "=" + (known ? encodeURIComponent(kept) : "") +
      "; path=/; SameSite=Strict" + (known ? "" : "; max-age=0");
  }
  keepPass();
  var setItem = Storage.prototype.setItem, removeItem = Storage.prototype.removeItem;
  Storage.prototype.setItem = function (key, value) {
    setItem.call(this, key, value);
    if (key === LARGER) applyTextSize();
    if (key === PASS) keepPass();
  };
  Storage.prototype.removeItem = function (key) {
    removeItem.call(this, key);
    if (key === LARGER) applyTextSize();
    if (key === PASS) keepPass();
  };

  // Out of reach. Flet's client blanks the screen ("Working...") the moment its
  // WebSocket closes, and tries again every half second: the round and the markers
  // could not be read. Instead the client is told that its socket closed only once
  // the server answers again (a probe every PROBE_MS): until then the last screen stays
  // as it was, readable and scrollable, a tap or a key does nothing (``shield``), and
  // the banner says why. Back, the client connects again and the server sends the
  // screen as it is now: drawn from the saved tables by a restarted server, or as the
  // same server kept it up to date with the other phones' changes meanwhile.
  var PROBE_MS = 2000;
  var held = null;  // while out of reach: the client's close and error listeners' calls
  var drawn = false;  // the server has sent this page a screen
  var banner = null, showing = null;
  function dark() {
    var chosen = null;
    try { chosen = JSON.parse(localStorage.getItem(THEME) || "null"); } catch (e) { /* none */ }
    if (chosen === "dark" || chosen === "light") return chosen === "dark";
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  }
  function show() {
    if (banner || showing) return;
    showing = setTimeout(function () {  // a blink of the network is not worth a banner
      showing = null;
      banner = document.createElement("div");
      banner.id = "connection-lost";
      banner.setAttribute("role", "alert");
      // A page opened while out of reach has no screen to read yet.
      var lang = language();
      banner.textContent = drawn ? TEXTS[lang].reconnecting : TEXTS[lang].blank;
      banner.lang = lang;  // Japanese lines break between phrases (auto-phrase, below)
      var night = dark();
      // Over the bottom bar (its buttons wait too), not over the round and the step;
      // two lines at 360 px, no more than the bar.
      // In the app's own font (``bannerFonts``) at the weight of its text and the size
      // of its notices (15 px, scaled with its text).
      banner.style.cssText = "position:fixed;left:12px;right:12px;z-index:2147483647;" +
        "bottom:calc(12px + env(safe-area-inset-bottom, 0px));padding:12px 16px;" +
        "border-radius:12px;font:400 .9375rem/1.35 " + BANNER_FONT + ";" +
        "word-break:auto-phrase;" +
        "pointer-events:none;box-shadow:0 2px 8px rgba(0,0,0,.3);" +
        (night ? "background:#93000a;color:#ffdad6;" : "background:#ffdad6;color:#410002;");
      document.body.appendChild(banner);
    }, 1000);
  }
  function hide() {
    drawn = true;
    if (showing) { clearTimeout(showing); showing = null; }
    if (banner) { banner.remove(); banner = null; }
    root.classList.remove("out-of-reach");
  }

  // While out of reach a tap ends in a cancel (a drag still scrolls: the finger's up
  // becomes a cancel, so no tap completes), and keys and a screen reader's clicks stop
  // here. Listened to on the window first of all, before the client's own listeners.
  function shield(event) {
    if (!root.classList.contains("out-of-reach")) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    if (event.type === "pointerup") {
      event.target.dispatchEvent(new PointerEvent("pointercancel", {
        bubbles: true, pointerId: event.pointerId, pointerType: event.pointerType,
        isPrimary: event.isPrimary, clientX: event.clientX, clientY: event.clientY }));
    }
  }
  ["pointerup", "click", "dblclick", "keydown", "keypress", "keyup", "beforeinput",
   "input", "paste"].forEach(function (type) {
    window.addEventListener(type, shield, true);
  });
  var veil = document.createElement("style");  // the screen greyed: it is not live
  veil.textContent = "html.out-of-reach body > :not(#connection-lost)" +
    "{filter:grayscale(.85) opacity(.8)}";
  document.head.appendChild(veil);

  // The banner's words in the app's font (the client draws its own text in a canvas,
  // from the same files): its Latin subset, and the Japanese font for what that lacks.
  // Once the first screen is drawn (the client has fetched them: the browser's cache
  // has them) the files the banner's language needs are loaded, so that they are at
  // hand when the server is not; a phone reading English never asks for the Japanese.
  var BANNER_FONTS = __BANNER_FONTS__;
  var BANNER_FONT = '"Companion Latin","Companion Japanese",system-ui,sans-serif';
  function bannerFonts() {
    var base = (window.flet && window.flet.assetBase) || "/";
    var faces = document.createElement("style");
    faces.textContent =
      '@font-face{font-family:"Companion Latin";src:url("' + base + BANNER_FONTS.latin + '")}' +
      '@font-face{font-family:"Companion Japanese";src:url("' + base + BANNER_FONTS.japanese +
      '")}';
    document.head.appendChild(faces);
    if (!document.fonts || !document.fonts.load) return;
    var families = ['"Companion Latin"'];
    if (language() === "ja") families.push('"Companion Japanese"');
    families.forEach(function (family) {
      document.fonts.load("1em " + family).catch(function () { /* system-ui */ });
    });
  }
  window.addEventListener("flutter-first-frame", bannerFonts, { once: true });

  var NativeSocket = window.WebSocket;
  function lost(url) {
    if (held) return;
    held = [];
    root.classList.add("out-of-reach");
    if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
    show();
    var probing = false;
    var probe = setInterval(function () {
      if (probing) return;
      probing = true;
      var answer;
      try { answer = new NativeSocket(url); } catch (e) { probing = false; return; }
      answer.onerror = answer.onclose = function () { probing = false; };
      answer.onopen = function () {
        answer.onclose = null;
        answer.close();
        clearInterval(probe);
        var calls = held;
        held = null;  // the client is told now, and connects again
        calls.forEach(function (call) { call(); });
      };
    }, PROBE_MS);
  }
  // The client's close and error listeners on its socket, called later while out of
  // reach (a listener it removes is found by the one it added).
  function holdClosing(socket) {
    var add = socket.addEventListener, remove = socket.removeEventListener;
    var wrapped = new Map();
    function later(listener) {
      if (!wrapped.has(listener)) {
        wrapped.set(listener, function (event) {
          var call = function () { listener.call(socket, event); };
          if (held) held.push(call); else call();
        });
      }
      return wrapped.get(listener);
    }
    socket.addEventListener = function (type, listener, options) {
      var closing = (type === "close" || type === "error") && typeof listener === "function";
      return add.call(socket, type, closing ? later(listener) : listener, options);
    };
    socket.removeEventListener = function (type, listener, options) {
      return remove.call(socket, type, wrapped.get(listener) || listener, options);
    };
    ["close", "error"].forEach(function (type) {
      var current = null;
      Object.defineProperty(socket, "on" + type, {
        get: function () { return current; },
        set: function (listener) {
          if (current) remove.call(socket, type, later(current));
          current = typeof listener === "function" ? listener : null;
          if (current) add.call(socket, type, later(current));
        }
      });
    });
  }
  function Watched(url, protocols) {
    var socket = protocols === undefined ? new NativeSocket(url) : new NativeSocket(url, protocols);
    if (/\/ws(\?|$)/.test(String(url))) {
      socket.addEventListener("message", hide);
      socket.addEventListener("close", function () { lost(url); });
      socket.addEventListener("error", function () { lost(url); });
      holdClosing(socket);
    }
    return socket;
  }
  Watched.prototype = NativeSocket.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) {
    Watched[name] = NativeSocket[name];
  });
  window.WebSocket = Watched;

  // Flet's client asks a CDN for Rive's runtime at every start, which the app never
  // uses (with mobile data, a phone downloaded it at every start). It fails at once
  // instead, asking nobody, as it did at a table whose Wi-Fi has no internet.
  var CDN_RUNTIME = /^https:\/\/cdn\.jsdelivr\.net\/npm\/@rive-app\//;
  var scriptSrc = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
  Object.defineProperty(HTMLScriptElement.prototype, "src", {
    configurable: true, enumerable: scriptSrc.enumerable, get: scriptSrc.get,
    set: function (url) {
      scriptSrc.set.call(this, CDN_RUNTIME.test(String(url)) ? __NO_RUNTIME__ : url);
    }
  });

  // The phone's time zone, for the session to show its dates and times in (read at the
  // session's start, companion/ui/phone_time.py): its name, and the offset now for a
  // server that does not know the name ("Asia/Tokyo +09:00").
  try {
    var minutes = -new Date().getTimezoneOffset(), whole = Math.abs(minutes);
    var offset = (minutes < 0 ? "-" : "+") + String(Math.floor(whole / 60)).padStart(2, "0") +
      ":" + String(whole % 60).padStart(2, "0");
    var zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { /* */ }
    setItem.call(localStorage, __ZONE_KEY__, JSON.stringify(zone ? zone + " " + offset : offset));
  } catch (e) { /* no storage: the server's time zone */ }

  // The app's font (companion/web/compressed.py): the font manifest names its Latin
  // subset, and Flutter fetches the Japanese font once Japanese text is drawn. A phone
  // reading Japanese draws with it from the first frame: its manifest names it instead.
  var FONTS = __FONTS__;
  var nativeFetch = window.fetch;
  if (language() === "ja" && nativeFetch) {
    window.fetch = function (input) {
      var url = String(input && input.url || input);
      if (!/\/assets\/FontManifest\.json(\?|$)/.test(url)) return nativeFetch.apply(this, arguments);
      window.fetch = nativeFetch;  // asked once, before the first frame
      return nativeFetch.apply(this, arguments).then(function (response) {
        if (!response.ok) return response;
        return response.json().then(function (families) {
          families.forEach(function (family) {
            if (family.family === FONTS.family) family.fonts = [{ asset: FONTS.japanese }];
          });
          return new Response(JSON.stringify(families), {
            status: response.status, headers: { "Content-Type": "application/json" } });
        });
      });
    };
  }

  // Keep the screen on (Settings): the session asks for it on Play and Score
  // (companion/ui/awake.py) through ft.Wakelock, whose web plugin calls Wakelock.toggle
  // on this page. Browsers offer the Wake Lock API only to secure pages (https, this
  // computer), so at a phone on http://192.168… it did nothing. There, or when the
  // browser refuses a lock, the screen is kept on as NoSleep.js does it (its video,
  // assets/keep_awake, MIT): a tiny muted video looping inline. A browser may refuse to
  // play it before the phone has been tapped: the next tap starts it.
  var VIDEOS = __VIDEOS__;
  var awake = { wanted: false, lock: null, video: null };
  function playVideo() {
    if (!awake.wanted) return;
    var video = awake.video;
    if (!video) {
      video = awake.video = document.createElement("video");
      video.id = "keep-awake";
      video.muted = video.defaultMuted = video.loop = video.playsInline = true;
      ["muted", "loop", "playsinline"].forEach(function (name) { video.setAttribute(name, ""); });
      video.setAttribute("aria-hidden", "true");
      video.style.cssText = "position:fixed;left:0;bottom:0;width:1px;height:1px;" +
        "opacity:0;pointer-events:none;";
      var base = (window.flet && window.flet.assetBase) || "/";
      VIDEOS.forEach(function (file) {
        var source = document.createElement("source");
        source.src = base + file.src;
        source.type = file.type;
        video.appendChild(source);
      });
      document.body.appendChild(video);
    }
    if (!video.paused) return;
    var playing = video.play();
    if (playing && playing.catch) playing.catch(function () { /* the next tap */ });
  }
  function holdScreen() {
    if (!awake.wanted || awake.lock || (awake.video && !awake.video.paused)) return;
    if (!(window.isSecureContext && navigator.wakeLock)) { playVideo(); return; }
    navigator.wakeLock.request("screen").then(function (lock) {
      if (!awake.wanted) { lock.release(); return; }
      awake.lock = lock;
      if (awake.video) awake.video.pause();
      lock.addEventListener("release", function () {
        if (awake.lock === lock) awake.lock = null;  // the page was hidden: asked again
      });
    }, playVideo);
  }
  function letSleep() {
    var lock = awake.lock;
    awake.lock = null;
    if (lock) lock.release().catch(function () { /* released already */ });
    if (awake.video) awake.video.pause();
  }
  function follow(plugin) {
    if (!plugin || typeof plugin !== "object") return plugin;
    plugin.toggle = function (enable) {
      awake.wanted = !!enable;
      if (awake.wanted) holdScreen(); else letSleep();
      return Promise.resolve();
    };
    plugin.enabled = function () {
      return Promise.resolve(!!(awake.lock || (awake.video && !awake.video.paused)));
    };
    return plugin;
  }
  var wakelockPlugin = follow(window.Wakelock);
  // The plugin's script (wakelock_plus's no_sleep.js) sets its global when it loads.
  Object.defineProperty(window, "Wakelock", {
    configurable: true,
    get: function () { return wakelockPlugin; },
    set: function (plugin) { wakelockPlugin = follow(plugin); }
  });
  ["pointerup", "touchend", "keydown"].forEach(function (type) {
    window.addEventListener(type, holdScreen, true);
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") holdScreen();
  });

  // Offline: the service worker keeps this version of the client, so a reload while
  // the server is out of reach still opens the app (and the banner above). Browsers
  // allow one only on https pages and on this computer (127.0.0.1, localhost).
  // It is registered once the first screen has been drawn (KEEP_AFTER_MS after the
  // client's first frame, its "loading"): a first visit's client comes straight from
  // the server (through the worker, the start took 0.25 s longer), and the worker then
  // keeps the files this page fetched, from the browser's cache.
  var KEEP_AFTER_MS = 2000;
  function keepThisClient(registration) {
    var files = performance.getEntriesByType("resource").map(function (entry) {
      return new URL(entry.name);
    }).filter(function (url) {
      return url.origin === location.origin && url.pathname.indexOf("/v/") === 0;
    }).map(function (url) { return url.pathname; });
    registration.active.postMessage({ keep: files });
  }
  if (__WORKER__ && "serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("flutter-first-frame", function () {
      // A page the worker served (a later visit) was kept as it came. Asked before
      // registering: a new worker takes this page over as it starts.
      var served = !!navigator.serviceWorker.controller;
      setTimeout(function () {
        navigator.serviceWorker.register(__WORKER__)
          .then(function () { return navigator.serviceWorker.ready; })
          .then(function (registration) { if (!served) keepThisClient(registration); })
          .catch(function () { /* no offline */ });
      }, KEEP_AFTER_MS);
    }, { once: true });
  }

  // The table's code leaves the address bar once the phone has joined: the app then
  // goes to the same page without it (companion/ui/views/access_code.py), and that step
  // replaces the history entry that held the code, so Back does not show it either.
  function forgetCodeOnJoin() {
    var push = history.pushState;
    history.pushState = function (state, title, url) {
      var target = url == null ? null : new URL(url, location.href);
      if (target && !target.searchParams.has("code") && target.pathname === location.pathname
          && new URLSearchParams(location.search).has("code")) {
        history.pushState = push;
        return history.replaceState(state, title, url);
      }
      return push.apply(history, arguments);
    };
  }
  if (new URLSearchParams(location.search).has("code")) forgetCodeOnJoin();
})();
