"""The uniform protocol: registry, options, moves, errors, JSON, replay, views."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    OptionError,
    games,
    parse_card,
)
from cardrules.games.thirty_one import DRAW_STOCK, KNOCK, Discard, Draw, Knock, Source

from . import strategies


@pytest.fixture
def game() -> games.Game:  # type: ignore[name-defined]
    return games.create("thirty_one", players=3)


class TestRegistry:
    def test_names_sorted_and_known(self) -> None:
        """names() lists registered games in order."""
        assert list(games.names()) == sorted(games.names())
        assert "thirty_one" in games.names()

    def test_unknown_game(self) -> None:
        """An unknown name is an OptionError listing the games."""
        with pytest.raises(OptionError, match="thirty_one"):
            games.create("thirty_two")

    @pytest.mark.parametrize(
        ("options", "fragment"),
        [
            ({"colour": 1}, "unknown option 'colour'"),
            ({"players": "3"}, "must be int"),
            ({"players": True}, "must be int"),
            ({"players": 3.0}, "must be int"),
            ({"tokens": 0}, "at least 1"),
            ({"deals": 0}, "at least 1"),
            ({"three_of_a_kind": 1}, "must be bool"),
            ({"players": None}, "must be set"),
        ],
    )
    def test_bad_options(self, options: dict[str, object], fragment: str) -> None:
        """Bad options are OptionError (a ValueError) with a clear message."""
        with pytest.raises(OptionError, match=fragment):
            games.create("thirty_one", **options)
        with pytest.raises(ValueError, match=fragment):
            games.create("thirty_one", **options)

    def test_defaults_are_the_source_game(self) -> None:
        """No options: the game as its text describes it."""
        game = games.create("thirty_one")
        assert game.options.tokens == 3
        assert game.options.deals is None

    def test_deals_option_everywhere(self) -> None:
        """Every registered game takes deals=1."""
        for name in games.names():
            assert games.create(name, deals=1).options.deals == 1


class TestSeeds:
    def test_bad_seed(self, game: games.Game) -> None:  # type: ignore[name-defined]
        """A seed that is not an int is refused."""
        for bad in ("7", 1.5, True):
            with pytest.raises(OptionError):
                game.new_game(bad)

    def test_no_seed_draws_one(self, game: games.Game) -> None:  # type: ignore[name-defined]
        """new_game() without a seed draws one from the OS and records it."""
        state = game.new_game()
        assert isinstance(state.seed, int)
        assert game.new_game(state.seed) == state


class TestMoves:
    def test_notation(self) -> None:
        """Moves print as keyword plus arguments and parse back."""
        assert str(KNOCK) == "knock"
        assert str(DRAW_STOCK) == "draw stock"
        assert str(Discard(parse_card("Th"))) == "discard Th"

    def test_parse_is_lenient(self, game: games.Game) -> None:  # type: ignore[name-defined]
        """Case and spacing do not matter; 10 reads as T."""
        state = game.new_game(1)
        assert game.parse_move(state, "  DRAW   Stock ") == DRAW_STOCK
        assert game.parse_move(state, "discard 10h") == Discard(parse_card("Th"))
        assert game.parse_move(None, "knock") == Knock()

    @pytest.mark.parametrize(
        ("text", "fragment"),
        [
            ("", "empty"),
            ("fly", "unknown move 'fly'"),
            ("draw", "expected 'draw <source>'"),
            ("draw deck", "must be one of stock, discard"),
            ("discard Zz", "cannot read card"),
            ("knock now", "expected 'knock'"),
        ],
    )
    def test_malformed_is_not_illegal(
        self,
        game: games.Game,
        text: str,
        fragment: str,  # type: ignore[name-defined]
    ) -> None:
        """Malformed notation raises InvalidMoveError, distinct from IllegalMoveError."""
        with pytest.raises(InvalidMoveError, match=fragment):
            game.parse_move(game.new_game(1), text)

    def test_well_formed_but_illegal(self, game: games.Game) -> None:  # type: ignore[name-defined]
        """A well-formed move that is not legal parses, and apply says why not."""
        state = game.new_game(1)
        move = game.parse_move(state, "discard As")
        with pytest.raises(IllegalMoveError, match="only after drawing"):
            state.apply(move)

    @pytest.mark.parametrize("junk", [None, 3, "knock", object(), Draw, ("knock",)])
    def test_junk_objects_are_illegal_moves(
        self,
        game: games.Game,
        junk: object,  # type: ignore[name-defined]
    ) -> None:
        """apply of a non-move raises IllegalMoveError saying why."""
        with pytest.raises(IllegalMoveError, match="is not a move of thirty_one"):
            game.new_game(1).apply(junk)  # type: ignore[arg-type]

    def test_apply_leaves_old_state(self, game: games.Game) -> None:  # type: ignore[name-defined]
        """apply returns a new state and leaves the old one as it was."""
        state = game.new_game(1)
        before = state.to_json()
        after = state.apply(Draw(Source.STOCK))
        assert state.to_json() == before
        assert after != state
        assert after.history == (Draw(Source.STOCK),)
        assert state.history == ()

    @given(st.text(max_size=30))
    def test_parse_junk_only_invalid_move(self, text: str) -> None:
        """Any text parses or raises InvalidMoveError."""
        game = games.create("thirty_one")
        try:
            move = game.parse_move(None, text)
        except InvalidMoveError:
            return  # any other exception fails the test
        assert game.parse_move(None, str(move)) == move


class TestReplayAndJson:
    def play(self, game: games.Game, seed: int, steps: int):  # type: ignore[no-untyped-def, name-defined]
        rng = random.Random(seed)
        state = game.new_game(seed)
        for _ in range(steps):
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_moves()))
        return state

    def test_replay(self, game: games.Game) -> None:  # type: ignore[name-defined]
        """replay(seed, history) gives the same state, from values or notation."""
        state = self.play(game, 3, 40)
        assert game.replay(3, state.history) == state
        assert game.replay(3, [str(m) for m in state.history]) == state

    def test_json_round_trip(self, game: games.Game) -> None:  # type: ignore[name-defined]
        """to_json then state_from_json gives an equal state."""
        state = self.play(game, 5, 25)
        assert game.state_from_json(state.to_json()) == state

    def tampered(self, game: games.Game, edit) -> str:  # type: ignore[no-untyped-def, name-defined]
        data = json.loads(self.play(game, 5, 25).to_json())
        edit(data["state"])
        return json.dumps(data)

    @pytest.mark.parametrize(
        ("edit", "fragment"),
        [
            (lambda s: s["hands"][0].__setitem__(0, s["hands"][1][0]), "cards are not the deck"),
            (lambda s: s["stock"].pop(), "missing"),
            (lambda s: s["stock"].append("Jk"), "extra"),
            (
                lambda s: s.__setitem__("phase", "turn" if s["phase"] == "discard" else "discard"),
                "cannot be to move",
            ),
            (lambda s: s.__setitem__("turn", 7), "seat 7"),
            (lambda s: s.__setitem__("tokens", [3, 3]), "tokens has 2 seats"),
            (lambda s: s.__setitem__("tokens", [3, 9, 3]), "out of range"),
            (lambda s: s.__setitem__("phase", "flying"), "phase"),
            (lambda s: s.__setitem__("hands", "none"), "expected a list"),
            (lambda s: s.pop("stock"), "missing field 'stock'"),
            (lambda s: s.__setitem__("surprise", 1), "unknown fields"),
            (
                lambda s: s.__setitem__("history", [*s["history"].split(";"), "fly away"]),
                "unknown move",
            ),
            (lambda s: s.__setitem__("history", s["history"] + ";fly away"), "unknown move"),
        ],
    )
    def test_tampered_states_refused(
        self,
        game: games.Game,
        edit: object,
        fragment: str,  # type: ignore[name-defined]
    ) -> None:
        """Created or lost cards, contradictions and malformed fields are refused."""
        with pytest.raises(InvalidStateError, match=fragment):
            game.state_from_json(self.tampered(game, edit))

    def test_other_options_or_game_refused(self) -> None:
        """A state is read back only by the game and options that made it."""
        state = games.create("thirty_one", players=3).new_game(1)
        with pytest.raises(InvalidStateError, match="other options"):
            games.create("thirty_one", players=3, tokens=5).state_from_json(state.to_json())
        text = state.to_json().replace('"game": "thirty_one"', '"game": "canasta"')
        with pytest.raises(InvalidStateError, match="canasta"):
            games.create("thirty_one", players=3).state_from_json(text)

    @settings(max_examples=150)
    @given(strategies.junk_json)
    def test_junk_json_only_invalid_state(self, data: object) -> None:
        """Arbitrary JSON is refused with InvalidStateError, never a bare error."""
        game = games.create("thirty_one", players=3)
        for text in (json.dumps(data), json.dumps({"game": "thirty_one", "state": data})):
            with pytest.raises(InvalidStateError):
                game.state_from_json(text)

    @settings(max_examples=100)
    @given(st.data())
    def test_mutated_json_never_crashes(self, data: st.DataObject) -> None:
        """A real state with one value replaced is either valid or InvalidStateError."""
        game = games.create("thirty_one", players=3)
        raw = json.loads(self.play(game, 2, 9).to_json())
        keys = sorted(raw["state"])
        key = data.draw(st.sampled_from(keys))
        raw["state"][key] = data.draw(strategies.junk_json)
        try:
            state = game.state_from_json(json.dumps(raw))
        except InvalidStateError:
            return  # any other exception fails the test
        state.validate()

    def test_not_json(self) -> None:
        """Text that is not JSON is InvalidStateError."""
        with pytest.raises(InvalidStateError, match="not JSON"):
            games.create("thirty_one").state_from_json("{oops")


class TestViews:
    def test_bad_seat(self, game: games.Game) -> None:  # type: ignore[name-defined]
        """view and resample refuse seats that do not exist."""
        state = game.new_game(1)
        for seat in (-1, 3, "0", None):
            with pytest.raises(OptionError):
                state.view(seat)  # type: ignore[arg-type]
            with pytest.raises(OptionError):
                state.resample(seat, random.Random(0))  # type: ignore[arg-type]

    def test_resample_changes_hidden_only(self, game: games.Game) -> None:  # type: ignore[name-defined]
        """resample redeals what the seat cannot see, keeps its view, changes the seed."""
        state = game.new_game(10**12)
        other = state.resample(0, random.Random(1))
        assert other.view(0) == state.view(0)
        assert other.hands[0] == state.hands[0]
        assert (other.hands[1], other.stock) != (state.hands[1], state.stock)
        assert other.seed != state.seed
        other.validate()

    def test_view_does_not_show_seed(self, game: games.Game) -> None:  # type: ignore[name-defined]
        """No view contains the seed or the stock's order."""
        state = game.new_game(987654321987)
        for seat in range(3):
            text = repr(state.view(seat))
            assert "987654321987" not in text
            assert not all(str(c) in text for c in state.stock[-5:])


