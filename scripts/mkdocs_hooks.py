"""MkDocs hooks of the docs site (``hooks:`` in mkdocs.yml).

``<!-- games table -->`` in a page becomes the table of every registered game,
made from the registry (``cardrules.games.names()``) when the site is built, so a
new game appears on the home page as soon as it is registered.

A ``python`` code block written as a session (lines starting ``>>>``) is shown as a
``pycon`` block: its prompts and its output are then marked, and the copy button
leaves them out (docs/css/extra.css), so what it copies runs as it is.
"""

from __future__ import annotations

import pathlib
import re
import sys
from typing import Any

MARKER = "<!-- games table -->"
ROOT = pathlib.Path(__file__).resolve().parent.parent


def games_table() -> str:
    """The table of the registered games: name, title (linked to its page), summary."""
    if str(ROOT / "src") not in sys.path:
        sys.path.insert(0, str(ROOT / "src"))
    from cardrules import games

    lines = ["| name | game | seats | in brief |", "| --- | --- | --- | --- |"]
    for name in games.names():
        cls = games.game_class(name)
        page = ROOT / "docs" / "games" / f"{name}.md"
        title = name
        if page.exists():
            first = page.read_text(encoding="utf-8").splitlines()[0]
            title = first.lstrip("# ").strip() or name
        seats = _seats(cls)
        summary = cls.SUMMARY.split(":", 1)[-1].strip() if cls.SUMMARY else ""
        lines.append(f"| `{name}` | [{title}](games/{name}.md) | {seats} | {summary} |")
    return "\n".join(lines)


def _seats(cls: Any) -> str:
    for info in cls.create().describe_options():
        if info.name == "players":
            if info.choices:
                return ", ".join(map(str, info.choices))
            if info.minimum is not None and info.maximum is not None:
                low, high = info.minimum, info.maximum
                return str(low) if low == high else f"{low} to {high}"
            return str(info.default)
    return "1"


_FENCE = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _session(match: re.Match[str]) -> str:
    body = match.group(1)
    if any(line.startswith(">>> ") or line == ">>>" for line in body.splitlines()):
        return f"```pycon\n{body}```"
    return match.group(0)


def sessions_as_pycon(markdown: str) -> str:
    """``python`` blocks written as a session, marked ``pycon``."""
    return _FENCE.sub(_session, markdown)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Put the games table where a page asks for it; mark sessions as ``pycon``."""
    if MARKER in markdown:
        markdown = markdown.replace(MARKER, games_table())
    return sessions_as_pycon(markdown)
