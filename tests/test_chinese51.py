"""Tests of Chinese 51; names cite the clauses of seeds/chinese51.md."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    Card,
    IllegalMoveError,
    InvalidCardError,
    InvalidStateError,
    OptionError,
    games,
    parse_cards,
)
from cardrules.decks import standard
from cardrules.games.chinese51 import (
    Challenge,
    Discard,
    Draw,
    End,
    Knock,
    Pass,
    Phase,
    Source,
    State,
    Swap,
    Trade,
    clear_count_scores,
    hand_value,
    knock_scores,
)
from cardrules.testing import check_game

DECK = standard().cards


def card(text: str) -> Card:
    return parse_cards(text)[0]


def make(
    hands: list[str],
    row: str,
    *,
    top: str = "",
    aside_rest: bool = False,
    turn: int = 0,
    phase: Phase = Phase.TURN,
    **options: object,
) -> State:
    """A state with these hands and row; ``top`` lies on top of the stock and the
    other cards under it (or set aside, with ``aside_rest``)."""
    game = games.create("chinese51", players=len(hands), **options)
    base = game.new_game(seed=1)
    dealt = tuple(parse_cards(h) for h in hands)
    shown = parse_cards(row)
    on_top = parse_cards(top)
    used = {c for h in dealt for c in h} | set(shown) | set(on_top)
    rest = tuple(c for c in DECK if c not in used)
    stock, aside = (on_top, rest) if aside_rest else (rest + on_top, ())
    state = attrs.evolve(
        base,
        hands=dealt,
        row=shown,
        stock=stock,
        aside=aside,
        turn=turn,
        phase=phase,
        known=((),) * len(hands),
    )
    state.validate()
    return state


FOUR = ["2c 3c 4c 5c 6c", "7d 8d 9d Td Jd", "2h 3h 4h 5h 6h", "2s 3s 4s 5s 6s"]


class TestHandValue:
    def test_c51_4_1_best_hand_is_51(self) -> None:
        """A-K-Q-J-10 of one suit is 51."""
        assert hand_value(parse_cards("As Ks Qs Js Ts")) == 51

    def test_c51_4_1_best_one_suit_total(self) -> None:
        """Ah Kh 9h 4c 2d: hearts 30; five suits-mixed small cards: clubs 2 + 6 = 8."""
        assert hand_value(parse_cards("Ah Kh 9h 4c 2d")) == 30
        assert hand_value(parse_cards("2c 3d 4h 5s 6c")) == 8

    def test_c51_1_3_card_points(self) -> None:
        """Ace 11 and king 10 of clubs make 21, more than 2 + 3 + 4 of diamonds."""
        assert hand_value(parse_cards("Ac Kc 2d 3d 4d")) == 21

    @pytest.mark.parametrize(
        ("text", "problem"),
        [
            ("Ah Kh Qh Jh", "has 5 cards, got 4"),
            ("Ah Kh Qh Jh Th 9h", "has 5 cards, got 6"),
            ("Ah Ah Qh Jh Th", "same card twice"),
            ("Ah Kh Qh Jh Jk", "no jokers"),
        ],
    )
    def test_c51_1_1_bad_hands_are_refused(self, text: str, problem: str) -> None:
        """Wrong sizes, repeats and jokers are InvalidCardError naming the problem."""
        with pytest.raises(InvalidCardError, match=problem):
            hand_value(parse_cards(text))
        with pytest.raises(InvalidCardError, match=problem):
            clear_count_scores([parse_cards(text)])

    def test_c51_1_1_junk_is_refused(self) -> None:
        """Text or numbers instead of cards are InvalidCardError, not TypeError."""
        with pytest.raises(InvalidCardError, match="sequence of cards"):
            hand_value("Ah Kh Qh Jh Th")  # type: ignore[arg-type]
        with pytest.raises(InvalidCardError, match="not a card"):
            hand_value([1, 2, 3, 4, 5])  # type: ignore[list-item]


class TestKnockScores:
    def test_c51_5_3_no_challenge_everyone_scores_own(self) -> None:
        """Unchallenged: the caller and the others score their own values."""
        assert knock_scores([40, 38, 30, 20], caller=0, challengers=[]) == (40, 38, 30, 20)

    def test_c51_5_4_caller_beats_single_challenger(self) -> None:
        """40 beats 38: caller 40 + 38 = 78, challenger 0, others their own."""
        assert knock_scores([40, 38, 30, 20], caller=0, challengers=[1]) == (78, 0, 30, 20)

    def test_c51_5_5_single_challenger_wins_ties(self) -> None:
        """A challenger equal to the caller wins both hands: 40 + 40 = 80."""
        assert knock_scores([40, 40, 30, 20], caller=0, challengers=[1]) == (0, 80, 30, 20)

    def test_c51_5_5_single_challenger_higher(self) -> None:
        """45 beats 40: the challenger scores 85, the caller 0."""
        assert knock_scores([40, 45, 30, 20], caller=0, challengers=[1]) == (0, 85, 30, 20)

    def test_c51_5_4_caller_beats_all_challengers(self) -> None:
        """Caller 46 over 45 and 30: 46 + 45 + 30 = 121; challengers 0; seat 3 keeps 20."""
        assert knock_scores([46, 45, 30, 20], caller=0, challengers=[1, 2]) == (121, 0, 0, 20)

    def test_c51_5_5_best_challenger_takes_all(self) -> None:
        """Challenger 45 is highest: he scores 40 + 45 + 30 = 115."""
        assert knock_scores([40, 45, 30, 20], caller=0, challengers=[2, 1]) == (0, 115, 0, 20)

    def test_c51_5_6_last_of_tied_challengers_wins(self) -> None:
        """Seats 3 and 1 tie at 45; seat 1 challenged last and scores 40 + 45 + 45 + ... ."""
        got = knock_scores([40, 45, 12, 45], caller=0, challengers=[3, 1])
        assert got == (0, 130, 12, 0)

    def test_c51_5_5_caller_tied_with_best_of_several_challengers(self) -> None:
        """Caller 40, challengers 40 and 30: the tie goes to the challenger, as with
        one challenger; he scores 40 + 40 + 30 = 110, whatever the challenge order."""
        assert knock_scores([40, 40, 30, 20], caller=0, challengers=[1, 2]) == (0, 110, 0, 20)
        assert knock_scores([40, 40, 30, 20], caller=0, challengers=[2, 1]) == (0, 110, 0, 20)
        assert knock_scores([40, 30, 40, 20], caller=0, challengers=[1, 2]) == (0, 0, 110, 20)

    def test_c51_5_2_bad_seats_are_refused(self) -> None:
        """A caller among the challengers, or a seat out of range, is an OptionError."""
        with pytest.raises(OptionError):
            knock_scores([1, 2, 3], caller=0, challengers=[0])
        with pytest.raises(OptionError):
            knock_scores([1, 2, 3], caller=3, challengers=[])

    def test_c51_5_2_junk_arguments_are_refused(self) -> None:
        """Junk values, seats or hands are CardRulesErrors, not TypeErrors."""
        with pytest.raises(OptionError):
            knock_scores(40, caller=0, challengers=[])  # type: ignore[arg-type]
        with pytest.raises(OptionError):
            knock_scores([40, 30], caller="0", challengers=[])  # type: ignore[arg-type]
        with pytest.raises(OptionError):
            knock_scores([40, 30], caller=0, challengers=None)  # type: ignore[arg-type]
        with pytest.raises(InvalidCardError):
            clear_count_scores(7)  # type: ignore[arg-type]

    def test_c51_5_7_non_challengers_keep_their_own(self) -> None:
        """Whoever wins the challenge, seats that did not challenge score their hands."""
        assert knock_scores([40, 45, 33, 21], caller=0, challengers=[1])[2:] == (33, 21)
        assert knock_scores([50, 45, 33, 21], caller=0, challengers=[1])[2:] == (33, 21)

    def test_c51_5_8_clear_count_scores(self) -> None:
        """51 scores 102; a one-suit hand its total; a mixed hand nothing."""
        hands = [
            parse_cards("Ah Kh Qh Jh Th"),
            parse_cards("2c 5c 9c Kc Ac"),
            parse_cards("As Ks Qs Js 2d"),
        ]
        assert clear_count_scores(hands) == (102, 37, 0)
        assert clear_count_scores(hands, caller=0) == (102, 37, 0)

    def test_c51_5_8_clear_count_scores_caller(self) -> None:
        """Named, only the caller's 51 doubles; a caller without 51 is refused."""
        hands = [parse_cards("Ah Kh Qh Jh Th"), parse_cards("As Ks Qs Js Ts")]
        assert clear_count_scores(hands, caller=1) == (51, 102)
        assert clear_count_scores(hands) == (102, 102)
        mixed = [parse_cards("Ah Kh Qh Jh Th"), parse_cards("2c 5c 9c Kc Ac")]
        with pytest.raises(OptionError, match=r"C51-5\.8"):
            clear_count_scores(mixed, caller=1)
        with pytest.raises(OptionError):
            clear_count_scores(mixed, caller=2)
        with pytest.raises(OptionError):
            clear_count_scores(mixed, caller="0")  # type: ignore[arg-type]

    def test_c51_5_11_tie_winner_option(self) -> None:
        """tie_winner: the caller wins ties ("caller"), or only against several
        challengers ("literal"); the default gives every tie to the challenger."""
        one = [40, 40, 30, 20]
        assert knock_scores(one, caller=0, challengers=[1]) == (0, 80, 30, 20)
        assert knock_scores(one, 0, [1], tie_winner="caller") == (80, 0, 30, 20)
        assert knock_scores(one, 0, [1], tie_winner="literal") == (0, 80, 30, 20)
        assert knock_scores(one, 0, [1, 2], tie_winner="literal") == (110, 0, 0, 20)
        assert knock_scores(one, 0, [1, 2], tie_winner="caller") == (110, 0, 0, 20)
        assert knock_scores([40, 45, 30, 20], 0, [1], tie_winner="caller") == (0, 85, 30, 20)
        with pytest.raises(OptionError, match=r"tie_winner.*C51-5\.11"):
            knock_scores(one, 0, [1], tie_winner="nobody")


