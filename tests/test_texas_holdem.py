"""Texas Hold'em: each test names the clause of seeds/texas_holdem.md it checks.

The hands built by hand below were worked out on paper (the expected stacks in
each docstring); PokerKit, where installed, replays PHH exports of random hands
to the same final stacks.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    CardRulesError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    OptionError,
    games,
    parse_cards,
)
from cardrules.games import texas_holdem
from cardrules.games.texas_holdem import (
    Bet,
    Options,
    Raise,
    State,
    TexasHoldem,
    arranged_state,
    award_order,
    equity,
    equity_move,
    equity_vs_random,
    from_phh,
    parse_range,
    rake_amount,
    random_move,
    range_equity,
    render,
    side_pots,
    split_pot,
    to_phh,
)
from cardrules.testing import check_game


def game(**options: Any) -> TexasHoldem:
    created = games.create("texas_holdem", **options)
    assert isinstance(created, TexasHoldem)
    return created


def table(
    stacks: tuple[int, ...], button: int, holes: str, board: str = "", **options: Any
) -> State:
    """A one-hand match dealt these hole cards (``|`` between seats) and board."""
    n = len(stacks)
    opts = Options(players=n, deals=1, stack=max(stacks), **options)
    seats = tuple(parse_cards(h) for h in holes.split("|"))
    return arranged_state(opts, stacks=stacks, button=button, holes=seats, board=parse_cards(board))


def play(state: State, *moves: str) -> State:
    g = TexasHoldem(state.options)
    for text in moves:
        state = state.apply(g.parse_move(state, text))
        state.validate()
    return state


def names(state: State) -> list[str]:
    return [str(m) for m in state.legal_moves()]


BOARD = "2c 7d 9s 3h 4c"  # no straight or flush for the hole cards used with it


# --------------------------------------------------------------------------- the game


class TestSetUp:
    def test_th_1_1_one_pack_always_whole(self) -> None:
        """TH-1.1: holes, board, stock, burns and muck are the 52-card pack."""
        state = play(game(players=4).new_game(seed=3), "fold", "call")
        assert sorted(state.all_cards()) == sorted(state.deck().cards)
        assert len(state.deck().cards) == 52

    def test_th_1_2_players_and_defaults(self) -> None:
        """TH-1.2, TH-3.1, TH-4.2, TH-13.1: six seats, no limit, blinds 1/2, 200 chips."""
        opts = game().options
        assert (opts.players, opts.structure, opts.small_blind, opts.big_blind) == (
            6,
            "no_limit",
            1,
            2,
        )
        assert (opts.stack, opts.deals, opts.rake_percent) == (200, 100, 0)
        for bad in ({"players": 1}, {"players": 11}, {"structure": "spread"}):
            with pytest.raises(OptionError):
                game(**bad)

    def test_th_13_4_every_number_option_has_a_maximum(self) -> None:
        """TH-13.4: each whole-number option refuses a value past its maximum."""
        for info in game().describe_options():
            if info.kind == "int":
                assert info.maximum is not None, info.name
        with pytest.raises(OptionError, match="at most"):
            game(stack=10**10)
        with pytest.raises(OptionError, match="small_blind"):
            game(small_blind=5, big_blind=2)
        with pytest.raises(OptionError, match="exclude"):
            game(ante=1, bb_ante=2)

    def test_th_2_1_best_five_of_seven(self) -> None:
        """TH-2.1: a board straight plays for both hands: they tie (no hole card used)."""
        state = table((50, 50), 0, "2c 3d|2h 3s", "Ts Jh Qd Kc Ac")
        state = play(state, "call", "check", *["check"] * 6)
        assert state.last_deal is not None
        assert state.last_deal.pots[0].winners == (0, 1)
        assert state.stacks == (50, 50)


class TestStructures:
    def test_th_3_2_fixed_limit_sizes(self) -> None:
        """TH-3.2: small bet before the turn, big bet after, one amount each."""
        state = game(players=2, structure="fixed_limit").new_game(seed=1)
        assert state.amount_range("raise") == (4, 4)
        assert names(state) == ["fold", "call", "raise 4"]
        state = play(state, "call", "check")
        assert state.amount_range("bet") == (2, 2)
        state = play(state, "check", "check")
        assert state.street == 2
        assert state.amount_range("bet") == (4, 4)
        with pytest.raises(IllegalMoveError, match=r"4 to 4.*TH-3\.2"):
            state.apply(Bet(6))
        opts = Options(
            structure="fixed_limit", small_bet=15, big_bet=30, small_blind=10, big_blind=15
        )
        assert opts.bet_sizes() == (15, 30)  # the source's $15/$30 game, blinds $10/$15

    def test_th_3_3_cap_four_bets(self) -> None:
        """TH-3.3: the big blind and three raises cap the round; heads-up option lifts it."""
        state = game(players=3, structure="fixed_limit").new_game(seed=1)
        state = play(state, "raise 4", "raise 6", "raise 8")
        assert state.raises == 4
        assert "raise 10" not in names(state)
        with pytest.raises(IllegalMoveError, match=r"capped.*TH-3\.3"):
            state.apply(Raise(10))
        two = game(players=2, structure="fixed_limit", uncapped_heads_up=True).new_game(seed=1)
        two = play(two, "raise 4", "raise 6", "raise 8")
        assert "raise 10" in names(two)
        capped = play(
            game(players=2, structure="fixed_limit").new_game(seed=1),
            "raise 4",
            "raise 6",
            "raise 8",
        )
        assert "raise 10" not in names(capped)

    def test_th_3_4_pot_limit_maximum(self) -> None:
        """TH-3.4: under the gun, blinds 1/2: call 2, then the pot of 5: raise to 7."""
        state = game(players=3, structure="pot_limit").new_game(seed=1)
        assert state.amount_range("raise") == (4, 7)
        with pytest.raises(IllegalMoveError, match=r"4 to 7.*TH-3\.4"):
            state.apply(Raise(8))
        state = play(state, "raise 7")  # the small blind: call 6, pot 16: to 7 + 16 = 23
        assert state.amount_range("raise") == (12, 23)

    def test_th_3_5_no_limit_all_in(self) -> None:
        """TH-3.5: a no-limit raise may go to every chip; more is refused (TH-6.5)."""
        state = game(players=3).new_game(seed=1)
        assert state.amount_range("raise") == (4, 200)
        with pytest.raises(IllegalMoveError, match=r"more than seat 0 holds.*4 to 200.*TH-6\.5"):
            state.apply(Raise(201))


class TestBlinds:
    def test_th_4_1_button_moves_to_the_next_seat_with_chips(self) -> None:
        """TH-4.1: seat 0 has the button first, then it moves on each hand."""
        g = game(players=3)
        state = g.new_game(seed=1)
        assert state.button == 0
        state = play(state, "fold", "fold")
        assert (state.deal, state.button) == (1, 1)

    def test_th_4_2_blinds_posted(self) -> None:
        """TH-4.2: the seats after the button post the blinds; options set them."""
        state = game(players=4, small_blind=10, big_blind=15).new_game(seed=1)
        assert state.bets == (0, 10, 15, 0)
        assert state.current_player == 3

    def test_th_4_3_heads_up_order(self) -> None:
        """TH-4.3: heads-up the button posts the small blind, acts first pre-flop, last after."""
        state = game(players=2).new_game(seed=1)
        assert (state.button, state.bets, state.current_player) == (0, (1, 2), 0)
        state = play(state, "call", "check")
        assert state.street == 1
        assert state.current_player == 1

    def test_th_4_4_antes(self) -> None:
        """TH-4.4: every seat antes before the blinds; antes are not the round's bets."""
        state = game(players=3, ante=1).new_game(seed=1)
        assert state.antes == (1, 1, 1)
        assert state.bets == (0, 1, 2)
        assert state.stacks == (199, 198, 197)
        assert state.pot == 6

    def test_th_4_5_big_blind_ante(self) -> None:
        """TH-4.5: the big blind posts one ante for the table."""
        state = game(players=3, bb_ante=2).new_game(seed=1)
        assert state.antes == (0, 0, 2)
        assert state.stacks == (200, 199, 196)

    def test_th_4_6_antes_are_dead_money_in_the_main_pot(self) -> None:
        """TH-4.6: the big blind folds; its ante goes to the main pot the short all-in wins.

        bb_ante 2, blinds 1/2, button seat 2: seat 1 posts ante 2 and blind 2. Seat 2
        (5 chips) raises all-in to 5, seat 0 raises to 20, seat 1 folds; 15 of seat
        0's 20 come back. Main pot: 5 + 2 + 5 + the dead ante 2 = 14, won by seat 2's
        aces. Final: 95, 96, 14.
        """
        state = table((100, 100, 5), 2, "Kd Kh|7s 8s|Ac Ad", BOARD, bb_ante=2)
        state = play(state, "raise 5", "raise 20", "fold")
        assert state.stacks == (95, 96, 14)
        assert sum(state.stacks) == 205


