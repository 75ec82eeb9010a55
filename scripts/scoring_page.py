"""Write the generated part of docs/scoring.md: every game's standalone scoring
functions with their signatures, and which games speak each shared name.

The part between the markers ``<!-- generated: scoring -->`` and
``<!-- end generated -->`` is made from the code (each registered game's module,
its ``__all__`` functions other than ``render``), so a new game or function
appears by itself; tests/test_scoring_vocabulary.py checks that the page holds
what this script writes.

Usage:
    PYTHONPATH=src python scripts/scoring_page.py
"""

from __future__ import annotations

import importlib
import inspect
import pathlib
import re

from cardrules import games

PAGE = pathlib.Path(__file__).resolve().parent.parent / "docs" / "scoring.md"
BEGIN = "<!-- generated: scoring -->"
END = "<!-- end generated -->"

#: The shared names of the scoring vocabulary: the same name means the same thing in
#: every game that has it.
VOCABULARY = (
    ("check_meld", "whether cards form a meld, and what each joker plays as"),
    ("meld_value", "a meld's value towards an opening"),
    ("opening_value", "the value of an opening's melds"),
    ("opens", "whether melds open above a threshold"),
    ("card_penalty", "the penalty points of one card left in a hand"),
    ("hand_penalty", "the penalty points of a hand"),
    ("deal_penalties", "every seat's penalty for a finished deal"),
    ("score_hand", "what a hand is worth as the game scores it"),
    ("score_deal", "a whole deal scored in one call"),
    ("card_points", "the card points of cards taken"),
    ("deal_losses", "the tokens each seat loses for a finished deal"),
)


def module_of(name: str) -> str:
    """The public module of a registered game (its package, for a package)."""
    return ".".join(games.game_class(name).__module__.split(".")[:3])


def standalone(name: str) -> list[tuple[str, object]]:
    """The standalone functions of a game's module: ``__all__`` functions but ``render``."""
    module = importlib.import_module(module_of(name))
    found = []
    for attr in getattr(module, "__all__", []):
        value = getattr(module, attr)
        if attr[0].islower() and attr != "render" and inspect.isfunction(value):
            found.append((attr, value))
    return found


def _signature(function: object) -> str:
    text = str(inspect.signature(function))  # type: ignore[arg-type]
    return re.sub(r"'([^']*)'", r"\1", text)  # postponed annotations are strings


def generated() -> str:
    """The generated part of the page, markers included."""
    names = games.names()
    have = {name: {attr for attr, _ in standalone(name)} for name in names}
    lines = [
        BEGIN,
        "",
        "## The shared names",
        "",
        "The same name means the same thing in every game that has it "
        "(this table is made from the code).",
        "",
        "| name | means | games |",
        "| --- | --- | --- |",
    ]
    for word, meaning in VOCABULARY:
        users = ", ".join(f"`{n}`" for n in names if word in have[n]) or "none yet"
        lines.append(f"| `{word}` | {meaning} | {users} |")
    lines += ["", "## Every function, with its signature", ""]
    for name in names:
        functions = standalone(name)
        if not functions:
            continue
        module = module_of(name)
        lines += [f"### `{module}`", "", "| function | signature |", "| --- | --- |"]
        for attr, function in functions:
            sig = _signature(function).replace("|", "\\|")
            lines.append(f"| [`{attr}`][{module}.{attr}] | `{sig}` |")
        lines.append("")
    lines.append(END)
    return "\n".join(lines)


def page_with(text: str) -> str:
    """The page ``text`` with its generated part made anew (added at the end if absent)."""
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head + generated() + tail
    return text.rstrip("\n") + "\n\n" + generated() + "\n"


def main() -> None:
    PAGE.write_text(page_with(PAGE.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {PAGE}")


if __name__ == "__main__":
    main()
