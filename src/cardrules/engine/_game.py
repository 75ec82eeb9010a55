"""The game base class, [`Game`][cardrules.engine.Game]: options and the factory of a game's
states."""

from __future__ import annotations

import random
import typing
from collections.abc import Iterable
from typing import Any, ClassVar, Generic, Self, TypeVar

import attrs

from cardrules.decks import new_seed
from cardrules.engine._data import from_data
from cardrules.engine._learning import GameLearning
from cardrules.engine._moves import Move, parse_move_text
from cardrules.engine._options import (
    OptionInfo,
    OptionsT,
    build_options,
    check_seed,
    option_info,
)
from cardrules.engine._saves import read_save, register_game, verify_replay
from cardrules.engine._state import GameState
from cardrules.errors import IllegalMoveError, InvalidMoveError, InvalidStateError

S = TypeVar("S", bound="GameState[Any]")

#: The largest seed (in size) a game accepts: 256 bits, far more than chance needs.
MAX_SEED = 2**256


_KEYWORDS: dict[tuple[type[Move], ...], frozenset[str] | None] = {}


def _may_name_a_move(moves: tuple[type[Move], ...], wanted: str) -> bool:
    """Whether ``wanted`` (normalised text) starts with a move's keyword, as the
    notation of every move does (``None`` keywords: a move class writes its own)."""
    keywords = _KEYWORDS.get(moves, frozenset())
    if keywords is not None and not keywords:
        own = any(cls.__str__ is not Move.__str__ for cls in moves)
        keywords = _KEYWORDS[moves] = None if own else frozenset(m.NAME.lower() for m in moves)
    return keywords is None or wanted.split(" ", 1)[0] in keywords


