"""Cards, jokers and card notation."""

from __future__ import annotations

import pytest
from hypothesis import given

from cardrules import (
    BIG_JOKER,
    JOKER,
    LITTLE_JOKER,
    Card,
    InvalidCardError,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)

from . import strategies


class TestParsing:
    @pytest.mark.parametrize("text", ["Ah", "AH", "ah", "A♥", "a♡", " Ah "])
    def test_ace_of_hearts_spellings(self, text: str) -> None:
        """Every common spelling of the ace of hearts reads the same card."""
        assert parse_card(text) == Card(Rank.ACE, Suit.HEARTS)

    @pytest.mark.parametrize("text", ["Th", "10h", "10H", "t♥", "TH"])
    def test_ten_spellings(self, text: str) -> None:
        """T and 10 both name the ten."""
        assert parse_card(text) == Card(Rank.TEN, Suit.HEARTS)

    def test_clubs_symbol(self) -> None:
        """Suit symbols are read."""
        assert parse_card("7♣") == Card(Rank.SEVEN, Suit.CLUBS)

    @pytest.mark.parametrize(
        ("text", "card"),
        [
            ("Jk", JOKER),
            ("JK", JOKER),
            ("joker", JOKER),
            ("*", JOKER),
            ("🃏", JOKER),
            ("Jb", BIG_JOKER),
            ("BJ", BIG_JOKER),
            ("Jl", LITTLE_JOKER),
            ("lj", LITTLE_JOKER),
        ],
    )
    def test_joker_tokens(self, text: str, card: Card) -> None:
        """The documented joker tokens read the three joker kinds."""
        assert parse_card(text) == card
        assert card.is_joker
        assert card.suit is None

    def test_parse_cards_spaces_and_commas(self) -> None:
        """Lists may be separated by spaces, commas, or both."""
        want = (
            Card(Rank.SEVEN, Suit.HEARTS),
            Card(Rank.SEVEN, Suit.SPADES),
            Card(Rank.SEVEN, Suit.DIAMONDS),
        )
        assert parse_cards("7H 7S 7D") == want
        assert parse_cards("7h,7s,7d") == want
        assert parse_cards("7h, 7s ,7d") == want
        assert parse_cards("") == ()

    @pytest.mark.parametrize(
        ("text", "fragment"),
        [
            ("Ah Zz", "'Zz' at position 1"),
            ("1h", "unknown rank"),
            ("Ax", "unknown suit"),
            ("A", "a card is a rank then a suit"),
            ("11h", "unknown rank"),
        ],
    )
    def test_bad_text_names_token_and_position(self, text: str, fragment: str) -> None:
        """A bad token is named with its position."""
        with pytest.raises(InvalidCardError, match=fragment):
            parse_cards(text)

    def test_not_text(self) -> None:
        """Non-text input is refused with InvalidCardError, which is a ValueError."""
        with pytest.raises(InvalidCardError):
            parse_card(5)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="iterable"):
            parse_cards(5)  # type: ignore[arg-type]

    @given(strategies.junk_text)
    def test_junk_raises_only_card_errors(self, text: str) -> None:
        """Any text either parses or raises InvalidCardError, never anything else."""
        try:
            cards = parse_cards(text)
        except InvalidCardError:
            return  # any other exception fails the test
        assert parse_cards(format_cards(cards)) == cards


class TestPrinting:
    @given(strategies.cards)
    def test_round_trip(self, card: Card) -> None:
        """Printing then parsing gives the card back."""
        assert parse_card(str(card)) == card

    def test_canonical_form_is_treys_form(self) -> None:
        """The canonical form is rank letter then lower-case suit, as treys reads."""
        assert str(parse_card("10♥")) == "Th"
        assert str(parse_card("as")) == "As"
        assert format_cards(parse_cards("2c 3d 4h 5s")) == "2c 3d 4h 5s"

    def test_pretty(self) -> None:
        """pretty uses suit symbols and 10."""
        assert parse_card("Th").pretty == "10♥"
        assert BIG_JOKER.pretty == "Big Joker"


class TestValues:
    def test_card_is_frozen_and_hashable(self) -> None:
        """Cards are immutable values usable in sets."""
        card = parse_card("Ah")
        with pytest.raises(AttributeError):
            card.rank = Rank.TWO  # type: ignore[misc]
        assert len({card, parse_card("AH")}) == 1

    def test_order_by_rank_then_suit(self) -> None:
        """Cards sort by rank, then suit; jokers after aces."""
        cards = parse_cards("Ah 2c Jk As 2s")
        assert format_cards(sorted(cards)) == "2c 2s Ah As Jk"

    @pytest.mark.parametrize(
        ("rank", "suit"), [(Rank.JOKER, Suit.HEARTS), (Rank.ACE, None), (14, Suit.HEARTS)]
    )
    def test_bad_construction(self, rank: Rank, suit: Suit | None) -> None:
        """A joker with a suit, a natural card without one, or a bare int rank is refused."""
        with pytest.raises(InvalidCardError):
            Card(rank, suit)

    def test_indexes_are_dense(self) -> None:
        """Card.code numbers the 52 naturals 0-51 and the jokers 52-54."""
        from cardrules import decks

        naturals = sorted(c.code for c in decks.standard().cards)
        assert naturals == list(range(52))
        assert {JOKER.code, LITTLE_JOKER.code, BIG_JOKER.code} == {52, 53, 54}


class TestJunkAndHints:
    @pytest.mark.parametrize("text", ["A♥️", "A♥︎", "7♣️"])
    def test_emoji_presentation_selectors_are_ignored(self, text: str) -> None:
        """Suit symbols pasted from chat apps carry an invisible selector; it is skipped."""
        assert str(parse_card(text)) in ("Ah", "7c")

    @pytest.mark.parametrize(
        ("text", "fragment"),
        [
            ("AhKd", "separate cards with spaces or commas"),
            ("Kd.", "extra characters"),
            ("10", "the suit is missing"),
            ("Ax", "suits are c, d, h, s"),
        ],
    )
    def test_messages_say_what_to_do(self, text: str, fragment: str) -> None:
        """Common slips get a message that says how to fix them."""
        with pytest.raises(InvalidCardError, match=fragment):
            parse_card(text)

    @pytest.mark.parametrize("junk", [None, 5, "Ah Kd", object(), ["Ah"], (parse_card("Ah"), 3)])
    def test_format_cards_refuses_non_cards(self, junk: object) -> None:
        """format_cards takes cards only; anything else is an InvalidCardError."""
        with pytest.raises(InvalidCardError):
            format_cards(junk)  # type: ignore[arg-type]

    def test_format_cards_separator_must_be_text(self) -> None:
        """A separator that is not text is refused."""
        with pytest.raises(InvalidCardError, match="separator"):
            format_cards(parse_cards("Ah"), sep=1)  # type: ignore[arg-type]
