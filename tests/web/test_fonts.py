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
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

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


def test_chinese_in_a_rules_page_s_code_is_drawn_with_the_app_s_font(page_without_cjk_fonts, site_url,
                                                                     wait_for_engine):
    """Code in a rules page (a monospace stack) draws its Chinese characters with the app's font, its Latin
    ones with the machine's monospace font: no missing-glyph box."""
    page = page_without_cjk_fonts
    page.goto(site_url + "index.html?lang=zh")
    wait_for_engine(page)
    page.locator("#btn-rules").click()
    page.locator("#rules-dialog .rules-text").wait_for()
    page.evaluate("""() => {
        const code = document.createElement("code");
        code.id = "cjk-code";
        code.textContent = "规则 c2";
        document.querySelector("#rules-dialog .rules-text p").append(code);
        return document.fonts.ready;
    }""")
    fonts = rendered_fonts(page, "#cjk-code")[0]
    assert ("NotoSansSC-Regular", True, 2) in fonts, fonts  # 规 and 则
    assert sum(glyphs for name, custom, glyphs in fonts if not custom) == 3, fonts  # a space, c and 2: no box


# Every font stack of the app's style sheets: `font-family: <list>` and the list closing a `font: ...` shorthand.
STYLE_SHEETS = ("web/style.css", "web/docs/docs.css")
APP_FONTS = {'"hdchess CJK"', '"hdchess Pieces"'}
# Families a browser always resolves to a font: past one of them it never looks for a character it lacks.
GENERIC = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "math", "emoji", "fangsong",
           "ui-serif", "ui-sans-serif", "ui-monospace", "ui-rounded", "-apple-system"}
DECLARATION = re.compile(r"(?<![-\w])(font-family|font)\s*:\s*([^;{}]+)")


def font_stacks(css):
    """(selector or at-rule, [families]) for each declaration that names families, outside @font-face."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    while re.search(r"\([^()]*\)", css):  # max(11px, calc(...)): commas inside are no family separators
        css = re.sub(r"[\w-]*\([^()]*\)", "0", css)
    stacks = []
    for block in re.finditer(r"([^{}]*)\{([^{}]*)\}", css):
        selector = block.group(1).strip()
        if selector.startswith("@font-face"):
            continue
        for prop, value in DECLARATION.findall(block.group(2)):
            value = value.strip()
            if value in ("inherit", "initial", "unset"):
                continue
            parts = [part.strip() for part in value.split(",")]
            if prop == "font":  # "700 0/1.3 system-ui": the last word of the first part is the first family
                parts[0] = re.findall(r'"[^"]*"|\S+', parts[0])[-1]
            stacks.append((selector, parts))
    return stacks


def test_the_css_parser_reads_a_shorthand_and_skips_font_faces():
    css = """@font-face { font-family: "hdchess CJK"; }
             .a { font: 700 max(11px, calc(2cqw / var(--n))) / 1.3 "hdchess CJK", system-ui, sans-serif; }
             .b { font-family: ui-monospace, monospace; font: inherit; }"""
    assert font_stacks(css) == [(".a", ['"hdchess CJK"', "system-ui", "sans-serif"]),
                                (".b", ["ui-monospace", "monospace"])]


@pytest.mark.parametrize("sheet", STYLE_SHEETS)
def test_every_font_stack_reaches_the_app_s_font_before_a_generic_family(sheet):
    """A generic family (or system-ui) draws what its font lacks as an empty box: the browser never tries a
    family listed after it. So the app's font (CJK characters only, by unicode-range) comes before it."""
    stacks = font_stacks((ROOT / sheet).read_text(encoding="utf-8"))
    assert len(stacks) >= 2
    for selector, families in stacks:
        generic = next((i for i, family in enumerate(families) if family in GENERIC), len(families))
        assert APP_FONTS & set(families[:generic]), f"{sheet}: {selector} {{ {', '.join(families)} }}"
