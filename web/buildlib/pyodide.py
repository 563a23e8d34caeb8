"""The Pyodide runtime, vendored from the npm package (only the files the app loads), so nothing is
ever fetched from a CDN; its standard library without what no game in a browser tab can use; and
bytecode compiled by that Pyodide at build time, so the browser does not compile at every start."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from .common import CACHE, WEB, BuildError, log

PYODIDE_VERSION = "314.0.7"
PYODIDE_PACKAGE = WEB / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# Top-level names of the standard library the app never imports (nor does Pyodide's start-up): tools for
# developers, command-line parsing, file formats and network protocols a game in a browser tab has no use
# for (hdchess's command line and match harness use some of them, and never run in the browser). The
# browser tests run with this library.
STDLIB_LEFT_OUT = frozenset({
    "unittest", "doctest.py", "pdb.py", "bdb.py", "pydoc.py", "cProfile.py", "profile.py", "pstats.py",
    "trace.py", "tabnanny.py", "pyclbr.py", "modulefinder.py", "zipapp.py", "timeit.py", "pickletools.py",
    "compileall.py", "symtable.py", "cmd.py", "getpass.py",
    "xml", "xmlrpc", "wsgiref", "imaplib.py", "poplib.py", "smtplib.py", "ftplib.py", "mailbox.py", "email",
    "http", "urllib", "html", "_markupbase.py", "mimetypes.py", "socketserver.py", "webbrowser.py", "ipaddress.py",
    "argparse.py", "optparse.py", "configparser.py", "statistics.py", "graphlib.py", "uuid.py", "ctypes",
    "csv.py", "plistlib.py", "tomllib", "tarfile.py", "wave.py", "shelve.py", "fileinput.py", "filecmp.py",
    "zoneinfo", "multiprocessing", "sqlite3", "antigravity.py", "this.py", "__hello__.py", "__phello__",
    "_pyrepl",  # the interactive terminal REPL
    # and what neither Pyodide's start-up nor a game imports (sys.modules in Pyodide after start-up and after
    # the AI played, hinted and explained in every variant, endgame tables added): pure-Python fallbacks of
    # C modules, text tools, other platforms' helpers
    "_pyio.py", "_py_abc.py", "_threading_local.py", "difflib.py", "platform.py", "fractions.py", "gzip.py",
    "calendar.py", "gettext.py", "pprint.py", "code.py", "runpy.py", "tracemalloc.py", "stringprep.py",
    "rlcompleter.py", "py_compile.py", "getopt.py", "quopri.py", "sched.py", "netrc.py", "pty.py", "tty.py",
    "colorsys.py", "nturl2path.py",
})
# Modules of packages Pyodide's start-up imports that nothing imports here: command-line entry points,
# Windows' event loops, logging's configuration and handlers, other processes and interpreters, Pyodide's
# REPL console and node sockets.
STDLIB_FILES_LEFT_OUT = frozenset({
    "asyncio/__main__.py", "asyncio/tools.py", "asyncio/proactor_events.py", "asyncio/windows_events.py",
    "asyncio/windows_utils.py", "json/tool.py", "sysconfig/__main__.py", "logging/config.py",
    "logging/handlers.py", "concurrent/futures/process.py", "concurrent/interpreters/__init__.py",
    "concurrent/interpreters/_crossinterp.py", "concurrent/interpreters/_queues.py", "pyodide/console.py",
    "pyodide/_nodesock_transport.py",
})
# The 8-bit code pages among the codecs (a table each, 280 KB together): the app reads and writes UTF-8
# only; cp437 stays, zipfile's default for names in an archive.
CODE_PAGE_CODECS = ("cp", "iso8859_", "mac_", "koi8_", "kz1048", "ptcp154", "hp_roman8", "tis_620", "palmos")
CODECS_KEPT = frozenset({"cp437.py"})


def left_out_of_stdlib(filename: str) -> bool:
    """Is this entry of the standard library's zip one the app never imports?"""
    parts = filename.split("/")
    if parts[0] in STDLIB_LEFT_OUT or filename in STDLIB_FILES_LEFT_OUT:
        return True
    return (parts[0] == "encodings" and len(parts) == 2 and parts[1].startswith(CODE_PAGE_CODECS)
            and parts[1] not in CODECS_KEPT)