@attrs.frozen
class Game(GameLearning, Generic[S, OptionsT]):
    """A game under fixed options: the factory of its states.

    Subclasses set ``NAME``, ``OPTIONS`` (the options class) and ``STATE`` (the
    state class) and implement `_new_game`.
    """

    options: OptionsT

    NAME: ClassVar[str] = ""
    OPTIONS: ClassVar[type[Any]]
    STATE: ClassVar[type[GameState[Any]]]
    SUMMARY: ClassVar[str] = ""
    HIGHER_IS_BETTER: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        register_game(cls)  # so that a state finds its game (events, saves)

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """A game is immutable: a copy, deep or not, is the game itself."""
        return self

    @classmethod
    def create(cls, **options: Any) -> Self:
        """The game with these options (defaults as the source text describes).

        Raises:
            OptionError: an unknown option, or a value of the wrong type or range.

        Examples:
            >>> from cardrules.games.thirty_one import ThirtyOne
            >>> ThirtyOne.create(players=3).players
            3
        """
        return cls(build_options(cls.OPTIONS, options))

    @property
    def name(self) -> str:
        """The registry name.

        Examples:
            >>> from cardrules import games
            >>> games.create("thirty_one").name
            'thirty_one'
        """
        return self.NAME

    @property
    def players(self) -> int:
        """The number of seats.

        Examples:
            >>> from cardrules import games
            >>> games.create("turkish51").players
            4
        """
        return int(typing.cast(Any, self.options).players)

    def _new_game(self, seed: int) -> S:
        raise NotImplementedError

    def new_game(self, seed: int | None = None) -> S:
        """A new game; the same options and seed always give the same deal.

        Without a seed, one is drawn from the operating system (and kept in
        ``state.seed``, so the game can still be replayed).

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one")
            >>> game.new_game(seed=5) == game.new_game(seed=5)
            True
        """
        if seed is None:
            seed = new_seed()
        check_seed(seed)  # a whole number of at most MAX_SEED in size
        return self._new_game(seed)

    def replay(self, seed: int, moves: Iterable[Move | str]) -> S:
        """Play ``moves`` (values or notation) from ``new_game(seed)``.

        Raises:
            IllegalMoveError: a move is not legal where it comes; the reason
                names its index in ``moves``.
            InvalidMoveError: ``moves`` is not a list of moves, or a text in it
                cannot be read.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one", players=2)
            >>> state = game.replay(1, ["draw stock"])
            >>> state == game.new_game(1).apply(game.parse_move(None, "draw stock"))
            True
        """
        if isinstance(moves, (str, bytes)):
            raise InvalidMoveError("replay takes a sequence of moves, not one text; split it first")
        try:
            steps = list(moves)
        except TypeError:
            raise InvalidMoveError(
                f"replay takes an iterable of moves, got {type(moves).__name__}"
            ) from None
        state = self.new_game(seed)
        for number, move in enumerate(steps):
            try:
                if isinstance(move, str):
                    move = self.parse_move(state, move)
                state = state.apply(move)
            except IllegalMoveError as exc:
                where = f"{exc.reason} (replay move {number}, counting from 0)"
                raise IllegalMoveError(exc.move, where, rule=exc.rule, seat=exc.seat) from None
            except InvalidMoveError as exc:
                raise InvalidMoveError(f"replay move {number}: {exc}") from None
        return state

    def parse_move(self, state: GameState[Any] | None, text: str) -> Move:
        """Read a move in this game's notation (``str(move)`` round-trips).

        Args:
            state: the state the move is for, or ``None``; with a state, a
                legal move whose notation matches is returned as listed.
            text: the move's notation, e.g. ``"discard 7h"``.

        Raises:
            InvalidMoveError: malformed text (an illegal but well-formed move
                is returned; ``apply`` refuses it with the reason).
            InvalidStateError: ``state`` is not a state of this game.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one")
            >>> str(game.parse_move(None, "Draw  Stock"))
            'draw stock'
        """
        if state is not None:
            self._own(state)
        parsed = parse_move_text(self.STATE.MOVES, text)  # junk is refused here, cheaply
        if state is None:
            return parsed
        listed = state._listed(parsed)  # one lookup by value
        if listed is not None:
            return listed
        wanted = " ".join(text.split()).lower()
        if str(parsed).lower() != wanted and _may_name_a_move(self.STATE.MOVES, wanted):
            for move in state.legal_moves():  # a notation read back otherwise (text fields)
                if str(move).lower() == wanted:
                    return move
        return parsed

    def state_from_json(self, text: str | bytes, *, trusted: bool = False) -> S:
        """Rebuild a state from [`GameState.to_json`][cardrules.engine.GameState.to_json], checking
        it.

        The save's format version must be this library's; the state is
        validated (card conservation, field consistency) and, unless
        ``trusted``, replayed from its seed and history: it must be exactly
        what they give, so a tampered save is refused with the first
        difference. ``cardrules.load_state`` does the same without a game at
        hand (it reads the game and its options from the save).

        Args:
            text: the save.
            trusted: skip the replay (for saves this server wrote itself).

        Raises:
            InvalidStateError: not this game or these options, another format
                version, malformed, tampered or inconsistent.

        Examples:
            >>> from cardrules import games
            >>> games.create("thirty_one").state_from_json(
            ...     '{"format": 1, "game": "chess", "state": {}}')
            Traceback (most recent call last):
            ...
            cardrules.errors.InvalidStateError: state of game 'chess', not 'thirty_one'
        """
        data = read_save(text)
        if data["game"] != self.NAME:
            raise InvalidStateError(f"state of game {data['game']!r:.40}, not {self.NAME!r}")
        state = from_data(self.STATE, data["state"], self.STATE.MOVES)
        if state.options != self.options:
            raise InvalidStateError("state was made with other options than this game's")
        return self.check_state(state, trusted=trusted)

    def check_state(self, state: S, *, trusted: bool = False) -> S:
        """Check a rebuilt state of this game: validated and, unless ``trusted``, replayed.

        Raises:
            InvalidStateError: the state is inconsistent or is not what its seed
                and history give (the message names the first difference).

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one", players=2)
            >>> state = game.new_game(seed=1)
            >>> game.check_state(state) == state
            True
        """
        self._own(state)
        if state.options != self.options:
            raise InvalidStateError("state was made with other options than this game's")
        try:
            state.validate()
            # The game's own code must be able to go on from it: a state not over
            # has a move, and one over has none (a phase set back stalls a game).
            moves = state.legal_moves()
            if bool(moves) == state.is_terminal:
                over = "is over but has" if moves else "is not over but has no"
                raise InvalidStateError(f"the state {over} legal move")
        except InvalidStateError:
            raise
        except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
            raise InvalidStateError(f"state is malformed: {type(exc).__name__}: {exc}") from None
        if not trusted:
            verify_replay(self, state)
        return state

    def _own(self, state: object) -> None:
        """Refuse anything but a state of this game (for methods taking a state)."""
        if not isinstance(state, self.STATE):
            if isinstance(state, GameState):
                got = f"a state of {state.GAME or type(state).__name__}"
            else:
                got = f"{type(state).__name__} {state!r:.40}"
            raise InvalidStateError(f"expected a state of {self.NAME}, got {got}")

    def describe_options(self) -> tuple[OptionInfo, ...]:
        """The options this game takes.

        Examples:
            >>> from cardrules import games
            >>> [o.name for o in games.create("empat_satu").describe_options()]
            ['players', 'deals', 'exhausted_rounds']
        """
        return option_info(self.OPTIONS)

    def narrate(self, before: S | None, move: Move | None, after: S) -> tuple[str, ...]:
        """Transcript lines for one step (``before`` is ``None`` at the start).

        The default names the seat and the move; a game adds deal results.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one", players=2)
            >>> state = game.new_game(seed=1)
            >>> nxt = state.apply(state.legal_moves()[1])
            >>> game.narrate(state, state.legal_moves()[1], nxt)[0]
            'seat 1: draw stock'
        """
        self._own(after)
        lines = []
        if before is not None and move is not None:
            self._own(before)
            lines.append(f"seat {before.current_player}: {move}")
        lines.extend(self.narrate_deal(before, after))
        return tuple(lines)

    def narrate_deal(self, before: S | None, after: S) -> tuple[str, ...]:
        """Transcript lines about deals for one step: a finished deal's result
        (the lines of ``after.last_deal.describe()``, when the game has them), the
        start of a new deal with the scores so far, and the end of the game.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("empat_satu", players=2)
            >>> game.narrate_deal(None, game.new_game(seed=1))
            ('deal 1 begins; scores [0, 0]',)
        """
        lines: list[str] = []
        result = getattr(after, "last_deal", None)
        if before is not None and result is not getattr(before, "last_deal", None):
            describe = getattr(result, "describe", None)
            if callable(describe):
                lines.extend(describe())
        deal = getattr(after, "deal", None)
        new_deal = before is None or deal != getattr(before, "deal", None)
        if isinstance(deal, int) and new_deal and not after.is_terminal:
            lines.append(f"deal {deal + 1} begins; scores {list(after.scores)}")
        if after.is_terminal:
            scores = after.scores
            best = max(scores) if self.HIGHER_IS_BETTER else min(scores)
            first = ", ".join(f"seat {i}" for i, score in enumerate(scores) if score == best)
            lines.append(f"game over: first {first}")
        return tuple(lines)

    def greedy_move(self, state: S, rng: random.Random) -> Move:
        """A move a simple greedy player makes (a game refines this).

        The default picks at random among moves that end the game best for
        the mover, looking one move ahead on the actual state's scores.

        Examples:
            >>> import random
            >>> from cardrules import games
            >>> game = games.create("empat_satu")
            >>> state = game.new_game(seed=1)
            >>> game.greedy_move(state, random.Random(0)) in state.legal_moves()
            True
        """
        self._own(state)
        seat = state.current_player
        moves = state.legal_moves()
        if seat is None or not moves:
            raise IllegalMoveError(None, "the game is over")
        sign = 1 if self.HIGHER_IS_BETTER else -1
        scored = [(sign * state._next(m).scores[seat], i) for i, m in enumerate(moves)]
        best = max(s for s, _ in scored)
        return moves[rng.choice([i for s, i in scored if s == best])]