class TestDeal:
    def test_th_5_1_shuffle_from_the_seed(self) -> None:
        """TH-5.1: the same seed deals the same cards; another seed others."""
        g = game(players=3)
        assert g.new_game(seed=5).holes == g.new_game(seed=5).holes
        assert g.new_game(seed=5).holes != g.new_game(seed=6).holes

    def test_th_5_2_two_hole_cards_hidden(self) -> None:
        """TH-5.2, TH-14.1: two hole cards each; a view shows only its own."""
        state = game(players=4).new_game(seed=2)
        assert [len(h) for h in state.holes] == [2, 2, 2, 2]
        view = state.view(1)
        assert view.hole == state.holes[1]
        assert view.hole_sizes == (2, 2, 2, 2)
        text = view.to_json()
        for seat in (0, 2, 3):
            for card in state.holes[seat]:
                assert f'"{card}"' not in text


class TestBetting:
    def test_th_6_1_moves_and_notation(self) -> None:
        """TH-6.1: fold, check, call, bet N and raise N read and print."""
        g = game()
        for text in ("fold", "check", "call", "bet 40", "raise 137"):
            assert str(g.parse_move(None, text)) == text
        with pytest.raises(InvalidMoveError):
            g.parse_move(None, "raise lots")

    def test_th_6_2_facing_a_bet_no_check_and_the_big_blind_option(self) -> None:
        """TH-6.2: facing the big blind there is no check; the big blind gets its option."""
        state = game(players=3).new_game(seed=1)
        assert "check" not in names(state)
        with pytest.raises(IllegalMoveError, match=r"faces a bet.*TH-6\.2") as info:
            state.apply(texas_holdem.CHECK)
        assert info.value.rule == "TH-6.2"
        state = play(state, "call", "call")
        assert state.current_player == 2
        assert names(state)[:1] == ["check"]
        assert "raise 4" in names(state)

    def test_th_6_3_no_fold_when_a_check_is_free(self) -> None:
        """TH-6.3: a fold is refused when the seat could check."""
        state = play(game(players=3).new_game(seed=1), "call", "call")
        with pytest.raises(IllegalMoveError, match=r"TH-6\.3"):
            state.apply(texas_holdem.FOLD)

    def test_th_6_4_order_and_out_of_turn(self) -> None:
        """TH-6.4: play goes clockwise; a seat not to move is refused; all-in seats skipped."""
        state = game(players=4).new_game(seed=1)
        assert state.current_player == 3
        with pytest.raises(IllegalMoveError, match="seat 1 is not to move"):
            state.apply(texas_holdem.CALL, seat=1)
        state = play(state, "raise 200")  # seat 3 all-in
        state = play(state, "call", "fold", "fold")
        assert state.deal == 1  # seat 0 called all-in; the board ran out

    def test_th_6_6_call_all_in_for_less(self) -> None:
        """TH-6.6: a seat that cannot match calls for all its chips."""
        state = table((50, 10), 0, "Ac Ad|Kc Kd", BOARD)
        state = play(state, "raise 50")
        assert state.to_call() == 8
        state = play(state, "call")
        assert state.stacks == (60, 0)  # aces win the 20 matched; 40 come back

    def test_th_6_7_short_all_in_does_not_reopen(self) -> None:
        """TH-6.7: a short all-in raise does not reopen the betting to the first bettor.

        Blinds 5/10, button seat 0 (SB 1, BB 2). Pre-flop all call 10. Flop: seat 1
        bets 100, seat 2 raises all-in to 140 (40 short of a full raise), seat 0 may
        still raise (it has not acted) but calls; seat 1 may only call or fold. Turn:
        seat 1 bets 100, seat 0 calls; then checks. Main pot 450 to seat 2's aces,
        side pot 200 to seat 0's kings: 950, 750, 450.
        """
        holes = "Ks Kh|Qh Qd|Ah Ad"
        state = table((1000, 1000, 150), 0, holes, BOARD, small_blind=5, big_blind=10)
        state = play(state, "call", "call", "check", "bet 100", "raise 140")
        assert state.current_player == 0
        assert state.amount_range("raise") == (240, 990)  # 990 left after the pre-flop 10
        state = play(state, "call")
        assert state.current_player == 1
        assert names(state) == ["fold", "call"]
        assert state.amount_range("raise") is None
        with pytest.raises(IllegalMoveError, match=r"did not reopen.*TH-6\.7") as info:
            state.apply(Raise(300))
        assert info.value.rule == "TH-6.7"
        state = play(state, "call", "bet 100", "call", "check", "check")
        assert state.stacks == (950, 750, 450)

    def test_th_6_7_short_all_ins_adding_up_reopen(self) -> None:
        """TH-6.7 (TDA 47A): short all-ins adding up to a full raise reopen the betting.

        Blinds 50/100, button seat 3; all call 100 pre-flop. Flop: seat 0 bets 100,
        seat 1 all-in to 125, seat 2 all-in to 200, seat 3 calls: seat 0 faces 100
        more, a full raise: it may raise. With seat 2 all-in to 150 only, it may not.
        """
        holes = "Ks Kh|Qh Qd|Ah Ad|Jc Jd"
        for stack, reopened in ((300, True), (250, False)):
            state = table((1000, 225, stack, 1000), 3, holes, BOARD, small_blind=50, big_blind=100)
            state = play(state, "call", "call", "call", "check")
            state = play(state, "bet 100", "raise 125", f"raise {stack - 100}", "call")
            assert state.current_player == 0
            assert (state.amount_range("raise") is not None) is reopened

    def test_th_6_7_limit_half_bet_reopens(self) -> None:
        """TH-6.7 (TDA 47B): in fixed limit an all-in of half a bet or more reopens."""
        holes = "Ks Kh|Qh Qd|Ah Ad"
        state = table((100, 100, 5), 2, holes, BOARD, structure="fixed_limit")
        # button 2: SB 0, BB 1, seat 2 first: calls 2; 0 calls, 1 checks.
        state = play(state, "call", "call", "check")
        state = play(state, "bet 2", "call", "raise 3")  # seat 2 all-in: half a bet more
        assert state.current_player == 0
        assert state.amount_range("raise") == (5, 5)

    def test_th_6_8_nobody_to_bet_against(self) -> None:
        """TH-6.8: with every other seat all-in below the bet, no raise is offered."""
        state = table((100, 10), 0, "Ac Ad|Kc Kd", BOARD)
        state = play(state, "raise 4", "raise 10")  # seat 1 all-in
        assert names(state) == ["fold", "call"]
        with pytest.raises(IllegalMoveError, match=r"TH-6\.8"):
            state.apply(Raise(20))


