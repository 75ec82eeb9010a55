"""Positional copiers of a state for a game's hottest move (see `fields_copier`)."""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.engine._state import _builder_class

__all__ = ["fields_copier"]


def fields_copier(cls: type, names: tuple[str, ...]) -> Any:
    """A copier for a hot path: ``copier(state, *values)`` is
    ``state._replace(**dict(zip(names, values)))``, for states of exactly ``cls``.

    The values come positionally and every other field is copied as it is, so
    a game whose hottest move changes the same few fields every time skips the
    keyword matching and the per-field tests of the general copier (about half
    its cost). ``names`` may include ``"_legal"``: the new state's legal moves,
    when the game knows them already (they must equal ``_generate_moves()``).
    A state of a subclass, or a class the fast copier cannot fill, is copied
    by ``_replace``.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("thirty_one").new_game(seed=1)
        >>> copy = fields_copier(type(state), ("turn",))
        >>> copy(state, 1) == state._replace(turn=1)
        True
    """
    fields = attrs.fields(cls)
    given = [n for n in names if n != "_legal"]
    known = {f.name for f in fields if f.init}
    if not set(given) <= known or len(set(names)) != len(names):
        raise TypeError(f"not fields of {cls.__name__}: {sorted(set(given) - known)}")
    args = ", ".join(f"__v_{n}" for n in names)
    # The general copier, for a state of a subclass (or a class the fast one cannot fill).
    slow = [
        f"    __new = __state._replace({', '.join(f'{n}=__v_{n}' for n in given)})",
        *(["    object.__setattr__(__new, '_legal', __v__legal)"] if "_legal" in names else []),
        "    return __new",
    ]
    builder = _builder_class(cls)
    if builder is None or any(
        f.validator is not None
        or f.converter is not None
        or f.name.startswith("__")
        or (not f.init and f.name not in ("_legal", "_by_value"))
        for f in fields
    ):  # pragma: no cover  # the classes the general copier fills with attrs.evolve
        src = [f"def _copy(__state, {args}):", *slow]
    else:
        src = [
            f"def _copy(__state, {args}):",
            "    if __state.__class__ is not __cls:",
            *("    " + line for line in slow),
            "    __new = __make(__builder)",
            *(
                f"    __new.{f.name} = "
                + (f"__v_{f.name}" if f.name in given else f"__state.{f.name}")
                for f in fields
                if f.init
            ),
            "    __new._legal = " + ("__v__legal" if "_legal" in names else "None"),
            "    __new._by_value = None",
            "    __new.__class__ = __cls",
            "    return __new",
        ]
    namespace: dict[str, Any] = {"__cls": cls, "__builder": builder, "__make": object.__new__}
    exec("\n".join(src), namespace)  # the source is built from field names only
    return namespace["_copy"]
