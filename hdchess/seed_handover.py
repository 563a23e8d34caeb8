"""Keeping a match's seed out of the engines' sight.

Whoever knows the seed of a match knows every face-down piece of its deals, and an
engine in ``hdchess match`` is a process of the same user: it can read its parent's
command line (``/proc/<ppid>/cmdline``) and environment. So ``hdchess match --seed N``
re-executes itself at once without the seed in its arguments and hands the seed over
through an inherited pipe, read and closed before any engine starts; and the harness
asks the system to keep its memory, descriptors and environment from other processes
of the same user (Linux: ``prctl(PR_SET_DUMPABLE, 0)``). Engines are started with no
seed in their environment (:mod:`hdchess.players`).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
from collections.abc import Callable, Sequence

from .bounds import check
from .errors import HdchessError
from .referee import SEED_MAX

SEED_FD = "HDCHESS_SEED_FD"  # the descriptor a re-executed `hdchess match` reads its --seed from
_PR_SET_DUMPABLE = 4  # linux/prctl.h


def handed_over_seed() -> int | None:
    """The seed a re-executed ``hdchess match`` was handed through an inherited pipe
    (see :func:`hide_seed`), read and the pipe closed before any engine starts."""
    fd_text = os.environ.pop(SEED_FD, None)
    if fd_text is None:
        return None
    try:
        fd = int(fd_text)
        with os.fdopen(fd, "r", encoding="ascii") as pipe:
            text = pipe.read(64)
    except (ValueError, OSError) as exc:
        raise HdchessError(f"cannot read the match seed handed over: {exc}") from None
    return check("--seed", text.strip(), SEED_MAX)


def without_seed(argv: Sequence[str]) -> list[str]:
    """The arguments less ``--seed N`` / ``--seed=N`` (and argparse's ``--see`` abbreviation)."""
    kept: list[str] = []
    skip = False
    for token in argv:
        if skip:
            skip = False
        elif token in ("--seed", "--see"):
            skip = True
        elif not token.startswith(("--seed=", "--see=")):
            kept.append(token)
    return kept


def hide_seed(seed: int | None, still_has_seed: Callable[[list[str]], bool]) -> None:
    """Re-execute ``hdchess`` without ``--seed`` in its arguments, the seed handed over
    through an inherited pipe. ``still_has_seed(argv)`` says whether arguments without the
    ``--seed`` tokens would still give a seed (an abbreviation this cannot strip): then,
    as when there is no seed or no POSIX ``exec``, it returns and nothing is hidden."""
    if seed is None or os.name != "posix" or SEED_FD in os.environ:
        return
    argv = without_seed(sys.argv[1:])
    if still_has_seed(argv):
        return
    read_end, write_end = os.pipe()
    os.write(write_end, str(seed).encode("ascii"))  # a few bytes: far below a pipe's buffer
    os.close(write_end)
    os.set_inheritable(read_end, True)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(sys.executable, [sys.executable, "-m", "hdchess", *argv], {**os.environ, SEED_FD: str(read_end)})


def keep_memory_private() -> bool:
    """Ask Linux to keep this process's memory, open descriptors and environment from other
    processes of the same user (``/proc/<pid>/mem``, ``fd``, ``environ``): an engine cannot read
    the seed the harness holds. False where the system offers no such switch."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        return bool(libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False