class TestSizes:
    def test_th_7_1_minimum_bet_and_raise(self) -> None:
        """TH-7.1: the minimum raise adds the last raise: 2 to 6 makes the next 10."""
        state = game(players=3).new_game(seed=1)
        assert state.amount_range("raise")[0] == 4  # type: ignore[index]
        state = play(state, "raise 6")
        assert state.amount_range("raise")[0] == 10  # type: ignore[index]
        with pytest.raises(IllegalMoveError, match=r"less than the minimum.*10 to 200.*TH-7\.1"):
            state.apply(Raise(9))
        state = play(state, "fold", "call")
        assert state.amount_range("bet") == (2, 194)

    def test_th_7_2_short_all_in_keeps_the_minimum(self) -> None:
        """TH-7.2: an all-in for less leaves the minimum raise at the last full raise."""
        state = table((15, 200, 200), 2, "Ks Kh|Qh Qd|Ah Ad", BOARD)
        state = play(state, "raise 10", "raise 15")  # seat 2 to 10; seat 0 all-in to 15
        assert state.min_raise == 8  # 2 -> 10 was the last full raise; 10 -> 15 is short
        assert state.amount_range("raise") == (23, 200)


class TestBoard:
    def test_th_8_1_to_8_3_streets_burns_order(self) -> None:
        """TH-8.1, TH-8.2, TH-8.3: 3, 4, 5 board cards, a burn each, the next seat acts first."""
        state = game(players=3).new_game(seed=1)
        state = play(state, "call", "call", "check")
        assert (state.street, len(state.board), len(state.burned), state.current_player) == (
            1,
            3,
            1,
            1,
        )
        state = play(state, "check", "check", "check")
        assert (len(state.board), len(state.burned)) == (4, 2)
        state = play(state, "check", "check", "check")
        assert (len(state.board), len(state.burned)) == (5, 3)

    def test_th_8_4_run_out(self) -> None:
        """TH-8.4: all-in pre-flop: the board is dealt to the river at once."""
        state = table((100, 100), 0, "Ac Ad|Kc Kd", BOARD)
        state = play(state, "raise 100", "call")
        assert state.last_deal is not None
        assert state.last_deal.board == parse_cards(BOARD)


