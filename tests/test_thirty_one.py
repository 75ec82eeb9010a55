"""Thirty-One (Scat): each test names the clause of seeds/thirty_one.md it checks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import IllegalMoveError, InvalidCardError, OptionError, games, parse_cards
from cardrules.games import thirty_one
from cardrules.games.thirty_one import (
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK,
    PASS,
    Discard,
    End,
    Phase,
    hand_key,
    hand_value,
)
from cardrules.testing import check_game

from .helpers import arrange


def game(**options: object) -> thirty_one.ThirtyOne:
    created = games.create("thirty_one", **options)
    assert isinstance(created, thirty_one.ThirtyOne)
    return created


def start(players: int = 3, **options: object) -> thirty_one.State:
    return game(players=players, **options).new_game(seed=4)


class TestPlayersAndCards:
    def test_t31_1_1_two_to_nine_players(self) -> None:
        """Two to nine players are accepted, others refused."""
        for n in range(2, 10):
            assert game(players=n).players == n
        for n in (0, 1, 10):
            with pytest.raises(OptionError):
                game(players=n)

    def test_t31_1_1_one_pack(self) -> None:
        """The pack is the 52-card pack without jokers."""
        deck = start().deck()
        assert deck.size == 52
        assert not any(c.is_joker for c in deck.cards)

    def test_t31_1_2_card_points(self) -> None:
        """Pips count their value, court cards 10, the ace 11."""
        assert hand_value(parse_cards("2h 3h 4h")) == 9
        assert hand_value(parse_cards("Jh Qh Kh")) == 30
        assert hand_value(parse_cards("Ah 2c 3d")) == 11

    def test_t31_1_3_three_tokens(self) -> None:
        """Every player starts with three tokens; the option changes that."""
        assert start().tokens == (3, 3, 3)
        assert start(tokens=5).tokens == (5, 5, 5)
        for bad in (0, 10):
            with pytest.raises(OptionError, match="tokens"):
                game(tokens=bad)


class TestDeal:
    def test_t31_2_1_three_cards_each(self) -> None:
        """Every player gets three cards; the rest is stock plus one upcard."""
        for n in range(2, 10):
            state = game(players=n, deals=1).new_game(seed=n)
            if state.is_terminal:  # a Blitz was dealt
                continue
            assert all(len(h) == 3 for h in state.hands)
            assert len(state.discard) == 1
            assert len(state.stock) == 52 - 3 * n - 1

    def test_t31_2_3_deal_passes_left(self) -> None:
        """The next deal is dealt by the next player to the dealer's left."""
        state = start(players=3)
        assert state.dealer == 0
        while state.deal == 0:
            state = state.apply(state.legal_moves()[0])
        assert state.dealer == 1
        assert state.turn == 2

    def test_t31_2_deterministic_by_seed(self) -> None:
        """The same seed deals the same cards; another seed another deal."""
        g = game()
        assert g.new_game(seed=9) == g.new_game(seed=9)
        assert g.new_game(seed=9).hands != g.new_game(seed=10).hands