class TestStateHelpers:
    @given(st.data())
    def test_redeal_hidden_keeps_what_seat_knows(self, data: st.DataObject) -> None:
        """redeal_hidden keeps the seat's hand, known cards and every count; the
        multiset of cards is unchanged."""
        from collections import Counter

        from cardrules import decks
        from cardrules.engine import redeal_hidden

        cards = list(decks.double().shuffled(seed=data.draw(st.integers(0, 10**6))))
        sizes = data.draw(st.lists(st.integers(0, 6), min_size=2, max_size=5))
        hands = []
        for size in sizes:
            hands.append(tuple(cards[:size]))
            del cards[:size]
        stock, other = tuple(cards[:10]), tuple(cards[10:13])
        seat = data.draw(st.integers(0, len(hands) - 1))
        known = [tuple(h[: data.draw(st.integers(0, len(h)))]) for h in hands]
        new_hands, new_piles = redeal_hidden(
            random.Random(data.draw(st.integers())), hands, seat, known=known, piles=(stock, other)
        )
        assert new_hands[seat] == hands[seat]
        assert [len(h) for h in new_hands] == [len(h) for h in hands]
        assert [len(p) for p in new_piles] == [10, len(other)]
        for i, hand in enumerate(new_hands):
            assert not Counter(known[i]) - Counter(hand)
        before = Counter(c for h in (*hands, stock, other) for c in h)
        assert before == Counter(c for h in (*new_hands, *new_piles) for c in h)

    def test_redeal_hidden_refuses_impossible_knowledge(self) -> None:
        """Knowing a card a hand does not hold is an InvalidStateError."""
        from cardrules import parse_cards
        from cardrules.engine import redeal_hidden

        with pytest.raises(InvalidStateError, match="does not hold"):
            redeal_hidden(
                random.Random(0),
                (parse_cards("Ah"), parse_cards("2c")),
                0,
                known=((), parse_cards("3c")),
            )

    def test_next_seat(self) -> None:
        """next_seat skips seats out of play in either direction and fails when none is left."""
        from cardrules.engine import next_seat

        assert next_seat((True, True, True, True), 3) == 0
        assert next_seat((True, False, False, True), 0) == 3
        assert next_seat((True, False, True, True), 2, step=-1) == 0
        with pytest.raises(InvalidStateError):
            next_seat((False, False), 0)


