"""Rules text for a person at a terminal: a game module's introduction and its docs page's
"Rules in brief", as plain text (no markdown backticks, references or emphasis)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

__all__ = ["_module_doc", "_rules_in_brief", "plain_text"]


def _module_doc(game: Any) -> str:
    """The introduction of the game's public module (``cardrules.games.<name>``), as
    plain text."""
    parts = type(game).__module__.split(".")
    name = ".".join(parts[:3]) if parts[:2] == ["cardrules", "games"] else ".".join(parts)
    doc = getattr(sys.modules.get(name), "__doc__", None)
    return plain_text(doc.split("Examples:")[0].strip()) if isinstance(doc, str) else ""


_REFERENCE = re.compile(r"\[`?([^\]`]+)`?\]\[[^\]]*\]")  # [`name`][target] -> name
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")  # [text](page.md) -> text


def plain_text(text: str) -> str:
    """Markdown or docstring text for a terminal: no backticks, references or emphasis.

    Examples:
        >>> plain_text("See [`hand_value`][cardrules.games.thirty_one.hand_value], ``x``.")
        'See hand_value, x.'
        >>> plain_text("**Option** `players=3`: see [the page](games/x.md).")
        'Option players=3: see the page.'
    """
    text = _REFERENCE.sub(r"\1", text)
    text = _LINK.sub(r"\1", text)
    return text.replace("``", "").replace("`", "").replace("**", "")


def _rules_in_brief(name: str) -> str:
    """The "Rules in brief" section of the game's docs page, as plain text: from the
    pages shipped in the package (``cardrules/_pages/games``), or beside it in a
    source checkout; empty if neither has it."""
    here = Path(__file__).resolve().parent
    for page in (
        here / "_pages" / "games" / f"{name}.md",
        here.parents[1] / "docs" / "games" / f"{name}.md",
    ):
        try:
            text = page.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        _, found, rest = text.partition("## Rules in brief")
        if found:
            return plain_text(rest.split("\n## ", 1)[0].strip())
    return ""