class TestHandValue:
    def test_t31_3_1_text_examples(self) -> None:
        """The source's sample hands: a lone jack counts 10; 9 and 5 of a suit 14."""
        assert hand_value(parse_cards("Jc 4d 9s")) == 10
        assert hand_value(parse_cards("9h 5h Kc")) == 14
        assert hand_value(parse_cards("8s 6s 2s")) == 16
        assert hand_value(parse_cards("As Ks Qs")) == 31

    def test_t31_3_2_equal_totals_by_highest_card(self) -> None:
        """Equal totals rank by the highest counted card, then the next (by rank)."""
        assert hand_key(parse_cards("Kh Qs 2c")) > hand_key(parse_cards("Qh Jc 3d"))
        assert hand_key(parse_cards("Ah 9h 2c")) > hand_key(parse_cards("Ks Ts 3c"))
        assert hand_key(parse_cards("Ks 9s 3c")) > hand_key(parse_cards("Qh 9h 2d"))
        assert hand_key(parse_cards("Td 6d 3d")) > hand_key(parse_cards("Th 5h 4h"))

    def test_t31_3_2_best_hand_tie_goes_nearest_dealers_left(self) -> None:
        """Hands tied card for card: the first tied player after the dealer is best;
        the dealer, who plays last, is farthest."""
        state = arrange(
            start(players=3), hands=["Kc 9c 2d", "Kh 9h 3s", "Ks 9s 4d"], discard="Qd", turn=1
        )
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.values == (19, 19, 19)
        assert state.last_deal.best == 1
        state = arrange(
            start(players=3), hands=["Kc 9c 2d", "Kh 8h 3s", "Ks 9s 4d"], discard="Qd", turn=1
        )
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.best == 2

    def test_t31_3_3_three_of_a_kind_option(self) -> None:
        """Three of a kind counts 30 only with the option; higher trips rank higher."""
        trips = parse_cards("7c 7d 7h")
        assert hand_value(trips) == 7
        assert hand_value(trips, three_of_a_kind=True) == 30
        assert hand_key(parse_cards("8c 8d 8h"), three_of_a_kind=True) > hand_key(
            trips, three_of_a_kind=True
        )

    @pytest.mark.parametrize(
        ("text", "problem"),
        [
            ("Ah Kh", "has 3 cards, got 2"),
            ("Ah Kh Qh Jh", "has 3 cards, got 4"),
            ("Ah Ah Kh", "same card twice"),
            ("Ah Kh Jk", "no jokers"),
        ],
    )
    def test_t31_3_1_bad_hands_refused(self, text: str, problem: str) -> None:
        """Wrong sizes, a card twice, or a joker: InvalidCardError naming the problem."""
        for function in (hand_value, hand_key):
            with pytest.raises(InvalidCardError, match=problem):
                function(parse_cards(text))

    @pytest.mark.parametrize(
        "junk", [None, 42, "Ah Kh Qh", [[1], [2], [3]], [1, 2, 3], ("Ah", "Kh", "Qh")]
    )
    def test_t31_3_1_junk_refused(self, junk: object) -> None:
        """Things that are not three cards are an InvalidCardError, never a TypeError."""
        for function in (hand_value, hand_key):
            with pytest.raises(InvalidCardError):
                function(junk)  # type: ignore[arg-type]

    def test_t31_3_3_trips_against_a_suited_thirty(self) -> None:
        """Trips count 30 like K-Q-J of one suit and rank by their cards: K-Q-J
        (13, 12, 11) beats three sevens, three aces beat A-K-9 (14, 13, 9)."""
        sevens, aces = parse_cards("7c 7d 7h"), parse_cards("Ac Ad As")
        kqj, ak9 = parse_cards("Ks Qs Js"), parse_cards("Ah Kh 9h")
        assert hand_value(aces, three_of_a_kind=True) == 30
        assert hand_value(kqj) == hand_value(ak9) == 30
        assert hand_key(kqj, three_of_a_kind=True) > hand_key(sevens, three_of_a_kind=True)
        assert hand_key(aces, three_of_a_kind=True) > hand_key(ak9, three_of_a_kind=True)

    @pytest.mark.parametrize(("option", "losses"), [(False, (1, 0, 0)), (True, (0, 0, 1))])
    def test_t31_3_3_trips_in_play(self, option: bool, losses: tuple[int, ...]) -> None:
        """Seat 0 holds three sevens: 7 and lowest without the option, 30 with it,
        which leaves seat 2's 19 lowest (seat 1 knocked on 21)."""
        state = arrange(
            start(players=3, three_of_a_kind=option),
            hands=["7c 7d 7h", "Ac Kc 5d", "9s 8s 2s"],
            discard="Th",
            turn=1,
        )
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.values == ((30 if option else 7), 21, 19)
        assert state.last_deal.losses == losses

    def test_t31_3_5_three_of_a_kind_counts_thirty_and_a_half(self) -> None:
        """With three_of_a_kind_value=30.5 trips count 30.5 and beat any 30 in one
        suit (three sevens over K-Q-J), but not a 31."""
        sevens, kqj = parse_cards("7c 7d 7h"), parse_cards("Ks Qs Js")
        half = {"three_of_a_kind": True, "three_of_a_kind_value": 30.5}
        assert hand_value(sevens, **half) == 30.5
        assert hand_value(kqj, **half) == 30
        assert hand_key(sevens, **half) > hand_key(kqj, **half)
        assert hand_key(sevens, **half) < hand_key(parse_cards("As Ks Qs"), **half)
        assert hand_key(kqj, three_of_a_kind=True) > hand_key(sevens, three_of_a_kind=True)

    def test_t31_3_5_value_needs_the_rule(self) -> None:
        """30.5 without three_of_a_kind, or another value, is refused naming T31-3.5."""
        with pytest.raises(OptionError, match=r"T31-3\.5"):
            games.create("thirty_one", three_of_a_kind_value=30.5)
        with pytest.raises(OptionError, match=r"T31-3\.5"):
            hand_value(parse_cards("7c 7d 7h"), three_of_a_kind_value=30.5)
        with pytest.raises(OptionError):
            games.create("thirty_one", three_of_a_kind=True, three_of_a_kind_value=29)
        with pytest.raises(OptionError, match=r"T31-3\.5"):
            hand_key(parse_cards("7c 7d 7h"), three_of_a_kind=True, three_of_a_kind_value=31)

    @pytest.mark.parametrize(
        ("value", "values", "losses"), [(30.5, (30.5, 30), (0, 2)), (30, (30, 30), (1, 0))]
    )
    def test_t31_3_5_in_play(
        self, value: float, values: tuple[float, ...], losses: tuple[int, ...]
    ) -> None:
        """Seat 1 knocks on K-Q-J of spades (30) against seat 0's three sevens: with
        30.5 the knocker alone is lowest and loses two tokens (T31-6.3); with 30
        they tie and the knocker is spared (T31-6.2)."""
        options = {"three_of_a_kind": True, "three_of_a_kind_value": value}
        state = arrange(
            start(players=2, **options), hands=["7c 7d 7h", "Ks Qs Js"], discard="2h", turn=1
        )
        state = state.apply(KNOCK).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.values == values
        assert state.last_deal.losses == losses
        again = game(players=2, **options)
        # an arranged deal, not one of its seed: loaded as trusted (no replay check)
        assert again.state_from_json(state.to_json(), trusted=True) == state

    @given(st.lists(st.sampled_from(thirty_one._DECK.cards), min_size=3, max_size=3, unique=True))
    def test_t31_3_1_value_is_best_suit(self, cards: list[thirty_one.Card]) -> None:
        """The value is the best one-suit total, brute-forced independently."""

        def points(c: thirty_one.Card) -> int:
            return 11 if c.rank == 14 else min(int(c.rank), 10)

        want = max(sum(points(c) for c in cards if c.suit == s) for s in {c.suit for c in cards})
        assert hand_value(cards) == want