class TestPotsByHand:
    def test_th_9_1_and_11_2_side_pot_and_uncalled_bet(self) -> None:
        """TH-9.1, TH-11.1, TH-11.2: stacks 50/100/200, all-in pre-flop: 150, 100, 100.

        Seat 2 raises all-in to 200, seats 0 and 1 call all-in for 50 and 100; 100 of
        seat 2's comes back. Main 150 to seat 0's aces, side 100 to seat 1's kings.
        """
        state = table((50, 100, 200), 2, "As Ah|Ks Kh|Qs Qh", "2c 7d 9s Tc 3h")
        state = play(state, "raise 200", "call", "call")
        result = state.last_deal
        assert result is not None
        assert [(p.amount, p.winners) for p in result.pots] == [(150, (0,)), (100, (1,))]
        assert state.stacks == (150, 100, 100)

    def test_th_11_3_and_11_4_split_and_odd_chip(self) -> None:
        """TH-11.3, TH-11.4: two broadway straights split 63; seat 0 (after the button) gets 32.

        Stacks 21/100/100, button 2: seat 2 raises to 10, seat 0 all-in to 21, both
        call; seat 1 bets 11 on the flop, seat 2 calls; checks. Main 63 split 32/31,
        side 22 to seat 1: 32, 121, 68.
        """
        state = table((21, 100, 100), 2, "As Kd|Ah Kc|2s 3d", "Qs Js Th 5c 4h")
        state = play(state, "raise 10", "raise 21", "call", "call", "bet 11", "call")
        state = play(state, "check", "check", "check", "check")
        assert state.stacks == (32, 121, 68)

    def test_th_11_4_two_odd_chips_one_each(self) -> None:
        """TH-11.4: a pot of 32 split three ways: 10 each, the 2 odd chips one each from the button.

        Button seat 3; seat 2 raises to 10, seats 3 and 0 call, the big blind folds;
        the board's broadway plays for all: seats 0 and 2 get 11, seat 3 gets 10.
        """
        holes = "2c 3d|4h 5h|2h 3s|2d 3c"
        state = table((100, 100, 100, 100), 3, holes, "Ts Jh Qd Kc Ac")
        state = play(state, "raise 10", "call", "call", "fold", *["check"] * 9)
        assert state.last_deal is not None
        assert state.last_deal.pots[0].shares == (11, 0, 11, 10)
        assert state.stacks == (101, 98, 101, 100)

    def test_th_11_2_four_players_three_pots_with_antes(self) -> None:
        """TH-11.2, TH-4.6: stacks 10/30/60/100, ante 1, all in pre-flop: 40, 60, 60, 40.

        Pots: 9 x 4 + the 4 antes = 40 (all), 20 x 3 = 60 (seats 1-3), 30 x 2 = 60
        (seats 2, 3); aces, kings and queens win one each.
        """
        holes = "As Ah|Ks Kh|Qs Qh|Js Jh"
        state = table((10, 30, 60, 100), 3, holes, BOARD, ante=1)
        state = play(state, "raise 59", "call", "call", "call")
        assert [p.amount for p in state.last_deal.pots] == [40, 60, 60]  # type: ignore[union-attr]
        assert state.stacks == (40, 60, 60, 40)

    def test_th_11_5_uncontested(self) -> None:
        """TH-11.5: everyone folds to a raise: the raiser takes the blinds unshown."""
        state = play(game(players=3, deals=1).new_game(seed=1), "raise 6", "fold", "fold")
        assert state.last_deal is not None
        assert state.last_deal.net == (3, -1, -2)
        assert state.last_deal.shown == ((), (), ())

    def test_th_12_1_rake_with_cap(self) -> None:
        """TH-12.1, TH-12.3: pot 32, 5% = 1 chip raked: the queens win 31: 84, 115.

        Heads-up, button seat 0 raises to 6, seat 1 calls; flop: check, bet 10,
        call; checks to the showdown.
        """
        state = table((100, 100), 0, "As Kd|Qc Qh", BOARD, rake_percent=5, rake_cap=3)
        state = play(state, "raise 6", "call", "check", "bet 10", "call", *["check"] * 4)
        assert state.last_deal is not None
        assert state.last_deal.rake == 1
        assert state.stacks == (84, 115)
        assert state.raked == 1

    def test_th_12_1_rake_cap_and_12_2_no_flop_no_drop(self) -> None:
        """TH-12.1: 10% of 200 is 20, capped at 3; TH-12.2: no rake before the flop."""
        state = table((100, 100), 0, "As Kd|Qc Qh", BOARD, rake_percent=10, rake_cap=3)
        assert play(state, "raise 100", "call").stacks == (0, 197)
        folded = play(state, "raise 6", "fold")
        assert folded.stacks == (102, 98)
        assert folded.raked == 0


