"""Hold'em equity and ranges (cardrules.poker.equity, range_equity, parse_range, equity_vs_random).

Every expected figure comes from outside this library: exact counts published
by others (GNU poker-eval's output, calculators' percentages), treys (the test
extra) enumerating every board itself, and pokerkit's range parser and hand
evaluator where it is installed. The hand ranking itself is LIR-3 of
seeds/let_it_ride.md (tested in test_poker_evaluate.py).
"""

from __future__ import annotations

import contextlib
import importlib.util
import math
import random
import time
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import JOKER, Card, CardRulesError, InvalidCardError, OptionError, decks, parse_cards
from cardrules.poker import (
    HandEquity,
    InvalidRangeError,
    equity,
    equity_vs_random,
    parse_range,
    range_equity,
)
from cardrules.poker._equity import rank_multisets

from .strategies import junk_text

PACK = decks.standard().cards
HAS_TREYS = importlib.util.find_spec("treys") is not None
needs_treys = pytest.mark.skipif(not HAS_TREYS, reason="treys (test extra) not installed")


def counts(result: HandEquity) -> tuple[int, int, int]:
    return result.wins, result.ties, result.losses


def cards_of(text: str) -> tuple[Card, ...]:
    text = text.replace(" ", "")
    return parse_cards(" ".join(text[i : i + 2] for i in range(0, len(text), 2)))


def treys_enumeration(
    hands: Sequence[Sequence[Card]], board: Sequence[Card] = (), dead: Sequence[Card] = ()
) -> list[tuple[int, int, int]]:
    """(wins, ties, losses) of each hand over every board, counted by treys alone."""
    import treys

    evaluate = treys.Evaluator().evaluate
    new = treys.Card.new
    used = {c for h in hands for c in h} | set(board) | set(dead)
    rest = [new(str(c)) for c in PACK if c not in used]
    fixed = [new(str(c)) for c in board]
    ints = [[new(str(c)) for c in h] for h in hands]
    out = [[0, 0, 0] for _ in hands]
    for extra in combinations(rest, 5 - len(fixed)):
        full = fixed + list(extra)
        ranks = [evaluate(h, full) for h in ints]  # lower is better in treys
        best = min(ranks)
        shared = ranks.count(best)
        for i, rank in enumerate(ranks):
            out[i][2 if rank != best else 0 if shared == 1 else 1] += 1
    return [tuple(x) for x in out]  # type: ignore[misc]


# --------------------------------------------------------------------------- published figures


