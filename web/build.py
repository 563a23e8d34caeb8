"""Build the complete static site into ``_site/``: ``python3 web/build.py``.

What the site holds, and why:

- ``index.html`` and ``web/**``: the page and its modules, as they are.
- ``pyodide/``: the Pyodide runtime vendored from the npm package (only the
  files the app loads), so nothing is ever fetched from a CDN. The app loads
  no Pyodide package, so its lock file keeps only the runtime's ``info``; the
  standard library leaves out what no game in a browser tab can use
  (:data:`STDLIB_LEFT_OUT`: test runners, debuggers, mail and XML clients; 8-bit code pages).
- ``wheels/``: the ``hdchess`` wheel, built here without network (pure Python:
  a zip file, which the worker puts on ``sys.path`` as it is), and
  ``manifest.json`` naming it for the worker.
- ``tables/``: the package's endgame table files too big for the wheel
  (:data:`WHEEL_TABLE_LIMIT`: start-up waits for the wheel, not for these),
  and ``manifest.json`` naming each game's; the worker fetches a game's files
  once that game is first played and adds them to what the AI reads.
- ``web/static-info.js``: the engine's own ``info`` (variants, their boards,
  pieces, options and rules texts; levels) and each variant's opening view,
  written here by the bridge itself, so the page can draw a board and open
  its dialogs before Python has started in the browser.
- ``web/fonts/``: Chinese glyphs for machines with no CJK font, each font a
  subset made with fontTools from a face of an npm package (OFL, its licence
  beside it): Noto Sans SC with every CJK character in the site's and the
  package's text (the interface, the rules), Noto Serif SC Bold with the piece
  glyphs of every variant. The characters are found here, not listed by hand,
  so a new string or a new variant is covered by the next build.
- ``sw.js`` at the root, so its scope is the whole site, with a cache version
  derived from the content of every other file, the list of files to cache
  when it is installed (all but the big tables) and of those it caches when
  first fetched (the big tables).

Downloads are cached (``web/node_modules`` for npm; ``web/.cache`` for pip, the
font packages' faces and fontTools), and so are the font subsets and the
bytecode, so a re-run is quick and works offline. Re-running on unchanged
sources gives a byte-identical site.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
SITE = ROOT / "_site"
CACHE = WEB / ".cache"

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
})
# The 8-bit code pages among the codecs (a table each, 280 KB together): the app reads and writes UTF-8
# only; cp437 stays, zipfile's default for names in an archive.
CODE_PAGE_CODECS = ("cp", "iso8859_", "mac_", "koi8_", "kz1048", "ptcp154", "hp_roman8", "tis_620", "palmos")
CODECS_KEPT = frozenset({"cp437.py"})


def left_out_of_stdlib(filename: str) -> bool:
    """Is this entry of the standard library's zip one the app never imports?"""
    parts = filename.split("/")
    if parts[0] in STDLIB_LEFT_OUT:
        return True
    return (parts[0] == "encodings" and len(parts) == 2 and parts[1].startswith(CODE_PAGE_CODECS)
            and parts[1] not in CODECS_KEPT)


# The fonts of web/fonts/, each a subset of one face from an npm package pinned by version and integrity
# (as package-lock.json pins Pyodide): the same sources make the same fonts.
class Font(NamedTuple):
    name: str  # web/fonts/<name>.woff2, and <name>.OFL.txt beside it
    package: str
    version: str
    integrity: str
    face: str  # the TTF in the package
    description: str  # for the licence file


