"""The exceptions every layer of cardrules raises.

All of them derive from [`CardRulesError`][cardrules.errors.CardRulesError], so a caller can catch
one
class. Errors about malformed input also derive from `ValueError`.

Examples:
    >>> from cardrules import parse_card, CardRulesError
    >>> try:
    ...     parse_card("Zz")
    ... except CardRulesError as exc:
    ...     print(exc)
    cannot read card 'Zz' at position 0: unknown rank 'Z'
"""

from __future__ import annotations

import re
import typing
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
    "split_rule",
]


class CardRulesError(Exception):
    """Root of every error that cardrules raises on purpose.

    Every one has ``rule``: the id of the clause a refusal rests on, read from the
    note in brackets that ends its message (``"... (FS-1.3)"``), or ``None``
    (``IllegalMoveError`` and ``IllegalMeldError`` may also be given it).

    Examples:
        >>> OptionError("a bid is 28 to 56 (FS-3.1)").rule, OptionError("no").rule
        ('FS-3.1', None)
    """

    if typing.TYPE_CHECKING:
        rule: str | None

    def __getattr__(self, name: str) -> Any:
        if name == "rule":  # not set on this error: the clause its message cites
            return split_rule(str(self))[0]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


class InvalidCardError(CardRulesError, ValueError):
    """Text or a value that does not describe a card (or not one of this deck)."""


class OptionError(CardRulesError, ValueError):
    """An unknown game option, or an option value out of range."""


class InvalidMoveError(CardRulesError, ValueError):
    """Move notation that cannot be read at all: a typo, not a rule."""


class InvalidStateError(CardRulesError, ValueError):
    """A serialised state that is malformed, tampered with or inconsistent."""


class IllegalMeldError(CardRulesError, ValueError):
    """A group of cards that is no meld under the rules in force; says why.

    Attributes:
        rule: the clause id the refusal rests on (``"T51-4.3"``), or ``None``.
        reason: the sentence saying why, without the clause id (``str()`` keeps it).

    Examples:
        >>> err = IllegalMeldError("a run needs three cards (T51-4.3)")
        >>> err.rule, err.reason
        ('T51-4.3', 'a run needs three cards')
    """

    def __init__(self, message: str = "", *, rule: str | None = None) -> None:
        text = str(message)
        found, plain = split_rule(text)
        self.rule: str | None = rule if rule is not None else found
        self.reason: str = plain
        super().__init__(text)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle support (a worker process sends the error back whole)."""
        return (type(self), (self.args[0] if self.args else "",), {"rule": self.rule})


class IllegalMoveError(CardRulesError):
    """A well-formed move that the rules do not allow now.

    A server shows ``reason`` (or translates ``rule``) to the player; ``str()``
    keeps the whole English message, clause id included.

    Attributes:
        move: the object that was offered as a move.
        reason: a sentence saying why it is not allowed, without the clause id.
        rule: the id of the clause the refusal rests on (``"T31-4.5"``), or
            ``None`` where no single rule applies (a move of another game).
        seat: the seat the move was offered for (the seat to move, or the
            seat a server named), or ``None``.

    Examples:
        >>> err = IllegalMoveError("knock", "nobody may knock yet (T31-4.5)", seat=1)
        >>> err.rule, err.reason, err.seat
        ('T31-4.5', 'nobody may knock yet', 1)
        >>> str(err)
        "illegal move 'knock': nobody may knock yet (T31-4.5)"
    """

    def __init__(
        self, move: Any, reason: str, *, rule: str | None = None, seat: int | None = None
    ) -> None:
        text = str(reason)
        found, plain = split_rule(text)
        self.move = move
        self.rule: str | None = rule if rule is not None else found
        self.reason: str = plain
        self.seat = seat
        self._text = text
        super().__init__(f"illegal move {_show(move)}: {text}")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle support (a worker process sends the error back whole, with
        ``move``, ``rule``, ``seat`` and ``reason``).

        Examples:
            >>> import pickle
            >>> err = pickle.loads(pickle.dumps(IllegalMoveError("knock", "no (T31-4.5)", seat=1)))
            >>> err.move, err.rule, err.seat, str(err)
            ('knock', 'T31-4.5', 1, "illegal move 'knock': no (T31-4.5)")
        """
        return (type(self), (self.move, self._text), {"rule": self.rule, "seat": self.seat})


class ConformanceError(CardRulesError):
    """A game broke the uniform protocol (raised by [`cardrules.testing`][cardrules.testing])."""


def _show(obj: Any) -> str:
    try:
        text = str(obj)
    except Exception:  # a junk object may fail to print; the error must not
        text = object.__repr__(obj)
    return repr(text) if not isinstance(obj, str) else repr(obj)


_CLAUSE = r"[A-Z][A-Z0-9]*-\d+(?:\.\d+)*[a-z]?"
_RULE_NOTE = re.compile(rf"\s*\(((?:see )?{_CLAUSE}(?:(?:, | and |; |, see ){_CLAUSE})*)\)")


def split_rule(text: str) -> tuple[str | None, str]:
    """Split a refusal sentence into its clause id and the sentence without it.

    The engine's errors cite the rule as a note in brackets, ``"... (T31-4.5)"``;
    the last such note gives the clause (its first id when it names several).

    Examples:
        >>> split_rule("nobody may knock yet (T31-4.5)")
        ('T31-4.5', 'nobody may knock yet')
        >>> split_rule("the game is over")
        (None, 'the game is over')
    """
    notes = list(_RULE_NOTE.finditer(text))
    if not notes:
        return None, text
    note = notes[-1]
    rule = re.search(_CLAUSE, note.group(1))
    plain = (text[: note.start()] + text[note.end() :]).strip()
    return (rule.group(0) if rule else None), plain
