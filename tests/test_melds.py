"""Tests of cardrules.melds: sets, runs, jokers, lay-offs, retrieval, doubles, solver.

Clause names refer to ``seeds/turkish51.md`` (T51-*), whose meld rules are the
defaults of :class:`MeldRules`.
"""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    JOKER,
    Card,
    CardRulesError,
    IllegalMeldError,
    InvalidCardError,
    OptionError,
    Rank,
    Suit,
    parse_card,
    parse_cards,
)
from cardrules.melds import (
    DEFAULT_RULES,
    MeldKind,
    MeldRules,
    best_doubles,
    candidate_melds,
    card_points,
    check_double,
    check_meld,
    lay_off,
    layoff_cards,
    meld_value,
    retrieve_joker,
    solve,
    value_bound,
)

C = parse_cards
_ALL = [Card(r, s) for s in Suit for r in Rank if not r.is_joker]


def meld(text: str, **kw: object) -> object:
    return check_meld(C(text), **kw)  # type: ignore[arg-type]


class TestSets:
    """T51-2.1: sets of one rank in distinct suits, three or four cards."""

    def test_t51_2_1_three_and_four_suits(self) -> None:
        """Three or four cards of one rank in different suits form a set."""
        assert check_meld(C("7h 7s 7d")).kind is MeldKind.SET
        assert check_meld(C("7h 7s 7d 7c")).kind is MeldKind.SET

    def test_t51_2_1_repeated_suit_refused(self) -> None:
        """Two copies of the same card cannot both sit in a set."""
        with pytest.raises(IllegalMeldError, match="repeats 7h"):
            check_meld(C("7h 7s 7h"))

    def test_t51_2_1_mixed_ranks_refused(self) -> None:
        """A set may not mix ranks; the message names both."""
        with pytest.raises(IllegalMeldError, match="neither a set"):
            check_meld(C("7h 8s 7d"))
        with pytest.raises(IllegalMeldError, match="mixes ranks 7 and 8"):
            check_meld(C("7h 8s 7d"), kind=MeldKind.SET)

    def test_t51_2_1_two_cards_too_few(self) -> None:
        """Two cards are no set or run."""
        with pytest.raises(IllegalMeldError, match="at least 3"):
            check_meld(C("7h 7s"))

    def test_t51_2_1_five_cards_too_many(self) -> None:
        """A set holds at most four cards, jokers included."""
        with pytest.raises(IllegalMeldError, match="at most 4"):
            check_meld(C("7h 7s 7d 7c Jk"))

    def test_t51_2_4_joker_stands_for_missing_suits(self) -> None:
        """A set's joker may stand for any suit the set lacks."""
        m = check_meld(C("Ks Kd Jk"))
        assert m.kind is MeldKind.SET
        assert m.joker_options(2) == frozenset(C("Kc Kh"))
        assert m.missing_suits == frozenset({Suit.CLUBS, Suit.HEARTS})

    def test_canasta_style_sets(self) -> None:
        """Canasta rules: repeated suits, no size limit, deuces wild, two naturals."""
        rules = MeldRules(
            runs_allowed=False,
            max_set_size=None,
            set_suits_distinct=False,
            wild_ranks={Rank.TWO},
            min_naturals=2,
            max_jokers=3,
        )
        assert check_meld(C("9h 9h 9s 9c 9c 2d Jk"), rules).kind is MeldKind.SET
        with pytest.raises(IllegalMeldError, match="1 natural card; at least 2"):
            check_meld(C("9h 2d Jk"), rules)
        with pytest.raises(IllegalMeldError, match="4 jokers; at most 3"):
            check_meld(C("9h 9s 2d 2c Jk Jk"), rules)
        with pytest.raises(IllegalMeldError, match="mixes ranks 5 and 6"):
            check_meld(C("5h 6h 7h"), rules)


