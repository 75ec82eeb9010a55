"""The learning and search protocol: action numbering, masks, observations,
returns and determinisation from a view, for every game.

Two mixins carry it: ``GameLearning`` (a base of ``Game``) and
``StateLearning`` (a base of ``GameState``). A game states only its
differences in small hooks: ``Game._action_fields`` (codecs for ``int`` and
card-tuple move fields), ``Game._sample_fields`` (state fields its view does
not show) and ``GameState.returns`` when its scores need more than a sign.

Examples:
    >>> import random
    >>> from cardrules import games
    >>> game = games.create("thirty_one", players=2)
    >>> state = game.new_game(seed=1)
    >>> mask = state.action_mask()
    >>> len(mask) == game.num_actions, sum(mask) == len(state.legal_moves())
    (True, True)
    >>> guess = game.sample_state(state.view(0), random.Random(4))
    >>> guess.view(0) == state.view(0)
    True
"""

from __future__ import annotations

import array
import random
import typing
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine._actions import ActionSpace, Codec, family
from cardrules.engine._moves import Move, _hints
from cardrules.engine._observe import Encoder, build_encoder
from cardrules.errors import IllegalMoveError, InvalidMoveError, InvalidStateError, OptionError

# state class -> game class, filled as game classes are defined
_GAME_OF: dict[type, type] = {}
# (game class, options) -> cached values
_SPACES: dict[tuple[type, Any], ActionSpace] = {}
_ENCODERS: dict[tuple[type, Any], Encoder] = {}
_FACES: dict[tuple[type, Any], tuple[Card, ...]] = {}
_VIEWS: dict[tuple[type, Any], type] = {}
# id(options) -> (options, game, action space or None, encoder or None): the per-step
# fast path (a state's options object is shared by every state of its game)
_FAST: dict[int, tuple[Any, Any, ActionSpace | None, Encoder | None]] = {}
_FAST_MOST = 1024
_SAMPLE_TRIES = 20


@attrs.frozen
class Unseen:
    """For ``Game._sample_fields``: a card field the view does not show, to be
    filled by ``sample_state`` with ``first`` and then ``count`` unseen cards."""

    count: int
    first: tuple[Card, ...] = ()


