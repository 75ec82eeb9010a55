"""No-Elimination Thirty-One: each test names the clause of
seeds/thirty_one_no_elimination.md it checks."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from cardrules import CardRulesError, InvalidCardError, OptionError, games, parse_cards
from cardrules.games import thirty_one
from cardrules.games import thirty_one_no_elimination as t31n
from cardrules.games.thirty_one import DRAW_DISCARD, DRAW_STOCK, KNOCK, PASS, Discard, End
from cardrules.games.thirty_one_no_elimination import deal_points
from cardrules.testing import check_game


def game(**options: Any) -> t31n.ThirtyOneNoElimination:
    created = games.create("thirty_one_no_elimination", **options)
    assert isinstance(created, t31n.ThirtyOneNoElimination)
    return created


def table(hands: list[str], discard: str, turn: int = 1, **options: Any) -> t31n.State:
    """A three-player deal with these hands and the discard pile's top card;
    seat ``turn`` to move."""
    state = game(players=len(hands), **options).new_game(seed=4)
    cards = tuple(parse_cards(h) for h in hands)
    top = parse_cards(discard)
    rest = tuple(c for c in state.deck().cards if all(c not in h for h in (*cards, top)))
    new = attrs.evolve(state, hands=cards, stock=rest, discard=top, turn=turn, knocker=None)
    new.validate()
    return new


def hands(*texts: str) -> list[tuple[Any, ...]]:
    return [parse_cards(t) for t in texts]


# Totals: 4, 21, 19.
LOW, KNOCKER, MIDDLE = "2c 3d 4h", "Ac Kc 5d", "9s 8s 2s"


class TestPlay:
    def test_t31n_1_1_two_to_nine_players(self) -> None:
        """Two to nine seats are accepted; one and ten are refused."""
        for n in range(2, 10):
            assert game(players=n).new_game(seed=n).points == (0,) * n
        for n in (1, 10):
            with pytest.raises(OptionError, match="players"):
                game(players=n)

    def test_t31n_1_1_play_is_thirty_ones(self) -> None:
        """The same seed and the same choices give the same first deal as Thirty-One."""
        plain = games.create("thirty_one", players=3, deals=1)
        scored = game(players=3, deals=1)
        for seed in range(5):
            a, b = plain.new_game(seed), scored.new_game(seed)
            rng = random.Random(seed)
            while not a.is_terminal:
                assert a.legal_moves() == b.legal_moves()
                assert a.hands == b.hands
                move = rng.choice(a.legal_moves())
                a, b = a.apply(move), b.apply(move)
            assert b.is_terminal
            assert a.last_deal is not None
            assert b.last_deal is not None
            assert a.last_deal.end == b.last_deal.end

    def test_t31n_1_2_no_tokens_no_elimination(self) -> None:
        """There is no tokens option, and every seat stays in over a series."""
        with pytest.raises(OptionError, match="tokens"):
            game(tokens=3)
        g = game(players=4, deals=6)
        rng = random.Random(2)
        state = g.new_game(seed=9)
        while not state.is_terminal:
            assert all(state.alive)
            assert all(len(h) >= 3 for h in state.hands)
            state = state.apply(rng.choice(state.legal_moves()))
        assert all(state.alive)

    def test_t31n_2_1_deal_passes_on(self) -> None:
        """After a deal the next seat deals."""
        state = table([LOW, KNOCKER, MIDDLE], "7d")
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.deal == 1
        assert state.dealer == 1


class TestChart:
    def test_t31n_3_1_knocker_highest(self) -> None:
        """The knocker highest scores 3; the middle other 2, the lowest other 1."""
        assert deal_points(hands("Ac Kc 8c", "Qh Th 7d", "Ts 2d 3c"), knocker=0) == (3, 2, 1)

    def test_t31n_3_1_knocker_lowest(self) -> None:
        """The knocker lowest scores 0; the highest other 4, the middle other 2."""
        assert deal_points(hands("Ts 2d 3c", "Ac Kc 8c", "Qh Th 7d"), knocker=0) == (0, 4, 2)

    def test_t31n_3_1_knocker_middle(self) -> None:
        """The knocker in the middle scores 1."""
        assert deal_points(hands("Ac Kc 8c", "Qh Th 7d", "Ts 2d 3c"), knocker=1) == (4, 1, 1)

    def test_t31n_3_2_blitz_scores_six(self) -> None:
        """A 31 scores 6; the next best is then a middle total."""
        points = deal_points(hands("Ah Kh Qh", "Jc 9c 2d", "4s 3s 5d", "8d 7d 6c"), knocker=1)
        assert points == (6, 1, 1, 2)
        assert deal_points(hands("Ah Kh Qh", "As Ks Qs"), knocker=0) == (6, 6)

    def test_t31n_3_3_ties_take_the_better_category(self) -> None:
        """All equal: all highest. Two tied lowest: both lowest."""
        assert deal_points(hands("Kc Qd Jh", "Ks Qc Jd", "Kh Qs Jc"), knocker=2) == (4, 4, 3)
        assert deal_points(hands("Ac Kc 3d", "Th 2d 3c", "Td 2s 3h"), knocker=1) == (4, 0, 1)

    def test_t31n_3_3_totals_not_card_ranks(self) -> None:
        """King-high and queen-high 20s are equal totals here."""
        assert deal_points(hands("Kc Tc 2d", "Qh Th 3s", "5c 6d 2h"), knocker=None) == (4, 4, 1)

    def test_t31n_3_three_of_a_kind_option(self) -> None:
        """With the option, three sevens count 30 and beat 29."""
        trips = hands("7c 7d 7h", "Ac Kc 8c")
        assert deal_points(trips, knocker=1) == (1, 3)
        assert deal_points(trips, knocker=1, three_of_a_kind=True) == (4, 0)

    def test_t31n_3_5_blitz_without_knocker(self) -> None:
        """With no knocker everyone scores from the others' column; two 31s both score 6."""
        assert deal_points(hands("Ah Kh Qh", "As Ks Js", "2c 3d 4h")) == (6, 6, 1)
        assert deal_points(hands("Ah Kh Qh", "Tc 2d 3h", "Ts 3s 4d")) == (6, 1, 2)

    def test_t31n_3_bad_input(self) -> None:
        """Bad hands and bad knockers are refused with library errors."""
        with pytest.raises(InvalidCardError, match="3 cards"):
            deal_points(hands("Ac Kc", "2h 3h 4h"))
        with pytest.raises(InvalidCardError, match="twice"):
            deal_points(hands("Ac Ac Kc", "2h 3h 4h"))
        with pytest.raises(OptionError, match="knocker"):
            deal_points(hands("Ac Kc Qc", "2h 3h 4h"), knocker=2)
        with pytest.raises(OptionError, match="at least two"):
            deal_points(hands("Ac Kc Qc"))
        with pytest.raises(InvalidCardError):
            deal_points([("Ac", "Kc", "Qc"), parse_cards("2h 3h 4h")])  # type: ignore[list-item]
        for junk in (None, 3, "Ac Kc Qc", [None, None], [3, parse_cards("2h 3h 4h")]):
            with pytest.raises(CardRulesError):
                deal_points(junk)  # type: ignore[arg-type]

    def test_t31n_3_6_one_pack_two_to_nine_hands(self) -> None:
        """A card in two hands, or ten hands, cannot be one deal of one pack."""
        with pytest.raises(InvalidCardError, match="Kc is in two hands"):
            deal_points(hands("Kc Qc 9c", "Kc Qs 9s"))
        ten = [" ".join(f"{r}{s}" for s in "cdh") for r in "23456789TJ"]
        with pytest.raises(OptionError, match="at most 9"):
            deal_points(hands(*ten))
        # totals 2 to 10 (seat 8, the knocker, highest): lowest 1, middles 2, knocker 3
        assert deal_points(hands(*ten[:9]), knocker=8) == (1, 2, 2, 2, 2, 2, 2, 2, 3)
        with pytest.raises(InvalidCardError, match="not a card"):
            deal_points([[[1], [2], [3]], parse_cards("2h 3h 4h")])  # type: ignore[list-item]


