"""Hold'em ranges: parse_range and range_equity (cardrules.poker).

The hands of range text are checked by counting (a pair 6, suited 4, offsuit
12) and against pokerkit's parse_range where it is installed; range equity
against figures published by others, treys enumerating every matchup and
board itself, and the sum of each matchup counted alone.
"""

from __future__ import annotations

import importlib.util
from itertools import product

import pytest

from cardrules import InvalidCardError, parse_cards
from cardrules.poker import InvalidRangeError, equity, parse_range, range_equity

from .test_poker_equity import counts, needs_treys, treys_enumeration


class TestRanges:
    """Range notation read into hands."""

    @pytest.mark.parametrize(
        ("text", "size"),
        [
            ("AA", 6),
            ("22", 6),
            ("AKs", 4),
            ("KQo", 12),
            ("AK", 16),
            ("TT+", 30),
            ("22-55", 24),
            ("55-22", 24),
            ("A5s-A2s", 16),
            ("KTs+", 12),
            ("KTo+", 36),
            ("T9s-65s", 20),
            ("AhKh", 1),
            ("Ah Kh", 1),
            ("aks, KK", 10),
            ("QQ+,AK", 34),
            ("AA AA As Ah", 6),
        ],
    )
    def test_combo_counts(self, text: str, size: int) -> None:
        """A pair 6, suited 4, offsuit 12 combos; spans and plus forms add them up."""
        hands = parse_range(text)
        assert len(hands) == size
        assert len({frozenset(h) for h in hands}) == size
        assert all(h[0].rank >= h[1].rank for h in hands)

    @pytest.mark.skipif(importlib.util.find_spec("pokerkit") is None, reason="needs pokerkit")
    @pytest.mark.parametrize(
        "text", ["AA", "TT+", "22-55", "AKs", "KQo", "AK", "KTs+", "T9s-65s", "AhKh", "QQ+ AJs"]
    )
    def test_same_hands_as_pokerkit(self, text: str) -> None:
        """The same hands as pokerkit's parse_range reads from the same text."""
        from pokerkit import parse_range as pk_parse

        theirs = {frozenset(map(repr, hand)) for hand in pk_parse(text)}
        ours = {frozenset(map(str, hand)) for hand in parse_range(text)}
        assert ours == theirs

    def test_dead_cards_removed(self) -> None:
        """Hands holding a dead card are dropped."""
        assert len(parse_range("AA", dead="As")) == 3
        assert len(parse_range("AKs", dead=parse_cards("Ah Kd"))) == 2
        assert len(parse_range("AK", dead="As Ks")) == 9

    @pytest.mark.parametrize(
        ("text", "words"),
        [
            ("AK, QZs", "token 'QZs' is no hand"),
            ("AAs", "a pair is neither suited nor offsuit"),
            ("A5s-K2s", "a dash joins"),
            ("AKs-AQo", "a dash joins"),
            ("T9s-64s", "a dash joins"),
            ("AsAs", "holds one card twice"),
            ("", "names no hand"),
            (" , ", "names no hand"),
            ("AK+-", "is no hand"),
        ],
    )
    def test_bad_text_named(self, text: str, words: str) -> None:
        """Bad text: InvalidRangeError quoting the input and saying what is wrong."""
        with pytest.raises(InvalidRangeError, match=words) as info:
            parse_range(text)
        assert repr(text)[:20].strip("'") in str(info.value)

    def test_nothing_left(self) -> None:
        """A range with no hand left once the dead cards are out."""
        with pytest.raises(InvalidRangeError, match="no hand left"):
            parse_range("AhKh", dead="Kh")


class TestRangeEquity:
    """Ranges against ranges and hands."""

    def test_range_is_the_sum_of_its_matchups(self) -> None:
        """Exact range equity equals the sum of every matchup counted alone."""
        aa, aks = range_equity(["AA", "AKs"])
        wins = ties = total = 0
        for a, b in product(parse_range("AA"), parse_range("AKs")):
            if set(a) & set(b):
                continue
            mine, _ = equity([a, b])
            wins, ties, total = wins + mine.wins, ties + mine.ties, total + mine.total
        assert aa.exact
        assert (aa.wins, aa.ties, aa.total) == (wins, ties, total)
        assert aks.losses == wins

    @needs_treys
    def test_flop_ranges_against_treys(self) -> None:
        """On a flop, every matchup of two small ranges, counted by treys."""
        board = parse_cards("Kd 7c 2h")
        first, second = range_equity(["AA, 77", "KK, AKs, 72s"], board=board)
        expected = [0, 0, 0]
        for a, b in product(parse_range("AA, 77", board), parse_range("KK, AKs, 72s", board)):
            if set(a) & set(b):
                continue
            for i, n in enumerate(treys_enumeration([a, b], board)[0]):
                expected[i] += n
        assert counts(first) == tuple(expected)
        assert counts(second) == (expected[2], expected[1], expected[0])

    def test_big_ranges_are_sampled(self) -> None:
        """Wide pre-flop ranges are sampled, with a standard error."""
        wide, _tight = range_equity(["22+, A2+, K2+", "QQ+, AK"], samples=None, rng=4)
        assert not wide.exact
        assert wide.total == 20_000
        assert 0 < wide.stderr < 0.01
        assert 0.25 < wide.equity < 0.40

    def test_sampled_ranges_near_exact(self) -> None:
        """Sampling a small case lands near its exact count."""
        exact, _ = range_equity(["AA", "KK, AKs"], board="Kd 7c 2h")
        sampled, _ = range_equity(["AA", "KK, AKs"], board="Kd 7c 2h", samples=8000, rng=9)
        assert abs(sampled.equity - exact.equity) < 4 * sampled.stderr

    def test_three_ranges(self) -> None:
        """Three ranges: shares add up to the deals."""
        found = range_equity(["AA", "KK", "QQ"], board="2c 7d 9h Js")
        assert found[0].exact
        assert sum(r.share for r in found) == found[0].total
        assert found[0].total == 6 * 6 * 6 * 42  # 52 - 6 hole - 4 board cards: 42 rivers

    def test_clashing_ranges(self) -> None:
        """Ranges that can never be dealt together are refused."""
        with pytest.raises(InvalidCardError, match="sharing a card"):
            range_equity(["AhKh", "AhQh"])


class TestSuitClasses:
    """The classes up to suits keep the board and the dead cards in place."""

    @pytest.mark.parametrize(
        ("first", "second", "board", "dead"),
        [
            ("AA, KK", "QQ, AKs", "Kd 7c 2h", "2s 9d"),
            ("AKs, 76s", "TT+", "Ah 8h 3c 4h", "Ks"),
            ("AKs", "JJ", "", "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc"),
        ],
    )
    def test_classes_match_every_matchup(
        self, first: str, second: str, board: str, dead: str
    ) -> None:
        """Counting once per class equals counting every matchup alone."""
        found = range_equity([first, second], board=board, dead=dead)
        gone = parse_cards(board) + parse_cards(dead)
        wins = ties = total = 0
        for a, b in product(parse_range(first, gone), parse_range(second, gone)):
            if set(a) & set(b):
                continue
            mine, _ = equity([a, b], board, dead)
            wins, ties, total = wins + mine.wins, ties + mine.ties, total + mine.total
        assert found[0].exact
        assert (found[0].wins, found[0].ties, found[0].total) == (wins, ties, total)
