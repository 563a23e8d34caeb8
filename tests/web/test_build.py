"""The static site web/build.py writes (no browser needed, but npm and PyPI on the first build)."""

import base64
import csv
import hashlib
import io
import json
import os
import re
import shlex
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

import build
import pytest

from hdchess.variants import BUILT_IN

pytestmark = pytest.mark.web


@pytest.fixture(scope="module")
def site():
    return build.build()


def test_the_site_holds_the_app_and_only_what_it_loads(site):
    files = set(build.site_files(site))
    for needed in ("index.html", "sw.js", "web/app.js", "web/worker.js", "web/engine-client.js",
                   "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                   "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json",
                   "wheels/manifest.json", "web/static-info.js", "web/fonts/hdchess-cjk.woff2",
                   "web/fonts/hdchess-cjk.OFL.txt", "web/fonts/hdchess-pieces.woff2",
                   "web/fonts/hdchess-pieces.OFL.txt"):
        assert needed in files
    for tool in ("web/build.py", "web/serve.py", "web/package.json", "web/package-lock.json", "web/sw.js"):
        assert tool not in files
    assert not any("node_modules" in name or name.endswith((".map", ".d.ts")) for name in files)
    assert not any("micropip" in name for name in files)  # no installer: the wheel goes on sys.path as it is


def test_start_up_downloads_a_trimmed_standard_library_and_a_small_wheel(site):
    """What start-up fetches is Pyodide's runtime, our standard library and our wheel: the library
    leaves out developer tools and mail/XML clients (a third of it), and the wheel stays small (1.25 MB:
    the code with its bytecode and the small tables; it was 1.05 MB once friend games and mate search came, 1.205 MB
    with the rematch, the flip budget and the frames of an animated image) because
    the big endgame tables are fetched beside it, after start-up."""
    shipped = (site / "pyodide/python_stdlib.zip").stat().st_size
    assert shipped < 0.75 * (build.PYODIDE_PACKAGE / "python_stdlib.zip").stat().st_size
    wheel = json.loads((site / "wheels/manifest.json").read_text())["wheel"]
    assert (site / "wheels" / wheel).stat().st_size < 1.25e6


def service_worker_list(site, name):
    return json.loads(re.search(rf"const {name} = (\[.*?\]);", (site / "sw.js").read_text(), re.S).group(1))


def test_big_endgame_tables_are_served_beside_the_wheel_not_in_it(site):
    """Start-up waits for the wheel: the 4-piece tables (megabytes) come afterwards, each game's on
    its own, and are cached when first fetched (for offline play), not up front for every player."""
    variants = json.loads((site / "tables/manifest.json").read_text())["variants"]
    assert variants == {"banqi": ["banqi-4.hdt"], "gaiqi": ["gaiqi-4.hdt"]}
    listed = [name for names in variants.values() for name in names]
    for name in listed:
        assert (site / "tables" / name).stat().st_size > build.WHEEL_TABLE_LIMIT
    on_demand = service_worker_list(site, "ON_DEMAND")
    assert [path for path in on_demand if path.startswith("tables/")] == sorted(f"tables/{name}" for name in listed)
    # and what few players need: the documentation pages, the QR encoder of a friend game's invitation, and the
    # plain runtime for a browser that cannot inflate the compressed one; the link preview (for chat apps), and
    # gifenc's licence (read by people, never by the page)
    later = {build.QR_TARGET, build.RUNTIME_FALLBACK, build.LINK_PREVIEW, build.GIFENC_LICENCE}
    # and the relays' library of one-link friend play (web/buildlib/trystero.py), fetched when such a game starts
    assert all(path.startswith(("tables/", "web/docs/", "web/remote/trystero/")) or path in later for path in on_demand)
    assert later <= set(on_demand)
    precache = set(service_worker_list(site, "PRECACHE"))
    assert not {f"tables/{name}" for name in listed} & precache
    # what draws a finished game's animated image is there up front, so that a player offline makes it too
    assert {"web/animation.js", "web/board-picture.js", "web/board-glyphs.js", "web/gifenc.js"} <= precache
    wheel = site / "wheels" / json.loads((site / "wheels/manifest.json").read_text())["wheel"]
    with zipfile.ZipFile(wheel) as archive:
        tables = {n.rpartition("/")[2]: archive.getinfo(n) for n in archive.namelist() if n.endswith(".hdt")}
    assert {"banqi-3.hdt", "gaiqi-3.hdt", "hdc2-2.hdt"} <= set(tables) and not set(listed) & set(tables)
    assert all(info.compress_type == zipfile.ZIP_STORED for info in tables.values())  # read without inflating


def test_the_lock_file_lists_no_package(site):
    lock = json.loads((site / "pyodide/pyodide-lock.json").read_text())
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.")


