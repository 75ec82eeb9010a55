"""Cribbage: each test names the clause of seeds/cribbage.md it checks."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    Card,
    IllegalMoveError,
    InvalidCardError,
    OptionError,
    games,
    parse_card,
    parse_cards,
)
from cardrules.games import cribbage
from cardrules.games.cribbage import (
    Count,
    LayAway,
    Muggins,
    Pass,
    Phase,
    Play,
    State,
    best_discard,
    peg_points,
    render,
    score_distribution,
    score_hand,
)
from cardrules.games.cribbage._scoring import crib_value, hand_points
from cardrules.testing import check_game

DECK = tuple(sorted(games.create("cribbage").new_game(seed=0).deck().cards))

# --------------------------------------------------------------------------- helpers


def naive_score(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """An independent count of a hand, straight from the rules text (CR-6)."""
    cards = [*hand, starter]

    def rank(c: Card) -> int:
        return 1 if c.rank.name == "ACE" else int(c.rank)

    points = 0
    for size in range(2, 6):
        for combo in itertools.combinations(cards, size):
            if sum(min(rank(c), 10) for c in combo) == 15:
                points += 2
    for a, b in itertools.combinations(cards, 2):
        if a.rank == b.rank:
            points += 2
    for size in (5, 4, 3):
        runs = 0
        for combo in itertools.combinations(cards, size):
            ranks = sorted(rank(c) for c in combo)
            if all(ranks[i + 1] == ranks[i] + 1 for i in range(size - 1)):
                runs += 1
        if runs:
            points += runs * size
            break
    if len({c.suit for c in hand}) == 1:
        if starter.suit == hand[0].suit:
            points += 5
        elif not crib:
            points += 4
    if any(c.rank.name == "JACK" and c.suit == starter.suit for c in hand):
        points += 1
    return points


def game(**options: Any) -> cribbage.Cribbage:
    made = games.create("cribbage", **options)
    assert isinstance(made, cribbage.Cribbage)
    return made


def position(
    hands: Sequence[str],
    *,
    played: Sequence[str] = (),
    crib: str = "",
    starter: str = "",
    series: str = "",
    turn: int = 1,
    dealer: int = 0,
    stock_top: str = "",
    phase: Phase = Phase.PLAY,
    **options: Any,
) -> State:
    """A hand-made state: the stock is every other card, ``stock_top`` last."""
    base = game(**options).new_game(seed=1)
    n = base.options.players
    hand_cards = tuple(tuple(parse_cards(h)) for h in hands)
    played_cards = tuple(tuple(parse_cards(p)) for p in played) or ((),) * n
    crib_cards = parse_cards(crib)
    start = parse_card(starter) if starter else None
    top = parse_cards(stock_top)
    used = Counter(c for h in (*hand_cards, *played_cards, crib_cards, top) for c in h)
    if start is not None:
        used[start] += 1
    rest = sorted((Counter(DECK) - used).elements())
    if phase is Phase.PLAY and not crib_cards:  # any four other cards make the crib
        crib_cards, rest = tuple(rest[:4]), rest[4:]
    series_cards = parse_cards(series)
    state = attrs.evolve(
        base,
        hands=hand_cards,
        played=played_cards,
        crib=crib_cards,
        crib_from=tuple(i % n for i in range(len(crib_cards))),
        starter=start,
        stock=(*rest, *top),
        series=series_cards,
        count=sum(min(cribbage.crib_rank(c), 10) for c in series_cards),
        turn=turn,
        dealer=dealer,
        phase=phase,
    )
    state.validate()
    return state


def play(state: State, *cards: str) -> State:
    for text in cards:
        state = state.apply(Play(parse_card(text)))
    return state


def finish(state: State, rng: random.Random | None = None) -> State:
    rng = rng or random.Random(0)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


# --------------------------------------------------------------------------- CR-1


class TestPlayersAndCards:
    def test_cr_1_1_two_three_or_four_players(self) -> None:
        """Two players by default; three and four as options; others refused."""
        assert game().players == 2
        assert game(players=3).players == 3
        assert game(players=4).players == 4
        for n in (1, 5):
            with pytest.raises(OptionError):
                game(players=n)

    def test_cr_1_1_partners_score_together(self) -> None:
        """With four players, seats 0 and 2 (1 and 3) always share a score."""
        rng = random.Random(3)
        state = game(players=4).new_game(seed=2)
        while not state.is_terminal:
            assert state.pegs[0] == state.pegs[2]
            assert state.pegs[1] == state.pegs[3]
            state = state.apply(rng.choice(state.legal_moves()))
        assert state.pegs[0] == state.pegs[2]
        assert max(state.pegs) >= 121

    def test_cr_1_2_one_pack(self) -> None:
        """The pack is the 52-card pack, no jokers."""
        deck = game().new_game(seed=1).deck()
        assert deck.size == 52
        assert not any(c.is_joker for c in deck.cards)

    def test_cr_1_3_ace_low(self) -> None:
        """The ace is 1 and low: A-2-3 is a run, Q-K-A is not."""
        assert cribbage.crib_rank(parse_card("Ah")) == 1
        assert cribbage.card_value(parse_card("Kh")) == 10
        assert score_hand(parse_cards("Ah 2c 3d 9s"), parse_card("9h")).runs == 3
        assert score_hand(parse_cards("Qh Kc Ad 7s"), parse_card("8h")).runs == 0
        assert peg_points(parse_cards("Qh Kc"), parse_card("Ad")) == 0

    def test_cr_1_4_scores_are_points(self) -> None:
        """``scores`` are the points pegged in the game."""
        state = finish(game().new_game(seed=4))
        assert state.scores == state.pegs
        assert max(state.scores) >= 121


# --------------------------------------------------------------------------- CR-2


class TestCutAndDeal:
    def test_cr_2_1_lowest_cut_deals(self) -> None:
        """The seat with the lowest cut of the last round deals first."""
        for seed in range(30):
            state = game(players=3).new_game(seed=seed)
            last = state.cuts[-1]
            ranks = [cribbage.crib_rank(c) for c in last]
            assert ranks.count(min(ranks)) == 1
            if len(state.cuts) == 1:
                assert state.dealer == ranks.index(min(ranks))

    def test_cr_2_1_equal_cuts_cut_again(self) -> None:
        """Players tied for the lowest cut cut again (some seed shows it)."""
        tied = []
        for seed in range(200):
            state = game().new_game(seed=seed)
            if len(state.cuts) > 1:
                first = [cribbage.crib_rank(c) for c in state.cuts[0]]
                assert first[0] == first[1]
                tied.append(seed)
        assert tied

    def test_cr_2_2_deal_alternates(self) -> None:
        """The deal alternates between two players, goes left with three."""
        for players in (2, 3):
            state = game(players=players, deals=4).new_game(seed=5)
            first = state.dealer
            rng = random.Random(1)
            dealers = [state.dealer]
            while not state.is_terminal:
                deal = state.deal
                state = state.apply(rng.choice(state.legal_moves()))
                if state.deal != deal and not state.is_terminal:
                    dealers.append(state.dealer)
            assert dealers == [(first + k) % players for k in range(4)]

    def test_cr_2_3_loser_deals_next_game(self) -> None:
        """In a match the loser of a game deals the first hand of the next."""
        state = game(games=2).new_game(seed=6)
        rng = random.Random(2)
        while state.game == 0:
            before = state
            state = state.apply(rng.choice(state.legal_moves()))
        loser = min(range(2), key=lambda i: before.pegs[i] if i != state_winner(state) else 999)
        assert state.dealer == loser
        assert state.pegs == (0, 0)

    def test_cr_2_4_six_cards_each(self) -> None:
        """Two players get six cards each; three or four get five, and with
        three one card starts the crib."""
        state = game().new_game(seed=1)
        assert [len(h) for h in state.hands] == [6, 6]
        assert state.crib == ()
        state3 = game(players=3).new_game(seed=1)
        assert [len(h) for h in state3.hands] == [5, 5, 5]
        assert len(state3.crib) == 1
        assert state3.crib_from == (-1,)
        state4 = game(players=4).new_game(seed=1)
        assert [len(h) for h in state4.hands] == [5, 5, 5, 5]
        assert state4.crib == ()


def state_winner(state: State) -> int:
    return max(range(2), key=lambda i: state.game_points[i])


# --------------------------------------------------------------------------- CR-3


class TestCrib:
    def test_cr_3_1_crib_hidden_until_counted(self) -> None:
        """Laid-away cards are hidden from the others; each seat sees its own."""
        state = game().new_game(seed=2)
        first = state.turn
        state = state.apply(state.legal_moves()[0])
        other = 1 - first
        assert state.view(other).crib == ()
        assert state.view(other).crib_size == 2
        assert len(state.view(first).laid) == 2
        assert state.view(other).laid == ()

    def test_cr_3_1_four_kept(self) -> None:
        """After laying away every hand holds four and the crib four."""
        for players in (2, 3, 4):
            state = game(players=players).new_game(seed=3)
            while state.phase is Phase.CRIB:
                state = state.apply(state.legal_moves()[-1])
            assert all(len(h) == 4 for h in state.hands)
            assert len(state.crib) == 4

    def test_cr_3_2_one_move_per_player(self) -> None:
        """Fifteen ways to lay away two of six, five ways one of five."""
        state = game().new_game(seed=2)
        assert len(state.legal_moves()) == 15
        assert all(isinstance(m, LayAway) for m in state.legal_moves())
        assert len(game(players=3).new_game(seed=2).legal_moves()) == 5

    def test_cr_3_2_wrong_number_refused(self) -> None:
        """Laying away one card of six, or a card not held, is refused."""
        state = game().new_game(seed=2)
        hand = state.hands[state.turn]
        with pytest.raises(IllegalMoveError, match=r"CR-3.2"):
            state.apply(LayAway(hand[:1]))
        foreign = next(c for c in DECK if c not in hand)
        with pytest.raises(IllegalMoveError, match=r"CR-3.2"):
            state.apply(LayAway((hand[0], foreign)))


# --------------------------------------------------------------------------- CR-4


class TestStarter:
    def test_cr_4_1_starter_after_crib(self) -> None:
        """The starter is turned from the pack once the crib is complete."""
        state = game().new_game(seed=8)
        top = state.stock[-1]
        state = state.apply(state.legal_moves()[0])
        assert state.starter is None
        state = state.apply(state.legal_moves()[0])
        assert state.starter == top
        assert state.phase is Phase.PLAY
        assert state.view(0).starter == top

    def test_cr_4_2_his_heels(self) -> None:
        """A jack turned up scores 2 for the dealer at once."""
        state = position(
            ["2c 3c 4c 5c 6c 7c", "2d 3d 4d 5d 6d 7d"],
            phase=Phase.CRIB,
            turn=1,
            dealer=0,
            stock_top="Jh",
            played=["", ""],
        )
        state = state.apply(LayAway(parse_cards("2d 3d")))
        state = state.apply(LayAway(parse_cards("2c 3c")))
        assert state.starter == parse_card("Jh")
        assert state.pegs == (2, 0)

    def test_cr_4_2_heels_can_win(self) -> None:
        """His heels end the game when they reach the target."""
        state = position(
            ["2c 3c 4c 5c 6c 7c", "2d 3d 4d 5d 6d 7d"],
            phase=Phase.CRIB,
            stock_top="Jh",
            played=["", ""],
        )
        state = attrs.evolve(state, pegs=(120, 40))
        state = state.apply(LayAway(parse_cards("2d 3d")))
        state = state.apply(LayAway(parse_cards("2c 3c")))
        assert state.is_terminal
        assert state.pegs == (122, 40)

    def test_cr_4_3_starter_in_every_count(self) -> None:
        """Each counted hand and the crib include the starter."""
        state = finish(game(deals=1).new_game(seed=9))
        result = state.last_deal
        assert result is not None
        assert result.starter is not None
        for seat, hand in enumerate(result.hands):
            assert result.points[seat] == score_hand(hand, result.starter).total
        assert result.crib_points == score_hand(result.crib, result.starter, crib=True).total


# --------------------------------------------------------------------------- CR-5


class TestPlay:
    def test_cr_5_1_non_dealer_leads(self) -> None:
        """The player after the dealer plays first."""
        for players in (2, 3, 4):
            state = game(players=players).new_game(seed=4)
            while state.phase is Phase.CRIB:
                state = state.apply(state.legal_moves()[0])
            assert state.turn == (state.dealer + 1) % players

    def test_cr_5_1_moves_found_in_the_play_are_the_generated_ones(self) -> None:
        """The legal moves a play or the cut hands on to the next state (a
        shortcut of the hot path) are exactly those the rules generate."""
        for players in (2, 3, 4):
            rng = random.Random(players)
            state = game(players=players).new_game(seed=11)
            while not state.is_terminal:
                moves = state.legal_moves()
                assert moves == state._generate_moves()
                assert state.turn == state.current_player
                state = state.apply(rng.choice(moves))

    def test_cr_5_2_count_never_past_31(self) -> None:
        """A card that would pass 31 is refused, and peg_points refuses it."""
        state = position(
            ["Kc 5d", "Qh 2c"], played=["Ks 5s", "Kd"], series="Ks Kd 5s", starter="2h", turn=1
        )
        assert [str(m) for m in state.legal_moves()] == ["play 2c"]
        with pytest.raises(IllegalMoveError, match=r"CR-5.2"):
            state.apply(Play(parse_card("Qh")))
        with pytest.raises(InvalidCardError, match=r"CR-5.2"):
            peg_points(parse_cards("Ks Kd 5s"), parse_card("Qh"))

    def test_cr_5_3_go_and_play_on(self) -> None:
        """After a go the other plays on what he can, then pegs 1 for the go."""
        # count 25 after seat 1 plays; seat 0 holds only tens: go; seat 1 plays 3 and 2
        state = position(
            ["Kc Qd", "3c 2d 9h"],
            played=["Kh 5c", "Ks"],
            series="Kh Ks 5c",
            starter="Ah",
            turn=1,
        )
        state = play(state, "3c")  # 28: seat 0 cannot play
        assert state.turn == 1
        assert state.passed == (True, False)
        before = state.pegs
        state = play(state, "2d")  # 30; seat 1 cannot go on: go for 1
        assert state.pegs == (before[0], before[1] + 1)
        assert state.count == 0
        assert state.turn == 0  # the player who called go leads

    def test_cr_5_3_thirty_one_pegs_two_not_three(self) -> None:
        """Reaching 31 exactly pegs 2, with no extra point for the go."""
        state = position(
            ["Kc Qd", "Ac 2d 9h"],
            played=["Kh 5c", "Ks"],
            series="Kh Ks 5c",
            starter="3h",
            turn=1,
        )
        state = play(state, "Ac")  # 26: seat 0 goes, seat 1 plays on
        before = state.pegs[1]
        state = play(state, "2d")  # 28... no 31 yet
        assert state.pegs[1] == before + 1
        state2 = position(
            ["Kc Qd", "6c 2d 9h"],
            played=["Kh 5c", "Ks"],
            series="Kh Ks 5c",
            starter="3h",
            turn=1,
        )
        state2 = play(state2, "6c")  # 31
        assert state2.pegs == (0, 2)
        assert state2.count == 0
        assert state2.turn == 0

    def test_cr_5_3_go_goes_round_with_three(self) -> None:
        """With three players the go goes round; the last to play scores it
        and the next player with cards leads."""
        state = position(
            ["Kc", "Qd", "5h 9c"],
            played=["Kh", "Ks", ""],
            series="Kh Ks",
            crib="2c 2d 2h 2s",
            starter="3h",
            turn=2,
            dealer=1,
            players=3,
        )
        state = play(state, "5h")  # 25: seats 0 and 1 hold tens, seat 2 a nine
        assert state.pegs == (0, 0, 1)
        assert state.count == 0
        assert state.turn == 0

    def test_cr_5_4_fifteen(self) -> None:
        """A card making 15 pegs 2."""
        assert peg_points(parse_cards("9h"), parse_card("6c")) == 2
        assert peg_points(parse_cards("Kh"), parse_card("5c")) == 2

    def test_cr_5_5_pairs(self) -> None:
        """Pair 2, triplet 6, four 12; a jack does not pair a queen."""
        assert peg_points(parse_cards("4h"), parse_card("4c")) == 2
        assert peg_points(parse_cards("4h 4c"), parse_card("4d")) == 6
        assert peg_points(parse_cards("4h 4c 4d"), parse_card("4s")) == 12
        assert peg_points(parse_cards("Jh"), parse_card("Qc")) == 0
        assert peg_points(parse_cards("4h 4c 9d"), parse_card("4s")) == 0

    def test_cr_5_6_runs_in_any_order_without_foreign_card(self) -> None:
        """The text's 8-7-7-6 and 9-6-8-7 examples; 9-10-Q is no run."""
        assert peg_points(parse_cards("8h"), parse_card("7c")) == 2  # fifteen
        assert peg_points(parse_cards("8h 7c"), parse_card("7d")) == 2  # pair
        assert peg_points(parse_cards("8h 7c 7d"), parse_card("6s")) == 0
        assert peg_points(parse_cards("9h"), parse_card("6c")) == 2
        assert peg_points(parse_cards("9h 6c"), parse_card("8d")) == 0
        assert peg_points(parse_cards("9h 6c 8d"), parse_card("7s")) == 4
        assert peg_points(parse_cards("9h Tc"), parse_card("Jd")) == 3
        assert peg_points(parse_cards("9h Tc"), parse_card("Qd")) == 0
        assert peg_points(parse_cards("3h 4c 5d 6s"), parse_card("2s")) == 5

    def test_cr_5_6_the_examples_in_a_game(self) -> None:
        """8, 7, 7, 6 played in a deal: 2 for fifteen, 2 for the pair, no run."""
        state = position(["8h 7d Ac Qc", "7c 6s Kd Qd"], starter="2h", turn=0, dealer=1)
        state = play(state, "8h", "7c")
        assert state.pegs == (0, 2)
        state = play(state, "7d")
        assert state.pegs == (2, 2)
        state = play(state, "6s")
        assert state.pegs == (2, 2)
        state2 = position(["9h 8d Ac Qc", "6c 7s Kd Qd"], starter="2h", turn=0, dealer=1)
        state2 = play(state2, "9h", "6c")
        assert state2.pegs == (0, 2)
        state2 = play(state2, "8d", "7s")
        assert state2.pegs == (0, 6)

    def test_cr_5_7_count_restarts_and_old_cards_do_not_combine(self) -> None:
        """After a go the count is zero and the earlier cards are forgotten."""
        state = position(
            ["Kc 5d", "3c 9h"],
            played=["Kh 5c", "Ks 4h"],
            series="Kh Ks 5c",
            starter="Ah",
            turn=1,
        )
        state = attrs.evolve(state, played=(parse_cards("Kh 5c"), parse_cards("Ks")))
        state = attrs.evolve(state, hands=(parse_cards("Kc 5d"), parse_cards("3c 9h 4h")))
        state.validate()
        state = play(state, "4h")  # 29: seat 0 goes, seat 1 has nothing under 3: go to 1
        assert state.count == 0
        assert state.series == ()
        assert state.turn == 0
        state = play(state, "5d")  # 5 on a fresh count: no pair, no run with old cards
        assert state.count == 5

    def test_cr_5_8_last_card(self) -> None:
        """The last card pegs 1; the dealer always pegs in the play."""
        state = position(["Kc", "2c"], played=["Kh 5c 9d", "Ks 3h 4h"], starter="Ah", turn=0)
        state = play(state, "Kc", "2c")
        result = state.last_deal
        assert result is not None
        assert result.points[1] is not None
        assert state.pegs[1] == 1 + result.points[1]  # the last card, then the show
        for seed in range(30):
            one = finish(game(deals=1).new_game(seed=seed), random.Random(seed))
            deal = one.last_deal
            assert deal is not None
            assert deal.starter is not None
            shown = (deal.points[deal.dealer] or 0) + (deal.crib_points or 0)
            heels = 2 if deal.starter.rank.name == "JACK" else 0
            assert one.pegs[deal.dealer] - shown - heels >= 1

    def test_cr_5_9_no_flush_in_play(self) -> None:
        """Cards of one suit peg nothing for being one suit."""
        assert peg_points(parse_cards("2h 9h Kh"), parse_card("4h")) == 0


