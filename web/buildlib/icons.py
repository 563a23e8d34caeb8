"""What makes the page an app to install: ``manifest.webmanifest`` at the site's root and its icons in
``web/icons/``, drawn here from the game's own piece: the default game's red General as the board draws it
(``web/style.css``'s disc, its colours read from there: the cream face, its rim, the inner ring, the glyph in
red), the glyph the outline of the pieces' own font (Noto Serif SC Bold, through fontTools), so the SVG needs
no font. The PNGs are that SVG rasterised by resvg (the npm package ``@resvg/resvg-wasm``, pinned, run in node
by ``icons.mjs`` beside this file at build time only: nothing of it is in the site), cached in web/.cache."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import NamedTuple

from .common import CACHE, ROOT, WEB, BuildError, log, npm_pack
from .fonts import FONTS, ensure_font, glyph_path, variant_glyphs
from .picture import PREVIEW, PREVIEW_SIZE, outlines, preview_svg, preview_tags, write_outlines

RESVG = ("@resvg/resvg-wasm", "2.6.2",
         "sha512-FqALmHI8D4o6lk/LRWDnhw95z5eO+eAa6ORjVg09YRR7BkcM6oPHU9uyC0gtQG5vpFLvgpeU4+zEAz2H8APHNw==",
         ("index.mjs", "index_bg.wasm"))
RASTERISER = Path(__file__).with_name("icons.mjs")
MANIFEST = "manifest.webmanifest"
ICON_DIR = "web/icons"
SVG_ICON = "icon.svg"
SIDE = 512  # the SVG's own size; each PNG is rasterised to its size from it
NAME = "Hidden Dragon Chess"
SHORT_NAME = "hdchess"
START_URL = "./?source=app"  # the page, which resumes the saved game (no game parameter in it)

# The disc as web/style.css draws it, in fractions of its diameter (on the 4-file board): the rim (an inset
# shadow of 0.3cqw on a disc of 20.5cqw), the inner ring (9% in, a border of 0.25cqw, at opacity 0.7), the
# glyph (43cqw / 4 files), the light spot of the face's gradient ("circle at 35% 30%", #fffaf0 at 0).
RIM = 0.3 / 20.5
RING_INSET = 0.09
RING = 0.25 / 20.5
RING_OPACITY = 0.7
GLYPH = (43 / 4) / 20.5
FACE_SPOT = "#fffaf0"


class Icon(NamedTuple):
    file: str  # in web/icons/
    size: int  # its width and height in pixels (0: the SVG, any size)
    purpose: str  # "any", or "maskable": the platform cuts it to its own shape, within the middle 80%
    disc: float  # the disc's diameter, a fraction of the side
    board: bool  # on the board's wood, edge to edge (a maskable icon has no transparent pixel)


ICONS = (
    Icon("icon.svg", 0, "any", 0.94, False),
    Icon("icon-192.png", 192, "any", 0.94, False),
    Icon("icon-512.png", 512, "any", 0.94, False),
    Icon("icon-maskable-512.png", 512, "maskable", 0.78, True),
)


def css_colours(css: str) -> dict[str, str]:
    """The custom properties of the stylesheet's first ``:root`` rule (its light colours): name -> value."""
    match = re.search(r"^:root\s*\{(.*?)^\}", css, re.S | re.M)
    if not match:
        raise BuildError("web/style.css has no :root rule with the page's colours")
    return dict(re.findall(r"--([a-z-]+):\s*([^;]+);", match.group(1)))


class _Meta(HTMLParser):
    """The ``<meta name=... content=...>`` of a page: (name, media) -> content."""

    def __init__(self) -> None:
        super().__init__()
        self.meta: dict[tuple[str, str], str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "meta" and values.get("name") and values.get("content"):
            self.meta[(values["name"] or "", values.get("media") or "")] = values["content"] or ""


def page_meta(html: str) -> dict[tuple[str, str], str]:
    parser = _Meta()
    parser.feed(html)
    return parser.meta


def number(value: float) -> str:
    """A length for the SVG: two decimals at most, no trailing zero."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def icon_svg(icon: Icon, glyph: str, colours: dict[str, str]) -> str:
    """The icon as an SVG of SIDE x SIDE: the disc (with its shadow), on the board's wood if ``icon.board``."""
    centre = SIDE / 2
    diameter = icon.disc * SIDE
    radius = diameter / 2
    rim = RIM * diameter
    ring = RING * diameter
    red, face, edge = colours["red"], colours["disc-face"], colours["disc-edge"]
    shadow = 0.015 * diameter
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIDE}" height="{SIDE}" viewBox="0 0 {SIDE} {SIDE}">',
        "<defs>",
        f'<radialGradient id="face" cx="0.35" cy="0.3" r="0.955"><stop offset="0" stop-color="{FACE_SPOT}"/>'
        f'<stop offset="0.55" stop-color="{face}"/><stop offset="1" stop-color="{edge}"/></radialGradient>',
        f'<filter id="shadow" x="-10%" y="-10%" width="120%" height="120%">'
        f'<feGaussianBlur stdDeviation="{number(shadow)}"/></filter>',
        "</defs>",
        *([f'<rect width="{SIDE}" height="{SIDE}" fill="{colours["wood"]}"/>'] if icon.board else []),
        f'<circle cx="{number(centre)}" cy="{number(centre + shadow)}" r="{number(radius - shadow)}" '
        f'fill="#000" fill-opacity="0.35" filter="url(#shadow)"/>',
        f'<circle cx="{number(centre)}" cy="{number(centre)}" r="{number(radius)}" fill="url(#face)"/>',
        f'<circle cx="{number(centre)}" cy="{number(centre)}" r="{number(radius - rim / 2)}" fill="none" '
        f'stroke="{edge}" stroke-width="{number(rim)}"/>',
        f'<circle cx="{number(centre)}" cy="{number(centre)}" r="{number(radius * (1 - 2 * RING_INSET) - ring / 2)}" '
        f'fill="none" stroke="{red}" stroke-opacity="{RING_OPACITY}" stroke-width="{number(ring)}"/>',
        f'<path fill="{red}" d="{glyph_path(glyph, ensure_font(FONTS[1]), centre, GLYPH * diameter)}"/>',
        "</svg>",
    ]
    return "\n".join(parts) + "\n"