FONTS = (
    Font("hdchess-cjk", "@expo-google-fonts/noto-sans-sc", "0.4.3",
         "sha512-9rAwdFTFHbO/u6Cs0gj2jZbW74TGIiaFNQnXYH2s5wA1bzVkwbaviL4t8YUV642eGYjg86eH6DkAEQmfNHDncQ==",
         "400Regular/NotoSansSC_400Regular.ttf", "Noto Sans SC Regular 2.004"),
    Font("hdchess-pieces", "@expo-google-fonts/noto-serif-sc", "0.4.3",
         "sha512-fSmUpiSFtSeyHV45/2xUOy5SdfExklQwwMKN3cQjAZAujITHDmSbpMHCVdCMhRqMjQtu0ZRgc29u8A+CU3akfw==",
         "700Bold/NotoSerifSC_700Bold.ttf", "Noto Serif SC Bold 2.003"),
)
FONT_LICENCE = "LICENSE_FONT"  # the package's OFL text, with the font's copyright
FONT_TOOLS = ("fonttools==4.60.1", "brotli==1.2.0")  # brotli: WOFF2
SUBSET_OPTIONS = ("--flavor=woff2", "--name-IDs=0,1,2,3,4,5,6,7,13,14")  # keep the copyright and licence names
# The characters the fonts cover: CJK radicals, punctuation, kana and ideographs, compatibility and fullwidth
# forms (U+2E80 up, less Yi, Hangul, private use, emoji and the like, which these fonts do not draw).
CJK_RANGES = ((0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))
CJK = re.compile("[" + "".join(f"{chr(low)}-{chr(high)}" for low, high in CJK_RANGES) + "]")
TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".md", ".py"}

# web/ files that build or serve the site but are no part of it.
NOT_IN_SITE = {"build.py", "serve.py", "compile-pyc.mjs", "package.json", "package-lock.json", "sw.js", "README.md"}
NOT_IN_SITE_DIRS = {"node_modules", ".cache", "__pycache__"}
SW_VERSION_MARK = "__HDCHESS_CACHE_VERSION__"
SW_FILES_MARK = "__HDCHESS_PRECACHE__"
SW_ON_DEMAND_MARK = "__HDCHESS_ON_DEMAND__"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # fixed: the same sources give the same wheel


class BuildError(Exception):
    """A build step that cannot be done here; the message says what to do."""


def log(message: str) -> None:
    print(f"build: {message}", flush=True)


# -- Pyodide -----------------------------------------------------------

def ensure_pyodide() -> Path:
    """Install the pinned npm package into web/node_modules unless it is already there."""
    manifest = PYODIDE_PACKAGE / "package.json"
    if manifest.exists() and json.loads(manifest.read_text())["version"] == PYODIDE_VERSION:
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


# -- the hdchess wheel -------------------------------------------------------------

def project_metadata() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def precompiled(sources: dict[str, bytes], stdlib: Path) -> dict[str, bytes]:
    """Bytecode made by the site's own Pyodide (web/compile-pyc.mjs, in node), so the browser imports
    modules instead of compiling them at start-up: returns ``.pyc`` files for the modules among
    ``sources`` (the wheel's files: its modules import its data), and replaces ``stdlib`` (the
    standard library's zip) with one in which the modules that Pyodide's start-up and the bridge
    import are bytecode. Cached in web/.cache by the inputs' hash, so a
    rebuild is quick and gives the same bytes; without node, {} and ``stdlib`` as it is (slower start)."""
    digest = hashlib.sha256(PYODIDE_VERSION.encode() + stdlib.read_bytes())
    for path, data in sorted(sources.items()):
        digest.update(path.encode() + b"\0" + data + b"\0")
    cache = CACHE / f"pyc-{digest.hexdigest()[:20]}"
    if not (cache / "pyc.json").exists():
        node = shutil.which("node")
        if node is None:
            log("warning: node not found: no bytecode (the browser compiles every module at start-up)")
            return {}
        log("compiling bytecode with Pyodide (once per change of the sources)")
        tmp = CACHE / "pyc-partial"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        text = json.dumps({path: base64.b64encode(data).decode("ascii") for path, data in sources.items()})
        result = subprocess.run([node, str(WEB / "compile-pyc.mjs"), str(stdlib), str(tmp / "python_stdlib.zip")],
                                input=text, capture_output=True, text=True, cwd=WEB, check=False)
        if result.returncode != 0:
            log(f"warning: compiling with Pyodide failed, no bytecode: {result.stderr[-400:]}")
            return {}
        (tmp / "pyc.json").write_text(result.stdout)
        shutil.rmtree(cache, ignore_errors=True)
        os.replace(tmp, cache)
    shutil.copyfile(cache / "python_stdlib.zip", stdlib)
    return {path: base64.b64decode(data) for path, data in json.loads((cache / "pyc.json").read_text()).items()}


