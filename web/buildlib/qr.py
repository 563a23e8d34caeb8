"""The QR code encoder the page draws invitations with, vendored from its npm package (qrcode-generator,
MIT, by Kazuhiko Arase) into the site at build time: nothing is fetched from a CDN, and no encoder of our own."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from .common import WEB, BuildError
from .pyodide import ensure_pyodide

QR_PACKAGE = WEB / "node_modules" / "qrcode-generator"
QR_SOURCE = "dist/qrcode.mjs"  # the ES module build (its MIT notice is at its top)
QR_TARGET = "web/remote/qrcode-generator.js"  # beside web/remote/qrcode-generator.d.ts, the checker's types


def vendor_qr(site: Path) -> None:
    """Copy the encoder's ES module into the site (the npm packages of web/package.json are installed first)."""
    ensure_pyodide()  # installs every package web/package.json pins, this one included
    manifest = QR_PACKAGE / "package.json"
    wanted = json.loads((WEB / "package.json").read_text())["dependencies"].get("qrcode-generator")
    if not manifest.exists() or json.loads(manifest.read_text())["version"] != wanted:
        raise BuildError(f"web/node_modules/qrcode-generator is not version {wanted}: run npm ci in web/")
    target = site / QR_TARGET
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(QR_PACKAGE / QR_SOURCE, target)