class TestRuns:
    """T51-2.2: runs of one suit, consecutive, ace low or high, no wrap."""

    def test_t51_2_2_run_in_laid_order(self) -> None:
        """A run laid low to high is kept in that order."""
        m = check_meld(C("5h 6h 7h 8h"))
        assert m.kind is MeldKind.RUN
        assert m.cards == C("5h 6h 7h 8h")

    def test_t51_2_2_descending_turned_round(self) -> None:
        """A run laid high to low is accepted and stored low to high."""
        assert check_meld(C("8h 7h 6h")).cards == C("6h 7h 8h")

    def test_t51_2_2_gap_message(self) -> None:
        """A missing card is named: 'run 5h-6h-8h has a gap at 7h'."""
        with pytest.raises(IllegalMeldError) as info:
            check_meld(C("5h 6h 8h"))
        assert str(info.value) == "run 5h-6h-8h has a gap at 7h"

    def test_t51_2_2_gap_after_joker(self) -> None:
        """A joker fills one place only."""
        with pytest.raises(IllegalMeldError, match="gap at 7h"):
            check_meld(C("5h Jk 9h"))

    def test_t51_2_2_mixed_suits(self) -> None:
        """A run keeps one suit."""
        with pytest.raises(IllegalMeldError, match="mixes suits: 5h and 6s"):
            check_meld(C("5h 6s 7h"), kind=MeldKind.RUN)

    def test_t51_2_2_ace_low_and_high(self) -> None:
        """A-2-3 and Q-K-A are runs; K-A-2 is not."""
        assert check_meld(C("Ah 2h 3h")).start == 1
        assert check_meld(C("Qh Kh Ah")).start == 12
        with pytest.raises(IllegalMeldError):
            check_meld(C("Kh Ah 2h"))

    def test_ace_options_explained(self) -> None:
        """Without ace low (or high) the refusal says which end of the ace is barred."""
        with pytest.raises(IllegalMeldError, match="counts the ace low"):
            check_meld(C("Ah 2h 3h"), MeldRules(ace_low=False))
        with pytest.raises(IllegalMeldError, match="counts the ace high"):
            check_meld(C("Qh Kh Ah"), MeldRules(ace_high=False))
        with pytest.raises(IllegalMeldError, match="turns the corner"):
            check_meld(C("Kh Ah 2h"))
        with pytest.raises(IllegalMeldError, match="runs below the ace"):
            check_meld(C("Jk Ah 2h"), kind=MeldKind.RUN)
        with pytest.raises(IllegalMeldError, match="cannot stand 2 places after 5h"):
            check_meld(C("5h Jk 6h"))

    def test_wrap_around_option(self) -> None:
        """With wrap_around, K-A-2 is a run."""
        rules = MeldRules(wrap_around=True)
        m = check_meld(C("Kh Ah 2h"), rules)
        assert m.kind is MeldKind.RUN
        assert [str(f) for f in m.faces] == ["Kh", "Ah", "2h"]

    def test_t51_2_2_repeat_refused(self) -> None:
        """A run cannot hold the same card twice."""
        with pytest.raises(IllegalMeldError, match="repeats 5h"):
            check_meld(C("5h 5h 6h"), kind=MeldKind.RUN)

    def test_t51_2_4_joker_place_decides(self) -> None:
        """A joker in a run stands for the card of its place."""
        m = check_meld(C("7c Jk 9c"))
        assert m.faces[1] == parse_card("8c")
        assert m.joker_options(1) == frozenset({parse_card("8c")})
        m2 = check_meld(C("Jk Jk 5h"))
        assert [str(f) for f in m2.faces] == ["3h", "4h", "5h"]

    def test_t51_2_4_one_natural_read_as_run_unless_asked(self) -> None:
        """One natural and jokers read as a run; kind=SET reads a set."""
        assert check_meld(C("5h Jk Jk")).kind is MeldKind.RUN
        assert check_meld(C("5h Jk Jk"), kind=MeldKind.SET).kind is MeldKind.SET

    def test_t51_2_4_jokers_only_refused(self) -> None:
        """A meld needs a natural card."""
        with pytest.raises(IllegalMeldError, match="0 natural cards"):
            check_meld((JOKER, JOKER, JOKER))

    def test_runs_past_the_ace(self) -> None:
        """Nothing follows a high ace."""
        with pytest.raises(IllegalMeldError):
            check_meld(C("Kh Ah Jk"), kind=MeldKind.RUN)