class TestPublishedCounts:
    """Exact pre-flop counts published by others, over all 1,712,304 boards."""

    def test_aces_against_kings_issue_and_poker_eval(self) -> None:
        """AdAc v KhKs: 1,388,072 wins, 317,694 losses, 6,538 ties (GNU poker-eval, issue 25)."""
        aces, kings = equity(["AdAc", "KhKs"])
        assert aces.total == kings.total == math.comb(48, 5) == 1_712_304
        assert counts(aces) == (1_388_072, 6_538, 317_694)
        assert counts(kings) == (317_694, 6_538, 1_388_072)
        assert aces.exact
        assert aces.stderr == 0.0
        assert aces.share == 1_388_072 + Fraction(6_538, 2)
        assert round(aces.equity, 3) == 0.813  # poker-eval's EV column

    def test_aces_against_ten_nine_suited_poker_eval(self) -> None:
        """AdAc v Td9d: 1,338,249 / 367,143 / 6,912 (GNU poker-eval hcmp2, brainwagon.org 2005)."""
        aces, tens = equity([cards_of("AdAc"), "Td 9d"])
        assert counts(aces) == (1_338_249, 6_912, 367_143)
        assert round(tens.equity, 3) == 0.216

    def test_aces_against_queen_jack_poker_eval(self) -> None:
        """AdAc v QcJh: 1,450,987 / 254,763 / 6,554 (GNU poker-eval hcmp2)."""
        aces, _ = equity(["Ad Ac", "Qc Jh"])
        assert counts(aces) == (1_450_987, 6_554, 254_763)

    def test_kings_against_king_two_best_suits(self) -> None:
        """Kings v king-deuce, the 2 of a king's suit: 1,612,287 wins, 26,192 ties (94.92%)."""
        kings, _ = equity(["Kd Kh", "Kc 2d"])
        assert (kings.wins, kings.ties, kings.total) == (1_612_287, 26_192, 1_712_304)
        assert round(100 * kings.equity, 2) == 94.92
        four_suits, _ = equity(["Kd Kh", "Kc 2s"])  # "with four suits (94.03%)"
        assert round(100 * four_suits.equity, 2) == 94.03

    def test_win_percentages_upswing(self) -> None:
        """Aces' win percentages published by Upswing Poker: 82.36, 76.83, 77.88."""
        same, _ = equity(["As Ah", "Ks Kh"])
        assert round(100 * same.wins / same.total, 2) == 82.36
        apart, _ = equity(["As Ad", "8c 7c"])
        assert round(100 * apart.wins / apart.total, 2) == 76.83
        shared, _ = equity(["As Ac", "7c 6c"])
        assert round(100 * shared.wins / shared.total, 2) == 77.88

    def test_kings_against_aces_range_kevin_gong(self) -> None:
        """KK v AA (any suits): aces 81.946% (Kevin Gong, 2007); 82.6 / 81.9 / 81.3 by suits."""
        _, aces = range_equity(["Kh Ks", "AA"])
        assert aces.exact
        assert aces.total == 6 * 1_712_304
        assert abs(100 * aces.equity - 81.946031) < 1e-4
        both, _ = equity(["Ah As", "Kh Ks"])
        one, _ = equity(["Ah Ad", "Kh Ks"])
        none, _ = equity(["Ac Ad", "Kh Ks"])
        assert [round(100 * r.equity, 1) for r in (both, one, none)] == [82.6, 81.9, 81.3]

    def test_kings_against_aces_or_kings_kevin_gong(self) -> None:
        """KK v {AA, KK}: six aces and one kings left, the range has 77.4% (Kevin Gong)."""
        _, villain = range_equity(["Kh Ks", "AA, KK"])
        assert round(100 * villain.equity, 1) == 77.4
        assert villain.total == 7 * 1_712_304


