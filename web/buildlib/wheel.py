"""The ``hdchess`` wheel, built here without network (pure Python: a zip file, which the worker puts
on ``sys.path`` as it is), and the package's endgame table files too big for it, served beside it."""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import tomllib
import zipfile
from pathlib import Path

from .common import ROOT, hdchess_module

ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # fixed: the same sources give the same wheel


def project_metadata() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


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
    table_file = hdchess_module("hdchess.facedown.tables.files").TableFile
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