class TestTurn:
    def test_t31_4_1_left_of_dealer_starts(self) -> None:
        """The player left of the dealer moves first."""
        assert start(players=4).turn == 1

    def test_t31_4_2_three_actions(self) -> None:
        """A turn offers knock, draw from the stock, take the discard."""
        assert start().legal_moves() == (KNOCK, DRAW_STOCK, DRAW_DISCARD)

    def test_t31_4_3_discard_after_drawing(self) -> None:
        """After drawing the player holds four and must discard one of them."""
        state = start().apply(DRAW_STOCK)
        assert state.phase is Phase.DISCARD
        assert len(state.hands[1]) == 4
        assert set(state.legal_moves()) == {Discard(c) for c in state.hands[1]}
        card = state.hands[1][0]
        after = state.apply(Discard(card))
        assert after.discard[-1] == card
        assert len(after.hands[1]) == 3

    def test_t31_4_4_taken_card_not_discarded(self) -> None:
        """The card just taken from the discard pile cannot go straight back."""
        state = arrange(start(), hands=["2c 3d 4h", "5c 7d 9h", "6s 8s Ts"], discard="Kd", turn=1)
        state = state.apply(DRAW_DISCARD)
        assert Discard(parse_cards("Kd")[0]) not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"T31-4\.4"):
            state.apply(Discard(parse_cards("Kd")[0]))

    def test_t31_4_4_drawn_stock_card_may_go(self) -> None:
        """A card drawn from the stock may be discarded at once."""
        state = arrange(
            start(),
            hands=["2c 3d 4h", "5c 7d 9h", "6s 8s Ts"],
            discard="Kd",
            stock_top="Qc",
            turn=1,
        )
        state = state.apply(DRAW_STOCK)
        assert Discard(parse_cards("Qc")[0]) in state.legal_moves()

    def test_t31_4_5_no_knock_in_first_round_option(self) -> None:
        """With knock_first_round off, knocking waits until everyone has had a turn."""
        state = start(players=3, knock_first_round=False)
        assert KNOCK not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"T31-4\.5"):
            state.apply(KNOCK)
        for _ in range(3):  # three turns: draw, discard the drawn card
            state = state.apply(DRAW_STOCK)
            state = state.apply(state.legal_moves()[-1])
        assert KNOCK in state.legal_moves()


