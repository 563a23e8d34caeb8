"""What every build job shares: the paths, the error type, the log, pip installs into web/.cache."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
WEB = ROOT / "web"
SITE = ROOT / "_site"
CACHE = WEB / ".cache"


class BuildError(Exception):
    """A build step that cannot be done here; the message says what to do."""


def log(message: str) -> None:
    print(f"build: {message}", flush=True)


def pip_target(pins: tuple[str, ...]) -> Path:
    """The pinned PyPI packages, pip-installed once into their own folder in web/.cache (added to no
    environment: the build imports them from there); returns the folder."""
    target = CACHE / "-".join(pin.replace("==", "-") for pin in pins)
    if target.exists():
        return target
    partial = target.with_name(target.name + ".partial")  # renamed when complete: an interrupted install is redone
    shutil.rmtree(partial, ignore_errors=True)
    log(f"installing {' '.join(pins)} with pip into {target.relative_to(ROOT)}")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "--target", str(partial), *pins], check=True)
    os.replace(partial, target)
    return target


def hdchess_module(name: str):
    """A module of this checkout's hdchess package (not of an installed one)."""
    import importlib

    sys.path.insert(0, str(ROOT))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT))


def site_files(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
