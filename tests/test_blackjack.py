"""Blackjack: each test names the clause of seeds/blackjack.md it checks."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    Card,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    OptionError,
    Rank,
    games,
    parse_card,
    parse_cards,
)
from cardrules.games import blackjack
from cardrules.games.blackjack import (
    Bet,
    Blackjack,
    Insure,
    Phase,
    State,
    chart_action,
    chip_ladder,
    dealer_probabilities,
    hand_value,
    text_action,
)
from cardrules.games.blackjack.moves import DECLINE, DOUBLE, HIT, SPLIT, STAND
from cardrules.testing import check_game


def game(**options: object) -> Blackjack:
    created = games.create("blackjack", **options)
    assert isinstance(created, Blackjack)
    return created


def stacked(cards: str, *, seed: int = 1, **options: object) -> State:
    """A new game whose shoe deals ``cards`` first, in the order given."""
    state = game(**options).new_game(seed)
    top = parse_cards(cards)
    rest = sorted((Counter(state.deck().cards) - Counter(top)).elements())
    new = attrs.evolve(state, shoe=(*rest, *reversed(top)))
    new.validate()
    return new


def play(state: State, *moves: str) -> State:
    g = game(**attrs.asdict(state.options))
    for text in moves:
        state = state.apply(g.parse_move(state, text))
    return state


def last(state: State) -> blackjack.DealResult:
    """The state's last settled round."""
    assert state.last_deal is not None
    return state.last_deal


def names(state: State) -> list[str]:
    return [str(m) for m in state.legal_moves()]


class TestTable:
    def test_bj_1_1_six_packs_by_default(self) -> None:
        """The shoe holds six 52-card packs; 1 to 8 packs as an option."""
        state = game().new_game(1)
        assert state.deck().size == 312
        assert len(state.shoe) == 312
        assert Counter(state.shoe)[parse_card("Ah")] == 6
        assert len(game(packs=1).new_game(1).shoe) == 52
        for bad in (0, 9):
            with pytest.raises(OptionError, match="packs"):
                game(packs=bad)

    def test_bj_1_2_one_to_seven_seats(self) -> None:
        """One to seven seats, one by default; seat 0 bets and plays first."""
        assert game().players == 1
        assert game(players=7).new_game(1).current_player == 0
        for bad in (0, 8):
            with pytest.raises(OptionError, match="players"):
                game(players=bad)

    def test_bj_1_3_nearer_21_wins(self) -> None:
        """A total nearer 21 than the dealer's wins, over 21 never does."""
        state = play(stacked("Th 9c 9d 8s", deals=1), "bet 10", "stand")
        assert state.scores == (10,)
        state = play(stacked("Th 9c 5d 8s Kh", deals=1), "bet 10", "hit")
        assert state.scores == (-10,)


class TestValues:
    def test_bj_2_1_pips_and_ten_cards(self) -> None:
        """Pips count their value; ten, jack, queen and king count ten."""
        values = [blackjack.card_value(c) for c in parse_cards("2c 7d 9h Ts Jc Qd Kh")]
        assert values == [2, 7, 9, 10, 10, 10, 10]

    def test_bj_2_2_ace_one_or_eleven(self) -> None:
        """One ace counts 11 when the total stays at most 21: a soft hand."""
        assert hand_value(parse_cards("Ah 6d")) == (17, True)
        assert hand_value(parse_cards("Ah Ad")) == (12, True)
        assert hand_value(parse_cards("Ah Kd")) == (21, True)
        assert hand_value(parse_cards("Ah 5d Kc")) == (16, False)
        assert hand_value(()) == (0, False)

    def test_bj_2_2_bad_hands_refused(self) -> None:
        """Anything but cards of the 52-card pack raises InvalidCardError."""
        for bad in ("Ah Kd", 21, [parse_card("Ah"), "Kd"], parse_cards("Ah Jk")):
            with pytest.raises(InvalidCardError):
                hand_value(bad)  # type: ignore[arg-type]

    def test_bj_2_3_soft_hand_turns_hard(self) -> None:
        """Ace-six drawing a nine counts the ace as one: hard 16."""
        assert hand_value(parse_cards("As 6d 9c")) == (16, False)

    def test_bj_2_4_over_21_is_bust(self) -> None:
        """A total over 21 is a bust and is never soft."""
        assert hand_value(parse_cards("Kh Qd 5c")) == (25, False)
        assert hand_value(parse_cards("Ah Ad Kh Qc")) == (22, False)

    @given(st.lists(st.sampled_from(parse_cards("Ac 2c 5d 9h Ts Kd")), max_size=8))
    def test_bj_2_2_total_matches_best_count(self, cards: list[Card]) -> None:
        """The total is the best count of aces as 1 or 11 not over 21, else the least."""
        hand = tuple(cards)
        base = sum(blackjack.card_value(c) for c in hand)
        aces = len([c for c in hand if c.rank == Rank.ACE])
        counts = [base + 10 * k for k in range(aces + 1)]
        good = [t for t in counts if t <= 21]
        total, soft = hand_value(hand)
        assert total == (max(good) if good else base)
        assert soft == (bool(good) and max(good) != base)