class TestShowdown:
    def test_th_10_1_and_10_2_order_and_muck(self) -> None:
        """TH-10.1, TH-10.2: the river bettor shows first; the loser mucks unseen."""
        state = table((100, 100), 0, "Qc Qh|As Ad", BOARD)
        state = play(state, "call", "check", *["check"] * 4, "bet 10", "call")
        result = state.last_deal
        assert result is not None
        assert result.shown == ((), parse_cards("As Ad"))  # seat 0 called and mucked
        assert state.stacks == (88, 112)

    def test_th_10_1_no_bet_first_after_button_shows_and_loses(self) -> None:
        """TH-10.1: no river bet: the first seat after the button shows even when it loses."""
        state = table((100, 100), 0, "As Ad|Qc Qh", BOARD)
        state = play(state, "call", "check", *["check"] * 6)
        assert state.last_deal is not None
        assert state.last_deal.shown == (parse_cards("As Ad"), parse_cards("Qc Qh"))
        state = table((100, 100), 0, "Qc Qh|As Ad", BOARD)
        state = play(state, "call", "check", *["check"] * 6)
        assert state.last_deal is not None
        assert state.last_deal.shown == ((), parse_cards("As Ad"))

    def test_th_10_2_all_in_every_hand_shown(self) -> None:
        """TH-10.2: an all-in run-out shows every hand."""
        state = play(table((100, 100), 0, "Qc Qh|As Ad", BOARD), "raise 100", "call")
        assert state.last_deal is not None
        assert all(state.last_deal.shown)

    def test_th_10_3_mucked_hand_hidden_forever(self) -> None:
        """TH-10.3: a mucked or folded hand appears in no view, event or result."""
        g = game(players=3, deals=1)
        state = g.new_game(seed=11)
        folded = state.holes[0]
        state = play(state, "fold", "fold")
        assert state.last_deal is not None
        assert state.last_deal.shown == ((), (), ())
        for seat in range(3):
            text = json.dumps([state.view(seat).to_data(), list(state.events(seat))])
            for card in folded:
                assert f'"{card}"' not in text


class TestMatch:
    def test_th_13_1_match_ends_with_one_holding_every_chip(self) -> None:
        """TH-13.1, TH-13.2: random play ends; scores add to zero; one seat or the hand limit."""
        g = game(players=4)
        rng = random.Random(3)
        state = g.new_game(seed=3)
        while not state.is_terminal:
            state = state.apply(random_move(state, rng))
        assert sum(state.scores) == 0
        assert state.deal == 100 or sum(1 for s in state.stacks if s) == 1

    def test_th_13_3_chips_conserved_in_saves(self) -> None:
        """TH-13.3: a save whose chips do not add up is refused."""
        g = game(players=3)
        state = play(g.new_game(seed=1), "raise 6")
        data = json.loads(state.to_json())
        data["state"]["stacks"][0] += 5
        with pytest.raises(InvalidStateError, match="chips do not add up"):
            g.state_from_json(json.dumps(data), trusted=True)

    def test_default_match_passes_the_kit(self) -> None:
        """The conformance kit, all three structures, antes and rake (TH-3, TH-12)."""
        for opts in (
            {"structure": "fixed_limit", "players": 3, "deals": 5},
            {"structure": "pot_limit", "ante": 1, "deals": 5},
            {"players": 2, "rake_percent": 5, "rake_cap": 2, "deals": 5},
            {"players": 4, "bb_ante": 2, "stack": 30, "deals": 5},
        ):
            report = check_game(game(**opts), playouts=2, deep_every=3)
            assert report.terminal == 2


