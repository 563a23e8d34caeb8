"""The package's imports run one way: no module reaches, directly or through others,
back to itself (issue 34), and none imports a layer above its own (issue 45: the layers
are written once, in web/docs/architecture.md, and read from there). Every import
counts, also those made only for the type checker (``if TYPE_CHECKING:``) and those
inside functions, since each is a dependency a reader must hold in mind; the engine
knows nothing of the browser either."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "hdchess"
ARCHITECTURE = ROOT / "web" / "docs" / "architecture.md"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that ``path`` imports (``from . import x`` names module x when it is one)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            found.add(target)
            found |= {f"{target}.{alias.name}" for alias in node.names}
    resolved = set()
    for target in found:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != name:
            resolved.add(target)
    return resolved


def import_graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, modules) for p in paths}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def is_parent_package(a: str, b: str) -> bool:
    """A package's ``__init__`` naming its own modules is its face, not a dependency of theirs."""
    return b.startswith(a + ".")


def test_no_module_of_the_package_imports_itself_back() -> None:
    graph = {name: {t for t in targets if not is_parent_package(name, t)} for name, targets in import_graph().items()}
    assert cycles(graph) == []


def test_the_engine_knows_nothing_of_the_browser() -> None:
    for name, targets in import_graph().items():
        assert not {t for t in targets if t.split(".")[0] in ("js", "pyodide")}, name


def layer_order(text: str, name: str = "layers") -> list[list[str]]:
    """The layers the architecture page draws, top first: the fenced ``layers`` block (``web-layers``:
    the page's), one layer a line, its parts (a module or folder of ``hdchess/``; ``hdchess`` itself, the
    package's face) before the first run of two spaces, separated by commas."""
    block = re.search(rf"^```{name}\n(.*?)^```", text, re.S | re.M)
    assert block is not None, f"architecture.md has no ```{name} block"
    return [[part.strip() for part in line.split("  ")[0].split(",")] for line in block.group(1).splitlines()
            if line.strip()]


def part_of(module: str) -> str:
    """The part of the package a module belongs to: its file or folder under ``hdchess/``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def upward_imports(graph: dict[str, set[str]], layers: list[list[str]]) -> list[str]:
    """Each import of a module from a layer above its own, as "importer -> imported"."""
    rank = {part: index for index, layer in enumerate(layers) for part in layer}
    return sorted(f"{name} -> {target}" for name, targets in graph.items() for target in targets
                  if rank[part_of(target)] < rank[part_of(name)])


def test_every_part_of_the_package_is_in_one_layer() -> None:
    layers = layer_order(ARCHITECTURE.read_text(encoding="utf-8"))
    drawn = [part for layer in layers for part in layer]
    assert len(drawn) == len(set(drawn)), "a part is drawn in two layers"
    assert {part_of(name) for name in import_graph()} == set(drawn)


def test_no_module_imports_a_layer_above_its_own() -> None:
    """The rules and the families sit below the search: a family's evaluation implements
    ``hdchess.knowledge``, beside the rules, and never imports ``hdchess.ai``."""
    layers = layer_order(ARCHITECTURE.read_text(encoding="utf-8"))
    assert upward_imports(import_graph(), layers) == []


def test_the_layer_check_finds_an_import_that_runs_up() -> None:
    layers = layer_order("```layers\nai, players  the search\nrules  what a game is\n```\n")
    assert layers == [["ai", "players"], ["rules"]]
    graph = {"hdchess.ai.search": {"hdchess.rules", "hdchess.players"}, "hdchess.rules": {"hdchess.ai.knowledge"}}
    assert upward_imports(graph, layers) == ["hdchess.rules -> hdchess.ai.knowledge"]


@pytest.mark.parametrize(("graph", "expected"), [
    ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
])
def test_the_cycle_finder_finds_cycles(graph: dict[str, set[str]], expected: list[list[str]]) -> None:
    assert cycles(graph) == expected


# -- the page ---------------------------------------------------------------------------------------------

WEB = ROOT / "web"
JS_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}/[^"']+)["']""", re.M)


def web_part(path: Path) -> str:
    """A module's part of the page: its file's name without ``.js``, or its folder (``ui``, ``remote``)."""
    relative = path.relative_to(WEB)
    return relative.parts[0] if len(relative.parts) > 1 else relative.name.removesuffix(".js")


def web_graph() -> dict[str, set[str]]:
    """The page's modules (``web/*.js``, ``web/ui/``, ``web/remote/``; not what the build vendors) and
    the parts each imports, by code or only for a JSDoc type (``import("./x.js").T``); type-only
    ``.d.ts`` files are below everything."""
    modules = sorted(WEB.glob("*.js")) + sorted((WEB / "ui").glob("*.js")) + sorted((WEB / "remote").glob("*.js"))
    graph: dict[str, set[str]] = {}
    for path in modules:
        if path.name == "eslint.config.js":  # the linter's settings, not the page
            continue
        targets = graph.setdefault(str(path.relative_to(WEB)), set())
        for spec in JS_IMPORT.findall(path.read_text(encoding="utf-8")):
            target = (path.parent / spec).resolve()
            if target.suffix == ".js" and target.is_file() and WEB.resolve() in target.parents:
                targets.add(web_part(WEB / target.relative_to(WEB.resolve())))
    return graph


def web_upward_imports(graph: dict[str, set[str]], layers: list[list[str]]) -> list[str]:
    rank = {part: index for index, layer in enumerate(layers) for part in layer}
    return sorted(f"{name} -> {target}" for name, targets in graph.items() for target in targets
                  if rank[target] < rank[web_part(WEB / name)])


def test_every_module_of_the_page_is_in_one_layer() -> None:
    layers = layer_order(ARCHITECTURE.read_text(encoding="utf-8"), "web-layers")
    drawn = [part for layer in layers for part in layer]
    assert len(drawn) == len(set(drawn)), "a part of the page is drawn in two layers"
    assert {web_part(WEB / name) for name in web_graph()} == set(drawn)


def test_no_module_of_the_page_imports_a_layer_above_its_own() -> None:
    """The widgets (``ui/``) sit below the controllers that drive them, the board below the widgets, the
    store and the workers below the board: a widget that needs a game's life is a controller."""
    layers = layer_order(ARCHITECTURE.read_text(encoding="utf-8"), "web-layers")
    assert web_upward_imports(web_graph(), layers) == []


def test_the_page_layer_check_finds_an_import_that_runs_up() -> None:
    layers = [["render"], ["ui"], ["state"]]
    graph = {"render.js": {"ui", "state"}, "ui/panel.js": {"state", "render"}, "state.js": set()}
    assert web_upward_imports(graph, layers) == ["ui/panel.js -> render"]