class TestDeal:
    def test_c51_2_1_starter_has_six_others_five(self) -> None:
        """The starter holds six cards and must discard; the stock holds the rest."""
        state = games.create("chinese51", players=4).new_game(seed=3)
        assert [len(h) for h in state.hands] == [6, 5, 5, 5]
        assert len(state.stock) == 52 - 21
        assert state.phase is Phase.DISCARD
        assert state.current_player == 0
        assert len(state.legal_moves()) == 6

    def test_c51_2_1_cards_are_taken_one_at_a_time_to_the_right(self) -> None:
        """The pack's top card goes to the starter, the next to his right, and so on."""
        game = games.create("chinese51", players=3)
        state = game.new_game(seed=11)
        pack = list(standard().cards)
        state.rng("deal", 0).shuffle(pack)
        order = [0, 2, 1]
        expect: dict[int, list[Card]] = {0: [], 1: [], 2: []}
        for k in range(16):
            expect[order[k % 3]].append(pack[-1 - k])
        assert {i: list(h) for i, h in enumerate(state.hands)} == expect

    def test_c51_2_3_opening_discard_then_right_hand_player(self) -> None:
        """After the opening discard the row has one card and the seat to the right plays."""
        state = games.create("chinese51", players=4).new_game(seed=3)
        card0 = state.hands[0][2]
        state = state.apply(Discard(card0))
        assert state.row == (card0,)
        assert state.current_player == 3
        assert state.phase is Phase.TURN

    def test_c51_2_2_opening_discard_starts_the_row(self) -> None:
        """The row is empty until the starter's opening discard."""
        state = games.create("chinese51", players=3).new_game(seed=7)
        assert state.row == ()
        state = state.apply(state.legal_moves()[0])
        assert len(state.row) == 1

    def test_c51_1_2_play_goes_to_the_right(self) -> None:
        """Seat 2 plays after seat 0 with three players; seat 1 after seat 2."""
        state = make(["2c 3c 4c 5c 6c", "7d 8d 9d Td Jd", "2h 3h 4h 5h 6h"], "Ks")
        state = state.apply(Draw(Source.STOCK))
        state = state.apply(Discard(state.hands[0][0]))
        assert state.current_player == 2
        state = state.apply(Draw(Source.STOCK))
        state = state.apply(Discard(state.hands[2][0]))
        assert state.current_player == 1

    def test_c51_2_4_starter_passes_to_the_right(self) -> None:
        """The second hand is started by the seat to the first starter's right."""
        state = make(FOUR, "Ks", deals=2)
        state = state.apply(Knock())
        for _ in range(3):
            state = state.apply(Pass())
        assert state.deal == 1
        assert state.starter == 3
        assert state.current_player == 3
        assert len(state.hands[3]) == 6


