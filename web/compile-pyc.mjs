// Build tool (not part of the site): compile Python sources to .pyc files with the
// site's own Pyodide, so the browser imports bytecode instead of compiling at start-up.
// stdin: JSON {"path.py": "source", ...}; stdout: JSON {"path.pyc": "<base64>", ...}.
// The .pyc files are "unchecked hash" based: valid for exactly these sources, no timestamps.

import { readFileSync } from "node:fs";
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";

const sources = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide({ indexURL: new URL("./node_modules/pyodide/", import.meta.url).pathname });
pyodide.globals.set("sources_json", JSON.stringify(sources));
const out = pyodide.runPython(`
import base64, json, os, py_compile
out = {}
for path, text in sorted(json.loads(sources_json).items()):
    source = "/tmp/src/" + path
    os.makedirs(os.path.dirname(source), exist_ok=True)
    with open(source, "w", encoding="utf-8") as f:
        f.write(text)
    target = "/tmp/pyc/" + path + "c"
    py_compile.compile(source, cfile=target, dfile=path, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(target, "rb") as f:
        out[path + "c"] = base64.b64encode(f.read()).decode()
json.dumps(out)
`);
process.stdout.write(out);
