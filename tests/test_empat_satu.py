"""Tests of Empat Satu (41); names cite the clauses of seeds/empat_satu.md."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    Card,
    CardRulesError,
    IllegalMoveError,
    InvalidCardError,
    InvalidStateError,
    OptionError,
    Rank,
    games,
    parse_cards,
)
from cardrules.decks import standard
from cardrules.games.empat_satu import (
    Discard,
    Draw,
    End,
    Phase,
    Refuse,
    Source,
    State,
    Stop,
    hand_key,
    hand_value,
)
from cardrules.testing import check_game

DECK = standard().cards
POINTS = {r: (11 if r == Rank.ACE else min(int(r), 10)) for r in Rank if not r.is_joker}


def make(
    hands: list[str],
    *,
    discard: str = "",
    stock: str | None = None,
    turn: int = 0,
    **options: object,
) -> State:
    """A state with the given hands and discard pile; the rest is the stock."""
    game = games.create("empat_satu", players=len(hands), **options)
    base = game.new_game(seed=1)
    dealt = [parse_cards(h) for h in hands]
    pile = parse_cards(discard)
    used = {c for h in dealt for c in h} | set(pile)
    if stock is None:
        rest = tuple(c for c in DECK if c not in used)
    else:  # cards in neither go under the discard pile, so the pack stays whole
        rest = parse_cards(stock)
        used |= set(rest)
        pile = tuple(c for c in DECK if c not in used) + pile
    state = attrs.evolve(base, hands=tuple(dealt), discard=pile, stock=rest, turn=turn, leader=turn)
    state.validate()
    return state


class TestHandValue:
    def test_es_5_5_worked_example_worth_26(self) -> None:
        """The source's hand: four clubs worth 30 and an off-suit four score 26."""
        clubs = parse_cards("9c 8c 7c 6c")
        assert sum(POINTS[c.rank] for c in clubs) == 30  # 9 + 8 + 7 + 6
        assert hand_value(parse_cards("9c 8c 7c 6c 4h")) == 26
        assert hand_value(parse_cards("Kc Qc Tc 4h")) == 26

    def test_es_5_1_best_hand_is_41(self) -> None:
        """A-K-Q-J of one suit is 11 + 10 + 10 + 10."""
        assert hand_value(parse_cards("As Ks Qs Js")) == 41

    def test_es_5_1_suit_minus_rest_can_be_negative(self) -> None:
        """2c 3d 4h 5s: the best suit is the five, 5 - (2 + 3 + 4) = -4."""
        assert hand_value(parse_cards("2c 3d 4h 5s")) == -4

    def test_es_5_1_holder_picks_the_best_suit(self) -> None:
        """Ah 9h vs Kc Qc: hearts 20 - 20 = 0, clubs 20 - 20 = 0; Ah 9h Kc 2d: 20 - 12 = 8."""
        assert hand_value(parse_cards("Ah 9h Kc Qc")) == 0
        assert hand_value(parse_cards("Ah 9h Kc 2d")) == 8

    def test_es_5_3_tie_break_lowest_card_of_positive_suit(self) -> None:
        """Both score 21; the 8 as lowest club beats the 7 as lowest spade."""
        a = parse_cards("Kc 9c 8c 6d")  # 27 - 6 = 21
        b = parse_cards("Qs Ts 7s 6h")  # 27 - 6 = 21
        assert hand_value(a) == hand_value(b) == 21
        assert hand_key(a) > hand_key(b)

    def test_es_5_3_king_outranks_queen_as_lowest_card(self) -> None:
        """Equal 10s (21 - 11): lowest card K beats lowest card Q by rank, though
        both count 10; likewise Q beats T in two 22s (31 - 9)."""
        king_low, queen_low = parse_cards("As Ks 9d 2c"), parse_cards("Ah Qh 9c 2d")
        assert hand_value(king_low) == hand_value(queen_low) == 10
        assert hand_key(king_low) > hand_key(queen_low)
        assert hand_key(parse_cards("Ah Kh Th 9c")) < hand_key(parse_cards("As Ks Qs 9d"))
        assert hand_key(parse_cards("Ac Kc Qc 2d"))[1] == 12

    @pytest.mark.parametrize(
        ("text", "problem"),
        [
            ("Ah Kh Qh", "has 4 or 5 cards, got 3"),
            ("Ah Kh Qh Jh Th 9h", "got 6"),
            ("Ah Ah Qh Jh", "same card twice"),
            ("Ah Kh Qh Jk", "no jokers"),
        ],
    )
    def test_es_1_1_bad_hands_are_refused(self, text: str, problem: str) -> None:
        """Wrong sizes, repeats and jokers raise InvalidCardError naming the problem."""
        with pytest.raises(InvalidCardError, match=problem):
            hand_value(parse_cards(text))

    def test_es_1_1_non_cards_are_refused(self) -> None:
        """Junk in a hand is an InvalidCardError, not a TypeError."""
        with pytest.raises(InvalidCardError):
            hand_value(["Ah", 3, None, 7])  # type: ignore[list-item]
        with pytest.raises(InvalidCardError):
            hand_key(42)  # type: ignore[arg-type]
        with pytest.raises(InvalidCardError, match="not a card"):
            hand_value([[1], [2], [3], [4]])  # type: ignore[list-item]
        with pytest.raises(InvalidCardError, match="Jk"):
            hand_key(parse_cards("Ah Kh Qh Jk"))

    @given(st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True))
    def test_es_5_1_value_is_best_suit_minus_the_rest(self, cards: list[Card]) -> None:
        """The score equals the best, over suits held, of that suit minus the others."""
        hand = tuple(cards)
        values = []
        for suit in {c.suit for c in hand}:
            mine = sum(POINTS[c.rank] for c in hand if c.suit == suit)
            rest = sum(POINTS[c.rank] for c in hand if c.suit != suit)
            values.append(mine - rest)
        assert hand_value(hand) == max(values)

    def test_es_1_2_card_points(self) -> None:
        """Ace 11 and queen 10 in spades, against 9 + 2: 21 - 11 = 10."""
        assert hand_value(parse_cards("As Qs 9d 2c")) == 10


