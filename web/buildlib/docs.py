"""The documentation pages: each ``web/docs/*.md`` (copied into the site with the page's files) gets a
readable HTML page beside it, rendered here with Python-Markdown, a PyPI package installed once into
web/.cache like fontTools. A link to another page, ``foo.md`` (or ``foo.md#part``), becomes
``foo.html`` in the HTML, so the same links work on GitHub, which renders the ``.md`` files, and on the
site. Nothing is fetched when a page is read: no script, no CDN, only ``docs.css`` beside the pages."""

from __future__ import annotations

import html
import sys
from pathlib import Path
from urllib.parse import urlsplit

from .common import log, pip_target

MARKDOWN = ("markdown==3.11.3",)
DOCS = "web/docs"  # where the pages are, in the checkout and in the site
STYLESHEET = "docs.css"
# tables and fenced code as GitHub has them; toc gives each heading the id GitHub gives it, so that
# links such as web.md#embedding land on their heading in the HTML too.
EXTENSIONS = ("tables", "fenced_code", "toc", "sane_lists")

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · hdchess</title>
<link rel="stylesheet" href="{stylesheet}">
</head>
<body>
<nav class="docs-nav"><a href="index.html">Documentation</a> · <a href="../../index.html">Play hdchess</a>
· <a href="{source}">this page as Markdown</a></nav>
<main>
{body}
</main>
</body>
</html>
"""


def markdown_module():
    """Python-Markdown, imported from its folder in web/.cache (installed there once)."""
    folder = str(pip_target(MARKDOWN))
    if folder not in sys.path:
        sys.path.insert(0, folder)
    import markdown

    return markdown


def html_link(href: str) -> str:
    """``foo.md`` and ``foo.md#part`` become ``foo.html`` and ``foo.html#part``; other links stay as they are."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or not parts.path.endswith(".md"):
        return href
    return parts.path[:-3] + ".html" + (f"#{parts.fragment}" if parts.fragment else "")


def renderer():
    """A Markdown converter whose links to .md pages point to their .html pages."""
    markdown = markdown_module()

    class HtmlLinks(markdown.treeprocessors.Treeprocessor):
        def run(self, root):
            for element in root.iter("a"):
                href = element.get("href")
                if href is not None:
                    element.set("href", html_link(href))

    class HtmlLinksExtension(markdown.extensions.Extension):
        def extendMarkdown(self, md):  # noqa: N802  (the name Python-Markdown calls)
            md.treeprocessors.register(HtmlLinks(md), "hdchess_html_links", 0)  # after inline links are made

    return markdown.Markdown(extensions=[*EXTENSIONS, HtmlLinksExtension()], output_format="html")


def page_title(text: str, fallback: str) -> str:
    """The page's first heading, as plain text."""
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip().replace("`", "")
    return fallback


def write_docs(site: Path) -> list[str]:
    """An HTML page beside each Markdown page in the site's ``web/docs/``; returns the pages' names."""
    folder = site / DOCS
    pages = sorted(folder.glob("*.md")) if folder.is_dir() else []
    if not pages:
        log(f"warning: no {DOCS}/*.md: the site has no documentation")
        return []
    md = renderer()
    for page in pages:
        text = page.read_text(encoding="utf-8")
        body = md.reset().convert(text)
        page.with_suffix(".html").write_text(PAGE.format(
            title=html.escape(page_title(text, page.stem)), stylesheet=STYLESHEET, source=page.name, body=body,
        ), encoding="utf-8")
    log(f"{len(pages)} documentation pages rendered into {DOCS}/")
    return [page.stem for page in pages]
