
// Added to Flet's python.js by companion/tools/static_site.py. Flet's page makes the app's
// Python worker only once Flutter's client has loaded and connects (jsConnect), some two
// seconds into a visit, and Pyodide's own start then takes over a second more. Here the
// worker is made as soon as this build's service worker serves the page, and starts
// Pyodide and unpacks the app's archive at once (python-worker.js, "preload"); jsConnect
// takes that worker, and the app itself still starts when jsConnect hands it the client's
// arguments.
// Only under this build's service worker (its URL names the build): under an older
// build's, still in charge while a newer build on the host is taken, the worker would
// load that older build's files.
const earlyPython = { worker: null, taken: false };

function takeEarlyWorker() {
    earlyPython.taken = true;
    const worker = earlyPython.worker;
    earlyPython.worker = null;
    return worker;
}

function startPythonEarly() {
    if (earlyPython.taken || earlyPython.worker) return true;
    const controller = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!controller || !flet.siteBuild || !controller.scriptURL.endsWith("?v=" + flet.siteBuild)) {
        return false;
    }
    earlyPython.worker = new Worker(
        flet.entrypointBaseUrl.replace(/\/$/, "") + "/python-worker.js", { type: "module" });
    earlyPython.worker.postMessage({ preload: flet.pyodideUrl || "pyodide/pyodide.mjs",
                                     archive: flet.appPackageUrl });
    return true;
}

// The page names its build in a script after this one: read once the page is parsed.
document.addEventListener("DOMContentLoaded", () => {
    if (!startPythonEarly() && navigator.serviceWorker) {
        navigator.serviceWorker.addEventListener("controllerchange", startPythonEarly);
    }
}, { once: true });