class TestAbstraction:
    def test_th_15_1_any_amount_in_range(self) -> None:
        """TH-15.1: every whole amount in range is legal; listed or not; notation round-trips."""
        g = game(players=3)
        state = g.new_game(seed=1)
        move = g.parse_move(state, "raise 137")
        assert move not in state.legal_moves()
        after = state.apply(move)
        assert after.bets[0] == 137
        assert g.replay(1, ["raise 137"]) == after
        assert g.state_from_json(after.to_json()) == after

    def test_th_15_1_event_feed_and_saves_carry_any_amount(self) -> None:
        """TH-15.1: an unlisted amount is told in the event feed and kept by saves."""
        g = game(players=3)
        state = g.replay(1, ["raise 137", "call"])
        assert [e["move"] for e in state.events(2)] == ["raise 137", "call"]
        assert json.loads(state.to_json())["state"]["history"].split(";")[0] == "raise 137"
        assert g.state_from_json(state.to_json()) == state

    def test_th_15_2_canonical_sizes_and_actions(self) -> None:
        """TH-15.2: min, half pot, pot, two pots, all-in; action_move gives exact amounts."""
        g = game(players=3)
        state = g.new_game(seed=1)
        raises = [m.amount for m in state.legal_moves() if isinstance(m, Raise)]
        assert raises == [4, 7, 12, 200]  # half pot (2 + 5 // 2 = 4) is the minimum
        assert g.num_actions == 13
        for index in state.legal_actions():
            assert g.action_move(state, index) in state.legal_moves()
        assert g.action_move(state, 8 + 2) == Raise(7)  # the pot-sized raise
        with pytest.raises(InvalidMoveError, match="abstraction"):
            g.action_index(Raise(137))
        assert game(structure="fixed_limit").num_actions == 5


class TestBots:
    def test_th_16_1_random_player(self) -> None:
        """TH-16.1: the random player picks a listed move."""
        state = game().new_game(seed=2)
        assert random_move(state, random.Random(1)) in state.legal_moves()

    def test_th_16_2_equity(self) -> None:
        """TH-16.2: the bot's estimate: aces against one random hand win about 85% (85.2%)."""
        share = equity_vs_random(parse_cards("As Ad"), (), 1, samples=4000, rng=random.Random(7))
        assert abs(share.equity - 0.852) < 0.02
        assert not share.exact
        royal = equity_vs_random("As Ks", "Qs Js Ts 2c 3d", 2, samples=20, rng=1)
        assert royal.equity == 1.0
        assert royal.wins == 20
        with pytest.raises(CardRulesError):
            equity_vs_random(parse_cards("As As"), (), 1, rng=1)

    def test_th_16_2_equity_bot_raises_the_nuts_whatever_the_sample(self) -> None:
        """TH-16.2: holding a royal flush on the river, every sample wins: the pot raise."""
        nuts = play(table((200, 200), 0, "Jh Th|7d 3c", "Ah Kh Qh 7s 2c"), "call", "check")
        nuts = play(nuts, "check", "check", "check", "check", "bet 10")
        assert nuts.turn == 0
        pot_raise = [m for m in nuts.legal_moves() if getattr(m, "slot", None) == 2]
        for seed in range(5):
            for samples in (1, 60):
                assert equity_move(nuts, random.Random(seed), samples=samples) == pot_raise[0]

    def test_th_16_2_equity_bot_plays_whole_matches(self) -> None:
        """TH-16.2: the equity bot raises aces and folds seven-deuce to a big raise."""
        strong = table((200, 200, 200), 2, "7c 2d|Kc Kd|As Ah")
        move = equity_move(strong, random.Random(1), samples=300)
        assert isinstance(move, Raise)
        weak = play(table((200, 200, 200), 2, "7c 2d|Kc Kd|As Ah"), "raise 60")
        assert str(equity_move(weak, random.Random(1), samples=300)) == "fold"
        g = game(players=3, deals=3)
        state = g.new_game(seed=4)
        while not state.is_terminal:
            state = state.apply(g.greedy_move(state, random.Random(0)))
        assert sum(state.scores) == 0


class TestEquityAndRanges:
    """Issue 25: exact equity and range notation under the Hold'em names."""

    def test_same_functions_as_cardrules_poker(self) -> None:
        import cardrules.poker as poker

        assert texas_holdem.equity is poker.equity
        assert texas_holdem.parse_range is poker.parse_range
        assert texas_holdem.range_equity is poker.range_equity
        assert texas_holdem.equity_vs_random is poker.equity_vs_random

    def test_aces_against_kings_every_board(self) -> None:
        """AdAc v KhKs over 1,712,304 boards: 1,388,072 / 317,694 / 6,538 (GNU poker-eval)."""
        aces, kings = equity(["AdAc", "KhKs"])
        assert (aces.wins, aces.losses, aces.ties, aces.total) == (1388072, 317694, 6538, 1712304)
        assert (kings.wins, kings.losses, kings.ties) == (317694, 1388072, 6538)
        assert aces.exact
        assert aces.share + kings.share == 1712304

    def test_hand_against_range_on_the_river_by_hand(self) -> None:
        """AdQd on Ah Kd 7c 7s 2h plays A-A-7-7-K. Against "KK, QQ, 22, AQ", worked by hand:
        KK (Kh Ks Kc: 3) and 22 (2c 2d 2s: 3) make full houses and win; QQ (Qh Qs Qc: 3)
        has queens and sevens and loses; AQ (Ac/As with Qh/Qs/Qc: 6) ties with the same
        five cards. 15 matchups: 3 won, 6 tied, 6 lost, equity (3 + 6/2) / 15 = 0.4."""
        board = "Ah Kd 7c 7s 2h"
        villain = parse_range("KK, QQ, 22, AQ", dead=parse_cards("Ad Qd " + board))
        assert len(villain) == 15
        hero, field = range_equity(["Ad Qd", "KK, QQ, 22, AQ"], board)
        assert (hero.wins, hero.ties, hero.losses, hero.total) == (3, 6, 6, 15)
        assert hero.equity == pytest.approx(0.4)
        assert hero.exact
        assert (field.wins, field.ties, field.losses) == (6, 6, 3)

    def test_kings_against_any_aces(self) -> None:
        """KhKs v AA (6 combos): aces 81.946031% (Kevin Gong); by suit class 82.6/81.9/81.3."""
        _kings, aces = range_equity(["Kh Ks", "AA"])
        assert aces.total == 6 * 1712304
        assert aces.exact
        assert abs(100 * aces.equity - 81.946031) < 1e-4
        by_class = [equity([a, "Kh Ks"])[0].equity for a in ("AhAs", "AhAd", "AcAd")]
        assert [round(100 * e, 1) for e in by_class] == [82.6, 81.9, 81.3]
        assert abs(aces.equity - (by_class[0] + 4 * by_class[1] + by_class[2]) / 6) < 1e-12

    def test_bad_range_refused(self) -> None:
        with pytest.raises(CardRulesError, match="XX"):
            parse_range("TT+, XX")