class TestPublishedChart:
    def test_t31n_3_7_published_chart_swaps_the_columns(self) -> None:
        """chart="published": the knocker scores 4, 2 or 1 and the others 3, 1 or 0;
        Blitz stays 6 for everyone."""
        low, high, mid = hands(LOW, KNOCKER, MIDDLE)
        assert deal_points([low, high, mid], knocker=1, chart="published") == (0, 4, 1)
        assert deal_points([low, high, mid], knocker=0, chart="published") == (1, 3, 1)
        assert deal_points([low, high, mid], knocker=2, chart="published") == (0, 3, 2)
        assert deal_points([low, high, mid], knocker=1) == (1, 3, 2)  # the text's chart
        blitz = hands("Ah Kh Qh", "2c 3d 4s")
        assert deal_points(blitz, knocker=0, chart="published") == (6, 0)

    def test_t31n_3_7_published_chart_in_play(self) -> None:
        """Seat 1 knocks on 21 and is highest: 4 under the published chart."""
        state = table([LOW, KNOCKER, MIDDLE], "7d", chart="published")
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.points == (0, 4, 1)

    def test_t31n_3_7_unknown_chart_is_refused(self) -> None:
        """An unknown chart is an OptionError, in the game and in deal_points."""
        with pytest.raises(OptionError):
            game(chart="mine")
        with pytest.raises(OptionError, match=r"T31N-3\.7"):
            deal_points(hands(LOW, KNOCKER), chart="mine")

    def test_t31n_1_1_three_of_a_kind_value(self) -> None:
        """Thirty-One's 30.5 for three of a kind (T31-3.5) is an option here too:
        the trips are highest above a 30 in one suit."""
        trips, thirty = hands("7c 7d 7h", "Ks Qs Js")
        got = deal_points(
            [trips, thirty], knocker=0, three_of_a_kind=True, three_of_a_kind_value=30.5
        )
        assert got == (3, 1)
        with pytest.raises(OptionError):
            game(three_of_a_kind_value=30.5)


