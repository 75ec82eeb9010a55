"""Three-card hand rankings (cardrules.poker); clauses of seeds/stop_the_bus.md (STB-3)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import CardRulesError, InvalidCardError, OptionError, decks, parse_cards
from cardrules.poker import ThreeCardCategory, ThreeCardRank, three_card_rank

Cat = ThreeCardCategory


def rank(text: str, a23: str = "best") -> ThreeCardRank:
    return three_card_rank(parse_cards(text), a23=a23)


class TestCategories:
    """STB-3.1: the six kinds of hand, and their order."""

    @pytest.mark.parametrize(
        ("text", "category"),
        [
            ("7h 7s 7d", Cat.PRIAL),
            ("9c Tc Jc", Cat.RUNNING_FLUSH),
            ("9c Th Jc", Cat.RUN),
            ("2d 9d Kd", Cat.FLUSH),
            ("Kh Ks 2d", Cat.PAIR),
            ("Ah 9s 4d", Cat.HIGH_CARD),
        ],
    )
    def test_stb_3_1_category_of_each_hand(self, text: str, category: Cat) -> None:
        """Each sample hand falls in the category the text names."""
        assert rank(text).category is category

    def test_stb_3_1_order_of_categories(self) -> None:
        """Prial > running flush > run > flush > pair > high card, whatever the ranks."""
        ladder = [
            ("Ah Ks Jd", "2h 2s 3d"),  # best high card < lowest pair
            ("Ah As Kd", "2h 3h 5h"),  # best pair < lowest flush
            ("Ah Kh Jh", "2h 3s 4d"),  # best flush < lowest run
            ("Ah 2s 3d", "2h 3h 4h"),  # best run < lowest running flush
            ("Ah 2h 3h", "2h 2s 2d"),  # best running flush < lowest prial
        ]
        for better_of_lower, worst_of_higher in ladder:
            low, high = rank(better_of_lower), rank(worst_of_higher)
            assert low.category + 1 == high.category
            assert low < high

    def test_stb_3_1_suits_never_break_ties(self) -> None:
        """Hands that differ only in suits are equal."""
        assert rank("Ah 9s 4d") == rank("As 9d 4c")
        assert rank("Kh Ks 2d") == rank("Kc Kd 2h")
        assert rank("2d 9d Kd") == rank("2s 9s Ks")


class TestTieBreaks:
    """STB-3.2 and STB-3.3: within a category."""

    def test_stb_3_2_prial_by_rank(self) -> None:
        """The higher prial wins; aces are the best prial."""
        assert rank("Ah Ad Ac") > rank("Kh Kd Kc") > rank("3h 3d 3c") > rank("2h 2d 2c")

    def test_stb_3_2_runs_by_top_card(self) -> None:
        """Runs and running flushes compare their top card; same top card ties."""
        assert rank("Jh Qs Kd") > rank("Th Js Qd")
        assert rank("Jh Qs Kd") == rank("Js Qd Kh")
        assert rank("Jh Qh Kh") > rank("Th Jh Qh")

    def test_stb_3_2_flush_card_by_card(self) -> None:
        """Flushes compare the highest card, then the next, then the last."""
        assert rank("Kh 9h 2h") > rank("Qs Js 9s")
        assert rank("Kh 9h 3h") > rank("Ks 9s 2s")
        assert rank("Kh 9h 3h") == rank("Ks 9s 3s")

    def test_stb_3_2_pair_then_odd_card(self) -> None:
        """Pairs compare the pair, then the odd card."""
        assert rank("Qh Qs 2d") > rank("Jh Jd Ac")
        assert rank("Qh Qs 5d") > rank("Qc Qd 4h")
        assert rank("Qh Qs 5d") == rank("Qc Qd 5h")
        assert rank("2h 2s Ad") > rank("2c 2d Kh")

    def test_stb_3_2_high_card_down_to_the_lowest(self) -> None:
        """High-card hands compare from the highest card down."""
        assert rank("Ah 9s 4d") > rank("Ah 8s 7d")
        assert rank("Ah 9s 5d") > rank("Ah 9s 4c")
        assert rank("Ah 9s 4d") == rank("Ad 9h 4s")

    def test_stb_3_3_kqj_of_mixed_suits_is_a_run(self) -> None:
        """K-Q-J of mixed suits is a run, not a high card."""
        assert rank("Kh Qs Jd").category is Cat.RUN


class TestAceInRuns:
    """STB-3.4: the ace runs high (A-K-Q) and low (A-2-3), never round the corner."""

    def test_stb_3_4_akq_is_the_best_ordinary_run(self) -> None:
        """A-K-Q is a run above K-Q-J."""
        assert rank("Ah Ks Qd").category is Cat.RUN
        assert rank("Ah Ks Qd") > rank("Kh Qs Jd")

    def test_stb_3_4_a23_best_by_default(self) -> None:
        """By default A-2-3 beats A-K-Q (the Brag custom), flush or not."""
        assert rank("Ah 2s 3d") > rank("Ah Ks Qd")
        assert rank("Ah 2h 3h") > rank("Ah Kh Qh")
        assert rank("Ah 2s 3d").category is Cat.RUN

    def test_stb_3_4_a23_lowest(self) -> None:
        """With a23="lowest", A-2-3 is the lowest run, below 2-3-4."""
        low = rank("Ah 2s 3d", a23="lowest")
        assert low.category is Cat.RUN
        assert low < rank("2h 3s 4d", a23="lowest")

    def test_stb_3_4_a23_none(self) -> None:
        """With a23="none", A-2-3 is only an ace-high hand (or a flush)."""
        assert rank("Ah 2s 3d", a23="none").category is Cat.HIGH_CARD
        assert rank("Ah 2h 3h", a23="none").category is Cat.FLUSH
        assert rank("Ah Ks Qd", a23="none").category is Cat.RUN

    def test_stb_3_4_no_round_the_corner(self) -> None:
        """K-A-2 is no run."""
        assert rank("Kh As 2d").category is Cat.HIGH_CARD


class TestBadInput:
    def test_wrong_size(self) -> None:
        """Two or four cards are refused with the count named."""
        with pytest.raises(InvalidCardError, match="3 cards, got 2"):
            three_card_rank(parse_cards("Ah Kh"))
        with pytest.raises(InvalidCardError, match="got 4"):
            three_card_rank(parse_cards("Ah Kh Qh Jh"))

    def test_duplicates_and_jokers(self) -> None:
        """A card twice or a joker is refused."""
        with pytest.raises(InvalidCardError, match="twice"):
            three_card_rank(parse_cards("Ah Ah Kh"))
        with pytest.raises(InvalidCardError, match="Jk"):
            three_card_rank(parse_cards("Ah Kh Jk"))

    def test_not_cards_and_bad_option(self) -> None:
        """Non-cards and an unknown a23 are refused with library errors."""
        with pytest.raises(InvalidCardError):
            three_card_rank(("Ah", "Kh", "Qh"))  # type: ignore[arg-type]
        with pytest.raises(OptionError, match="a23"):
            three_card_rank(parse_cards("Ah Kh Qh"), a23="high")


def test_counts_over_all_hands() -> None:
    """Over all 22,100 three-card hands the categories have the known sizes
    (with A-2-3 a run): 52 prials, 48 running flushes, 720 runs, 1,096
    flushes, 3,744 pairs, 16,440 high cards."""
    counts = dict.fromkeys(Cat, 0)
    for hand in itertools.combinations(decks.standard().cards, 3):
        counts[three_card_rank(hand).category] += 1
    assert counts == {
        Cat.PRIAL: 52,
        Cat.RUNNING_FLUSH: 48,
        Cat.RUN: 720,
        Cat.FLUSH: 1096,
        Cat.PAIR: 3744,
        Cat.HIGH_CARD: 16440,
    }


@given(st.permutations(decks.standard().cards).map(lambda cards: cards[:3]))
def test_order_of_cards_does_not_matter(hand: list[object]) -> None:
    """A hand ranks the same whatever the order of its cards."""
    cards = tuple(hand)
    ranked = three_card_rank(cards)  # type: ignore[arg-type]
    assert three_card_rank(cards[::-1]) == ranked  # type: ignore[arg-type]


@given(
    st.one_of(st.none(), st.integers(), st.text(max_size=6), st.lists(st.integers(), max_size=4))
)
def test_junk_is_refused_with_library_errors(junk: object) -> None:
    """Anything but cards is refused with a CardRulesError, never a bare TypeError."""
    with pytest.raises(CardRulesError):
        three_card_rank(junk)  # type: ignore[arg-type]
