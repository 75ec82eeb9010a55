"""Tests of Japanese 51 (Goju Ichi); names cite the clauses of seeds/japanese51.md."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    Card,
    IllegalMoveError,
    InvalidCardError,
    OptionError,
    Rank,
    games,
    parse_cards,
)
from cardrules.decks import standard
from cardrules.games.japanese51 import (
    Clear,
    End,
    Exchange,
    Pass,
    State,
    SwapAll,
    hand_value,
    winners,
)
from cardrules.testing import check_game, check_state

DECK = standard().cards
POINTS = {r: (11 if r == Rank.ACE else min(int(r), 10)) for r in Rank if not r.is_joker}


def card(text: str) -> Card:
    return parse_cards(text)[0]


def make(
    hands: list[str],
    table: str,
    *,
    stock: str | None = None,
    aside: str = "",
    turn: int = 1,
    turns: int = 0,
    **options: object,
) -> State:
    """A state with these hands and board; unlisted cards go to the stock
    (or, when the stock is given, to the set-aside pile)."""
    game = games.create("japanese51", players=len(hands), **options)
    base = game.new_game(seed=1)
    dealt = tuple(parse_cards(h) for h in hands)
    board = parse_cards(table)
    used = {c for h in dealt for c in h} | set(board) | set(parse_cards(aside))
    if stock is None:
        rest = tuple(c for c in DECK if c not in used)
        pile = parse_cards(aside)
    else:
        rest = parse_cards(stock)
        used |= set(rest)
        pile = parse_cards(aside) + tuple(c for c in DECK if c not in used)
    state = attrs.evolve(
        base, hands=dealt, table=board, stock=rest, aside=pile, turn=turn, turns=turns
    )
    state.validate()
    return state


class TestHandValue:
    def test_j51_4_1_best_hand_is_51(self) -> None:
        """A-K-Q-J-10 of one suit: 11 + 40 = 51."""
        assert hand_value(parse_cards("Ah Kh Qh Jh Th")) == 51

    def test_j51_4_1_worked_examples(self) -> None:
        """Ah 8h 3h / 5c 2d = 22 - 7 = 15; Kh 5h 2h / Tc Td = 17 - 20 = -3."""
        assert hand_value(parse_cards("Ah 8h 3h 5c 2d")) == 15
        assert hand_value(parse_cards("Kh 5h 2h Tc Td")) == -3

    def test_j51_4_1_holder_takes_the_best_suit(self) -> None:
        """Kc Qc vs 9d 8d 2s: clubs 20 - 19 = 1 beats diamonds 17 - 22 = -5."""
        assert hand_value(parse_cards("Kc Qc 9d 8d 2s")) == 1

    def test_j51_1_2_card_points(self) -> None:
        """Ace 11 and king 10 in hearts against 2 + 3 + 4: 21 - 9 = 12."""
        assert hand_value(parse_cards("Ah Kh 2c 3d 4s")) == 12

    @given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True))
    def test_j51_4_1_value_is_best_suit_minus_the_rest(self, cards: list[Card]) -> None:
        """The score equals the best, over suits held, of that suit minus the others."""
        hand = tuple(cards)
        best = max(
            sum(POINTS[c.rank] for c in hand if c.suit == s)
            - sum(POINTS[c.rank] for c in hand if c.suit != s)
            for s in {c.suit for c in hand}
        )
        assert hand_value(hand) == best

    @pytest.mark.parametrize(
        ("text", "problem"),
        [
            ("Ah Kh Qh Jh", "has 5 cards, got 4"),
            ("Ah Kh Qh Jh Th 9h", "got 6"),
            ("Ah Kh Qh Jh Ah", "same card twice"),
            ("Ah Kh Qh Jh Jk", "no jokers"),
        ],
    )
    def test_j51_1_1_bad_hands_are_refused(self, text: str, problem: str) -> None:
        """Wrong sizes, repeats and jokers raise InvalidCardError naming the problem."""
        with pytest.raises(InvalidCardError, match=problem):
            hand_value(parse_cards(text))

    def test_j51_1_1_junk_is_refused(self) -> None:
        """Non-cards are InvalidCardError, not TypeError."""
        with pytest.raises(InvalidCardError):
            hand_value("Ah Kh Qh Jh Th")  # type: ignore[arg-type]
        with pytest.raises(InvalidCardError):
            hand_value([1, 2, 3, 4, 5])  # type: ignore[list-item]


class TestWinners:
    def test_j51_4_2_stopper_loses_a_tie(self) -> None:
        """Stopper and another player tie for top: the other wins alone."""
        assert winners([40, 40, 12], stopper=0) == (1,)

    def test_j51_4_2_non_stoppers_tied_all_win(self) -> None:
        """Two non-stoppers tied for top both win."""
        assert winners([20, 40, 40], stopper=0) == (1, 2)

    def test_j51_4_2_stopper_tied_with_two_others(self) -> None:
        """Stopper tied with two others: both others win, the stopper does not."""
        assert winners([40, 40, 40], stopper=1) == (0, 2)

    def test_j51_4_3_stopper_alone_on_top_wins(self) -> None:
        """A stopper with the single highest score wins."""
        assert winners([41, 40, 40], stopper=0) == (0,)

    def test_j51_5_4_no_stopper_ties_all_win(self) -> None:
        """Without a stopper (round limit) every top score wins."""
        assert winners([7, 7], stopper=None) == (0, 1)

    def test_j51_4_2_empty_values_refused(self) -> None:
        """No hands, or junk, is a CardRulesError, not a ValueError or TypeError."""
        with pytest.raises(OptionError):
            winners([], stopper=None)
        with pytest.raises(OptionError):
            winners(None, stopper=None)  # type: ignore[arg-type]
        with pytest.raises(OptionError):
            winners([3, "x"], stopper=None)  # type: ignore[list-item]
        with pytest.raises(OptionError):
            winners([3, 4], stopper="0")  # type: ignore[arg-type]


class TestDealAndTurn:
    def test_j51_2_1_deal(self) -> None:
        """Five cards each, five face up, the rest face down; dealer's left starts."""
        state = games.create("japanese51", players=4).new_game(seed=5)
        assert [len(h) for h in state.hands] == [5, 5, 5, 5]
        assert len(state.table) == 5
        assert len(state.stock) == 52 - 25
        assert state.dealer == 0
        assert state.current_player == 1

    def test_j51_1_3_dealers_left_plays_first(self) -> None:
        """Seat 0 deals; seat 1 (the next seat clockwise) takes the first turn."""
        state = games.create("japanese51", players=3).new_game(seed=6)
        assert (state.dealer, state.current_player) == (0, 1)
        state = state.apply(next(m for m in state.legal_moves() if not getattr(m, "stop", 1)))
        assert state.current_player == 2

    def test_j51_1_1_player_range(self) -> None:
        """Two to nine players."""
        games.create("japanese51", players=9).new_game(seed=1).validate()
        with pytest.raises(OptionError):
            games.create("japanese51", players=10)

    def test_j51_3_1_exchange_keeps_five_and_five(self) -> None:
        """The taken card joins the hand; the given card takes its place on the board."""
        state = make(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "Ah Kh Qh Jh Th", turn=0)
        after = state.apply(Exchange(card("Kh"), card("2c"), stop=False))
        assert after.hands[0] == parse_cards("Kh 3c 4c 5c 6c")
        assert after.table == parse_cards("Ah 2c Qh Jh Th")
        assert after.current_player == 1

    def test_j51_3_1_exchange_must_use_board_and_hand(self) -> None:
        """Taking a card not on the board is refused with a reason."""
        state = make(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "Ah Kh Qh Jh Th", turn=0)
        with pytest.raises(IllegalMoveError, match="not on the table"):
            state.apply(Exchange(card("9s"), card("2c"), stop=False))
        with pytest.raises(IllegalMoveError, match="not in the hand"):
            state.apply(Exchange(card("Ah"), card("9s"), stop=False))

    def test_j51_3_3_no_clear_on_first_turn(self) -> None:
        """Clear is not offered in the first round, and is from the second on."""
        state = make(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "Ah Kh Qh Jh Th", turn=0)
        assert Clear() not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match="first turn"):
            state.apply(Clear())
        later = attrs.evolve(state, turns=2)
        assert Clear() in later.legal_moves()

    def test_j51_3_3_clear_from_each_players_second_turn(self) -> None:
        """Three players: no clear in turns 1 to 3 (seats 1, 2, 0); seat 1's second
        turn may clear."""
        state = games.create("japanese51", players=3, deals=1).new_game(seed=9)
        seats = []
        for _ in range(3):
            assert Clear() not in state.legal_moves()
            seats.append(state.current_player)
            state = state.apply(next(m for m in state.legal_moves() if not getattr(m, "stop", 1)))
        assert seats == [1, 2, 0]
        assert state.current_player == 1
        assert Clear() in state.legal_moves()

    def test_j51_3_2_clear_sets_board_aside_and_refills(self) -> None:
        """Clear: the board goes aside, five stock cards come up, then an exchange."""
        state = make(
            ["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"],
            "Ah Kh Qh Jh Th",
            stock="9s 8s 7s 6s 5s 4s 3s",
            turn=0,
            turns=2,
        )
        cleared = state.apply(Clear())
        assert set(cleared.table) == set(parse_cards("7s 6s 5s 4s 3s"))
        assert cleared.stock == parse_cards("9s 8s")
        assert set(parse_cards("Ah Kh Qh Jh Th")) <= set(cleared.aside)
        assert cleared.current_player == 0
        assert Clear() not in cleared.legal_moves()
        with pytest.raises(IllegalMoveError, match="already cleared"):
            cleared.apply(Clear())
        after = cleared.apply(Exchange(card("7s"), card("2c"), stop=False))
        assert after.current_player == 1
        after.validate()

    def test_j51_3_4_set_aside_cards_are_reshuffled(self) -> None:
        """With two stock cards, the earlier set-aside cards form a new stock."""
        state = make(
            ["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"],
            "Ah Kh Qh Jh Th",
            stock="9s 8s",
            turn=0,
            turns=2,
        )
        earlier = set(state.aside)
        cleared = state.apply(Clear())
        cleared.validate()
        assert cleared.recycled
        assert set(parse_cards("9s 8s")) <= set(cleared.table)
        assert set(cleared.table) - set(parse_cards("9s 8s")) <= earlier
        assert set(cleared.aside) == set(parse_cards("Ah Kh Qh Jh Th"))
        assert set(cleared.stock) | set(cleared.table) - set(parse_cards("9s 8s")) == earlier

    def test_j51_3_4_no_clear_without_five_cards_to_refill(self) -> None:
        """Nine players leave a two-card stock and nothing set aside: no clear."""
        state = games.create("japanese51", players=9).new_game(seed=4)
        assert len(state.stock) == 2
        later = attrs.evolve(state, turns=9)
        assert not later.can_clear()
        assert Clear() not in later.legal_moves()
        with pytest.raises(IllegalMoveError, match="not five cards left"):
            later.apply(Clear())


