"""Let It Ride: each test names the clause of seeds/let_it_ride.md it checks.

The hand ranking itself (LIR-3) is tested in tests/test_poker_evaluate.py.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from cardrules import IllegalMoveError, InvalidCardError, OptionError, games, parse_cards
from cardrules.engine import to_data
from cardrules.games import let_it_ride
from cardrules.games.let_it_ride import (
    HandResult,
    LetItRide,
    PayLine,
    Phase,
    Pull,
    Ride,
    State,
    expected_return,
    parse_pay_table,
    pay_line,
    payout,
    render,
    ride_first,
    ride_second,
)
from cardrules.testing import check_game


def game(**options: Any) -> LetItRide:
    created = games.create("let_it_ride", **options)
    assert isinstance(created, LetItRide)
    return created


def start(players: int = 2, **options: Any) -> State:
    return game(players=players, **options).new_game(seed=4)


def arrange(state: State, hands: list[str], board: str) -> State:
    """``state`` with these three-card hands and community cards; the rest is stock."""
    dealt = [parse_cards(h) for h in hands]
    shown = parse_cards(board)
    used = Counter(c for h in dealt for c in h) + Counter(shown)
    stock = tuple(c for c in state.deck().cards if c not in used)
    new = state._replace(hands=tuple(dealt), board=shown, stock=stock)
    new.validate()
    return new


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = state.apply(LetItRide(state.options).parse_move(state, text))
    return state


class TestTable:
    def test_lir_1_1_one_pack_no_jokers(self) -> None:
        """The game is dealt from the 52 cards of one pack."""
        state = start()
        assert state.deck().size == 52
        assert not any(c.is_joker for c in state.all_cards())

    def test_lir_1_2_one_to_seven_players(self) -> None:
        """One to seven seats; three by default; the dealer is no seat."""
        assert game().players == 3
        assert game(players=1).players == 1
        with pytest.raises(OptionError):
            game(players=8)
        with pytest.raises(OptionError):
            game(players=0)

    def test_lir_1_2_players_do_not_play_against_each_other(self) -> None:
        """One player's choices change nothing of another's payment."""
        base = arrange(start(), ["Ah Ad 5c", "Kh Kd 5s"], "9c 2d")
        ride = play(base, "ride 1", "pull 1", "ride 2", "pull 2")
        pull = play(base, "pull 1", "pull 1", "pull 2", "pull 2")
        assert ride.last_deal is not None
        assert pull.last_deal is not None
        assert ride.last_deal.won[1] == pull.last_deal.won[1] == 1

    def test_lir_1_3_bankroll_and_bet_are_whole_chips(self) -> None:
        """Bankroll and bet size are options; the bankroll covers three bets."""
        state = start(bankroll=50, bet=5)
        assert state.bankrolls == (35, 35)
        with pytest.raises(OptionError, match="cannot cover three bets"):
            game(bankroll=14, bet=5)
        with pytest.raises(OptionError):
            game(bet=1.5)


class TestDeal:
    def test_lir_2_1_three_equal_bets_placed(self) -> None:
        """Each player puts three bets of the bet size on the table."""
        state = start(bet=2)
        assert state.bankrolls == (94, 94)
        assert state.riding == ((True, True, True),) * 2
        assert state.scores == (0, 0)

    def test_lir_2_2_three_cards_each_two_community(self) -> None:
        """Three cards a player, two community cards, none of them turned."""
        state = start(players=4)
        assert [len(h) for h in state.hands] == [3, 3, 3, 3]
        assert len(state.board) == 2
        assert state.turned == 0
        assert len(state.stock) == 52 - 12 - 2

    def test_lir_2_3_hands_are_private(self) -> None:
        """A view holds its own three cards, no other hand and no face-down card."""
        state = start()
        view = state.view(0)
        assert view.hand == state.hands[0]
        assert view.community == ()
        shown = json.dumps(to_data(view))
        for card in (*state.hands[1], *state.board):
            assert f'"{card}"' not in shown
        other = state.resample(0, random.Random(3))
        assert other.view(0) == view
        assert other.hands[1] != state.hands[1] or other.board != state.board

    def test_lir_3_1_final_hand_is_own_three_and_the_board(self) -> None:
        """A player's hand is his three cards with the two community cards."""
        state = arrange(start(), ["Ah Ad 5c", "Kh Kd 5s"], "9c 2d")
        assert state.final_hand(1) == parse_cards("Kh Kd 5s 9c 2d")


