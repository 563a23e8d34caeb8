"""Build the complete static site into ``_site/``: ``python3 web/build.py``.

What the site holds, and why:

- ``index.html`` and ``web/**``: the page and its modules, as they are.
- ``pyodide/``: the Pyodide runtime vendored from the npm package (only the
  files the app loads), and micropip's wheel, so nothing is ever fetched
  from a CDN. The lock file is patched with the sha256 of the micropip wheel
  PyPI serves, which differs from the one Pyodide's lock file was made for.
- ``wheels/``: the ``hdchess`` wheel, built here without network (pure Python:
  a zip file), and ``manifest.json`` naming it for the worker.
- ``sw.js`` at the root, so its scope is the whole site, with a cache version
  derived from the content of every other file and the list of files to cache.

Downloads are cached (``web/node_modules`` for npm, ``web/.cache`` for pip), so a
re-run is quick and works offline. Re-running on unchanged sources gives a
byte-identical site.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
SITE = ROOT / "_site"
CACHE = WEB / ".cache"

PYODIDE_VERSION = "314.0.7"
PYODIDE_PACKAGE = WEB / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"

# web/ files that build or serve the site but are no part of it.
NOT_IN_SITE = {"build.py", "serve.py", "package.json", "package-lock.json", "sw.js", "README.md"}
NOT_IN_SITE_DIRS = {"node_modules", ".cache", "__pycache__"}
SW_VERSION_MARK = "__HDCHESS_CACHE_VERSION__"
SW_FILES_MARK = "__HDCHESS_PRECACHE__"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # fixed: the same sources give the same wheel


class BuildError(Exception):
    """A build step that cannot be done here; the message says what to do."""


def log(message: str) -> None:
    print(f"build: {message}", flush=True)


# -- Pyodide and micropip -----------------------------------------------------------

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


def ensure_micropip() -> Path:
    """micropip's wheel for Python 3.14, downloaded once with pip."""
    wheel = CACHE / MICROPIP_WHEEL
    if wheel.exists():
        return wheel
    CACHE.mkdir(parents=True, exist_ok=True)
    log(f"fetching micropip {MICROPIP_VERSION} with pip download")
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--only-binary=:all:", "--python-version", "3.14", f"micropip=={MICROPIP_VERSION}", "-d", str(CACHE)],
        check=True,
    )
    if not wheel.exists():
        raise BuildError(f"pip did not download {MICROPIP_WHEEL}")
    return wheel


def vendor_pyodide(site: Path) -> None:
    package, micropip = ensure_pyodide(), ensure_micropip()
    target = site / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_FILES[:-1]:
        shutil.copyfile(package / name, target / name)
    lock = json.loads((package / "pyodide-lock.json").read_text())
    entry = lock["packages"]["micropip"]
    if entry["file_name"] != MICROPIP_WHEEL:
        raise BuildError(f"pyodide-lock.json expects {entry['file_name']}, not {MICROPIP_WHEEL}")
    entry["sha256"] = hashlib.sha256(micropip.read_bytes()).hexdigest()
    (target / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))
    shutil.copyfile(micropip, target / MICROPIP_WHEEL)


# -- the hdchess wheel -------------------------------------------------------------

def project_metadata() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def build_wheel(directory: Path) -> Path:
    """The pure-Python wheel of hdchess (no dependencies), written without network."""
    meta = project_metadata()
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    files: dict[str, bytes] = {}
    package = ROOT / "hdchess"
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".typed", ".md", ".hdt"):
            files[path.relative_to(ROOT).as_posix()] = path.read_bytes()
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
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return wheel


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


def write_service_worker(site: Path) -> str:
    """sw.js at the root: its cache version is a hash of every other file's path and bytes."""
    files = site_files(site)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes() + b"\0")
    version = digest.hexdigest()[:16]
    template = (WEB / "sw.js").read_text()
    for mark in (SW_VERSION_MARK, SW_FILES_MARK):
        if mark not in template:
            raise BuildError(f"web/sw.js must contain {mark}")
    precache = ["./", *files]
    text = template.replace(f'"{SW_VERSION_MARK}"', json.dumps(version))
    text = text.replace(f'"{SW_FILES_MARK}"', json.dumps(precache, indent=2))
    (site / "sw.js").write_text(text)
    return version


def build(site: Path = SITE) -> Path:
    """Build the whole site into ``site`` (replaced as a whole); returns it."""
    staging = CACHE / "staging"  # ignored by git, on the same disk: the finished site moves into place at once
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    copy_sources(staging)
    vendor_pyodide(staging)
    wheels = staging / "wheels"
    wheels.mkdir()
    wheel = build_wheel(wheels)
    (wheels / "manifest.json").write_text(json.dumps({"wheel": wheel.name}) + "\n")
    version = write_service_worker(staging)
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