class TestShoe:
    def test_bj_3_1_seeded_shuffle(self) -> None:
        """The same seed gives the same shoe, another seed another."""
        g = game()
        assert g.new_game(5).shoe == g.new_game(5).shoe != g.new_game(6).shoe
        assert sorted(g.new_game(5).shoe) == sorted(g.new_game(5).deck().cards)

    def test_bj_3_2_cut_card_position(self) -> None:
        """60 to 75 cards stay behind the cut card with six packs; with one pack 18 to
        26 (half to two-thirds dealt), with two 26 to 35 (half to two-thirds of a deck
        cut off, casino.org's report of double-deck games)."""
        six = {game().new_game(s).cut for s in range(200)}
        assert min(six) >= 60
        assert max(six) <= 75
        assert len(six) > 10
        one = {game(packs=1).new_game(s).cut for s in range(300)}
        assert one == set(range(18, 27))
        two = {game(packs=2).new_game(s).cut for s in range(300)}
        assert two == set(range(26, 36))
        four = {game(packs=4).new_game(s).cut for s in range(300)}
        assert four == set(range(40, 51))

    def test_bj_3_3_reshuffle_after_cut_card_round(self) -> None:
        """The round in which the cut card comes out is finished, then all is reshuffled."""
        state = stacked("Th 9c 9d 8s")
        state = attrs.evolve(state, cut=len(state.shoe) - 3)  # comes out at the 3rd card
        after = play(state, "bet 10", "stand")
        assert after.scores == (10,)  # the round was played out
        assert after.tray == ()
        assert len(after.shoe) == 312
        assert after.shuffles == 1
        assert 60 <= after.cut <= 75

    def test_bj_3_4_used_cards_to_the_tray(self) -> None:
        """A settled round's cards lie face up in the tray, seen by every seat."""
        state = play(stacked("Th 9c 9d 8s", players=2), "bet 10", "bet 5")
        assert state.tray == ()
        state = play(state, "stand", "stand")
        result = last(state)
        used = [c for hands in result.hands for h in hands for c in h.cards] + list(result.dealer)
        assert sorted(state.tray) == sorted(used)
        assert len(used) >= 6
        assert state.view(1).tray == state.tray
        state.validate()  # shoe, tray, hands and dealer are the packs

    def test_bj_3_5_empty_shoe_uses_the_tray(self) -> None:
        """A shoe that runs out mid-round is refilled from the shuffled tray."""
        state = stacked("2c 9c 3d 8s 2d")
        shoe = state.shoe
        state = attrs.evolve(state, shoe=shoe[-5:], tray=shoe[:-5], cut=0)
        state = play(state, "bet 10", "hit")  # 2c 3d 2d = 7: the shoe is now empty
        assert state.shoe == ()
        assert state.phase is Phase.PLAY
        state = play(state, "hit")  # drawn from the tray, shuffled into a new shoe
        state.validate()
        assert state.shuffles == 1
        assert state.reshuffle_due
        assert state.tray == ()
        assert len(state.shoe) == 312 - 6


class TestBetting:
    def test_bj_4_1_bet_within_limits(self) -> None:
        """Bets are whole chips within 2 to 500; others name BJ-4.1."""
        state = game().new_game(1)
        for amount in (1, 501):
            with pytest.raises(IllegalMoveError, match=r"BJ-4\.1"):
                state.apply(Bet(amount))
        with pytest.raises(IllegalMoveError, match="whole number"):
            state.apply(Bet("ten"))  # type: ignore[arg-type]
        assert names(game(min_bet=10, max_bet=100).new_game(1))[0] == "bet 10"
        with pytest.raises(OptionError, match="min_bet"):
            game(min_bet=50, max_bet=10)

    def test_bj_4_2_chip_ladder(self) -> None:
        """The bets offered are the chip ladder inside the limits."""
        assert names(game().new_game(1)) == [f"bet {a}" for a in (2, 5, 10, 20, 50, 100, 200, 500)]
        assert chip_ladder(25, 1000) == (25, 50, 100, 200, 500, 1000)
        assert chip_ladder(3, 3) == (3,)
        with pytest.raises(OptionError):
            chip_ladder(5, 2)

    def test_bj_4_2_any_whole_bet_in_the_limits(self) -> None:
        """BJ-4.2: a bet off the ladder but inside the limits is legal; its range is given."""
        state = game().new_game(1)
        assert state.amount_range("bet") == (2, 500)
        assert state.amount_range(Bet) == (2, 500)
        assert Bet(7) not in state.legal_moves()
        assert state.is_legal(Bet(7))
        assert state.is_legal(Bet(499))
        after = state.apply(game().parse_move(state, "bet 25"))
        assert after.bets[0] == 25
        assert str(after.history[-1]) == "bet 25"
        assert game().replay(1, ["bet 25"]) == after
        assert game().state_from_json(after.to_json()) == after
        for amount in (1, 501):
            with pytest.raises(IllegalMoveError, match=r"2 to 500.*BJ-4\.1") as info:
                state.apply(Bet(amount))
            assert info.value.rule == "BJ-4.1"
        assert state.explain(Bet(7)) == "'bet 7' is legal now"
        poor = game(bankroll=30).new_game(1)
        assert poor.amount_range("bet") == (2, 30)
        with pytest.raises(IllegalMoveError, match=r"2 to 30.*BJ-4\.3"):
            poor.apply(Bet(31))
        with pytest.raises(InvalidMoveError, match="range of amounts"):
            state.amount_range("hit")

    def test_bj_4_3_bankroll_limits_stakes(self) -> None:
        """No stake above the bankroll; a seat that cannot bet sits out; the game ends."""
        state = game(bankroll=30).new_game(1)
        assert names(state) == ["bet 2", "bet 5", "bet 10", "bet 20"]
        with pytest.raises(IllegalMoveError, match=r"BJ-4\.3"):
            state.apply(Bet(50))
        state = play(stacked("5h 9c 6d 8s", bankroll=30), "bet 20")
        assert "double" not in names(state)  # 11, but 10 chips are left, not 20
        with pytest.raises(IllegalMoveError, match=r"BJ-4\.3"):
            state.apply(DOUBLE)
        broke = play(stacked("Th 9c 6d 8s Kh", bankroll=2, deals=5), "bet 2", "hit")
        assert broke.is_terminal
        assert broke.scores == (-2,)
        two = play(stacked("Th 9c 9d 6d 8s 8h Kh", players=2, bankroll=2), "bet 2", "bet 2")
        two = play(two, "hit", "stand")  # seat 0 busts with 26, seat 1 stands on 17
        assert two.current_player == 1
        assert two.phase is Phase.BET


class TestDeal:
    def test_bj_5_1_deal_order(self) -> None:
        """Seat by seat, the dealer's up card, seat by seat again, the hole card."""
        state = play(stacked("2c 3c 4c 5c 6c 7c", players=2), "bet 10", "bet 10")
        assert state.hands[0][0].cards == parse_cards("2c 5c")
        assert state.hands[1][0].cards == parse_cards("3c 6c")
        assert state.dealer == parse_cards("4c 7c")

    def test_bj_5_2_peek_on_ten_or_ace(self) -> None:
        """A ten up is checked at once; a natural ends the round before any play."""
        state = play(stacked("9h Tc 9d As"), "bet 10")
        assert state.deal == 1
        assert last(state).dealer_natural
        assert state.scores == (-10,)
        state = play(stacked("9h Tc 9d 7s"), "bet 10")
        assert state.phase is Phase.PLAY
        assert state.view(0).dealer == parse_cards("Tc")

    def test_bj_5_2_no_peek_on_other_cards(self) -> None:
        """With a 9 up the hole card is not looked at: play starts, the hole hidden."""
        state = play(stacked("9h 9c 9d Ts"), "bet 10")
        assert state.phase is Phase.PLAY
        assert len(state.view(0).dealer) == 1