class TestAgainstTreys:
    """The same counts as treys enumerating every board itself."""

    # Counted by treys over every board (bench/poker_equity.py --oracle ...).
    PREFLOP: ClassVar[dict[tuple[str, ...], list[tuple[int, int, int]]]] = {
        ("AhKh", "2c2d"): [(852_207, 10_775, 849_322), (849_322, 10_775, 852_207)],
        ("AhKh", "AdKd"): [(122_556, 1_467_192, 122_556), (122_556, 1_467_192, 122_556)],
        ("AhKh", "QhJh"): [(1_124_180, 10_327, 577_797), (577_797, 10_327, 1_124_180)],
        ("7h6h", "AsAd"): [(391_637, 5_499, 1_315_168), (1_315_168, 5_499, 391_637)],
        ("AsKd", "QhQc"): [(730_541, 5_854, 975_909), (975_909, 5_854, 730_541)],
        # The two other suit classes of KK v AA (test_kings_against_aces_range_kevin_gong).
        ("AhAs", "KhKs"): [(1_410_336, 9_308, 292_660), (292_660, 9_308, 1_410_336)],
        ("AhAd", "KhKs"): [(1_399_204, 7_923, 305_177), (305_177, 7_923, 1_399_204)],
        ("AhKh", "QsJs", "2c2d"): [
            (541_933, 6_183, 822_638),
            (436_538, 6_183, 928_033),
            (386_100, 6_183, 978_471),
        ],
        ("AsAh", "KsKh", "QsQh", "JsJh"): [
            (595_374, 7_128, 483_506),
            (187_438, 7_128, 891_442),
            (157_584, 7_128, 921_296),
            (138_484, 7_128, 940_396),
        ],
    }

    @pytest.mark.parametrize(("hands", "expected"), sorted(PREFLOP.items()))
    def test_preflop_treys_counts(
        self, hands: tuple[str, ...], expected: list[tuple[int, int, int]]
    ) -> None:
        """Pre-flop matchups, flushes on both sides and multiway ties included."""
        assert [counts(r) for r in equity(list(hands))] == expected

    @needs_treys
    @pytest.mark.parametrize("seed", range(24))
    def test_flop_turn_river_spots(self, seed: int) -> None:
        """Random spots: 2-4 hands, a flop, turn or river, some dead cards."""
        rng = random.Random(seed)
        players = rng.choice((2, 2, 3, 4))
        shown = rng.choice((3, 4, 5, 3))
        deal = rng.sample(PACK, 2 * players + shown + 3)
        hands = [deal[2 * i : 2 * i + 2] for i in range(players)]
        board = deal[2 * players : 2 * players + shown]
        dead = deal[2 * players + shown : 2 * players + shown + rng.choice((0, 1, 3))]
        found = equity(hands, board, dead)
        assert [counts(r) for r in found] == treys_enumeration(hands, board, dead)
        assert all(r.exact for r in found)

    @needs_treys
    @pytest.mark.parametrize(
        ("hands", "board"),
        [
            (["AhKh", "QhJh"], "2h 7h 9c"),  # both drawing to one flush
            (["AhKh", "AdKd", "AcKc"], "Qh Jd Tc"),  # a three-way split straight
            (["2c2d", "3h3s", "AhKd"], "4c 5d 6h"),  # straights, sets
            (["7h6h", "AsAd"], "8h 9h 2c 3s"),  # straight flush draws
            (["Ts9s", "Jh Jd"], "Ks Qs 8c"),  # wheel-less straight flush outs
            (["5h4h", "Ac2c"], "3h 3c 6c"),  # the wheel against a flush
        ],
    )
    def test_drawing_spots(self, hands: list[str], board: str) -> None:
        """Hand-picked flush and straight spots on the flop and turn."""
        found = equity(hands, board)
        assert [counts(r) for r in found] == treys_enumeration(
            [cards_of(h) for h in hands], parse_cards(board)
        )

    @pytest.mark.skipif(importlib.util.find_spec("pokerkit") is None, reason="needs pokerkit")
    def test_river_winners_pokerkit(self) -> None:
        """On complete boards the winners are those of pokerkit's StandardHighHand."""
        from pokerkit import Card as PKCard
        from pokerkit import StandardHighHand

        rng = random.Random(25)
        for _ in range(150):
            players = rng.randint(2, 6)
            deal = rng.sample(PACK, 2 * players + 5)
            hands = [deal[2 * i : 2 * i + 2] for i in range(players)]
            board = deal[-5:]
            found = equity(hands, board)
            pk_board = list(PKCard.parse("".join(map(str, board))))
            values = [
                StandardHighHand.from_game(list(PKCard.parse("".join(map(str, h)))), pk_board)
                for h in hands
            ]
            best = max(values)
            winners = [i for i, v in enumerate(values) if v == best]
            assert [i for i, r in enumerate(found) if r.losses == 0] == winners