class TestKnock:
    def knocked(self) -> thirty_one.State:
        state = arrange(
            start(players=3),
            hands=["2c 3d 4h", "Ac Kc 5d", "9s 8s 2s"],
            discard="Th",
            turn=1,
        )
        return state.apply(KNOCK)

    def test_t31_5_1_others_get_one_last_turn(self) -> None:
        """After a knock the others move once each, and may pass."""
        state = self.knocked()
        assert state.knocker == 1
        assert state.turn == 2
        assert state.legal_moves() == (DRAW_STOCK, DRAW_DISCARD, PASS)
        with pytest.raises(IllegalMoveError, match="already knocked"):
            state.apply(KNOCK)
        state = state.apply(PASS)
        assert state.turn == 0
        state = state.apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.end is End.KNOCK

    def test_t31_6_1_lowest_loses_one(self) -> None:
        """The lowest hand (seat 0, 4 points) loses one token."""
        state = self.knocked().apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.values == (4, 21, 19)
        assert state.last_deal.losses == (1, 0, 0)
        assert state.tokens == (2, 3, 3)

    def test_t31_6_3_knocker_alone_lowest_loses_two(self) -> None:
        """A knocker with the lowest hand alone loses two tokens."""
        state = arrange(
            start(players=3), hands=["Ac Kc 5d", "2c 3d 4h", "9s 8s 2s"], discard="Th", turn=1
        )
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.losses == (0, 2, 0)

    def test_t31_6_2_tie_with_knocker_spares_knocker(self) -> None:
        """Tied lowest with the knocker: only the others lose."""
        state = arrange(
            start(players=3), hands=["4c 2d 3h", "4d 2h 3s", "9s 8s 2s"], discard="Th", turn=1
        )
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.losses == (1, 0, 0)

    def test_t31_6_2_tie_without_knocker_all_lose(self) -> None:
        """Tied lowest without the knocker: each tied player loses one."""
        state = arrange(
            start(players=3), hands=["4c 2d 3h", "9s 8s 2s", "4d 2h 3s"], discard="Th", turn=1
        )
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.losses == (1, 0, 1)

    def test_t31_5_3_no_blitz_after_knock(self) -> None:
        """Reaching 31 on a last turn is a strong hand, not a Blitz."""
        state = arrange(
            start(players=3), hands=["2c 3d 4h", "9s 8s 2s", "As Ks 5d"], discard="Qs", turn=1
        )
        state = state.apply(KNOCK).apply(DRAW_DISCARD).apply(Discard(parse_cards("5d")[0]))
        assert state.turn == 0  # no Blitz: seat 0 still has its last turn
        state = state.apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.end is End.KNOCK
        assert state.last_deal.losses == (1, 0, 0)


