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
  ``manifest.json`` naming it and the snapshot for the worker.
- ``pyodide/snapshot-<hash>.bin.gz``: Python's memory once the bridge is imported, made here by that
  Pyodide in node (web/buildlib/snapshot.mjs), which the worker restores instead of starting Python
  and importing the package; and ``pyodide/pyodide.asm.wasm.gz``, the runtime the worker fetches.
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
- ``manifest.webmanifest`` and ``web/icons/``: what makes the page an app to install, its icons drawn
  here from the default game's red General as the board draws it (an SVG, and PNGs rasterised from it
  by resvg, an npm package run in node at build time only); ``web/icons/preview.png``, the link preview
  that chat apps show (``index.html``'s Open Graph tags), the default game's opening drawn by the page's
  own ``web/board-picture.js`` in node and rasterised with the icons; ``web/board-glyphs.js``, the
  outlines of the piece glyphs that module draws with. ``--site-url URL`` makes the preview's URL absolute.
- ``web/docs/``: the documentation pages, each as its Markdown source and as an HTML page
  rendered at build time with Python-Markdown (links to ``foo.md`` become ``foo.html``).
- ``sw.js`` at the root, so its scope is the whole site, with a cache version
  derived from the content of every other file, the list of files to cache
  when it is installed (all but the big tables and the documentation pages),
  of those it caches when first fetched (the big tables, the documentation
  pages), and each file's SHA-256, so that it caches only this build's files
  (on a first visit it takes those the engine worker already fetched instead
  of downloading them again).

Each job is a module of ``web/buildlib/`` (see its ``__init__``); this file runs them in order.
Downloads are cached (``web/node_modules`` for npm; ``web/.cache`` for pip, the
font packages' faces, the icons' rasteriser, fontTools and Python-Markdown), and so
are the font subsets, the icons and the bytecode, so a re-run is quick and works
offline. Re-running on unchanged
sources gives a byte-identical site.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from buildlib.common import CACHE, ROOT, SITE, WEB, BuildError, log, site_files
from buildlib.docs import write_docs
from buildlib.fonts import CJK_RANGES, FONTS, cjk_characters, ensure_fonttools, make_fonts
from buildlib.icons import MANIFEST, make_app_files
from buildlib.page import (
    GIFENC_LICENCE,
    LINK_PREVIEW,
    QR_TARGET,
    RUNTIME_FALLBACK,
    STATIC_INFO,
    SW_FILES_MARK,
    SW_ON_DEMAND_MARK,
    SW_VERSION_MARK,
    copy_sources,
    static_info,
    write_protocol_types,
    write_service_worker,
)
from buildlib.pyodide import PYODIDE_PACKAGE, PYODIDE_VERSION, gzip_runtime, make_snapshot, precompiled, vendor_pyodide
from buildlib.wheel import WHEEL_TABLE_LIMIT, build_wheel, package_files, split_tables, write_tables

# Names the server and the tests read from here (``import build``).
__all__ = [
    "CACHE", "CJK_RANGES", "FONTS", "GIFENC_LICENCE", "LINK_PREVIEW", "MANIFEST", "PYODIDE_PACKAGE",
    "PYODIDE_VERSION", "QR_TARGET", "ROOT", "RUNTIME_FALLBACK", "SITE", "SW_FILES_MARK",
    "SW_ON_DEMAND_MARK", "SW_VERSION_MARK", "WEB", "WHEEL_TABLE_LIMIT", "BuildError", "build", "cjk_characters",
    "ensure_fonttools", "main", "site_files",
]


def build(site: Path = SITE, site_url: str | None = None) -> Path:
    """Build the whole site into ``site`` (replaced as a whole); returns it. ``site_url``: the address the
    site will be served at, which makes the link preview's image URL absolute (web/docs/web.md, "Sharing")."""
    # Each build stages in a folder of its own (builds at once in one checkout do not collide), in web/.cache:
    # ignored by git, on the same disk, so the finished site moves into place at once.
    CACHE.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="staging-", dir=CACHE))
    staging.chmod(0o755)  # as a folder made by mkdir: the site's root is readable by a web server
    try:
        write_protocol_types()  # in web/ itself: tsc checks the sources there
        copy_sources(staging)
        (staging / "web" / STATIC_INFO).write_text(static_info(), encoding="utf-8")
        write_docs(staging)
        make_fonts(staging)  # after static-info.js and the docs: the rules texts and the pages are shown too
        make_app_files(staging, site_url)
        vendor_pyodide(staging)
        in_wheel, big_tables = split_tables(package_files())
        compiled = precompiled(in_wheel, staging / "pyodide" / "python_stdlib.zip")
        wheels = staging / "wheels"
        wheels.mkdir()
        wheel = build_wheel(wheels, in_wheel, compiled)
        gzip_runtime(staging)
        snapshot = make_snapshot(staging, wheel)
        manifest = {"wheel": wheel.name, **({"snapshot": snapshot} if snapshot else {})}
        (wheels / "manifest.json").write_text(json.dumps(manifest) + "\n")
        on_demand = write_tables(staging / "tables", big_tables)
        version = write_service_worker(staging, on_demand)
        shutil.rmtree(site, ignore_errors=True)
        os.replace(staging, site)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    size = sum((site / name).stat().st_size for name in site_files(site))
    log(f"{site} ready: {len(site_files(site))} files, {size / 1e6:.1f} MB, cache version {version}")
    return site


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site into _site/.")
    parser.add_argument("--site-url", metavar="URL", help="the site's address (https://example.org/hdchess/): chat "
                        "apps fetch the link preview's image from there (default: a URL relative to the page)")
    args = parser.parse_args(argv)
    try:
        build(site_url=args.site_url)
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