class GameLearning:
    """What ``Game`` offers learners and search: see the module's docs."""

    __slots__ = ()

    if typing.TYPE_CHECKING:
        options: Any
        STATE: ClassVar[type[Any]]
        HIGHER_IS_BETTER: ClassVar[bool]
        NAME: ClassVar[str]

        @property
        def players(self) -> int: ...

        def new_game(self, seed: int | None = None) -> Any: ...

        def _own(self, state: object) -> None: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        state = cls.__dict__.get("STATE")
        if state is not None:
            _GAME_OF[state] = cls

    # ---- hooks ------------------------------------------------------------------

    def _action_fields(self, faces: tuple[Card, ...]) -> Mapping[str, Mapping[str, Codec]]:
        """Codecs for move fields the engine cannot number alone, by move keyword
        and field name (``""`` for a whole move); the default names none."""
        return {}

    def _sample_allows(self, view: Any) -> Callable[[int, Card], bool] | None:
        """Which unseen cards seat ``i`` may be dealt by ``sample_state`` (e.g. none it
        would have had to play); ``None``, the default, allows every card."""
        return None

    def _sample_fields(self, view: Any, rng: random.Random) -> dict[str, Any]:
        """Values of state fields that the view does not show (other than the
        seed, the history, the hands and the stock); an ``Unseen`` value
        asks for cards dealt from the unseen ones. The default names none.

        A view without a ``hand`` (Blackjack's hands are records) leaves the
        hands to this hook, which then places every card itself."""
        return {}

    def _sample_sizes(self, view: Any) -> tuple[int, ...]:
        """How many cards each seat's hand holds: the view's ``hand_sizes``, or
        else the seat's own hand size for every seat (the default)."""
        sizes: tuple[int, ...] | None = getattr(view, "hand_sizes", None)
        return sizes or (len(view.hand),) * self.players

    # ---- the protocol ----------------------------------------------------------

    @property
    def higher_is_better(self) -> bool:
        """Whether a greater score is better in this game's own units (``scores``).

        ``GameState.returns`` is always greater-is-better.

        Examples:
            >>> from cardrules import games
            >>> games.create("thirty_one").higher_is_better
            False
        """
        return self.HIGHER_IS_BETTER

    def _key(self) -> tuple[type, Any]:
        return (type(self), self.options)

    def card_faces(self) -> tuple[Card, ...]:
        """The distinct cards of the deck, sorted: the faces actions and observations use.

        Examples:
            >>> from cardrules import games
            >>> len(games.create("thirty_one").card_faces())
            52
        """
        key = self._key()
        faces = _FACES.get(key)
        if faces is None:
            probe = self.new_game(seed=0)
            faces = _FACES[key] = tuple(sorted(set(probe.deck().cards)))
            _VIEWS[key] = type(probe.view(0))
        return faces

    @property
    def action_space(self) -> ActionSpace:
        """The game's fixed numbering of moves (the same for every state).

        Raises:
            NotImplementedError: a move field has no codec (a game to finish).
        """
        key = self._key()
        space = _SPACES.get(key)
        if space is None:
            faces = self.card_faces()
            given = self._action_fields(faces)
            families = tuple(
                family(move, faces, given.get(move.NAME, {})) for move in self.STATE.MOVES
            )
            space = _SPACES[key] = ActionSpace(families)
        return space

    @property
    def num_actions(self) -> int:
        """The size of the action space.

        Examples:
            >>> from cardrules import games
            >>> games.create("empat_satu").num_actions
            56
        """
        return self.action_space.size

    def action_index(self, move: Move) -> int:
        """The number of ``move`` in the action space (legal now or not).

        Raises:
            InvalidMoveError: not a move of this game, or outside its space.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("empat_satu")
            >>> game.action_index(game.parse_move(None, "stop"))
            0
        """
        return self.action_space.index(move)

    def action_move(self, state: Any, index: int) -> Move:
        """The legal move numbered ``index`` in ``state``.

        Raises:
            IllegalMoveError: ``index`` is outside the space or not a legal move now.
            InvalidStateError: ``state`` is not a state of this game.

        Examples:
            >>> from cardrules import games
            >>> game = games.create("empat_satu", players=2)
            >>> state = game.new_game(seed=1)
            >>> str(game.action_move(state, 1))
            'draw stock'
        """
        self._own(state)
        space = state._space() if state.options == self.options else self.action_space
        size = space.size
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < size:
            raise IllegalMoveError(index, f"action {index!r:.40} is outside 0..{size - 1}")
        number = space.index
        for move in state.legal_moves():
            if number(move) == index:
                return typing.cast(Move, move)
        raise IllegalMoveError(index, f"action {index} is not a legal move now")

    def _encoder(self) -> Encoder:
        key = self._key()
        encoder = _ENCODERS.get(key)
        if encoder is None:
            probe = self.new_game(seed=0)
            encoder = _ENCODERS[key] = build_encoder(probe.view(0), self.card_faces(), self.players)
        return encoder

    @property
    def observation_size(self) -> int:
        """The length of ``GameState.observation``.

        Examples:
            >>> from cardrules import games
            >>> games.create("thirty_one", players=2).observation_size > 52
            True
        """
        return self._encoder().size

    def observation_layout(self) -> tuple[tuple[str, int, int], ...]:
        """``(view field, offset, size)`` of each block of an observation."""
        return self._encoder().layout()

    def sample_state(self, view: Any, rng: random.Random) -> Any:
        """A full state consistent with ``view``: its seat's view of it is ``view``.

        The cards the seat cannot see are dealt at random among the unseen ones,
        keeping every card the view places (a card known to be in a hand stays
        there), so a bot holding only its view can search (ISMCTS). The state is
        of the game under the view's own options (``view.options``), whatever
        options this game was made with.

        Raises:
            InvalidStateError: ``view`` is not a view of this game.
            OptionError: ``rng`` is not a ``random.Random``.

        Examples:
            >>> import random
            >>> from cardrules import games
            >>> game = games.create("empat_satu", players=3)
            >>> state = game.new_game(seed=2)
            >>> guess = game.sample_state(state.view(1), random.Random(0))
            >>> guess.view(1) == state.view(1), guess.hands[1] == state.hands[1]
            (True, True)
        """
        self.card_faces()
        if not isinstance(rng, random.Random):
            raise OptionError(f"sample_state needs a random.Random, got {type(rng).__name__}")
        if type(view) is not _VIEWS[self._key()]:
            raise InvalidStateError(f"not a view of {self.NAME}: {type(view).__name__}")
        options = getattr(view, "options", None)
        if options != self.options:
            # A view carries its options: sample under them (a client that read the view
            # back from JSON need not build the game with the same options first).
            if type(options) is not type(self.options):
                raise InvalidStateError("the view was made under options of another game")
            return typing.cast(Any, type(self))(options).sample_state(view, rng)
        seat: int = typing.cast(Any, view).seat
        why = "its view does not come back"
        for _ in range(_SAMPLE_TRIES):  # a deal that breaks a rule is dealt again
            try:
                state = self._sample_state(view, rng)
                state.validate()
            except InvalidStateError as exc:
                why = str(exc)
                continue
            except (AttributeError, TypeError) as exc:  # a view the generic way cannot read
                raise NotImplementedError(
                    f"{self.NAME}: sample_state needs the game's hooks ({exc})"
                ) from None
            if state.view(seat) == view:
                return state
        raise InvalidStateError(f"no state of {self.NAME} shows seat {seat} this view ({why})")

    def _sample_state(self, view: Any, rng: random.Random) -> Any:
        cls = self.STATE
        vfields = {f.name for f in attrs.fields(type(view))}
        values: dict[str, Any] = {}
        for field in attrs.fields(cls):
            if field.init and field.name in vfields:
                values[field.name] = getattr(view, field.name)
        seat = view.seat
        players = self.players
        known = getattr(view, "known", ((),) * players)
        values["seed"] = rng.getrandbits(62)
        if values.get("turn", 0) is None and not _allows_none(cls, "turn"):
            values["turn"] = seat  # a finished game's view hides the turn: any seat will do
        values.setdefault("history", getattr(view, "history", ()))
        with_hand = hasattr(view, "hand")
        if with_hand:
            values["hands"] = tuple(view.hand if i == seat else known[i] for i in range(players))
        if "known" in values:  # the view blanks the seat's own entry: the card just taken
            taken = getattr(view, "taken", None)
            own = (taken,) if taken in view.hand and getattr(view, "turn", None) == seat else ()
            values["known"] = tuple(own if i == seat else k for i, k in enumerate(known))
        if "stock" in {f.name for f in attrs.fields(cls)}:
            values["stock"] = ()
        values.update(self._sample_fields(view, rng))
        later = {k: v for k, v in values.items() if isinstance(v, Unseen)}
        for name, wanted in later.items():
            values[name] = wanted.first
        partial = cls(**values)
        unseen = list((Counter(partial.deck().cards) - Counter(partial.all_cards())).elements())
        rng.shuffle(unseen)

        def deal(need: int, what: str) -> tuple[Card, ...]:
            if need < 0 or need > len(unseen):
                raise InvalidStateError(f"the view's card counts do not fit its cards ({what})")
            cards = tuple(unseen[len(unseen) - need :])
            del unseen[len(unseen) - need :]
            return cards

        changes: dict[str, Any] = {}
        if with_hand:
            changes["hands"] = self._sample_hands(view, values["hands"], unseen, deal)
        for name, wanted in later.items():
            changes[name] = wanted.first + deal(wanted.count, name)
        if "stock" in values:
            changes["stock"] = tuple(unseen)
        elif unseen:
            raise InvalidStateError(f"{len(unseen)} unseen cards have no place")
        return partial._replace(**changes)

    def _sample_hands(
        self,
        view: Any,
        hands: tuple[tuple[Card, ...], ...],
        unseen: list[Card],
        deal: Callable[[int, str], tuple[Card, ...]],
    ) -> tuple[tuple[Card, ...], ...]:
        """The hands of ``view``'s seats, each filled to its size from ``unseen``."""
        seat = view.seat
        sizes = self._sample_sizes(view)
        out = list(hands)
        allows = self._sample_allows(view)
        for i in range(self.players):
            if i == seat:
                continue
            need = sizes[i] - len(out[i])
            if allows is not None:  # the allowed cards to the end of the pool, kept shuffled
                unseen.sort(key=lambda card: allows(i, card))  # used at once
            dealt = deal(need, f"seat {i}")
            if allows is not None and not all(allows(i, c) for c in dealt):
                raise InvalidStateError(f"too few cards seat {i} may hold are unseen")
            out[i] = out[i] + dealt
        return tuple(out)