class TestValue:
    """T51-2.5: meld values, joker as its card, ace 1 low and 11 high."""

    @pytest.mark.parametrize(
        ("text", "value"),
        [
            ("Ah 2h 3h", 1 + 2 + 3),
            ("Qh Kh Ah", 10 + 10 + 11),
            ("As Ad Ac", 33),
            ("As Ad Jk", 33),
            ("7c Jk 9c", 24),
            ("Jk Jk 5h", 3 + 4 + 5),
            ("9d Td Jd Qd Kd", 9 + 10 + 10 + 10 + 10),
            ("Jk 2h 3h", 1 + 2 + 3),
        ],
    )
    def test_t51_2_5_values(self, text: str, value: int) -> None:
        """Hand-counted meld values."""
        assert meld_value(check_meld(C(text))) == value

    def test_t51_1_4_card_points(self) -> None:
        """Left in hand: ace 11, court 10, joker 50, pips their number."""
        assert [card_points(c) for c in C("2c 9d Th Js Qc Kd Ah Jk")] == [
            2,
            9,
            10,
            10,
            10,
            10,
            11,
            50,
        ]


class TestLayOff:
    """T51-6: laying off on runs and sets."""

    def test_t51_6_1_run_both_ends(self) -> None:
        """A run grows at either end."""
        run = check_meld(C("5h 6h 7h"))
        assert lay_off(run, parse_card("4h")).cards == C("4h 5h 6h 7h")
        assert lay_off(run, parse_card("8h")).cards == C("5h 6h 7h 8h")

    def test_t51_6_1_wrong_card_says_what_fits(self) -> None:
        """A card that does not fit is refused with the cards that would."""
        run = check_meld(C("5h 6h 7h"))
        with pytest.raises(IllegalMeldError, match="only 4h or 8h fits"):
            lay_off(run, parse_card("9h"))
        with pytest.raises(
            IllegalMeldError, match="8s on run 5h-6h-7h: the run is in another suit"
        ):
            lay_off(run, parse_card("8s"))

    def test_t51_6_1_joker_on_run(self) -> None:
        """A joker laid on a run goes high by default, low if asked or the top is reached."""
        run = check_meld(C("5h 6h 7h"))
        assert lay_off(run, JOKER).faces[-1] == parse_card("8h")
        assert lay_off(run, JOKER, end="low").faces[0] == parse_card("4h")
        top = check_meld(C("Qh Kh Ah"))
        assert lay_off(top, JOKER).faces[0] == parse_card("Jh")

    def test_t51_6_1_complete_run_refused(self) -> None:
        """A run from ace to ace cannot grow."""
        full = check_meld(C("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"))
        with pytest.raises(IllegalMeldError, match=r"run is complete|cannot grow"):
            lay_off(full, parse_card("Ah"))

    def test_t51_6_2_set_missing_suit(self) -> None:
        """A set takes a missing suit, not a repeated one."""
        s = check_meld(C("7h 7s 7d"))
        assert len(lay_off(s, parse_card("7c")).cards) == 4
        with pytest.raises(IllegalMeldError, match="already holds 7h"):
            lay_off(s, parse_card("7h"))
        with pytest.raises(IllegalMeldError, match="rank 8 differs"):
            lay_off(s, parse_card("8c"))

    def test_t51_2_4_joker_on_full_set_refused(self) -> None:
        """No joker on a set of all four suits."""
        full = check_meld(C("7c 7d 7h 7s"))
        with pytest.raises(IllegalMeldError, match="the set is full"):
            lay_off(full, JOKER)

    def test_t51_2_4_joker_on_set_of_three_with_joker(self) -> None:
        """A set of three with one joker may take a second joker (four cards)."""
        s = check_meld(C("7c 7d Jk"))
        assert len(lay_off(s, JOKER).cards) == 4
        with pytest.raises(IllegalMeldError, match="full"):
            lay_off(lay_off(s, JOKER), JOKER)

    def test_nothing_on_a_double(self) -> None:
        """Doubles take no lay-offs."""
        with pytest.raises(IllegalMeldError, match="double"):
            lay_off(check_double(C("7c 7c")), parse_card("7c"))


