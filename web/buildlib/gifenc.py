"""The GIF encoder the page makes a finished game's animated image with (web/animation.js), vendored from
its npm package (gifenc, MIT, by Matt DesLauriers) into the site at build time: nothing is fetched from a CDN,
and no encoder of our own."""

from __future__ import annotations

import json
import re
from pathlib import Path

from .pyodide import pinned_package

GIFENC_SOURCE = "dist/gifenc.esm.js"  # the ES module build
GIFENC_TARGET = "web/gifenc.js"  # beside web/gifenc.d.ts, the checker's types
SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.MULTILINE)  # the map is not copied


def vendor_gifenc(site: Path) -> None:
    """Copy the encoder's ES module into the site, its licence named at its top and copied beside it."""
    package = pinned_package("gifenc")
    version = json.loads((package / "package.json").read_text())["version"]
    target = site / GIFENC_TARGET
    header = f"// gifenc {version} (npm gifenc, by Matt DesLauriers), MIT: gifenc.LICENSE.md beside this file.\n"
    target.write_text(header + SOURCE_MAP.sub("", (package / GIFENC_SOURCE).read_text()))
    target.with_name("gifenc.LICENSE.md").write_text((package / "LICENSE.md").read_text())