class TestDecisions:
    def test_lir_4_1_first_decision_in_seat_order(self) -> None:
        """With three cards each player pulls or rides his first bet, seat 0 first."""
        state = start(players=3)
        assert [str(m) for m in state.legal_moves()] == ["pull 1", "ride 1"]
        assert state.current_player == 0
        state = play(state, "pull 1")
        assert state.current_player == 1
        assert state.riding[0] == (False, True, True)
        assert state.bankrolls[0] == 98  # the bet came back

    def test_lir_4_2_first_community_card_turned(self) -> None:
        """Once everyone has decided the first bet, one community card is up."""
        state = play(start(), "ride 1", "ride 1")
        assert state.phase is Phase.SECOND
        assert state.view(1).community == state.board[:1]
        assert [str(m) for m in state.legal_moves()] == ["pull 2", "ride 2"]

    def test_lir_4_3_second_bet_whatever_the_first(self) -> None:
        """A pulled first bet does not stop the second riding, nor the other way."""
        state = play(start(), "pull 1", "ride 1", "ride 2", "pull 2")
        assert state.last_deal is not None
        assert state.last_deal.riding == (2, 2)

    def test_lir_4_4_third_bet_always_stays(self) -> None:
        """Pulling the third bet is illegal, and says why."""
        state = start()
        with pytest.raises(IllegalMoveError, match="third bet always stays"):
            state.apply(Pull(3))
        later = play(state, "ride 1", "ride 1")
        with pytest.raises(IllegalMoveError, match="third bet"):
            later.apply(Ride(3))

    def test_lir_4_4_a_bet_is_decided_once(self) -> None:
        """The first bet cannot be pulled again after the first card is up."""
        state = play(start(), "ride 1", "ride 1")
        with pytest.raises(IllegalMoveError, match="bet 1 was already decided"):
            state.apply(Pull(1))
        with pytest.raises(IllegalMoveError, match="after the first community card"):
            start().apply(Pull(2))
        with pytest.raises(IllegalMoveError, match="no bet 4"):
            start().apply(Ride(4))
        with pytest.raises(IllegalMoveError, match="no bet 0"):
            state.apply(Pull(0))

    def test_lir_4_5_hands_shown(self) -> None:
        """After the second decisions both community cards are up and every hand shown."""
        base = arrange(start(deals=1), ["Ah Ad 5c", "Kh Kd 5s"], "9c 2d")
        state = play(base, "ride 1", "ride 1", "ride 2", "ride 2")
        assert state.is_terminal
        result = state.last_deal
        assert isinstance(result, HandResult)
        assert result.hands == base.hands
        assert result.board == parse_cards("9c 2d")
        assert state.view(1).last_deal == result