class TestRetrieve:
    """T51-6.3: freeing a joker by supplying the card(s) it stands for."""

    def test_t51_6_3_run_exact_card(self) -> None:
        """7c-Jk-9c gives up its joker for 8c and nothing else."""
        new, joker = retrieve_joker(check_meld(C("7c Jk 9c")), C("8c"))
        assert new.cards == C("7c 8c 9c")
        assert joker == JOKER
        with pytest.raises(IllegalMeldError, match="stands for 8c"):
            retrieve_joker(check_meld(C("7c Jk 9c")), C("8d"))

    def test_t51_6_3_set_of_four_needs_one(self) -> None:
        """Ks-Kc-Kd-Jk gives up its joker for Kh."""
        new, _ = retrieve_joker(check_meld(C("Ks Kc Kd Jk")), C("Kh"))
        assert sorted(new.cards) == sorted(C("Ks Kc Kd Kh"))

    def test_t51_6_3_set_of_three_needs_both(self) -> None:
        """Ks-Kd-Jk needs both missing kings; one is refused."""
        with pytest.raises(IllegalMeldError, match="supply Kc and Kh"):
            retrieve_joker(check_meld(C("Ks Kd Jk")), C("Kh"))
        new, _ = retrieve_joker(check_meld(C("Ks Kd Jk")), C("Kh Kc"))
        assert len(new.cards) == 4
        assert not new.joker_positions

    def test_set_with_two_jokers_frees_one(self) -> None:
        """Ks-Jk-Jk frees one joker for two missing suits (the other stays)."""
        new, _ = retrieve_joker(check_meld(C("Ks Jk Jk"), kind=MeldKind.SET), C("Kh Kc"))
        assert len(new.cards) == 4
        assert len(new.joker_positions) == 1

    def test_no_joker_to_take(self) -> None:
        """A meld without a joker has none to give."""
        with pytest.raises(IllegalMeldError, match="holds no joker"):
            retrieve_joker(check_meld(C("5h 6h 7h")), C("5h"))

    def test_never_rule(self) -> None:
        """With set_joker_retrieval='never' sets keep their jokers."""
        rules = MeldRules(set_joker_retrieval="never")
        with pytest.raises(IllegalMeldError, match="never"):
            retrieve_joker(check_meld(C("Ks Kd Kc Jk"), rules), C("Kh"), rules)


class TestClosedSets:
    """K51-7.3 to K51-7.5 (``seeds/kalooki51.md``): ``set_joker_retrieval="closed"``."""

    RULES = MeldRules(set_joker_retrieval="closed", joker_points=25)

    def test_k51_7_3_three_card_set_frees_for_both_missing(self) -> None:
        """Ks-Kd-Jk frees its joker for Kc and Kh together, not for one of them."""
        meld = check_meld(C("Ks Kd Jk"), self.RULES)
        with pytest.raises(IllegalMeldError, match="supply Kc and Kh"):
            retrieve_joker(meld, C("Kh"), self.RULES)
        new, joker = retrieve_joker(meld, C("Kh Kc"), self.RULES)
        assert joker == JOKER
        assert sorted(new.cards) == sorted(C("Ks Kd Kh Kc"))

    def test_k51_7_4_one_missing_suit_closes_the_set(self) -> None:
        """Kh on Ks-Kd-Jk makes a set of four whose joker is never freed, even for Kc."""
        closed = lay_off(check_meld(C("Ks Kd Jk"), self.RULES), parse_card("Kh"), self.RULES)
        assert len(closed.cards) == 4
        assert closed.joker_options(2) == frozenset(C("Kc"))
        with pytest.raises(IllegalMeldError, match="set of four is closed"):
            retrieve_joker(closed, C("Kc"), self.RULES)
        assert layoff_cards(closed, self.RULES) == ()

    def test_k51_7_4_1_joker_as_fourth_card_closes(self) -> None:
        """A joker laid on Ks-Kd-Kc makes a closed set: Kh does not free it."""
        closed = lay_off(check_meld(C("Ks Kd Kc"), self.RULES), JOKER, self.RULES)
        with pytest.raises(IllegalMeldError, match="closed"):
            retrieve_joker(closed, C("Kh"), self.RULES)
        # the Turkish 51 rule ("fill") frees it
        new, _ = retrieve_joker(closed, C("Kh"))
        assert not new.joker_positions

    def test_k51_7_5_two_jokers_free_one_for_two_naturals(self) -> None:
        """Ks-Jk-Jk frees one joker for two naturals of missing suits; the set is then
        closed (three naturals and a joker); one natural alone makes a closed set of four."""
        meld = check_meld(C("Ks Jk Jk"), self.RULES, kind=MeldKind.SET)
        with pytest.raises(IllegalMeldError, match="supply 2 of"):
            retrieve_joker(meld, C("Kh"), self.RULES)
        new, joker = retrieve_joker(meld, C("Kh Kd"), self.RULES)
        assert joker == JOKER
        assert (len(new.cards), len(new.joker_positions)) == (4, 1)
        with pytest.raises(IllegalMeldError, match="closed"):
            retrieve_joker(new, C("Kc"), self.RULES)
        grown = lay_off(meld, parse_card("Kh"), self.RULES)
        assert (len(grown.cards), len(grown.joker_positions)) == (4, 2)
        with pytest.raises(IllegalMeldError, match="closed"):
            retrieve_joker(grown, C("Kc Kd"), self.RULES)

    @given(
        st.sampled_from(list(Rank)[:13]),
        st.permutations(list(Suit)),
        st.integers(min_value=1, max_value=2),
        st.booleans(),
    )
    @settings(max_examples=80, deadline=None)
    def test_k51_7_4_every_set_of_four_with_a_joker_is_closed(
        self, rank: Rank, suits: list[Suit], jokers: int, joker_last: bool
    ) -> None:
        """Any set of three holding a joker, grown to four by a natural of a missing suit or
        by a joker, never frees a joker, whatever is supplied; a set of three does free one
        for exactly the naturals it lacks."""
        naturals = [Card(rank, s) for s in suits[: 3 - jokers]]
        three = check_meld((*naturals, *[JOKER] * jokers), self.RULES, kind=MeldKind.SET)
        missing = sorted(Card(rank, s) for s in three.missing_suits)
        need = 4 - len(naturals) - (jokers - 1)
        _, freed = retrieve_joker(three, missing[:need], self.RULES)
        assert freed == JOKER
        fourth = JOKER if joker_last and jokers == 1 else missing[0]
        four = lay_off(three, fourth, self.RULES)
        left = sorted(Card(rank, s) for s in four.missing_suits)
        for k in range(len(left) + 1):
            with pytest.raises(IllegalMeldError, match="closed"):
                retrieve_joker(four, left[:k] or left[:1] or missing[:1], self.RULES)

    def test_k51_7_1_runs_unchanged(self) -> None:
        """The closed-set rule leaves runs alone: 7c-Jk-9c frees its joker for 8c."""
        new, _ = retrieve_joker(check_meld(C("7c Jk 9c"), self.RULES), C("8c"), self.RULES)
        assert new.cards == C("7c 8c 9c")


