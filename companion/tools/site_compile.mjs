// Compiles the Python of the site for the phone's Python: run by static_site.py under
// Node.js with the Pyodide the site ships, so that the bytecode is that Python's own (a
// computer's Python writes another version's).
//
//   node site_compile.mjs PYODIDE_MJS FOLDER OPTIONS_JSON
//
// Every .py under FOLDER is replaced by its .pyc in the source's place (Python loads such
// a file without a source, as Pyodide's own standard library is shipped), but the paths
// in OPTIONS_JSON's "keep" (relative to FOLDER: an entry point that is run by its path).
// Docstrings are left out, but under the folders in "docstrings". Prints one line of
// JSON: {"compiled": N, "failed": ["path: error", ...]}.
import { pathToFileURL } from "node:url";

const [pyodideModule, folder, options] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodideModule).href);
// Without the column of each instruction (python -X no_debug_ranges): a traceback still
// names the line, and the bytecode is a fifth smaller on the phone's first visit.
const pyodide = await loadPyodide({
  stdout: () => {}, stderr: () => {}, env: { PYTHONNODEBUGRANGES: "1" },
});
pyodide.FS.mkdirTree("/app");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/app");
pyodide.globals.set("options", options);
console.log(pyodide.runPython(`
import json, os, py_compile

options = json.loads(options)
keep = {os.path.join("/app", path) for path in options.get("keep", [])}
docstrings = tuple(os.path.join("/app", path) for path in options.get("docstrings", []))
compiled, failed = 0, []
for top, _, files in os.walk("/app"):
    for name in sorted(files):
        source = os.path.join(top, name)
        if not name.endswith(".py") or source in keep:
            continue
        try:
            # Asserts are left out (python -O: an assert restates what the code holds),
            # and docstrings (-OO: nothing here reads one) where no class needs its own.
            # The hash mode records the source's hash, not its file time: the same build
            # writes the same bytes.
            py_compile.compile(source, cfile=source + "c", doraise=True,
                               optimize=1 if source.startswith(docstrings) else 2,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        except py_compile.PyCompileError as err:
            failed.append(f"{source[5:]}: {err.exc_type_name}: {err.exc_value}")
            continue
        os.remove(source)
        compiled += 1
json.dumps({"compiled": compiled, "failed": failed})
`));
