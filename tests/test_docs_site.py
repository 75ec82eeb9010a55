"""The built documentation site (issue 21): no Sphinx role shown as literal text, every
page and asset linked by a relative file path that exists, so the site also works
opened from disk. Builds the site once (skipped when mkdocs is not installed)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ROLE = re.compile(r":(class|meth|func|mod|data|attr|exc|obj):")
HREF = re.compile(r'(?:href|src)="([^"]+)"')


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings")
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return out


def _pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if p.name != "404.html")


def test_no_literal_sphinx_roles_in_the_site(site: Path) -> None:
    found = []
    for page in _pages(site):
        text = re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))
        found += [f"{page.relative_to(site)}: {m.group(0)}" for m in ROLE.finditer(text)]
    assert not found, found[:20]


def test_every_link_is_a_file_that_exists(site: Path) -> None:
    """Relative links to files (no directory URLs): the site works opened from disk."""
    broken = []
    for page in _pages(site):
        for target in HREF.findall(page.read_text(encoding="utf-8")):
            if re.match(r"^(https?:|mailto:|data:|#|javascript:)", target):
                continue
            path = target.split("#")[0].split("?")[0]
            if not path:
                continue
            if path.startswith("/") or path.endswith("/"):
                broken.append(f"{page.relative_to(site)}: {target} (not a file path)")
            elif not (page.parent / path).resolve().exists():
                broken.append(f"{page.relative_to(site)}: {target} (missing)")
    assert not broken, broken[:20]


def test_the_api_reference_lists_the_public_names(site: Path) -> None:
    """Spot checks that the reference renders members, not only module docstrings."""
    engine = (site / "reference" / "engine.html").read_text(encoding="utf-8")
    for name in ("GameState.apply", "GameState.events", "GameView.to_json", "read_save"):
        assert f'id="cardrules.engine.{name}"' in engine, name
    errors = (site / "reference" / "cardrules.html").read_text(encoding="utf-8")
    assert 'id="cardrules.errors.IllegalMoveError"' in errors
