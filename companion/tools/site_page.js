// Added to the static site's page (companion/tools/static_site.py), after the served
// app's script. The saved tables live in this browser's storage (IndexedDB), which a
// browser may clear when the phone runs low on space unless the site asks to keep it.
// Only a page may ask (not the Python worker): the answer is kept in local storage,
// where the app reads it ("flutter." + key: ft.SharedPreferences on the web).
(function () {
  "use strict";
  var KEPT = "flutter.companion.storage_kept";
  function remember(kept) {
    try { localStorage.setItem(KEPT, JSON.stringify(!!kept)); } catch (e) { /* no storage */ }
  }
  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persisted().then(function (kept) {
      return kept || navigator.storage.persist();
    }).then(remember, function () { remember(false); });
  } else {
    remember(false);
  }
})();