class TestPayment:
    @pytest.mark.parametrize(
        ("text", "line"),
        [
            ("Ah Kh Qh Jh Th", PayLine.ROYAL_FLUSH),
            ("9h Kh Qh Jh Th", PayLine.STRAIGHT_FLUSH),
            ("9h 9c 9d 9s Th", PayLine.FOUR_OF_A_KIND),
            ("9h 9c 9d Ts Th", PayLine.FULL_HOUSE),
            ("2h 9h 4h Jh Th", PayLine.FLUSH),
            ("Ad 2h 3c 4h 5s", PayLine.STRAIGHT),
            ("2h 2c 2s Jh Th", PayLine.THREE_OF_A_KIND),
            ("2h 2c 3s 3h Th", PayLine.TWO_PAIR),
            ("Tc Th 4d 8s Ks", PayLine.TENS_OR_BETTER),
            ("9c 9h Ad 8s Ks", PayLine.NOTHING),
            ("Ac Kh 4d 8s 2s", PayLine.NOTHING),
        ],
    )
    def test_lir_5_2_pay_lines(self, text: str, line: PayLine) -> None:
        """Each final hand falls on its line of the pay table; nines are not paid."""
        assert pay_line(parse_cards(text)) is line

    def test_lir_5_2_common_table_by_default(self) -> None:
        """1000, 200, 50, 11, 8, 5, 3, 2, 1 to one."""
        assert parse_pay_table(game().options.pay_table) == (1000, 200, 50, 11, 8, 5, 3, 2, 1)
        assert payout(parse_cards("Ah Kh Qh Jh Th"), 3) == 3000
        assert payout(parse_cards("Tc Th 4d 8s Ks"), 1, bet=10) == 10

    def test_lir_5_1_riding_bets_paid_at_the_odds(self) -> None:
        """A full house with three bets of 5 riding wins 165; the bets come back too."""
        base = arrange(start(bet=5, deals=1), ["8c 8d 4s", "Kh Qd 5s"], "8h 4d")
        state = play(base, "ride 1", "pull 1", "ride 2", "pull 2")
        assert state.last_deal is not None
        assert state.last_deal.lines == (PayLine.FULL_HOUSE, PayLine.NOTHING)
        assert state.last_deal.won == (165, -5)
        assert state.bankrolls == (100 + 165, 100 - 5)
        assert state.scores == (165, -5)

    def test_lir_5_1_pulled_bets_neither_won_nor_lost(self) -> None:
        """A losing hand with both bets pulled loses only the third."""
        base = arrange(start(deals=1), ["2c 7d 9h", "3c 8d Jh"], "Kc 4s")
        state = play(base, "pull 1", "pull 1", "pull 2", "ride 2")
        assert state.scores == (-1, -2)

    def test_lir_5_2_pay_table_option(self) -> None:
        """Another table pays other odds; zero odds leave the hand unpaid; junk is refused."""
        table = "500,100,25,9,6,4,3,1,0"
        assert payout(parse_cards("Tc Th 4d 8s Ks"), 2, pay_table=table) == -2
        assert payout(parse_cards("9h 9c 9d Ts Th"), 2, pay_table=table) == 18
        assert game(pay_table=table).options.pay_table == table
        for junk in ("1,2,3", "a,b,c,d,e,f,g,h,i", "1,2,3,4,5,6,7,8,-1"):
            with pytest.raises(OptionError):
                game(pay_table=junk)

    def test_lir_5_1_payout_refuses_bad_input(self) -> None:
        """payout checks its cards and its numbers."""
        with pytest.raises(InvalidCardError):
            payout(parse_cards("Ah Kh Qh Jh"), 3)
        with pytest.raises(OptionError):
            payout(parse_cards("Ah Kh Qh Jh Th"), 4)
        with pytest.raises(OptionError):
            payout(parse_cards("Ah Kh Qh Jh Th"), 1, bet=0)


class TestSeries:
    def test_lir_6_1_ten_hands_by_default(self) -> None:
        """A series is ten hands; ``deals=1`` is one hand."""
        state = start()
        while not state.is_terminal:
            state = state.apply(state.legal_moves()[1])
        assert state.deal == 9
        assert len(state.history) == 10 * 2 * 2
        one = start(deals=1)
        one = play(one, "ride 1", "ride 1", "ride 2", "ride 2")
        assert one.is_terminal

    def test_lir_6_2_broke_player_sits_out(self) -> None:
        """A bankroll below three bets sits out; nobody able to play ends the series."""
        base = start(players=2, bankroll=4, deals=5)
        base = arrange(base, ["2c 7d 9h", "Ah Ad 5c"], "Kc 4s")
        state = play(base, "ride 1", "ride 1", "ride 2", "ride 2")
        assert state.bankrolls[0] == 1  # lost three, cannot cover three more
        assert state.playing == (False, True)
        assert state.hands[0] == ()
        assert state.current_player == 1
        poor = arrange(start(players=1, bankroll=3, deals=5), ["2c 7d 9h"], "Kc 4s")
        done = play(poor, "pull 1", "pull 2")
        assert done.is_terminal
        assert done.scores == (-1,)

    def test_lir_6_3_scores_are_net_chips(self) -> None:
        """Scores are net winnings; greater is better."""
        assert LetItRide.HIGHER_IS_BETTER
        state = play(start(), "pull 1")
        assert state.scores == (0, 0)  # chips still on the table count as the player's

    def test_lir_6_4_table_is_public(self) -> None:
        """Everyone sees the bets, bankrolls and the shown hands."""
        state = play(start(), "pull 1")
        view = state.view(1)
        assert view.riding[0] == (False, True, True)
        assert view.bankrolls == state.bankrolls
        text = render(view)
        assert "seat 0: bankroll 98; bets riding 2 3" in text
        finished = play(start(deals=2), "ride 1", "ride 1", "ride 2", "ride 2")
        assert finished.view(0).last_deal == finished.last_deal
        assert "hand 1 ends: community" in render(finished.view(0))