class TestBlitzAndStock:
    def test_t31_5_3_blitz_on_discard(self) -> None:
        """A discard leaving 31 ends the deal; every other player loses one."""
        state = arrange(
            start(players=3), hands=["2c 3d 4h", "As Ks 5d", "9s 8s 2h"], discard="Qs", turn=1
        )
        state = state.apply(DRAW_DISCARD).apply(Discard(parse_cards("5d")[0]))
        assert state.last_deal is not None
        assert state.last_deal.end is End.BLITZ
        assert state.last_deal.losses == (1, 0, 1)

    def test_t31_5_3_two_blitzes_dealt_both_safe(self) -> None:
        """Two hands dealt at 31 together: both are safe, everyone else loses one."""
        state = arrange(
            start(players=4), hands=["As Ks Qs", "2c 3d 4h", "Ah Kh Jh", "5c 7d 9h"], discard="Kd"
        )
        done = state._end_deal(End.BLITZ, blitzers=(0, 2))
        assert done.last_deal is not None
        assert done.last_deal.losses == (0, 1, 0, 1)

    def test_t31_5_3_blitz_dealt(self) -> None:
        """A hand dealt at 31 ends the deal before the first turn."""
        g = game(players=5, deals=1)
        for seed in range(3000):
            state = g.new_game(seed)
            if state.is_terminal:
                break
        else:
            pytest.fail("no Blitz dealt in 3000 deals")
        result = state.last_deal
        assert result is not None
        assert result.end is End.BLITZ
        blitzers = [i for i, h in enumerate(result.hands) if hand_value(h) == 31]
        assert blitzers
        assert state.history == ()
        assert all(result.losses[i] == (0 if i in blitzers else 1) for i in range(5))

    def one_card_stock(self, hands: list[str], last: str) -> thirty_one.State:
        """Seat 1 to move, with ``last`` the only card left in the stock."""
        base = arrange(start(players=3), hands=hands, discard="Kd", stock_top=last, turn=1)
        pile = " ".join(str(c) for c in (*base.stock[:-1], *base.discard))
        return arrange(base, hands=hands, discard=pile, stock_top=last, turn=1)

    def test_t31_5_4_last_stock_card_is_a_draw(self) -> None:
        """Drawing the last stock card before any knock: the drawer discards, then
        the deal ends as a draw with no losses."""
        state = self.one_card_stock(["2c 3d 4h", "5c 7d 9h", "6s 8s Ts"], "Qc")
        assert len(state.stock) == 1
        state = state.apply(DRAW_STOCK)
        assert state.phase is Phase.DISCARD
        assert state.last_deal is None
        state = state.apply(Discard(parse_cards("Qc")[0]))
        assert state.last_deal is not None
        assert state.last_deal.end is End.STOCK_EXHAUSTED
        assert state.last_deal.losses == (0, 0, 0)
        assert state.tokens == (3, 3, 3)
        assert all(len(h) == 3 for h in state.last_deal.hands)

    def test_t31_5_4_last_stock_card_can_blitz(self) -> None:
        """A 31 made with the last stock card is a Blitz, not a draw."""
        state = self.one_card_stock(["2c 3d 4h", "As Ks 5d", "6s 8s Th"], "Qs")
        state = state.apply(DRAW_STOCK).apply(Discard(parse_cards("5d")[0]))
        assert state.last_deal is not None
        assert state.last_deal.end is End.BLITZ
        assert state.last_deal.values == (4, 31, 14)
        assert state.last_deal.losses == (1, 0, 1)

    def test_t31_5_4_empty_stock_after_knock(self) -> None:
        """After a knock an empty stock only removes the draw from the stock."""
        base = arrange(
            start(players=3), hands=["2c 3d 4h", "5c 7d 9h", "6s 8s Ts"], discard="Kd", turn=1
        )
        pile = " ".join(str(c) for c in (*base.stock, *base.discard))
        state = arrange(base, hands=["2c 3d 4h", "5c 7d 9h", "6s 8s Ts"], discard=pile, turn=1)
        assert state.stock == ()
        state = state.apply(KNOCK)
        assert state.legal_moves() == (DRAW_DISCARD, PASS)
        with pytest.raises(IllegalMoveError, match="stock is empty"):
            state.apply(DRAW_STOCK)