class TestExact:
    """Properties of the exact count."""

    def test_rank_multisets_count_every_board(self) -> None:
        """The ways over the rank multisets add up to the number of boards."""
        available = [4] * 13
        available[12] = available[11] = 2
        for n in range(6):
            assert sum(w for _, w in rank_multisets(available, n)) == math.comb(48, n)

    def test_complete_board_is_one_board(self) -> None:
        """On the river there is one board; a split pot counts a half each."""
        a, b = equity(["Ah 2c", "As 3d"], board="Kc Qd Jh Ts 9c")
        assert (a.total, a.ties, a.share, b.share) == (1, 1, Fraction(1, 2), Fraction(1, 2))

    def test_two_of_three_split(self) -> None:
        """Two hands of three tie on the river: a half each, nothing to the third."""
        first, second, third = equity(["Ah Kd", "As Kc", "2c 3d"], board="Kh Qs 9d 7c 4h")
        assert (first.ties, first.share, second.share, third.losses) == (
            1,
            Fraction(1, 2),
            Fraction(1, 2),
            1,
        )

    def test_turn_hand_check(self) -> None:
        """AhKh v QsQd on Qh 7h 2c 5s, 3h dead: six hearts win (2h, 5h fill up the queens)."""
        hero, queens = equity(["Ah Kh", "Qs Qd"], board="Qh 7h 2c 5s", dead="3h")
        assert (hero.wins, hero.total, queens.wins) == (6, 43, 37)

    def test_three_way_ties_counted_once(self) -> None:
        """Counts of each hand add up to the boards; shares add up to the boards too."""
        found = equity(["AhKh", "AdKd", "AcKc"])
        assert all(r.wins + r.ties + r.losses == r.total == math.comb(46, 5) for r in found)
        assert sum(r.share for r in found) == found[0].total

    def test_order_and_suits_do_not_matter(self) -> None:
        """Swapping the hands swaps the results; renaming the suits changes nothing."""
        a, b = equity(["Ah Kh", "Qs Jd"], board="2h 9s")
        c, d = equity(["Qh Jc", "As Ks"], board="2s 9h")
        assert (counts(a), counts(b)) == (counts(d), counts(c))

    def test_pure_python(self) -> None:
        """The tested path is pure Python: counting imports no numpy."""
        import os
        import pathlib
        import subprocess
        import sys

        src = pathlib.Path(__file__).resolve().parent.parent / "src"
        code = (
            "import sys; from cardrules.poker import equity, range_equity;"
            "equity(['AhKh', '2c2d'], board='3c 4d 9s');"
            "range_equity(['AA', 'KK'], board='2c 3d 4h');"
            "print('numpy' in sys.modules)"
        )
        env = {**os.environ, "PYTHONPATH": str(src)}
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
        )
        assert done.stdout.strip() == "False"

    def test_preflop_exact_under_budget(self) -> None:
        """The figure: heads-up pre-flop exact in at most 1.5 s of CPU time (far under)."""
        equity(["2c 2d", "3h 3s"])  # the tables built
        start = time.process_time()
        equity(["AdAc", "KhKs"])
        assert time.process_time() - start < 1.5


class TestSampling:
    """Sampled boards, with a standard error."""

    def test_sampled_near_exact(self) -> None:
        """Sampling lands within four standard errors of the exact figure."""
        exact, _ = equity(["AhKh", "2c2d"])
        sampled, other = equity(["AhKh", "2c2d"], samples=20_000, rng=3)
        assert not sampled.exact
        assert sampled.total == 20_000
        assert abs(sampled.equity - exact.equity) < 4 * sampled.stderr
        assert 0.003 < sampled.stderr < 0.004  # about sqrt(p (1 - p) / n)
        assert sampled.share + other.share == 20_000

    def test_same_seed_same_result(self) -> None:
        """An int seed and a Random seeded alike give the same answer."""
        one = equity(["AhKh", "2c2d"], samples=500, rng=11)
        two = equity(["AhKh", "2c2d"], samples=500, rng=random.Random(11))
        assert one == two

    def test_river_samples_have_no_error(self) -> None:
        """Nothing left to deal: every sample is the same board."""
        hero, _ = equity(["Ah Kh", "Qs Qd"], board="Qh 7h 2c 5s 9h", samples=50, rng=1)
        assert (hero.wins, hero.stderr) == (50, 0.0)


