"""Stop the Bus: each test names the clause of seeds/stop_the_bus.md it checks."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest

from cardrules import InvalidCardError, OptionError, games, parse_cards
from cardrules.games import schwimmen, stop_the_bus
from cardrules.games.schwimmen import (
    EXCHANGE_ALL,
    EXCHANGE_ALL_KNOCK,
    KEEP,
    KNOCK,
    PASS,
    TAKE_WIDOW,
    End,
    Exchange,
    ExchangeKnock,
)
from cardrules.games.stop_the_bus import hand_rank
from cardrules.poker import ThreeCardCategory
from cardrules.testing import check_game


def game(**options: Any) -> stop_the_bus.StopTheBus:
    created = games.create("stop_the_bus", **options)
    assert isinstance(created, stop_the_bus.StopTheBus)
    return created


def playing(hands: list[str], widow: str, turn: int = 1, **options: Any) -> schwimmen.State:
    """A deal after the dealer (seat 0) has chosen; seat ``turn`` to move."""
    state = game(players=len(hands), **options).new_game(seed=8).apply(KEEP)
    hand_cards = tuple(parse_cards(h) for h in hands)
    used = Counter(c for h in hand_cards for c in h) + Counter(parse_cards(widow))
    rest = sorted((Counter(state.deck().cards) - used).elements())
    new = attrs.evolve(
        state, hands=hand_cards, widow=parse_cards(widow), stock=tuple(rest), dead=(), turn=turn
    )
    new.validate()
    return new


def showdown(state: schwimmen.State) -> schwimmen.DealResult:
    """Knock with the player to move, everyone else passes; the deal's result."""
    state = state.apply(KNOCK)
    while state.last_deal is None:
        state = state.apply(PASS)
    return state.last_deal


def exchange(give: str, take: str) -> Exchange:
    return Exchange(parse_cards(give)[0], parse_cards(take)[0])


class TestCards:
    def test_stb_1_1_players(self) -> None:
        """Two to nine players."""
        assert game(players=9).players == 9
        with pytest.raises(OptionError):
            game(players=10)

    def test_stb_1_2_full_pack_by_default(self) -> None:
        """The 52-card pack by default; the 32-card pack as an option."""
        assert game().new_game(seed=1).deck().size == 52
        assert game(full_pack=False).new_game(seed=1).deck().size == 32

    def test_stb_1_3_tokens(self) -> None:
        """Three tokens each, or as the option says."""
        assert game(players=3).new_game(seed=1).tokens == (3, 3, 3)
        assert game(players=2, tokens=4).new_game(seed=1).tokens == (4, 4)


class TestPlay:
    def test_stb_2_1_schwimmen_play(self) -> None:
        """The dealer's choice, then knock, pass, exchange all and nine
        exchanges, each exchange also with a knock after it."""
        state = game(players=3).new_game(seed=2)
        assert state.legal_moves() == (KEEP, TAKE_WIDOW)
        taken = state.apply(TAKE_WIDOW)
        assert (taken.hands[0], taken.widow) == (state.widow, state.hands[0])
        moves = state.apply(KEEP).legal_moves()
        assert moves[:3] == (KNOCK, PASS, EXCHANGE_ALL)
        assert sum(isinstance(m, Exchange) for m in moves) == 9
        assert sum(isinstance(m, ExchangeKnock) for m in moves) == 9
        assert EXCHANGE_ALL_KNOCK in moves

    def test_stb_2_1_round_of_passes_and_draw(self) -> None:
        """Three passes bring a new widow from the stock (SCH-4.4); with fewer
        than three stock cards left they end the deal as a draw (SCH-4.5)."""
        state = playing(["2c 5d 9s", "Ah Kh 7s", "Ad Ac 3s"], "Th As 4d")
        top = state.stock[-3:]
        after = state.apply(PASS).apply(PASS).apply(PASS)
        assert after.widow == top
        assert after.dead == parse_cards("Th As 4d")
        short = attrs.evolve(state, stock=state.stock[-2:], dead=state.stock[:-2])
        short.validate()
        drawn = short.apply(PASS).apply(PASS).apply(PASS)
        assert drawn.last_deal is not None
        assert drawn.last_deal.end is End.DRAW
        assert drawn.last_deal.losses == (0, 0, 0)

    def test_stb_2_1_knock_after_an_exchange(self) -> None:
        """Seat 1 makes a run of 7-8-9 and knocks on the same turn; after the
        last turns seat 0's pair of fives is beaten by the run, seat 2's
        ace-high loses."""
        state = playing(["5c 5d Kh", "2h 7h 9h", "Ac Qd 9s"], "3c 4d 8s")
        state = state.apply(ExchangeKnock(*parse_cards("2h 8s")))
        assert state.knocker == 1
        state = state.apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.losses == (0, 0, 1)

    def test_stb_4_3_no_hand_ends_the_deal_at_once(self) -> None:
        """A 31 in hearts or three aces is just a hand here: play goes on."""
        state = playing(["2c 5d 9s", "Ah Kh 7s", "Ad Ac 3s"], "Th As 4d")
        state = state.apply(exchange("7s", "Th"))
        assert state.last_deal is None
        assert state.turn == 2
        state = state.apply(exchange("3s", "As"))
        assert state.last_deal is None
        assert state.turn == 0