class TestNaturals:
    def test_bj_6_1_natural(self) -> None:
        """An ace and a ten-card as the first two cards are a natural."""
        assert blackjack.is_natural(parse_cards("As Qd"))
        assert not blackjack.is_natural(parse_cards("As 5d 5c"))
        assert not blackjack.is_natural(parse_cards("Ts Ks"))

    def test_bj_6_2_natural_paid_three_to_two(self) -> None:
        """A natural against no dealer natural is paid 3:2 at once, rounded down."""
        state = play(stacked("Ah 9c Kd 7s"), "bet 10")
        assert state.phase is Phase.BET
        assert state.scores == (15,)
        state = play(stacked("Ah 9c Kd 7s"), "bet 5")
        assert state.scores == (7,)

    def test_bj_6_3_dealer_natural_collects(self) -> None:
        """A dealer natural takes every other bet, the bet only."""
        state = play(stacked("Th Kc Qd As"), "bet 10")
        assert state.scores == (-10,)
        assert last(state).dealer_natural

    def test_bj_6_4_both_naturals_stand_off(self) -> None:
        """A natural against a dealer natural is a stand-off."""
        state = play(stacked("Ah Kc Qd As"), "bet 10")
        assert state.scores == (0,)


class TestInsurance:
    def test_bj_7_1_offered_on_an_ace(self) -> None:
        """With an ace up each bettor may insure up to half the bet, or decline."""
        state = play(stacked("9h Ac 9d 7s"), "bet 10")
        assert state.phase is Phase.INSURANCE
        assert names(state) == ["decline", "insure 1", "insure 2", "insure 5"]
        big = play(stacked("9h Ac 9d 7s"), "bet 100")
        assert names(big)[-1] == "insure 50"
        odd = play(stacked("9h Ac 9d 7s"), "bet 5")
        assert names(odd) == ["decline", "insure 1", "insure 2"]

    def test_bj_7_1_any_insurance_up_to_half(self) -> None:
        """BJ-7.1: any whole insurance from 1 to half the bet is legal, listed or not."""
        state = play(stacked("9h Ac 9d 7s"), "bet 30")
        assert state.amount_range("insure") == (1, 15)
        assert Insure(13) not in state.legal_moves()
        assert play(state, "insure 13").insurance == (13,)
        with pytest.raises(IllegalMoveError, match=r"1 to 15.*BJ-7\.1"):
            state.apply(Insure(16))
        with pytest.raises(IllegalMoveError, match=r"1 to 15.*BJ-7\.1"):
            state.apply(Insure(0))
        assert play(stacked("9h 9c 9d 7s"), "bet 10").amount_range("insure") is None

    def test_bj_7_1_bad_insurance_refused(self) -> None:
        """Insurance above half the bet, or without an ace, names BJ-7.1."""
        state = play(stacked("9h Ac 9d 7s"), "bet 10")
        with pytest.raises(IllegalMoveError, match=r"more than half.*BJ-7\.1"):
            state.apply(Insure(6))
        with pytest.raises(IllegalMoveError, match=r"whole number.*BJ-7\.1"):
            state.apply(Insure(2.5))  # type: ignore[arg-type]
        no_ace = play(stacked("9h 9c 9d 7s"), "bet 10")
        with pytest.raises(IllegalMoveError, match=r"BJ-7\.1"):
            no_ace.apply(Insure(5))
        with pytest.raises(IllegalMoveError, match=r"BJ-7\.1"):
            no_ace.apply(DECLINE)

    def test_bj_7_1_natural_may_insure(self) -> None:
        """A seat holding a natural is offered insurance too (even money)."""
        state = play(stacked("Ah Ac Kd Ks"), "bet 10")
        assert "insure 5" in names(state)
        assert play(state, "insure 5").scores == (10,)  # 0 on the bet, +10 insurance

    def test_bj_7_2_insurance_pays_two_to_one(self) -> None:
        """A ten-card in the hole pays insurance 2:1; the bet is lost as usual."""
        state = play(stacked("9h Ac 9d Ks"), "bet 10", "insure 5")
        assert state.scores == (0,)
        assert last(state).insurance == (10,)

    def test_bj_7_2_insurance_lost_play_goes_on(self) -> None:
        """No ten-card in the hole: the insurance is lost and the seat plays."""
        state = play(stacked("Th Ac 9d 7s"), "bet 10", "insure 5")
        assert state.phase is Phase.PLAY
        state = play(state, "stand")  # 19 against soft 18
        assert state.scores == (5,)
        assert last(state).insurance == (-5,)


class TestPlay:
    def test_bj_8_1_hit_and_stand_in_seat_order(self) -> None:
        """Seat 0 plays out its hand, then seat 1."""
        state = play(stacked("2c 3c 9c 5c 6c 7d", players=2), "bet 10", "bet 10")
        assert state.current_player == 0
        assert names(state)[:2] == ["hit", "stand"]
        state = play(state, "hit")
        assert state.current_player == 0
        assert len(state.hands[0][0].cards) == 3
        state = play(state, "stand")
        assert state.current_player == 1

    def test_bj_8_2_bust_loses_at_once(self) -> None:
        """A bust hand is lost and the turn moves on."""
        state = play(stacked("Tc 3c 9c 6c 6d Kd 8h", players=2), "bet 10", "bet 10", "hit")
        assert state.current_player == 1
        assert state.hands[0][0].done
        state = play(state, "stand")  # seat 1's 9 loses to the dealer's 19 too
        assert last(state).results == ((-10,), (-10,))

    def test_bj_8_3_twenty_one_stands(self) -> None:
        """A hand reaching 21 takes no more cards: the round goes on without a move."""
        state = play(stacked("5c 9c 6d 8s Tc"), "bet 10", "hit")
        assert state.phase is Phase.BET
        assert last(state).results == ((10,),)

    def test_bj_8_4_move_notation(self) -> None:
        """Hit and stand (the signals of the text) are the moves 'hit' and 'stand'."""
        g = game()
        assert str(HIT) == "hit"
        assert g.parse_move(None, "Stand") == STAND
        assert str(Bet(10)) == "bet 10"
        assert g.parse_move(None, "insure 5") == Insure(5)

    def test_bj_8_1_no_move_after_standing(self) -> None:
        """After standing (the round settled), hitting names the rule."""
        state = play(stacked("Tc 9c 9d 8s", deals=2), "bet 10", "stand")
        with pytest.raises(IllegalMoveError, match=r"BJ-4\.1"):
            state.apply(HIT)


