"""The QR code encoder the page draws invitations with, vendored from its npm package (qrcode-generator,
MIT, by Kazuhiko Arase) into the site at build time: nothing is fetched from a CDN, and no encoder of our own."""

from __future__ import annotations

import shutil
from pathlib import Path

from .pyodide import pinned_package

QR_SOURCE = "dist/qrcode.mjs"  # the ES module build (its MIT notice is at its top)
QR_TARGET = "web/remote/qrcode-generator.js"  # beside web/remote/qrcode-generator.d.ts, the checker's types


def vendor_qr(site: Path) -> None:
    """Copy the encoder's ES module into the site (the npm packages of web/package.json are installed first)."""
    package = pinned_package("qrcode-generator")
    target = site / QR_TARGET
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(package / QR_SOURCE, target)
