"""The per-seat event feed: what one seat may know of the moves after move ``k``,
as small JSON-ready records, so that a server pushes updates instead of views.

Every game gets the feed for free (`GameState.events`); a game whose view
does not show its history says which moves are public with the hook
``GameState.public_move``.
"""

from __future__ import annotations

from typing import Any

import attrs

from cardrules.engine._data import to_data
from cardrules.engine._saves import game_for
from cardrules.errors import InvalidStateError, OptionError

# States are typed ``Any`` here: this room sits below ``_state``.


def _seat_count(state: Any) -> int:
    players = getattr(state.options, "players", None)
    return players if isinstance(players, int) else len(state.scores)


def seat_events(state: Any, seat: int, since: int = 0) -> tuple[dict[str, Any], ...]:
    """The events ``seat`` may know of the moves ``since`` onwards (see ``GameState.events``).

    Records, in order (``index`` is the move's place in ``state.history``):

    * ``{"index": i, "kind": "move", "seat": s, "move": "discard 7h", "text": ...}``:
      seat ``s`` made a move; ``"move"`` is ``None`` when ``seat`` may not see it;
    * ``{"index": i, "kind": "deal", "deal": d, "result": {...}}``: a deal was scored
      (the result as the seat's view shows it);
    * ``{"index": i, "kind": "over", "scores": [...]}``: the game ended.

    Raises:
        OptionError: ``seat`` is not a seat, or ``since`` is not a move number
            from 0 to the length of the history.
    """
    players = _seat_count(state)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise OptionError(f"seat must be a whole number from 0 to {players - 1}, got {seat!r:.40}")
    history = state.history
    if not isinstance(since, int) or isinstance(since, bool) or not 0 <= since <= len(history):
        raise OptionError(
            f"since must be a move number from 0 to {len(history)}, got {since!r:.40}"
        )
    if since == len(history):
        return ()
    game = game_for(state)
    before = game.new_game(state.seed)
    out: list[dict[str, Any]] = []
    for index, move in enumerate(history):
        after = before.apply(move)
        if index >= since:
            out.extend(step_events(before, move, after, seat, index))
        before = after
    if before != state:  # a state made by resample or sample_state: not its seed's game
        raise InvalidStateError(NOT_REPLAYED)
    return tuple(out)


#: Why the feed refuses a state whose seed and history do not give it back.
NOT_REPLAYED = (
    "the event feed replays the state's seed and history, and they do not give this "
    "state (a state made by resample or sample_state, or by hand): its events are unknown"
)


def step_events(before: Any, move: Any, after: Any, seat: int, index: int) -> list[dict[str, Any]]:
    """The records ``seat`` gets for one step (``before`` --``move``--> ``after``)."""
    mover = before.current_player
    text = before.public_move(move, seat)
    told = f"seat {mover} moved" if text is None else f"seat {mover}: {text}"
    records: list[dict[str, Any]] = [
        {"index": index, "kind": "move", "seat": mover, "move": text, "text": told}
    ]
    scored = getattr(after, "last_deal", None) is not getattr(before, "last_deal", None)
    shown = getattr(after.view(seat), "last_deal", None) if scored else None
    if shown is not None:  # a deal was scored: its result as this seat's view shows it
        deal = getattr(before, "deal", None)
        records.append(
            {
                "index": index,
                "kind": "deal",
                "deal": deal if isinstance(deal, int) else None,
                "result": to_data(shown) if attrs.has(type(shown)) else str(shown),
            }
        )
    if after.is_terminal:
        records.append({"index": index, "kind": "over", "scores": list(after.scores)})
    return records


_PUBLIC: dict[type, bool] = {}


def history_is_public(state: Any) -> bool:
    """Whether the game's view shows every move (its view has a ``history`` field)."""
    public = _PUBLIC.get(type(state))
    if public is None:
        view = state.view(0)
        public = attrs.has(type(view)) and "history" in attrs.fields_dict(type(view))
        _PUBLIC[type(state)] = public
    return public