class TestStandalone:
    def test_th_11_2_side_pots_function(self) -> None:
        """TH-11.2: side_pots by hand; bad input refused."""
        assert side_pots((50, 100, 200), (True, True, True)) == (
            (150, (0, 1, 2)),
            (100, (1, 2)),
            (100, (2,)),
        )
        assert side_pots((30, 30, 10), (True, False, True)) == ((30, (0, 2)), (40, (0,)))
        for bad in (((1, 2), (True,)), ((1, -1), (True, True)), ((1, 1), (False, False))):
            with pytest.raises(OptionError):
                side_pots(*bad)

    def test_th_11_4_split_pot_function(self) -> None:
        """TH-11.4: the odd chips go clockwise from the button."""
        assert split_pot(10, (0, 1, 2), button=0, players=3) == (3, 4, 3)
        assert award_order((0, 1, 2), button=0, players=3) == (1, 2, 0)
        with pytest.raises(OptionError):
            split_pot(5, (), button=0, players=3)
        with pytest.raises(OptionError):
            split_pot(5, (1, 1), button=0, players=3)

    def test_th_12_1_rake_amount_function(self) -> None:
        """TH-12.1: percent rounded down, capped."""
        assert rake_amount(1000, 5) == 50
        assert rake_amount(1000, 5, 30) == 30
        with pytest.raises(OptionError):
            rake_amount(10, 200)

    def test_th_14_1_render(self) -> None:
        """TH-14.1: the picture shows one's own cards, not the others'."""
        state = game(players=3).new_game(seed=2)
        text = render(state.view(1))
        assert str(state.holes[1][0]) in text
        assert str(state.holes[0][0]) not in text


class TestBadInput:
    def test_bad_moves_refused_with_nothing_applied(self) -> None:
        """Bet below the minimum or above the stack, bet facing a bet, raise with none."""
        state = game(players=3).new_game(seed=1)
        before = state.to_json()
        for move, pattern in (
            (Raise(3), r"4 to 200"),
            (Raise(500), r"4 to 200"),
            (Bet(10), r"raise instead"),
            (Raise(True), r"whole number"),  # type: ignore[arg-type]
        ):
            with pytest.raises(IllegalMoveError, match=pattern):
                state.apply(move)
        assert state.to_json() == before
        flop = play(state, "call", "call", "check")
        with pytest.raises(IllegalMoveError, match="bet instead"):
            flop.apply(Raise(4))
        with pytest.raises(IllegalMoveError, match=r"2 to 198"):
            flop.apply(Bet(1))


# --------------------------------------------------------------------------- hand histories

DWAN_IVEY = """\
variant = "NT"
ante_trimming_status = true
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  "d dh p1 Ac2d",  # Ivey
  "d dh p2 ????",  # Antonius
  "d dh p3 7h6h",  # Dwan
  "p3 cbr 7000",
  "p1 cbr 23000",
  "p2 f",
  "p3 cc",
  "d db Jc3d5c",
  "p1 cbr 35000",
  "p3 cc",
  "d db 4h",
  "p1 cbr 90000",
  "p3 cbr 232600",
  "p1 cbr 1067100",
  "p3 cc",
  "p1 sm Ac2d",
  "p3 sm 7h6h",
  "d db Jh",
]
"""