class TestReplace:
    def test_replace_equals_evolve(self) -> None:
        """_replace gives the same state as attrs.evolve and clears the move memo."""
        import attrs

        state = games.create("thirty_one", players=3).new_game(4)
        state.legal_moves()
        copy = state._replace(turn=2)
        assert copy == attrs.evolve(state, turn=2)
        assert copy._legal is None
        assert state.turn == 1

    def test_replace_gives_a_frozen_state_of_the_class(self) -> None:
        """The copy is built as a builder subclass, then turned into the state
        class itself: it is frozen, hashable like the original, and pickles."""
        import pickle

        import attrs

        state = games.create("empat_satu", players=3).new_game(4)
        copy = state._replace(turn=2)
        assert type(copy) is type(state)
        assert hash(copy) == hash(attrs.evolve(state, turn=2))
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            copy.turn = 0  # type: ignore[misc]
        assert pickle.loads(pickle.dumps(copy)) == copy

    def test_replace_without_builder_sets_slots(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Where Python refused the class swap, the copier sets each slot instead."""
        import attrs

        from cardrules.engine import _state as engine

        monkeypatch.setattr(engine, "_builder_class", lambda cls: None)
        state = games.create("thirty_one", players=3).new_game(4)
        copier = engine._make_copier(type(state))
        copy = copier(state, turn=2)
        assert type(copy) is type(state)
        assert copy == attrs.evolve(state, turn=2)
        assert copy._legal is None

    def test_replace_refuses_unknown_fields(self) -> None:
        """A misspelt field is a TypeError, not a silently ignored change."""
        state = games.create("thirty_one").new_game(4)
        with pytest.raises(TypeError, match="tunr"):
            state._replace(tunr=2)

    @pytest.mark.parametrize("builder", [True, False])
    def test_fields_named_like_the_copiers_own_names(
        self, builder: bool, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """A state field called ``state``, ``new``, ``builder``... is copied like any
        other: the generated copier's own names cannot be shadowed by a field."""
        import attrs

        from cardrules.engine import _state as engine
        from cardrules.games import thirty_one

        if not builder:
            monkeypatch.setattr(engine, "_builder_class", lambda cls: None)
        names = ("state", "extra", "new", "builder", "make", "cls", "KEEP", "GameState")

        @attrs.frozen(kw_only=True)
        class Odd(thirty_one.State):
            state: int = 0
            extra: int = 0
            new: int = 0
            builder: int = 0
            make: int = 0
            cls: int = 0
            KEEP: int = 0
            GameState: int = 0

        base = games.create("thirty_one", players=3).new_game(4)
        fields = {f.name: getattr(base, f.name) for f in attrs.fields(type(base)) if f.init}
        odd = Odd(**fields, **{name: i for i, name in enumerate(names, 1)})
        copier = engine._make_copier(Odd)
        assert copier(odd, turn=2) == attrs.evolve(odd, turn=2)
        changed = {name: -i for i, name in enumerate(names, 1)}
        assert copier(odd, **changed) == attrs.evolve(odd, **changed)

    def test_field_without_init_keeps_its_default(self) -> None:
        """A subclass's init=False field (not a keyword of the copier) is still set."""
        import attrs

        from cardrules.games import thirty_one

        @attrs.frozen(kw_only=True)
        class Memo(thirty_one.State):
            memo: int = attrs.field(init=False, default=5)

        base = games.create("thirty_one", players=3).new_game(4)
        fields = {f.name: getattr(base, f.name) for f in attrs.fields(type(base)) if f.init}
        copy = Memo(**fields)._replace(turn=2)
        assert copy.memo == 5
        assert copy == attrs.evolve(Memo(**fields), turn=2)


class TestApplyStoresTheListedMove:
    def test_equal_move_of_other_types_is_stored_as_listed(self) -> None:
        """A move equal to a legal one but built with other field types (``knock=0``
        for ``knock=False``) is applied as the listed move, so the history keeps the
        game's types and its notation reads back."""
        import random

        from cardrules.games import chinese51

        game = games.create("chinese51")
        state = game.new_game(1)
        rng = random.Random(0)
        while not any(isinstance(m, chinese51.Discard) for m in state.legal_moves()):
            state = state.apply(rng.choice(state.legal_moves()))
        listed = next(m for m in state.legal_moves() if isinstance(m, chinese51.Discard))
        lookalike = chinese51.Discard(listed.card, knock=int(listed.knock))  # type: ignore[arg-type]
        assert lookalike == listed
        after = state.apply(lookalike)
        assert after.history[-1] is listed
        assert str(after.history[-1]) == f"discard {listed.card} {'yes' if listed.knock else 'no'}"
        assert game.replay(1, [str(m) for m in after.history]) == after

    def test_a_move_equal_to_everything_is_refused(self) -> None:
        """A move whose == says yes to anything, of another game or a subclass of this
        game's own move, is refused, not applied as the first legal move."""
        from cardrules.engine import Move

        class Anything(Move):
            NAME = "anything"

            def __eq__(self, other: object) -> bool:
                return True

            __hash__ = object.__hash__

        class AnyDiscard(Discard):
            def __eq__(self, other: object) -> bool:
                return True

            __hash__ = object.__hash__

        state = games.create("thirty_one", players=2).new_game(1)
        assert str(state.legal_moves()[0]) == "knock"
        with pytest.raises(IllegalMoveError, match="not a move of thirty_one"):
            state.apply(Anything())
        assert not state.is_legal(Anything())
        while not isinstance(state.legal_moves()[-1], Discard):
            state = state.apply(DRAW_STOCK)
        last = state.legal_moves()[-1]
        assert isinstance(last, Discard)
        lookalike = AnyDiscard(last.card)
        with pytest.raises(IllegalMoveError, match="it is a AnyDiscard, not the legal move"):
            state.apply(lookalike)
        with pytest.raises(IllegalMoveError, match="it is a AnyDiscard"):
            state.check_move(lookalike)
        assert not state.is_legal(lookalike)


class TestMakeView:
    def test_derived_copied_and_given_fields(self) -> None:
        """make_view derives the seat's hand, sizes, known cards, stock size and turn,
        copies other fields by name, and takes given fields as they are."""
        from cardrules.engine import make_view
        from cardrules.games import schwimmen

        state = games.create("schwimmen", players=3).new_game(2)
        view = make_view(schwimmen.View, state, 1, widow=())
        assert view.hand == state.hands[1]
        assert view.hand_sizes == (3, 3, 3)
        assert view.stock_size == len(state.stock)
        assert view.turn == state.current_player
        assert view.tokens == state.tokens
        assert view.history == state.history
        assert view.widow == ()

    def test_bad_seat_and_unknown_field(self) -> None:
        """A seat outside the game is an OptionError; a misspelt given field a TypeError."""
        from cardrules.engine import make_view
        from cardrules.games import thirty_one

        state = games.create("thirty_one", players=2).new_game(1)
        with pytest.raises(OptionError, match="seat"):
            make_view(thirty_one.View, state, 2)
        with pytest.raises(TypeError, match="hnad"):
            make_view(thirty_one.View, state, 0, hnad=())

    def test_game_without_a_players_option(self) -> None:
        """A game whose options have no ``players`` has one seat per score: every
        seat gets its view, and a seat outside the game is an OptionError."""
        from typing import Any, ClassVar

        import attrs

        from cardrules.engine import GameState, make_view

        @attrs.frozen
        class DuelOptions:
            deals: int = 1

        @attrs.frozen(kw_only=True)
        class Duel(GameState[Any]):
            GAME: ClassVar[str] = "duel"
            options: DuelOptions
            seed: int
            history: tuple[Any, ...]
            hands: tuple[tuple[Any, ...], ...]

            @property
            def current_player(self) -> int | None:
                return 0

            @property
            def scores(self) -> tuple[int, ...]:
                return (0, 0)

        @attrs.frozen(kw_only=True)
        class DuelView:
            seat: int
            turn: int | None
            hand: tuple[Any, ...]

        cards = tuple(games.create("thirty_one", players=2).new_game(1).hands)
        state = Duel(options=DuelOptions(), seed=1, history=(), hands=cards)
        assert make_view(DuelView, state, 1) == DuelView(seat=1, turn=0, hand=cards[1])
        with pytest.raises(OptionError, match="from 0 to 1"):
            make_view(DuelView, state, 2)

    def test_view_field_without_a_source(self) -> None:
        """A view field that is neither given, derived nor a state field is named."""
        import attrs

        from cardrules.engine import make_view

        @attrs.frozen(kw_only=True)
        class Peek:
            seat: int
            secret: int

        state = games.create("thirty_one", players=2).new_game(1)
        with pytest.raises(TypeError, match=r"Peek\.secret"):
            make_view(Peek, state, 0)


class _EqRaises:
    """Junk whose == raises, like an array compared with anything."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no truth value")

    __hash__ = object.__hash__


class TestJunkArguments:
    def test_apply_junk_whose_eq_raises(self, game: games.Game) -> None:  # type: ignore[name-defined]
        """apply of an object whose == fails is still an IllegalMoveError."""
        state = game.new_game(1)
        with pytest.raises(IllegalMoveError, match="is not a move"):
            state.apply(_EqRaises())  # type: ignore[arg-type]
        assert not state.is_legal(_EqRaises())

    def test_parse_move_needs_a_state_of_this_game(self) -> None:
        """parse_move refuses a state of another game or a non-state."""
        game = games.create("thirty_one")
        other = games.create("schwimmen").new_game(1)
        with pytest.raises(InvalidStateError, match="a state of schwimmen"):
            game.parse_move(other, "knock")
        with pytest.raises(InvalidStateError, match="expected a state of thirty_one"):
            game.parse_move(5, "knock")  # type: ignore[arg-type]

    @pytest.mark.parametrize("moves", [None, 5, "draw stock", object()])
    def test_replay_needs_a_sequence_of_moves(self, moves: object) -> None:
        """replay takes a list of moves; one text or a non-iterable is refused."""
        with pytest.raises(InvalidMoveError, match="replay takes"):
            games.create("thirty_one").replay(1, moves)  # type: ignore[arg-type]

    def test_replay_names_the_failing_move(self) -> None:
        """A replay that goes wrong says which move (by index) failed."""
        game = games.create("thirty_one", players=2)
        with pytest.raises(IllegalMoveError, match=r"replay move 1\b"):
            game.replay(1, ["draw stock", "knock"])
        with pytest.raises(InvalidMoveError, match="replay move 1: unknown move 'fly'"):
            game.replay(1, ["draw stock", "fly"])

    def test_deeply_nested_json(self) -> None:
        """JSON nested beyond the parser's depth is an InvalidStateError."""
        with pytest.raises(InvalidStateError, match="nested"):
            games.create("thirty_one").state_from_json("[" * 100_000 + "]" * 100_000)

    def test_resample_needs_a_random_generator(self) -> None:
        """resample refuses an rng that is not a random.Random."""
        state = games.create("thirty_one").new_game(1)
        for rng in (None, 5, "x"):
            with pytest.raises(OptionError, match=r"random\.Random"):
                state.resample(0, rng)  # type: ignore[arg-type]

    def test_option_helpers_refuse_junk(self) -> None:
        """build_options and parse_option_value refuse values of the wrong kind."""
        from cardrules.engine import build_options, parse_option_value
        from cardrules.games.thirty_one import Options

        with pytest.raises(OptionError, match="mapping"):
            build_options(Options, None)  # type: ignore[arg-type]
        with pytest.raises(OptionError, match="expected text"):
            parse_option_value(Options, "players", 3)  # type: ignore[arg-type]
        with pytest.raises(OptionError, match="whole number"):
            parse_option_value(Options, "players", "2.5")
        with pytest.raises(OptionError, match="unknown option"):
            parse_option_value(Options, None, "3")  # type: ignore[arg-type]


def _mutate(draw: st.DrawFn, value: object) -> object:
    if isinstance(value, dict) and value:
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: _mutate(draw, value[key])}
    if isinstance(value, list) and value and draw(st.booleans()):
        i = draw(st.integers(0, len(value) - 1))
        return [*value[:i], _mutate(draw, value[i]), *value[i + 1 :]]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return draw(st.sampled_from([-1, 0, 1, 2, 5, 99, value + 1, value - 1]))
    return draw(strategies.junk_json)