PACKAGE_SUFFIXES = (".py", ".typed", ".md", ".json", ".hdt")  # modules, type marker, rules texts, weights, tables


# Table files bigger than this stay out of the browser's wheel, which start-up waits for: the site serves
# them beside it (tables/) and the worker adds them once fetched.
WHEEL_TABLE_LIMIT = 1_000_000


def package_files() -> dict[str, bytes]:
    """The files of the hdchess package: modules, rules texts, data, the type marker."""
    files = {}
    for path in sorted((ROOT / "hdchess").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in PACKAGE_SUFFIXES:
            files[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    return files


def split_tables(files: dict[str, bytes]) -> tuple[dict[str, bytes], dict[str, Path]]:
    """The package's files for the browser's wheel, and the big table files served beside it
    (file name: its path in this checkout)."""
    big = {path for path, data in files.items() if path.endswith(".hdt") and len(data) > WHEEL_TABLE_LIMIT}
    return ({path: data for path, data in files.items() if path not in big},
            {Path(path).name: ROOT / path for path in sorted(big)})


def write_tables(directory: Path, tables: dict[str, Path]) -> list[str]:
    """The big table files, and ``manifest.json`` naming each game's for the worker, which fetches
    a game's files only once that game is played (a player of one game downloads no other's);
    returns the files' paths in the site."""
    table_file = hdchess_module("hdchess.facedown.tables.store").TableFile
    directory.mkdir()
    variants: dict[str, list[str]] = {}
    for name, path in tables.items():
        variants.setdefault(table_file(path).header["variant"], []).append(name)
        shutil.copyfile(path, directory / name)
    (directory / "manifest.json").write_text(json.dumps({"variants": variants}, sort_keys=True) + "\n")
    return [f"{directory.name}/{name}" for name in tables]


def build_wheel(directory: Path, files: dict[str, bytes], compiled: dict[str, bytes] | None = None) -> Path:
    """The pure-Python wheel of hdchess (no dependencies) holding ``files``, written without network,
    with ``compiled`` (bytecode for the site's Python) beside the sources (``bridge.pyc``: zipimport
    prefers it)."""
    meta = project_metadata()
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    files = files | (compiled or {})
    files[f"{dist_info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {meta['description']}\n"
        f"Requires-Python: {meta['requires-python']}\n"
    ).encode()
    files[f"{dist_info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: hdchess web/build.py\nRoot-Is-Purelib: true\n" \
                                  b"Tag: py3-none-any\n"
    files[f"{dist_info}/top_level.txt"] = f"{name}\n".encode()
    record = [f"{path},{_record_hash(data)},{len(data)}" for path, data in files.items()]
    files[f"{dist_info}/RECORD"] = ("\n".join([*record, f"{dist_info}/RECORD,,"]) + "\n").encode()
    wheel = directory / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            info = zipfile.ZipInfo(path, ZIP_DATE)
            info.external_attr = 0o644 << 16
            # table files are compressed arrays already: stored as they are, read without inflating
            info.compress_type = zipfile.ZIP_STORED if path.endswith(".hdt") else zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return wheel


# -- the fonts ----------------------------------------------------------------------

def ensure_font(font: Font) -> Path:
    """The font's TTF (its licence beside it), fetched once with npm pack and unpacked into web/.cache."""
    target = CACHE / f"{font.package.rpartition('/')[2]}-{font.version}"
    if target.exists():
        return target / Path(font.face).name
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(f"npm is needed once to fetch {font.package} (apt-get install -y npm)")
    partial = target.with_name(target.name + ".partial")  # renamed when complete: an interrupted fetch is redone
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    log(f"fetching {font.package}@{font.version} with npm pack")
    out = subprocess.run([npm, "pack", "--json", "--ignore-scripts", f"{font.package}@{font.version}",
                          "--pack-destination", str(partial)], check=True, stdout=subprocess.PIPE, text=True).stdout
    tarball = partial / json.loads(out)[0]["filename"]
    integrity = "sha512-" + base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if integrity != font.integrity:
        raise BuildError(f"{tarball.name} is not the pinned {font.package}@{font.version} ({integrity})")
    wanted = {f"package/{font.face}", f"package/{FONT_LICENCE}"}
    with tarfile.open(tarball) as archive:
        for member in archive:
            if member.name in wanted:
                (partial / Path(member.name).name).write_bytes(archive.extractfile(member).read())
                wanted.remove(member.name)
    if wanted:
        raise BuildError(f"{tarball.name} has no {sorted(wanted)[0]}")
    tarball.unlink()
    os.replace(partial, target)
    return target / Path(font.face).name


def ensure_fonttools() -> Path:
    """fontTools and brotli, pip-installed once into their own folder in web/.cache (added to no environment)."""
    target = CACHE / "-".join(pin.replace("==", "-") for pin in FONT_TOOLS)
    if target.exists():
        return target
    partial = target.with_name(target.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    log(f"installing {' '.join(FONT_TOOLS)} with pip into {target.relative_to(ROOT)}")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "--target", str(partial), *FONT_TOOLS], check=True)
    os.replace(partial, target)
    return target


def cjk_characters(text: str) -> set[str]:
    return set(CJK.findall(text))


def shown_characters(site: Path) -> set[str]:
    """Every CJK character the page can show: in the site's text files and in the package (the bridge's
    texts, the rules texts, the piece glyphs)."""
    pages = [site / "index.html", *(site / "web").rglob("*")]
    texts = [path.read_bytes() for path in pages if path.is_file() and path.suffix in TEXT_SUFFIXES]
    texts += [data for name, data in package_files().items() if Path(name).suffix in TEXT_SUFFIXES]
    chars: set[str] = set()
    for data in texts:
        chars |= cjk_characters(data.decode("utf-8", errors="replace"))
    return chars


def piece_glyphs() -> set[str]:
    """The glyphs every built-in variant draws its pieces with, asked of the package's registry itself."""
    code = "import json; from hdchess.variants import BUILT_IN; print(json.dumps([s.glyphs for s in BUILT_IN]))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True).stdout
    return {char for glyphs in json.loads(out) for colour in glyphs for char in colour}


def subset_font(font: Font, chars: set[str], directory: Path) -> None:
    """<name>.woff2: the subset of ``font`` with ``chars``, made once per set of inputs and cached; its licence."""
    source = ensure_font(font)
    options = [*SUBSET_OPTIONS, "--unicodes=" + ",".join(f"{ord(char):X}" for char in sorted(chars))]
    key = hashlib.sha256(json.dumps([font, FONT_TOOLS, options]).encode()).hexdigest()[:16]
    cached = CACHE / "subsets" / f"{font.name}-{key}.woff2"
    if not cached.exists():
        log(f"subsetting {source.name} to {len(chars)} characters")
        cached.parent.mkdir(parents=True, exist_ok=True)
        for old in cached.parent.glob(f"{font.name}-*"):
            old.unlink()
        partial = cached.with_suffix(".partial")
        subprocess.run([sys.executable, "-m", "fontTools.subset", str(source), *options, f"--output-file={partial}"],
                       check=True, env={**os.environ, "PYTHONPATH": str(ensure_fonttools())})
        os.replace(partial, cached)
    shutil.copyfile(cached, directory / f"{font.name}.woff2")
    notice = (f"{font.name}.woff2 is a subset of {font.description}, made by web/build.py with fontTools\n"
              f"from the npm package {font.package} {font.version}, whose licence follows.\n\n")
    licence = (source.parent / FONT_LICENCE).read_text(encoding="utf-8")
    (directory / f"{font.name}.OFL.txt").write_text(notice + licence, encoding="utf-8")


def make_fonts(site: Path) -> None:
    """web/fonts/: every CJK character the page shows in the interface's face, the piece glyphs in the pieces'."""
    glyphs = piece_glyphs()
    directory = site / "web" / "fonts"
    directory.mkdir(parents=True)
    interface, pieces = FONTS
    subset_font(interface, shown_characters(site) | glyphs, directory)
    subset_font(pieces, glyphs, directory)


# -- what the page knows before Python starts ---------------------------------------

STATIC_INFO = "static-info.js"
OPENING_KEYS = ("variant", "board", "squares", "legal", "side", "turn_player", "player_colors", "scores",
                "penalties", "pool", "captured", "quiet", "quiet_limit", "ply", "outcome", "moves", "last_move",
                "decided_by_score", "known_deal", "options", "start_ply")


def hdchess_module(name: str):
    """A module of this checkout's hdchess package (not of an installed one)."""
    import importlib

    sys.path.insert(0, str(ROOT))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT))


