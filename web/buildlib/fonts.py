"""web/fonts/: Chinese glyphs for machines with no CJK font, each font a subset made with fontTools
from a face of an npm package (OFL, its licence beside it). The characters are found here, not listed
by hand, so a new string or a new variant is covered by the next build."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

from .common import CACHE, ROOT, BuildError, log, npm_pack, pip_target
from .wheel import package_files


# The fonts of web/fonts/, each a subset of one face from an npm package pinned by version and integrity
# (as package-lock.json pins Pyodide): the same sources make the same fonts.
class Font(NamedTuple):
    name: str  # web/fonts/<name>.woff2, and <name>.OFL.txt beside it
    package: str
    version: str
    integrity: str
    face: str  # the TTF in the package
    description: str  # for the licence file


FONTS = (
    Font("hdchess-cjk", "@expo-google-fonts/noto-sans-sc", "0.4.3",
         "sha512-9rAwdFTFHbO/u6Cs0gj2jZbW74TGIiaFNQnXYH2s5wA1bzVkwbaviL4t8YUV642eGYjg86eH6DkAEQmfNHDncQ==",
         "400Regular/NotoSansSC_400Regular.ttf", "Noto Sans SC Regular 2.004"),
    Font("hdchess-pieces", "@expo-google-fonts/noto-serif-sc", "0.4.3",
         "sha512-fSmUpiSFtSeyHV45/2xUOy5SdfExklQwwMKN3cQjAZAujITHDmSbpMHCVdCMhRqMjQtu0ZRgc29u8A+CU3akfw==",
         "700Bold/NotoSerifSC_700Bold.ttf", "Noto Serif SC Bold 2.003"),
)
FONT_LICENCE = "LICENSE_FONT"  # the package's OFL text, with the font's copyright
FONT_TOOLS = ("fonttools==4.60.1", "brotli==1.2.0")  # brotli: WOFF2
SUBSET_OPTIONS = ("--flavor=woff2", "--name-IDs=0,1,2,3,4,5,6,7,13,14")  # keep the copyright and licence names
# The characters the fonts cover: CJK radicals, punctuation, kana and ideographs, compatibility and fullwidth
# forms (U+2E80 up, less Yi, Hangul, private use, emoji and the like, which these fonts do not draw).
CJK_RANGES = ((0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))
CJK = re.compile("[" + "".join(f"{chr(low)}-{chr(high)}" for low, high in CJK_RANGES) + "]")
TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".md", ".py"}


def ensure_font(font: Font) -> Path:
    """The font's TTF (its licence beside it), fetched once with npm pack and unpacked into web/.cache."""
    return npm_pack(font.package, font.version, font.integrity, (font.face, FONT_LICENCE)) / Path(font.face).name


def ensure_fonttools() -> Path:
    """fontTools and brotli, pip-installed once into their own folder in web/.cache (added to no environment)."""
    return pip_target(FONT_TOOLS)


def glyph_paths(chars: str, font: Path, centre: float, size: float) -> dict[str, str]:
    """The SVG path of each of ``chars`` in ``font``, ``size`` pixels to the em, its ink centred on
    (centre, centre): the font is read once for them all."""
    sys.path.insert(0, str(ensure_fonttools()))
    try:
        from fontTools.pens.boundsPen import BoundsPen
        from fontTools.pens.svgPathPen import SVGPathPen
        from fontTools.pens.transformPen import TransformPen
        from fontTools.ttLib import TTFont
    finally:
        sys.path.pop(0)
    face = TTFont(font)
    glyphs = face.getGlyphSet()
    cmap = face.getBestCmap()
    scale = size / face["head"].unitsPerEm
    paths = {}
    for char in chars:
        name = cmap.get(ord(char))
        if name is None:
            raise BuildError(f"{font.name} has no glyph for {char}")
        bounds = BoundsPen(glyphs)
        glyphs[name].draw(bounds)
        if bounds.bounds is None:
            raise BuildError(f"the glyph of {char} in {font.name} is empty")
        x_min, y_min, x_max, y_max = bounds.bounds
        pen = SVGPathPen(glyphs, ntos=lambda value: f"{value:.1f}".rstrip("0").rstrip("."))
        # font units are y-up: flip, scale, and move the ink's centre to the disc's
        glyphs[name].draw(TransformPen(pen, (scale, 0, 0, -scale, centre - scale * (x_min + x_max) / 2,
                                             centre + scale * (y_min + y_max) / 2)))
        paths[char] = pen.getCommands()
    return paths