def rasterise(svgs: dict[str, str], sizes: dict[str, int], directory: Path) -> None:
    """Each PNG of ``sizes`` (file -> pixels) from its SVG in ``svgs`` (file -> text), made once per set of
    inputs by resvg in node and cached; copied into ``directory``."""
    key = hashlib.sha256(json.dumps([RESVG, RASTERISER.read_text(), svgs, sizes], sort_keys=True).encode())
    cached = CACHE / "icons" / key.hexdigest()[:16]
    if not cached.exists():
        node = shutil.which("node")
        if node is None:
            raise BuildError("node is needed to draw the app's icons (apt-get install -y nodejs)")
        resvg = npm_pack(*RESVG)
        log(f"drawing the app's icons with {RESVG[0]} {RESVG[1]}")
        shutil.rmtree(cached.parent, ignore_errors=True)  # only the current icons are kept
        partial = cached.with_name(cached.name + ".partial")
        partial.mkdir(parents=True)
        jobs = [{"svg": svgs[name], "width": size, "out": str(partial / name)} for name, size in sizes.items()]
        subprocess.run([node, str(RASTERISER), str(resvg)], input=json.dumps(jobs), text=True, check=True)
        partial.rename(cached)
    for name in sizes:
        shutil.copyfile(cached / name, directory / name)


def web_manifest(colours: dict[str, str], meta: dict[tuple[str, str], str]) -> dict:
    """The web app manifest: what a browser needs to install the page as an app, and what the app looks like."""
    theme = meta.get(("theme-color", "(prefers-color-scheme: light)")) or meta.get(("theme-color", ""))
    if not theme:
        raise BuildError("index.html has no <meta name=\"theme-color\"> for the light colours")
    icons = [{"src": f"{ICON_DIR}/{icon.file}", "sizes": f"{icon.size}x{icon.size}" if icon.size else "any",
              "type": "image/png" if icon.size else "image/svg+xml", "purpose": icon.purpose} for icon in ICONS]
    return {
        "id": "./", "name": NAME, "short_name": SHORT_NAME,
        "description": meta.get(("description", ""), NAME), "lang": "en", "dir": "ltr",
        "start_url": START_URL, "scope": "./", "display": "standalone",
        "background_color": colours["bg"], "theme_color": theme, "categories": ["games"], "icons": icons,
    }


def make_app_files(site: Path, site_url: str | None = None) -> None:
    """web/icons/ and manifest.webmanifest: the icons from the default game's red General; the board's glyph
    outlines and the link preview beside them (web/buildlib/picture.py), rasterised with the icons."""
    colours = css_colours((WEB / "style.css").read_text(encoding="utf-8"))
    default, glyphs = variant_glyphs()
    general = glyphs[default][0][0]  # red's first kind: the General
    directory = site / ICON_DIR
    directory.mkdir(parents=True)
    svgs = {}
    for icon in ICONS:
        svg = icon_svg(icon, general, colours)
        if icon.size:
            svgs[icon.file] = svg
        else:
            (directory / icon.file).write_text(svg, encoding="utf-8")
    paths = outlines()
    write_outlines(site, paths)
    svgs[PREVIEW] = preview_svg(colours, paths)
    rasterise(svgs, {**{icon.file: icon.size for icon in ICONS if icon.size}, PREVIEW: PREVIEW_SIZE[0]}, directory)
    preview_tags(site, site_url)
    meta = page_meta((ROOT / "index.html").read_text(encoding="utf-8"))
    (site / MANIFEST).write_text(json.dumps(web_manifest(colours, meta), ensure_ascii=False, indent=2) + "\n",
                                 encoding="utf-8")
