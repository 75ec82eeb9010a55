"""The exceptions every layer of cardrules raises.

All of them derive from :class:`CardRulesError`, so a caller can catch one
class. Errors about malformed input also derive from :class:`ValueError`.

Examples:
    >>> from cardrules import parse_card, CardRulesError
    >>> try:
    ...     parse_card("Zz")
    ... except CardRulesError as exc:
    ...     print(exc)
    cannot read card 'Zz' at position 0: unknown rank 'Z'
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "CardRulesError",
    "ConformanceError",
    "IllegalMeldError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "InvalidStateError",
    "OptionError",
]


class CardRulesError(Exception):
    """Root of every error that cardrules raises on purpose."""


class InvalidCardError(CardRulesError, ValueError):
    """Text or a value that does not describe a card (or not one of this deck)."""


class OptionError(CardRulesError, ValueError):
    """An unknown game option, or an option value out of range."""


class InvalidMoveError(CardRulesError, ValueError):
    """Move notation that cannot be read at all: a typo, not a rule."""


class InvalidStateError(CardRulesError, ValueError):
    """A serialised state that is malformed, tampered with or inconsistent."""


class IllegalMeldError(CardRulesError, ValueError):
    """A group of cards that is no meld under the rules in force; says why."""


class IllegalMoveError(CardRulesError):
    """A well-formed move that the rules do not allow now.

    Attributes:
        move: the object that was offered as a move.
        reason: a sentence saying why it is not allowed.
    """

    def __init__(self, move: Any, reason: str) -> None:
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move {_show(move)}: {reason}")


class ConformanceError(CardRulesError):
    """A game broke the uniform protocol (raised by :mod:`cardrules.testing`)."""


def _show(obj: Any) -> str:
    try:
        text = str(obj)
    except Exception:  # a junk object may fail to print; the error must not
        text = object.__repr__(obj)
    return repr(text) if not isinstance(obj, str) else repr(obj)
