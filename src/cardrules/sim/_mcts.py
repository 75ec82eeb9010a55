"""A search bot for every game: information-set Monte-Carlo tree search on determinisations.

[`MCTSPolicy`][cardrules.sim.MCTSPolicy] chooses a move from what its seat may know
only: each iteration deals the unseen cards again with ``game.sample_state(view, rng)``
(a *determinisation*), walks one tree shared by every determinisation (ISMCTS: a node is a
sequence of moves, and a move is scored only in the determinisations where it is
legal, each child counting how often it was available), plays the rest of the deal
with the game's greedy player (or at random), and scores the deal by the change of
every seat's ``returns()``. The move chosen has the best lower confidence bound of
its reward (the greedy move, searched first, stays unless beaten clearly). By
default the tree branches on the searching seat's own moves, the other seats playing
as the playout does; ``opponents="search"`` searches theirs too.

It knows no game: it uses ``state.game``, ``view``, ``sample_state``, ``legal_moves``,
``apply`` and ``returns``, so a new game gets it as it gets ``check_game``.

Examples:
    >>> from cardrules import games
    >>> from cardrules.sim import MCTSPolicy, play
    >>> game = games.create("thirty_one", players=2, deals=1)
    >>> state = game.new_game(seed=3)
    >>> MCTSPolicy(iterations=20, seed=1).choose(state) in state.legal_moves()
    True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from cardrules.engine import GameState, Move, need_count
from cardrules.errors import (
    CardRulesError,
    IllegalMoveError,
    InvalidStateError,
    OptionError,
)

__all__ = ["MCTSPolicy"]


class _Node:
    """One node of the search tree: the statistics of the move that leads to it."""

    __slots__ = ("available", "children", "mover", "squares", "total", "visits")

    def __init__(self, mover: int | None) -> None:
        self.mover = mover  # the seat that made the move leading here
        self.visits = 0
        self.available = 0  # iterations in which the move was legal here
        self.total = 0.0  # the sum of the mover's rewards
        self.squares = 0.0  # the sum of their squares
        self.children: dict[Move, _Node] = {}


def _deal_of(state: GameState[Any]) -> object:
    return getattr(state, "deal", None)


class MCTSPolicy:
    """Information-set Monte-Carlo tree search from the mover's view (a ``sim`` policy).

    Args:
        iterations: determinisations searched per move (a whole number from 1).
        seed: the seed of its random choices (``None``: from the operating system).
        exploration: the UCB constant, on rewards scaled to 0..1.
        rollout: the most moves played after the tree in one iteration; the
            playout also stops at the end of the deal (a deal's result is what it
            scores), so that a long match stays cheap.
        playout: how the moves after the tree are chosen: ``"greedy"`` (the game's
            greedy player, ``Game.greedy_move``) or ``"random"`` (faster, weaker).
        opponents: ``"model"``: the tree branches on this seat's moves only, the
            other seats playing as the playout does (a model of the opponents);
            ``"search"``: the tree branches on every seat's moves, each chosen for
            its mover by the same search (single-observer ISMCTS in full).
        caution: the move chosen has the best lower confidence bound, its mean reward
            less ``caution`` standard errors (0: the best mean).
        seconds: a time limit per move instead of a count (``None``: none); the search
            then stops at whichever comes first.

    It sees no more than ``state.view(seat)``: the state handed to ``choose`` is used
    only for its view, its game and its legal moves.

    Examples:
        >>> from cardrules import games
        >>> from cardrules.sim import simulate
        >>> game = games.create("thirty_one", players=2, deals=1)
        >>> result = simulate(game, 2, seed=1, policies=[MCTSPolicy(iterations=10), "greedy"])
        >>> result.summary.games
        2
    """

    def __init__(
        self,
        iterations: int = 200,
        *,
        seed: int | None = None,
        exploration: float = 0.7,
        rollout: int = 200,
        playout: str = "greedy",
        opponents: str = "model",
        caution: float = 1.0,
        seconds: float | None = None,
    ) -> None:
        need_count("iterations", iterations, 1)
        need_count("rollout", rollout, 0)
        if isinstance(exploration, bool) or not isinstance(exploration, (int, float)):
            raise OptionError(f"exploration is a number, got {exploration!r:.40}")
        if not 0 <= exploration <= 100:
            raise OptionError(f"exploration is a number from 0 to 100, got {exploration!r}")
        if seconds is not None and (
            isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds <= 0
        ):
            raise OptionError(f"seconds is a positive number or None, got {seconds!r:.40}")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise OptionError(f"a policy seed is a whole number or None, got {seed!r:.40}")
        if playout not in ("greedy", "random"):
            raise OptionError(f"playout is 'greedy' or 'random', got {playout!r:.40}")
        self.playout = playout
        if opponents not in ("model", "search"):
            raise OptionError(f"opponents is 'model' or 'search', got {opponents!r:.40}")
        self.opponents = opponents
        if isinstance(caution, bool) or not isinstance(caution, (int, float)):
            raise OptionError(f"caution is a number, got {caution!r:.40}")
        if not 0 <= caution <= 10:
            raise OptionError(f"caution is a number from 0 to 10, got {caution!r}")
        self.caution = float(caution)
        self.iterations = iterations
        self.exploration = float(exploration)
        self.rollout = rollout
        self.seconds = seconds
        self.seed = seed
        self.rng = random.Random(seed)

    def seeded(self, seed: int) -> MCTSPolicy:
        """A fresh copy with the same settings, seeded by ``seed`` (``simulate`` asks
        each game's policies this way).

        Examples:
            >>> MCTSPolicy(iterations=30).seeded(4).iterations
            30
        """
        return MCTSPolicy(
            self.iterations,
            seed=seed,
            exploration=self.exploration,
            rollout=self.rollout,
            playout=self.playout,
            opponents=self.opponents,
            caution=self.caution,
            seconds=self.seconds,
        )

    def __repr__(self) -> str:
        return f"MCTSPolicy(iterations={self.iterations}, seed={self.seed})"

    def __call__(self, state: GameState[Any], rng: object = None) -> Move:
        """``choose(state)``: the policy as a function ``(state, rng) -> move``, the form
        the Gymnasium adapter takes for its opponents (``rng`` is not used)."""
        return self.choose(state)

    def choose(self, state: GameState[Any]) -> Move:
        """The most visited move of a search from the mover's view.

        Raises:
            InvalidStateError: ``state`` is not a game state.
            IllegalMoveError: the game is over.
        """
        if not isinstance(state, GameState):
            raise InvalidStateError(f"a policy chooses in a game state, got {type(state).__name__}")
        legal = state.legal_moves()
        seat = state.current_player
        if not legal or seat is None:
            raise IllegalMoveError(None, "the game is over: there is no move to choose")
        if len(legal) == 1:
            return legal[0]
        game = state.game
        view = state.view(seat)
        rng = self.rng
        root = _Node(None)
        bounds = [math.inf, -math.inf]  # the least and greatest reward seen
        stop = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.iterations):
            try:
                guess = game.sample_state(view, rng)
            except (CardRulesError, NotImplementedError):
                guess = state.resample(seat, rng)  # a game without sample_state's hooks
            self._iterate(game, root, guess, bounds)
            if stop is not None and time.perf_counter() > stop:
                break

        spread = bounds[1] - bounds[0] if bounds[1] > bounds[0] else 1.0

        def rank(move: Move) -> float:
            # The lower confidence bound of the move's mean reward: a move must be
            # better by more than its noise to be preferred (the greedy move, searched
            # first, is kept unless another is shown to beat it).
            child = root.children.get(move)
            if child is None or not child.visits:
                return -math.inf
            n = child.visits
            mean = child.total / n
            var = (child.squares / n - mean * mean) if n > 1 else spread * spread / 4
            return mean - self.caution * math.sqrt(max(var, 0.0) / n)

        return max(legal, key=rank)

    def _iterate(self, game: Any, root: _Node, state: GameState[Any], bounds: list[float]) -> None:
        """One iteration on one determinisation: select, expand, play out, back up."""
        rng = self.rng
        start = state.returns()
        deal = _deal_of(state)
        node = root
        path: list[_Node] = []
        me = state.current_player
        modelled = self.opponents == "model"
        while not state.is_terminal and _deal_of(state) == deal:
            if modelled and state.current_player != me:  # the others play as the playout does
                state = state.apply(self._playout_move(game, state))
                continue
            legal = state.legal_moves()
            children = node.children
            untried = []
            tried = 0
            for move in legal:
                child = children.get(move)
                if child is None:
                    untried.append(move)
                else:
                    child.available += 1
                    tried += 1
            mover = state.current_player
            # Progressive widening: a node tries a new move only while it has tried fewer
            # than 1 + sqrt(its visits), so that a few iterations among many moves go to
            # a few moves, each visited often enough to be judged.
            if untried and (not tried or tried < 1 + math.isqrt(node.visits)):
                move = untried[rng.randrange(len(untried))]
                if self.playout == "greedy" and len(untried) > 1:
                    # The greedy player's move first: a prior that the search then tests.
                    hint = game.greedy_move(state, rng)
                    if hint in untried:
                        move = hint
                child = children[move] = _Node(mover)
                child.available = 1
                state = state.apply(move)
                path.append(child)
                break
            move = self._select(node, legal, bounds)
            node = children[move]
            state = state.apply(move)
            path.append(node)
        for _ in range(self.rollout):
            if state.is_terminal or _deal_of(state) != deal:
                break
            state = state.apply(self._playout_move(game, state))
        root.visits += 1
        end = state.returns()
        gains = [b - a for a, b in zip(start, end, strict=True)]
        count = len(gains)
        total = sum(gains)
        for child in path:
            mover = child.mover
            if mover is None:  # pragma: no cover  # a move is made by a seat
                continue
            # The mover's gain against the others' on average: zero-sum across seats.
            reward = gains[mover] - (total - gains[mover]) / max(count - 1, 1)
            bounds[0] = min(bounds[0], reward)
            bounds[1] = max(bounds[1], reward)
            child.visits += 1
            child.total += reward
            child.squares += reward * reward

    def _playout_move(self, game: Any, state: GameState[Any]) -> Move:
        if self.playout == "greedy":
            return game.greedy_move(state, self.rng)  # type: ignore[no-any-return]
        legal = state.legal_moves()
        return legal[self.rng.randrange(len(legal))]

    def _select(self, node: _Node, legal: tuple[Move, ...], bounds: list[float]) -> Move:
        """The legal child with the best upper confidence bound (rewards scaled 0..1)."""
        low, high = bounds
        span = high - low if high > low else 1.0
        c = self.exploration
        best: Move = legal[0]
        best_score = -math.inf
        for move in legal:
            child = node.children.get(move)
            if child is None:  # not tried here yet (widening)
                continue
            if child.visits == 0:
                return move
            mean = (child.total / child.visits - low) / span
            score = mean + c * math.sqrt(math.log(max(child.available, 1)) / child.visits)
            if score > best_score:
                best, best_score = move, score
        return best