class TestDeals:
    def test_t31n_3_1_knock_scores_the_chart(self) -> None:
        """Seat 1 knocks on 21 and is highest: 3; seat 2 middle: 2; seat 0 lowest: 1."""
        state = table([LOW, KNOCKER, MIDDLE], "7d")
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.end is End.KNOCK
        assert state.last_deal.values == (4, 21, 19)
        assert state.last_deal.points == (1, 3, 2)
        assert state.scores == (1, 3, 2)
        assert state.tokens == (0, 0, 0)

    def test_t31n_3_2_blitz_ends_the_deal(self) -> None:
        """Seat 1 takes the queen of hearts for 31: 6 for him, the others by totals."""
        state = table([LOW, "Ah Kh 5d", MIDDLE], "Qh")
        state = state.apply(DRAW_DISCARD).apply(Discard(parse_cards("5d")[0]))
        assert state.last_deal is not None
        assert state.last_deal.end is End.BLITZ
        assert state.last_deal.knocker is None
        assert state.last_deal.points == (1, 6, 2)

    def test_t31n_3_2_thirty_one_after_a_knock(self) -> None:
        """A 31 made on a last turn scores 6; the knocker on 21 is then middle: 1."""
        state = table([LOW, KNOCKER, "Ah Kh 5s"], "Qh")
        state = state.apply(KNOCK).apply(DRAW_DISCARD).apply(Discard(parse_cards("5s")[0]))
        assert state.last_deal is None  # no Blitz after a knock: seat 0 still plays
        state = state.apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.end is End.KNOCK
        assert state.last_deal.points == (1, 1, 6)

    def test_t31n_3_4_stock_exhausted_scores_nothing(self) -> None:
        """Drawing the last stock card before a knock: the drawer discards, then a
        draw, no points."""
        state = table([LOW, KNOCKER, MIDDLE], "7d")
        state = attrs.evolve(
            state, stock=state.stock[-1:], discard=(*state.stock[:-1], *state.discard)
        )
        state.validate()
        state = state.apply(DRAW_STOCK)
        drawn = state.hands[state.turn][-1]
        state = state.apply(Discard(drawn))
        assert state.last_deal is not None
        assert state.last_deal.end is End.STOCK_EXHAUSTED
        assert state.last_deal.points == (0, 0, 0)
        assert state.scores == (0, 0, 0)


class TestSeries:
    def test_t31n_4_1_ten_deals_by_default(self) -> None:
        """A series is 10 deals by default, then it is over."""
        g = game(players=3)
        assert g.options.deals == 10
        rng = random.Random(1)
        state = g.new_game(seed=3)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
        assert state.deal == 9
        assert sum(state.scores) > 0

    def test_t31n_4_1_deals_must_be_set(self) -> None:
        """deals=None is refused: nothing else would end the series."""
        with pytest.raises(OptionError, match="deals"):
            game(deals=None)

    def test_t31n_4_2_highest_total_wins(self) -> None:
        """The winner is the highest total; scores are the points."""
        state = table([LOW, KNOCKER, MIDDLE], "7d", deals=1)
        assert state.winner == ()
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.is_terminal
        assert state.winner == (1,)
        assert game().HIGHER_IS_BETTER

    def test_t31n_4_2_equal_totals_share_the_win(self) -> None:
        """Points 2, 0, 1 before a last deal scoring 1, 3, 2: all end on 3 and share."""
        state = table([LOW, KNOCKER, MIDDLE], "7d", deals=1)
        state = attrs.evolve(state, points=(2, 0, 1))
        state.validate()
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.scores == (3, 3, 3)
        assert state.winner == (0, 1, 2)

    def test_t31n_4_3_points_in_every_view(self) -> None:
        """Each seat's view shows the points; resampling keeps the view."""
        state = table([LOW, KNOCKER, MIDDLE], "7d")
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        for seat in range(3):
            view = state.view(seat)
            assert isinstance(view, thirty_one.View)
            assert view.points == (1, 3, 2)
            assert state.resample(seat, random.Random(seat)).view(seat) == view

    def test_t31n_4_4_conformance_and_greedy(self) -> None:
        """The kit passes on single deals and series; greedy series end."""
        check_game(game(players=3, deals=1), playouts=3)
        check_game(game(players=4, deals=3), playouts=2, deep_every=10)
        check_game(
            game(
                players=3,
                deals=2,
                chart="published",
                three_of_a_kind=True,
                three_of_a_kind_value=30.5,
            ),
            playouts=2,
        )
        g = game(players=4, deals=3)
        rng = random.Random(4)
        state = g.new_game(seed=1)
        while not state.is_terminal:
            state = state.apply(g.greedy_move(state, rng))
        assert state.deal == 2
