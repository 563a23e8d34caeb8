"""How many explicit `any` the page's JavaScript types carry (issue 45: the seams' count, before and after).

Counts `any` inside the braces of JSDoc types (`@type {any}`, `@param {Record<string, any>} ...`) in web/*.js,
web/ui/*.js and web/remote/*.js, and every `any` of web/'s .d.ts files, file by file. tsc accepts each of them
silently; each is a place the checker does not look.

    python3 tests/bench/count_any.py            # this checkout
    python3 tests/bench/count_any.py OTHER/web  # another one's web/
"""

import re
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
JSDOC = re.compile(r"/\*\*.*?\*/", re.S)
TYPE = re.compile(r"\{[^@]*?\}(?=\s|\)|$)", re.S)  # a JSDoc type's braces (no tag inside)
ANY = re.compile(r"\bany\b")


def count(path: Path) -> int:
    text = path.read_text(encoding="utf-8")
    if path.name.endswith(".d.ts"):
        return len(ANY.findall(re.sub(r"//.*", "", text)))
    return sum(len(ANY.findall(braces)) for block in JSDOC.findall(text) for braces in TYPE.findall(block))


def main(web: Path) -> None:
    paths = [p for pattern in ("*.js", "ui/*.js", "remote/*.js", "*.d.ts", "remote/*.d.ts") for p in web.glob(pattern)]
    counts = sorted(((count(p), p.relative_to(web).as_posix()) for p in paths), reverse=True)
    for n, name in counts:
        if n:
            print(f"{n:4} {name}")
    print(f"total {sum(n for n, _ in counts)}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else WEB)