class TestTokens:
    def test_t31_6_4_free_ride_then_out(self) -> None:
        """A player at 0 tokens plays on, and drops out at the next loss."""
        state = arrange(
            start(players=3),
            hands=["2c 3d 4h", "Ac Kc 5d", "9s 8s 2s"],
            discard="Th",
            turn=1,
            tokens=(0, 3, 3),
        )
        assert state.alive == (True, True, True)
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.alive == (False, True, True)
        assert state.scores == (4, 0, 0)
        assert state.hands[0] == ()
        assert state.turn in (1, 2)

    def test_t31_6_4_one_token_losing_two_is_out(self) -> None:
        """A knocker with one token who loses two drops out."""
        state = arrange(
            start(players=3),
            hands=["Ac Kc 5d", "2c 3d 4h", "9s 8s 2s"],
            discard="Th",
            turn=1,
            tokens=(3, 1, 3),
        )
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.alive == (True, False, True)

    def test_t31_6_6_last_player_wins(self) -> None:
        """When one player is left the game is over and he is the winner."""
        state = arrange(
            start(players=2), hands=["2c 3d 4h", "Ac Kc 5d"], discard="Th", turn=1, tokens=(0, 2)
        )
        state = state.apply(KNOCK).apply(PASS)
        assert state.is_terminal
        assert state.current_player is None
        assert state.winner == (1,)
        assert state.legal_moves() == ()
        with pytest.raises(IllegalMoveError, match="game is over"):
            state.apply(KNOCK)

    def test_t31_7_1_deals_option(self) -> None:
        """deals=1 ends the game when the first deal is scored."""
        state = game(players=3, deals=1).new_game(seed=2)
        rng = random.Random(0)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
        assert state.deal == 0
        assert state.last_deal is not None

    def test_t31_7_3_whole_games_end(self) -> None:
        """Random play reaches the end of a whole game (one player left)."""
        g = game(players=4)
        rng = random.Random(1)
        for seed in range(10):
            state = g.new_game(seed)
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_moves()))
            assert sum(state.alive) == 1
            assert len(state.winner) == 1


class TestViews:
    def test_t31_7_4_view_hides_hands_and_stock(self) -> None:
        """A view shows one's own hand, sizes and the discard; other hands and
        the stock order can change without changing it."""
        state = start(players=3)
        view = state.view(0)
        assert view.hand == state.hands[0]
        assert view.hand_sizes == (3, 3, 3)
        assert view.stock_size == len(state.stock)
        assert view.known == ((), (), ())
        hidden = (*state.hands[1], *state.hands[2], *state.stock)
        swapped = arrange(
            state,
            hands=[
                " ".join(map(str, state.hands[0])),
                " ".join(map(str, hidden[-3:])),
                " ".join(map(str, hidden[:3])),
            ],
            discard=" ".join(map(str, state.discard)),
        )
        assert swapped.hands[1] != state.hands[1]
        assert swapped.view(0) == view
        assert swapped.view(1) != state.view(1)

    def test_t31_7_4_taken_discard_is_known(self) -> None:
        """A card taken from the discard pile is known to be in that hand."""
        state = arrange(start(), hands=["2c 3d 4h", "5c 7d 9h", "6s 8s Ts"], discard="Kd", turn=1)
        state = state.apply(DRAW_DISCARD).apply(Discard(parse_cards("5c")[0]))
        assert state.view(0).known[1] == parse_cards("Kd")
        other = state.resample(0, random.Random(3))
        assert parse_cards("Kd")[0] in other.hands[1]
        assert other.view(0) == state.view(0)

    def test_t31_greedy_plays_whole_games(self) -> None:
        """The greedy bot only makes legal moves and finishes games."""
        g = game(players=3)
        rng = random.Random(2)
        state = g.new_game(seed=1)
        while not state.is_terminal:
            state = state.apply(g.greedy_move(state, rng))
        assert state.winner


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 4, "deals": 3},
        {"players": 6, "three_of_a_kind": True, "knock_first_round": False},
        {"players": 5, "three_of_a_kind": True, "three_of_a_kind_value": 30.5},
    ],
)
def test_t31_conformance(options: dict[str, object]) -> None:
    """The conformance kit passes under several options."""
    report = check_game(game(**options), playouts=4)
    assert report.terminal == 4