class TestJapaneseOptions:
    def test_j51_3_6_passing_from_the_second_turn(self) -> None:
        """passing=True: no pass in the first round; from a player's second turn he
        may pass (with or without Stop), but not after clearing the board."""
        hands = ["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"]
        first = make(hands, "Ah Kh Qh Jh Th", turn=0, passing=True)
        assert Pass(stop=False) not in first.legal_moves()
        with pytest.raises(IllegalMoveError, match="first turn"):
            first.apply(Pass(stop=False))
        later = attrs.evolve(first, turns=2)
        assert Pass(stop=False) in later.legal_moves()
        assert Pass(stop=True) in later.legal_moves()
        after = later.apply(Pass(stop=False))
        assert after.hands == later.hands
        assert after.table == later.table
        assert after.current_player == 1
        cleared = later.apply(Clear())
        assert Pass(stop=False) not in cleared.legal_moves()
        with pytest.raises(IllegalMoveError, match="must exchange"):
            cleared.apply(Pass(stop=False))
        with pytest.raises(IllegalMoveError, match=r"passing=False, J51-3\.6"):
            make(hands, "Ah Kh Qh Jh Th", turn=0, turns=2).apply(Pass(stop=False))

    def test_j51_3_6_pass_with_stop_starts_the_last_turns(self) -> None:
        """A pass may carry Stop: the other player has his one last turn."""
        state = make(
            ["Ac Kc Qc Jc Tc", "2d 3d 4d 5d 6d"],
            "Ah 9h 8h 7h 2s",
            turn=0,
            turns=2,
            passing=True,
            deals=1,
        )
        state = state.apply(Pass(stop=True))
        assert state.stopper == 0
        state = state.apply(Exchange(card("Ah"), card("2d"), stop=False))
        assert state.is_terminal
        assert state.last_deal is not None
        assert state.last_deal.winners == (0,)

    def test_j51_3_7_swap_all_five(self) -> None:
        """swap_all=True: from the second turn a player may take the whole board and
        leave his hand there; the cards taken are known to be his."""
        hands = ["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"]
        first = make(hands, "Ah Kh Qh Jh Th", turn=0, swap_all=True)
        assert SwapAll(stop=False) not in first.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"J51-3\.7"):
            first.apply(SwapAll(stop=False))
        later = attrs.evolve(first, turns=2)
        after = later.apply(SwapAll(stop=True))
        assert after.hands[0] == parse_cards("Ah Kh Qh Jh Th")
        assert after.table == parse_cards("2c 3c 4c 5c 6c")
        assert set(after.view(1).known[0]) == set(parse_cards("Ah Kh Qh Jh Th"))
        assert after.stopper == 0
        assert str(SwapAll(stop=True)) == "swapall yes"
        ended = after.apply(Exchange(card("6c"), card("2d"), stop=False))
        assert ended.last_deal is not None
        assert ended.last_deal.end is End.STOP
        assert ended.last_deal.values == (51, 12)  # 3d..6d and 6c: 18 - 6 = 12
        cleared = later.apply(Clear())
        assert SwapAll(stop=False) in cleared.legal_moves()  # an exchange with the new board

    def test_j51_4_4_one_suit_only(self) -> None:
        """one_suit_only=True: a hand with two suits scores 0, one suit its total."""
        mixed, flush = parse_cards("Ah 8h 3h 5c 2d"), parse_cards("Ah 8h 3h 5h 2h")
        assert hand_value(mixed) == 15
        assert hand_value(mixed, one_suit_only=True) == 0
        assert hand_value(flush, one_suit_only=True) == 29
        assert hand_value(parse_cards("Kh 5h 2h Tc Td"), one_suit_only=True) == 0

    @pytest.mark.parametrize(
        ("one_suit_only", "values", "won"), [(False, (34, 20), (0,)), (True, (0, 20), (1,))]
    )
    def test_j51_4_4_one_suit_only_in_play(
        self, one_suit_only: bool, values: tuple[int, ...], won: tuple[int, ...]
    ) -> None:
        """Seat 1 stops on 2d-6d (20, one suit); seat 0 ends on Ah Kh Qh Jh 7s,
        41 - 7 = 34 by default (he wins), but 0 with one_suit_only (he loses)."""
        hands = ["Ah Kh Qh Jh 2s", "2d 3d 4d 5d 9c"]
        state = make(hands, "6d 7s 8s 9s Ts", turn=1, one_suit_only=one_suit_only, deals=1)
        state = state.apply(Exchange(card("6d"), card("9c"), stop=True))
        state = state.apply(Exchange(card("7s"), card("2s"), stop=False))
        assert state.last_deal is not None
        assert state.last_deal.values == values
        assert state.last_deal.winners == won

    @pytest.mark.parametrize(
        "options",
        [
            {"passing": True},
            {"swap_all": True},
            {"passing": True, "swap_all": True, "one_suit_only": True},
        ],
    )
    def test_j51_5_4_option_games_end(self, options: dict[str, bool]) -> None:
        """The conformance kit and greedy play under the Japanese options."""
        game = games.create("japanese51", players=3, deals=2, **options)
        check_game(game, playouts=2)
        state = game.new_game(seed=5)
        rng = random.Random(5)
        while not state.is_terminal:
            state = state.apply(game.greedy_move(state, rng))

    def test_j51_1_4_nine_players_never_clear(self) -> None:
        """Nine players: the stock holds two cards and nothing is ever set aside, so
        no clear is legal at any point of a deal."""
        game = games.create("japanese51", players=9, deals=1, round_limit=4)
        rng = random.Random(1)
        for seed in range(3):
            state = game.new_game(seed=seed)
            while not state.is_terminal:
                assert len(state.stock) == 2
                assert Clear() not in state.legal_moves()
                state = state.apply(rng.choice(state.legal_moves()))