class TestPHH:
    def test_th_17_1_dwan_ivey_2009(self) -> None:
        """TH-17.1: PokerKit's published Dwan-Ivey hand ends 572,100 / 1,997,500 / 1,109,500."""
        state = from_phh(DWAN_IVEY)
        assert state.is_terminal
        assert state.stacks == (572100, 1997500, 1109500)
        text = to_phh(state)
        assert '"p3 cbr 232600"' in text
        assert "finishing_stacks = [572100, 1997500, 1109500]" in text
        assert from_phh(text).stacks == state.stacks

    def test_th_17_2_players_from_the_seat_after_the_button(self) -> None:
        """TH-17.2: p1 is the seat after the button; heads-up p1 posts the big blind."""
        g = game(players=2, deals=1)
        state = g.replay(1, ["fold"])
        text = to_phh(state)
        assert "blinds_or_straddles = [1, 2]" in text
        assert '"p2 f"' in text  # the button (seat 0) is p2 and acted first
        assert from_phh(text).stacks == (1, -1 + 200) or from_phh(text).stacks == (201, 199)

    def test_th_17_3_pot_limit_and_rake_not_written(self) -> None:
        """TH-17.3: PHH has no pot-limit code and no rake field."""
        with pytest.raises(OptionError, match="pot-limit"):
            to_phh(game(structure="pot_limit").new_game(seed=1))
        with pytest.raises(OptionError, match="rake"):
            to_phh(game(rake_percent=5).new_game(seed=1))
        with pytest.raises(OptionError, match="four bets"):
            to_phh(game(structure="fixed_limit", uncapped_heads_up=True).new_game(seed=1))
        with pytest.raises(InvalidStateError, match="NT or FT"):
            from_phh(DWAN_IVEY.replace('"NT"', '"PO"'))

    def test_th_17_4_decimal_chips(self) -> None:
        """TH-17.4: decimal amounts need the chip's value."""
        text = DWAN_IVEY.replace("[500, 500, 500]", "[5.5, 5.5, 5.5]")
        with pytest.raises(InvalidStateError, match="chip="):
            from_phh(text)
        cents = (
            DWAN_IVEY.replace("[500, 500, 500]", "[0.05, 0.05, 0.05]")
            .replace("[1000, 2000, 0]", "[0.10, 0.20, 0]")
            .replace("min_bet = 2000", "min_bet = 0.20")
            .replace("[1125600, 2000000, 553500]", "[112.56, 200, 55.35]")
            .replace("cbr 7000", "cbr 0.70")
            .replace("cbr 23000", "cbr 2.30")
            .replace("cbr 35000", "cbr 3.50")
            .replace("cbr 90000", "cbr 9")
            .replace("cbr 232600", "cbr 23.26")
            .replace("cbr 1067100", "cbr 106.71")
        )
        state = from_phh(cents, chip="0.01")
        assert state.stacks == (5721, 19975, 11095)
        assert "starting_stacks = [112.56, 200, 55.35]" in to_phh(state, chip="0.01")

    def test_th_17_4_bad_histories_refused(self) -> None:
        """TH-17.4: cards twice, stacks that do not add up, out of turn, junk."""
        with pytest.raises(CardRulesError, match="twice"):
            from_phh(DWAN_IVEY.replace('"d db 4h"', '"d db Jc"'))
        with pytest.raises(InvalidStateError, match="chips do not add up"):
            from_phh(DWAN_IVEY + "finishing_stacks = [572100, 1997500, 1109501]\n")
        with pytest.raises(IllegalMoveError, match=r"out of turn.*TH-6\.4"):
            from_phh(DWAN_IVEY.replace('"p3 cbr 7000"', '"p1 cbr 7000"'))
        with pytest.raises(IllegalMoveError, match=r"action 4.*TH-7\.1"):
            from_phh(DWAN_IVEY.replace('"p1 cbr 23000"', '"p1 cbr 8000"'))
        with pytest.raises(InvalidStateError, match="TOML"):
            from_phh("variant = ")
        with pytest.raises(InvalidStateError, match="lacks"):
            from_phh('variant = "NT"\n')
        with pytest.raises(InvalidMoveError, match="not an action"):
            from_phh(DWAN_IVEY.replace('"p2 f"', '"p2 x"'))
        early = DWAN_IVEY.replace('  "d db Jc3d5c",\n', "")
        early = early.replace('"p2 f",', '"p2 f",\n  "d db Jc3d5c",')
        with pytest.raises(InvalidStateError, match="board is dealt before"):
            from_phh(early)


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 7),
    structure=st.sampled_from(["no_limit", "fixed_limit"]),
    stack=st.integers(3, 80),
    blinds=st.sampled_from([(0, 1), (1, 2), (2, 5)]),
    ante=st.sampled_from([(0, 0), (1, 0), (0, 2)]),
    seed=st.integers(0, 10**6),
)
def test_th_13_3_and_17_1_random_tables_conserve_chips_and_read_back(
    players: int,
    structure: str,
    stack: int,
    blinds: tuple[int, int],
    ante: tuple[int, int],
    seed: int,
) -> None:
    """TH-13.3, TH-17.1: any table conserves its chips; each hand's PHH reads back to its stacks."""
    g = game(
        players=players,
        structure=structure,
        stack=stack,
        small_blind=blinds[0],
        big_blind=blinds[1],
        ante=ante[0],
        bb_ante=ante[1],
        deals=6,
    )
    rng = random.Random(seed)
    state = g.new_game(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_moves()))
        state.validate()
        assert sum(state.scores) + state.raked == 0
    for deal in range(state.deal):
        try:
            text = to_phh(state, deal)
        except OptionError:
            continue  # a hand every seat was all-in for from the blinds
        final = [int(x) for x in text.split("finishing_stacks = [")[1].split("]")[0].split(", ")]
        back = from_phh(text)
        assert list(back.last_deal.stacks if back.last_deal else back.stacks) == final
