"""Five-card poker hands (cardrules.poker.evaluate); clauses LIR-3 of seeds/let_it_ride.md.

The hand ranking is checked three independent ways: published category counts
over every five-card hand, agreement with a slow reference written here from
the rules, and agreement with treys (the test extra) on random 7-card hands.
Wild cards are checked against a brute force over every substitution.
"""

from __future__ import annotations

import importlib.util
import itertools
import pathlib
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import JOKER, Card, InvalidCardError, OptionError, Rank, Suit, decks, parse_cards
from cardrules.poker import HandCategory, HandValue, decode, encode, evaluate, evaluate_many
from cardrules.poker._tables import compute_data

Cat = HandCategory
DECK = decks.standard().cards


def ev(text: str, jokers: str = "wild") -> HandValue:
    return evaluate(parse_cards(text), jokers=jokers)


# --------------------------------------------------------------------------- a reference


def reference5(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """The rules of LIR-3 written out plainly: (category, tie-break ranks)."""
    ranks = sorted((int(c.rank) for c in cards), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = 0
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_top = 5
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    if straight_top and flush:
        return (8, (straight_top,))
    if shape[0] == 4:
        return (7, tuple(by_count))
    if shape == [3, 2]:
        return (6, tuple(by_count))
    if flush:
        return (5, tuple(ranks))
    if straight_top:
        return (4, (straight_top,))
    if shape[0] == 3:
        return (3, tuple(by_count))
    if shape == [2, 2, 1]:
        return (2, tuple(by_count))
    if shape[0] == 2:
        return (1, tuple(by_count))
    return (0, tuple(ranks))


def reference(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    return max(reference5(five) for five in itertools.combinations(cards, 5))


def random_hands(count: int, size: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(DECK, size)) for _ in range(count)]


def same_order(values: Sequence[int], keys: Sequence[object]) -> None:
    """Our values order the hands exactly as ``keys`` do (ties included)."""
    pairs = sorted(set(zip(values, keys, strict=True)), key=lambda p: p[0])
    for (v1, k1), (v2, k2) in itertools.pairwise(pairs):
        assert v1 != v2, f"value {v1:#x} stands for two classes {k1} and {k2}"
        assert k1 < k2, f"{v1:#x} < {v2:#x} but {k1} >= {k2}"  # type: ignore[operator]


# --------------------------------------------------------------------------- categories


class TestCategories:
    """LIR-3.1: the categories and their order."""

    @pytest.mark.parametrize(
        ("text", "category"),
        [
            ("Tc Td Th Ts Jk", Cat.FIVE_OF_A_KIND),
            ("Th 9h 8h 7h 6h", Cat.STRAIGHT_FLUSH),
            ("As Ah Ad Ac 3s", Cat.FOUR_OF_A_KIND),
            ("8c 8d 8h 4s 4d", Cat.FULL_HOUSE),
            ("Qc Tc 7c 6c 2c", Cat.FLUSH),
            ("9h 8c 7s 6d 5h", Cat.STRAIGHT),
            ("Jc Jd Jh 7s 4d", Cat.THREE_OF_A_KIND),
            ("Qc Qd 7h 7s 4d", Cat.TWO_PAIR),
            ("Tc Td Kh 4s 3d", Cat.PAIR),
            ("Ac Jd 8h 5s 3d", Cat.HIGH_CARD),
        ],
    )
    def test_lir_3_1_the_texts_examples(self, text: str, category: Cat) -> None:
        """Each example hand of the source text falls in its category."""
        assert ev(text).category is category

    def test_lir_3_1_categories_in_order(self) -> None:
        """The best hand of each category loses to the worst of the next."""
        ladder = [
            ("Ac Kd Qh Js 9d", "2c 2d 3h 4s 5d"),
            ("Ac Ad Kh Qs Jd", "2c 2d 3h 3s 4d"),
            ("Ac Ad Kh Ks Qd", "2c 2d 2h 3s 4d"),
            ("Ac Ad Ah Ks Qd", "Ac 2d 3h 4s 5d"),
            ("Ac Kd Qh Js Td", "2c 3c 4c 5c 7c"),
            ("Ac Kc Qc Jc 9c", "2c 2d 2h 3s 3d"),
            ("Ac Ad Ah Ks Kd", "2c 2d 2h 2s 3d"),
            ("Ac Ad Ah As Kd", "Ac 2c 3c 4c 5c"),
            ("Ac Kc Qc Jc Tc", "2c 2d 2h 2s Jk"),
        ]
        for best_below, worst_above in ladder:
            low, high = ev(best_below), ev(worst_above)
            assert low.category + 1 == high.category
            assert low < high

    def test_lir_3_1_all_five_card_hands_counts(self) -> None:
        """The published counts of every category over all 2,598,960 hands."""
        values = evaluate_many(itertools.combinations(DECK, 5))
        counts = Counter(v >> 20 for v in values)
        assert counts == {
            Cat.STRAIGHT_FLUSH: 40,
            Cat.FOUR_OF_A_KIND: 624,
            Cat.FULL_HOUSE: 3744,
            Cat.FLUSH: 5108,
            Cat.STRAIGHT: 10200,
            Cat.THREE_OF_A_KIND: 54912,
            Cat.TWO_PAIR: 123552,
            Cat.PAIR: 1098240,
            Cat.HIGH_CARD: 1302540,
        }
        assert len(set(values)) == 7462  # the published number of distinct hand values

    def test_lir_3_2_royal_flush_is_the_best_natural_hand(self) -> None:
        """The ace-high straight flush is the greatest value without wild cards."""
        values = evaluate_many(itertools.combinations(DECK[:13], 5))  # one suit
        assert max(values) == ev("Ac Kc Qc Jc Tc").value


class TestTies:
    """LIR-3.3 and LIR-3.4: aces, the wheel, kickers; suits never break a tie."""

    def test_lir_3_3_wheel_is_the_lowest_straight(self) -> None:
        """A-2-3-4-5 is a straight below 2-3-4-5-6; the ace is high in A-K-Q-J-T."""
        wheel, six = ev("Ad 2c 3h 4s 5d"), ev("2c 3h 4s 5d 6c")
        assert wheel.category is Cat.STRAIGHT
        assert wheel < six
        assert wheel.ranks == (5, 4, 3, 2, 1)
        assert ev("Ad Kc Qh Js Td") > ev("Kc Qh Js Td 9d")

    def test_lir_3_3_no_wrap_around(self) -> None:
        """Q-K-A-2-3 is no straight."""
        assert ev("Qd Kc Ah 2s 3d").category is Cat.HIGH_CARD

    def test_lir_3_4_suits_never_break_ties(self) -> None:
        """The same ranks in other suits tie: equal values, equal hashes."""
        a, b = ev("Ah Kh 9c 9d 2s"), ev("As Kd 9h 9s 2c")
        assert a == b
        assert hash(a) == hash(b)
        assert not a < b

    def test_lir_3_4_kickers_decide_in_order(self) -> None:
        """Pairs: the pair first, then the odd cards from the highest."""
        assert ev("9c 9d Ah 4s 3d") > ev("9h 9s Kh Qs Jd")
        assert ev("9c 9d Ah 5s 3d") > ev("9h 9s Ac 4s 3c")
        assert ev("Kc Kd 2h 2s 3d") > ev("Qc Qd Jh Js Ad")  # two pair: top pair first
        assert ev("3c 3d 3h 2s 2d") > ev("2c 2d 2h As Ad")  # full house: trips first

    def test_lir_3_4_best_five_of_seven(self) -> None:
        """Of seven cards the best five count; the sixth and seventh do not."""
        a = ev("Ah Ad Kc Kd Qh Qs 2c")  # two pair A-K with a queen kicker
        assert a.category is Cat.TWO_PAIR
        assert a.ranks == (14, 14, 13, 13, 12)
        assert a == ev("As Ac Ks Kh Qc 3d 4d")
        flush = ev("2h 5h 7h 9h Jh Kh Ah")
        assert flush.ranks == (14, 13, 11, 9, 7)
        assert flush.best == parse_cards("Ah Kh Jh 9h 7h")


class TestAgainstReference:
    """The evaluator agrees with the plain reference and with treys."""

    @pytest.mark.parametrize("size", [5, 6, 7])
    def test_lir_3_4_same_order_as_reference(self, size: int) -> None:
        """Random hands of 5, 6 and 7 cards order as the reference orders them."""
        hands = random_hands(3000, size, seed=size)
        same_order(evaluate_many(hands), [reference(h) for h in hands])

    def test_lir_3_4_best_five_make_the_value(self) -> None:
        """``best`` is five cards of the hand that are worth the whole hand."""
        for hand in random_hands(2000, 7, seed=11):
            value = evaluate(hand)
            assert len(value.best) == 5
            assert set(value.best) <= set(hand)
            assert evaluate(value.best) == value

    def test_lir_3_4_treys_agrees_on_random_seven_card_hands(self) -> None:
        """100,000 random 7-card hands rank as treys ranks them (lower is better there)."""
        treys = pytest.importorskip("treys")
        evaluator = treys.Evaluator()
        new = treys.Card.new
        hands = random_hands(100_000, 7, seed=2024)
        ours = evaluate_many(hands)
        theirs = [
            -evaluator.evaluate([new(str(c)) for c in h[:2]], [new(str(c)) for c in h[2:]])
            for h in hands
        ]
        same_order(ours, theirs)

    def test_unchecked_batch_equals_checked(self) -> None:
        """``check=False`` gives the same values on hands of distinct cards."""
        for size in (5, 6, 7):
            hands = random_hands(5000, size, seed=100 + size)
            assert evaluate_many(hands, check=False) == evaluate_many(hands)


class TestCodes:
    """Hands given as card codes (``encode``): the same values as hands of cards."""

    def test_encode_and_decode_every_card(self) -> None:
        """Each natural card has its own code, and decoding gives the card back."""
        codes = encode(DECK)
        assert len(set(codes)) == 52
        assert all(type(code) is int for code in codes)
        assert decode(codes) == tuple(DECK)
        assert decode(list(codes)[::-1]) == tuple(DECK)[::-1]

    def test_lir_3_1_all_five_card_hands_counts_from_codes(self) -> None:
        """The published counts over all 2,598,960 hands, from codes, checked or not."""
        unchecked = evaluate_many(itertools.combinations(encode(DECK), 5), check=False)
        assert evaluate_many(itertools.combinations(encode(DECK), 5)) == unchecked
        counts = Counter(v >> 20 for v in unchecked)
        assert counts[Cat.STRAIGHT_FLUSH] == 40
        assert counts[Cat.FLUSH] == 5108
        assert counts[Cat.FOUR_OF_A_KIND] == 624
        assert counts[Cat.HIGH_CARD] == 1302540
        assert len(set(unchecked)) == 7462

    @pytest.mark.parametrize("size", [5, 6, 7])
    def test_lir_3_4_codes_value_as_cards(self, size: int) -> None:
        """Random hands of codes, checked or not, are worth what the cards are."""
        hands = random_hands(20_000, size, seed=300 + size)
        expected = [evaluate(h).value for h in hands]
        codes = [encode(h) for h in hands]
        assert evaluate_many(codes) == expected
        assert evaluate_many(codes, check=False) == expected
        assert evaluate_many([list(c) for c in codes]) == expected
        assert evaluate_many(hands, check=False) == expected

    def test_lir_3_4_codes_of_several_sizes_in_one_batch(self) -> None:
        """A batch of codes may mix sizes, checked or not; each hand gets its own value."""
        hands = [h for size in (7, 5, 6, 5) for h in random_hands(500, size, seed=size)]
        random.Random(9).shuffle(hands)
        expected = [evaluate(h).value for h in hands]
        codes = [encode(h) for h in hands]
        assert evaluate_many(codes, check=False) == expected
        assert evaluate_many(codes) == expected
        assert evaluate_many(hands, check=False) == expected

    @pytest.mark.parametrize("text", ["Ah Kh Qh Jh 9h 2h 3c", "2s 3s 4s 5s As 6s 7s"])
    def test_lir_3_2_flushes_of_six_and_seven_from_codes(self, text: str) -> None:
        """A suit of six or seven cards is valued from its best five, from codes too."""
        hand = parse_cards(text)
        value = evaluate(hand).value
        assert evaluate_many([encode(hand)]) == [value]
        assert evaluate_many([encode(hand)], check=False) == [value]
        assert evaluate_many([hand[:6]]) == [evaluate(hand[:6]).value]
        assert evaluate_many([encode(hand[:6])]) == [evaluate(hand[:6]).value]

    @pytest.mark.parametrize("copies", range(2, 8))
    @pytest.mark.parametrize("size", [5, 6, 7])
    def test_same_card_many_times_in_a_batch(self, copies: int, size: int) -> None:
        """A card held 2 to 7 times is refused in a checked batch, of cards or codes."""
        if copies > size:
            return
        for card in (parse_cards("Ah")[0], parse_cards("2c")[0], parse_cards("Ks")[0]):
            others = [c for c in DECK if c != card and c.rank not in (card.rank,)]
            hand = [card] * copies + others[: size - copies]
            good = random_hands(3, size, seed=copies)
            for batch in ([*good, tuple(hand)], [encode(h) for h in [*good, tuple(hand)]]):
                with pytest.raises(InvalidCardError, match=r"hand 3: .*same card twice"):
                    evaluate_many(batch)  # type: ignore[arg-type]

    def test_same_card_twice_in_a_flush_from_codes(self) -> None:
        """A card twice inside a six- or seven-card flush is refused too."""
        hand = parse_cards("Ah Kh Qh Jh 9h 9h 2c")
        with pytest.raises(InvalidCardError, match="same card twice"):
            evaluate_many([encode(hand)])

    @pytest.mark.parametrize(
        "hand",
        [[1, 2, 3, 4, 5], [True] * 5, [-1, -2, -3, -4, -5], ["x"] * 5],
    )
    def test_numbers_that_are_not_codes(self, hand: list[object]) -> None:
        """Numbers that are not card codes are refused in a checked batch."""
        with pytest.raises(InvalidCardError, match="hand 1"):
            evaluate_many([encode(DECK[:5]), hand])  # type: ignore[list-item]

    def test_mixed_cards_and_codes(self) -> None:
        """A hand mixing cards and codes is refused; a batch mixing hands is fine."""
        cards = parse_cards("Ah Kh Qh Jh Th")
        with pytest.raises(InvalidCardError, match="hand 0"):
            evaluate_many([[*cards[:4], *encode(cards[4:])]])  # type: ignore[list-item]
        both = evaluate_many([cards, encode(cards)])  # type: ignore[list-item]
        assert both == [evaluate(cards).value] * 2

    def test_encode_refuses_jokers_and_text(self) -> None:
        """Only natural cards have codes; text and numbers that are not codes are refused."""
        with pytest.raises(InvalidCardError, match="only natural cards"):
            encode([JOKER])
        with pytest.raises(InvalidCardError, match="only natural cards"):
            encode([(14, 3)])  # type: ignore[list-item]
        with pytest.raises(InvalidCardError, match="not text"):
            encode("Ah Kh")  # type: ignore[arg-type]
        with pytest.raises(InvalidCardError, match="not a card's code"):
            decode([12345])
        with pytest.raises(InvalidCardError, match="not a card's code"):
            decode([True])


# --------------------------------------------------------------------------- wild cards


def _value(category: int, ranks: Sequence[int]) -> int:
    a, b, c, d, e = ranks
    return category << 20 | a << 16 | b << 12 | c << 8 | d << 4 | e


def brute_force(naturals: Sequence[Card], wild: int, jokers: str) -> int:
    """Every substitution of the jokers by cards, the best hand allowed (LIR-3.5).

    A joker becomes any card not in the hand, or a further card of a rank to make
    five of a kind. With the bug it becomes an ace, or any card if the five cards
    it is used in are a straight, a flush or a straight flush.
    """
    best = 0
    for subs in itertools.product(DECK, repeat=wild):
        cards = list(naturals) + list(subs)
        ranks = Counter(int(c.rank) for c in cards)
        top = max((r for r, n in ranks.items() if n >= 5), default=0)
        if top and (jokers == "wild" or top == 14):
            best = max(best, _value(9, [top] * 5))
            continue
        if len(set(cards)) != len(cards):
            continue
        if jokers == "wild":
            best = max(best, evaluate(cards).value)
            continue
        stand_ins = set(subs)
        for five in itertools.combinations(cards, 5):
            value = evaluate(five)
            loose = any(c in stand_ins and c.rank != Rank.ACE for c in five)
            if loose and value.category not in (Cat.STRAIGHT, Cat.FLUSH, Cat.STRAIGHT_FLUSH):
                continue
            best = max(best, value.value)
    return best


class TestWildCards:
    """LIR-3.5: jokers fully wild (default) or the bug."""

    def test_lir_3_5_the_texts_five_of_a_kind(self) -> None:
        """Four tens and a wild card; two queens and three wild cards."""
        assert ev("Tc Td Th Ts Jk").category is Cat.FIVE_OF_A_KIND
        queens = ev("Qc Qd Jk Jb Jl")
        assert queens.category is Cat.FIVE_OF_A_KIND
        assert queens.ranks == (12,) * 5

    def test_lir_3_5_five_of_a_kind_beats_a_royal_flush(self) -> None:
        """Wild five of a kind ranks above any straight flush."""
        assert ev("2c 2d 2h 2s Jk") > ev("Ac Kc Qc Jc Tc")

    def test_lir_3_5_bug_is_an_ace(self) -> None:
        """With the bug, a joker pairs aces but pairs nothing else."""
        assert ev("Ac Jk 9d 7h 2s", "bug").category is Cat.PAIR
        kings = ev("Kc Jk 9d 7h 2s", "bug")
        assert kings.category is Cat.HIGH_CARD
        assert kings.ranks[0] == 14
        assert ev("Kc Jk 9d 7h 2s").category is Cat.PAIR  # fully wild: a pair of kings

    def test_lir_3_5_bug_fills_straights_and_flushes(self) -> None:
        """The bug completes a straight, a flush or a straight flush."""
        assert ev("9c Td Jk Qh Ks", "bug").category is Cat.STRAIGHT
        assert ev("2c 7c 9c Jk Kc", "bug").ranks == (14, 13, 9, 7, 2)
        assert ev("8h 9h Jk Jh Qh", "bug").category is Cat.STRAIGHT_FLUSH

    def test_lir_3_5_five_aces_with_the_bug(self) -> None:
        """Four aces and the bug are five aces."""
        assert ev("Ac Ad Ah As Jk", "bug").category is Cat.FIVE_OF_A_KIND

    def test_lir_3_5_joker_takes_no_card_held_in_a_flush(self) -> None:
        """A flush holding the ace gets the king from the joker, not a second ace."""
        assert ev("Ah 9h 7h 4h Jk").ranks == (14, 13, 9, 7, 4)

    def test_lir_3_5_all_jokers(self) -> None:
        """Five jokers are five aces under either rule."""
        for rule in ("wild", "bug"):
            assert evaluate([JOKER] * 5, jokers=rule).ranks == (14,) * 5

    @pytest.mark.parametrize("jokers", ["wild", "bug"])
    @pytest.mark.parametrize(("size", "wild", "count"), [(5, 1, 150), (7, 1, 100), (6, 2, 12)])
    def test_lir_3_5_brute_force_over_substitutions(
        self, jokers: str, size: int, wild: int, count: int
    ) -> None:
        """Random hands with jokers are worth the best allowed substitution."""
        rng = random.Random(size * 10 + wild)
        for _ in range(count):
            naturals = rng.sample(DECK, size - wild)
            hand = naturals + [JOKER] * wild
            rng.shuffle(hand)
            got = evaluate(hand, jokers=jokers)
            assert got.value == brute_force(naturals, wild, jokers), hand
            assert evaluate(got.best, jokers=jokers) == got

    @pytest.mark.parametrize("jokers", ["wild", "bug"])
    def test_lir_3_5_brute_force_on_drawing_hands(self, jokers: str) -> None:
        """Hands near straights, flushes and sets, where jokers matter most."""
        for text in (
            "Ac Kc Qc Jc",
            "2c 3c 4c 5d",
            "Ah 2h 3h 5h",
            "9s 9h 9d 9c",
            "Kd Kh 5c 5d",
            "Ah Kh 7h 4h 2c 3c",
            "Ac Ad Ah 2c 3d 4h",
            "Tc Jd Qh Ks 2c 2d",
        ):
            naturals = list(parse_cards(text))
            got = evaluate([*naturals, JOKER], jokers=jokers)
            assert got.value == brute_force(naturals, 1, jokers), text

    def test_lir_3_5_batch_with_jokers(self) -> None:
        """``evaluate_many`` takes jokers too."""
        hands = [parse_cards("Tc Td Th Ts Jk"), parse_cards("Tc Td Th Ts Jk 2c")]
        assert evaluate_many(hands, jokers="bug") == [
            ev(str_, "bug").value
            for str_ in (
                "Tc Td Th Ts Jk",
                "Tc Td Th Ts Jk 2c",
            )
        ]


# --------------------------------------------------------------------------- values and bad input


class TestHandValue:
    def test_value_words_and_best(self) -> None:
        """A value prints its category and its five cards."""
        assert str(ev("Kh Kd Ks 2c 2d 9h 4s")) == "full house: Ks Kh Kd 2d 2c"
        assert repr(ev("Ad 2c 3h 4s 5d")).startswith("<HandValue straight:")

    def test_values_sort_and_hash(self) -> None:
        """Values sort like hands and work as dictionary keys."""
        hands = [ev("2c 2d 3h 4s 5d"), ev("Ac Kc Qc Jc Tc"), ev("9h 8c 7s 6d 5h")]
        assert [h.category for h in sorted(hands)] == [Cat.PAIR, Cat.STRAIGHT, Cat.STRAIGHT_FLUSH]
        assert len({ev("Ah Kh 9c 9d 2s"), ev("As Kd 9h 9s 2c")}) == 1
        assert ev("2c 2d 3h 4s 5d").__lt__(3) is NotImplemented


class TestBadInput:
    @pytest.mark.parametrize("text", ["Ah Kh Qh Jh", "Ah Kh Qh Jh Th 9h 8h 7h"])
    def test_wrong_number_of_cards(self, text: str) -> None:
        """Fewer than five or more than seven cards are refused."""
        with pytest.raises(InvalidCardError, match="5 to 7 cards"):
            ev(text)
        with pytest.raises(InvalidCardError, match="hand 1: a poker hand has 5 to 7"):
            evaluate_many([parse_cards("Ah Kh Qh Jh 2c"), parse_cards(text)])

    def test_same_card_twice(self) -> None:
        """A card twice in a one-pack hand is refused, by both forms."""
        for text in ("Ah Ah Kd 7c 2s", "Ah Kh Qh Jh Jh 2h 3h", "Ah Ah Ah Ah Ah"):
            with pytest.raises(InvalidCardError, match="same card twice"):
                ev(text)
            with pytest.raises(InvalidCardError, match="same card twice"):
                evaluate_many([parse_cards(text)])

    @pytest.mark.parametrize("junk", ["Ah Kh Qh Jh Th", 42, [1, 2, 3, 4, 5], [None] * 5])
    def test_not_cards(self, junk: object) -> None:
        """Text, a number or things that are not cards are refused."""
        with pytest.raises(InvalidCardError):
            evaluate(junk)  # type: ignore[arg-type]
        with pytest.raises(InvalidCardError):
            evaluate_many([junk])  # type: ignore[list-item]

    def test_bad_joker_rule(self) -> None:
        """An unknown joker rule is an option error."""
        with pytest.raises(OptionError, match="jokers must be one of"):
            ev("Ah Kh Qh Jh Th", "deuces")
        with pytest.raises(OptionError):
            evaluate_many([], jokers="none")

    def test_batch_of_text(self) -> None:
        """``evaluate_many`` refuses text and non-iterables."""
        with pytest.raises(InvalidCardError):
            evaluate_many("Ah Kh Qh Jh Th")  # type: ignore[arg-type]
        with pytest.raises(InvalidCardError):
            evaluate_many(5)  # type: ignore[arg-type]


class TestProperties:
    """LIR-3.4 as properties: order and suits never matter."""

    @given(
        hand=st.integers(5, 7).flatmap(
            lambda n: st.lists(st.sampled_from(DECK), min_size=n, max_size=n, unique=True)
        ),
        perm=st.permutations(list(Suit)),
        jokers=st.integers(0, 2),
    )
    def test_lir_3_4_suits_and_order_never_matter(
        self, hand: list[Card], perm: list[Suit], jokers: int
    ) -> None:
        """Renaming the suits or shuffling the cards keeps the value; batch equals single."""
        hand = hand[: len(hand) - jokers] + [JOKER] * jokers
        renamed = [c if c.is_joker else Card(c.rank, perm[c.suit]) for c in hand]  # type: ignore[index]
        value = evaluate(hand)
        assert evaluate(renamed) == value
        assert evaluate(hand[::-1]) == value
        assert evaluate_many([hand, renamed]) == [value.value] * 2


class TestStoredTables:
    def test_stored_data_is_what_the_script_writes(self) -> None:
        """_data.py is exactly what scripts/poker_tables.py writes from the rules today."""
        path = pathlib.Path(__file__).resolve().parent.parent / "scripts" / "poker_tables.py"
        spec = importlib.util.spec_from_file_location("poker_tables", path)
        assert spec is not None
        assert spec.loader is not None
        script = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(script)
        assert script.TARGET.read_text(encoding="utf-8") == script.render(compute_data())