def glyph_path(char: str, font: Path, centre: float, size: float) -> str:
    """The SVG path of ``char`` in ``font``, ``size`` pixels to the em, its ink centred on (centre, centre)."""
    return glyph_paths(char, font, centre, size)[char]


def cjk_characters(text: str) -> set[str]:
    return set(CJK.findall(text))


def shown_characters(site: Path) -> set[str]:
    """Every CJK character the page can show: in the site's text files and in the package (the bridge's
    texts, the rules texts, the piece glyphs)."""
    pages = [site / "index.html", *(site / "web").rglob("*")]
    texts = [path.read_bytes() for path in pages if path.is_file() and path.suffix in TEXT_SUFFIXES]
    texts += [data for name, data in package_files().items() if Path(name).suffix in TEXT_SUFFIXES]
    chars: set[str] = set()
    for data in texts:
        chars |= cjk_characters(data.decode("utf-8", errors="replace"))
    return chars


def variant_glyphs() -> tuple[str, dict[str, list[str]]]:
    """The default variant's name, and each built-in variant's piece glyphs (red's, black's: one character per
    kind, General first), asked of the package's registry itself."""
    code = ("import json; from hdchess.variants import BUILT_IN, DEFAULT_VARIANT; "
            "print(json.dumps([DEFAULT_VARIANT, {s.name: s.glyphs for s in BUILT_IN}]))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True).stdout
    default, glyphs = json.loads(out)
    return default, glyphs


def piece_glyphs() -> set[str]:
    """The glyphs every built-in variant draws its pieces with."""
    return {char for glyphs in variant_glyphs()[1].values() for colour in glyphs for char in colour}


def subset_font(font: Font, chars: set[str], directory: Path) -> None:
    """<name>.woff2: the subset of ``font`` with ``chars``, made once per set of inputs and cached; its licence."""
    source = ensure_font(font)
    options = [*SUBSET_OPTIONS, "--unicodes=" + ",".join(f"{ord(char):X}" for char in sorted(chars))]
    key = hashlib.sha256(json.dumps([font, FONT_TOOLS, options]).encode()).hexdigest()[:16]
    cached = CACHE / "subsets" / f"{font.name}-{key}.woff2"
    if not cached.exists():
        log(f"subsetting {source.name} to {len(chars)} characters")
        cached.parent.mkdir(parents=True, exist_ok=True)
        for old in cached.parent.glob(f"{font.name}-*"):
            old.unlink()
        partial = cached.with_suffix(".partial")
        subprocess.run([sys.executable, "-m", "fontTools.subset", str(source), *options, f"--output-file={partial}"],
                       check=True, env={**os.environ, "PYTHONPATH": str(ensure_fonttools())})
        os.replace(partial, cached)
    shutil.copyfile(cached, directory / f"{font.name}.woff2")
    notice = (f"{font.name}.woff2 is a subset of {font.description}, made by web/build.py with fontTools\n"
              f"from the npm package {font.package} {font.version}, whose licence follows.\n\n")
    licence = (source.parent / FONT_LICENCE).read_text(encoding="utf-8")
    (directory / f"{font.name}.OFL.txt").write_text(notice + licence, encoding="utf-8")


def make_fonts(site: Path) -> None:
    """web/fonts/: every CJK character the page shows in the interface's face, the piece glyphs in the pieces'."""
    glyphs = piece_glyphs()
    directory = site / "web" / "fonts"
    directory.mkdir(parents=True)
    interface, pieces = FONTS
    subset_font(interface, shown_characters(site) | glyphs, directory)
    subset_font(pieces, glyphs, directory)
