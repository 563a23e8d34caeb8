// Build tool (not part of the site): bytecode made by the site's own Pyodide, in node, so the
// browser imports modules instead of compiling them at every start (compiling is most of
// Pyodide's start-up).
//
//   node web/compile-pyc.mjs [STDLIB_IN STDLIB_OUT] < sources.json > pyc.json
//
// stdin: {"hdchess/x.py": "<base64>", "hdchess/y.hdt": "<base64>", ...} (every file of the package: its
// modules import its data); stdout: {"hdchess/x.pyc": "<base64>", ...} for the modules.
// With STDLIB_IN and STDLIB_OUT it also writes a copy of the standard library's zip in which
// every module Pyodide's start-up or the first screen's bridge commands import (found by running
// a short session) is bytecode without docstrings instead of source; the rest stays source. All .pyc files are
// "unchecked hash" based: valid for exactly these sources, no timestamps. The package's have no
// docstrings either (its asserts stay).

import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";

const [stdlibIn, stdlibOut] = process.argv.slice(2);
const sources = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide({
  indexURL: new URL("./node_modules/pyodide/", import.meta.url).pathname,
  ...(stdlibIn ? { stdLibURL: stdlibIn } : {}),
  stdout: (text) => process.stderr.write(`${text}\n`),
});
pyodide.globals.set("sources_json", JSON.stringify(sources));
pyodide.globals.set("stdlib_out", stdlibOut ?? null);
if (stdlibIn) pyodide.FS.writeFile("/tmp/stdlib-in.zip", readFileSync(stdlibIn));
const out = pyodide.runPython(`
import base64, json, os, sys
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash

def pyc(source, name: str, optimize: int = 0, original: bytes | None = None) -> bytes:
    code = compile(source, name, "exec", dont_inherit=True, optimize=optimize)
    return bytes(_code_to_hash_pyc(code, source_hash(original if original is not None else source), False))

def without_docstrings(source: bytes):
    """The module's syntax tree without its docstrings (as -OO does, but its asserts stay); every line
    keeps its number, so tracebacks point at the source. (Only the package's command-line mains read
    __doc__, and they never run in the browser.)"""
    import ast
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                docstring = body.pop(0)
                if not body:
                    body.append(ast.copy_location(ast.Pass(), docstring))
    return tree

out = {}
for path, encoded in sorted(json.loads(sources_json).items()):  # base64: data files may be binary
    data = base64.b64decode(encoded)
    os.makedirs(os.path.dirname("/tmp/src/" + path), exist_ok=True)
    with open("/tmp/src/" + path, "wb") as f:
        f.write(data)
    if path.endswith(".py"):
        out[path + "c"] = base64.b64encode(pyc(without_docstrings(data), path, original=data)).decode()

if stdlib_out:
    import zipfile
    # imported from a zip, as the browser imports the wheel: reading it imports modules too (cp437)
    with zipfile.ZipFile("/tmp/src.zip", "w") as package:
        for path in sorted(json.loads(sources_json)):
            package.write("/tmp/src/" + path, path)
    sys.path.insert(0, "/tmp/src.zip")
    import hdchess.bridge as bridge  # what the first screen asks of Python: the AI comes later, while it thinks
    def call(cmd, **args):
        return json.loads(bridge.handle(json.dumps({"cmd": cmd, "args": args})))
    call("new_game", seed=1, players={"1": "human", "2": "human"})
    for _ in range(4):
        legal = call("view")["result"]["legal"]
        moves = [o["move"] for opts in legal["moves"].values() for o in opts]
        call("play", move=(moves or legal["flips"])[0])
    call("restore", record=call("export")["result"]["record"])
    call("explain", to="a1")
    call("play", move="z9")
    prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
    used = {m.__file__[len(prefix):] for m in list(sys.modules.values())
            if (getattr(m, "__file__", None) or "").startswith(prefix) and m.__file__.endswith(".py")}
    with zipfile.ZipFile("/tmp/stdlib-in.zip") as src, zipfile.ZipFile("/tmp/stdlib-out.zip", "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename in used:
                entry = zipfile.ZipInfo(info.filename + "c", info.date_time)
                entry.external_attr = info.external_attr
                # without docstrings (as python -OO): the standard library's are a third of its bytecode
                dst.writestr(entry, pyc(data, info.filename, 2), compress_type=zipfile.ZIP_DEFLATED)
            else:
                dst.writestr(info, data, compress_type=info.compress_type)
    print(f"compile-pyc: {len(used)} standard modules as bytecode", file=sys.stderr)
json.dumps(out)
`);
if (stdlibOut) writeFileSync(stdlibOut, pyodide.FS.readFile("/tmp/stdlib-out.zip"));
process.stdout.write(out);