class TestSplit:
    def test_bj_9_1_split_a_pair(self) -> None:
        """A pair splits into two hands, each with the bet."""
        state = play(stacked("8c 9c 8d 7s 3h 2d"), "bet 10")
        assert "split" in names(state)
        state = play(state, "split")
        hands = state.hands[0]
        assert [h.stake for h in hands] == [10, 10]
        assert hands[0].cards == parse_cards("8c 3h")
        assert hands[1].cards == parse_cards("8d")
        assert state.available(0) == 980

    def test_bj_9_2_same_rank_only(self) -> None:
        """Jack-queen does not split by default; any two ten-cards with the option."""
        state = play(stacked("Jc 9c Qd 7s"), "bet 10")
        with pytest.raises(IllegalMoveError, match=r"not a pair.*BJ-9\.1"):
            state.apply(SPLIT)
        state = play(stacked("Jc 9c Qd 7s", split_unlike_tens=True), "bet 10")
        assert "split" in names(state)

    def test_bj_9_3_left_hand_first(self) -> None:
        """The left hand is played out first; the right gets its card when its turn comes."""
        state = play(stacked("8c 9c 8d 7s 3h Th 2d"), "bet 10", "split", "hit")
        left, right = state.hands[0]
        assert left.cards == parse_cards("8c 3h Th")
        assert left.done
        assert right.cards == parse_cards("8d 2d")
        assert not right.done
        state = play(state, "stand")  # 10 stands; the dealer's 16 draws an ace: 17
        assert last(state).dealer == parse_cards("9c 7s As")
        assert last(state).results == ((10, -10),)

    def test_bj_9_4_split_aces_one_card_each(self) -> None:
        """Split aces get one card each and the round goes on without a choice."""
        state = play(stacked("Ac 9c Ad 8s 7h 6h"), "bet 10", "split")
        assert state.phase is Phase.BET
        hands = last(state).hands[0]
        assert [h.cards for h in hands] == [parse_cards("Ac 7h"), parse_cards("Ad 6h")]

    def test_bj_9_5_ten_on_split_ace_is_not_natural(self) -> None:
        """A ten-card on a split ace is 21 paid even money."""
        state = play(stacked("Ac 9c Ad 8s Kh 2h"), "bet 10", "split")
        assert last(state).results == ((10, -10),)  # 21 wins 10; 13 loses to 17

    def test_bj_9_6_no_resplit_by_default(self) -> None:
        """A split hand may not split again; max_hands allows it; aces never resplit."""
        state = play(stacked("8c 9c 8d 7s 8h"), "bet 10", "split")
        with pytest.raises(IllegalMoveError, match=r"BJ-9\.6"):
            state.apply(SPLIT)
        state = play(stacked("8c 9c 8d 7s 8h", max_hands=4), "bet 10", "split")
        assert "split" in names(state)
        aces = stacked("Ac 9c Ad 8s Ah 2h", max_hands=4)
        state = play(aces, "bet 10", "split")
        assert state.phase is Phase.BET  # both aces took one card and were done


class TestDouble:
    def test_bj_10_1_double_on_nine_to_eleven(self) -> None:
        """A first two-card total of 9, 10 or 11 doubles: one card, twice the bet."""
        for cards in ("5c 9c 4d 7s", "5c 9c 5d 7s", "5c 9c 6d 7s"):
            assert "double" in names(play(stacked(cards), "bet 10"))
        state = play(stacked("5c 9c 6d 7s Th"), "bet 10", "double")
        assert last(state).hands[0][0].cards == parse_cards("5c 6d Th")
        assert state.scores == (20,)

    def test_bj_10_1_other_totals_refused(self) -> None:
        """12, soft 19 (ace-eight) and a third card refuse a double, naming BJ-10.1."""
        state = play(stacked("5c 9c 7d 7s"), "bet 10")
        with pytest.raises(IllegalMoveError, match=r"not 12 \(BJ-10\.1\)"):
            state.apply(DOUBLE)
        soft = play(stacked("Ac 9c 8d 7s"), "bet 10")
        assert "double" not in names(soft)
        three = play(stacked("2c 9c 3d 7s 4h"), "bet 10", "hit")
        with pytest.raises(IllegalMoveError, match=r"first two cards \(BJ-10\.1\)"):
            three.apply(DOUBLE)
        anytwo = play(stacked("5c 9c 7d 7s", double_any_two=True), "bet 10")
        assert "double" in names(anytwo)

    def test_bj_10_2_double_card_face_down(self) -> None:
        """The double-down card is hidden from every seat until settlement."""
        state = play(stacked("5c 6c 9c 6d 4h 7s Th", players=2), "bet 10", "bet 10", "double")
        assert state.current_player == 1
        assert state.hands[0][0].cards == parse_cards("5c 6d Th")
        for seat in (0, 1):
            assert state.view(seat).hands[0][0].cards == parse_cards("5c 6d")
        other = state.resample(1, random.Random(3))
        assert other.view(1) == state.view(1)

    def test_bj_10_3_no_double_after_split(self) -> None:
        """A split hand of 10 may not double unless double_after_split."""
        state = play(stacked("5c 9c 5d 7s 5h"), "bet 10", "split")
        with pytest.raises(IllegalMoveError, match=r"BJ-10\.3"):
            state.apply(DOUBLE)
        das = play(stacked("5c 9c 5d 7s 5h", double_after_split=True), "bet 10", "split")
        assert "double" in names(das)

    def test_bj_10_4_two_fives(self) -> None:
        """Two fives may split, double or be played as ten."""
        state = play(stacked("5c 9c 5d 7s"), "bet 10")
        assert names(state) == ["hit", "stand", "double", "split"]