def npm_packages_current() -> bool:
    """Does web/node_modules hold each package web/package.json names (Pyodide, and the checkers,
    TypeScript and eslint), at the version web/package-lock.json pins? A checkout whose node_modules predates a
    new package is brought up to date."""
    lock = WEB / "package-lock.json"
    wanted = json.loads((WEB / "package.json").read_text())
    names = [*wanted.get("dependencies", {}), *wanted.get("devDependencies", {})]
    pinned = json.loads(lock.read_text()).get("packages", {}) if lock.exists() else {}
    for name in names:
        manifest = WEB / "node_modules" / name / "package.json"
        version = pinned.get(f"node_modules/{name}", {}).get("version")
        if not manifest.exists() or (version and json.loads(manifest.read_text())["version"] != version):
            return False
    return True


def ensure_pyodide() -> Path:
    """Install the pinned npm packages into web/node_modules unless they are already there."""
    manifest = PYODIDE_PACKAGE / "package.json"
    if npm_packages_current() and json.loads(manifest.read_text())["version"] == PYODIDE_VERSION:
        return PYODIDE_PACKAGE
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is needed once to fetch Pyodide (apt-get install -y npm)")
    lock = WEB / "package-lock.json"
    command = [npm, "ci" if lock.exists() else "install", "--no-audit", "--no-fund", "--ignore-scripts"]
    log(f"fetching pyodide@{PYODIDE_VERSION} with {' '.join(command[1:])}")
    subprocess.run(command, cwd=WEB, check=True, stdout=subprocess.DEVNULL)
    if json.loads(manifest.read_text())["version"] != PYODIDE_VERSION:
        raise BuildError(f"web/package.json must pin pyodide {PYODIDE_VERSION}")
    return PYODIDE_PACKAGE


def pinned_package(name: str) -> Path:
    """web/node_modules/<name>, installed with every package web/package.json pins and checked to be the
    version pinned there (a package the site vendors: the QR encoder, the GIF encoder)."""
    ensure_pyodide()  # installs every package web/package.json pins, this one included
    package = WEB / "node_modules" / name
    manifest = package / "package.json"
    wanted = json.loads((WEB / "package.json").read_text())["dependencies"].get(name)
    if not manifest.exists() or json.loads(manifest.read_text())["version"] != wanted:
        raise BuildError(f"web/node_modules/{name} is not version {wanted}: run npm ci in web/")
    return package


def vendor_pyodide(site: Path) -> None:
    """The runtime files; the lock file without its package list (the app loads none: 111 kB less)."""
    package = ensure_pyodide()
    target = site / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_FILES[:-2]:
        shutil.copyfile(package / name, target / name)
    prune_stdlib(package / "python_stdlib.zip", target / "python_stdlib.zip")
    lock = json.loads((package / "pyodide-lock.json").read_text())
    (target / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": {}},
                                                          separators=(",", ":")))


def prune_stdlib(source: Path, target: Path) -> None:
    """The standard library's zip without what :func:`left_out_of_stdlib` names (entries copied as they are)."""
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(target, "w") as pruned:
        for info in original.infolist():
            if not left_out_of_stdlib(info.filename):
                pruned.writestr(info, original.read(info), compress_type=info.compress_type)