class TestRanking:
    """STB-3 in the game's own function; the full table is in tests/test_poker.py."""

    def test_stb_3_1_order_from_the_text(self) -> None:
        """Prial > running flush > run > flush > pair > high card."""
        hands = ["2c 2d 2h", "Jc Qc Kc", "Jc Qd Kc", "2c 7c 9c", "Ac Ad 2h", "Ac Kd 9h"]
        ranks = [hand_rank(parse_cards(h)) for h in hands]
        assert ranks == sorted(ranks, reverse=True)
        assert [r.category for r in ranks] == sorted(ThreeCardCategory, reverse=True)

    def test_stb_3_2_ties_from_the_text(self) -> None:
        """Equal top cards of runs tie; a flush compares card by card; a pair then its odd card."""
        assert hand_rank(parse_cards("9c Tc Jc")) == hand_rank(parse_cards("9h Th Jh"))
        assert hand_rank(parse_cards("9c Td Jc")) == hand_rank(parse_cards("9d Th Js"))
        assert hand_rank(parse_cards("Kc 8c 3c")) > hand_rank(parse_cards("Kd 8d 2d"))
        assert hand_rank(parse_cards("5c 5d Kh")) > hand_rank(parse_cards("5h 5s Qc"))
        assert hand_rank(parse_cards("Kc 8d 3h")) == hand_rank(parse_cards("Kd 8h 3s"))

    def test_stb_3_2_within_each_kind(self) -> None:
        """Prials by rank; running flushes and runs by the top card; flushes
        and high cards by the first, second, then third card; pairs by the
        pair, then the odd card."""
        better_worse = [
            ("Kc Kd Kh", "Qc Qd Qh"),
            ("Tc Jc Qc", "9h Th Jh"),
            ("Tc Jd Qc", "9h Ts Jh"),
            ("Ac 4c 2c", "Kd Qd 9d"),
            ("Kc 9c 2c", "Kd 8d 7d"),
            ("Kc 8c 3c", "Kd 8d 2d"),
            ("Qc Qd 2h", "Jh Js Ac"),
            ("5c 5d Kh", "5h 5s Qc"),
            ("Ac 5d 3h", "Kd Qh 9s"),
            ("Kc 9d 2h", "Kd 8h 7s"),
            ("Kc 8d 4h", "Kd 8h 3s"),
        ]
        for better, worse in better_worse:
            assert hand_rank(parse_cards(better)) > hand_rank(parse_cards(worse)), better
        assert hand_rank(parse_cards("5c 5d Kh")) == hand_rank(parse_cards("5h 5s Kc"))
        assert hand_rank(parse_cards("Kc 8c 3c")) == hand_rank(parse_cards("Kd 8d 3d"))

    def test_stb_3_3_aces_are_the_best_prial(self) -> None:
        """Three aces beat three threes (the Brag custom is not used)."""
        assert hand_rank(parse_cards("Ac Ad Ah")) > hand_rank(parse_cards("3c 3d 3h"))

    def test_stb_3_4_ace_in_runs(self) -> None:
        """A-2-3 is the best run by default; the option moves it down or out."""
        a23, akq = parse_cards("Ac 2d 3h"), parse_cards("Ac Kd Qh")
        assert hand_rank(a23) > hand_rank(akq)
        assert hand_rank(a23, a23="lowest") < hand_rank(parse_cards("2c 3d 4h"), a23="lowest")
        assert hand_rank(a23, a23="none").category is ThreeCardCategory.HIGH_CARD

    def test_stb_3_bad_hands(self) -> None:
        """Wrong sizes, doubles and cards outside the pack are refused, named."""
        with pytest.raises(InvalidCardError, match="3 cards, got 4"):
            hand_rank(parse_cards("2c 3c 4c 5c"))
        with pytest.raises(InvalidCardError, match="twice"):
            hand_rank(parse_cards("2c 2c 4c"))
        with pytest.raises(InvalidCardError, match="2c is not in the piquet32"):
            hand_rank(parse_cards("2c 3c 4c"), full_pack=False)
        with pytest.raises(OptionError):
            hand_rank(parse_cards("2c 3c 4c"), a23="top")
        with pytest.raises(OptionError):
            game(a23="top")