class TestDoubles:
    """T51-2.3 and T51-2.6: doubles."""

    def test_t51_2_3_identical_cards(self) -> None:
        """Two 7c make a double; 8h and 8c do not."""
        assert check_double(C("7c 7c")).kind is MeldKind.DOUBLE
        with pytest.raises(IllegalMeldError, match="differ"):
            check_double(C("8h 8c"))

    def test_t51_2_6_joker_pairs_with_natural(self) -> None:
        """A joker pairs with any natural card; two jokers are no double."""
        assert check_double(C("9h Jk")).faces == C("9h 9h")
        with pytest.raises(IllegalMeldError, match="no natural"):
            check_double(C("Jk Jk"))

    def test_best_doubles_counts(self) -> None:
        """Pairs of twins, then jokers with the highest singles."""
        result = best_doubles(C("7c 7c 7c 9h 9h Ks 2d Jk"))
        assert len(result.melds) == 3
        assert Counter(result.deadwood) == Counter(C("7c 2d"))


class TestBadInput:
    """Every refusal is a CardRulesError; junk never escapes as a builtin error."""

    @given(st.one_of(st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers())))
    def test_junk_to_check_meld(self, junk: object) -> None:
        """Junk in place of cards is refused as InvalidCardError."""
        with pytest.raises(CardRulesError):
            check_meld(junk)  # type: ignore[arg-type]

    @settings(max_examples=300, deadline=None)
    @given(
        st.lists(st.sampled_from([*_ALL, JOKER]), min_size=0, max_size=9),
        st.sampled_from([None, MeldKind.SET, MeldKind.RUN, MeldKind.DOUBLE]),
        st.sampled_from([*_ALL, JOKER]),
    )
    def test_any_cards_meld_or_say_why(
        self, cards: list[Card], kind: MeldKind | None, extra: Card
    ) -> None:
        """Any cards either make a consistent meld or raise IllegalMeldError; so do lay-offs."""
        try:
            m = check_meld(cards, kind=kind)
        except IllegalMeldError:
            return
        assert Counter(m.cards) == Counter(cards)
        assert len(m.faces) == len(m.cards)
        if m.kind is MeldKind.RUN:
            places = [m.start + i for i in range(len(m.cards))]
            assert [f.rank if f else None for f in m.faces] == [
                Rank.ACE if p in (1, 14) else Rank(p) for p in places
            ]
        try:
            grown = lay_off(m, extra)
        except IllegalMeldError:
            pass
        else:
            assert check_meld(grown.cards, kind=grown.kind) == grown
        with contextlib.suppress(IllegalMeldError):
            retrieve_joker(m, (extra,))

    @given(st.one_of(st.none(), st.integers(), st.text(max_size=3), st.just(object())))
    def test_junk_rules_and_melds(self, junk: object) -> None:
        """Junk in place of rules or a meld raises a CardRulesError, never a builtin error."""
        hand = C("5h 6h 7h")
        for call in (
            lambda: check_meld(hand, junk),  # type: ignore[arg-type]
            lambda: solve(hand, junk),  # type: ignore[arg-type]
            lambda: candidate_melds(hand, junk),  # type: ignore[arg-type]
            lambda: value_bound(hand, junk),  # type: ignore[arg-type]
            lambda: best_doubles(hand, junk),  # type: ignore[arg-type]
            lambda: meld_value(junk),  # type: ignore[arg-type]
            lambda: lay_off(junk, JOKER),  # type: ignore[arg-type]
            lambda: retrieve_joker(junk, hand),  # type: ignore[arg-type]
            lambda: card_points(junk),  # type: ignore[arg-type]
        ):
            with pytest.raises(CardRulesError):
                call()

    def test_bad_rules(self) -> None:
        """Rules with impossible numbers are refused."""
        with pytest.raises(OptionError):
            MeldRules(min_length=1)
        with pytest.raises(OptionError):
            MeldRules(max_jokers=-1)
        with pytest.raises(OptionError):
            MeldRules(set_joker_retrieval="sometimes")

    def test_bad_objective(self) -> None:
        """An unknown solver objective is refused."""
        with pytest.raises(CardRulesError):
            solve(C("5h 6h 7h"), objective="most")  # type: ignore[arg-type]

    def test_lay_off_junk(self) -> None:
        """Laying off a non-card, or at no end, is refused."""
        with pytest.raises(InvalidCardError):
            lay_off(check_meld(C("5h 6h 7h")), "8h")  # type: ignore[arg-type]
        with pytest.raises(IllegalMeldError, match="end must be"):
            lay_off(check_meld(C("5h 6h 7h")), JOKER, end="middle")  # type: ignore[arg-type]