class TestOptions:
    def test_es_1_1_two_to_eight_players(self) -> None:
        """Players outside 2-8 are refused with an OptionError."""
        games.create("empat_satu", players=8)
        with pytest.raises(OptionError):
            games.create("empat_satu", players=9)
        with pytest.raises(OptionError):
            games.create("empat_satu", players=1)

    def test_es_1_1_one_pack_four_players_by_default(self) -> None:
        """The 52-card pack without jokers; four seats unless told otherwise."""
        game = games.create("empat_satu")
        assert game.options.players == 4
        deck = game.new_game(seed=1).deck()
        assert deck.size == 52
        assert not any(c.is_joker for c in deck.cards)

    def test_es_6_1_one_hand_by_default(self) -> None:
        """deals defaults to 1: each hand is a complete game."""
        assert games.create("empat_satu").options.deals == 1


class TestDealAndTurn:
    def test_es_2_1_four_cards_each_no_upcard(self) -> None:
        """Four cards per player, an empty discard pile, the rest in the stock."""
        state = games.create("empat_satu", players=5).new_game(seed=9)
        assert all(len(h) == 4 for h in state.hands)
        assert state.discard == ()
        assert len(state.stock) == 52 - 20

    def test_es_2_2_dealer_plays_first_in_first_hand(self) -> None:
        """The first dealer (seat 0) takes the first turn."""
        state = games.create("empat_satu", players=3).new_game(seed=2)
        assert state.dealer == 0
        assert state.current_player == 0

    def test_es_1_3_seat_0_deals_the_first_hand(self) -> None:
        """Seat 0 is the first dealer, whatever the seed."""
        for seed in range(5):
            assert games.create("empat_satu").new_game(seed=seed).dealer == 0

    def test_es_3_2_first_turn_draws_from_stock_only(self) -> None:
        """No discard pile yet: drawing the discard is refused with a reason."""
        state = make(["2c 3c 4d 5d", "6c 7c 8d 9d"])
        assert state.legal_moves() == (Draw(Source.STOCK),)
        with pytest.raises(IllegalMoveError, match="first turn"):
            state.apply(Draw(Source.DISCARD))

    def test_es_3_1_stop_needs_four_of_a_suit(self) -> None:
        """Stop is legal with four of one suit and not otherwise."""
        state = make(["2c 3c 4c 5c", "6c 7c 8d 9d"], discard="Kd")
        assert Stop() in state.legal_moves()
        other = make(["2c 3c 4c 5d", "6c 7c 8d 9d"], discard="Kd")
        assert Stop() not in other.legal_moves()
        with pytest.raises(IllegalMoveError, match="four cards of one suit"):
            other.apply(Stop())

    def test_es_3_1_no_stop_after_drawing(self) -> None:
        """After drawing, Stop is not offered even with four of a suit."""
        state = make(["2c 3c 4c 5c", "6c 7c 8d 9d"], discard="Kd")
        drawn = state.apply(Draw(Source.DISCARD))
        assert Stop() not in drawn.legal_moves()
        assert drawn.phase is Phase.DISCARD

    def test_es_3_1_stop_on_the_first_turn(self) -> None:
        """Dealt four of a suit, the first player may stop before anyone has drawn."""
        state = make(["2c 3c 4c 5c", "6c 7c 8d 9d"])
        assert state.discard == ()
        assert state.legal_moves() == (Stop(), Draw(Source.STOCK))
        end = state.apply(Stop())
        assert end.last_deal is not None
        assert end.last_deal.end is End.STOP

    def test_es_3_1_stop_at_the_next_turn_after_drawing(self) -> None:
        """Drawing into four clubs: no Stop that turn, but at the start of the next."""
        state = make(["2c 3c 4c 5d", "6h 7h 8d 9d"], stock="Qs Ks 6c")
        state = state.apply(Draw(Source.STOCK))  # 6c
        assert Stop() not in state.legal_moves()
        state = state.apply(Discard(parse_cards("5d")[0]))
        state = state.apply(Draw(Source.STOCK)).apply(Discard(parse_cards("Ks")[0]))
        assert state.current_player == 0
        assert Stop() in state.legal_moves()
        end = state.apply(Stop())
        assert end.last_deal is not None
        assert end.last_deal.stopper == 0
        # seat 0: clubs 2+3+4+6 = 15; seat 1: hearts 13, diamonds 17 -> 17 - 13 = 4
        assert end.last_deal.values == (15, 4)

    def test_es_3_1_stop_ends_and_scores_the_hand(self) -> None:
        """Stop scores at once: seat 0's clubs 2+3+4+5 = 14 beat seat 1's
        diamonds 8+9 = 17 less its clubs 6+7 = 13, which is 4."""
        state = make(["2c 3c 4c 5c", "6c 7c 8d 9d"], discard="Kd")
        end = state.apply(Stop())
        assert end.is_terminal
        result = end.last_deal
        assert result is not None
        assert result.end is End.STOP
        assert result.stopper == 0
        # seat 0: clubs 14; seat 1: clubs 13 - diamonds 17 = -4, diamonds 17 - 13 = 4
        assert result.values == (14, 4)
        assert result.winner == 0
        assert result.loser == 1
        assert end.scores == (1, 0)

    def test_es_3_3_taken_discard_cannot_go_back(self) -> None:
        """The card just taken from the discard pile cannot be discarded that turn."""
        state = make(["2c 3c 4d 5d", "6c 7c 8d 9d"], discard="Kd")
        taken = state.apply(Draw(Source.DISCARD))
        kd = parse_cards("Kd")[0]
        assert Discard(kd) not in taken.legal_moves()
        assert len(taken.legal_moves()) == 4
        with pytest.raises(IllegalMoveError, match="just taken"):
            taken.apply(Discard(kd))

    def test_es_3_3_stock_card_may_be_discarded(self) -> None:
        """A card drawn from the stock may be thrown at once."""
        state = make(["2c 3c 4d 5d", "6c 7c 8d 9d"], stock="Ks Qh")
        drawn = state.apply(Draw(Source.STOCK))
        assert Discard(parse_cards("Qh")[0]) in drawn.legal_moves()
        assert len(drawn.legal_moves()) == 5

    def test_es_3_4_turn_passes_clockwise(self) -> None:
        """After a discard the next seat (+1) is to move."""
        state = make(["2c 3c 4d 5d", "6c 7c 8d 9d", "Ac Kc Qd Jd"], turn=2, stock="Ks Qh Th")
        state = state.apply(Draw(Source.STOCK)).apply(Discard(parse_cards("Th")[0]))
        assert state.current_player == 0


