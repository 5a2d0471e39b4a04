// Added to the static site's page (companion/tools/static_site.py), after the served
// app's script. The saved tables live in this browser's storage (IndexedDB), which a
// browser may clear when the phone runs low on space unless the site asks it to keep it.
// Only a page may ask, not the Python worker; the worker reads the answer
// (navigator.storage.persisted, companion/storage/browser.py) and Home says when it is no.
(function () {
  "use strict";
  if (navigator.storage && navigator.storage.persist) {
    navigator.storage.persisted().then(function (kept) {
      return kept || navigator.storage.persist();
    }).catch(function () { /* Home says it is not kept */ });
  }
})();