class TestRemainingClauses:
    def test_t31_1_4_seat_zero_deals_first(self) -> None:
        """Seat 0 deals the first deal; seat 1 plays first."""
        state = start(players=5)
        assert state.dealer == 0
        assert state.turn == 1

    def test_t31_2_2_stock_and_upcard(self) -> None:
        """After the deal, the undealt cards are the stock plus one face-up discard."""
        state = start(players=4)
        dealt = {c for h in state.hands for c in h}
        assert len(state.discard) == 1
        assert state.discard[0] not in dealt
        assert set(state.stock) | dealt | set(state.discard) == set(state.deck().cards)

    def test_t31_3_4_tokens_ignore_the_best_hand_ranking(self) -> None:
        """The best-hand ranking names a best seat but never changes who loses."""
        state = arrange(
            start(players=3), hands=["Kc 9c 2d", "Kh 9h 3s", "4s 2s 3d"], discard="Qd", turn=1
        )
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.best == 1
        assert state.last_deal.losses == (0, 0, 1)

    def test_t31_5_2_deal_scored_when_turn_returns_to_knocker(self) -> None:
        """The deal is scored exactly when the turn would reach the knocker again."""
        state = arrange(
            start(players=4),
            hands=["2c 3d 4h", "5c 7d 9h", "6s 8s Ts", "Jc Qd 2s"],
            discard="Kd",
            turn=2,
        )
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is None
        assert state.turn == 1
        state = state.apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.knocker == 2

    def test_t31_5_5_discard_pile_never_empty_at_turn_start(self) -> None:
        """In random play the discard pile always holds a card when a turn starts."""
        rng = random.Random(5)
        for seed in range(30):
            state = game(players=4).new_game(seed)
            while not state.is_terminal:
                if state.phase is Phase.TURN:
                    assert state.discard
                state = state.apply(rng.choice(state.legal_moves()))

    def test_t31_6_5_out_players_sit_out(self) -> None:
        """A player who dropped out is dealt no cards and gets no turn."""
        state = arrange(
            start(players=3),
            hands=["2c 3d 4h", "Ac Kc 5d", "9s 8s 2s"],
            discard="Th",
            turn=1,
            tokens=(0, 3, 3),
        )
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.alive == (False, True, True)
        rng = random.Random(0)
        deal = state.deal
        while state.deal == deal and not state.is_terminal:
            assert state.hands[0] == ()
            assert state.current_player != 0
            state = state.apply(rng.choice(state.legal_moves()))

    def test_t31_7_2_scores_are_tokens_lost(self) -> None:
        """scores count tokens lost, an out player his tokens plus one; lower is better."""
        state = arrange(
            start(players=3),
            hands=["2c 3d 4h", "Ac Kc 5d", "9s 8s 2s"],
            discard="Th",
            turn=1,
            tokens=(0, 2, 3),
        )
        assert state.scores == (3, 1, 0)
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.scores == (4, 1, 0)
        assert not thirty_one.ThirtyOne.HIGHER_IS_BETTER
