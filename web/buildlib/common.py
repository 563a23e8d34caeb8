"""What every build job shares: the paths, the error type, the log, pip installs and npm packs into web/.cache."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
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


def npm_pack(package: str, version: str, integrity: str, members: tuple[str, ...]) -> Path:
    """The files ``members`` (paths inside the package) of an npm package pinned by version and integrity,
    fetched once with ``npm pack`` (no install script runs) and unpacked side by side into a folder of
    web/.cache, which is returned: the same pins give the same files, and a re-run works offline."""
    target = CACHE / f"{package.rpartition('/')[2]}-{version}"
    if target.exists():
        return target
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(f"npm is needed once to fetch {package} (apt-get install -y npm)")
    partial = target.with_name(target.name + ".partial")  # renamed when complete: an interrupted fetch is redone
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    log(f"fetching {package}@{version} with npm pack")
    out = subprocess.run([npm, "pack", "--json", "--ignore-scripts", f"{package}@{version}",
                          "--pack-destination", str(partial)], check=True, stdout=subprocess.PIPE, text=True).stdout
    tarball = partial / json.loads(out)[0]["filename"]
    got = "sha512-" + base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    if got != integrity:
        raise BuildError(f"{tarball.name} is not the pinned {package}@{version} ({got})")
    wanted = {f"package/{member}" for member in members}
    with tarfile.open(tarball) as archive:
        for member in archive:
            if member.name in wanted:
                (partial / Path(member.name).name).write_bytes(archive.extractfile(member).read())
                wanted.remove(member.name)
    if wanted:
        raise BuildError(f"{tarball.name} has no {sorted(wanted)[0]}")
    tarball.unlink()
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