def static_info() -> str:
    """The bridge's ``info`` and every variant's opening view (default options), as a module."""
    session = hdchess_module("hdchess.bridge").Session()

    def call(cmd: str, **args) -> dict:
        reply = session.handle({"cmd": cmd, "args": args})
        if not reply["ok"]:
            raise BuildError(f"the bridge refused {cmd}: {reply['error']}")
        return reply["result"]

    info = call("info")
    openings = {}
    for variant in info["variants"]:
        view = call("new_game", variant=variant["name"], players={"1": "human", "2": "human"})
        openings[variant["name"]] = {key: view[key] for key in OPENING_KEYS if key in view}
    data = json.dumps({"info": info, "openings": openings}, ensure_ascii=False, separators=(",", ":"))
    return ("// Generated by web/build.py from hdchess.bridge (info, and each variant's opening view): do not edit.\n"
            f"export const STATIC = {data};\n")


# -- the page, the service worker ----------------------------------------------------

def copy_sources(site: Path) -> None:
    index = ROOT / "index.html"
    if index.exists():
        shutil.copyfile(index, site / "index.html")
    else:
        log("warning: index.html does not exist yet; the site has no page")
    for path in sorted(WEB.rglob("*")):
        relative = path.relative_to(WEB)
        if path.is_dir() or NOT_IN_SITE_DIRS.intersection(relative.parts) or str(relative) in NOT_IN_SITE:
            continue
        target = site / "web" / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


