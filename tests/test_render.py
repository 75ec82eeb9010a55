"""Pictures of a seat's view for people: every game's ``render`` and the shared helpers."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cardrules import games, parse_cards
from cardrules.engine import Game, GameState
from cardrules.render import (
    card_text,
    cards_text,
    find_render,
    generic,
    pile_line,
    seat_notes,
    seat_table,
    sort_cards,
    symbols_supported,
    turn_line,
    use_symbols,
)

NAMES = games.names()
# The games whose pictures follow the layout of cardrules.render (title, seat
# table, hand, turn line); the checks of the contract itself run on every game.
OURS = tuple(
    n
    for n in (
        "chinese51",
        "empat_satu",
        "japanese51",
        "schwimmen",
        "stop_the_bus",
        "thirty_one",
        "thirty_one_no_elimination",
        "turkish51",
    )
    if n in NAMES
)


def positions(name: str, count: int = 6, seed: int = 5) -> list[GameState[Any]]:
    """States along one random playout of a small game (start, middle, end)."""
    game = games.create(name, deals=1)
    state = game.new_game(seed)
    rng = random.Random(seed)
    seen = [state]
    while not state.is_terminal and len(state.history) < 400:
        state = state.apply(rng.choice(state.legal_moves()))
        seen.append(state)
    step = max(1, len(seen) // count)
    return [*seen[::step], seen[-1]]


def card_tokens(text: str) -> set[str]:
    """The card-looking tokens of a picture (``7h``, ``Td``)."""
    return set(re.findall(r"(?<![\w])[2-9TJQKA][cdhs](?![\w])", text))


class TestEveryGame:
    """Each registered game draws its views through its own ``render``."""

    @pytest.mark.parametrize("name", NAMES)
    def test_each_game_module_has_a_render(self, name: str) -> None:
        """The loop finds a render in the game's own module, not the generic dump."""
        assert find_render(games.create(name)) is not generic

    @pytest.mark.parametrize("name", NAMES)
    def test_render_keeps_the_contract(self, name: str) -> None:
        """Every view along a playout draws as non-empty text without a trailing newline."""
        render = find_render(games.create(name))
        for state in positions(name):
            for seat in range(len(state.scores)):
                text = render(state.view(seat))
                assert isinstance(text, str)
                assert text.strip()
                assert not text.endswith("\n")

    @pytest.mark.parametrize("name", OURS)
    def test_render_is_text_with_the_hand_sorted_and_the_turn(self, name: str) -> None:
        """Every view along a playout draws as text: a title, the seat's hand
        in sorted order, and whose turn it is."""
        render = find_render(games.create(name))
        for state in positions(name):
            for seat in range(len(state.scores)):
                view = state.view(seat)
                text = render(view)
                assert isinstance(text, str)
                assert text.startswith("== ")
                assert not text.endswith("\n")
                hand = getattr(view, "hand", ())
                if hand:
                    assert cards_text(hand, sort=True) in text
                if state.is_terminal:
                    assert "the game is over" in text
                elif state.current_player == seat:
                    assert "your turn" in text
                else:
                    assert f"turn: seat {state.current_player}" in text

    @pytest.mark.parametrize("name", NAMES)
    def test_render_shows_no_card_the_seat_cannot_see(self, name: str) -> None:
        """No card of another seat's hidden hand, nor of the stock, appears in
        the picture (games played with one pack, where each card is unique)."""
        render = find_render(games.create(name))
        for state in positions(name):
            if len(set(state.deck().cards)) != state.deck().size:
                pytest.skip("two packs: a hidden card has a twin that may be in sight")
            for seat in range(len(state.scores)):
                view = state.view(seat)
                known = getattr(view, "known", None)
                hidden: set[str] = set()
                for other, hand in enumerate(getattr(state, "hands", ())):
                    if other != seat:
                        seen = set(known[other]) if known is not None else set()
                        hidden |= {str(c) for c in hand if c not in seen}
                hidden |= {str(c) for c in getattr(state, "stock", ())}
                if state.is_terminal:
                    continue  # hands are shown at the end
                assert not card_tokens(render(view)) & hidden

    @pytest.mark.parametrize("name", OURS)
    def test_render_uses_suit_symbols_when_asked(self, name: str) -> None:
        """Inside use_symbols the hand is drawn with suit symbols."""
        state = games.create(name).new_game(seed=2)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        render = find_render(games.create(name))
        with use_symbols(True):
            text = render(view)
            assert cards_text(view.hand, sort=True) in text
        assert any(symbol in text for symbol in "♣♦♥♠")

    @pytest.mark.parametrize("name", NAMES)
    def test_render_depends_on_the_view_only(self, name: str) -> None:
        """A state dealt again from what a seat may know draws the same picture."""
        render = find_render(games.create(name))
        state = positions(name)[1]
        for seat in range(len(state.scores)):
            again = state.resample(seat, random.Random(3))
            assert render(again.view(seat)) == render(state.view(seat))