# --------------------------------------------------------------------------- CR-6


class TestCounting:
    def test_cr_6_1_order_non_dealer_counts_out_first(self) -> None:
        """The non-dealer counts first and can win before the dealer counts."""
        state = position(
            ["Kc", "5h"],
            played=["5c 5d Jh", "Ks Qs Js"],
            crib="2c 3c 4c 9c",
            starter="5s",
            turn=1,
            dealer=0,
        )
        state = attrs.evolve(state, pegs=(112, 110))
        state = play(state, "5h", "Kc")  # the dealer pegs 2 for fifteen and 1 for last
        assert state.is_terminal
        # 18 for the non-dealer (fifteens 12, pair 2, run 3, nobs 1); the dealer never counts
        assert state.pegs == (115, 128)

    def test_cr_6_1_hand_validation(self) -> None:
        """score_hand refuses wrong sizes, repeats and a starter in the hand."""
        with pytest.raises(InvalidCardError, match="4 cards"):
            score_hand(parse_cards("5h 5d 5c"), parse_card("Js"))
        with pytest.raises(InvalidCardError, match="twice"):
            score_hand(parse_cards("5h 5h 5c 2d"), parse_card("Js"))
        with pytest.raises(InvalidCardError, match="starter"):
            score_hand(parse_cards("5h 5d 5c Js"), parse_card("5h"))
        with pytest.raises(InvalidCardError):
            score_hand("5h 5d 5c Js", parse_card("5s"))  # type: ignore[arg-type]

    def test_cr_6_2_fifteens(self) -> None:
        """Every combination totalling 15 counts 2."""
        assert score_hand(parse_cards("Kh 5c 2d 3s"), parse_card("9h")).fifteens == 4

    def test_cr_6_3_pairs(self) -> None:
        """Each pair counts 2."""
        assert score_hand(parse_cards("9h 9c 2d 2s"), parse_card("Kh")).pairs == 4

    def test_cr_6_4_runs_every_combination(self) -> None:
        """Double and triple runs count each run."""
        assert score_hand(parse_cards("Ah Ac 2d 3s"), parse_card("3h")).runs == 12

    def test_cr_6_5_flush(self) -> None:
        """Four in the hand 4, five 5; the crib only with five."""
        hand = parse_cards("2h 4h 6h 8h")
        assert score_hand(hand, parse_card("Kc")).flush == 4
        assert score_hand(hand, parse_card("Kh")).flush == 5
        assert score_hand(hand, parse_card("Kc"), crib=True).flush == 0
        assert score_hand(hand, parse_card("Kh"), crib=True).flush == 5
        assert score_hand(parse_cards("2h 4h 6h 8c"), parse_card("Kh")).flush == 0

    def test_cr_6_6_his_nobs(self) -> None:
        """The jack of the starter's suit counts 1; a jack starter does not."""
        assert score_hand(parse_cards("Jh 2c 4d 8s"), parse_card("Kh")).nobs == 1
        assert score_hand(parse_cards("Jc 2c 4d 8s"), parse_card("Kh")).nobs == 0
        assert score_hand(parse_cards("Kh 2c 4d 8s"), parse_card("Jh")).nobs == 0

    def test_cr_6_7_worked_example_16(self) -> None:
        """8-7-7-6 with a 2: fifteens 8, pair 2, runs 6, total 16."""
        score = score_hand(parse_cards("8h 7c 7d 6s"), parse_card("2h"))
        assert (score.fifteens, score.pairs, score.runs, score.total) == (8, 2, 6, 16)

    @pytest.mark.parametrize(
        ("cards", "points"),
        [
            ("9h 9c 9d Ks", 6),  # A. a triplet
            ("9h 9c 9d 9s", 12),  # B. four of a kind
            ("9h 9c Td Js", 8),  # C. double run of three
            ("8h 9c 9d Ts", 8),
        ],
    )
    def test_cr_6_8_shortcuts(self, cards: str, points: int) -> None:
        """The pairs-and-runs shortcuts A to C (with a starter that adds none)."""
        score = score_hand(parse_cards(cards), parse_card("2d"))
        assert score.pairs + score.runs == points

    def test_cr_6_8_more_shortcuts(self) -> None:
        """D: run of four with a pair 10; E: triple run 15; F: two pairs 16."""
        d = score_hand(parse_cards("8h 9c 9d Ts"), parse_card("Jd"))
        assert d.pairs + d.runs == 10
        e = score_hand(parse_cards("8h 8c 8d 9s"), parse_card("Td"))
        assert e.pairs + e.runs == 15
        f = score_hand(parse_cards("8h 8c 9d 9s"), parse_card("Td"))
        assert f.pairs + f.runs == 16

    def test_cr_6_9_twenty_nine(self) -> None:
        """Three fives and the jack, the fourth five of the jack's suit: 29."""
        score = score_hand(parse_cards("5h 5d 5c Js"), parse_card("5s"))
        assert (score.pairs, score.fifteens, score.nobs, score.total) == (12, 16, 1, 29)
        assert score_hand(parse_cards("5c 5h 5d Jc"), parse_card("5s")).total == 28  # no nobs
        assert score_hand(parse_cards("5h 5d 5s 5c"), parse_card("Js")).total == 28

    def test_cr_6_9_published_distribution(self) -> None:
        """The exact distribution over all 12,994,800 pairs, as published."""
        dist = score_distribution()
        published = {
            0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508,
            6: 1800268, 7: 751324, 8: 1137236, 9: 361224, 10: 388740, 11: 51680,
            12: 317340, 13: 19656, 14: 90100, 15: 9168, 16: 58248, 17: 11196,
            18: 2708, 20: 8068, 21: 2496, 22: 444, 23: 356, 24: 3680, 28: 76, 29: 4,
        }  # fmt: skip
        assert dist == published
        assert sum(dist.values()) == 12_994_800
        mean = Fraction(sum(k * v for k, v in dist.items()), 12_994_800)
        assert round(float(mean), 6) == 4.769152
        for score in (19, 25, 26, 27):
            assert score not in dist

    def test_cr_6_9_crib_distribution(self) -> None:
        """Counted as cribs, 1,022,208 pairs score 0 (published); only the
        four-card flushes differ from the hand distribution."""
        crib = score_distribution(crib=True)
        assert crib[0] == 1_022_208
        assert sum(crib.values()) == 12_994_800
        # a four-card flush in the hand whose starter is off-suit: C(13,4)*4 hands x 39 starters
        hand = score_distribution()
        lost = sum(k * v for k, v in hand.items()) - sum(k * v for k, v in crib.items())
        assert lost == 4 * 4 * 715 * 39

    @settings(max_examples=300, deadline=None)
    @given(st.permutations(DECK), st.booleans())
    def test_cr_6_score_hand_matches_naive_count(self, cards: list[Card], crib: bool) -> None:
        """score_hand agrees with a brute-force count of the rules text."""
        hand, starter = cards[:4], cards[4]
        assert score_hand(hand, starter, crib=crib).total == naive_score(hand, starter, crib)

    def test_cr_6_rich_hands_match_naive_count(self) -> None:
        """Hands with many pairs and runs agree with the naive count too."""
        rng = random.Random(5)
        low = [c for c in DECK if cribbage.crib_rank(c) <= 6]
        for _ in range(2000):
            cards = rng.sample(low, 5)
            assert hand_points(cards[:4], cards[4]) == naive_score(cards[:4], cards[4])


