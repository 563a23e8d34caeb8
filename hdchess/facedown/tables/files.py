"""Table files: one header in JSON, then zlib-compressed arrays.

A file holds the tables of one variant under one set of rules, for every
material up to its piece budget. The header names the rules (a table is
exact only for them), the kind of table, each table's arrays (offset, length
and type code in the payload) and, in variants where materials share tables,
which representative and slot assignment serves each material. Arrays are
decompressed at their first use, so loading a file costs only its header.
zlib is in every Python, Pyodide's included.

Where files are found: the package's own ``data`` directory (the tables the
wheel ships: read as package resources, since in the browser the package is
imported from the wheel's zip and is no directory), then the directories the
program adds (:func:`add_directory`: the web app's bigger tables, fetched after
start-up), then each directory named in the ``HDCHESS_TABLES`` environment
variable (separated like PATH): the place for bigger tables built with
``python -m hdchess.ai.tables build``. Nothing else is read, so what the AI
knows does not depend on the machine.
"""

from __future__ import annotations

import json
import os
import sys
import zlib
from array import array
from collections.abc import Mapping
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeAlias

FORMAT = 2
MAGIC = b"hdchess tables 2\n"  # arrays little-endian, typed by size
SUFFIX = ".hdt"
DATA_DIR: Traversable = files(__package__) / "data"  # a folder, or a folder inside a zip
ENVIRONMENT = "HDCHESS_TABLES"

# (strings: ``array`` takes a type argument at run time only from Python 3.12)
TableArray: TypeAlias = "array[int] | bytes"  # a table's array as read: ``bytes`` for one-byte entries, else an array
Writable: TypeAlias = "array[int] | bytes | bytearray"  # what a table's array may be when written


def cache_directory() -> Path:
    """Where ``build`` writes by default: the user's cache (name it in HDCHESS_TABLES to use it)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "hdchess" / "tables"


_added: list[Path] = []  # directories named by the program itself (the web app's fetched tables)


def add_directory(directory: str | Path) -> None:
    """Read table files from ``directory`` too, after the package's and before HDCHESS_TABLES's."""
    path = Path(directory)
    if path not in _added:
        _added.append(path)


def search_path() -> list[Traversable]:
    """The directories table files are read from, in order."""
    dirs: list[Traversable] = [DATA_DIR, *_added]
    for part in os.environ.get(ENVIRONMENT, "").split(os.pathsep):
        if part.strip():
            dirs.append(Path(part.strip()))
    return dirs


def file_name(variant: str, pieces: int, rules: dict[str, Any]) -> str:
    """``banqi-4.hdt`` for the default rules, ``banqi-4-no_progress_plies=30.hdt`` otherwise."""
    extra = "".join(f"-{k}={v}" for k, v in sorted(rules.items()))
    return f"{variant}-{pieces}{extra}{SUFFIX}"


def _kind(data: Writable) -> str:
    """An array's element type as the file names it (``i32``, ``u8``): sizes, not
    C type codes, since ``l`` is 8 bytes on a 64-bit CPython and 4 in Pyodide."""
    if not isinstance(data, array):
        return "u8"
    return f"{'u' if data.typecode.isupper() else 'i'}{8 * data.itemsize}"


def _typecode(kind: str) -> str:
    """This platform's array type code for a file's element type."""
    for code in "bBhHiIlLqQ":
        if _kind(array(code)) == kind:
            return code
    raise ValueError(f"no array type for {kind}")


def write(path: Path, header: dict[str, Any], tables: Mapping[str, Mapping[str, Writable]]) -> int:
    """Write ``tables`` ({table name: {array name: array}}) with ``header``; returns the file's size."""
    payload = bytearray()
    entries: dict[str, dict[str, list[int | str]]] = {}
    for name, arrays in tables.items():
        described: dict[str, list[int | str]] = {}
        for array_name, data in arrays.items():
            if isinstance(data, array) and sys.byteorder != "little":
                data = array(data.typecode, data)
                data.byteswap()
            raw = data.tobytes() if isinstance(data, array) else bytes(data)
            packed = zlib.compress(raw, 9)
            described[array_name] = [len(payload), len(packed), _kind(data)]
            payload += packed
        entries[name] = described
    head = json.dumps({**header, "tables": entries}, separators=(",", ":"), sort_keys=True).encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    with open(tmp, "wb") as out:
        out.write(MAGIC)
        out.write(len(head).to_bytes(8, "little"))
        out.write(head)
        out.write(payload)
    tmp.replace(path)
    return path.stat().st_size


class TableFile:
    """A table file's header, and its arrays on demand."""

    def __init__(self, path: Traversable) -> None:
        self.path = path
        data = path.read_bytes()
        self.size = len(data)
        if not data.startswith(MAGIC):
            raise ValueError(f"{path} is not an hdchess table file")
        start = len(MAGIC) + 8
        length = int.from_bytes(data[len(MAGIC):start], "little")
        self.header: dict[str, Any] = json.loads(data[start:start + length])
        self._payload = memoryview(data)[start + length:]
        self._arrays: dict[tuple[str, str], TableArray] = {}

    @property
    def tables(self) -> dict[str, dict[str, list[Any]]]:
        """{table name: {array name: [offset, length, element type]}}, as the header holds them."""
        tables: dict[str, dict[str, list[Any]]] = self.header["tables"]
        return tables

    def array(self, table: str, name: str) -> TableArray:
        """A table's array: ``bytes`` for one-byte entries, else an ``array``."""
        key = (table, name)
        found = self._arrays.get(key)
        if found is None:
            offset, length, kind = self.tables[table][name]
            raw = zlib.decompress(self._payload[offset:offset + length])
            if kind == "u8":
                found = raw
            else:
                numbers = array(_typecode(kind))
                numbers.frombytes(raw)
                if sys.byteorder != "little":
                    numbers.byteswap()
                found = numbers
            self._arrays[key] = found
        return found

    def packed_size(self, table: str) -> int:
        return sum(length for _, length, _ in self.tables[table].values())


def table_files(variant: str) -> list[TableFile]:
    """Every readable table file of ``variant`` on the search path (unreadable ones are skipped)."""
    found = []
    for directory in search_path():
        if not directory.is_dir():
            continue
        names = sorted(p.name for p in directory.iterdir())
        for path in (directory / n for n in names if n.startswith(f"{variant}-") and n.endswith(SUFFIX)):
            try:
                table = TableFile(path)
            except (OSError, ValueError):
                continue
            if table.header.get("variant") == variant:
                found.append(table)
    return found
