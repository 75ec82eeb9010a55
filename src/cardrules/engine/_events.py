"""The per-seat event feed: what one seat may know of the moves after move ``k``,
as small JSON-ready records, so that a server pushes updates instead of views.

Every game gets the feed for free (`GameState.events`); a game whose view
does not show its history says which moves are public with the hook
``GameState.public_move``.
"""

from __future__ import annotations

import contextlib
import typing
from typing import Any

import attrs

from cardrules.engine._data import to_data
from cardrules.engine._history import History
from cardrules.engine._moves import Move
from cardrules.engine._saves import game_for
from cardrules.errors import CardRulesError, InvalidStateError, OptionError

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
    if type(history) is not History:  # a state built by hand: replay it all
        return _replayed_events(state, seat, since)
    links = _links_between(history, since)
    before = _state_at(state, links[0])
    out: list[dict[str, Any]] = []
    for link in links[1:]:
        move = link[-1]
        after = _known(link, state)
        if after is None:
            after = before.apply(move)
            _remember(link, after)
        out.extend(step_events(before, move, after, seat, len(link) - 1))
        before = after
    if not _same_position(before, state):  # made by resample or sample_state
        raise InvalidStateError(NOT_REPLAYED)
    return tuple(out)


def _same_position(replayed: Any, state: Any) -> bool:
    """Whether the replay of ``state``'s seed and history is ``state``: every field but the
    history (the same moves by construction), so the check costs the same at any length."""
    if replayed is state:
        return True
    if type(replayed) is not type(state):
        return False
    return all(
        getattr(replayed, f.name) == getattr(state, f.name)
        for f in attrs.fields(type(state))
        if f.eq and f.name != "history"
    )


def _replayed_events(state: Any, seat: int, since: int) -> tuple[dict[str, Any], ...]:
    """The events from a replay of the whole history (a history that is no ``History``)."""
    before = game_for(state).new_game(state.seed)
    out: list[dict[str, Any]] = []
    for index, move in enumerate(state.history):
        after = before.apply(move)
        if index >= since:
            out.extend(step_events(before, move, after, seat, index))
        before = after
    if not _same_position(before, state):  # made by resample or sample_state
        raise InvalidStateError(NOT_REPLAYED)
    return tuple(out)


#: Why the feed refuses a state whose seed and history do not give it back.
NOT_REPLAYED = (
    "the event feed replays the state's seed and history, and they do not give this "
    "state (a state made by resample or sample_state, or by hand): its events are unknown"
)


# The feed replays a game from its seed, as before, but keeps the states it replays: by
# the ``History`` link of the caller's state they stand for, so that the next call (a
# server streaming move by move asks from the last move it sent) starts from there and
# replays only the moves asked for. Keys are ``id(link)``; each entry keeps its link, so
# an id is not reused while its entry lives. The oldest entries go first.
_STATES: dict[int, tuple[History, Any]] = {}
_STATES_MOST = 4096
_CHECKPOINT = 64  # a long replay keeps every 64th state on its way


def _remember(link: History, replayed: Any) -> None:
    key = id(link)
    if key in _STATES:
        return
    if len(_STATES) >= _STATES_MOST:
        # another thread may have taken it first
        with contextlib.suppress(KeyError, RuntimeError, StopIteration):
            del _STATES[next(iter(_STATES))]
    _STATES[key] = (link, replayed)


def _known(link: History, state: Any) -> Any:
    """The replayed state of ``state``'s game standing for ``link``, or ``None``."""
    entry = _STATES.get(id(link))
    if entry is None or entry[0] is not link:
        return None
    known = entry[1]
    if (
        type(known) is not type(state)
        or known.seed != state.seed
        or not (known.options is state.options or known.options == state.options)
    ):
        return None
    return known


def _links_between(history: History, since: int) -> list[History]:
    """The links of ``history`` from length ``since`` to its own, oldest first."""
    links = [history]
    node = history
    while len(node) > since:
        node = node[: len(node) - 1]
        links.append(node)
    links.reverse()
    return links


def _state_at(state: Any, link: History) -> Any:
    """The replayed state of ``state``'s game after the moves of ``link`` (a link of its
    history): a kept one, else replayed from the nearest kept earlier one, or the seed."""
    start = _known(link, state)
    if start is not None:
        return start
    pending = [link]  # the links after the state found, newest first
    node = link
    while len(node):
        node = node[: len(node) - 1]
        start = _known(node, state)
        if start is not None:
            break
        pending.append(node)
    if start is None:
        start = game_for(state).new_game(state.seed)
        done = 0
    else:
        done = len(node)
    for step in reversed(pending):
        if len(step) <= done:
            continue
        start = start.apply(step[-1])
        if len(step) % _CHECKPOINT == 0 or step is link:
            _remember(step, start)
    return start


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


class StateEvents:
    """What ``GameState`` offers a server that streams moves: ``public_move`` (a game's
    hook for secret moves) and ``events`` (the per-seat feed)."""

    __slots__ = ()

    if typing.TYPE_CHECKING:

        @property
        def current_player(self) -> int | None: ...

    def public_move(self, move: Move, seat: int) -> str | None:
        """The notation of ``move``, made in this state, as ``seat`` may know it.

        ``None`` when ``seat`` may not see it. The default shows every move to
        its maker, and to everyone in a game whose view shows the history; a
        game with secret moves refines this (the event feed asks it).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=2).new_game(seed=1)
            >>> state.public_move(state.legal_moves()[1], 0)
            'draw stock'
        """
        if seat == self.current_player or history_is_public(self):
            return str(move)
        return None

    def events(self, seat: int, since: int = 0) -> tuple[dict[str, Any], ...]:
        """What ``seat`` may know of the moves from move ``since`` on, as JSON-ready records.

        A server that has sent a client everything up to move ``k`` pushes
        ``state.events(seat, since=k)`` instead of a whole view. Each record has
        ``index`` (the move's place in the history) and ``kind``: ``"move"``
        (with ``seat``, ``move``, the notation or ``None`` when hidden from
        this seat, and ``text``), ``"deal"`` (a deal scored: ``deal``, and its
        ``result`` as this seat's view shows it) or ``"over"`` (``scores``).
        The feed replays the game from its seed and keeps the states it replays,
        so a call costs in proportion to the moves it is asked for: a server that
        streams every move to every seat pays the same at move 500 as at move 50.

        Raises:
            OptionError: ``seat`` is not a seat or ``since`` not a move number.
            InvalidStateError: the state's seed and history do not give it back
                (a state made by ``resample`` or ``sample_state``, or by hand): the
                events of a guessed state are unknown, so they are refused.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one", players=2)
            >>> state = game.replay(1, ["draw stock", "discard 9h"])
            >>> [e["text"] for e in state.events(0, since=1)]
            ['seat 1: discard 9h']
        """
        try:
            return seat_events(self, seat, since)
        except (OptionError, InvalidStateError):
            raise
        except CardRulesError:  # a history move that the seed's own game refuses
            raise InvalidStateError(NOT_REPLAYED) from None