# --------------------------------------------------------------------------- CR-7


def before_show(state: State) -> bool:
    """Whether the play (its claims and muggins included, CR-7.4) is still going on."""
    return state.phase in (Phase.CRIB, Phase.PLAY, Phase.PEG) or state.pending is not None


def to_show(**options: Any) -> State:
    state = game(deals=1, **options).new_game(seed=11)
    while before_show(state):
        state = state.apply(state.legal_moves()[0])
    return state


class TestMuggins:
    def test_cr_7_1_claims_up_to_true_count(self) -> None:
        """The counter may claim 0 to the true count; more is refused."""
        state = to_show(muggins=True)
        assert state.phase is Phase.COUNT
        true = state.true_count()
        assert state.legal_moves() == tuple(Count(k) for k in range(true + 1))
        with pytest.raises(IllegalMoveError, match=r"CR-7.1"):
            state.apply(Count(true + 1))

    def test_cr_7_2_muggins_takes_overlooked_points(self) -> None:
        """An undercount lets the opponent take the difference, or pass."""
        rng = random.Random(0)
        for seed in range(40):
            state = game(deals=1, muggins=True).new_game(seed=seed)
            while before_show(state):
                state = state.apply(rng.choice(state.legal_moves()))
            if state.phase is not Phase.COUNT or state.true_count() < 2:
                continue
            counter = state.turn
            true = state.true_count()
            before = state.pegs
            after = state.apply(Count(true - 2))
            assert after.phase is Phase.MUGGINS
            assert after.turn == 1 - counter
            assert set(after.legal_moves()) == {Muggins(), Pass()}
            taken = after.apply(Muggins())
            assert taken.pegs[counter] == before[counter] + true - 2
            assert taken.pegs[1 - counter] == before[1 - counter] + 2
            passed = after.apply(Pass())
            assert passed.pegs[1 - counter] == before[1 - counter]
            return
        pytest.fail("no seed reached a count of 2 or more")

    def test_cr_7_2_partner_never_asked(self) -> None:
        """With partners only opponents may call muggins."""
        rng = random.Random(4)
        for seed in range(40):
            state = game(players=4, deals=1, muggins=True).new_game(seed=seed)
            while before_show(state):
                state = state.apply(rng.choice(state.legal_moves()))
            if state.phase is not Phase.COUNT or state.true_count() < 1:
                continue
            counter = state.turn
            after = state.apply(Count(0))
            assert after.turn % 2 != counter % 2
            after = after.apply(Pass())
            assert after.phase is Phase.COUNT or after.turn % 2 != counter % 2
            return
        pytest.fail("no seed reached a count")

    def test_cr_7_4_claims_in_the_play_worked_by_hand(self) -> None:
        """CR-7.4, worked by hand. Dealer seat 0 holds 7h 8s 8h 4c, seat 1 7c 8d 5h 2s.
        7c (7, nothing); 8s (15: fifteen 2) claimed 1, seat 1 calls muggins for 1;
        8d (23: pair 2) claimed in full; 8h (31: pair royal 6 + 31 2 = 8) claimed 6,
        seat 1 mugs the 2; new series 5h (5), 7h (12), 2s (14), 4c (18, no run:
        5-7-2-4; the last card 1) claimed 0 and let go. Seat 0 pegs 1 + 6 = 7 of
        its 11, seat 1 pegs 2 + 1 + 2 = 5: one point of the 13 is lost."""
        state = position(["7h 8s 8h 4c", "7c 8d 5h 2s"], starter="Kd", muggins=True)
        state = play(state, "7c")
        assert (state.phase, state.turn, state.pending) == (Phase.PLAY, 0, None)
        state = play(state, "8s")
        assert state.phase is Phase.PEG
        assert state.pending == cribbage.PegClaim(seat=0, points=2, turn=1, phase=Phase.PLAY)
        assert state.legal_moves() == (Count(0), Count(1), Count(2))
        state = state.apply(Count(1))
        assert (state.phase, state.turn, state.claim) == (Phase.MUGGINS, 1, 1)
        assert set(state.legal_moves()) == {Muggins(), Pass()}
        state = state.apply(Muggins())
        assert (state.pegs, state.phase, state.turn, state.pending) == ((1, 1), Phase.PLAY, 1, None)
        state = play(state, "8d")
        assert state.pending is not None
        assert state.pending.points == 2
        state = state.apply(Count(2))  # in full: nobody is asked
        assert (state.pegs, state.phase, state.turn) == ((1, 3), Phase.PLAY, 0)
        state = play(state, "8h")
        assert state.pending == cribbage.PegClaim(seat=0, points=8, turn=1, phase=Phase.PLAY)
        assert state.count == 0  # 31: the count restarts, seat 1 leads (CR-5.7)
        state = state.apply(Count(6)).apply(Muggins())
        assert state.pegs == (7, 5)
        state = play(state, "5h", "7h", "2s")
        assert (state.pegs, state.phase) == ((7, 5), Phase.PLAY)
        state = play(state, "4c")
        assert state.pending == cribbage.PegClaim(seat=0, points=1, turn=1, phase=Phase.COUNT)
        state = state.apply(Count(0)).apply(Pass())
        assert (state.pegs, state.phase, state.turn) == ((7, 5), Phase.COUNT, 1)
        assert state.counted == (None, None, None)

    def test_cr_7_4_the_same_play_without_muggins(self) -> None:
        """CR-7.3: the same cards pegged automatically: seat 0 2 + 8 = 10 before the
        last card (which pegs 1 more, then the hands are counted), seat 1 2."""
        state = position(["7h 8s 8h 4c", "7c 8d 5h 2s"], starter="Kd")
        state = play(state, "7c", "8s", "8d", "8h", "5h", "7h", "2s")
        assert state.pegs == (10, 2)
        assert not any(isinstance(m, Count) for m in state.history)

    def test_cr_7_4_the_go_is_claimed_with_its_card(self) -> None:
        """CR-7.4 with CR-5.3: seat 1 Kc 9d, seat 0 Qh Jd 5c. Kc (10), Qh (20), 9d (29):
        seat 0 cannot play and seat 1 has no card, so 9d earns the go: 1 to claim,
        then seat 0 leads. Jd (10), 5c (15: fifteen 2, and the last card 1): 3."""
        state = position(["Qh Jd 5c", "Kc 9d"], starter="2h", muggins=True)
        state = play(state, "Kc", "Qh", "9d")
        assert state.pending == cribbage.PegClaim(seat=1, points=1, turn=0, phase=Phase.PLAY)
        assert (state.count, state.series) == (0, ())
        state = state.apply(Count(1))
        assert (state.pegs, state.turn) == ((0, 1), 0)
        state = play(state, "Jd")
        assert state.pending is None
        state = play(state, "5c")
        assert state.pending == cribbage.PegClaim(seat=0, points=3, turn=1, phase=Phase.COUNT)
        with pytest.raises(IllegalMoveError, match=r"CR-7\.4"):
            state.apply(Count(4))
        state = state.apply(Count(3))
        assert (state.pegs, state.phase) == ((3, 1), Phase.COUNT)

    def test_cr_7_4_claim_or_muggins_reaching_the_target_ends_the_game(self) -> None:
        """CR-7.4 with CR-8.2: at 119 to 120, 7c then 8s (fifteen 2). Claimed in full,
        seat 0 reaches 121 and wins; claimed 1 (120), seat 1 mugs 1 and wins."""
        state = position(["8s 4c", "7c 2s"], starter="Kd", muggins=True, deals=1)
        state = attrs.evolve(state, pegs=(119, 120))
        state.validate()
        state = play(state, "7c", "8s")
        won = state.apply(Count(2))
        assert won.is_terminal
        assert won.pegs == (121, 120)
        assert won.game_points == (1, 0)
        mugged = state.apply(Count(1)).apply(Muggins())
        assert mugged.is_terminal
        assert mugged.pegs == (120, 121)
        assert mugged.game_points == (0, 1)

    def test_cr_7_4_partners_claims_asked_of_opponents_only(self) -> None:
        """CR-7.4 with CR-7.2, four players: seat 1 leads 7c, seat 2 plays 8d (15) and
        claims 0; the opponents are asked from the claimant's left, seat 3 then seat 1
        (never the partner, seat 0); muggins by seat 1 pegs 2 for seats 1 and 3."""
        hands = ["Kh 2c 3c 4c 5c", "7c 9h", "8d 9d", "Qc 9s"]
        state = position(hands, starter="Ad", muggins=True, players=4)
        state = play(state, "7c", "8d")
        assert state.pending == cribbage.PegClaim(seat=2, points=2, turn=3, phase=Phase.PLAY)
        state = state.apply(Count(0))
        assert (state.phase, state.turn) == (Phase.MUGGINS, 3)
        passed = state.apply(Pass())
        assert (passed.phase, passed.turn) == (Phase.MUGGINS, 1)
        both = passed.apply(Pass())
        assert (both.phase, both.turn, both.pegs) == (Phase.PLAY, 3, (0, 0, 0, 0))
        mugged = passed.apply(Muggins())
        assert (mugged.turn, mugged.pegs) == (3, (0, 2, 0, 2))

    def test_cr_7_5_his_heels_stays_automatic(self) -> None:
        """CR-7.5: a jack turned up pegs 2 for the dealer with muggins on, no claim."""
        for seed in range(200):
            state = game(muggins=True, deals=1).new_game(seed=seed)
            while state.phase is Phase.CRIB:
                state = state.apply(state.legal_moves()[0])
            if state.starter is not None and state.starter.rank == 11:
                assert state.phase is Phase.PLAY
                assert state.pending is None
                assert state.pegs[state.dealer] == 2
                return
        pytest.fail("no jack was turned up")

    def test_cr_7_4_views_saves_and_samples_in_a_claim(self) -> None:
        """CR-7.4: the pending claim is public, survives JSON and replay, and a state
        sampled from a view lets the next player play."""
        g = game(muggins=True, players=3)
        rng = random.Random(2)
        state = g.new_game(seed=5)
        seen = 0
        while not state.is_terminal and seen < 30:
            if state.pending is not None:
                seen += 1
                for seat in range(3):
                    assert state.view(seat).pending == state.pending
                    sampled = g.sample_state(state.view(seat), rng)
                    assert sampled.view(seat) == state.view(seat)
                    settled = sampled.apply(sampled.legal_moves()[-1])
                    settled.validate()
                assert g.state_from_json(state.to_json()) == state
                assert f"scored {state.pending.points} to claim" in render(state.view(0))
            state = state.apply(rng.choice(state.legal_moves()))
        assert seen == 30
        assert g.replay(5, state.history) == state

    def test_cr_7_3_automatic_count_without_muggins(self) -> None:
        """Without muggins the show needs no moves."""
        state = to_show()
        assert state.phase in (Phase.CRIB, Phase.OVER)
        assert not any(isinstance(m, Count) for m in state.history)


