"""The README's and the docs' Python examples run."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

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