class TestEquityVsRandom:
    """The bots' helper: against unknown hands."""

    def test_aces_against_one_random_hand(self) -> None:
        """Aces against a random hand: the published 85.2% (about 85%, Upswing, PokerStove)."""
        aces = equity_vs_random("As Ah", opponents=1, samples=30_000, rng=5)
        assert abs(aces.equity - 0.852) < 4 * aces.stderr + 0.001

    @needs_treys
    def test_river_against_treys(self) -> None:
        """On the river against one hand: the exact share over the 990 hands, by treys."""
        import treys

        evaluate, new = treys.Evaluator().evaluate, treys.Card.new
        hole, board = parse_cards("Qh Jh"), parse_cards("Qs 7h 2h 9c 3d")
        mine = evaluate([new(str(c)) for c in hole], [new(str(c)) for c in board])
        rest = [new(str(c)) for c in PACK if c not in hole and c not in board]
        share = Fraction(0)
        for villain in combinations(rest, 2):
            theirs = evaluate(list(villain), [new(str(c)) for c in board])
            share += 1 if mine < theirs else Fraction(1, 2) if mine == theirs else 0
        exact = share / 990
        found = equity_vs_random(hole, board, 1, samples=20_000, rng=2)
        assert abs(found.equity - float(exact)) < 4 * found.stderr + 1e-9

    def test_more_opponents_less_equity(self) -> None:
        """Against more hands a hand wins less often; counts add up."""
        one = equity_vs_random("Qd Qc", samples=3000, rng=1)
        five = equity_vs_random("Qd Qc", opponents=5, samples=3000, rng=1)
        assert five.equity < one.equity
        assert five.wins + five.ties + five.losses == five.total == 3000


class TestHandEquity:
    """The result value."""

    def test_frozen_and_readable(self) -> None:
        """Frozen; str gives the percentage, counts and how it was found."""
        result, _ = equity(["AdAc", "KhKs"], board="2c 3c 4c 5d 9h")
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            result.wins = 3  # type: ignore[misc]
        assert str(result) == "100.00% (won 1, tied 0, lost 0 of 1 boards, exact)"
        assert result.tie_share == 0


# --------------------------------------------------------------------------- bad input

HANDS = ["AdAc", "KhKs"]


class TestBadInput:
    """Every input checked: a CardRulesError subclass saying what is wrong."""

    @pytest.mark.parametrize(
        ("kwargs", "error", "words"),
        [
            ({"hands": "AdAc KhKs"}, InvalidCardError, "sequence of hands"),
            ({"hands": 3}, InvalidCardError, "sequence of hands"),
            ({"hands": ["AdAc"]}, InvalidCardError, "two or more hands"),
            ({"hands": iter(lambda: "AdAc", None)}, InvalidCardError, "at most 26"),
            ({"hands": ["AdAcKs", "KhKd"]}, InvalidCardError, "two cards"),
            ({"hands": ["AdAd", "KhKs"]}, InvalidCardError, "twice"),
            ({"hands": ["AdAc", "AdKs"]}, InvalidCardError, "in hand 0 and in hand 1"),
            ({"hands": [[JOKER, parse_cards("Ad")[0]], "KhKs"]}, InvalidCardError, "natural"),
            ({"hands": [[1, 2], "KhKs"]}, InvalidCardError, "not a natural card"),
            ({"hands": ["AdXx", "KhKs"]}, InvalidCardError, "hand 0"),
            ({"board": "2c 3c 4c 5c 6c 7c"}, InvalidCardError, "at most 5"),
            ({"board": "Ad 3c 4c"}, InvalidCardError, "in hand 0 and in the board"),
            ({"board": 5}, InvalidCardError, "sequence of cards"),
            ({"dead": range(10**12)}, InvalidCardError, "more than 52"),
            ({"dead": "Kh"}, InvalidCardError, "in hand 1 and in the dead cards"),
            ({"dead": "2c", "board": "2c"}, InvalidCardError, "board and in the dead"),
            ({"samples": 0}, OptionError, "samples"),
            ({"samples": True}, OptionError, "samples"),
            ({"samples": 10**9}, OptionError, "samples"),
            ({"samples": "10"}, OptionError, "samples"),
            ({"rng": "seed"}, OptionError, "rng"),
        ],
    )
    def test_equity_refuses(self, kwargs: dict[str, object], error: type, words: str) -> None:
        """equity: bad hands, boards, dead cards, samples and generators."""
        args = {"hands": HANDS, **kwargs}
        with pytest.raises(error, match=words):
            equity(**args)  # type: ignore[arg-type]

    def test_not_enough_cards(self) -> None:
        """Too many hands for the pack."""
        deal = [PACK[i : i + 2] for i in range(0, 48, 2)]
        with pytest.raises(InvalidCardError, match="cards are left"):
            equity(deal)

    @pytest.mark.parametrize(
        ("args", "kwargs", "error"),
        [
            (("AsAh",), {"opponents": 0}, OptionError),
            (("AsAh",), {"opponents": 23}, OptionError),
            (("AsAh",), {"opponents": "2"}, OptionError),
            (("AsAh",), {"samples": -5}, OptionError),
            (("AsAh", "As 2c 3c"), {}, InvalidCardError),
            (("As",), {}, InvalidCardError),
            (("AsAh", "2c 3c 4c 5c 6c 7c"), {}, InvalidCardError),
        ],
    )
    def test_equity_vs_random_refuses(
        self, args: tuple[object, ...], kwargs: dict[str, object], error: type
    ) -> None:
        """equity_vs_random: bad holes, boards, opponents and samples."""
        with pytest.raises(error):
            equity_vs_random(*args, **kwargs)  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        ("ranges", "error"),
        [
            ("AA", InvalidCardError),
            (["AA"], InvalidCardError),
            (["AA", "KQx"], InvalidRangeError),
            (["AA", 7], InvalidRangeError),
            (["AA", []], InvalidRangeError),
            (["AA", [parse_cards("Ks Kh Kd")]], InvalidRangeError),
            (["AA", iter(lambda: "AhKh", None)], InvalidRangeError),
            (iter(lambda: "AA", None), InvalidCardError),
        ],
    )
    def test_range_equity_refuses(self, ranges: object, error: type) -> None:
        """range_equity: bad ranges."""
        with pytest.raises(error):
            range_equity(ranges)  # type: ignore[arg-type]

    def test_parse_range_takes_text(self) -> None:
        """parse_range reads text only."""
        with pytest.raises(InvalidRangeError, match="reads text"):
            parse_range(["AA"])  # type: ignore[arg-type]