class TestBasicStrategy:
    @pytest.mark.parametrize(
        ("text", "ride"),
        [
            ("Tc Th 2d", True),  # a paying pair
            ("9c 9h Ad", False),  # a pair below tens
            ("5c 5h 5d", True),
            ("Ah Kh Th", True),  # three to a royal flush
            ("3s 4s 5s", True),  # suited in sequence
            ("2s 3s 4s", False),
            ("As 2s 3s", False),
            ("7d 8d Td", True),  # spread four with a ten
            ("5d 6d 8d", False),  # spread four, no high card
            ("8d Td Qd", True),  # spread five with two high cards
            ("8d 9d Qd", False),  # spread five with one
            ("As 2s 4s", False),  # the ace counts high (decision)
            ("Ac Kd Qh", False),  # unsuited high cards
        ],
    )
    def test_lir_7_1_first_decision(self, text: str, ride: bool) -> None:
        """The published three-card list."""
        assert ride_first(parse_cards(text)) is ride

    @pytest.mark.parametrize(
        ("text", "ride"),
        [
            ("Jc Jd 4h 2s", True),  # paying pair
            ("4c 4d 2h 2s", True),  # two pair
            ("9c 9d 4h 2s", False),
            ("2h 7h 9h Kh", True),  # four to a flush
            ("5c 6d 7h 8s", True),  # outside straight, no high card
            ("9c Td Jh Qs", True),
            ("Tc Jd Qh As", True),  # inside straight, four high cards
            ("Jc Qd Kh As", True),
            ("Ac 2d 3h 4s", False),  # one-ended, low
            ("6c 7d 9h Ts", False),  # inside, not all high
        ],
    )
    def test_lir_7_2_second_decision(self, text: str, ride: bool) -> None:
        """The published four-card list."""
        assert ride_second(parse_cards(text)) is ride

    def test_lir_7_2_bot_follows_the_strategy(self) -> None:
        """The greedy bot rides exactly when the lists say so."""
        g = game(players=1)
        rng = random.Random(0)
        for seed in range(40):
            state = g.new_game(seed=seed)
            first = g.greedy_move(state, rng)
            assert isinstance(first, (Pull, Ride))
            assert isinstance(first, Ride) == ride_first(state.hands[0])
            state = state.apply(first)
            second = g.greedy_move(state, rng)
            assert isinstance(second, Ride) == ride_second(state.hands[0] + state.board[:1])

    def test_lir_7_3_exact_return_of_a_start(self) -> None:
        """2-7-9 of three suits: only the third bet rides; by hand, 30 boards pay a
        pair of tens or better, 9 trips, 27 two pairs, the other 1,110 of 1,176 lose."""
        assert expected_return(parse_cards("2c 7d 9h")) == Fraction(
            30 + 9 * 3 + 27 * 2 - 1110, 1176
        )

    def test_lir_7_3_dealt_trips_never_lose(self) -> None:
        """Three of a kind rides all three bets and is paid at least 3 to 1 each."""
        assert expected_return(parse_cards("5c 5d 5h")) >= 9


