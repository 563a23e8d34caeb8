"""Trystero, the library through which two pages find each other from one link (web/remote/one-link.js),
vendored from its npm packages (@trystero-p2p/torrent and @trystero-p2p/core, MIT, by Dan Motzenbecker)
into the site at build time: nothing is fetched from a CDN. The torrent strategy's one bare import of the
core package is pointed at the copy beside it, so the page loads plain ES modules."""

from __future__ import annotations

import json
import re
from pathlib import Path

from .common import WEB, BuildError
from .pyodide import ensure_pyodide

PACKAGES = WEB / "node_modules" / "@trystero-p2p"
TARGET = "web/remote/trystero"  # beside web/remote/trystero/torrent.d.ts, the checker's types
CORE_IMPORT = 'from "@trystero-p2p/core"'
SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.MULTILINE)  # the maps are not copied


def vendor_trystero(site: Path) -> list[str]:
    """Copy the torrent strategy and the core it imports into the site; returns the files' site paths."""
    ensure_pyodide()  # installs every package web/package.json pins, this one included
    wanted = json.loads((WEB / "package.json").read_text())["dependencies"].get("@trystero-p2p/torrent")
    for name in ("torrent", "core"):
        manifest = PACKAGES / name / "package.json"
        if not manifest.exists() or json.loads(manifest.read_text())["version"] != wanted:
            raise BuildError(f"web/node_modules/@trystero-p2p/{name} is not version {wanted}: run npm ci in web/")
    target = site / TARGET
    (target / "core").mkdir(parents=True, exist_ok=True)
    torrent = (PACKAGES / "torrent" / "dist" / "index.mjs").read_text()
    if CORE_IMPORT not in torrent:
        raise BuildError("@trystero-p2p/torrent no longer imports @trystero-p2p/core as web/buildlib/trystero.py"
                         " expects")
    licence = (PACKAGES / "torrent" / "LICENSE")
    header = f"// Trystero (npm @trystero-p2p/torrent, @trystero-p2p/core {wanted}), MIT: LICENSE beside this file.\n"
    relative = torrent.replace(CORE_IMPORT, 'from "./core/index.mjs"')
    (target / "torrent.js").write_text(header + SOURCE_MAP.sub("", relative))
    written = [f"{TARGET}/torrent.js"]
    for source in sorted((PACKAGES / "core" / "dist").glob("*.mjs")):
        (target / "core" / source.name).write_text(SOURCE_MAP.sub("", source.read_text()))
        written.append(f"{TARGET}/core/{source.name}")
    if licence.exists():
        (target / "LICENSE").write_text(licence.read_text())
    return written