# ------------------------------------------------------------------ the solver vs brute force


def _places(rank: Rank) -> tuple[int, ...]:
    return (1, 14) if rank == Rank.ACE else (int(rank),)


def _place_value(place: int) -> int:
    if place in (1, 14):
        return 1 if place == 1 else 11
    return min(place, 10)


def _ref_values(group: tuple[Card, ...]) -> list[int]:
    """Every value the group can take as one meld (default rules), by direct reasoning."""
    n = len(group)
    if n < 3:
        return []
    nat = [c for c in group if not c.is_joker]
    if not nat:
        return []
    out = []
    ranks = {c.rank for c in nat}
    suits = [c.suit for c in nat]
    if len(ranks) == 1 and len(set(suits)) == len(suits) and n <= 4:
        (rank,) = ranks
        out.append(n * (11 if rank == Rank.ACE else min(int(rank), 10)))
    if len(set(suits)) == 1 and len(set(nat)) == len(nat) and n <= 13:
        for lo in range(1, 15 - n + 1):
            window = range(lo, lo + n)
            if all(any(p in window for p in _places(c.rank)) for c in nat):
                out.append(sum(_place_value(p) for p in window))
    return out


def _ref_best(hand: tuple[Card, ...]) -> tuple[int, int, bool]:
    """Brute force: (best value, least deadwood points, all melded possible)."""
    best_value, best_dead, full = 0, sum(card_points(c) for c in hand), False
    cards = sorted(hand)

    def rec(rest: list[Card], value: int, dead: int) -> None:
        nonlocal best_value, best_dead, full
        if not rest:
            best_value = max(best_value, value)
            best_dead = min(best_dead, dead)
            full = full or dead == 0
            return
        first, others = rest[0], rest[1:]
        rec(others, value, dead + card_points(first))
        for k in range(2, min(len(others), 12) + 1):
            for idx in itertools.combinations(range(len(others)), k):
                group = (first, *(others[i] for i in idx))
                values = _ref_values(group)
                if values:
                    left = [c for i, c in enumerate(others) if i not in idx]
                    rec(left, value + max(values), dead)

    rec(cards, 0, 0)
    return best_value, best_dead, full