# --------------------------------------------------------------------------- CR-8


class TestGame:
    def test_cr_8_1_target(self) -> None:
        """Games end at 121, or 61 as an option."""
        state = finish(game().new_game(seed=12))
        assert max(state.pegs) >= 121
        short = finish(game(target=61).new_game(seed=12))
        assert 61 <= max(short.pegs) < 121
        with pytest.raises(OptionError):
            game(target=100)

    def test_cr_8_2_ends_in_the_play(self) -> None:
        """Reaching the target by pegging ends the game at once."""
        state = position(["9c 2c 3c", "6c 2d 3d"], starter="Ah", turn=0, dealer=1)
        state = attrs.evolve(state, pegs=(100, 119))
        state = play(state, "9c", "6c")  # fifteen: 121
        assert state.is_terminal
        assert state.pegs == (100, 121)
        assert state.hands[0]  # cards left unplayed

    def test_cr_8_3_lurch(self) -> None:
        """A loser short of half the target gives the winner two games."""
        state = position(["9c 2c 3c", "6c 2d 3d"], starter="Ah", turn=0, dealer=1, games=3)
        won = play(attrs.evolve(state, pegs=(60, 119)), "9c", "6c")
        assert won.game_points == (0, 2)
        assert won.scores == (0, 2)
        won = play(attrs.evolve(state, pegs=(61, 119)), "9c", "6c")
        assert won.game_points == (0, 1)
        short = position(["9c 2c 3c", "6c 2d 3d"], starter="Ah", turn=0, dealer=1, target=61)
        won = play(attrs.evolve(short, pegs=(30, 59)), "9c", "6c")
        assert won.game_points == (0, 2)

    def test_cr_8_4_skunks(self) -> None:
        """Skunk under 91 two games, double skunk under 61 four."""
        state = position(["9c 2c 3c", "6c 2d 3d"], starter="Ah", turn=0, dealer=1, skunks=True)
        for loser, points in ((90, 2), (91, 1), (60, 4), (61, 2)):
            won = play(attrs.evolve(state, pegs=(loser, 119)), "9c", "6c")
            assert won.game_points == (0, points)
        with pytest.raises(OptionError, match=r"CR-8.4"):
            game(skunks=True, target=61)

    def test_cr_8_5_three_players_best_loser(self) -> None:
        """With three the lurch is judged on the loser with most points."""
        state = position(
            ["9c 2c", "6c 2d", "Kd Qd"],
            played=["", "", ""],
            crib="4c 4d 4h 4s",
            starter="Ah",
            turn=0,
            dealer=2,
            players=3,
            target=121,
        )
        won = play(attrs.evolve(state, pegs=(10, 119, 70)), "9c", "6c")
        assert won.game_points == (0, 1, 0)
        won = play(attrs.evolve(state, pegs=(10, 119, 50)), "9c", "6c")
        assert won.game_points == (0, 2, 0)

    def test_cr_8_6_match_and_deals(self) -> None:
        """games=N plays N games; deals=1 is one deal."""
        state = finish(game(games=3).new_game(seed=3))
        assert state.game == 2
        assert sum(state.game_points) >= 3
        assert state.scores == state.game_points
        one = finish(game(deals=1).new_game(seed=3))
        assert one.deal == 0
        assert one.last_deal is not None