class TestTurn:
    def test_c51_3_2_draw_then_discard_to_row(self) -> None:
        """Drawing gives six cards; the discard joins the row; play moves right."""
        state = make(FOUR, "Ks", top="Qs")
        state = state.apply(Draw(Source.STOCK))
        assert len(state.hands[0]) == 6
        assert card("Qs") in state.hands[0]
        state = state.apply(Discard(card("Qs")))  # the drawn card may go straight out
        assert state.row == parse_cards("Ks Qs")
        assert state.current_player == 3

    def test_c51_3_2_full_row_is_set_aside(self) -> None:
        """With five cards in the row, drawing sets them aside; the discard starts a new row."""
        state = make(FOUR, "Ks Qs Js Ts 9s", top="8s")
        state = state.apply(Draw(Source.STOCK))
        assert state.row == ()
        assert set(state.aside) == set(parse_cards("Ks Qs Js Ts 9s"))
        state = state.apply(Discard(card("2c")))
        assert state.row == parse_cards("2c")
        state.validate()

    def test_c51_3_1_row_never_exceeds_five(self) -> None:
        """In random play the row holds one to five cards between turns."""
        game = games.create("chinese51", players=3, target=200)
        state = game.new_game(seed=21)
        rng = random.Random(2)
        while not state.is_terminal:
            assert len(state.row) <= 5
            if state.phase is Phase.TURN:
                assert state.row
            state = state.apply(rng.choice(state.legal_moves()))

    def test_c51_3_3_trade_takes_the_whole_row(self) -> None:
        """Trading two row cards for two hand cards; the row holds the given cards."""
        state = make(FOUR, "Ks Qs")
        moves = [m for m in state.legal_moves() if isinstance(m, Trade)]
        assert len(moves) == 10  # 5 choose 2
        state = state.apply(Trade(parse_cards("2c 3c")))
        assert set(state.hands[0]) == set(parse_cards("4c 5c 6c Ks Qs"))
        assert state.row == parse_cards("2c 3c")
        assert set(state.view(1).known[0]) == set(parse_cards("Ks Qs"))

    def test_c51_3_3_trade_must_match_the_row(self) -> None:
        """Offering one card for a two-card row is refused with a reason."""
        state = make(FOUR, "Ks Qs")
        with pytest.raises(IllegalMoveError, match="whole row"):
            state.apply(Trade(parse_cards("2c")))

    def test_c51_3_3_cards_taken_cannot_be_given(self) -> None:
        """A trade giving back a card of the row is refused with the reason."""
        state = make(FOUR, "Ks Qs")
        with pytest.raises(IllegalMoveError, match="cannot be given back"):
            state.apply(Trade(parse_cards("Ks 2c")))
        with pytest.raises(IllegalMoveError, match="does not hold"):
            state.apply(Trade(parse_cards("2c 7h")))

    def test_c51_3_3_trade_cards_in_any_order(self) -> None:
        """The cards given may be named in any order; the notation reads back."""
        state = make(FOUR, "Ks Qs")
        move = Trade(parse_cards("3c 2c"))
        assert move == Trade(parse_cards("2c 3c"))
        assert set(state.apply(move).row) == set(parse_cards("2c 3c"))
        game = games.create("chinese51", players=4)
        assert game.parse_move(state, "trade 3c,2c no") == move

    def test_c51_3_4_swap_needs_five_in_the_row(self) -> None:
        """One-card swaps are offered only with a full row."""
        state = make(FOUR, "Ks Qs Js Ts")
        assert not any(isinstance(m, Swap) for m in state.legal_moves())
        with pytest.raises(IllegalMoveError, match="needs five cards"):
            state.apply(Swap(card("Ks"), card("2c")))
        full = make(FOUR, "Ks Qs Js Ts 9s")
        assert sum(isinstance(m, Swap) for m in full.legal_moves()) == 25
        after = full.apply(Swap(card("Js"), card("2c")))
        assert after.row == parse_cards("Ks Qs 2c Ts 9s")
        assert card("Js") in after.hands[0]