def test_the_wheel_is_complete_and_runs_the_bridge(site, tmp_path):
    name = json.loads((site / "wheels/manifest.json").read_text())["wheel"]
    wheel = site / "wheels" / name
    assert re.fullmatch(r"hdchess-[\w.]+-py3-none-any\.whl", name)
    with zipfile.ZipFile(wheel) as archive:
        record_name = next(n for n in archive.namelist() if n.endswith(".dist-info/RECORD"))
        rows = list(csv.reader(io.StringIO(archive.read(record_name).decode())))
        listed = {row[0] for row in rows}
        assert listed == set(archive.namelist())
        for path, digest, size in rows:
            if path == record_name:
                continue
            data = archive.read(path)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={expected}" and int(size) == len(data)
        assert "hdchess/bridge/__init__.py" in listed and not any("__pycache__" in n for n in listed)
        assert {"hdchess/rules_text/hdc2.md", "hdchess/rules_text/hdc2.zh.md"} <= listed  # the rules, each language
        modules = {n for n in listed if n.endswith(".py")}
        assert {n + "c" for n in modules} <= listed  # bytecode for the site's Python beside every module
        assert archive.read("hdchess/bridge/__init__.pyc")[4:8] == b"\x01\x00\x00\x00"  # hash-based, never checked
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); import hdchess.bridge as b; "
            "assert b.__file__.startswith(sys.argv[1]), b.__file__; "
            "print(b.handle(json.dumps({'cmd': 'new_game', 'args': {'seed': 1}})))")
    out = subprocess.run([sys.executable, "-c", code, str(wheel)], capture_output=True, text=True, cwd=tmp_path,
                         check=True).stdout
    assert json.loads(out)["ok"] is True


def test_the_wheel_alone_plays_endgames_from_its_tables(site, tmp_path):
    """In the browser the package is imported from the wheel's zip, where its data is no
    folder on disk: the tables it ships must still be found and played from."""
    name = json.loads((site / "wheels/manifest.json").read_text())["wheel"]
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import hdchess; "
            "assert hdchess.__file__.startswith(sys.argv[1]), hdchess.__file__; "
            "from hdchess import load_ruleset; from hdchess.ai import choose_action; "
            "r = load_ruleset('banqi'); "
            "print([load_ruleset(v).knowledge.tables.prober(load_ruleset(v)) is not None "
            "for v in ('hdc2', 'banqi', 'gaiqi')], "
            "choose_action(r.read_position('8/4A3/8/ra6 r - 0 100'), 'Beginner').table)")
    env = {k: v for k, v in os.environ.items() if k != "HDCHESS_TABLES"}
    out = subprocess.run([sys.executable, "-c", code, str(site / "wheels" / name)], capture_output=True,
                         text=True, cwd=tmp_path, env=env, check=True).stdout
    assert out.split() == ["[True,", "True,", "True]", "True"]


def test_the_page_knows_every_variant_before_python_starts(site):
    text = (site / "web/static-info.js").read_text()
    data = json.loads(text[text.index("{"):text.rindex("}") + 1])
    names = [v["name"] for v in data["info"]["variants"]]
    assert names and set(data["openings"]) == set(names)
    for name in names:
        opening = data["openings"][name]
        board = opening["board"]
        assert len(opening["squares"]) == board["files"] * board["ranks"] == len(board["names"])
        assert opening["moves"] == [] and "record" not in opening and "seed" not in opening


def test_the_service_worker_caches_every_file_under_a_content_version(site):
    text = (site / "sw.js").read_text()
    assert build.SW_VERSION_MARK not in text and build.SW_FILES_MARK not in text
    version = re.search(r'const CACHE_VERSION = "([0-9a-f]{16})";', text).group(1)
    precache, on_demand = service_worker_list(site, "PRECACHE"), service_worker_list(site, "ON_DEMAND")
    assert set(precache) | set(on_demand) == ({"./"} | set(build.site_files(site))) - {"sw.js"}
    assert all(not url.startswith("/") for url in precache + on_demand)  # relative: works under any path
    again = build.build()
    assert re.search(version, (again / "sw.js").read_text())  # the same sources, the same version


def test_the_fonts_have_every_cjk_character_the_app_shows(site, monkeypatch):
    """Read apart from the build's own search: the page, its modules, the package (the rules texts, the
    variants' glyphs). A character the fonts lack would be a missing-glyph box on a machine with no CJK font."""
    monkeypatch.syspath_prepend(str(build.ensure_fonttools()))
    from fontTools.ttLib import TTFont

    root = build.ROOT
    modules = [p for p in (root / "web").rglob("*.js") if not {"node_modules", ".cache"} & set(p.parts)]
    sources = [root / "index.html", *modules, *(root / "hdchess").rglob("*.py"), *(root / "hdchess").rglob("*.md")]
    shown = set().union(*(build.cjk_characters(path.read_text(encoding="utf-8")) for path in sources))
    glyphs = {char for spec in BUILT_IN for colour in spec.glyphs for char in colour}
    assert {"帥", "將", "中", "文"} <= shown | glyphs
    fonts = site / "web" / "fonts"
    interface = TTFont(fonts / "hdchess-cjk.woff2").getBestCmap()
    pieces = TTFont(fonts / "hdchess-pieces.woff2").getBestCmap()
    assert sorted(char for char in shown | glyphs if ord(char) not in interface) == []
    assert sorted(char for char in glyphs if ord(char) not in pieces) == []
    for font in build.FONTS:
        assert (fonts / f"{font.name}.woff2").stat().st_size < 200_000  # tens of KB: a subset, not the font
        assert "SIL Open Font License" in (fonts / f"{font.name}.OFL.txt").read_text()


