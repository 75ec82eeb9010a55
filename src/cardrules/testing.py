"""The conformance kit: one check that any game speaks the uniform protocol.

[`check_game`][cardrules.testing.check_game] plays random games to the end from several seeds and,
on
the way, checks every promise of the protocol: legal moves are deterministic
and accepted, other moves are refused, ``apply`` leaves the old state alone,
cards are conserved, JSON and move notation round-trip, replay equals play,
views are equal across `resample`, and no view shows the seed.

It works on user games too: anything built on [`cardrules.engine`][cardrules.engine].

Examples:
    >>> from cardrules import games
    >>> from cardrules.testing import check_game
    >>> report = check_game(games.create("thirty_one", players=3, deals=2), playouts=2)
    >>> report.playouts, report.terminal
    (2, 2)
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import attrs

from cardrules.engine import (
    Game,
    GameState,
    Move,
    from_data,
    need_count,
    seed_values,
    to_data,
)
from cardrules.errors import CardRulesError, ConformanceError, IllegalMoveError, OptionError

__all__ = ["ConformanceReport", "check_game", "check_state"]

_JUNK: tuple[Any, ...] = (None, 42, "not a move", object(), ("tuple",))


@attrs.frozen(kw_only=True)
class ConformanceReport:
    """What [`check_game`][cardrules.testing.check_game] looked at."""

    game: str
    playouts: int
    terminal: int
    states: int
    deep_states: int
    moves_applied: int


def _need_game(game: object) -> None:
    if not isinstance(game, Game):
        raise OptionError(
            "the conformance kit checks a game built on cardrules.engine "
            f"(e.g. games.create('thirty_one')), got {type(game).__name__}"
        )


def _fail(game: Game[Any, Any], seed: int, step: int, what: str) -> ConformanceError:
    return ConformanceError(f"{game.name} seed {seed} move {step}: {what}")


def check_state(
    game: Game[Any, Any],
    state: GameState[Any],
    *,
    rng: random.Random,
    seed: int = 0,
    step: int = 0,
    foreign: Iterable[Move] = (),
    max_moves_tried: int = 40,
) -> int:
    """Check one state deeply; return how many moves were applied.

    Raises:
        ConformanceError: a promise of the protocol is broken.
        OptionError: ``game``, ``state`` or ``rng`` is not what it should be.

    Examples:
        >>> import random
        >>> from cardrules import games
        >>> game = games.create("thirty_one")
        >>> check_state(game, game.new_game(5), rng=random.Random(0)) > 0
        True
    """

    _need_game(game)
    if not isinstance(state, game.STATE):
        raise OptionError(f"expected a state of {game.name}, got {type(state).__name__}")
    if not isinstance(rng, random.Random):
        raise OptionError(f"rng must be a random.Random, got {type(rng).__name__}")
    need_count("max_moves_tried", max_moves_tried, 1)

    def fail(what: str) -> ConformanceError:
        return _fail(game, seed, step, what)

    legal = state.legal_moves()
    # JSON round trip and validation.
    text = state.to_json()
    try:
        back = game.state_from_json(text)
    except CardRulesError as exc:
        raise fail(f"its own JSON is refused: {exc}") from exc
    if back != state:
        raise fail("the JSON round trip changed the state")
    _check_tamper(game, state, text, rng, fail)
    # Every listed move is accepted and its notation round-trips.
    tried = list(legal)
    if len(tried) > max_moves_tried:
        tried = rng.sample(tried, max_moves_tried)
    applied = 0
    for move in tried:
        parsed = game.parse_move(state, str(move))
        if parsed != move:
            raise fail(f"notation {str(move)!r} reads back as {parsed!r}")
        try:
            after = state.apply(move)
        except Exception as exc:  # any failure on a listed move breaks the protocol
            raise fail(f"listed move {move} was refused: {type(exc).__name__}: {exc}") from exc
        applied += 1
        if after is state:
            raise fail(f"apply({move}) returned the same object")
        try:
            after.validate()
        except CardRulesError as exc:
            raise fail(f"after {move}: {exc}") from exc
    if state.to_json() != text:
        raise fail("apply changed the state it was called on")
    # Moves not listed are refused.
    for junk in _JUNK:
        _expect_refusal(state, junk, fail)
    for move in foreign:
        if move not in legal and not _in_range(state, move):
            _expect_refusal(state, move, fail)
    applied += _check_ranged(game, state, legal, rng, fail)
    # Views: equal across resampling, no seed inside.
    for seat in range(game.players):
        view = state.view(seat)
        if view != state.view(seat):
            raise fail(f"view({seat}) is not deterministic")
        shown = json.dumps(to_data(view))
        if state.seed >= 10**9 and str(state.seed) in shown:
            raise fail(f"view({seat}) shows the seed")
        other = state.resample(seat, random.Random(rng.getrandbits(32)))
        try:
            other.validate()
        except CardRulesError as exc:
            raise fail(f"resample({seat}) broke the state: {exc}") from exc
        if other.view(seat) != view:
            raise fail(f"resample({seat}) changed what seat {seat} sees")
        if other.legal_moves() != legal and state.current_player == seat:
            raise fail(f"resample({seat}) changed the legal moves of seat {seat}")
    return applied


def _in_range(state: GameState[Any], move: Move) -> bool:
    """Whether ``move`` is a ranged move whose amount is legal now, listed or not."""
    if type(move) not in state.RANGED:
        return False
    bounds = state.amount_range(type(move))
    amount = getattr(move, "amount", None)
    return bounds is not None and isinstance(amount, int) and bounds[0] <= amount <= bounds[1]


def _check_ranged(
    game: Game[Any, Any],
    state: GameState[Any],
    legal: tuple[Move, ...],
    rng: random.Random,
    fail: Any,
) -> int:
    """Moves with a range of amounts (``GameState.RANGED``): every amount in
    ``amount_range`` is legal, listed or not, reads back from its notation and
    plays (its save loads back); amounts just outside are refused with the range
    in the reason. Returns how many moves were applied."""
    applied = 0
    for kind in state.RANGED:
        make: Any = kind
        bounds = state.amount_range(kind)
        if bounds is None:
            if any(type(m) is kind for m in legal):
                raise fail(f"{kind.NAME} moves are listed but amount_range gives none")
            _expect_refusal(state, make(1), fail)
            continue
        low, high = bounds
        listed: set[int] = {getattr(m, "amount", 0) for m in legal if type(m) is kind}
        if not listed:
            raise fail(f"amount_range({kind.NAME!r}) is {bounds} but none is listed")
        if not listed <= set(range(low, high + 1)):
            raise fail(f"listed {kind.NAME} amounts {sorted(listed)} leave {bounds}")
        inside = {low, high, rng.randint(low, high)}
        saved = False
        for amount in sorted(inside):
            move = make(amount)
            if not state.is_legal(move):
                raise fail(f"{move} is inside amount_range {bounds} but not legal")
            parsed = game.parse_move(state, str(move))
            if parsed != move:
                raise fail(f"notation {str(move)!r} reads back as {parsed!r}")
            try:
                after = state.apply(parsed)
                after.validate()
            except CardRulesError as exc:
                raise fail(f"{move}, inside {bounds}, failed: {exc}") from exc
            applied += 1
            if str(after.history[-1]) != str(move):
                raise fail(f"{move} was recorded as {after.history[-1]}")
            if amount not in listed and not saved:  # one save of an unlisted amount
                saved = True
                try:
                    game.state_from_json(after.to_json())
                except CardRulesError as exc:
                    raise fail(f"the save after unlisted {move} is refused: {exc}") from exc
        for amount in (low - 1, high + 1):
            move = make(amount)
            try:
                state.apply(move)
            except IllegalMoveError as exc:
                if f"{low} to {high}" not in exc.reason:
                    raise fail(f"refusing {move} does not give the range: {exc.reason}") from exc
                continue
            except Exception as exc:
                raise fail(f"apply({move}) raised {type(exc).__name__}: {exc}") from exc
            raise fail(f"apply accepted {move}, outside amount_range {bounds}")
    return applied


def _expect_refusal(state: GameState[Any], move: Any, fail: Any) -> None:
    try:
        state.apply(move)
    except IllegalMoveError as exc:
        if not exc.reason:
            raise fail(f"refusing {move!r} gave no reason") from exc
        return
    except Exception as exc:
        raise fail(f"apply({move!r}) raised {type(exc).__name__}, not IllegalMoveError") from exc
    raise fail(f"apply accepted {move!r}, which is not a legal move")


def _card_paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in ("history", "options", "seed", "last_deal"):
                out.extend(_card_paths(value, (*path, key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out.extend(_card_paths(value, (*path, i)))
    elif isinstance(data, str) and len(data) <= 3 and data[:1] in "23456789TJQKA":
        out.append(path)
    return out


def _check_tamper(
    game: Game[Any, Any], state: GameState[Any], text: str, rng: random.Random, fail: Any
) -> None:
    """A state whose cards are no longer the deck must be refused by state_from_json.

    One card in the JSON is replaced by another; where that creates one card
    and loses another (the card sat in a hand or pile, not in a record such as
    the history), loading must fail.
    """
    data = json.loads(text)
    paths = _card_paths(data["state"])
    deck = Counter(state.deck().cards)
    choices = sorted(deck)
    for path in rng.sample(paths, min(4, len(paths))):
        node = data["state"]
        for key in path[:-1]:
            node = node[key]
        old = node[path[-1]]
        node[path[-1]] = str(rng.choice([c for c in choices if str(c) != old]))
        try:
            raw = from_data(type(state), data["state"], state.MOVES)
            broken = Counter(raw.all_cards()) != deck
        except CardRulesError:
            broken = False  # refused while reading: fine
        if broken:
            try:
                game.state_from_json(json.dumps(data))
            except CardRulesError:
                pass
            else:
                raise fail(
                    f"a state with {old} changed to {node[path[-1]]} at {list(path)} "
                    "breaks card conservation but was accepted"
                )
        node[path[-1]] = old


def check_game(
    game: Game[Any, Any],
    *,
    playouts: int = 10,
    seeds: Iterable[int] | None = None,
    max_moves: int = 20_000,
    deep_every: int = 7,
    rng_seed: int = 0,
) -> ConformanceReport:
    """Play random games of ``game`` to the end and check the protocol throughout.

    Args:
        game: a game (``games.create(...)`` or a user's own).
        playouts: how many games to play (ignored when ``seeds`` is given).
        seeds: the seeds to play; by default large ones, so that a seed shown
            in a view is noticed.
        max_moves: a game not over after this many moves fails the check.
        deep_every: check every n-th state deeply (JSON, views, all moves).
        rng_seed: seeds the random choice of moves.

    Raises:
        ConformanceError: the first broken promise, with seed and move number.
        OptionError: an argument of the wrong type or range.

    Examples:
        >>> from cardrules import games
        >>> report = check_game(games.create("thirty_one"), playouts=2)
        >>> report.playouts, report.terminal, report.moves_applied > 0
        (2, 2, True)
    """
    _need_game(game)
    need_count("playouts", playouts, 1)
    need_count("max_moves", max_moves, 1)
    need_count("deep_every", deep_every, 1)
    if not isinstance(rng_seed, (int, str)):
        raise OptionError(f"rng_seed must be a whole number or text, got {rng_seed!r:.40}")
    rng = random.Random(rng_seed)
    if seeds is None:
        seed_list = [10**12 + 7919 * k for k in range(playouts)]
    else:
        seed_list = seed_values(seeds)
        if not seed_list:
            raise OptionError("seeds must be one or more whole numbers, got none")
    states = deep = applied = terminal = 0
    foreign: list[Move] = []
    for seed in seed_list:
        first = game.new_game(seed)
        if game.new_game(seed) != first:
            raise _fail(game, seed, 0, "new_game is not deterministic for the seed")
        state = first
        step = 0
        while True:
            states += 1
            legal = state.legal_moves()
            if legal != state.legal_moves():
                raise _fail(game, seed, step, "legal_moves() is not deterministic")
            if not isinstance(legal, tuple) or not all(isinstance(m, Move) for m in legal):
                raise _fail(game, seed, step, "legal_moves() must be a tuple of Move")
            if state.is_terminal != (not legal):
                raise _fail(game, seed, step, "legal_moves() must be empty iff terminal")
            player = state.current_player
            if state.is_terminal != (player is None):
                raise _fail(game, seed, step, "current_player must be None iff terminal")
            if player is not None and not 0 <= player < game.players:
                raise _fail(game, seed, step, f"current_player {player} is no seat")
            if len(state.scores) != game.players:
                raise _fail(game, seed, step, "scores must have one entry per seat")
            if len(state.history) != step:
                raise _fail(game, seed, step, "history must hold every move applied")
            try:
                state.validate()
            except CardRulesError as exc:
                raise _fail(game, seed, step, str(exc)) from exc
            if step % deep_every == 0 or state.is_terminal:
                deep += 1
                applied += check_state(
                    game, state, rng=rng, seed=seed, step=step, foreign=foreign[-30:]
                )
            if state.is_terminal:
                terminal += 1
                break
            if step >= max_moves:
                raise _fail(game, seed, step, f"not over after {max_moves} moves")
            move = rng.choice(legal)
            if len(foreign) < 500 or rng.random() < 0.05:
                foreign.append(move)
            try:
                state = state.apply(move)
            except Exception as exc:  # any failure on a listed move breaks the protocol
                raise _fail(game, seed, step, f"listed move {move} was refused: {exc!r}") from exc
            applied += 1
            step += 1
        if game.replay(seed, state.history) != state:
            raise _fail(game, seed, step, "replay(seed, history) differs from play")
        notation = [str(m) for m in state.history]
        if game.replay(seed, notation) != state:
            raise _fail(game, seed, step, "replay from move notation differs from play")
    return ConformanceReport(
        game=game.name,
        playouts=len(seed_list),
        terminal=terminal,
        states=states,
        deep_states=deep,
        moves_applied=applied,
    )