class TestKnock:
    def test_c51_5_2_challenges_go_round_from_the_callers_right(self) -> None:
        """After seat 0 knocks, seats 3, 2, 1 decide in turn; the caller's cards stay hidden."""
        state = make(FOUR, "Ks")
        state = state.apply(Knock())
        assert state.phase is Phase.CHALLENGE
        assert state.current_player == 3
        assert state.legal_moves() == (Challenge(), Pass())
        state = state.apply(Challenge())
        assert state.current_player == 2
        view = state.view(2)
        assert view.caller == 0
        assert view.challengers == (3,)
        assert view.known[0] == ()
        assert view.hand == state.hands[2]
        state = state.apply(Pass()).apply(Challenge())
        assert state.last_deal is not None
        result = state.last_deal
        # values: seat0 clubs 20, seat1 diamonds 44, seat2 hearts 20, seat3 spades 20
        assert result.values == (20, 44, 20, 20)
        assert result.challengers == (3, 1)
        # challenger seat 1 (44) is highest: 20 + 20 + 44 = 84; seat 2 keeps its 20
        assert result.scored == (0, 84, 20, 0)
        assert state.points == (0, 84, 20, 0)

    def test_c51_5_8_clear_count_at_the_end_of_a_turn(self) -> None:
        """Reaching 51 by a swap allows a knock at the end of the turn: 102, no challenges."""
        hands = ["Ah Kh Qh Jh 2c", "7d 8d 9d Td Jd", "2h 3h 4h 5h 6h", "2s 3s 4s 5s 3c"]
        state = make(hands, "Th 9s 8s 7s 6s", deals=1)
        knocks = [m for m in state.legal_moves() if getattr(m, "knock", False)]
        assert knocks == [Swap(card("Th"), card("2c"), knock=True)]  # the only way to 51
        end = state.apply(knocks[0])
        assert end.is_terminal  # nobody was asked to challenge
        assert end.last_deal is not None
        assert end.last_deal.end is End.CLEAR_COUNT
        assert end.last_deal.caller == 0
        # Ah Kh Qh Jh Th = 11 + 4 x 10 = 51 -> 102; seat 1 diamonds flush
        # 7 + 8 + 9 + 10 + 10 = 44; seat 2 hearts flush 2 + 3 + 4 + 5 + 6 = 20;
        # seat 3 holds a club among its spades -> 0
        assert end.last_deal.scored == (102, 44, 20, 0)

    def test_c51_5_8_clear_count_knock_with_the_discard(self) -> None:
        """Drawing Th to Ah Kh Qh Jh, the discard of 2c may carry the knock."""
        hands = ["Ah Kh Qh Jh 2c", "7d 8d 9d Td Jd"]
        state = make(hands, "9s", top="Th", deals=1).apply(Draw(Source.STOCK))
        knocks = [m for m in state.legal_moves() if getattr(m, "knock", False)]
        assert knocks == [Discard(card("2c"), knock=True)]
        end = state.apply(knocks[0])
        assert end.last_deal is not None
        assert end.last_deal.end is End.CLEAR_COUNT
        assert end.last_deal.scored == (102, 44)
        assert end.last_deal.hands[0] == parse_cards("Ah Kh Qh Jh Th")

    def test_c51_5_8_opening_discard_may_knock(self) -> None:
        """A starter dealt A-K-Q-J-10 of hearts and 2c may knock with his opening discard."""
        hands = ["Ah Kh Qh Jh Th 2c", "7d 8d 9d Td Jd"]
        state = make(hands, "", phase=Phase.DISCARD, deals=1)
        assert Discard(card("2c"), knock=True) in state.legal_moves()
        end = state.apply(Discard(card("2c"), knock=True))
        assert end.last_deal is not None
        assert end.last_deal.end is End.CLEAR_COUNT
        assert end.last_deal.scored == (102, 44)

    def test_c51_5_8_knock_flag_needs_51(self) -> None:
        """Ending a turn with a knock is refused, with the reason, without 51."""
        state = make(FOUR, "Ks Qs Js Ts 9s")
        assert not any(getattr(m, "knock", False) for m in state.legal_moves())
        with pytest.raises(IllegalMoveError, match="exactly 51"):
            state.apply(Swap(card("Ks"), card("2c"), knock=True))
        with pytest.raises(IllegalMoveError, match="exactly 51"):
            state.apply(Trade(parse_cards("2c 3c 4c 5c 6c"), knock=True))

    def test_c51_5_8_knock_holding_51_at_the_start_of_a_turn(self) -> None:
        """Holding 51 when his turn begins, a knock is a clear count: no challenges."""
        hands = ["Ah Kh Qh Jh Th", "7d 8d 9d Td Jd", "2h 3h 4h 5h 6h", "2s 3s 4s 5s 3c"]
        state = make(hands, "9s", deals=1)
        assert state.phase is Phase.TURN
        end = state.apply(Knock())
        assert end.is_terminal  # nobody was asked to challenge
        assert end.last_deal is not None
        assert end.last_deal.end is End.CLEAR_COUNT
        assert end.last_deal.caller == 0
        assert end.last_deal.challengers == ()
        assert end.last_deal.scored == (102, 44, 20, 0)

    def test_c51_5_9_passed_up_51_scores_its_value_at_a_later_knock(self) -> None:
        """Seat 0 makes 51 and does not knock; seat 3 knocks later and nobody
        challenges: everyone scores his own hand (C51-5.3), the 51 only 51."""
        hands = ["Ah Kh Qh Jh 2c", "7d 8d 9d Td Jd", "2h 3h 4h 5h 6h", "2s 3s 4s 5s 3c"]
        state = make(hands, "Th 9s 8s 7s 6s", deals=1)
        state = state.apply(Swap(card("Th"), card("2c")))
        state = state.apply(Knock())
        assert state.phase is Phase.CHALLENGE
        while state.last_deal is None:
            state = state.apply(Pass())
        assert state.last_deal.end is End.KNOCK
        assert state.last_deal.caller == 3
        # 51; 7+8+9+10+10 = 44; 2+3+4+5+6 = 20; spades 2+3+4+5 = 14
        assert state.last_deal.scored == (51, 44, 20, 14)

    def test_c51_5_9_challenger_holding_51_takes_the_pot(self) -> None:
        """Seat 3 challenges a caller of 20 with 51: the challenge rule of C51-5.5
        applies, he scores 20 + 51 = 71, the caller nothing, the others their own."""
        hands = ["2c 3c 4c 5c 6c", "7d 8d 9d Td Jd", "2h 3h 4h 5h 6h", "As Ks Qs Js Ts"]
        state = make(hands, "9s", deals=1)
        state = state.apply(Knock()).apply(Challenge()).apply(Pass()).apply(Pass())
        assert state.last_deal is not None
        assert state.last_deal.end is End.KNOCK
        assert state.last_deal.challengers == (3,)
        assert state.last_deal.scored == (0, 44, 20, 71)

    def test_c51_5_9_caller_holding_51_after_challenge_rules(self) -> None:
        """A caller whose knock was not on 51 is scored by the challenge rules even
        if a challenger ties him at 51: the tie goes to the challenger (C51-5.5)."""
        values = [51, 51, 20, 14]
        assert knock_scores(values, caller=0, challengers=[1]) == (0, 102, 20, 14)

    def test_c51_5_8_only_the_caller_doubles(self) -> None:
        """Two hands of 51 shown at a knock on 51: the caller scores 102, the other
        51 scores as a one-suit hand, 51."""
        hands = ["Ah Kh Qh Jh Th", "As Ks Qs Js Ts", "2h 3h 4h 5h 6h", "2s 3s 4s 5s 3c"]
        end = make(hands, "9c", deals=1).apply(Knock())
        assert end.last_deal is not None
        assert end.last_deal.end is End.CLEAR_COUNT
        assert end.last_deal.scored == (102, 51, 20, 0)

    def test_c51_5_8_holder_of_51_may_play_on(self) -> None:
        """Reaching 51 without knocking ends the turn like any other; play moves right."""
        hands = ["Ah Kh Qh Jh 2c", "7d 8d 9d Td Jd", "2h 3h 4h 5h 6h", "2s 3s 4s 5s 3c"]
        state = make(hands, "Th 9s 8s 7s 6s")
        state = state.apply(Swap(card("Th"), card("2c")))
        assert state.current_player == 3
        assert state.phase is Phase.TURN
        assert str(state.history[-1]) == "swap Th 2c no"

    def test_c51_8_1_a_51_not_knocked_on_stays_secret(self) -> None:
        """Whether a swap made 51 does not show: the other seats' views are equal."""
        rest = ["7d 8d 9d Td Jd", "2h 3h 4h 5h 6h", "2s 3s 4s 5s 3c"]
        made = make(["Ah Kh Qh Jh 2c", *rest], "Th 9s 8s 7s 6s")
        missed = make(["Ah Kh Qh 5d 2c", *rest], "Th 9s 8s 7s 6s")
        made = made.apply(Swap(card("Th"), card("2c")))
        missed = missed.apply(Swap(card("Th"), card("2c")))
        assert made.value_of(0) == 51
        assert missed.value_of(0) == 41  # Ah Kh Qh Th: 11 + 10 + 10 + 10
        for seat in (1, 2, 3):
            assert made.view(seat) == missed.view(seat)

    def test_c51_5_11_tie_winner_in_play(self) -> None:
        """With tie_winner="caller", a caller of 20 tied by his only challenger wins
        20 + 20 = 40; by default the challenger would."""
        for tie, want in (("challenger", (0, 44, 20, 40)), ("caller", (40, 44, 20, 0))):
            state = make(FOUR, "Ks", deals=1, tie_winner=tie)
            state = state.apply(Knock()).apply(Challenge()).apply(Pass()).apply(Pass())
            assert state.last_deal is not None
            assert state.last_deal.scored == want

    def test_c51_5_10_knock_one_suit(self) -> None:
        """knock_one_suit: a mixed hand may not knock, a one-suit hand may."""
        mixed = ["2c 3c 4c 5c 6d", "7d 8d 9d Td Jd", "2h 3h 4h 5h 6h", "2s 3s 4s 5s 6s"]
        state = make(mixed, "Ks", knock_one_suit=True)
        assert Knock() not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"C51-5\.10"):
            state.apply(Knock())
        assert Knock() in make(FOUR, "Ks", knock_one_suit=True).legal_moves()
        assert Knock() in make(mixed, "Ks").legal_moves()  # the default: anyone

    def test_c51_5_10_knock_minimum(self) -> None:
        """knock_minimum=43: 20 may not knock, 44 may; 51 always may."""
        state = make(FOUR, "Ks", knock_minimum=43)
        assert Knock() not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match="43 or more"):
            state.apply(Knock())
        assert Knock() in make(FOUR, "Ks", knock_minimum=43, turn=1).legal_moves()
        royal = ["Ah Kh Qh Jh Th", *FOUR[1:]]
        assert Knock() in make(royal, "Ks", knock_minimum=51, knock_one_suit=True).legal_moves()

    def test_c51_5_10_greedy_plays_within_the_knock_rule(self) -> None:
        """Greedy games under the knock options only make legal moves and end."""
        game = games.create("chinese51", players=3, deals=2, knock_one_suit=True)
        rng = random.Random(4)
        state = game.new_game(seed=4)
        while not state.is_terminal:
            state = state.apply(game.greedy_move(state, rng))
        assert state.is_terminal

    def test_c51_5_1_challenge_only_after_a_knock(self) -> None:
        """Challenging without a knock is refused with a reason."""
        state = make(FOUR, "Ks")
        with pytest.raises(IllegalMoveError, match="nobody has knocked"):
            state.apply(Challenge())


