"""Deck compositions and shuffling."""

from __future__ import annotations

from collections import Counter

import pytest

from cardrules import (
    BIG_JOKER,
    JOKER,
    LITTLE_JOKER,
    InvalidCardError,
    OptionError,
    Rank,
    Suit,
    decks,
    parse_card,
)


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("standard52", 52),
        ("standard54", 54),
        ("double104", 104),
        ("double106", 106),
        ("double108", 108),
        ("piquet32", 32),
        ("pinochle48", 48),
        ("fifty_six_4", 32),
        ("fifty_six_6", 48),
        ("fifty_six_8", 64),
        ("quadruple_war_2", 52),
        ("quadruple_war_3", 54),
        ("quadruple_war_4", 52),
        ("quadruple_war_5", 50),
    ],
)
def test_sizes(name: str, size: int) -> None:
    """Every named deck has the size its game needs."""
    assert decks.deck(name).size == size


def test_double_106_has_two_of_each_and_two_jokers() -> None:
    """Turkish 51's pack: two of every natural card and two jokers."""
    counts = decks.double().counts()
    assert counts[JOKER] == 2
    assert all(n == 2 for card, n in counts.items() if not card.is_joker)
    assert len(counts) == 53


def test_canasta_108_has_four_jokers() -> None:
    """Canasta's pack has four jokers."""
    assert decks.double(jokers=4).counts()[JOKER] == 4


def test_piquet_is_seven_to_ace() -> None:
    """Schwimmen's 32 cards: 7, 8, 9, 10, J, Q, K, A of each suit."""
    ranks = Counter(c.rank for c in decks.piquet().cards)
    assert sorted(ranks) == [
        Rank.SEVEN,
        Rank.EIGHT,
        Rank.NINE,
        Rank.TEN,
        Rank.JACK,
        Rank.QUEEN,
        Rank.KING,
        Rank.ACE,
    ]
    assert set(ranks.values()) == {4}


def test_pinochle_is_two_of_nine_to_ace() -> None:
    """Pinochle: two each of 9, 10, J, Q, K, A per suit."""
    counts = decks.pinochle().counts()
    assert min(c.rank for c in counts) == Rank.NINE
    assert set(counts.values()) == {2}
    assert len(counts) == 24


@pytest.mark.parametrize(
    ("players", "ranks"),
    [(4, "J9AT"), (6, "J9ATKQ"), (8, "J9ATKQ87")],
)
def test_fifty_six_ranks_by_players(players: int, ranks: str) -> None:
    """Fifty-Six takes J 9 A 10, adds K Q for 6 and 8 7 for 8 players, from two packs."""
    counts = decks.fifty_six(players).counts()
    assert {c.rank.letter for c in counts} == set(ranks)
    assert set(counts.values()) == {2}


def test_quadruple_war_removals() -> None:
    """2 and 4 players drop the 2 of clubs and diamonds; 5 drop all deuces; 3 none."""
    two_c, two_d = parse_card("2c"), parse_card("2d")
    for players in (2, 4):
        cards = decks.quadruple_war(players).cards
        assert two_c not in cards
        assert two_d not in cards
        assert parse_card("2s") in cards
    assert not any(c.rank == Rank.TWO for c in decks.quadruple_war(5).cards)
    three = decks.quadruple_war(3).cards
    assert sum(c.rank == Rank.TWO for c in three) == 4
    for players in (2, 3, 4, 5):
        cards = decks.quadruple_war(players).cards
        assert BIG_JOKER in cards
        assert LITTLE_JOKER in cards
        assert JOKER not in cards


@pytest.mark.parametrize("bad", [3, 7, "4", None])
def test_bad_player_counts(bad: object) -> None:
    """Player counts a deck does not exist for are refused with OptionError."""
    with pytest.raises(OptionError):
        decks.fifty_six(bad)  # type: ignore[arg-type]


def test_unknown_deck_name() -> None:
    """An unknown deck name lists the known ones."""
    with pytest.raises(OptionError, match="standard52"):
        decks.deck("tarot78")


def test_shuffle_is_seeded_and_pure() -> None:
    """Same seed, same order; the deck itself is untouched; no seed draws one."""
    deck = decks.standard()
    first = deck.shuffled(seed=42)
    assert first == deck.shuffled(seed=42)
    assert first != deck.shuffled(seed=43)
    assert sorted(first) == sorted(deck.cards)
    assert deck.cards[0] == parse_card("2c")
    assert deck.cards[0].suit == Suit.CLUBS
    assert len(deck.shuffled()) == 52


@pytest.mark.parametrize("bad", [[4], {}, 4.0, True])
def test_bad_player_counts_of_any_type(bad: object) -> None:
    """Unhashable or non-integer player counts are OptionError too."""
    with pytest.raises(OptionError):
        decks.fifty_six(bad)  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        decks.quadruple_war(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 5, [Rank.ACE, "K"], [Rank.ACE, None], [Rank.JOKER], []])
def test_stripped_refuses_non_ranks(bad: object) -> None:
    """stripped() needs natural ranks; anything else is an OptionError."""
    with pytest.raises(OptionError, match="ranks"):
        decks.stripped(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [[1], {}, object(), 1.5, True])
def test_shuffle_refuses_bad_seeds(seed: object) -> None:
    """A seed is an int or a str; other values are refused with OptionError."""
    with pytest.raises(OptionError, match="seed"):
        decks.standard().shuffled(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("cards", [None, 5, "Ah Kd", ["Ah"]])
def test_shuffle_refuses_non_cards(cards: object) -> None:
    """shuffled() takes cards; text or other values are InvalidCardError."""
    with pytest.raises(InvalidCardError):
        decks.shuffled(cards, seed=1)  # type: ignore[arg-type]