_WIDE_DECK = [
    Card(r, s)
    for r in (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.KING, Rank.QUEEN)
    for s in Suit
]

_SMALL_DECK = [
    Card(r, s)
    for r in (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.QUEEN, Rank.KING)
    for s in (Suit.HEARTS, Suit.SPADES, Suit.CLUBS)
] * 2

small_hands = (
    st.tuples(
        st.lists(st.sampled_from(_SMALL_DECK), min_size=2, max_size=7),
        st.integers(min_value=0, max_value=2),
    )
    .map(lambda t: tuple(t[0]) + (JOKER,) * t[1])
    .filter(lambda h: all(n <= 2 for c, n in Counter(h).items() if not c.is_joker))
)


def _check_decomposition(hand: tuple[Card, ...], result: object) -> None:
    from cardrules.melds import Decomposition

    assert isinstance(result, Decomposition)
    laid: list[Card] = []
    for m in result.melds:
        again = check_meld(m.cards, kind=m.kind)
        assert meld_value(again) >= meld_value(m) or again.faces == m.faces
        laid.extend(m.cards)
    assert Counter(laid) + Counter(result.deadwood) == Counter(hand)
    assert result.value == sum(meld_value(m) for m in result.melds)


class TestSolver:
    """The decomposition solver is exact: it matches brute force on small hands."""

    @settings(max_examples=600, deadline=None)
    @given(small_hands)
    def test_solver_matches_brute_force(self, hand: tuple[Card, ...]) -> None:
        """Best value, least deadwood and 'all melded' agree with exhaustive search."""
        value, dead, full = _ref_best(hand)
        by_value = solve(hand, objective="value")
        by_dead = solve(hand, objective="deadwood")
        by_all = solve(hand, objective="all")
        for result in (by_value, by_dead, by_all):
            _check_decomposition(hand, result)
        assert by_value.value == value
        assert by_dead.deadwood_points == dead
        assert by_all.all_melded == full

    @settings(max_examples=150, deadline=None)
    @given(small_hands)
    def test_value_bound_is_an_upper_bound(self, hand: tuple[Card, ...]) -> None:
        """value_bound never undercuts the solver's best value (default and Canasta rules)."""
        assert value_bound(hand) >= solve(hand).value
        canasta = MeldRules(
            runs_allowed=False, max_set_size=None, set_suits_distinct=False, min_naturals=2
        )
        assert value_bound(hand, canasta) >= solve(hand, canasta).value

    @settings(max_examples=200, deadline=None)
    @given(
        st.lists(st.sampled_from([*_ALL, *_ALL, JOKER, JOKER]), max_size=15),
        st.builds(
            MeldRules,
            min_length=st.integers(min_value=2, max_value=4),
            sets_allowed=st.booleans(),
            runs_allowed=st.booleans(),
            max_set_size=st.sampled_from([None, 4, 5]),
            set_suits_distinct=st.booleans(),
            ace_low=st.booleans(),
            ace_high=st.booleans(),
            wrap_around=st.booleans(),
            jokers_allowed=st.booleans(),
            wild_ranks=st.sampled_from([frozenset(), frozenset({Rank.TWO})]),
            max_jokers=st.sampled_from([None, 0, 1]),
            min_naturals=st.integers(min_value=1, max_value=2),
        ),
    )
    def test_value_bound_and_search_only_values(self, hand: list[Card], rules: MeldRules) -> None:
        """Under any rules: value_bound is an upper bound of the best value, and the
        solver's value and leftover count read from its search alone match solve()."""
        from cardrules.melds import _best_value, _fewest_left, _hand_key

        if any(n > 7 for c, n in Counter(hand).items() if not c.is_joker):
            return
        key = _hand_key(hand)
        by_value = solve(hand, rules)
        assert value_bound(hand, rules) >= by_value.value
        assert _best_value(key, rules) == by_value.value
        assert _fewest_left(key, rules) == len(solve(hand, rules, objective="all").deadwood)

    def test_value_bound_hand_counted(self) -> None:
        """Only cards that could meld count: 5h6h7h (18); 9c9d with a joker (18 + 11)."""
        assert value_bound(C("5h 6h 7h Kc 2d")) == 18
        assert value_bound(C("9c 9d Jk 2s")) == 9 + 9 + 11  # 2s cannot meld with one joker

    @settings(max_examples=120, deadline=None)
    @given(
        st.lists(st.sampled_from(_WIDE_DECK), min_size=8, max_size=11),
        st.integers(min_value=0, max_value=2),
    )
    def test_solver_matches_brute_force_larger(self, cards: list[Card], jokers: int) -> None:
        """Up to 13 cards over four suits (sets of four, long runs, two copies) agree too."""
        if any(n > 2 for n in Counter(cards).values()):
            return
        hand = (*cards, *(JOKER,) * jokers)
        value, dead, full = _ref_best(hand)
        assert solve(hand, objective="value").value == value
        assert solve(hand, objective="deadwood").deadwood_points == dead
        assert solve(hand, objective="all").all_melded == full

    def test_known_hand(self) -> None:
        """Hand-solved: 5h6h7h + 7s7d: the set of sevens (21) beats the run (18)."""
        result = solve(C("5h 6h 7h 7s 7d Kc"))
        assert result.value == 21
        both = solve(C("5h 6h 7h 7s 7d 7c Kc"))  # run 5-6-7 + set 7s7d7c = 18 + 21
        assert both.value == 39

    def test_jokers_go_high(self) -> None:
        """Two jokers beside Qh Kh... value 10+10+11 with Jk as Ah beats Jh."""
        result = solve(C("Qh Kh Jk"))
        assert result.value == 31
        assert result.melds[0].faces[-1] == parse_card("Ah")

    def test_fourteen_cards_all_melded(self) -> None:
        """A 14-card hand that melds completely is found."""
        hand = C("Ah 2h 3h 4h 7c 7d 7s Jk 9s Ts Js Qd Kd Ad")
        result = solve(hand, objective="all")
        assert result.all_melded
        assert len(result.melds) == 4

    def test_two_copies_two_runs(self) -> None:
        """Two packs: 5h6h7h twice makes two runs."""
        result = solve(C("5h 6h 7h 5h 6h 7h"), objective="all")
        assert result.all_melded
        assert result.value == 36

    def test_candidates_listed(self) -> None:
        """candidate_melds lists both the set and the run of a small hand."""
        found = {str(m) for m in candidate_melds(C("5h 6h 7h 7s 7d"))}
        assert found == {"7d-7h-7s", "5h-6h-7h"}

    @settings(max_examples=100, deadline=None)
    @given(small_hands, st.randoms(use_true_random=False))
    def test_any_card_order_same_result(self, hand: tuple[Card, ...], rnd: Any) -> None:
        """Candidates and solutions do not depend on the order of the cards (nor on the
        hands the solver remembers)."""
        shuffled = list(hand)
        rnd.shuffle(shuffled)
        assert candidate_melds(hand) == candidate_melds(shuffled)
        for objective in ("value", "deadwood", "all"):
            assert solve(hand, objective=objective) == solve(shuffled, objective=objective)

    @settings(max_examples=100, deadline=None)
    @given(small_hands)
    def test_opening_values(self, hand: tuple[Card, ...]) -> None:
        """Each candidate's opening value is its value plus the best value of the rest."""
        from cardrules.melds import _opening_values

        values = _opening_values(tuple(sorted(hand)), DEFAULT_RULES)
        for meld, value in zip(candidate_melds(hand), values, strict=True):
            rest = list(hand)
            for card in meld.cards:
                rest.remove(card)
            assert value == meld_value(meld) + solve(rest).value

    @settings(max_examples=100, deadline=None)
    @given(small_hands)
    def test_opening_values_holding_a_card(self, hand: tuple[Card, ...]) -> None:
        """With a card named, the opening values of the melds holding it, -1 for the rest."""
        from cardrules.melds import _opening_values

        key = tuple(sorted(hand))
        values = _opening_values(key, DEFAULT_RULES)
        for card in set(hand):
            holding = _opening_values(key, DEFAULT_RULES, card)
            for meld, value, only in zip(candidate_melds(hand), values, holding, strict=True):
                assert only == (value if card in meld.cards else -1)

    def test_default_rules_object(self) -> None:
        """The defaults are the Turkish 51 meld rules."""
        assert DEFAULT_RULES.max_set_size == 4
        assert DEFAULT_RULES.ace_low
        assert DEFAULT_RULES.ace_high
        assert not DEFAULT_RULES.wrap_around