class TestEnds:
    def test_c51_6_1_empty_stock_ends_the_hand_after_the_discard(self) -> None:
        """Drawing the last card: the drawer discards, then everyone scores his value."""
        hands = ["2c 3c 4c 5c 6c", "7d 8d 9d Td Jd"]
        state = make(hands, "Ks", top="Qs", aside_rest=True, deals=1)
        state = state.apply(Draw(Source.STOCK))
        assert not state.is_terminal
        state = state.apply(Discard(card("2c")))
        assert state.is_terminal
        assert state.last_deal is not None
        assert state.last_deal.end is End.STOCK_EXHAUSTED
        assert state.last_deal.scored == (18, 44)  # 3+4+5+6 clubs; 7+8+9+10+10

    def test_c51_6_2_empty_stock_with_51_scores_face_value(self) -> None:
        """Drawing the last card to make 51 and not knocking: the hand ends at the
        empty stock and the 51 scores 51, as every hand its value (C51-5.9)."""
        hands = ["Ah Kh Qh Jh 2c", "7d 8d 9d Td Jd"]
        state = make(hands, "Ks", top="Th", aside_rest=True, deals=1)
        state = state.apply(Draw(Source.STOCK)).apply(Discard(card("2c")))
        assert state.last_deal is not None
        assert state.last_deal.end is End.STOCK_EXHAUSTED
        assert state.last_deal.scored == (51, 44)

    def test_c51_6_2_last_card_with_a_knock_on_51(self) -> None:
        """The drawer of the last card who knocks on 51 with his discard scores 102."""
        hands = ["Ah Kh Qh Jh 2c", "7d 8d 9d Td Jd"]
        state = make(hands, "Ks", top="Th", aside_rest=True, deals=1)
        state = state.apply(Draw(Source.STOCK)).apply(Discard(card("2c"), knock=True))
        assert state.last_deal is not None
        assert state.last_deal.end is End.CLEAR_COUNT
        assert state.last_deal.scored == (102, 44)  # seat 1: one suit, its total

    def test_c51_6_3_round_limit(self) -> None:
        """Trading back and forth ends the hand after round_limit rounds."""
        state = make(["2c 3c 4c 5c 6c", "7d 8d 9d Td Jd"], "Ks", round_limit=2, deals=1)
        for _ in range(4):
            assert not state.is_terminal
            trade = next(m for m in state.legal_moves() if isinstance(m, Trade))
            state = state.apply(trade)
        assert state.is_terminal
        assert state.last_deal is not None
        assert state.last_deal.end is End.ROUND_LIMIT

    def test_c51_7_1_game_ends_at_target_unless_tied(self) -> None:
        """Reaching the target alone ends the game; a tie at the top plays on."""
        state = make(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "Ks", target=10)
        tied = state.apply(Knock()).apply(Pass())  # both score 20: tied over 10
        assert not tied.is_terminal
        assert tied.points == (20, 20)
        assert tied.deal == 1
        ahead = make(["2c 3c 4c 5c 7c", "2d 3d 4d 5d 6d"], "Ks", target=10)
        done = ahead.apply(Knock()).apply(Pass())
        assert done.is_terminal
        assert done.points == (21, 20)

    def test_c51_7_2_deals_caps_the_game(self) -> None:
        """deals=1 ends after one hand even when tied."""
        state = make(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "Ks", target=10, deals=1)
        assert state.apply(Knock()).apply(Pass()).is_terminal

    def test_c51_7_1_default_target_is_500(self) -> None:
        """The default game is to 500 points."""
        assert games.create("chinese51").options.target == 500

    @pytest.mark.parametrize(
        ("before", "over", "after"),
        [
            ((480, 470), True, (500, 490)),  # 500 reached alone: game over
            ((479, 470), False, (499, 490)),  # 499: play on
            ((480, 480), False, (500, 500)),  # tied on 500: another hand
        ],
    )
    def test_c51_7_1_game_to_500(
        self, before: tuple[int, int], over: bool, after: tuple[int, int]
    ) -> None:
        """An unchallenged knock adds 20 to each total (2+3+4+5+6 in one suit)."""
        state = make(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "Ks")
        state = attrs.evolve(state, points=before)
        state = state.apply(Knock()).apply(Pass())
        assert state.points == after
        assert state.is_terminal is over
        assert state.deal == (0 if over else 1)