class TestDealer:
    def test_bj_11_1_draws_to_17(self) -> None:
        """The dealer draws on 16 and stands on 17."""
        state = play(stacked("Tc 9c 9d 7s Ah"), "bet 10", "stand")
        assert last(state).dealer == parse_cards("9c 7s Ah")  # 16, draws: 17
        state = play(stacked("Tc 9c 9d 8s Ah"), "bet 10", "stand")
        assert last(state).dealer == parse_cards("9c 8s")

    def test_bj_11_2_stands_on_soft_17(self) -> None:
        """Ace-six stands; with hit_soft_17 it draws."""
        state = play(stacked("Tc Ac 8d 6s 4h"), "bet 10", "decline", "stand")
        assert last(state).dealer == parse_cards("Ac 6s")
        assert state.scores == (10,)
        state = play(stacked("Tc Ac 8d 6s 4h", hit_soft_17=True), "bet 10", "decline", "stand")
        assert last(state).dealer == parse_cards("Ac 6s 4h")
        assert state.scores == (-10,)

    def test_bj_11_3_dealer_has_no_moves(self) -> None:
        """Every move belongs to a seat; the dealer is never to move."""
        state = game(players=3).new_game(2)
        rng = random.Random(0)
        while not state.is_terminal:
            assert state.current_player in (0, 1, 2)
            state = state.apply(rng.choice(state.legal_moves()))

    def test_bj_11_4_no_draw_when_all_settled(self) -> None:
        """When every hand has busted the dealer draws nothing."""
        state = play(stacked("Tc 5c 6d 6s Kh 9h"), "bet 10", "hit")
        assert last(state).dealer == parse_cards("5c 6s")


class TestSettlement:
    def test_bj_12_1_bust_loses_though_dealer_busts(self) -> None:
        """A busted hand loses even when the dealer busts later."""
        state = play(
            stacked("Tc 7c 6c 6d 6h Kd 9s Kh", players=2), "bet 10", "bet 10", "hit", "stand"
        )
        assert _total_of(last(state).dealer) > 21
        assert last(state).results == ((-10,), (10,))

    def test_bj_12_2_dealer_bust_pays_standing_hands(self) -> None:
        """Every hand still standing is paid when the dealer busts."""
        state = play(stacked("2c 6c 3d Ts Kh"), "bet 10", "stand")
        assert state.scores == (10,)

    def test_bj_12_3_higher_wins_equal_stands_off(self) -> None:
        """Higher total wins, lower loses, equal is a stand-off."""
        assert play(stacked("Tc 9c 9d 8s"), "bet 10", "stand").scores == (10,)
        assert play(stacked("Tc 9c 8d 9s"), "bet 10", "stand").scores == (0,)
        assert play(stacked("Tc 9c 7d 9s"), "bet 10", "stand").scores == (-10,)

    def test_bj_12_4_doubled_bet_settled(self) -> None:
        """A doubled hand loses twice the bet too."""
        state = play(stacked("5c Tc 6d 9s 2h"), "bet 10", "double")
        assert state.scores == (-20,)


class TestSession:
    def test_bj_13_1_rounds(self) -> None:
        """Ten rounds by default; deals=1 is one round."""
        rng = random.Random(1)
        for deals in (1, 10):
            state = game(deals=deals, bankroll=10**6).new_game(3)
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_moves()))
            assert state.deal == deals
        assert game().options.deals == 10

    def test_bj_13_2_scores_are_net_chips(self) -> None:
        """Scores are bankroll minus the starting bankroll, after each round."""
        state = play(stacked("Tc 9c 9d 8s", players=2, deals=3), "bet 10", "bet 20")
        assert state.scores == (0, 0)
        state = play(state, "stand", "stand")
        assert state.scores == tuple(b - 1000 for b in state.bankrolls)
        assert state.scores == last(state).net
        assert Blackjack.HIGHER_IS_BETTER

    def test_bj_13_3_views_hide_shoe_and_hole(self) -> None:
        """A view shows the up card, never the hole card or the shoe's order."""
        state = play(stacked("Tc 9c 9d 8s"), "bet 10")
        view = state.view(0)
        assert view.dealer == parse_cards("9c")
        assert view.shoe_size == len(state.shoe)
        assert not hasattr(view, "shoe")
        other = state.resample(0, random.Random(5))
        assert other.view(0) == view
        assert other.shoe != state.shoe
        assert "??" in blackjack.render(view)

    def test_bj_13_3_peeked_hole_stays_no_natural(self) -> None:
        """Resampling after a peek never deals the dealer a natural."""
        state = play(stacked("9h Tc 9d 7s"), "bet 10")
        for k in range(60):
            hole = state.resample(0, random.Random(k)).dealer[1]
            assert hole.rank.name != "ACE"


def _total_of(cards: tuple[object, ...]) -> int:
    return hand_value(cards)[0]  # type: ignore[arg-type]


class TestStrategy:
    def test_bj_14_1_hard_hands_by_up_card(self) -> None:
        """Draw to 17 against 7-A, stand on 12 against 4-6, on 13 against 2-3."""
        c = parse_card
        assert text_action(parse_cards("Tc 6d"), c("7s")) == "hit"
        assert text_action(parse_cards("Tc 7d"), c("As")) == "stand"
        assert text_action(parse_cards("Tc 2d"), c("6s")) == "stand"
        assert text_action(parse_cards("Tc 2d"), c("2s")) == "hit"
        assert text_action(parse_cards("Tc 3d"), c("3s")) == "stand"

    def test_bj_14_2_soft_hands_to_18(self) -> None:
        """Soft 17 draws, soft 18 stands."""
        c = parse_card
        assert text_action(parse_cards("Ac 6d"), c("5s"), can_double=False) == "hit"
        assert text_action(parse_cards("Ac 7d"), c("Ts")) == "stand"

    def test_bj_14_3_doubling(self) -> None:
        """11 always; 10 unless a ten-card or ace shows; 9 against 2 to 6."""
        c = parse_card
        assert text_action(parse_cards("6c 5d"), c("As")) == "double"
        assert text_action(parse_cards("6c 4d"), c("9s")) == "double"
        assert text_action(parse_cards("6c 4d"), c("Ks")) == "hit"
        assert text_action(parse_cards("6c 3d"), c("6s")) == "double"
        assert text_action(parse_cards("6c 3d"), c("7s")) == "hit"

    def test_bj_14_4_splitting(self) -> None:
        """Aces and eights always; never tens, fives, fours; 2/3/7 against 2-7; 6s against 2-6."""
        c = parse_card
        assert text_action(parse_cards("8c 8d"), c("As")) == "split"
        assert text_action(parse_cards("Ac Ad"), c("Ts")) == "split"
        assert text_action(parse_cards("Tc Td"), c("6s")) == "stand"
        assert text_action(parse_cards("4c 4d"), c("6s")) == "hit"
        assert text_action(parse_cards("7c 7d"), c("7s")) == "split"
        assert text_action(parse_cards("7c 7d"), c("8s")) == "hit"
        assert text_action(parse_cards("6c 6d"), c("6s")) == "split"
        assert text_action(parse_cards("6c 6d"), c("7s")) == "hit"
        assert text_action(parse_cards("9c 9d"), c("6s")) == "stand"

    def test_bj_14_5_bot_bets_minimum_declines_insurance(self) -> None:
        """The bot bets the minimum and declines insurance; it plays whole games."""
        g = game(players=2)
        state = g.new_game(4)
        assert g.greedy_move(state, random.Random(0)) == Bet(2)
        state = play(stacked("9h Ac 9d 7s"), "bet 10")
        assert blackjack.strategy_move(state) == DECLINE
        rng = random.Random(0)
        state = g.new_game(4)
        while not state.is_terminal:
            move = g.greedy_move(state, rng)
            assert move == blackjack.strategy_move(state)
            state = state.apply(move)
        assert state.deal == 10

    def test_bj_14_6_complete_chart(self) -> None:
        """Cells of the published multi-pack chart, S17 and H17, DAS and no DAS."""
        c = parse_card
        cards = parse_cards
        assert chart_action(cards("6c 5d"), c("As")) == "hit"
        assert chart_action(cards("6c 5d"), c("As"), hit_soft_17=True) == "double"
        assert chart_action(cards("Tc 2d"), c("3s")) == "hit"
        assert chart_action(cards("Tc 6d"), c("6s")) == "stand"
        assert chart_action(cards("Ac 7d"), c("2s")) == "stand"
        assert chart_action(cards("Ac 7d"), c("6s")) == "double"
        assert chart_action(cards("Ac 7d"), c("6s"), can_double=False) == "stand"
        assert chart_action(cards("Ac 7d"), c("9s")) == "hit"
        assert chart_action(cards("Ac 2d"), c("4s")) == "hit"
        assert chart_action(cards("Ac 8d"), c("6s"), hit_soft_17=True) == "double"
        assert chart_action(cards("2c 2d"), c("2s")) == "split"
        assert chart_action(cards("2c 2d"), c("2s"), double_after_split=False) == "hit"
        assert chart_action(cards("9c 9d"), c("As")) == "stand"
        assert chart_action(cards("9c 9d"), c("9s")) == "split"
        assert chart_action(cards("5c 5d"), c("9s")) == "double"
        state = play(stacked("8c 9c 8d Ts", double_after_split=True), "bet 10")
        assert blackjack.strategy_move(state, chart=True) == SPLIT


