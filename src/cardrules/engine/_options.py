"""Game options (declared with [`option`][cardrules.engine.option], described, built and read from
text) and
the argument checks that games and tools share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

import attrs

from cardrules.errors import CardRulesError, OptionError

OptionsT = TypeVar("OptionsT")


@attrs.frozen
class OptionInfo:
    """What one game option is: name, type, default, allowed values, meaning."""

    name: str
    kind: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None


#: The maximum of a number option that declares none: every option has a maximum,
#: so that no option (``deals``, ``target``...) makes a match that never ends.
OPTION_MAXIMUM = 10_000


#: The largest whole number (in size) a seed or a counted argument may be: 256 bits
#: (``cardrules.engine.MAX_SEED`` is the same bound).
_MAX_WHOLE = 2**256


def shown(value: object, width: int = 60) -> str:
    """``repr(value)`` cut to ``width`` characters, safe for any value.

    Python refuses to print a whole number of 4,300 digits or more (a plain
    ``ValueError``), and a hostile ``__repr__`` may raise anything: an error
    message about a value must never fail itself.

    Examples:
        >>> shown(12), shown("x" * 100, 5)
        ('12', "'xxxx")
        >>> shown(10**5000)
        'a whole number of about 5001 digits'
    """
    if isinstance(value, int) and value.bit_length() > 1024:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"a{' negative' if value < 0 else ''} whole number of about {digits} digits"
    try:
        text = repr(value)
    except Exception:  # a hostile or broken __repr__
        return f"a {type(value).__name__}"
    return text[:width]


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def option(
    default: Any,
    *,
    doc: str,
    kind: type | None = None,
    choices: Iterable[Any] | None = None,
    minimum: float | None = None,
    maximum: float | None = None,
    optional: bool = False,
) -> Any:
    """Declare one field of a game's options class, with its check and its doc.

    Args:
        default: the value the source text describes.
        doc: one sentence for users (shown by ``cardrules games``).
        kind: the value's type (default: the type of ``default``).
        choices: the only values allowed, if any.
        minimum: the smallest value allowed, for numbers.
        maximum: the largest value allowed, for numbers; a number option
            without choices that gives none gets `OPTION_MAXIMUM` (10,000).
        optional: whether ``None`` is allowed (e.g. ``deals=None``, no limit).

    Examples:
        >>> import attrs
        >>> @attrs.frozen
        ... class Opts:
        ...     players: int = option(4, doc="seats", minimum=2, maximum=9)
        >>> build_options(Opts, {"players": 12})
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: option players must be at most 9, got 12
    """
    value_kind = kind if kind is not None else type(default)
    allowed = tuple(choices) if choices is not None else None
    if maximum is None and allowed is None and value_kind in (int, float):
        maximum = OPTION_MAXIMUM

    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        name = attribute.name
        if value is None:
            if optional:
                return
            raise OptionError(f"option {name} must be set, got None")
        ok = isinstance(value, value_kind)
        if value_kind is not bool and isinstance(value, bool):
            ok = False
        if value_kind is float and isinstance(value, int) and not isinstance(value, bool):
            ok = True
        if not ok:
            raise OptionError(
                f"option {name} must be {value_kind.__name__}, "
                f"got {type(value).__name__} {shown(value)}"
            )
        if isinstance(value, float) and value != value:
            raise OptionError(f"option {name} must be a number, got nan")
        if isinstance(value, str) and (len(value) > 1000 or not _is_unicode(value)):
            raise OptionError(f"option {name} must be valid text of at most 1000 characters")
        if allowed is not None and value not in allowed:
            raise OptionError(f"option {name} must be one of {list(allowed)}, got {shown(value)}")
        if minimum is not None and value < minimum:
            raise OptionError(f"option {name} must be at least {minimum}, got {shown(value)}")
        if maximum is not None and value > maximum:
            raise OptionError(f"option {name} must be at most {maximum}, got {shown(value)}")

    meta = {
        "doc": doc,
        "kind": value_kind,
        "choices": allowed,
        "minimum": minimum,
        "maximum": maximum,
        "optional": optional,
    }
    return attrs.field(default=default, validator=check, metadata=meta, kw_only=True)


def option_info(options_type: type) -> tuple[OptionInfo, ...]:
    """Describe every option of an options class.

    Examples:
        >>> from cardrules.games.thirty_one import Options
        >>> [o.name for o in option_info(Options)][:2]
        ['players', 'deals']
    """
    out = []
    for f in attrs.fields(options_type):
        meta = f.metadata
        kind = meta.get("kind", object)
        name = kind.__name__ + (" | None" if meta.get("optional") else "")
        out.append(
            OptionInfo(
                name=f.name,
                kind=name,
                default=f.default,
                doc=meta.get("doc", ""),
                choices=meta.get("choices"),
                minimum=meta.get("minimum"),
                maximum=meta.get("maximum"),
            )
        )
    return tuple(out)


def build_options(options_type: type[OptionsT], values: dict[str, Any]) -> OptionsT:
    """Make an options value, refusing unknown names and bad values.

    Raises:
        OptionError: an unknown option, or a value the option does not allow.

    Examples:
        >>> from cardrules.games.thirty_one import Options
        >>> build_options(Options, {"tokens": 5}).tokens
        5
        >>> build_options(Options, {"colour": "red"})
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: unknown option 'colour'; options are: players, deals, ...
    """
    known = [f.name for f in attrs.fields(options_type)]  # type: ignore[arg-type]
    if not isinstance(values, Mapping):
        raise OptionError(f"options are given as a mapping of names to values, got {shown(values)}")
    for key in values:
        if key not in known:
            raise OptionError(f"unknown option {shown(key)}; options are: {', '.join(known)}")
    try:
        return options_type(**values)
    except CardRulesError:
        raise
    except (TypeError, ValueError) as exc:
        raise OptionError(f"bad options {shown(values, 200)}: {exc}") from None


def parse_option_value(options_type: type, name: str, text: str) -> Any:
    """Convert command-line text to the type of option ``name``.

    Examples:
        >>> from cardrules.games.thirty_one import Options
        >>> parse_option_value(Options, "three_of_a_kind", "yes")
        True
    """
    fields = {f.name: f for f in attrs.fields(options_type)}
    field = fields.get(name) if isinstance(name, str) else None
    if field is None:
        raise OptionError(f"unknown option {shown(name)}; options are: {', '.join(fields)}")
    if not isinstance(text, str):
        raise OptionError(f"option {name}: expected text to convert, got {type(text).__name__}")
    kind = field.metadata.get("kind", str)
    low = text.strip().lower()
    if field.metadata.get("optional") and low in ("none", "-", ""):
        return None
    if kind is bool:
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise OptionError(f"option {name} takes yes or no, got {shown(text)}")
    if kind is int:
        try:
            return int(text)
        except ValueError:
            raise OptionError(f"option {name} takes a whole number, got {shown(text)}") from None
    if kind is float:
        try:
            return float(text)
        except ValueError:
            raise OptionError(f"option {name} takes a number, got {shown(text)}") from None
    return text


def need_count(name: str, value: object, low: int) -> None:
    """Check that the argument ``name`` is a whole number of at least ``low``.

    Raises:
        OptionError: it is not (a bool is not a number here).

    Examples:
        >>> need_count("max_moves", 10, 1)
        >>> need_count("max_moves", 0, 1)
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: max_moves must be a whole number from 1, got 0
    """
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise OptionError(f"{name} must be a whole number from {low}, got {shown(value, 40)}")


def seed_values(seeds: object) -> list[int]:
    """``seeds`` as a list of whole numbers: the argument check of the functions
    that play one game per seed.

    Raises:
        OptionError: ``seeds`` is text, not iterable, or holds a non-integer or
            a number of more than 256 bits.

    Examples:
        >>> seed_values(range(3))
        [0, 1, 2]
        >>> seed_values([1, "2"])
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: seeds must be whole numbers, got '2'
    """
    if isinstance(seeds, (str, bytes)):
        raise OptionError("seeds are whole numbers, e.g. range(100), not text")
    try:
        out: list[int] = list(seeds)  # type: ignore[call-overload]
    except TypeError:
        raise OptionError(
            f"seeds must be an iterable of whole numbers, got {shown(seeds, 40)}"
        ) from None
    for seed in out:
        check_seed(seed, "seeds must be whole numbers")
    return out


def check_seed(seed: object, what: str = "seed must be a whole number") -> None:
    """Check one seed: a whole number of at most 256 bits (checked before any printing).

    Raises:
        OptionError: it is not.

    Examples:
        >>> check_seed(7)
        >>> check_seed(-(10**5000))
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: seed must be a whole number of at most 256 bits, got ...
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise OptionError(f"{what}, got {shown(seed, 40)}")
    if not -_MAX_WHOLE <= seed <= _MAX_WHOLE:
        raise OptionError(f"{what} of at most 256 bits, got {shown(seed, 40)}")