class TestHelpers:
    """The shared parts of every picture."""

    def test_sort_cards_by_suit_then_rank_jokers_last(self) -> None:
        """Hands are shown clubs, diamonds, hearts, spades, each low to high, jokers last."""
        cards = parse_cards("Jk As 2s Kh 3c Td")
        assert [str(c) for c in sort_cards(cards)] == ["3c", "Td", "Kh", "2s", "As", "Jk"]

    def test_card_text_letters_by_default_symbols_inside_use_symbols(self) -> None:
        """Notation by default; 10♥ inside use_symbols; the setting ends with the block."""
        ten = parse_cards("Th")[0]
        assert card_text(ten) == "Th"
        with use_symbols():
            assert card_text(ten) == "10♥"
            with use_symbols(False):
                assert card_text(ten) == "Th"
        assert card_text(ten) == "Th"

    def test_symbols_supported_follows_the_encoding(self) -> None:
        """UTF-8 streams get symbols; ASCII, Latin-1 and streams without an encoding do not."""
        import io

        def stream(encoding: str) -> io.TextIOWrapper:
            return io.TextIOWrapper(io.BytesIO(), encoding=encoding)

        assert symbols_supported(stream("utf-8"))
        assert not symbols_supported(stream("ascii"))
        assert not symbols_supported(stream("latin-1"))
        assert not symbols_supported(io.StringIO())

    def test_seat_table_marks_the_viewer_and_the_mover(self) -> None:
        """The viewer is 'you (n)', the seat to move has '>', columns line up."""
        lines = seat_table(2, 0, {"cards": (3, 3, 3), "tokens": (1, 0, 3)}, ("", "out", ""))
        assert lines == [
            "   seat    cards tokens",
            " > seat 0  3     1",
            "   seat 1  3     0      out",
            "   you (2) 3     3",
        ]

    def test_seat_notes_labels_and_known_cards(self) -> None:
        """Notes list each label whose seat it is, then the cards known in that hand."""
        notes = seat_notes(3, {"dealer": 2, "knocked": None, "out": [0]}, known=((), (), ()))
        assert notes == ("out", "", "dealer")

    def test_pile_and_turn_lines(self) -> None:
        """A pile shows its top; the turn line speaks to the viewer."""
        assert pile_line("row", ()) == "row: empty"
        assert pile_line("discard", parse_cards("4c")) == "discard: 4c"
        assert turn_line(1, 1, "discard") == "your turn: discard"

    def test_generic_draws_any_view(self) -> None:
        """The fallback lists the view's fields, cards as cards, never the options."""
        view = games.create("thirty_one", players=2).new_game(seed=1).view(0)
        text = generic(view)
        assert text.startswith("== view of seat 0 ==")
        assert f"hand: {cards_text(view.hand)}" in text
        assert "options" not in text
        assert "phase: turn" in text

    def test_generic_draws_a_view_that_is_not_attrs(self) -> None:
        """A view of any other kind is shown by its str."""
        assert generic("a plain view") == "== view of seat ? ==\na plain view"


class TestFindRender:
    """Where the loop looks for a game's render."""

    def test_subclass_elsewhere_uses_its_base_game_render(self) -> None:
        """A user's subclass of a game, in a module without render, uses the base game's."""
        from cardrules.games import thirty_one

        sub = type("MyThirtyOne", (thirty_one.ThirtyOne,), {"__module__": "no_such_pkg.mine"})
        game = sub(games.create("thirty_one").options)
        assert find_render(game) is thirty_one.render

    def test_a_game_without_render_gets_the_generic_dump(self) -> None:
        """A game class from nowhere falls back to the generic picture."""
        bare = type("Bare", (Game,), {"__module__": "no_such_pkg.bare", "__slots__": ()})
        assert find_render(bare(options=None)) is generic