class TestEmptyStock:
    def test_es_4_1_refusing_the_discard_ends_the_hand(self) -> None:
        """With an empty stock the player takes the discard or refuses; refusing scores."""
        state = make(["2c 3c 4d 5d", "6c 7c 8d 9d"], discard="Kd", stock="")
        moves = state.legal_moves()
        assert Draw(Source.STOCK) not in moves
        assert set(moves) == {Draw(Source.DISCARD), Refuse()}
        end = state.apply(Refuse())
        assert end.is_terminal
        assert end.last_deal is not None
        assert end.last_deal.end is End.EXHAUSTED
        assert end.last_deal.stopper is None

    def test_es_4_1_stop_still_allowed_on_empty_stock(self) -> None:
        """With the stock empty, a player holding four of a suit may still stop."""
        state = make(["2c 3c 4c 5c", "6c 7c 8d 9d"], discard="Kd", stock="")
        assert state.legal_moves() == (Stop(), Draw(Source.DISCARD), Refuse())
        end = state.apply(Stop())
        assert end.last_deal is not None
        assert end.last_deal.end is End.STOP

    def test_es_4_1_refuse_only_on_empty_stock(self) -> None:
        """Refusing while the stock holds cards is illegal."""
        state = make(["2c 3c 4d 5d", "6c 7c 8d 9d"], discard="Kd")
        with pytest.raises(IllegalMoveError, match="stock is empty"):
            state.apply(Refuse())

    def test_es_4_2_last_stock_card_is_played_normally(self) -> None:
        """Drawing the last stock card does not end the hand; the drawer discards."""
        state = make(["2c 3c 4d 5d", "6c 7c 8d 9d"], stock="Ks")
        state = state.apply(Draw(Source.STOCK))
        assert not state.is_terminal
        assert state.phase is Phase.DISCARD
        state = state.apply(Discard(parse_cards("Ks")[0]))
        assert state.current_player == 1
        assert Refuse() in state.legal_moves()

    def test_es_4_3_default_lets_play_go_on_long_after_two_rounds(self) -> None:
        """By default (40 rounds) taking the discard keeps the hand going well past
        two rounds; it ends when the 40th round on the empty stock is over."""
        assert games.create("empat_satu").options.exhausted_rounds == 40
        state = make(["2c 3c 4d 5d", "6c 7c 8d 9d"], stock="")
        for turn in range(80):
            assert not state.is_terminal, turn
            state = state.apply(Draw(Source.DISCARD))
            state = state.apply(next(m for m in state.legal_moves() if isinstance(m, Discard)))
        assert state.is_terminal
        assert state.last_deal is not None
        assert state.last_deal.end is End.EXHAUSTED

    def test_es_4_3_play_on_empty_stock_is_capped(self) -> None:
        """Taking the discard forever stops after exhausted_rounds rounds."""
        state = make(["2c 3c 4d 5d", "6c 7c 8d 9d"], stock="", exhausted_rounds=1)
        for _ in range(2):
            assert not state.is_terminal
            state = state.apply(Draw(Source.DISCARD))
            state = state.apply(state.legal_moves()[0])
        assert state.is_terminal
        assert state.last_deal is not None
        assert state.last_deal.end is End.EXHAUSTED