def precompiled(sources: dict[str, bytes], stdlib: Path) -> dict[str, bytes]:
    """Bytecode made by the site's own Pyodide (web/compile-pyc.mjs, in node), so the browser imports
    modules instead of compiling them at start-up: returns ``.pyc`` files (without docstrings) for the
    modules among ``sources`` (the wheel's files: its modules import its data), and replaces ``stdlib`` (the
    standard library's zip) with one in which the modules that Pyodide's start-up and the bridge
    import are bytecode. Cached in web/.cache by the inputs' hash, so a
    rebuild is quick and gives the same bytes; without node, {} and ``stdlib`` as it is (slower start)."""
    digest = hashlib.sha256(PYODIDE_VERSION.encode() + (WEB / "compile-pyc.mjs").read_bytes() + stdlib.read_bytes())
    for path, data in sorted(sources.items()):
        digest.update(path.encode() + b"\0" + data + b"\0")
    cache = CACHE / f"pyc-{digest.hexdigest()[:20]}"
    if not (cache / "pyc.json").exists():
        node = shutil.which("node")
        if node is None:
            log("warning: node not found: no bytecode (the browser compiles every module at start-up)")
            return {}
        log("compiling bytecode with Pyodide (once per change of the sources)")
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix="pyc-partial-", dir=CACHE))  # its own: builds at once do not collide
        try:
            text = json.dumps({path: base64.b64encode(data).decode("ascii") for path, data in sources.items()})
            result = subprocess.run([node, str(WEB / "compile-pyc.mjs"), str(stdlib), str(tmp / "python_stdlib.zip")],
                                    input=text, capture_output=True, text=True, cwd=WEB, check=False)
            if result.returncode != 0:
                log(f"warning: compiling with Pyodide failed, no bytecode: {result.stderr[-400:]}")
                return {}
            (tmp / "pyc.json").write_text(result.stdout)
            if not (cache / "pyc.json").exists():  # another build may have finished the same work meanwhile
                shutil.rmtree(cache, ignore_errors=True)
                os.replace(tmp, cache)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    shutil.copyfile(cache / "python_stdlib.zip", stdlib)
    return {path: base64.b64decode(data) for path, data in json.loads((cache / "pyc.json").read_text()).items()}


def gzip_runtime(site: Path) -> None:
    """pyodide/pyodide.asm.wasm.gz beside the runtime: what the engine worker fetches (3.5 MB, not 9.6),
    inflating it as it compiles. The plain file stays for a browser without DecompressionStream."""
    runtime = site / "pyodide" / "pyodide.asm.wasm"
    with open(runtime.with_name(runtime.name + ".gz"), "wb") as out, \
            gzip.GzipFile(filename="", mode="wb", fileobj=out, compresslevel=9, mtime=0) as packed:
        packed.write(runtime.read_bytes())


def make_snapshot(site: Path, wheel: Path) -> dict[str, str] | None:
    """A snapshot of Python's memory once the bridge is imported (web/buildlib/snapshot.mjs, in node),
    written gzipped into the site's pyodide/ under a name of its inputs' hash (a new wheel, standard
    library or Pyodide gives a new file); returns what wheels/manifest.json says of it (its file and the
    wheel's SHA-256, which the worker checks), or None without node (the worker then starts Python
    plainly). Cached in web/.cache by the same hash."""
    stdlib = site / "pyodide" / "python_stdlib.zip"
    script = WEB / "buildlib" / "snapshot.mjs"
    wheel_sha256 = hashlib.sha256(wheel.read_bytes()).hexdigest()
    digest = hashlib.sha256(PYODIDE_VERSION.encode() + script.read_bytes() + stdlib.read_bytes()
                            + wheel.name.encode() + b"\0" + wheel_sha256.encode())
    name = f"snapshot-{digest.hexdigest()[:16]}.bin"
    cached = CACHE / f"{name}.gz"
    if not cached.exists():
        node = shutil.which("node")
        if node is None:
            log("warning: node not found: no snapshot (the browser starts Python and imports the package)")
            return None
        log("making the snapshot of Python with the bridge imported (once per change of the wheel)")
        partial = cached.with_name(f"{cached.name}.{os.getpid()}.partial")
        result = subprocess.run([node, str(script), str(stdlib), str(wheel), str(partial)],
                                capture_output=True, text=True, cwd=WEB, check=False)
        if result.returncode != 0:
            partial.unlink(missing_ok=True)
            log(f"warning: no snapshot, making it failed: {result.stderr[-400:]}")
            return None
        os.replace(partial, cached)
    shutil.copyfile(cached, site / "pyodide" / f"{name}.gz")
    return {"file": name, "wheel_sha256": wheel_sha256}