@pytest.mark.parametrize(
    "name", ["thirty_one", "thirty_one_no_elimination", "empat_satu", "turkish51"]
)
def test_taken_card_must_be_known(name: str) -> None:
    """A card taken face up is known to be in the taker's hand; a state that forgets
    it would let resample move the card away, so it is refused (found by the tamper
    test below)."""
    game = games.create(name, deals=1)
    for seed in range(200):
        state = game.new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal and (
            state.taken is None or state.taken not in state.hands[state.turn]
        ):
            state = state.apply(rng.choice(state.legal_moves()))
        if not state.is_terminal:
            break
    else:
        pytest.fail("no state with a taken card found")
    raw = json.loads(state.to_json())
    raw["state"]["known"] = [[] for _ in raw["state"]["known"]]
    with pytest.raises(InvalidStateError, match="just taken"):
        game.state_from_json(json.dumps(raw))


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(games.names()), st.integers(0, 60), st.data())
def test_tampered_json_of_every_game(name: str, steps: int, data: st.DataObject) -> None:
    """Any game's state with a nested value changed either loads as a working
    state or is refused with InvalidStateError; nothing else escapes."""
    game = games.create(name, deals=1)
    rng = random.Random(steps)
    state = game.new_game(steps)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    raw = json.loads(state.to_json())
    raw["state"] = data.draw(st.composite(lambda draw: _mutate(draw, raw["state"]))())
    try:
        loaded = game.state_from_json(json.dumps(raw))
    except InvalidStateError:
        return
    assert loaded.is_terminal == (not loaded.legal_moves())
    assert (loaded.current_player is None) == loaded.is_terminal
    for seat in range(game.players):
        loaded.view(seat)
        loaded.resample(seat, random.Random(seat)).validate()
    if loaded.legal_moves():
        loaded.apply(loaded.legal_moves()[0]).validate()