# --------------------------------------------------------------------------- functions


class TestBestDiscard:
    def test_cr_3_1_best_discard_exact_hand_value(self) -> None:
        """The hand value is the exact average over the 46 unseen starters."""
        six = parse_cards("5h 5d 5c Js 9c 2d")
        ranked = best_discard(six, dealer=True)
        assert len(ranked) == 15
        best = ranked[0]
        unseen = [c for c in DECK if c not in six]
        expect = Fraction(sum(naive_score(best.keep, s) for s in unseen), 46)
        assert best.hand == pytest.approx(float(expect))
        assert [str(c) for c in best.lay] == ["2d", "9c"]
        assert ranked == tuple(sorted(ranked, key=lambda d: -d.value))

    def test_cr_3_1_crib_value_exact(self) -> None:
        """The crib value equals a brute-force average over every completion."""
        six = parse_cards("5h 6d 7c Js 9c 2d")
        lay = parse_cards("Js 5h")
        unseen = [c for c in DECK if c not in six]
        total = 0
        ways = 0
        for pair in itertools.combinations(unseen, 2):
            for s in unseen:
                if s in pair:
                    continue
                total += hand_points((*lay, *pair), s, True)
                ways += 1
        assert ways == 1035 * 44
        assert crib_value(lay, unseen) == Fraction(total, ways)

    def test_cr_3_1_crib_sign_and_five_cards(self) -> None:
        """The crib adds for the dealer, subtracts otherwise; five cards lay one."""
        six = parse_cards("5h 6d 7c Js 9c 2d")
        mine = {d.lay: d for d in best_discard(six, dealer=True)}
        theirs = {d.lay: d for d in best_discard(six, dealer=False)}
        for lay, d in mine.items():
            assert d.crib == pytest.approx(-theirs[lay].crib)
        assert len(best_discard(six[:5], dealer=True)) == 5
        with pytest.raises(InvalidCardError):
            best_discard(six[:4], dealer=True)