class TestDealerProbabilities:
    def test_bj_15_1_exact_fractions(self) -> None:
        """The outcomes are exact fractions summing to one."""
        for up in ("Ah", "2c", "6d", "Ts"):
            odds = dealer_probabilities(up)
            assert all(isinstance(p, Fraction) for p in odds.values())
            assert sum(odds.values()) == 1
        assert dealer_probabilities(6) == dealer_probabilities("6h")
        assert dealer_probabilities(11) == dealer_probabilities(1)

    def test_bj_15_1_published_one_pack_table(self) -> None:
        """One pack, S17, before the peek: Wizard of Odds' appendix 2B, to 6 places."""
        ace = dealer_probabilities("Ah", packs=1, given_no_natural=False)
        published = {
            "17": 0.126128,
            "18": 0.131003,
            "19": 0.129486,
            "20": 0.131553,
            "21": 0.0515646,
            "natural": 0.313726,
            "bust": 0.11654,
        }
        for key, value in published.items():
            assert float(ace[key]) == pytest.approx(value, abs=1.5e-6)
        six = dealer_probabilities("6h", packs=1, given_no_natural=False)
        assert float(six["17"]) == pytest.approx(0.166948, abs=1e-6)
        assert float(six["bust"]) == pytest.approx(0.420823, abs=1e-6)

    def test_bj_15_1_infinite_shoe_by_hand(self) -> None:
        """An infinite shoe agrees with a plain Markov iteration over totals."""
        odds = dealer_probabilities(6, packs=None)
        assert float(odds["bust"]) == pytest.approx(_markov_bust(6), abs=1e-12)
        assert float(dealer_probabilities(9, packs=None)["bust"]) == pytest.approx(
            _markov_bust(9), abs=1e-12
        )

    def test_bj_15_1_removed_cards_and_bad_input(self) -> None:
        """Removed cards change the shoe; bad packs, cards and removals are refused."""
        base = dealer_probabilities(6, packs=1)
        fewer_tens = dealer_probabilities(6, packs=1, removed=parse_cards("Th Jh Qh Kh"))
        assert fewer_tens["bust"] < base["bust"]
        with pytest.raises(OptionError, match="packs"):
            dealer_probabilities(6, packs=9)
        with pytest.raises(InvalidCardError):
            dealer_probabilities(12)
        with pytest.raises(InvalidCardError):
            dealer_probabilities(parse_card("Jk"))
        with pytest.raises(OptionError, match="no 6h"):
            dealer_probabilities(6, packs=1, removed=parse_cards("6h 6h 6h 6h"))

    def test_bj_15_2_published_six_pack_figures(self) -> None:
        """Six packs, S17, no dealer natural: 42.28% bust with a 6 up, 23.02% with a ten."""
        assert round(float(dealer_probabilities(6)["bust"]), 4) == 0.4228
        assert round(float(dealer_probabilities(10)["bust"]), 4) == 0.2302
        raw = dealer_probabilities(10, given_no_natural=False)
        assert raw["natural"] > 0
        assert float(raw["bust"]) == pytest.approx(0.2125, abs=1e-4)
        assert dealer_probabilities(6, hit_soft_17=True)["bust"] > dealer_probabilities(6)["bust"]


def _markov_bust(up: int) -> float:
    """Infinite-shoe dealer bust chance by iterating over (hard total, ace) states."""
    chances = dict.fromkeys(range(1, 10), 1 / 13)
    chances[10] = 4 / 13
    states = {(up, up == 1): 1.0}
    bust = 0.0
    for _ in range(30):
        nxt: dict[tuple[int, bool], float] = {}
        for (hard, ace), p in states.items():
            for value, q in chances.items():
                h, a = hard + value, ace or value == 1
                total = h + 10 if a and h <= 11 else h
                if h > 21:
                    bust += p * q
                elif total >= 17:
                    continue
                else:
                    nxt[(h, a)] = nxt.get((h, a), 0.0) + p * q
        states = nxt
    return bust


