"""The GIF encoder the page makes a finished game's animated image with (web/animation.js), vendored from
its npm package (gifenc, MIT, by Matt DesLauriers) into the site at build time: nothing is fetched from a CDN,
and no encoder of our own."""

from __future__ import annotations

import json
import re
from pathlib import Path

from .common import WEB, BuildError
from .pyodide import ensure_pyodide

GIFENC_PACKAGE = WEB / "node_modules" / "gifenc"
GIFENC_SOURCE = "dist/gifenc.esm.js"  # the ES module build
GIFENC_TARGET = "web/gifenc.js"  # beside web/gifenc.d.ts, the checker's types
SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.MULTILINE)  # the map is not copied


def vendor_gifenc(site: Path) -> None:
    """Copy the encoder's ES module into the site, its licence named at its top and copied beside it."""
    ensure_pyodide()  # installs every package web/package.json pins, this one included
    manifest = GIFENC_PACKAGE / "package.json"
    wanted = json.loads((WEB / "package.json").read_text())["dependencies"].get("gifenc")
    if not manifest.exists() or json.loads(manifest.read_text())["version"] != wanted:
        raise BuildError(f"web/node_modules/gifenc is not version {wanted}: run npm ci in web/")
    target = site / GIFENC_TARGET
    header = f"// gifenc {wanted} (npm gifenc, by Matt DesLauriers), MIT: gifenc.LICENSE.md beside this file.\n"
    target.write_text(header + SOURCE_MAP.sub("", (GIFENC_PACKAGE / GIFENC_SOURCE).read_text()))
    target.with_name("gifenc.LICENSE.md").write_text((GIFENC_PACKAGE / "LICENSE.md").read_text())