class TestProtocol:
    def test_conformance_kit_series(self) -> None:
        """The whole kit on a long series of many players, and on one small bankroll."""
        check_game(game(players=7, deals=3), playouts=2, deep_every=5)
        check_game(game(players=2, bankroll=5, deals=4), playouts=3, deep_every=1)

    def test_notation_round_trips(self) -> None:
        """Moves print as 'pull 1' / 'ride 2' and read back."""
        g = game()
        for text in ("pull 1", "ride 2", "pull 3"):
            assert str(g.parse_move(None, text)) == text

    def test_json_and_replay(self) -> None:
        """A state survives JSON; replay reaches it again."""
        g = game(players=2)
        state = play(g.new_game(seed=9), "ride 1", "pull 1", "ride 2")
        assert g.state_from_json(state.to_json()) == state
        assert g.replay(9, [str(m) for m in state.history]) == state

    def test_render_over(self) -> None:
        """The finished series renders its last hand."""
        state = play(start(deals=1), "ride 1", "ride 1", "ride 2", "ride 2")
        assert render(state.view(0)).startswith("Let It Ride, over after 1 hand")
        with pytest.raises(InvalidCardError):
            render("view")  # type: ignore[arg-type]

    def test_module_names(self) -> None:
        """The module is registered and speaks for itself."""
        assert "let_it_ride" in games.names()
        assert let_it_ride.COMMON_PAY_TABLE == "1000,200,50,11,8,5,3,2,1"


