"""The README's and the docs' Python examples run."""

from __future__ import annotations

import doctest
import importlib
import inspect
import re
from pathlib import Path

import attrs
import pytest

from cardrules import games

ROOT = Path(__file__).resolve().parent.parent


def test_readme_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """Every python block in the README runs and prints what its comments say."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    assert capsys.readouterr().out.splitlines()[0] == "30"


@pytest.mark.parametrize(
    "page", sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").rglob("*.md"))
)
def test_docs_examples(page: str) -> None:
    """Every `>>>` example in the docs pages passes."""
    text = (ROOT / page).read_text(encoding="utf-8")
    text = re.sub(r"^```.*$", "", text, flags=re.M)  # a fence ends an example's output
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, page, page, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} failing examples in {page}"


@pytest.mark.parametrize("name", games.names())
def test_every_view_field_is_on_the_game_page(name: str) -> None:
    """Issue 21: each game's page lists every field of its view, in a table row."""
    page = ROOT / "docs" / "games" / f"{name}.md"
    assert page.exists(), f"no docs page for {name}"
    text = page.read_text(encoding="utf-8")
    view = games.create(name).new_game(seed=1).view(0)
    missing = [f.name for f in attrs.fields(type(view)) if f"| `{f.name}` |" not in text]
    assert not missing, f"{page.name} lacks view fields {missing}"


def _public_module(name: str) -> str:
    """The game's public module: the one the registry names, or its package."""
    module = games.game_class(name).__module__
    parts = module.split(".")
    return ".".join(parts[:3])  # cardrules.games.<game>


def _standalone(name: str) -> list[str]:
    """The public functions of a game's module (its standalone scoring helpers)."""
    module = importlib.import_module(_public_module(name))
    return [
        n
        for n in getattr(module, "__all__", [])
        if n[0].islower() and n != "render" and inspect.isfunction(getattr(module, n))
    ]


@pytest.mark.parametrize("name", games.names())
def test_every_standalone_function_is_on_the_scoring_page(name: str) -> None:
    """Issue 21: the Scoring without playing page lists each game's standalone functions."""
    text = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8")
    module = _public_module(name)
    missing = [f for f in _standalone(name) if f"][{module}.{f}]" not in text]
    assert not missing, f"scoring.md lacks {name}'s {missing}"
