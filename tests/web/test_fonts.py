"""The app brings its own Chinese glyphs: on a machine with no CJK font the pieces are no missing-glyph boxes.

Chromium runs with a fontconfig file that loads the machine's fonts but rejects every font for Chinese,
Japanese or Korean, so the test means the same on a machine with CJK fonts and on one without. In it:

1. the condition holds: 帥 and 將 drawn in the generic serif family are the very same pixels, the
   missing-glyph box (were a font for them left, they would differ), so nothing else can draw them;
2. the pool's pieces and the 中文 button are drawn with the app's web fonts, as DevTools reports for each
   element ("Rendered Fonts": the font that shaped its text, a custom font, one glyph per character);
3. drawn with the pieces' font, 帥 and 將 have ink and differ from each other and from the box.
"""

import os

import pytest

CJK_LANGS = ("zh-cn", "ja", "ko")  # "zh-cn" rejects every Chinese font, zh-tw and zh-hk too (same language)
FONTS_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">{system}</include>
  <selectfont><rejectfont>{patterns}</rejectfont></selectfont>
</fontconfig>
"""
# Every glyph in `font` drawn alone on a canvas, as its alpha channel.
DRAW_JS = """async ([font, texts]) => {
  await document.fonts.load(font, texts.join(""));
  return texts.map((text) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 64;
    const ctx = canvas.getContext("2d");
    ctx.font = font;
    ctx.textBaseline = "top";
    ctx.fillText(text, 8, 8);
    return Array.from(ctx.getImageData(0, 0, 64, 64).data.filter((_, i) => i % 4 === 3));
  });
}"""


@pytest.fixture
def page_without_cjk_fonts(launch_browser, guard, tmp_path):
    patterns = "".join(f'<pattern><patelt name="lang"><string>{lang}</string></patelt></pattern>'
                       for lang in CJK_LANGS)
    conf = tmp_path / "fonts.conf"
    conf.write_text(FONTS_CONF.format(system=os.environ.get("FONTCONFIG_FILE", "/etc/fonts/fonts.conf"),
                                      patterns=patterns))
    browser = launch_browser(env={**os.environ, "FONTCONFIG_FILE": str(conf)})
    context = browser.new_context()
    guard(context)
    yield context.new_page()
    browser.close()


def rendered_fonts(page, selector):
    """For each element matching ``selector``, the fonts that drew its text: (name, custom?, glyphs)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})["nodeIds"]
    return [[(font["postScriptName"], font["isCustomFont"], font["glyphCount"])
             for font in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]] for node in nodes]


def test_pieces_and_chinese_text_are_drawn_without_a_system_cjk_font(page_without_cjk_fonts, site_url,
                                                                      wait_for_engine):
    page = page_without_cjk_fonts
    page.goto(site_url + "index.html")
    wait_for_engine(page)
    page.locator(".pool .glyph").first.wait_for()
    page.evaluate("document.fonts.ready")
    red = page.locator(".pool .disc.red .glyph").first.text_content()
    black = page.locator(".pool .disc.black .glyph").first.text_content()
    assert (red, black) == ("帥", "將")

    box, also_box = page.evaluate(DRAW_JS, ["700 48px serif", [red, black]])
    assert box == also_box, "this Chromium still has a font with 帥 or 將: the test proves nothing"

    pieces = rendered_fonts(page, ".pool .glyph")
    assert pieces == [[("NotoSerifSC-Bold", True, 1)]] * 16  # hdc2's eight kinds in both colours
    assert rendered_fonts(page, "#btn-lang") == [[("NotoSansSC-Regular", True, 2)]]  # 中文

    style = page.locator(".pool .glyph").first.evaluate("e => getComputedStyle(e).fontFamily")
    shuai, jiang = page.evaluate(DRAW_JS, [f"700 48px {style}", [red, black]])
    assert any(shuai) and any(jiang)
    assert shuai != jiang and box not in (shuai, jiang)