class TestMatch:
    def test_es_5_2_highest_wins_lowest_loses(self) -> None:
        """Scores 41, 14 and 4: seat 2 wins, seat 1 loses, whoever stopped."""
        hands = ["2c 3c 4c 5c", "6c 7c 8d 9d", "Ah Kh Qh Jh"]
        end = make(hands, discard="Kd").apply(Stop())
        assert end.last_deal is not None
        assert end.last_deal.values == (14, 4, 41)
        assert end.last_deal.winner == 2
        assert end.last_deal.loser == 1

    def test_es_5_4_full_tie_goes_to_first_in_play_order(self) -> None:
        """Identical keys: the first player of the hand wins, the later one loses."""
        state = make(["2c 3c 4c 5c", "2d 3d 4d 5d"], discard="Kh", turn=1)
        end = state.apply(Stop())
        assert end.last_deal is not None
        assert end.last_deal.winner == 1
        assert end.last_deal.loser == 0

    def test_es_5_3_tie_break_decides_the_winner(self) -> None:
        """Seats 1 and 2 both score 21 (27 - 6); seat 2's lowest club, the 8, beats
        seat 1's lowest spade, the 7, though seat 1 is earlier in play order.
        Seat 0, who stopped on 2+3+4+5 = 14, loses."""
        hands = ["2h 3h 4h 5h", "Qs Ts 7s 6h", "Kc 9c 8c 6d"]
        end = make(hands, discard="Kd").apply(Stop())
        assert end.last_deal is not None
        assert end.last_deal.values == (14, 21, 21)
        assert end.last_deal.winner == 2
        assert end.last_deal.loser == 0

    def test_es_5_4_full_tie_at_the_bottom_later_seat_loses(self) -> None:
        """Seats 1 and 2 tie on 14 with a lowest 2 each: the later one, seat 2, loses."""
        hands = ["Ah Kh Qh Jh", "2c 3c 4c 5c", "2d 3d 4d 5d"]
        end = make(hands, discard="Ks").apply(Stop())
        assert end.last_deal is not None
        assert end.last_deal.values == (41, 14, 14)
        assert end.last_deal.winner == 0
        assert end.last_deal.loser == 2

    def test_es_6_2_loser_deals_and_winner_leads_next(self) -> None:
        """In a two-hand match the loser deals the second hand, the winner plays first."""
        state = make(["2c 3c 4c 5c", "6c 7c 8d 9d", "Ah Kh Qh Jh"], discard="Kd", deals=2)
        nxt = state.apply(Stop())
        assert not nxt.is_terminal
        assert nxt.deal == 1
        # seat 2 holds 41 and wins; seat 1 (6c 7c 8d 9d: 17 - 13 = 4) loses
        assert nxt.wins == (0, 0, 1)
        assert nxt.dealer == 1
        assert nxt.current_player == 2
        assert all(len(h) == 4 for h in nxt.hands)
        assert nxt.discard == ()