class TestSideBets:
    """LIR-8: the $1 bonus, the 3-Card Bonus and the payout cap, all off by default."""

    def test_lir_8_side_bets_off_by_default(self) -> None:
        """LIR-8: without the options a seat stakes three bets and nothing else."""
        options = game().options
        assert (options.bonus, options.three_card, options.cap) == (False, 0, 0)
        assert options.stake == 3

    @pytest.mark.parametrize(
        ("text", "net"),
        [
            ("Ah Kh Qh Jh Th", 19999),
            ("9h Kh Qh Jh Th", 1999),
            ("9h 9c 9d 9s Th", 399),
            ("9h 9c 9d Ts Th", 199),
            ("2h 9h Qh Jh Th", 49),
            ("9c Kh Qh Jh Th", 24),
            ("9c 9h 9d Jh 2h", 4),
            ("9c 9h Jd Jh 2h", -1),
            ("Ac Ah Jd 3h 2h", -1),
        ],
    )
    def test_lir_8_1_bonus_pays_for_one(self, text: str, net: int) -> None:
        """LIR-8.1: the common table pays its amount for the chip (the chip is not returned)."""
        assert let_it_ride.bonus_net(parse_cards(text)) == net

    def test_lir_8_1_bonus_exact_return_matches_published(self) -> None:
        """LIR-8.1: enumerating all 2,598,960 hands gives the published returns.

        The common table returns 74.46 cents on the dollar (gamblingmy.com's table);
        the Isle of Capri table 5000,2000,100,75,50,25,8,4 has a published house edge
        of 27.70% (Wizard of Odds, Let It Ride appendix 2).
        """
        common = let_it_ride.bonus_return()
        assert round(float(1 + common), 4) == pytest.approx(0.7446, abs=1.5e-4)
        capri = let_it_ride.bonus_return("5000,2000,100,75,50,25,8,4")
        assert round(float(-capri) * 100, 2) == 27.70
        # by hand from the published category counts (LIR-3.1)
        counts = (4, 36, 624, 3744, 5108, 10200, 54912)
        pays = (20000, 2000, 400, 200, 50, 25, 5)
        expected = Fraction(sum(c * p for c, p in zip(counts, pays, strict=True)), 2598960) - 1
        assert common == expected

    @pytest.mark.parametrize(
        ("text", "line"),
        [
            ("Qh Kh Ah", "MINI_ROYAL"),
            ("2h 3h Ah", "STRAIGHT_FLUSH"),
            ("7c 7h 7d", "THREE_OF_A_KIND"),
            ("Jc Qh Kd", "STRAIGHT"),
            ("2c 9c Kc", "FLUSH"),
            ("2c 2d Kc", "PAIR"),
            ("Kc Ad 2h", "NOTHING"),
        ],
    )
    def test_lir_8_2_three_card_lines(self, text: str, line: str) -> None:
        """LIR-8.2: the three-card ranking, straights above flushes, A-2-3 a straight."""
        assert let_it_ride.three_card_line(parse_cards(text)).name == line

    def test_lir_8_2_three_card_exact_return_matches_published(self) -> None:
        """LIR-8.2: over all 22,100 hands, 50-40-30-6-3-1 has a published 7.1% edge and
        the 4-to-1 flush table 2.14% (Shuffle Master's tables as reported by tunicatravel)."""
        assert round(float(-let_it_ride.three_card_return()) * 100, 1) == 7.1
        assert round(float(-let_it_ride.three_card_return("50,40,30,6,4,1")) * 100, 2) == 2.14
        # by hand: 4 mini royals, 44 other straight flushes, 52 trips, 720 straights,
        # 1,096 flushes, 3,744 pairs among C(52,3) = 22,100
        wins = 4 * 50 + 44 * 40 + 52 * 30 + 720 * 6 + 1096 * 3 + 3744
        losses = 22100 - (4 + 44 + 52 + 720 + 1096 + 3744)
        assert let_it_ride.three_card_return() == Fraction(wins - losses, 22100)

    def test_lir_8_2_three_card_paid_on_own_cards_whatever_the_hand(self) -> None:
        """LIR-8.1, LIR-8.2: both side bets are settled at the show, beside the three bets."""
        state = start(players=1, deals=1, bonus=True, three_card=2)
        assert state.bankrolls == (100 - 6,)
        assert state.scores == (0,)
        state = arrange(state, ["7c 7h 7d"], "2s 5c")
        state = play(state, "pull 1", "pull 2")
        result = state.last_deal
        assert result is not None
        # three of a kind: the kept bet 3 to 1, bonus $5 for 1, 3-Card Bonus 30 to 1 on 2
        assert result.won == (3 + 4 + 60,)
        assert result.side == (4 + 60,)
        assert state.scores == (67,) == (state.bankrolls[0] - 100,)

    def test_lir_8_2_side_bets_lost_with_a_losing_hand(self) -> None:
        """LIR-8.1, LIR-8.2: nothing paid: the bets riding and both side bets are lost."""
        state = arrange(start(players=1, deals=1, bonus=True, three_card=1), ["7c 9h Kd"], "2s 5c")
        state = play(state, "ride 1", "ride 2")
        assert state.last_deal is not None
        assert state.last_deal.won == (-5,)
        assert state.scores == (-5,)

    def test_lir_8_3_cap_limits_the_win_of_a_hand(self) -> None:
        """LIR-8.3: a seat wins at most ``cap`` in a hand; its losing side bets still lose."""
        state = arrange(start(players=1, deals=1, bet=5, cap=100), ["Ah Kh Qh"], "Jh Th")
        state = play(state, "ride 1", "ride 2")
        assert state.last_deal is not None
        assert state.last_deal.won == (100,)  # 15 x 1000 capped
        state = arrange(
            start(players=1, deals=1, cap=10, bonus=True, three_card=1), ["7c 8h 9d"], "Ts Jc"
        )
        state = play(state, "ride 1", "ride 2")
        assert state.last_deal is not None
        # straight: bets 3 x 5 = 15, bonus 25 for 1 = 24, 3-Card straight 6: capped at 10
        assert state.last_deal.won == (10,)
        state = arrange(start(players=1, deals=1, cap=10, three_card=1), ["Tc Th 9d"], "2s 3c")
        state = play(state, "ride 1", "ride 2")
        assert state.last_deal is not None
        assert state.last_deal.won == (3 + 1,)  # under the cap

    def test_lir_8_bankroll_covers_the_side_bets(self) -> None:
        """LIR-1.3, LIR-6.2, LIR-8: the stake includes the side bets."""
        with pytest.raises(OptionError, match="side bets"):
            game(bankroll=4, bonus=True, three_card=1)
        with pytest.raises(OptionError, match="bonus_table needs 8"):
            game(bonus_table="1,2,3")
        with pytest.raises(OptionError, match="three_card_table"):
            game(three_card_table="50,40")

    def test_lir_8_protocol_with_side_bets_on(self) -> None:
        """LIR-8: the conformance kit, saves and replay with every side option on."""
        g = game(players=3, deals=3, bonus=True, three_card=2, cap=50, bankroll=30)
        check_game(g, playouts=2, deep_every=3)
        state = play(g.new_game(seed=9), "ride 1", "pull 1", "ride 1", "ride 2")
        assert g.state_from_json(state.to_json()) == state
        assert g.replay(9, [str(m) for m in state.history]) == state
        done = g.new_game(seed=2)
        while not done.is_terminal:
            done = done.apply(done.legal_moves()[0])
        assert "side bets" in render(done.view(0))
        assert json.loads(json.dumps(to_data(done.view(1))))