def _allows_none(cls: type, name: str) -> bool:
    """Whether the field ``name`` of the attrs class ``cls`` is declared to take ``None``."""
    try:
        hint = _hints(cls).get(name, Any)
    except Exception:  # hints that do not resolve: assume it may
        return True
    return hint is Any or type(None) in typing.get_args(hint)


class StateLearning:
    """What ``GameState`` offers learners and search: see the module's docs."""

    __slots__ = ()

    if typing.TYPE_CHECKING:
        options: Any

        def legal_moves(self) -> tuple[Move, ...]: ...

        def view(self, seat: int) -> Any: ...

        @property
        def scores(self) -> tuple[float, ...]: ...

    def _game(self) -> GameLearning:
        options = self.options
        entry = _FAST.get(id(options))
        if entry is not None and entry[0] is options and type(entry[1]).STATE is type(self):
            return typing.cast(GameLearning, entry[1])
        cls = _GAME_OF.get(type(self))
        if cls is None:
            raise NotImplementedError(f"{type(self).__name__} belongs to no game class")
        game = cls(options)
        if len(_FAST) >= _FAST_MOST:  # options read back from JSON are new objects
            _FAST.clear()
        _FAST[id(options)] = (options, game, None, None)
        return typing.cast(GameLearning, game)

    def _space(self) -> ActionSpace:
        entry = _FAST.get(id(self.options))
        if entry is None or entry[0] is not self.options or entry[2] is None:
            game = self._game()
            space = game.action_space
            _FAST[id(self.options)] = (self.options, game, space, _FAST[id(self.options)][3])
            return space
        return entry[2]

    def _encoder_now(self) -> Encoder:
        entry = _FAST.get(id(self.options))
        if entry is None or entry[0] is not self.options or entry[3] is None:
            game = self._game()
            encoder = game._encoder()
            _FAST[id(self.options)] = (self.options, game, _FAST[id(self.options)][2], encoder)
            return encoder
        return entry[3]

    def _encode(self, seat: int) -> tuple[float, ...]:
        return self._encoder_now().encode(self.view(seat))

    def _encode_array(self, seat: int) -> array.array[float]:
        """``observation(seat)`` as a float32 ``array.array`` (what the adapters
        hand to numpy without a copy); ``seat`` is not checked."""
        return self._encoder_now().encode_array(self.view(seat))

    def legal_actions(self) -> tuple[int, ...]:
        """The action numbers of the legal moves, in the order of ``legal_moves``.

        Examples:
            >>> from cardrules import games
            >>> games.create("empat_satu", players=2).new_game(seed=1).legal_actions()
            (1,)
        """
        index = self._space().index
        return tuple(index(m) for m in self.legal_moves())

    def action_mask(self) -> bytes:
        """One byte per action, 1 exactly for the legal moves (``game.num_actions`` long).

        Examples:
            >>> from cardrules import games
            >>> mask = games.create("empat_satu", players=2).new_game(seed=1).action_mask()
            >>> len(mask), list(mask[:4])
            (56, [0, 1, 0, 0])
        """
        space = self._space()
        index = space.index
        mask = bytearray(space.size)
        for move in self.legal_moves():
            mask[index(move)] = 1
        return bytes(mask)

    def observation(self, seat: int) -> tuple[float, ...]:
        """``view(seat)`` as ``game.observation_size`` floats (``game.observation_layout()``).

        It is built from the view alone, so it shows no more than the view.

        Raises:
            InvalidMoveError: ``seat`` is not a seat of the game.
        """
        players = self._game().players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise InvalidMoveError(f"no seat {seat!r:.20} in a game of {players}")
        return self._encode(seat)

    def returns(self) -> tuple[float, ...]:
        """Per seat, greater is better in every game: the scores, negated where
        lower scores win; final once the game is over.

        Examples:
            >>> from cardrules import games
            >>> games.create("empat_satu", players=2).new_game(seed=1).returns()
            (0.0, 0.0)
        """
        sign = 1.0 if self._game().higher_is_better else -1.0
        return tuple(sign * float(s) + 0.0 for s in self.scores)  # + 0.0: no -0.0
