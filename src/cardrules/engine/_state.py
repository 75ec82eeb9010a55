"""The state base class, [`GameState`][cardrules.engine.GameState], and the one generated copier
behind its ``_replace`` and [`fields_copier`][cardrules.engine.fields_copier]."""

from __future__ import annotations

import random
import typing
from collections import Counter
from collections.abc import Iterable
from typing import Any, ClassVar, Generic, Self

import attrs

from cardrules.cards import Card, format_cards
from cardrules.decks import Deck
from cardrules.engine._events import StateEvents
from cardrules.engine._explain import _legal_first, _rebind_class_cell
from cardrules.engine._history import History
from cardrules.engine._learning import StateLearning
from cardrules.engine._moves import Move, field_problem
from cardrules.engine._options import OptionsT
from cardrules.engine._ranged import StateRanged
from cardrules.engine._saves import save_text
from cardrules.errors import (
    IllegalMoveError,
    InvalidStateError,
    OptionError,
)


@attrs.frozen
class GameState(StateLearning, StateRanged, StateEvents, Generic[OptionsT]):
    """Base class of every game state (a frozen attrs class in each game).

    A game's state class declares the fields ``options``, ``seed`` and
    ``history`` (plus its own) and implements the underscore hooks. The public
    protocol (``legal_moves``, ``apply``, ``check_move``, ``is_legal``,
    ``to_json``, ``validate``) is provided here.

    Chance is decided from ``seed`` inside the game: a game shuffles with
    [`rng`][cardrules.engine.GameState.rng] (or, the same cards faster,
    [`shuffled`][cardrules.engine.shuffled]), never with global random state.

    Three declarations spare a game the usual shapes of protocol code (a game
    that leaves one at ``None`` writes that hook itself):

    * ``OVER``: the ``phase`` at which the game is over.
      [`is_terminal`][cardrules.engine.GameState.is_terminal] is then ``phase is OVER`` and
      [`current_player`][cardrules.engine.GameState.current_player] the ``turn`` field until then.
    * ``DECK``: the pack, when it does not depend on the options
      ([`deck`][cardrules.engine.GameState.deck]).
    * ``PILES``: the fields that hold the cards outside the ``hands`` field, each a tuple
      of cards ([`all_cards`][cardrules.engine.GameState.all_cards]: the hands', then theirs).
    """

    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )
    # The legal moves by value, built on the first lookup of a move that is not the very
    # object listed (a parsed move); later lookups on this state are then one dict probe.
    _by_value: dict[Move, Move] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )

    GAME: ClassVar[str] = ""
    MOVES: ClassVar[tuple[type[Move], ...]] = ()
    OVER: ClassVar[Any] = None
    DECK: ClassVar[Deck | None] = None
    PILES: ClassVar[tuple[str, ...] | None] = None

    if typing.TYPE_CHECKING:
        options: OptionsT
        seed: int
        history: History

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("explain")
        if own is not None and not getattr(own, "_legal_first", False):
            cls.explain = _legal_first(own)  # type: ignore[method-assign]
        elif own is not None:  # attrs's slotted copy of a class whose explain is wrapped
            _rebind_class_cell(own.__wrapped__, cls)

    # ---- hooks a game implements -------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to move; ``None`` only when the game is over.

        Examples:
            >>> from cardrules import games
            >>> games.create("thirty_one", players=3).new_game(seed=1).current_player
            1
        """
        over = self.OVER
        if over is None:
            raise NotImplementedError
        return None if self.phase is over else self.turn  # type: ignore[attr-defined]

    @property
    def is_terminal(self) -> bool:
        """Whether the game (the whole match) is over.

        Examples:
            >>> from cardrules import games
            >>> games.create("thirty_one").new_game(seed=1).is_terminal
            False
        """
        over = self.OVER
        if over is None:
            raise NotImplementedError
        return self.phase is over  # type: ignore[attr-defined]

    @property
    def scores(self) -> tuple[float, ...]:
        """Per seat, in the game's own units: final once terminal, running before.

        Examples:
            >>> from cardrules import games
            >>> games.create("empat_satu", players=3).new_game(seed=1).scores
            (0, 0, 0)
        """
        raise NotImplementedError

    def _generate_moves(self) -> tuple[Move, ...]:
        raise NotImplementedError

    def _next(self, move: Move) -> Self:
        raise NotImplementedError

    def view(self, seat: int) -> Any:
        """What ``seat`` may know: equal for states that differ only in what it cannot see.

        Examples:
            >>> from cardrules import games
            >>> view = games.create("thirty_one", players=2).new_game(seed=1).view(0)
            >>> len(view.hand), view.hand_sizes, hasattr(view, "seed")
            (3, (3, 3), False)
        """
        raise NotImplementedError

    def resample(self, seat: int, rng: random.Random) -> Self:
        """A state ``seat`` cannot tell from this one, hidden cards dealt again.

        Examples:
            >>> import random
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=2).new_game(seed=1)
            >>> guess = state.resample(0, random.Random(9))
            >>> guess.view(0) == state.view(0), guess.hands[1] == state.hands[1]
            (True, False)
        """
        raise NotImplementedError

    def all_cards(self) -> Iterable[Card]:
        """Every card in every hand, pile, meld and trick: always exactly the deck.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one").new_game(seed=1)
            >>> sorted(state.all_cards()) == sorted(state.deck().cards)
            True
        """
        piles = self.PILES
        if piles is None:
            raise NotImplementedError
        cards: list[Card] = [c for hand in self.hands for c in hand]  # type: ignore[attr-defined]
        for name in piles:
            cards.extend(getattr(self, name))
        return cards

    def deck(self) -> Deck:
        """The pack the game is played with, under these options.

        Examples:
            >>> from cardrules import games
            >>> games.create("schwimmen").new_game(seed=1).deck().size
            32
        """
        deck = self.DECK
        if deck is None:
            raise NotImplementedError
        return deck

    def _check(self) -> None:
        """Raise [`InvalidStateError`][cardrules.errors.InvalidStateError] if the fields contradict
        each other."""

    def explain(self, move: Move) -> str:
        """Why a move of this game is not legal now (a game refines this).

        For a legal move it says so (``"'knock' is legal now"``), and for a move
        after the end that the game is over: a game's own ``explain`` is only
        asked about moves that are illegal in a game still going (the engine
        wraps it), so it never gives a false reason.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("empat_satu")
            >>> state = game.new_game(seed=1)
            >>> state.explain(game.parse_move(state, "refuse"))
            'the discard can only be refused once the stock is empty (ES-4.1)'
        """
        legal = self.legal_moves()
        shown = ", ".join(str(m) for m in legal[:8]) + (", ..." if len(legal) > 8 else "")
        return f"it is not among the {len(legal)} legal moves now ({shown})"

    @property
    def game(self) -> Any:
        """The [`Game`][cardrules.engine.Game] (with this state's options) that made this state.

        Every state knows it, also one read back by ``cardrules.load_state``, made by
        ``replay``, unpickled or handed to a ``simulate`` policy: what a server or a
        bot needs for ``parse_move``, ``sample_state`` or ``action_move``. It is
        built from the state's own options (games are equal when their options are),
        and kept for later calls while those options stay in use.

        Examples:
            >>> from cardrules import games, load_state
            >>> game = games.create("thirty_one", players=3)
            >>> state = game.new_game(seed=1)
            >>> state.game == game, load_state(state.to_json()).game.players
            (True, 3)
            >>> state.game.parse_move(state, "draw stock") in state.legal_moves()
            True
        """
        return self._game()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """A state is immutable: a copy, deep or not, is the state itself (so a
        framework that deep-copies its states, OpenSpiel's ``clone``, shares it).

        Examples:
            >>> import copy
            >>> from cardrules import games
            >>> state = games.create("thirty_one").new_game(seed=1)
            >>> copy.deepcopy(state) is state
            True
        """
        return self

    # ---- protocol built on the hooks --------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move, in a deterministic order; empty iff the game is over.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=2).new_game(seed=1)
            >>> [str(m) for m in state.legal_moves()]
            ['knock', 'draw stock', 'draw discard']
        """
        legal = self._legal
        if legal is None:
            legal = self._generate_moves()
            object.__setattr__(self, "_legal", legal)
        return legal

    def check_move(self, move: object, seat: int | None = None) -> None:
        """Raise [`IllegalMoveError`][cardrules.errors.IllegalMoveError] saying why ``move`` is
        illegal now.

        Args:
            move: the move offered.
            seat: the seat that sends it (a server names the player); a seat
                that is not to move is refused. ``None``: whoever is to move.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=2).new_game(seed=1)
            >>> state.check_move("knock")
            Traceback (most recent call last):
            ...
            cardrules.errors.IllegalMoveError: ...: a str is not a move of thirty_one
        """
        mover = self.current_player
        if seat is not None:
            self._check_sender(move, seat, mover)
        if not isinstance(move, Move) or not isinstance(move, self.MOVES):
            kind = type(move).__name__
            raise IllegalMoveError(move, f"a {kind} is not a move of {self.GAME}", seat=mover)
        try:
            listed = self._equal_listed(move)
        except Exception as exc:  # a Move subclass whose == fails
            reason = f"it cannot be compared with the legal moves ({type(exc).__name__}: {exc})"
            raise IllegalMoveError(move, reason, seat=mover) from None
        if listed is not None:
            if type(listed) is type(move):
                return
            # A subclass whose == says yes to a move of another class stands for none.
            reason = f"it is a {type(move).__name__}, not the legal move '{listed}' it equals"
            raise IllegalMoveError(move, reason, seat=mover)
        malformed = field_problem(move)  # a field of the wrong type: no game rule reads it
        if malformed is not None:
            raise IllegalMoveError(move, malformed, seat=mover)
        if self.is_terminal:
            raise IllegalMoveError(move, "the game is over", seat=mover)
        if type(move) in self.RANGED:
            if self._ranged(move) is not None:
                return
            raise IllegalMoveError(move, self._range_reason(move), seat=mover)
        raise IllegalMoveError(move, self.explain(move), seat=mover)

    def _check_sender(self, move: object, seat: object, mover: int | None) -> None:
        """Refuse a move sent by ``seat`` when that seat is not to move."""
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise OptionError(f"seat must be a whole number, got {seat!r:.40}")
        if seat != mover:
            why = "the game is over" if mover is None else f"seat {mover} is to move"
            raise IllegalMoveError(move, f"seat {seat} is not to move: {why}", seat=seat)

    def is_legal(self, move: object, seat: int | None = None) -> bool:
        """Whether ``move`` is legal now (sent by ``seat``, when one is named).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=2).new_game(seed=1)
            >>> state.is_legal(state.legal_moves()[0]), state.is_legal("knock")
            (True, False)
        """
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or seat != self.current_player
        ):
            return False
        return self._listed(move) is not None

    def _listed(self, move: object) -> Move | None:
        """The listed move that ``move`` stands for, or ``None``: found as the very
        object listed, else by hash, else (junk, an odd ``==``) as ``_equal_listed``
        finds it; only a move of the listed one's own class stands for it."""
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        for listed in legal:  # what bots and random players give back
            if listed is move:
                return listed
        table = self._by_value
        if table is None:
            table = {}
            for listed in reversed(legal):  # the first listed of equal moves wins
                table[listed] = listed
            object.__setattr__(self, "_by_value", table)
        found: Move | None
        try:
            found = table.get(move)  # type: ignore[call-overload]
        except Exception:  # junk: unhashable, or an == that fails
            found = None
        if found is None:
            try:
                found = self._equal_listed(move)
            except Exception:  # junk whose == fails
                return None
            if found is None and self.RANGED:  # an amount in range, not listed
                return self._ranged(move)
        # Only a move of the listed one's own class stands for it: junk whose ``==``
        # says yes to anything (a Move of another game) must not become legal[0].
        return found if found is not None and type(found) is type(move) else None

    def _equal_listed(self, move: object) -> Move | None:
        """The first legal move equal to ``move``, or ``None``; raises what ``==`` raises."""
        legal = self.legal_moves()
        for listed in legal:
            if listed is move or listed == move:
                return listed
        return None

    def apply(self, move: Move, seat: int | None = None) -> Self:
        """The state after ``move``; this state is unchanged.

        The engine adds ``move`` to the history (a game's ``_next`` leaves the
        history alone): the new state's history is one link on this one's.

        Args:
            move: the move to make.
            seat: the seat that sends it, for a server that knows who sent
                a move: a seat that is not to move is refused. ``None``: the
                move is made for whoever is to move.

        Raises:
            IllegalMoveError: ``move`` is not legal now (or ``seat`` is not to
                move); ``.reason`` says why, ``.rule`` names the clause.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one", players=2)
            >>> state = game.new_game(seed=1)
            >>> after = state.apply(game.parse_move(state, "draw stock"))
            >>> [str(m) for m in after.history], len(state.history)
            (['draw stock'], 0)
            >>> state.apply(game.parse_move(state, "draw stock"), seat=0)
            Traceback (most recent call last):
            ...
            cardrules.errors.IllegalMoveError: illegal move 'draw stock': seat 0 is not to move: ...
        """
        if seat is not None:
            self._check_sender(move, seat, self.current_player)
        legal = self._legal
        if legal is None:
            legal = self.legal_moves()
        for listed in legal:  # the very object listed: what bots and random players give
            if listed is move:
                break
        else:
            found = self._listed(move)
            if found is None:
                self.check_move(move)  # raises, saying why
                raise IllegalMoveError(move, "it is not a legal move now", seat=self.current_player)
            listed = found
        # The listed move, not the caller's equal one: ``Discard(c, knock=0)`` equals
        # ``Discard(c, knock=False)``, but only the listed one has the game's own types.
        new = self._next(listed)
        if new is self:  # pragma: no cover  # a move always changes something
            new = self._replace()
        history = self.history
        if history.__class__ is not History:  # a tuple (a state built by hand)
            history = History(history)
        object.__setattr__(new, "history", history.append(listed))
        return new

    def _replace(self, **changes: Any) -> Self:
        """A copy with some fields changed: ``attrs.evolve`` without its overhead.

        The hottest path of the engine: the first call on a state class generates a
        copier with one keyword parameter per field and installs it as that class's
        ``_replace``; it fills the slots of a copy directly (a builder subclass with
        plain attribute setting becomes the state class: safe as state classes carry
        no validators or converters; a class that does falls back to evolve).

        Raises:
            TypeError: a name in ``changes`` is not a field (a programming error).
        """
        cls = type(self)
        copier = _make_copier(cls)
        cls._replace = copier  # type: ignore[method-assign]  # later calls go straight to it
        return copier(self, **changes)  # type: ignore[no-any-return]

    def rng(self, *salt: object) -> random.Random:
        """A random generator decided by the seed and ``salt`` (e.g. the deal number).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one").new_game(seed=1)
            >>> state.rng(2).random() == state.rng(2).random() != state.rng(3).random()
            True
        """
        return random.Random("/".join([str(self.seed), *map(str, salt)]))

    def to_json(self) -> str:
        """The whole state as a save: JSON text with the save format version, the
        game's name and every field (read back by ``cardrules.load_state`` or
        ``Game.state_from_json``, which replay it to check it).

        Examples:
            >>> from cardrules import games
            >>> game = games.create("thirty_one")
            >>> state = game.new_game(seed=1)
            >>> game.state_from_json(state.to_json()) == state
            True
        """
        return save_text(self)

    def validate(self) -> None:
        """Check card conservation and field consistency.

        Raises:
            InvalidStateError: cards were created or lost, or fields contradict.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("thirty_one", players=2).new_game(seed=1)
            >>> state.validate()
            >>> state._replace(stock=state.stock[1:]).validate()
            Traceback (most recent call last):
            ...
            cardrules.errors.InvalidStateError: cards are not the deck: extra [], missing [...]
        """
        expected = Counter(self.deck().cards)
        try:
            found = Counter(self.all_cards())
        except (AttributeError, TypeError) as exc:
            raise InvalidStateError(f"state is malformed: {exc}") from None
        if found != expected:
            extra = format_cards(sorted((found - expected).elements()))
            missing = format_cards(sorted((expected - found).elements()))
            raise InvalidStateError(f"cards are not the deck: extra [{extra}], missing [{missing}]")
        self._check()


def _builder_class(cls: type) -> type | None:
    """A subclass of the frozen ``cls`` with plain slot stores (the frozen ``__setattr__`` is
    twenty times slower): a copy is filled in as one, then becomes a ``cls`` by ``__class__``
    assignment (it adds no slots). ``None`` if this Python refuses the assignment."""
    builder = type(
        f"{cls.__name__}Builder",
        (cls,),
        {
            "__slots__": (),
            "__module__": cls.__module__,
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
        },
    )
    try:
        probe: Any = object.__new__(builder)
        probe.__class__ = cls
    except TypeError:
        return None
    return builder


def fields_copier(cls: type, names: tuple[str, ...]) -> Any:
    """The positional form of the generated copier, for a game's hottest move:
    ``copier(state, *values)`` is ``state._replace(**dict(zip(names, values)))``,
    without the keyword matching and per-field tests (about half the cost). ``names``
    may include ``"_legal"``: the new state's legal moves, when the game knows them
    (equal to ``_generate_moves()``). A subclass's state is copied by ``_replace``.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("thirty_one").new_game(seed=1)
        >>> copy = fields_copier(type(state), ("turn",))
        >>> copy(state, 1) == state._replace(turn=1)
        True
    """
    return _make_copier(cls, names)


def _make_copier(cls: type, positional: tuple[str, ...] | None = None) -> Any:
    """The copier of ``cls``: ``_replace`` (by keyword), or ``fields_copier``'s form."""
    fields = attrs.fields(cls)
    names = [f.name for f in fields if f.init]
    given = names if positional is None else [n for n in positional if n != "_legal"]
    if positional is not None and (
        not set(given) <= set(names) or len(set(positional)) != len(positional)
    ):
        raise TypeError(f"not fields of {cls.__name__}, or named twice: {positional}")
    # Its names start with "__" so that no field shadows one; a class whose field does is copied
    # slowly, as one with a field it would not fill (init=False, not _legal) or no builder.
    builder = None
    if not any(
        f.validator is not None
        or f.converter is not None
        or f.name.startswith("__")
        or (not f.init and f.name not in ("_legal", "_by_value"))
        for f in fields
    ):
        builder = _builder_class(cls)
    if positional is None:
        if builder is None:
            return lambda state, /, **changes: attrs.evolve(state, **changes)
        head = [
            f"def _replace(__state, *, {', '.join(f'{n}=__KEEP' for n in names)}, **__extra):",
            "    if __state.__class__ is not __cls:",  # a subclass inherited this copier
            "        __given = {__k: __v for __k, __v in locals().items() if __v is not __KEEP}",
            "        del __given['__state'], __given['__extra']",
            "        return __GameState._replace(__state, **__given, **__extra)",
            "    if __extra:",
            "        raise TypeError(f'not fields of {__cls.__name__}: {sorted(__extra)}')",
        ]
        value, legal = "__state.{0} if {0} is __KEEP else {0}", "None"
    else:
        head = [
            f"def _replace(__state, {', '.join(f'__v_{n}' for n in positional)}):",
            f"    if {'__state.__class__ is not __cls' if builder else 'True'}:",
            f"        __new = __state._replace({', '.join(f'{n}=__v_{n}' for n in given)})",
            *(
                ["        object.__setattr__(__new, '_legal', __v__legal)"]
                * ("_legal" in positional)
            ),
            "        return __new",
        ]
        value, legal = "__v_{0}", "__v__legal" if "_legal" in positional else "None"
    body = [  # fill a builder, then turn it into a cls
        "    __new = __make(__builder)",
        *(f"    __new.{n} = " + (value.format(n) if n in given else f"__state.{n}") for n in names),
        f"    __new._legal = {legal}",
        "    __new._by_value = None",
        "    __new.__class__ = __cls",
        "    return __new",
    ]
    namespace: dict[str, Any] = {"__cls": cls, "__builder": builder, "__make": object.__new__}
    namespace.update({"__KEEP": object(), "__GameState": GameState})
    exec("\n".join(head + body), namespace)  # the source is built from field names only
    return namespace["_replace"]


GameState.explain = _legal_first(GameState.explain)  # type: ignore[method-assign]