class TestStop:
    def test_j51_5_2_everyone_else_gets_one_last_turn(self) -> None:
        """After seat 1 stops, seats 2 and 0 play once more, then the deal is scored."""
        state = make(
            ["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d", "2h 3h 4h 5h 6h"],
            "Ah Kh Qh Jh Th",
            turn=1,
            deals=1,
        )
        state = state.apply(Exchange(card("Ah"), card("2d"), stop=True))
        assert state.stopper == 1
        assert state.current_player == 2
        assert all(not m.stop for m in state.legal_moves() if isinstance(m, Exchange))
        with pytest.raises(IllegalMoveError, match="already called Stop"):
            state.apply(Exchange(card("Kh"), card("2h"), stop=True))
        state = state.apply(Exchange(card("Kh"), card("2h"), stop=False))
        assert state.current_player == 0
        assert not state.is_terminal
        state = state.apply(Exchange(card("Qh"), card("2c"), stop=False))
        assert state.is_terminal
        result = state.last_deal
        assert result is not None
        assert result.end is End.STOP
        assert result.stopper == 1
        # seat 0: Qh vs 3c 4c 5c 6c = 18 - 10 = 8; seat 1: Ah vs 3d..6d = 18 - 11 = 7;
        # seat 2: Kh 3h 4h 5h 6h = 28
        assert result.values == (8, 7, 28)
        assert result.winners == (2,)
        assert state.scores == (0, 0, 1)

    def test_j51_4_2_stopper_loses_a_tie_in_play(self) -> None:
        """Seat 0 stops on 2c-6c = 20; seat 1's last exchange makes 2d-6d = 20 and wins."""
        state = make(["2c 3c 4c 5c 9h", "2d 3d 4d 5d 7h"], "6c 6d 8s 7s Ks", turn=0, deals=1)
        state = state.apply(Exchange(card("6c"), card("9h"), stop=True))
        state = state.apply(Exchange(card("6d"), card("7h"), stop=False))
        assert state.is_terminal
        assert state.last_deal is not None
        assert state.last_deal.values == (20, 20)
        assert state.last_deal.winners == (1,)
        assert state.scores == (0, 1)

    def test_j51_5_2_last_turn_may_start_with_a_clear(self) -> None:
        """After a Stop, a player on his second turn may clear; the clear is not his
        last turn, the exchange that follows is."""
        state = make(
            ["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "Ah Kh Qh Jh Th", turn=0, turns=2, deals=1
        )
        state = state.apply(Exchange(card("Ah"), card("2c"), stop=True))
        assert Clear() in state.legal_moves()
        state = state.apply(Clear())
        assert not state.is_terminal
        assert state.current_player == 1
        state = state.apply(next(m for m in state.legal_moves() if isinstance(m, Exchange)))
        assert state.is_terminal
        assert state.last_deal is not None
        assert state.last_deal.stopper == 0

    def test_j51_5_1_stop_is_part_of_the_exchange(self) -> None:
        """Every exchange comes with and without Stop; the notation reads back."""
        state = make(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "Ah Kh Qh Jh Th", turn=0)
        moves = state.legal_moves()
        assert len(moves) == 50
        move = Exchange(card("Ah"), card("2c"), stop=True)
        assert str(move) == "exchange Ah 2c yes"
        game = games.create("japanese51", players=2)
        assert game.parse_move(state, "exchange ah 2c yes") == move

    def test_j51_5_3_stop_allowed_on_the_first_turn(self) -> None:
        """The very first player of a deal may call Stop."""
        state = games.create("japanese51", players=2).new_game(seed=2)
        assert state.turns == 0
        assert any(isinstance(m, Exchange) and m.stop for m in state.legal_moves())

    def test_j51_6_2_tied_winners_each_count_a_deal(self) -> None:
        """Seat 0 stops on 17; seats 1 and 2 finish on 20 each and both score."""
        state = make(
            ["7h 8h Th 2h 3c", "3d 4d 5d 6d 9h", "3s 4s 5s 6s 9c"],
            "2d 2s Kc Qc Jc",
            turn=0,
            deals=1,
        )
        state = state.apply(Exchange(card("Kc"), card("3c"), stop=True))
        state = state.apply(Exchange(card("2d"), card("9h"), stop=False))
        state = state.apply(Exchange(card("2s"), card("9c"), stop=False))
        assert state.is_terminal
        assert state.last_deal is not None
        assert state.last_deal.values == (17, 20, 20)  # 27 - 10; 2+3+4+5+6; same
        assert state.last_deal.winners == (1, 2)
        assert state.scores == (0, 1, 1)

    def test_j51_5_4_round_limit_scores_the_deal(self) -> None:
        """Nobody stops: after round_limit rounds the deal is scored without a stopper."""
        state = make(
            ["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "Ah Kh Qh Jh Th", turn=0, deals=1, round_limit=2
        )
        for _ in range(4):
            assert not state.is_terminal
            move = next(m for m in state.legal_moves() if isinstance(m, Exchange) and not m.stop)
            state = state.apply(move)
        assert state.is_terminal
        assert state.last_deal is not None
        assert state.last_deal.end is End.ROUND_LIMIT
        assert state.last_deal.stopper is None


class TestMatch:
    def test_j51_6_1_one_deal_per_player_by_default(self) -> None:
        """deals=None plays one deal per seat, the deal passing clockwise."""
        game = games.create("japanese51", players=3)
        state = game.new_game(seed=8)
        dealers = [state.dealer]
        rng = random.Random(1)
        while not state.is_terminal:
            before = state.deal
            state = state.apply(game.greedy_move(state, rng))
            if state.deal != before:
                dealers.append(state.dealer)
        assert dealers == [0, 1, 2]
        assert state.deal == 2
        assert sum(state.scores) >= 3

    def test_j51_6_1_deals_option(self) -> None:
        """deals=1 ends after one deal."""
        game = games.create("japanese51", players=2, deals=1)
        state = game.new_game(seed=2)
        state = state.apply(next(m for m in state.legal_moves() if getattr(m, "stop", False)))
        state = state.apply(state.legal_moves()[0])
        assert state.is_terminal


class TestHiddenInformation:
    def test_j51_7_1_view_shows_taken_cards_and_aside(self) -> None:
        """Other seats see the card taken from the board and the set-aside pile."""
        state = make(["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"], "Ah Kh Qh Jh Th", turn=0)
        state = state.apply(Exchange(card("Ah"), card("2c"), stop=False))
        view = state.view(1)
        assert view.known[0] == parse_cards("Ah")
        assert view.aside == state.aside
        assert view.hand == state.hands[1]

    def test_j51_3_5_set_aside_cards_are_public(self) -> None:
        """After a clear every seat sees the set-aside cards and that the stock was rebuilt."""
        state = make(
            ["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"],
            "Ah Kh Qh Jh Th",
            stock="9s 8s",
            turn=0,
            turns=2,
        )
        cleared = state.apply(Clear())
        for seat in (0, 1):
            view = cleared.view(seat)
            assert set(view.aside) == set(parse_cards("Ah Kh Qh Jh Th"))
            assert view.recycled
            assert view.stock_size == len(cleared.stock)

    def test_j51_7_2_resample_keeps_known_cards_and_recycled_stock(self) -> None:
        """Known cards stay; a recycled stock keeps its (public) cards."""
        state = make(
            ["2c 3c 4c 5c 6c", "2d 3d 4d 5d 6d"],
            "Ah Kh Qh Jh Th",
            stock="9s 8s",
            turn=0,
            turns=2,
        )
        state = state.apply(Clear())
        take = state.table[0]
        state = state.apply(Exchange(take, card("2c"), stop=False))
        for k in range(10):
            other = state.resample(1, random.Random(k))
            other.validate()
            assert take in other.hands[0]
            assert Counter(other.stock) == Counter(state.stock)
            assert other.view(1) == state.view(1)


class TestProtocol:
    @pytest.mark.parametrize("players", [2, 4, 9])
    def test_j51_5_4_conformance_kit_games_end(self, players: int) -> None:
        """The conformance kit passes for single deals and whole matches."""
        check_game(games.create("japanese51", players=players, deals=1), playouts=2)
        check_game(games.create("japanese51", players=players), playouts=1, deep_every=11)

    def test_j51_3_4_deep_checks_through_recycling(self) -> None:
        """A clear-happy policy that never stops recycles the stock; every state stays valid."""
        game = games.create("japanese51", players=4, deals=1, round_limit=15)
        state = game.new_game(seed=12)
        rng = random.Random(3)
        step = 0
        recycled = False
        while not state.is_terminal:
            if step % 5 == 0:
                check_state(game, state, rng=rng, step=step)
            moves = [m for m in state.legal_moves() if not getattr(m, "stop", False)]
            move = Clear() if Clear() in moves else rng.choice(moves)
            state = state.apply(move)
            state.validate()
            recycled = recycled or state.recycled
            step += 1
        assert recycled
        assert game.replay(12, state.history) == state

    @settings(max_examples=10, deadline=None)
    @given(st.integers(0, 2**32), st.integers(2, 9))
    def test_j51_5_4_greedy_games_end(self, seed: int, players: int) -> None:
        """Greedy play ends every match."""
        game = games.create("japanese51", players=players)
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(5000):
            if state.is_terminal:
                break
            state = state.apply(game.greedy_move(state, rng))
        assert state.is_terminal

    def test_j51_3_1_greedy_takes_the_improving_card(self) -> None:
        """Greedy takes Ah and gives Kd, the exchange leaving the best hand."""
        game = games.create("japanese51", players=2)
        state = make(["2c Kd 9h 5h 4h", "2d 3d 4d 5d 6d"], "Ah 3s 7c 8c Js", turn=0)
        move = game.greedy_move(state, random.Random(0))
        assert isinstance(move, Exchange)
        assert move.take == card("Ah")
        assert move.give == card("Kd")  # hearts 29 - 2 = 27 beats 29 - 10 = 19