def site_files(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


def write_service_worker(site: Path, on_demand: list[str]) -> str:
    """sw.js at the root: its cache version is a hash of every other file's path and bytes. It caches
    every file when installed except ``on_demand`` (a game's endgame tables), which it caches when
    first fetched."""
    files = site_files(site)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes() + b"\0")
    version = digest.hexdigest()[:16]
    template = (WEB / "sw.js").read_text()
    for mark in (SW_VERSION_MARK, SW_FILES_MARK, SW_ON_DEMAND_MARK):
        if mark not in template:
            raise BuildError(f"web/sw.js must contain {mark}")
    precache = ["./", *(name for name in files if name not in on_demand)]
    text = template.replace(f'"{SW_VERSION_MARK}"', json.dumps(version))
    text = text.replace(f'"{SW_FILES_MARK}"', json.dumps(precache, indent=2))
    text = text.replace(f'"{SW_ON_DEMAND_MARK}"', json.dumps(sorted(on_demand), indent=2))
    (site / "sw.js").write_text(text)
    return version


def build(site: Path = SITE) -> Path:
    """Build the whole site into ``site`` (replaced as a whole); returns it."""
    staging = CACHE / "staging"  # ignored by git, on the same disk: the finished site moves into place at once
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    copy_sources(staging)
    (staging / "web" / STATIC_INFO).write_text(static_info(), encoding="utf-8")
    make_fonts(staging)  # after static-info.js: the rules texts it carries are shown too
    vendor_pyodide(staging)
    in_wheel, big_tables = split_tables(package_files())
    compiled = precompiled(in_wheel, staging / "pyodide" / "python_stdlib.zip")
    wheels = staging / "wheels"
    wheels.mkdir()
    wheel = build_wheel(wheels, in_wheel, compiled)
    (wheels / "manifest.json").write_text(json.dumps({"wheel": wheel.name}) + "\n")
    on_demand = write_tables(staging / "tables", big_tables)
    version = write_service_worker(staging, on_demand)
    shutil.rmtree(site, ignore_errors=True)
    os.replace(staging, site)
    size = sum((site / name).stat().st_size for name in site_files(site))
    log(f"{site} ready: {len(site_files(site))} files, {size / 1e6:.1f} MB, cache version {version}")
    return site


def main() -> int:
    try:
        build()
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