class TestTotals:
    def test_c51_7_3_scores_accumulate(self) -> None:
        """The points of the second hand are added to those of the first."""
        state = make(FOUR, "Ks", deals=2).apply(Knock())
        for _ in range(3):
            state = state.apply(Pass())
        assert state.points == (20, 44, 20, 20)
        game = games.create("chinese51", players=4, deals=2)
        rng = random.Random(5)
        while not state.is_terminal:
            state = state.apply(game.greedy_move(state, rng))
        assert state.last_deal is not None
        second = state.last_deal.scored
        assert state.points == tuple(p + q for p, q in zip((20, 44, 20, 20), second, strict=True))


class TestHiddenInformation:
    def test_c51_8_1_caller_hand_is_not_in_other_views(self) -> None:
        """During the challenges, no other seat's view holds the caller's cards."""
        state = make(FOUR, "Ks").apply(Knock())
        caller_cards = {str(c) for c in state.hands[0]}
        for seat in (1, 2, 3):
            shown = state.view(seat)
            texts = {str(c) for c in shown.hand} | {str(c) for k in shown.known for c in k}
            assert not caller_cards & texts
            assert shown.caller == 0
            assert shown.hand_sizes[0] == 5

    def test_c51_8_2_resample_keeps_row_cards_taken(self) -> None:
        """Cards taken from the row stay in the taker's hand after resampling."""
        state = make(FOUR, "Ks Qs").apply(Trade(parse_cards("2c 3c")))
        for k in range(10):
            other = state.resample(2, random.Random(k))
            other.validate()
            assert {card("Ks"), card("Qs")} <= set(other.hands[0])
            assert other.hands[2] == state.hands[2]
            assert other.view(2) == state.view(2)