class TestChanges:
    def test_stb_4_1_rank_not_points(self) -> None:
        """A 31 in hearts is only a flush: below a run and a prial, it loses."""
        result = showdown(playing(["Ah Kh Th", "4c 5d 6s", "7c 7d 7s"], "3c 8d 9s"))
        assert result.losses == (1, 0, 0)

    def test_stb_4_2_full_pack_in_play(self) -> None:
        """Low cards, absent from Schwimmen's pack, are dealt and ranked."""
        state = game(players=9).new_game(seed=3)
        dealt = {c.rank for h in state.hands for c in h} | {c.rank for c in state.widow}
        assert min(dealt) < 7
        assert len(state.stock) == 52 - 27 - 3


class TestTokens:
    def test_stb_5_1_lowest_hand_loses(self) -> None:
        """Seat 2's high card loses to a pair and a flush."""
        result = showdown(playing(["5c 5d Kh", "2h 7h 9h", "Ac Qd 9s"], "3c 4d 8s"))
        assert result.end is End.KNOCK
        assert result.losses == (0, 0, 1)

    def test_stb_5_2_equal_lowest_all_lose_whatever_the_suits(self) -> None:
        """Two identical high-card hands in other suits both lose."""
        result = showdown(playing(["Kc 8d 3h", "Kd 8h 3s", "4c 4d 9h"], "2c 6d Js"))
        assert result.losses == (1, 1, 0)

    def test_stb_5_3_tie_for_best_voids_the_deal(self) -> None:
        """Two equal best runs: nobody loses, though seat 2 is lowest."""
        state = playing(["9c Td Jc", "9d Th Js", "2c 5d Kh"], "3c 4d 8s")
        result = showdown(state)
        assert result.void
        assert result.losses == (0, 0, 0)

    @pytest.mark.parametrize(
        ("first", "second"),
        [
            ("9c Tc Jc", "9h Th Jh"),  # running flushes, same top card
            ("9c Td Jc", "9d Th Js"),  # runs, same top card
            ("Kc 8c 3c", "Kd 8d 3d"),  # flushes, same three ranks
            ("5c 5d Kh", "5h 5s Kc"),  # pairs, same pair and odd card
            ("Kc 8d 3h", "Kd 8h 3s"),  # high cards, same three ranks
        ],
    )
    def test_stb_5_3_tie_for_best_scores_nothing_in_each_kind(
        self, first: str, second: str
    ) -> None:
        """For every kind the text names, two equal best hands void the deal,
        though seat 2's seven-high (7-4-2) is the lowest."""
        result = showdown(playing([first, second, "2s 4s 7h"], "6c 6d 6s"))
        assert result.void
        assert result.losses == (0, 0, 0)

    def test_stb_5_3_option_off_lowest_loses(self) -> None:
        """With void_on_top_tie=False the same deal costs the lowest a token."""
        state = playing(["9c Td Jc", "9d Th Js", "2c 5d Kh"], "3c 4d 8s", void_on_top_tie=False)
        result = showdown(state)
        assert not result.void
        assert result.losses == (0, 0, 1)

    def test_stb_5_4_everyone_tied_is_a_tie_for_the_best(self) -> None:
        """Three equal king-eight-three hands: by default a tie for the best hand,
        so the deal is void (STB-5.3) and nobody loses."""
        hands = ["Kc 8d 3h", "Kd 8h 3s", "Ks 8c 3d"]
        state = playing(hands, "2c 6d Js")
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        result = state.last_deal
        assert result is not None
        assert result.void
        assert result.losses == (0, 0, 0)
        assert state.tokens == (3, 3, 3)
        assert (state.deal, state.dealer) == (1, 1)

    def test_stb_5_4_everyone_tied_lowest_loses_unless_the_game_would_end(self) -> None:
        """void_on_top_tie=False: three equal hands all lose a token like any tied
        lowest hands (SCH-7.3 replays only when nobody would be left)."""
        hands = ["Kc 8d 3h", "Kd 8h 3s", "Ks 8c 3d"]
        state = playing(hands, "2c 6d Js", void_on_top_tie=False)
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert not state.last_deal.void
        assert state.tokens == (2, 2, 2)
        swimmers = attrs.evolve(playing(hands, "2c 6d Js", void_on_top_tie=False), tokens=(0, 0, 0))
        swimmers = swimmers.apply(KNOCK).apply(PASS).apply(PASS)
        assert swimmers.last_deal is not None
        assert swimmers.last_deal.void
        assert swimmers.alive == (True, True, True)

    def test_stb_2_2_as_commonly_played(self) -> None:
        """passing=False, swimming=False: every turn takes one card or three, and a
        player who loses his last token is out at once."""
        hands = ["5c 5d Kh", "2h 7d 9s", "Ac Qd Qs"]
        state = playing(hands, "3c 4d 8s", passing=False, swimming=False)
        assert PASS not in state.legal_moves()
        assert KNOCK not in state.legal_moves()
        state = attrs.evolve(state, tokens=(3, 1, 3))
        state = state.apply(ExchangeKnock(*parse_cards("2h 3c")))  # 3c 7d 9s: 9 high
        state = state.apply(exchange("Ac", "2h")).apply(exchange("Kh", "4d"))
        assert state.last_deal is not None
        assert state.last_deal.losses == (0, 1, 0)
        assert state.alive == (True, False, True)

    def test_stb_5_4_knocker_no_special_rule(self) -> None:
        """A knocker alone lowest loses one token."""
        state = playing(["5c 5d Kh", "2h 7d 9s", "Ac Qd Qs"], "3c 4d 8s", turn=1)
        result = showdown(state)
        assert result.losses == (0, 1, 0)


