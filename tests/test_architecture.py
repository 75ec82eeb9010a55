"""The house in rooms: every module of ``src/cardrules`` imports only from its own layer or
the layers below it, and no group of modules imports itself round in a circle.

The layers, lowest first, are :data:`LAYERS`; ``docs/architecture.md`` explains them. A new
module must be given a layer here: add its dotted name (a package name covers every module
inside it) to the right row. Every ``import`` and ``from ... import`` counts, wherever it
stands in the module (inside a function, under ``if TYPE_CHECKING:``); docstrings do not.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"

# Lowest first. A name stands for that module and, for a package, every module inside it.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("cards", ("cardrules.errors", "cardrules.cards", "cardrules.decks", "cardrules.hands")),
    ("mechanics", ("cardrules.melds", "cardrules.poker", "cardrules.tricks")),
    ("engine", ("cardrules.engine", "cardrules.testing", "cardrules.render")),
    ("games", ("cardrules.games",)),
    (
        "tools",
        (
            "cardrules.sim",
            "cardrules.cli",
            "cardrules.adapters",
            "cardrules.interactive",
            "cardrules._text",
            "cardrules.savefile",
            "cardrules.__main__",
        ),
    ),
)
# The package itself (``cardrules/__init__.py``) is the public face: it may re-export from
# any room, so it stands with the tools, and no room below them imports a name from it.
FACE = "cardrules"

Graph = dict[str, set[str]]


def layer_of(module: str, layers: Iterable[tuple[str, tuple[str, ...]]] = LAYERS) -> int | None:
    """The index of ``module``'s layer (the longest name of the table that covers it)."""
    rows = list(layers)
    if module == FACE:
        return len(rows) - 1
    best: tuple[int, int] | None = None  # (length of the name, layer)
    for index, (_, names) in enumerate(rows):
        for name in names:
            if (module == name or module.startswith(name + ".")) and (
                best is None or len(name) > best[0]
            ):
                best = (len(name), index)
    return None if best is None else best[1]


def layer_name(index: int) -> str:
    return LAYERS[index][0]