# --------------------------------------------------------------------------- protocol


class TestProtocol:
    @pytest.mark.parametrize(
        "options",
        [{}, {"players": 3}, {"players": 4}, {"muggins": True}, {"target": 61, "games": 2}],
    )
    def test_cr_8_6_conformance(self, options: dict[str, Any]) -> None:
        """Every variant passes the conformance kit and ends."""
        report = check_game(game(**options), playouts=2, deep_every=15)
        assert report.terminal == 2

    @pytest.mark.parametrize(
        "options",
        [
            {"muggins": True, "players": 3},
            {"muggins": True, "players": 4, "go_stops": True},
            {"muggins": True, "target": 61, "games": 2},
        ],
    )
    def test_cr_7_4_conformance_with_claims_in_the_play(self, options: dict[str, Any]) -> None:
        """CR-7.4: the kit passes with the play claimed, and claims happen in it."""
        report = check_game(game(**options), playouts=2, deep_every=15)
        assert report.terminal == 2
        state = finish(game(**options).new_game(seed=3))
        assert any(isinstance(m, Count) for m in state.history)

    def test_cr_5_notation_round_trip(self) -> None:
        """Moves print and parse back."""
        g = game(muggins=True)
        for text in ("crib 5h,Kc", "play 7d", "count 12", "muggins", "pass"):
            move = g.parse_move(None, text)
            assert str(move) == text

    def test_cr_3_1_resample_keeps_the_view(self) -> None:
        """Resampling keeps what the seat sees, in every phase."""
        rng = random.Random(1)
        state = game().new_game(seed=21)
        while not state.is_terminal:
            for seat in (0, 1):
                other = state.resample(seat, random.Random(rng.random()))
                assert other.view(seat) == state.view(seat)
                other.validate()
            state = state.apply(rng.choice(state.legal_moves()))

    def test_cr_5_3_resample_respects_go(self) -> None:
        """A seat that said go with 3 pips left holds no card of 3 or fewer."""
        state = position(
            ["Kc Qd", "3c 2d 9h"],
            played=["Kh 5c", "Ks"],
            series="Kh Ks 5c",
            starter="Ah",
            turn=1,
        )
        state = play(state, "3c")
        assert state.low[0] == 4
        for k in range(50):
            other = state.resample(1, random.Random(k))
            assert all(cribbage.card_value(c) >= 4 for c in other.hands[0])

    def test_cr_8_json_and_replay(self) -> None:
        """A state survives JSON and replay."""
        g = game(players=3, muggins=True)
        state = finish(g.new_game(seed=2))
        assert g.state_from_json(state.to_json()) == state
        assert g.replay(2, state.history) == state
        json.loads(state.to_json())

    def test_cr_8_greedy_beats_random(self) -> None:
        """The greedy bot wins most games against random play."""
        g = game(target=61)
        wins = 0
        for seed in range(12):
            rng = random.Random(seed)
            state = g.new_game(seed=seed)
            while not state.is_terminal:
                if state.turn == 0:
                    move = g.greedy_move(state, rng)
                else:
                    move = rng.choice(state.legal_moves())
                state = state.apply(move)
            wins += state.pegs[0] > state.pegs[1]
        assert wins >= 9

    def test_cr_3_1_render(self) -> None:
        """render shows the seat's hand and not the other's."""
        state = game().new_game(seed=3)
        text = render(state.view(0))
        assert "your hand" in text
        assert str(state.hands[1][0]) not in text.split("your hand")[1].splitlines()[0]