class TestHiddenInformation:
    def test_es_7_1_view_hides_other_hands_but_shows_taken_cards(self) -> None:
        """Seat 1 sees the card seat 0 took from the discard pile, not the rest."""
        state = make(["2c 3c 4d 5d", "6c 7c 8d 9d"], discard="Kd")
        state = state.apply(Draw(Source.DISCARD)).apply(Discard(parse_cards("2c")[0]))
        view = state.view(1)
        assert view.known[0] == parse_cards("Kd")
        assert view.hand == parse_cards("6c 7c 8d 9d")
        assert not hasattr(view, "hands")
        assert not hasattr(view, "seed")

    def test_es_7_2_resample_keeps_known_cards(self) -> None:
        """A card taken face up stays in its hand after resampling."""
        state = make(["2c 3c 4d 5d", "6c 7c 8d 9d"], discard="Kd")
        state = state.apply(Draw(Source.DISCARD)).apply(Discard(parse_cards("2c")[0]))
        kd = parse_cards("Kd")[0]
        for k in range(20):
            other = state.resample(1, random.Random(k))
            assert kd in other.hands[0]
            assert other.hands[1] == state.hands[1]
            assert other.view(1) == state.view(1)
            other.validate()

    def test_es_7_1_view_rejects_bad_seat(self) -> None:
        """A seat that does not exist is an OptionError."""
        state = games.create("empat_satu", players=2).new_game(seed=1)
        with pytest.raises(OptionError):
            state.view(2)


class TestProtocol:
    @pytest.mark.parametrize("players", [2, 4, 8])
    def test_es_4_3_conformance_kit_games_end(self, players: int) -> None:
        """The conformance kit passes for one-hand and three-hand games."""
        check_game(games.create("empat_satu", players=players), playouts=2, deep_every=11)
        check_game(games.create("empat_satu", players=players, deals=3), playouts=1, deep_every=17)

    def test_es_6_1_tampered_wins_are_refused(self) -> None:
        """A JSON state whose wins do not match the hands played is refused."""
        state = games.create("empat_satu", players=2, deals=2).new_game(seed=3)
        text = state.to_json().replace('"wins": [0, 0]', '"wins": [1, 0]')
        with pytest.raises(InvalidStateError, match="wins"):
            games.create("empat_satu", players=2, deals=2).state_from_json(text)

    @settings(max_examples=15, deadline=None)
    @given(st.integers(0, 2**32), st.integers(2, 8))
    def test_es_4_3_greedy_games_end(self, seed: int, players: int) -> None:
        """Greedy play ends every game, with one winner per hand."""
        game = games.create("empat_satu", players=players, deals=2)
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(2000):
            if state.is_terminal:
                break
            state = state.apply(game.greedy_move(state, rng))
        assert state.is_terminal
        assert sum(state.scores) == 2

    def test_es_3_1_greedy_stops_on_a_strong_flush(self) -> None:
        """The greedy bot stops with four hearts worth 41."""
        game = games.create("empat_satu", players=2)
        state = make(["Ah Kh Qh Jh", "6c 7c 8d 9d"], discard="Kd")
        assert game.greedy_move(state, random.Random(0)) == Stop()

    def test_es_3_2_junk_moves_are_refused(self) -> None:
        """Junk offered as a move is an IllegalMoveError."""
        state = games.create("empat_satu").new_game(seed=5)
        with pytest.raises(CardRulesError):
            state.apply("draw stock")  # type: ignore[arg-type]