class TestProtocol:
    def test_bj_conformance_kit(self) -> None:
        """Rich options (seven seats, one pack, resplits) pass the whole kit."""
        options = {
            "players": 7,
            "packs": 1,
            "deals": 20,
            "double_any_two": True,
            "double_after_split": True,
            "max_hands": 4,
            "bankroll": 60,
        }
        report = check_game(game(**options), playouts=3)
        assert report.terminal == 3

    def test_bj_json_round_trip_mid_round(self) -> None:
        """A state in the middle of a split round reads back equal from JSON (trusted: a
        stacked shoe is no deal of its seed, so the replay check would refuse it)."""
        state = play(stacked("8c 9c 8d 7s 3h"), "bet 10", "split")
        assert game().state_from_json(state.to_json(), trusted=True) == state

    def test_bj_worked_example_split_and_double(self) -> None:
        """The docs' worked round: a split of eights, a double on one hand."""
        state = play(
            stacked("8c 6d 8d Ts 3h Th 2c 7c 9s", deals=1, double_after_split=True),
            "bet 10",
            "split",
            "double",
        )
        # left: 8c 3h = 11, doubled, draws Th = 21; right: 8d 2c = 10, hits 7c = 17
        state = play(state, "hit", "stand")
        result = last(state)
        assert result.hands[0][0].cards == parse_cards("8c 3h Th")
        assert result.hands[0][1].cards == parse_cards("8d 2c 7c")
        assert result.dealer == parse_cards("6d Ts 9s")  # 16 draws 9: bust
        assert result.results == ((20, 10),)
        assert state.scores == (30,)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 4))
def test_bj_3_4_cards_conserved_in_random_play(seed: int, players: int) -> None:
    """Shoe, tray, dealer and hands are always exactly the packs."""
    g = game(players=players, packs=1, deals=8, max_hands=3)
    state = g.new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_moves()))
        state.validate()


class TestVariants:
    """Issue 28's table variants, each off by default (BJ-16)."""

    def test_bj_16_variants_off_by_default(self) -> None:
        """BJ-16: no variant is on by default; none of their moves is listed."""
        opts = game().options
        assert not any(
            (
                opts.surrender,
                opts.six_to_five,
                opts.resplit_aces,
                opts.hit_split_aces,
                opts.double_ten_eleven,
                opts.even_money,
            )
        )
        assert "surrender" not in names(play(stacked("Th 9c 6d 7s"), "bet 10"))
        assert "even_money" not in names(play(stacked("Ah Ac Kd Ks"), "bet 10"))

    def test_bj_16_1_late_surrender_half_the_bet(self) -> None:
        """BJ-16.1: after the peek an unsplit two-card hand may surrender half its bet
        (rounded in the seat's favour only to whole chips: a bet of 5 loses 3)."""
        state = play(stacked("Th 9c 6d 7s", surrender=True), "bet 10")
        assert names(state) == ["hit", "stand", "surrender"]
        done = play(state, "surrender")
        assert done.scores == (-5,)
        assert last(done).dealer == parse_cards("9c 7s")  # the dealer draws no card
        odd = play(stacked("Th 9c 6d 7s", surrender=True), "bet 5", "surrender")
        assert odd.scores == (-3,)
        with pytest.raises(IllegalMoveError, match=r"BJ-16\.1"):
            play(stacked("Th 9c 6d 7s"), "bet 10", "surrender")

    def test_bj_16_1_no_surrender_after_split_or_a_hit(self) -> None:
        """BJ-16.1: a split hand or a hand of three cards may not surrender."""
        state = play(stacked("8h 9c 8d 7s 2c 3h 4d", surrender=True), "bet 10", "split")
        assert "surrender" not in names(state)
        state = play(stacked("Th 9c 2d 7s 3c", surrender=True), "bet 10", "hit")
        with pytest.raises(IllegalMoveError, match=r"BJ-16\.1"):
            play(state, "surrender")

    def test_bj_16_2_six_to_five(self) -> None:
        """BJ-16.2: a natural pays 6 to 5 (12 on 10, 6 on 5), rounded down."""
        assert play(stacked("Ah 9c Kd 7s"), "bet 10").scores == (15,)
        assert play(stacked("Ah 9c Kd 7s", six_to_five=True), "bet 10").scores == (12,)
        assert play(stacked("Ah 9c Kd 7s", six_to_five=True), "bet 5").scores == (6,)
        assert play(stacked("Ah 9c Kd 7s", six_to_five=True), "bet 7").scores == (8,)

    def test_bj_16_3_resplit_aces(self) -> None:
        """BJ-16.3: an ace dealt to a split ace may be split again, up to max_hands."""
        state = play(
            stacked("Ah 9c Ad 7s Ac 5h 4d 6c", resplit_aces=True, max_hands=4), "bet 10", "split"
        )
        assert names(state) == ["stand", "split"]  # Ah Ac: no hit, no double
        state = play(state, "split")  # all three aces done: the round is settled
        assert [h.cards for h in last(state).hands[0]] == [
            parse_cards("Ah 4d"),
            parse_cards("Ac 6c"),
            parse_cards("Ad 5h"),
        ]
        plain = play(stacked("Ah 9c Ad 7s Ac 5h", max_hands=4), "bet 10", "split")
        assert [h.cards for h in last(plain).hands[0]] == [
            parse_cards("Ah Ac"),
            parse_cards("Ad 5h"),
        ]

    def test_bj_16_4_hit_split_aces(self) -> None:
        """BJ-16.4: with hit_split_aces split aces are played like any split pair."""
        state = play(stacked("Ah 9c Ad 7s 2c 3h", hit_split_aces=True), "bet 10", "split")
        hand = state.active_hand()
        assert hand is not None
        assert hand.cards == parse_cards("Ah 2c")
        assert names(state) == ["hit", "stand"]
        state = play(state, "hit")
        assert state.hands[0][0].cards == parse_cards("Ah 2c 3h")
        default = play(stacked("Ah 9c Ad 7s 2c 3h"), "bet 10", "split")
        assert all(len(h.cards) == 2 for h in last(default).hands[0])

    def test_bj_16_5_double_on_ten_or_eleven_only(self) -> None:
        """BJ-16.5: with double_ten_eleven a 9 may not double; 10 and 11 may."""
        nine = play(stacked("5h 9c 4d 7s", double_ten_eleven=True), "bet 10")
        assert "double" not in names(nine)
        with pytest.raises(IllegalMoveError, match=r"10 or 11.*BJ-16\.5"):
            play(nine, "double")
        ten = play(stacked("6h 9c 4d 7s", double_ten_eleven=True), "bet 10")
        assert "double" in names(ten)
        assert "double" in names(play(stacked("5h 9c 4d 7s"), "bet 10"))
        with pytest.raises(OptionError, match="exclude"):
            game(double_ten_eleven=True, double_any_two=True)

    def test_bj_16_6_even_money_its_own_move(self) -> None:
        """BJ-16.6: a natural against an ace may take even money, paid 1:1 at once
        whatever the hole card, even on an odd bet where half insurance is no whole chip."""
        for hole in ("Ks", "7s"):
            state = play(stacked(f"Ah Ac Kd {hole}", even_money=True), "bet 10")
            assert names(state)[-1] == "even_money"
            assert play(state, "even_money").scores == (10,)
        odd = play(stacked("Ah Ac Kd 7s", even_money=True), "bet 5", "even_money")
        assert odd.scores == (5,)
        assert "even_money" not in names(play(stacked("9h Ac 9d 7s", even_money=True), "bet 10"))
        with pytest.raises(IllegalMoveError, match=r"BJ-16\.6"):
            play(stacked("9h Ac 9d 7s", even_money=True), "bet 10", "even_money")

    @pytest.mark.parametrize(
        "options",
        [
            {"surrender": True, "six_to_five": True, "even_money": True},
            {"resplit_aces": True, "max_hands": 4, "double_ten_eleven": True},
            {"hit_split_aces": True, "double_after_split": True, "players": 3},
        ],
    )
    def test_bj_16_whole_protocol(self, options: dict[str, object]) -> None:
        """BJ-16: the conformance kit, saves and replay with the variants on."""
        g = game(deals=4, **options)
        check_game(g, playouts=3, deep_every=4)
        state = g.new_game(seed=8)
        while not state.is_terminal:
            state = state.apply(blackjack.strategy_move(state, chart=True))
        assert g.state_from_json(state.to_json()) == state
        assert g.replay(8, [str(m) for m in state.history]) == state

    def test_bj_16_1_chart_surrenders_published_lines(self) -> None:
        """BJ-16.1: the chart bot surrenders 16 against 9, ten, ace and 15 against a ten."""
        state = play(stacked("Th 9c 6d 7s", surrender=True), "bet 2")
        assert str(blackjack.strategy_move(state, chart=True)) == "surrender"
        state = play(stacked("Th 8c 6d 7s", surrender=True), "bet 2")
        assert str(blackjack.strategy_move(state, chart=True)) == "hit"
        state = play(stacked("8h Kc 8d 7s", surrender=True), "bet 2")
        assert str(blackjack.strategy_move(state, chart=True)) == "split"