# --------------------------------------------------------------------------- properties


def naive_pegs(series: Sequence[Card], card: Card) -> int:
    """An independent count of the play's points for ``card`` (CR-5.3 to CR-5.6)."""
    cards = [*series, card]

    def rank(c: Card) -> int:
        return 1 if c.rank.name == "ACE" else int(c.rank)

    total = sum(min(rank(c), 10) for c in cards)
    points = 2 if total in (15, 31) else 0
    same = 1
    while same < len(cards) and cards[-1 - same].rank == card.rank:
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for size in range(len(cards), 2, -1):
        tail = sorted(rank(c) for c in cards[-size:])
        if tail == list(range(tail[0], tail[0] + size)):
            points += size
            break
    return points


class TestProperties:
    @settings(max_examples=300, deadline=None)
    @given(st.permutations(DECK), st.integers(min_value=1, max_value=12))
    def test_cr_5_peg_points_match_naive_count(self, cards: list[Card], length: int) -> None:
        """peg_points agrees with an independent count on any legal series."""
        low = sorted(cards[:16], key=lambda c: cribbage.card_value(c))
        series: list[Card] = []
        for card in low:
            if len(series) >= length:
                break
            if sum(map(cribbage.card_value, series)) + cribbage.card_value(card) > 31:
                break
            assert peg_points(series, card) == naive_pegs(series, card)
            series.append(card)

    @pytest.mark.parametrize("players", [3, 4])
    def test_cr_3_1_greedy_lays_one_of_five(self, players: int) -> None:
        """The greedy bot plays whole deals with three and four players."""
        g = game(players=players, deals=2)
        rng = random.Random(players)
        state = g.new_game(seed=players)
        while not state.is_terminal:
            state = state.apply(g.greedy_move(state, rng))
        assert state.last_deal is not None
        assert len(state.last_deal.crib) == 4

    def test_cr_3_1_uncounted_crib_never_shown(self) -> None:
        """A game won in the play does not show the crib in the deal's result."""
        state = position(["9c 2c 3c", "6c 2d 3d"], starter="Ah", turn=0, dealer=1)
        state = attrs.evolve(state, pegs=(100, 119))
        state = play(state, "9c", "6c")
        assert state.is_terminal
        assert state.last_deal is not None
        assert state.last_deal.crib == ()
        assert state.last_deal.crib_points is None

    @pytest.mark.parametrize("laid", [1, 2, 3])
    def test_cr_3_1_crib_value_any_unseen_set(self, laid: int) -> None:
        """The crib value's formula equals brute force for one, two or three
        cards laid and any set of unseen cards (jacks and suits included)."""
        rng = random.Random(laid)
        for _ in range(3):
            cards = rng.sample(DECK, 18 + laid)
            lay, unseen = tuple(cards[:laid]), cards[laid:]
            m = 4 - laid
            total = 0
            ways = 0
            for rest in itertools.combinations(unseen, m):
                for s in unseen:
                    if s not in rest:
                        total += naive_score((*lay, *rest), s, True)
                        ways += 1
            assert crib_value(lay, unseen) == Fraction(total, ways)