def source_modules(root: Path = SRC) -> dict[str, Path]:
    """Every module under ``root/cardrules`` by its dotted name (a package by its own)."""
    out = {}
    for path in sorted((root / "cardrules").rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _known(name: str, known: Iterable[str]) -> str | None:
    """``name`` or the longest known module that holds it."""
    mods = set(known)
    while name:
        if name in mods:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(module: str, source: str, known: Iterable[str], *, package: bool) -> set[str]:
    """The modules of ``known`` that ``source`` (the text of ``module``) imports.

    ``from pkg import name`` counts as an import of the module ``pkg.name`` when there is
    one, else of ``pkg``. A module's own package, which Python runs before it, is not
    counted unless the module takes a name from it.
    """
    mods = set(known)
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found = _known(alias.name, mods)
                if found:
                    out.add(found)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's own package upwards
                anchor = module.split(".") if package else module.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                found = _known(f"{base}.{alias.name}", mods)
                if found != f"{base}.{alias.name}":
                    found = _known(base, mods)
                if found:
                    out.add(found)
    out.discard(module)
    return out


def import_graph(root: Path = SRC) -> Graph:
    """Each module of ``src/cardrules`` with the modules of ``src/cardrules`` it imports."""
    modules = source_modules(root)
    return {
        name: imports_of(
            name, path.read_text(encoding="utf-8"), modules, package=path.name == "__init__.py"
        )
        for name, path in modules.items()
    }


def upward_imports(
    graph: Mapping[str, Iterable[str]],
    layers: Iterable[tuple[str, tuple[str, ...]]] = LAYERS,
) -> list[str]:
    """A sentence for each import of a module from a layer above the importer's."""
    rows = list(layers)
    out = []
    for module, targets in sorted(graph.items()):
        mine = layer_of(module, rows)
        for target in sorted(targets):
            theirs = layer_of(target, rows)
            if mine is not None and theirs is not None and theirs > mine:
                out.append(
                    f"{module} ({layer_name(mine)}) imports {target} ({layer_name(theirs)}), "
                    "a layer above it"
                )
    return out


def import_circles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The groups of modules that import one another round in a circle (Tarjan's strongly
    connected components of more than one module, or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                circles.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return circles


# --------------------------------------------------------------------------- the house


GRAPH = import_graph()


def test_every_module_has_a_layer() -> None:
    """Each module of src/cardrules is placed in a layer of LAYERS."""
    missing = [m for m in GRAPH if layer_of(m) is None]
    assert not missing, f"give these modules a layer in LAYERS of {__file__}: {missing}"


def test_no_upward_import() -> None:
    """No module imports from a layer above its own."""
    assert upward_imports(GRAPH) == []


def test_no_import_circle() -> None:
    """No modules import one another round in a circle."""
    assert import_circles(GRAPH) == []


def test_the_graph_sees_the_rooms() -> None:
    """The graph holds the rooms and the imports between them (it is not empty by mistake)."""
    assert "cardrules.engine._state" in GRAPH["cardrules.engine._game"]
    assert "cardrules.melds._rules" in GRAPH["cardrules.melds._check"]
    assert "cardrules.games.turkish51.state" in GRAPH["cardrules.games.turkish51._legal"]
    # ``from cardrules.games import schwimmen`` is an import of the module, not the registry
    assert "cardrules.games.schwimmen" in GRAPH["cardrules.games.stop_the_bus"]
    assert "cardrules.games" not in GRAPH["cardrules.games.stop_the_bus"]


# --------------------------------------------------------------------------- the checker


KNOWN = (
    *("cardrules", "cardrules.cards", "cardrules.engine", "cardrules.engine._state"),
    *("cardrules.games", "cardrules.games.a", "cardrules.games.a.x", "cardrules.games.a.y"),
)
X = "cardrules.games.a.x"  # a module of the package cardrules.games.a
LAZY = "def f():\n    from cardrules.cards import Card\n"
TYPING = "import typing\nif typing.TYPE_CHECKING:\n    import cardrules.games.a.y\n"
DOC = '"""from cardrules.engine import Game"""\nimport json\n'


@pytest.mark.parametrize(
    ("module", "source", "package", "expected"),
    [
        (X, "from cardrules.engine import Game", False, {"cardrules.engine"}),
        (X, "import cardrules.engine._state", False, {"cardrules.engine._state"}),
        (X, "from cardrules.games.a import y", False, {"cardrules.games.a.y"}),
        (X, "from cardrules.games.a import Foo", False, {"cardrules.games.a"}),
        (X, "from . import y", False, {"cardrules.games.a.y"}),
        (X, "from .. import a", False, {"cardrules.games.a"}),
        ("cardrules.games.a", "from .x import Bar", True, {X}),
        (X, LAZY, False, {"cardrules.cards"}),
        (X, TYPING, False, {"cardrules.games.a.y"}),
        (X, DOC, False, set()),
        (X, "import json\nimport attrs", False, set()),
    ],
)
def test_imports_of_reads_every_form(
    module: str, source: str, package: bool, expected: set[str]
) -> None:
    """Absolute, relative, nested and TYPE_CHECKING imports count; docstrings do not."""
    assert imports_of(module, source, KNOWN, package=package) == expected


def test_upward_import_is_found() -> None:
    """An engine module importing a game is reported, naming both layers."""
    graph = {"cardrules.engine._state": {"cardrules.games.a", "cardrules.cards"}}
    assert upward_imports(graph) == [
        "cardrules.engine._state (engine) imports cardrules.games.a (games), a layer above it"
    ]


def test_room_importing_the_face_is_upward() -> None:
    """A room that takes a name from the package face (cardrules/__init__) is reported."""
    assert upward_imports({"cardrules.games.a": {"cardrules"}}) == [
        "cardrules.games.a (games) imports cardrules (tools), a layer above it"
    ]
    assert upward_imports({"cardrules": {"cardrules.games.a"}}) == []
    assert upward_imports({"cardrules.cli": {"cardrules"}}) == []


def test_new_layer_row_is_used() -> None:
    """A module added to a row of the table takes that row's layer; the longest name wins."""
    rows = (*LAYERS[:1], ("mechanics", ("cardrules.newmech",)), *LAYERS[1:])
    assert layer_of("cardrules.newmech._inner", rows) == 1
    assert layer_of("cardrules.unplaced") is None
    assert layer_of("cardrules.games.turkish51.bot") == 3


def test_circle_is_found() -> None:
    """A circle of three modules is reported once; a chain is not a circle."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert import_circles(graph) == [["a", "b", "c"], ["e"]]
    assert import_circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