def test_the_stylesheet_loads_the_built_fonts_for_cjk_characters(site):
    css = (site / "web" / "style.css").read_text()
    for url in re.findall(r'url\("([^"]+)"\)', css):
        assert (site / "web" / url).is_file(), url
    ranges = re.search(r'font-family: "hdchess CJK";[^}]*unicode-range: ([^;]+);', css).group(1)
    assert ranges == ", ".join(f"U+{low:X}-{high:X}" for low, high in build.CJK_RANGES)


class _Links(HTMLParser):
    """The links (``href``, ``src``) and the element ids of an HTML page."""

    def __init__(self):
        super().__init__()
        self.links, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append(value)
            elif name == "id":
                self.ids.add(value)


def _parse_html(path):
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_the_site_serves_every_docs_page_as_markdown_and_html_with_working_links(site):
    """Each web/docs/*.md is on the site as it is and as HTML; every relative link of a page, in its
    Markdown (as GitHub follows it) and in its HTML (as the site serves it), names a file of the site,
    and a link to a part of a page names an id that the HTML page has."""
    docs = build.ROOT / "web" / "docs"
    names = sorted(path.stem for path in docs.glob("*.md"))
    assert "index" in names and len(names) >= 10
    served = site / "web" / "docs"
    for name in names:
        assert (served / f"{name}.md").read_bytes() == (docs / f"{name}.md").read_bytes()
        assert (served / f"{name}.html").is_file()
    markdown_links = re.compile(r"\]\(([^)\s]+)\)")
    for name in names:
        page = served / f"{name}.html"
        html_links = _parse_html(page).links
        md_links = markdown_links.findall((served / f"{name}.md").read_text(encoding="utf-8"))
        for href in md_links + html_links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc:
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            assert target.is_file() and site.resolve() in target.parents, f"{name}: {href}"
            if parts.fragment:
                anchor_page = target.with_suffix(".html")
                assert parts.fragment in _parse_html(anchor_page).ids, f"{name}: {href}"
        assert not any(urlsplit(href).path.endswith(".md") and href != f"{name}.md" for href in html_links), name


def _console_examples(text):
    """The ``$ command`` lines of a text's ```console blocks, each with the output shown under it."""
    examples = []
    for block in re.findall(r"^```console\n(.*?)^```", text, re.S | re.M):
        for line in block.splitlines():
            if line.startswith("$ "):
                examples.append((line[2:], []))
            elif examples:
                examples[-1][1].append(line)
    return examples


def test_the_console_examples_of_the_readme_and_the_docs_print_what_they_show():
    """Every ```console example that shows its output (README.md, web/docs/*.md) prints exactly that
    (a line ``...`` stands for any lines; spaces at the ends of lines are not compared). Those that
    show none are a game (`play`), a timed match or a long count, and are not run."""
    pages = [build.ROOT / "README.md", *sorted((build.ROOT / "web" / "docs").glob("*.md"))]
    hdchess = re.compile(r"(?<![\w:/.-])(?:python3? -m )?hdchess(?= )")
    ran = 0
    for page in pages:
        for command, shown in _console_examples(page.read_text(encoding="utf-8")):
            if not shown or command.startswith(("hdchess match", "hdchess play")):
                continue
            line = hdchess.sub(f"{shlex.quote(sys.executable)} -m hdchess", command)
            result = subprocess.run(["bash", "-c", line], capture_output=True, text=True, cwd=build.ROOT,
                                    env={**os.environ, "NO_COLOR": "1"}, timeout=120, check=False)
            pattern = "\n".join(".*?" if want == "..." else re.escape(want.rstrip()) for want in shown)
            printed = "\n".join(line.rstrip() for line in result.stdout.rstrip("\n").splitlines())
            assert result.returncode == 0, f"{page.name}: {command}: {result.stderr}"
            assert re.fullmatch(pattern, printed, re.S), f"{page.name}: {command}\n{result.stdout}"
            ran += 1
    assert ran >= 6


def test_the_readme_links_to_pages_that_exist(site):
    """README.md's relative links name files of the checkout, and a link to a part of a docs page names
    an id of that page (the HTML's ids are the heading anchors GitHub makes)."""
    for href in re.findall(r"\]\(([^)\s]+)\)", (build.ROOT / "README.md").read_text(encoding="utf-8")):
        parts = urlsplit(href)
        if parts.scheme or parts.netloc:
            continue
        assert (build.ROOT / parts.path).exists(), href
        if parts.fragment:
            assert parts.path.startswith("web/docs/"), href
            assert parts.fragment in _parse_html((site / parts.path).with_suffix(".html")).ids, href