class TestVariants:
    """Issue 28: the go rule, the three-player game to 61, the four-player cut,
    the double skunk of three games, and what transcripts and the terminal show."""

    def _three(self, **options: Any) -> State:
        return position(
            ["Kc", "Qd", "5h 6c"],
            played=["Kh", "Ks", ""],
            series="Kh Ks",
            crib="2c 2d 2h 2s",
            starter="3h",
            turn=2,
            dealer=1,
            players=3,
            **options,
        )

    def test_cr_5_3_last_player_plays_on_by_default(self) -> None:
        """CR-5.3: by default (Britannica, 9th ed.) play goes on round while anyone can
        play: after both others say go, the player of the last card plays on to 31."""
        state = play(self._three(), "5h")
        assert (state.count, state.turn, state.pegs) == (25, 2, (0, 0, 0))
        state = play(state, "6c")
        assert state.pegs == (0, 0, 2)

    def test_cr_5_10_go_stops_bicycle(self) -> None:
        """CR-5.10: with go_stops (Bicycle) the player of the last card does not play on
        when the others cannot: he pegs the go and the count restarts."""
        state = play(self._three(go_stops=True), "5h")
        assert (state.count, state.pegs) == (0, (0, 0, 1))
        assert state.turn == 0
        with pytest.raises(OptionError, match=r"CR-5.10"):
            game(go_stops=True)

    def test_cr_5_10_go_stops_next_player_plays_then_third(self) -> None:
        """CR-5.10: after a go the next player who can play must, then the third if able."""
        state = position(
            ["Kc", "3d 4d", "5h"],
            played=["Kh", "Ks", ""],
            series="Kh Ks",
            crib="2c 2d 2h 2s",
            starter="3h",
            turn=2,
            dealer=1,
            players=3,
            go_stops=True,
        )
        state = play(state, "5h")  # 25: seat 0 says go, seat 1 can play
        assert (state.turn, state.count) == (1, 25)
        state = play(state, "3d")  # 28: seat 2 has no cards, seat 0 said go
        assert state.count == 0
        assert state.pegs == (0, 1, 0)

    def test_cr_5_10_last_holder_leads_the_next_series(self) -> None:
        """CR-5.10 with CR-5.7: seat 0 plays 8h to 28 and nobody else holds a card; the
        series ends with 1 for the go, and seat 0, the only one with a card left,
        leads the next series with Ks (it is not left unplayed)."""
        state = position(
            ["8h Ks", "", "", ""],
            played=["", "Kc", "Qd", ""],
            series="Kc Qd",
            starter="Ah",
            turn=0,
            players=4,
            go_stops=True,
        )
        state = play(state, "8h")
        assert (state.phase, state.turn, state.count) == (Phase.PLAY, 0, 0)
        assert state.hands[0] == (parse_card("Ks"),)
        assert state.pegs == (1, 0, 1, 0)

    def test_cr_5_10_protocol_with_go_stops(self) -> None:
        """CR-5.10: the conformance kit with go_stops, three and four players."""
        for players in (3, 4):
            check_game(game(players=players, go_stops=True, deals=2), playouts=2, deep_every=6)

    def test_cr_8_7_three_players_play_to_61(self) -> None:
        """CR-8.7: three players play to 61 by default (Bicycle); target=121 still allowed."""
        assert game(players=3).options.goal == 61
        assert game(players=3, target=121).options.goal == 121
        assert game().options.goal == game(players=4).options.goal == 121
        state = position(
            ["9c 2c", "6c 2d", "Kd Qd"],
            played=["", "", ""],
            crib="4c 4d 4h 4s",
            starter="Ah",
            turn=0,
            dealer=2,
            players=3,
        )
        won = play(attrs.evolve(state, pegs=(10, 59, 40)), "9c", "6c")
        assert won.game_points == (0, 1, 0)  # 61 reached by the fifteen
        won = play(attrs.evolve(state, pegs=(10, 59, 29)), "9c", "6c")
        assert won.game_points == (0, 2, 0)  # lurch: the best loser under 31

    def test_cr_2_5_four_players_highest_cut_deals(self) -> None:
        """CR-2.5: with four players the highest cut deals (Bicycle); ties cut again."""
        for seed in range(30):
            state = game(players=4).new_game(seed=seed)
            ranks = [cribbage.crib_rank(c) for c in state.cuts[-1]]
            assert ranks.count(max(ranks)) == 1
            if len(state.cuts) == 1:
                assert state.dealer == ranks.index(max(ranks))

    def test_cr_8_8_double_skunk_three_games(self) -> None:
        """CR-8.8: with double_skunk_three a double skunk counts three games."""
        state = position(
            ["9c 2c 3c", "6c 2d 3d"],
            starter="Ah",
            turn=0,
            dealer=1,
            skunks=True,
            double_skunk_three=True,
        )
        for loser, points in ((90, 2), (91, 1), (60, 3), (61, 2)):
            won = play(attrs.evolve(state, pegs=(loser, 119)), "9c", "6c")
            assert won.game_points == (0, points)
        with pytest.raises(OptionError, match=r"CR-8.8"):
            game(double_skunk_three=True)

    def test_cr_5_2_transcript_shows_count_goes_and_pegs(self) -> None:
        """CR-5.2, CR-5.3: a played card's transcript line gives the running count, the
        points pegged, the gos said and the point for the go."""
        g = game(players=3, deals=1)
        state = self._three(go_stops=True)
        g = game(**attrs.asdict(state.options))
        move = Play(parse_card("5h"))
        line = g.narrate(state, move, state.apply(move))[0]
        assert line == "seat 2: play 5h; count 25; seat 0 says go; seat 1 says go; 1 for the go"
        state = position(["8h 7d Ac Qc", "7c 6s Kd Qd"], starter="2h", turn=0, dealer=1)
        g = game()
        after = play(state, "8h")
        move = Play(parse_card("7c"))
        assert g.narrate(after, move, after.apply(move))[0] == "seat 1: play 7c; count 15; pegs 2"

    def test_cr_8_2_transcript_never_prints_none(self) -> None:
        """CR-8.2: a hand or crib not counted because the game ended reads so, never None."""
        for seed in range(40):
            g = game(target=61)
            state = g.new_game(seed=seed)
            rng = random.Random(seed)
            lines: list[str] = []
            while not state.is_terminal:
                move = g.greedy_move(state, rng)
                after = state.apply(move)
                lines.extend(g.narrate(state, move, after))
                state = after
            text = "\n".join(lines)
            assert "None" not in text
            if "not counted" in text:
                return
        raise AssertionError("no game ended before a count")  # pragma: no cover

    def test_cr_5_2_terminal_shows_count_and_goes(self) -> None:
        """CR-5.2, CR-5.3: the terminal view shows the running count and who said go."""
        state = play(self._three(), "5h")
        text = cribbage.render(state.view(2))
        assert "running count 25: Kh Ks 5h" in text
        assert "go said by seat 0, 1" in text


class TestFiveCard:
    """CR-9: five-card cribbage, the older two-player game to 61 (option five_card)."""

    def test_cr_9_1_two_players_five_cards_to_61(self) -> None:
        """CR-9.1: two players, five cards each, game 61; not for three or four."""
        state = game(five_card=True).new_game(seed=1)
        assert [len(h) for h in state.hands] == [5, 5]
        assert state.options.goal == 61
        with pytest.raises(OptionError, match=r"CR-9\.1"):
            game(five_card=True, players=3)

    def test_cr_9_2_two_laid_away_three_kept(self) -> None:
        """CR-9.2: each player lays away two of five (ten choices) and keeps three."""
        state = game(five_card=True).new_game(seed=1)
        moves = state.legal_moves()
        assert len(moves) == 10
        assert all(len(m.cards) == 2 for m in moves if isinstance(m, LayAway))
        state = state.apply(moves[0]).apply(state.apply(moves[0]).legal_moves()[0])
        assert len(state.crib) == 4
        assert [len(h) for h in state.hands] == [3, 3]
        best = cribbage.best_discard(parse_cards("5h 5d 5c Js 9c"), dealer=True, keep=3)
        assert len(best) == 10
        assert all(len(d.keep) == 3 for d in best)
        with pytest.raises(InvalidCardError, match=r"CR-9\.2"):
            cribbage.best_discard(parse_cards("5h 5d 5c Js 9c 2d"), dealer=True, keep=3)

    def test_cr_9_3_one_series_then_the_show(self) -> None:
        """CR-9.3: after the go (or 31) the play ends; cards not played are shown and
        counted (Hoyle: such cards as remain are not played)."""
        state = position(["Kc Ad As", "Js Qc 5c"], starter="9s", turn=1, dealer=0, five_card=True)
        before = state.pegs
        state = play(state, "Js", "Kc", "Qc", "Ad")  # 31 for seat 0, the run for seat 1
        result = state.last_deal
        assert result is not None
        assert result.hands == (parse_cards("Kc Ad As"), parse_cards("Js Qc 5c"))
        assert result.points == (2, 5)  # the pair of aces; two fifteens and nobs
        gained = tuple(a - b for a, b in zip(state.pegs, before, strict=True))
        assert gained[1] == 3 + 5  # pegged run, then the hand
        assert gained[0] == 2 + 2 + result.crib_points  # 31, hand, crib

    def test_cr_9_4_three_for_last(self) -> None:
        """CR-9.4: the non-dealer scores 3 at the start of each game."""
        for seed in range(5):
            state = game(five_card=True).new_game(seed=seed)
            expected = [0, 0]
            expected[1 - state.dealer] = 3
            assert list(state.pegs) == expected
        assert game().new_game(seed=1).pegs == (0, 0)

    def test_cr_9_5_three_card_hands(self) -> None:
        """CR-9.5: three cards and the starter; three of a suit flush 3, with the starter 4."""
        assert hand_points(parse_cards("2h 4h 9h"), parse_card("Kc")) == 2 + 3
        assert hand_points(parse_cards("2h 4h 9h"), parse_card("Kh")) == 2 + 4
        assert hand_points(parse_cards("Jh 2c 3d"), parse_card("5h")) == 4 + 1
        assert hand_points(parse_cards("5h 5d 5c"), parse_card("Js")) == 6 + 8
        assert hand_points(parse_cards("6h 7d 8c"), parse_card("8s")) == 2 * 2 + 2 + 3 * 2

    def test_cr_9_protocol(self) -> None:
        """CR-9: the conformance kit with five_card, alone and with muggins, in a match."""
        check_game(game(five_card=True, deals=3), playouts=3, deep_every=4)
        check_game(game(five_card=True, muggins=True, games=2, deals=4), playouts=2)
