"""An engine for tests: the real ``hdchess engine``, logging every line it is sent.

    python3 tests/spy_engine.py LOGFILE

The fair-play tests read the log to check what a program in a match can learn.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hdchess.engine import Engine  # noqa: E402


def main() -> int:
    log = open(sys.argv[1], "a", encoding="utf-8")  # noqa: SIM115 (open for the whole session)

    def write(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    engine = Engine(write)
    for line in sys.stdin:
        log.write(line)
        log.flush()
        if not engine.handle(line):
            break
    engine.handle("quit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