class TestProtocol:
    @pytest.mark.parametrize("players", [2, 4, 5])
    def test_c51_7_2_conformance_kit_games_end(self, players: int) -> None:
        """The conformance kit passes for single hands and for games to a target."""
        check_game(games.create("chinese51", players=players, deals=1), playouts=2)
        check_game(games.create("chinese51", players=players, target=150), playouts=1)

    @settings(max_examples=10, deadline=None)
    @given(st.integers(0, 2**32), st.integers(2, 5))
    def test_c51_7_1_greedy_games_reach_the_target(self, seed: int, players: int) -> None:
        """Greedy play reaches the target."""
        game = games.create("chinese51", players=players, target=200)
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(20000):
            if state.is_terminal:
                break
            state = state.apply(game.greedy_move(state, rng))
        assert state.is_terminal
        assert max(state.scores) >= 200


def _challenge_state() -> tuple[games.Game, State]:  # type: ignore[name-defined]
    """A four-player game in the challenge phase after a knock (C51-5.2)."""
    game = games.create("chinese51", players=4)
    for seed in range(500):
        state = game.new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal and state.phase is not Phase.CHALLENGE:
            state = state.apply(rng.choice(state.legal_moves()))
        if state.phase is Phase.CHALLENGE:
            return game, state
    raise AssertionError("no knock in 500 games")


def test_c51_5_2_challenge_state_must_follow_the_asking_order() -> None:
    """C51-5.2: a state in which the caller is asked about his own knock, or in which
    a seat not yet asked has challenged, is refused (found by the JSON tamper test)."""
    import json

    game, state = _challenge_state()
    assert state.caller is not None
    raw = json.loads(state.to_json())
    raw["state"]["turn"] = state.caller
    with pytest.raises(InvalidStateError, match="its own knock"):
        game.state_from_json(json.dumps(raw))
    raw = json.loads(state.to_json())
    raw["state"]["challengers"] = [state.turn]  # the seat being asked has not answered yet
    with pytest.raises(InvalidStateError, match="not seats asked before"):
        game.state_from_json(json.dumps(raw))
    assert game.state_from_json(state.to_json()) == state