class TestNoHoleCard:
    """BJ-16.7: European no-hole-card play."""

    def test_bj_16_7_second_card_after_the_players(self) -> None:
        """BJ-16.7: the dealer holds only the up card while the seats play; no peek."""
        state = play(stacked("5h Tc 6d 2s Ah", no_hole_card=True), "bet 10")
        assert state.phase is Phase.PLAY
        assert state.dealer == parse_cards("Tc")
        assert "??" not in blackjack.render(state.view(0))
        done = play(state, "double")  # 5-6 doubles on 11 and draws the 2
        assert last(done).dealer == parse_cards("Tc Ah")  # the second card comes now

    def test_bj_16_7_dealer_natural_takes_doubles_whole(self) -> None:
        """BJ-16.7: a dealer natural made after the players wins the doubled stake whole."""
        done = play(stacked("5h Tc 6d 2s Ah", no_hole_card=True), "bet 10", "double")
        assert last(done).dealer_natural
        assert done.scores == (-20,)

    def test_bj_16_7_naturals(self) -> None:
        """BJ-16.7: a seat's natural pushes a dealer natural and is paid 3:2 otherwise."""
        assert play(stacked("Ah Tc Kd As", no_hole_card=True), "bet 10").scores == (0,)
        assert play(stacked("Ah Tc Kd 7s", no_hole_card=True), "bet 10").scores == (15,)

    def test_bj_16_7_insurance_settled_at_the_end(self) -> None:
        """BJ-16.7: with an ace up insurance is offered, and settled on the second card."""
        state = play(stacked("9h Ac 9d Ks", no_hole_card=True), "bet 10", "insure 5")
        assert state.phase is Phase.PLAY
        done = play(state, "stand")
        assert last(done).insurance == (10,)
        assert done.scores == (0,)

    def test_bj_16_7_whole_protocol(self) -> None:
        """BJ-16.7: the conformance kit, views, saves and sampling with no hole card."""
        g = game(no_hole_card=True, players=2, deals=4, surrender=True, even_money=True)
        check_game(g, playouts=3, deep_every=3)
        state = g.new_game(seed=3)
        rng = random.Random(1)
        while not state.is_terminal:
            if state.phase is Phase.PLAY:
                assert len(state.dealer) == 1
                sampled = g.sample_state(state.view(state.turn), rng)
                assert sampled.view(state.turn) == state.view(state.turn)
            state = state.apply(blackjack.strategy_move(state, chart=True))
        assert g.state_from_json(state.to_json()) == state


class TestDoubleForLess:
    """BJ-16.8: doubling for less."""

    def test_bj_16_8_double_for_any_amount_up_to_the_bet(self) -> None:
        """BJ-16.8: with double_for_less a double may add 1 to the bet's chips."""
        state = play(stacked("6h 9c 5d 7s 9h Th", double_for_less=True), "bet 10")
        assert state.amount_range("double_for") == (1, 10)
        assert "double_for 5" in names(state)
        done = play(state, "double_for 3")  # 11 + 9 = 20 against 9-7 + ten: dealer busts
        assert last(done).hands[0][0].stake == 13
        assert done.scores == (13,)
        assert state.amount_range("double_for") is not None
        with pytest.raises(IllegalMoveError, match=r"1 to 10"):
            play(state, "double_for 11")
        assert game().new_game(1).amount_range("double_for") is None

    def test_bj_16_8_refused_without_the_option_or_the_total(self) -> None:
        """BJ-16.8: without the option, or on a total that may not double, it is refused."""
        with pytest.raises(IllegalMoveError, match=r"BJ-16\.8"):
            play(stacked("6h 9c 5d 7s"), "bet 10", "double_for 5")
        hard = play(stacked("Th 9c 5d 7s", double_for_less=True), "bet 10")
        assert hard.amount_range("double_for") is None
        with pytest.raises(IllegalMoveError, match=r"BJ-10\.1"):
            play(hard, "double_for 5")

    def test_bj_16_8_whole_protocol(self) -> None:
        """BJ-16.8: the conformance kit, including its checks of ranged amounts."""
        check_game(game(double_for_less=True, deals=5, players=2), playouts=4, deep_every=2)