class TestEngine:
    def test_stb_6_1_deals_and_conformance(self) -> None:
        """Single deals, whole games and the variants pass the conformance kit."""
        check_game(game(players=3, deals=1), playouts=3)
        check_game(game(players=4), playouts=1, deep_every=15)
        check_game(game(players=2, a23="none", void_on_top_tie=False, deals=2), playouts=2)

    def test_stb_6_2_greedy_games_end(self) -> None:
        """Greedy players finish whole games; they knock on a flush, and make
        a run and knock on the same turn when the widow offers one."""
        g = game(players=3)
        rng = random.Random(3)
        for seed in range(4):
            state = g.new_game(seed)
            while not state.is_terminal:
                state = state.apply(g.greedy_move(state, rng))
            assert sum(state.alive) == 1
        state = playing(["5c 5d Kh", "2h 7h 9h", "Ac Qd 9s"], "3c 4d Js")
        assert g.greedy_move(state, rng) == KNOCK
        state = playing(["5c 5d Kh", "2h 7h 9h", "Ac Qd 9s"], "3c 4d 8s")
        assert g.greedy_move(state, rng) == ExchangeKnock(*parse_cards("2h 8s"))

    def test_stb_json_round_trip_keeps_the_game(self) -> None:
        """A saved Stop the Bus state loads back as Stop the Bus."""
        g = game(players=3)
        state = g.new_game(seed=5).apply(KEEP)
        back = g.state_from_json(state.to_json())
        assert back == state
        assert isinstance(back, stop_the_bus.State)
        assert '"game": "stop_the_bus"' in state.to_json()
