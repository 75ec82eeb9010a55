"""The examples run, and a user-written game passes (and can fail) the kit."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

from cardrules import ConformanceError
from cardrules.testing import check_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
sys.path.insert(0, str(EXAMPLES))

import high_card  # noqa: E402


def test_user_game_passes_the_kit() -> None:
    """A game written only on the public engine API passes the conformance kit."""
    report = check_game(high_card.HighCard.create(players=5), playouts=10, deep_every=1)
    assert report.terminal == 10


def test_user_game_with_leaky_view_fails_the_kit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same game with a view that shows the stock top fails the kit."""
    original = high_card.State.view

    def leaky(self: high_card.State, seat: int) -> object:
        return (original(self, seat), self.stock[-1])

    monkeypatch.setattr(high_card.State, "view", leaky)
    with pytest.raises(ConformanceError, match="resample"):
        check_game(high_card.HighCard.create(), playouts=3, deep_every=1)


@pytest.mark.parametrize("script", ["high_card.py", "play_thirty_one.py"])
def test_examples_run(script: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Each example script runs to the end."""
    runpy.run_path(str(EXAMPLES / script), run_name="__main__")
    assert capsys.readouterr().out
