"""Sharing a game: the animated image of a finished game's moves, made in the page from the end screen (one
frame per position, the last held; the board's shape the variant's, Cheight's stacks and its 4x4 layout
too), decoded here with Pillow; and the link preview's tags and image in the built site."""

import base64
import io
import re
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect
from web_support import call, finished

pytestmark = pytest.mark.web

SITE = Path(__file__).resolve().parents[2] / "_site"
MAKE_MS = 60_000  # a ceiling for a busy machine; the figure is measured by measure_animation.py

# The image the end screen shows, as bytes (base64: a string crosses into Python as it is).
IMAGE_BYTES = """async () => {
  const image = document.querySelector('#gameover img.game-animation');
  const bytes = new Uint8Array(await (await fetch(image.src)).arrayBuffer());
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}"""


def played(variant, options=None, seed=5):
    """A game of ``variant`` played to its end by two Beginners: (record, the bridge's frames)."""
    record, _, session = finished(variant, seed, options)
    return record, call(session, "frames")


def frames_of(data):
    """Each frame of a GIF as RGB bytes, and each frame's duration (ms), by Pillow."""
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF"
    pixels, durations = [], []
    for index in range(image.n_frames):
        image.seek(index)
        durations.append(image.info.get("duration"))
        pixels.append(image.convert("RGB").tobytes())
    return image.size, pixels, durations


@pytest.mark.parametrize(("variant", "options"), [
    ("hdc2", None), ("banqi", None), ("gaiqi", None), ("cheight", None), ("cheight", {"layout": "minimal"})])
def test_the_animated_image_shows_every_move_of_a_finished_game(open_app, variant, options, lang="en"):
    record, game = played(variant, options)
    page = open_app({"record": record, "lang": lang})
    gameover = page.locator("#gameover")
    expect(gameover).to_be_visible(timeout=60_000)
    page.locator("#btn-animation").click()
    expect(gameover.locator("img.game-animation")).to_be_visible(timeout=MAKE_MS)
    (width, height), pixels, durations = frames_of(base64.b64decode(page.evaluate(IMAGE_BYTES)))
    positions = game["frames"]
    assert len(pixels) == len(positions)  # the start and one frame per ply
    files, ranks = game["board"]["files"], game["board"]["ranks"]
    assert abs(width / height - files / ranks) < 0.15, f"a {width}x{height} image of a {files}x{ranks} board"
    for ply in range(1, len(positions)):
        if positions[ply]["squares"] != positions[ply - 1]["squares"]:
            assert pixels[ply] != pixels[ply - 1], f"ply {ply} changed the board, not the image"
    assert durations[-1] > max(durations[:-1]), "the last frame is held"
    expect(gameover.locator("#animation-save")).to_be_visible()


def test_the_end_screen_offers_the_image_in_chinese(open_app):
    record, _ = played("gaiqi")
    page = open_app({"record": record, "lang": "zh"})
    expect(page.locator("#btn-animation")).to_have_text("动画图片", timeout=60_000)
    page.locator("#btn-animation").click()
    expect(page.locator("#animation-save")).to_have_text("保存图片", timeout=MAKE_MS)
    expect(page.locator("#gameover img.game-animation")).to_have_attribute("alt", "对局的着法，每步一帧")


def test_the_built_page_names_its_link_preview():
    html = (SITE / "index.html").read_text(encoding="utf-8")
    tags = dict(re.findall(r'<meta (?:property|name)="((?:og|twitter):[a-z:_]+)" content="([^"]*)">', html))
    assert tags["og:title"] and tags["og:description"] and tags["og:image:alt"]
    assert tags["twitter:card"] == "summary_large_image"
    assert re.search(r"<title>[^<]+</title>", html)
    image = Image.open(SITE / tags["og:image"])
    assert image.format == "PNG"
    assert image.size == (int(tags["og:image:width"]), int(tags["og:image:height"]))
    assert len(image.convert("RGB").getcolors(maxcolors=1 << 24)) > 20, "the preview is a picture, not a blank"


def test_a_build_told_the_sites_address_gives_chat_apps_an_absolute_image_url(tmp_path):
    from buildlib.common import ROOT, BuildError
    from buildlib.picture import preview_tags

    (tmp_path / "index.html").write_text((ROOT / "index.html").read_text(encoding="utf-8"), encoding="utf-8")
    preview_tags(tmp_path, None)  # no address: the page's own relative URL stays
    assert '<meta property="og:image" content="web/icons/preview.png">' in (tmp_path / "index.html").read_text()
    preview_tags(tmp_path, "https://example.org/hdchess")
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert '<meta property="og:image" content="https://example.org/hdchess/web/icons/preview.png">' in html
    assert '<meta property="og:url" content="https://example.org/hdchess/">' in html
    for bad in ("example.org/hdchess/", "ftp://example.org/", "https://example.org/?x=1"):
        with pytest.raises(BuildError, match="--site-url"):
            preview_tags(tmp_path, bad)