junk = st.one_of(
    junk_text,
    st.none(),
    st.integers(-3, 60),
    st.booleans(),
    st.lists(st.sampled_from(PACK), max_size=7),
    st.lists(st.one_of(st.lists(st.sampled_from(PACK), max_size=3), junk_text), max_size=4),
    st.lists(st.sampled_from([*PACK[:6], JOKER, "x", 3]), max_size=3),
    st.sampled_from(["AA", "KK", "AhKh", "Ah Kh", "QQ+", "2c 3c 4c"]),
)


class TestOnlyOurErrors:
    """Hypothesis: nothing but a CardRulesError ever escapes the public functions."""

    @settings(max_examples=150, deadline=None)
    @given(hands=junk, board=junk, dead=junk, samples=st.sampled_from([None, 5, 0, "x"]))
    def test_equity(self, hands: object, board: object, dead: object, samples: object) -> None:
        with contextlib.suppress(CardRulesError):
            equity(hands, board, dead, samples=samples, rng=1)  # type: ignore[arg-type]

    @settings(max_examples=150, deadline=None)
    @given(ranges=st.lists(junk, max_size=3) | junk, board=junk, dead=junk)
    def test_range_equity(self, ranges: object, board: object, dead: object) -> None:
        with contextlib.suppress(CardRulesError):
            range_equity(ranges, board, dead, samples=20, rng=1)  # type: ignore[arg-type]

    @settings(max_examples=150, deadline=None)
    @given(text=junk, dead=junk)
    def test_parse_range(self, text: object, dead: object) -> None:
        with contextlib.suppress(CardRulesError):
            parse_range(text, dead)  # type: ignore[arg-type]

    @settings(max_examples=150, deadline=None)
    @given(hole=junk, board=junk, opponents=st.integers(-1, 30) | junk, samples=junk)
    def test_equity_vs_random(
        self, hole: object, board: object, opponents: object, samples: object
    ) -> None:
        with contextlib.suppress(CardRulesError):
            equity_vs_random(hole, board, opponents, samples=samples, rng=1)  # type: ignore[arg-type]
