"""Quadruple War: each test names the clause of seeds/quadruple_war.md it checks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from cardrules import (
    BIG_JOKER,
    LITTLE_JOKER,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    OptionError,
    Rank,
    Suit,
    games,
    parse_card,
    parse_cards,
)
from cardrules.games import quadruple_war as qw
from cardrules.games.quadruple_war import (
    BLIND_NIL,
    NIL,
    PASS,
    RULES,
    Bid,
    Phase,
    Play,
    add_bags,
    hand_score,
    nil_score,
    side_score,
)
from cardrules.testing import check_game
from cardrules.tricks import is_trump, winning_index

# One suit a hand (the worked example of docs/games/quadruple_war.md): with seed 3 seat 3
# deals, so seat 0 bids first and leads.
SUITED = (
    "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah",
    "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As",
    "3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad Jl",
    "3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac Jb",
)
SUITED_SEED = 3


def game(**options: object) -> qw.QuadrupleWar:
    created = games.create("quadruple_war", **options)
    assert isinstance(created, qw.QuadrupleWar)
    return created


def dealt(hands: tuple[str, ...], seed: int = SUITED_SEED, **options: object) -> qw.State:
    """A game (one deal unless told) with the given hands."""
    options = {"deals": 1, **options}
    state = game(**options).new_game(seed=seed)
    new = attrs.evolve(state, hands=tuple(parse_cards(h) for h in hands))
    new.validate()
    return new


def run(state: qw.State, *moves: str) -> qw.State:
    g = game(**attrs.asdict(state.options))
    for text in moves:
        state = state.apply(g.parse_move(state, text))
    return state


def lowest(state: qw.State) -> qw.State:
    """Play the lowest legal card (the worked example's policy)."""
    moves = [m for m in state.legal_moves() if isinstance(m, Play)]
    return state.apply(min(moves, key=lambda m: RULES.rank_power(m.card.rank)))


def refused(state: qw.State, move: Any) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    return info.value


def random_deal(g: qw.QuadrupleWar, seed: int) -> qw.State:
    rng = random.Random(seed)
    state = g.new_game(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_moves()))
    return state


# --------------------------------------------------------------------------- QW-1


class TestPlayersAndCards:
    def test_qw_1_1_two_to_five_players(self) -> None:
        """QW-1.1: 2 to 5 players, 4 by default."""
        assert game().players == 4
        for n in (2, 3, 4, 5):
            assert game(players=n).new_game(seed=1).options.players == n
        for bad in (1, 6, "4", True):
            with pytest.raises(OptionError):
                game(players=bad)

    @pytest.mark.parametrize(
        ("players", "size", "tricks"), [(2, 52, 26), (3, 54, 18), (4, 52, 13), (5, 50, 10)]
    )
    def test_qw_1_2_the_pack_and_tricks_by_players(
        self, players: int, size: int, tricks: int
    ) -> None:
        """QW-1.2: 52 / 54 / 52 / 50 cards, all dealt: 26 / 18 / 13 / 10 tricks."""
        state = game(players=players).new_game(seed=7)
        assert state.deck().size == size
        assert [len(h) for h in state.hands] == [tricks] * players
        assert qw.tricks_per_deal(players) == tricks == state.options.tricks
        cards = Counter(state.deck().cards)
        twos = {c for c in cards if c.rank is Rank.TWO}
        assert (
            twos
            == {
                2: {parse_card("2h"), parse_card("2s")},
                3: {parse_card(f"2{s}") for s in "cdhs"},
                4: {parse_card("2h"), parse_card("2s")},
                5: set(),
            }[players]
        )
        assert cards[BIG_JOKER] == cards[LITTLE_JOKER] == 1

    @pytest.mark.parametrize(("players", "trumps"), [(2, 15), (3, 15), (4, 15), (5, 14)])
    def test_qw_1_3_jokers_are_the_top_spades(self, players: int, trumps: int) -> None:
        """QW-1.3: big joker > little joker > ace of spades; 15 trumps (14 for five)."""
        assert sum(is_trump(c, RULES) for c in qw.pack(players).cards) == trumps
        assert winning_index((parse_card("As"), LITTLE_JOKER, BIG_JOKER), RULES) == 2
        assert winning_index((LITTLE_JOKER, parse_card("As")), RULES) == 0
        assert winning_index(parse_cards("Ah 2s"), RULES) == 1

    def test_qw_1_4_ranks_ace_high_to_two(self) -> None:
        """QW-1.4: A K Q J 10 ... 2 in every suit."""
        assert winning_index(parse_cards("Kd Ad 2d Qd"), RULES) == 1
        assert winning_index(parse_cards("2c Tc 9c"), RULES) == 1
        assert winning_index(parse_cards("3h 2h"), RULES) == 0

    @pytest.mark.parametrize(("players", "size"), [(2, 52), (3, 51), (4, 52), (5, 50)])
    def test_qw_1_5_option_without_jokers(self, players: int, size: int) -> None:
        """QW-1.5: jokers=False: 52 cards (51 for three, 50 for five), no jokers."""
        state = game(players=players, jokers=False).new_game(seed=2)
        cards = state.deck().cards
        assert len(cards) == size
        assert not any(c.is_joker for c in cards)
        assert len(set(cards)) == size
        assert [len(h) for h in state.hands] == [size // players] * players
        assert qw.tricks_per_deal(3, jokers=False) == 17

    def test_qw_1_pack_refuses_bad_input(self) -> None:
        """QW-1.2: the pack is for 2 to 5 players; jokers is a bool."""
        for bad in (1, 6, "4", 4.0, True):
            with pytest.raises(OptionError):
                qw.pack(bad)  # type: ignore[arg-type]
        with pytest.raises(OptionError):
            qw.pack(4, jokers=1)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- QW-2


class TestDeal:
    def test_qw_2_1_first_dealer_by_draw_is_seeded_and_fair(self) -> None:
        """QW-2.1: the draw for high card comes from the seed; every seat deals first
        about equally often."""
        g = game(deals=1)
        assert g.new_game(seed=11).dealer == g.new_game(seed=11).dealer
        counts = Counter(g.new_game(seed=s).dealer for s in range(800))
        assert set(counts) == {0, 1, 2, 3}
        assert all(150 <= c <= 250 for c in counts.values()), counts

    def test_qw_2_1_the_draw_gives_the_high_card_the_deal(self) -> None:
        """QW-2.1: replaying the draw by hand, the highest card deals (jokers highest)."""
        order = "23456789TJQKA"
        for seed in range(30):
            state = game(players=3).new_game(seed=seed)
            drawn = state.rng("first dealer").sample(state.deck().cards, 3)
            power = [
                17
                if c.is_joker and c.rank is Rank.BIG_JOKER
                else 16
                if c.is_joker
                else order.index(str(c)[0])
                for c in drawn
            ]
            top = max(power)
            if power.count(top) == 1:  # no tie: the high card deals
                assert state.dealer == power.index(top)

    def test_qw_2_2_the_deal_passes_left(self) -> None:
        """QW-2.2: the next deal is dealt by the player on the dealer's left."""
        g = game(deals=3)
        rng = random.Random(5)
        state = g.new_game(seed=5)
        dealers = [state.dealer]
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
            if state.dealer != dealers[-1] and not state.is_terminal:
                dealers.append(state.dealer)
        assert dealers == [(dealers[0] + k) % 4 for k in range(3)]

    def test_qw_2_3_the_whole_pack_is_dealt_one_at_a_time(self) -> None:
        """QW-2.3: the shuffled pack goes one card at a time from the dealer's left."""
        state = game(players=5).new_game(seed=4)
        cards = list(state.deck().cards)
        state.rng("deal", 0).shuffle(cards)
        for k in range(5):
            assert state.hands[(state.dealer + 1 + k) % 5] == tuple(cards[k::5])
        assert sorted(state.all_cards()) == sorted(state.deck().cards)


# --------------------------------------------------------------------------- QW-3


class TestBidding:
    def test_qw_3_1_one_round_then_play(self) -> None:
        """QW-3.1: each player bids once, then the play begins; no bid after it."""
        state = run(dealt(SUITED), "bid 1", "bid 11", "bid 1", "bid 2")
        assert state.phase is Phase.PLAY
        assert state.bids == (1, 11, 1, 2)
        assert all(isinstance(m, Play) for m in state.legal_moves())
        assert refused(state, Bid(3)).rule == "QW-3.1"
        assert refused(dealt(SUITED), Play(parse_card("2h"))).rule == "QW-3.1"

    def test_qw_3_2_dealers_left_bids_first_dealer_last(self) -> None:
        """QW-3.2: the bidding goes clockwise from the dealer's left to the dealer."""
        for seed in range(8):
            state = game(deals=1).new_game(seed=seed)
            order = []
            while state.phase is Phase.BIDDING:
                order.append(state.turn)
                state = state.apply(Bid(1))
            assert order == [(state.dealer + k) % 4 for k in range(1, 5)]

    @pytest.mark.parametrize("players", [2, 3, 4, 5])
    def test_qw_3_3_bids_run_from_one_to_the_tricks(self, players: int) -> None:
        """QW-3.3: 1 up to the tricks of the deal (26, 18, 13, 10), not the text's 13 always."""
        state = game(players=players).new_game(seed=1)
        top = {2: 26, 3: 18, 4: 13, 5: 10}[players]
        assert state.legal_moves() == tuple(Bid(n) for n in range(1, top + 1))
        assert refused(state, Bid(0)).rule == "QW-3.3"
        error = refused(state, Bid(top + 1))
        assert error.rule == "QW-3.3"
        assert str(top) in error.reason

    def test_qw_3_4_no_pass(self) -> None:
        """QW-3.4: a pass is never legal (it can be written, and is refused by rule)."""
        state = game().new_game(seed=1)
        move = game().parse_move(state, "pass")
        assert move == PASS
        assert move not in state.legal_moves()
        assert refused(state, PASS).rule == "QW-3.4"

    def test_qw_3_5_bids_are_public(self) -> None:
        """QW-3.5: every seat's view shows every bid made."""
        state = run(game(deals=1).new_game(seed=3), "bid 3", "bid 4")
        for seat in range(4):
            assert state.view(seat).bids == state.bids
        assert sorted(state.bids) == [-1, -1, 3, 4]


# --------------------------------------------------------------------------- QW-5


class TestPlay:
    def test_qw_5_1_dealers_left_leads_and_the_winner_leads_next(self) -> None:
        """QW-5.1: the dealer's left leads the first trick, each winner the next."""
        state = run(dealt(SUITED), "bid 1", "bid 11", "bid 1", "bid 2")
        assert state.turn == state.leader == (state.dealer + 1) % 4 == 0
        state = run(state, "play 2h", "play 2s", "play 3d", "play 3c")
        assert state.turn == state.leader == 1  # 2s trumped

    def test_qw_5_2_follow_suit_else_anything(self) -> None:
        """QW-5.2: a player who holds the suit led must follow; a void may trump or discard."""
        hands = (
            "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah",
            "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As",
            "3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad Jl",
            "3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac Jb",
        )
        state = run(dealt(hands), "bid 1", "bid 1", "bid 1", "bid 1", "play 2h")
        assert len(state.legal_moves()) == 13  # no heart: any card
        swapped = (
            "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh 3c",
            "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As",
            "3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad Jl",
            "Ah 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac Jb",
        )
        state = run(dealt(swapped), "bid 1", "bid 1", "bid 1", "bid 1", "play 3c", "play 2s")
        state = run(state, "play 3d")
        assert [str(m) for m in state.legal_moves()] == [
            f"play {c}" for c in ["4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac"]
        ]
        error = refused(state, Play(parse_card("Ah")))
        assert error.rule == "QW-5.2"
        assert "follow" in error.reason

    def test_qw_5_2_a_joker_lead_is_a_spade_lead(self) -> None:
        """QW-5.2: a joker led asks for spades; a joker is a spade when following."""
        state = run(dealt(SUITED), "bid 1", "bid 1", "bid 1", "bid 1")
        state = run(state, "play 2h", "play 2s", "play 3d", "play 3c", "play 3s")
        assert [str(m) for m in state.legal_moves()] == ["play Jl"]
        assert refused(state, Play(parse_card("4d"))).rule == "QW-5.2"

    def test_qw_5_3_highest_trump_else_highest_of_the_suit_led(self) -> None:
        """QW-5.3: the worked example's second trick goes to the big joker."""
        state = run(dealt(SUITED), "bid 1", "bid 11", "bid 1", "bid 2")
        state = run(state, "play 2h", "play 2s", "play 3d", "play 3c")
        state = run(state, "play 3s", "play Jl", "play Jb", "play 3h")
        assert state.won == (0, 1, 0, 1)
        assert state.leader == 3

    def test_qw_5_4_no_spade_lead_before_spades_are_broken(self) -> None:
        """QW-5.4: a spade lead is refused while the leader holds another suit."""
        hands = (
            "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh As",
            "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ah",
            "3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad Jl",
            "3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac Jb",
        )
        state = run(dealt(hands), "bid 1", "bid 1", "bid 1", "bid 1")
        assert Play(parse_card("As")) not in state.legal_moves()
        error = refused(state, Play(parse_card("As")))
        assert error.rule == "QW-5.4"
        assert not state.broken
        # Seat 0 leads 2h; seat 1 follows with Ah and wins: still no spade played.
        state = run(state, "play 2h", "play Ah", "play 3d", "play 3c")
        assert state.turn == 1
        assert not state.broken
        # Seat 1 holds only spades now: it may lead one, and that breaks spades.
        assert len(state.legal_moves()) == 12
        state = run(state, "play 2s", "play Jl", "play Jb", "play As")
        assert state.broken
        assert state.turn == 3

    def test_qw_5_4_spades_led_once_broken(self) -> None:
        """QW-5.4: over random deals, a leader holding spades and another suit may lead
        a spade exactly when spades are broken."""
        for seed in range(25):
            rng = random.Random(seed)
            state = game(deals=1, players=2 + seed % 4).new_game(seed)
            while not state.is_terminal:
                hand = state.hands[state.turn]
                spades = {c for c in hand if is_trump(c, RULES)}
                if (
                    state.phase is Phase.PLAY
                    and not state.trick
                    and spades
                    and len(spades) < len(set(hand))
                ):
                    legal = {m.card for m in state.legal_moves() if isinstance(m, Play)}
                    assert (spades <= legal) == state.broken
                    assert state.broken == any(is_trump(c, RULES) for c in state.played)
                state = state.apply(rng.choice(state.legal_moves()))

    def test_qw_5_4_a_discarded_joker_breaks_spades(self) -> None:
        """QW-5.4: a joker played on another suit breaks spades."""
        state = run(dealt(SUITED), "bid 1", "bid 1", "bid 1", "bid 1")
        state = run(state, "play 2h")
        state = run(state, "play 2s", "play Jl", "play 3c")
        assert state.broken
        assert state.won == (0, 0, 1, 0)


# --------------------------------------------------------------------------- QW-6


class TestScoring:
    def test_qw_6_1_text_examples(self) -> None:
        """QW-6.1, QW-6.2: bid 7 won 7 scores 70, bid 5 won 8 scores 53, bid 4 won 3 scores 0."""
        assert hand_score(7, 7) == 70
        assert hand_score(5, 8) == 53
        assert hand_score(4, 3) == 0

    def test_qw_6_worked_deal(self) -> None:
        """QW-6.1, QW-6.2: the worked example: 111 for 12 tricks on 11; 0 for each broken bid."""
        state = run(dealt(SUITED), "bid 1", "bid 11", "bid 1", "bid 2")
        while not state.is_terminal:
            state = lowest(state)
        assert state.last_deal is not None
        assert state.last_deal.won == (0, 12, 0, 1)
        assert state.scores == (0, 111, 0, 0)
        penalty = run(dealt(SUITED, set_penalty=True), "bid 1", "bid 11", "bid 1", "bid 2")
        while not penalty.is_terminal:
            penalty = lowest(penalty)
        assert penalty.scores == (-10, 111, -10, -20)

    def test_qw_6_2_set_penalty(self) -> None:
        """QW-6.2: the published rule: 10 a trick bid lost when broken."""
        assert hand_score(4, 3, set_penalty=True) == -40
        assert hand_score(4, 4, set_penalty=True) == 40
        assert hand_score(13, 0, set_penalty=True) == -130

    def test_qw_6_random_deals_score_by_hand_score(self) -> None:
        """QW-6.1 to QW-6.4: every seat of random deals scores hand_score(bid, won)."""
        for options in ({}, {"set_penalty": True}, {"no_bags": True}, {"players": 3}):
            g = game(deals=1, **options)
            for seed in range(15):
                state = random_deal(g, seed)
                result = state.last_deal
                assert result is not None
                for seat, bid in enumerate(result.bids):
                    expected = hand_score(
                        bid,
                        result.won[seat],
                        set_penalty=g.options.set_penalty,
                        no_bags=g.options.no_bags,
                    )
                    assert result.points[seat] == state.totals[seat] == expected

    def test_qw_6_3_bag_bookkeeping(self) -> None:
        """QW-6.3: ten bags cost 100 and come off the count."""
        assert add_bags(0, 9) == (9, 0)
        assert add_bags(9, 1) == (0, 1)
        assert add_bags(7, 15) == (2, 2)
        assert hand_score(5, 8, bags=8) == 53 - 100
        assert hand_score(5, 8, bags=6) == 53
        assert hand_score(3, 2, bags=9) == 0  # broken: no overtricks, no bags

    def test_qw_6_3_bags_kept_in_state_and_view(self) -> None:
        """QW-6.3: the bag count lives in the state and every view, and costs 100 at ten."""
        g = game(bags=True)
        state = g.new_game(seed=3)
        state = attrs.evolve(state, hands=tuple(parse_cards(h) for h in SUITED), bags=(0, 8, 0, 0))
        state.validate()
        state = run(state, "bid 1", "bid 9", "bid 1", "bid 2")
        while state.deal == 0:
            state = lowest(state)
        assert state.last_deal is not None
        assert state.last_deal.won == (0, 12, 0, 1)
        # Seat 1: 90 + 3 overtricks = 93; 8 + 3 bags = 11: 100 off, 1 bag left.
        assert state.totals == (0, -7, 0, 0)
        assert state.bags == (0, 1, 0, 0)
        assert all(state.view(s).bags == (0, 1, 0, 0) for s in range(4))

    def test_qw_6_3_bags_need_the_option(self) -> None:
        """QW-6.3: without the option no bags are counted (and a state holding some is refused)."""
        state = random_deal(game(deals=1), 4)
        assert state.bags == (0, 0, 0, 0)
        with pytest.raises(InvalidStateError):
            attrs.evolve(game().new_game(seed=1), bags=(1, 0, 0, 0)).validate()

    def test_qw_6_4_no_bags(self) -> None:
        """QW-6.4: overtricks score nothing; cannot go with bags."""
        assert hand_score(5, 8, no_bags=True) == 50
        with pytest.raises(OptionError):
            game(bags=True, no_bags=True)
        with pytest.raises(OptionError):
            hand_score(5, 8, bags=2, no_bags=True)

    def test_qw_6_5_standalone_functions_check_their_input(self) -> None:
        """QW-6.5: every input of the scoring functions is checked."""
        bad_calls: list[Callable[[], object]] = [
            lambda: hand_score(0, 3),
            lambda: hand_score(27, 3),
            lambda: hand_score(4, -1),
            lambda: hand_score(4, 27),
            lambda: hand_score("4", 3),  # type: ignore[arg-type]
            lambda: hand_score(True, 3),
            lambda: hand_score(4, 3, bags=10),
            lambda: hand_score(4, 3, bags=-1),
            lambda: hand_score(4, 3, set_penalty=1),  # type: ignore[arg-type]
            lambda: add_bags(10, 1),
            lambda: add_bags(0, -1),
            lambda: add_bags(0.5, 1),  # type: ignore[arg-type]
            lambda: nil_score(-1),
            lambda: nil_score(0, blind="yes"),  # type: ignore[arg-type]
            lambda: side_score([1, 2, 3], [0, 0, 0]),
            lambda: side_score([1], [1, 2]),
            lambda: side_score([], []),
            lambda: side_score([3], [1], blind=[True]),
            lambda: side_score("12", [1, 2]),  # type: ignore[arg-type]
            lambda: side_score(5, [1]),  # type: ignore[arg-type]
            lambda: side_score([13, 13], [20, 7]),
            lambda: side_score([4], [4], bags=3, no_bags=True),
        ]
        for call in bad_calls:
            with pytest.raises(OptionError):
                call()


# --------------------------------------------------------------------------- QW-7


class TestNil:
    def test_qw_7_1_nil_scores_100_either_way(self) -> None:
        """QW-7.1: nil +100 made, -100 broken, its tricks are overtricks."""
        assert nil_score(0) == 100
        assert nil_score(3) == -100
        assert side_score([0], [0]) == (100, 0)
        assert side_score([0], [2]) == (-98, 0)
        assert side_score([0], [2], bags=9) == (-198, 1)
        assert side_score([0], [2], no_bags=True) == (-100, 0)

    def test_qw_7_1_nil_in_play(self) -> None:
        """QW-7.1: with the option, nil is listed and scored; seat 0 (hearts) takes nothing."""
        state = dealt(SUITED, nil=True)
        assert state.legal_moves()[-1] == NIL
        state = run(state, "nil", "bid 11", "nil", "bid 2")
        assert state.bids == (0, 11, 0, 2)
        while not state.is_terminal:
            state = lowest(state)
        assert state.scores == (100, 111, 100, 0)

    def test_qw_7_2_blind_nil_only_when_100_behind(self) -> None:
        """QW-7.2: blind nil (±200) is open to a player 100 or more below the best other total."""
        assert nil_score(0, blind=True) == 200
        assert nil_score(1, blind=True) == -200
        g = game(nil=True, blind_nil=True)
        state = g.new_game(seed=3)
        assert BLIND_NIL not in state.legal_moves()
        assert refused(state, BLIND_NIL).rule == "QW-7.2"
        behind = attrs.evolve(state, totals=(0, 99, 100, 50))
        assert BLIND_NIL in behind.legal_moves()  # seat 0 is 100 behind seat 2
        after = behind.apply(BLIND_NIL)
        assert after.bids[0] == 0
        assert after.blind == (True, False, False, False)
        assert BLIND_NIL not in after.legal_moves()  # seat 1 is only 1 behind
        with pytest.raises(OptionError):
            game(blind_nil=True)

    def test_qw_7_2_blind_nil_scores_200(self) -> None:
        """QW-7.2: seat 0 (hearts only) makes a blind nil: 200."""
        g = game(nil=True, blind_nil=True, deals=1)
        state = attrs.evolve(g.new_game(seed=3), hands=tuple(parse_cards(h) for h in SUITED))
        state = attrs.evolve(state, totals=(0, 100, 0, 0))
        state = run(state, "blind nil", "bid 11", "bid 1", "bid 2")
        while not state.is_terminal:
            state = lowest(state)
        assert state.last_deal is not None
        assert state.last_deal.points == (200, 111, 0, 0)

    def test_qw_7_3_no_nil_without_the_option(self) -> None:
        """QW-7.3: nil and blind nil are refused, by rule, without their options."""
        state = game().new_game(seed=1)
        assert refused(state, NIL).rule == "QW-7.1"
        assert refused(state, BLIND_NIL).rule == "QW-7.2"
        assert "nil" not in refused(state, Bid(0)).reason
        assert "nil" in refused(game(nil=True).new_game(seed=1), Bid(0)).reason


# --------------------------------------------------------------------------- QW-8


class TestPartnership:
    def test_qw_8_1_partners_opposite_share_score_and_bags(self) -> None:
        """QW-8.1: sides 0+2 and 1+3 score their bids added against their tricks added."""
        with pytest.raises(OptionError):
            game(players=3, partnership=True)
        g = game(partnership=True, deals=1, bags=True)
        for seed in range(12):
            state = random_deal(g, seed)
            result = state.last_deal
            assert result is not None
            for side in ((0, 2), (1, 3)):
                points, bags = side_score(
                    [result.bids[s] for s in side], [result.won[s] for s in side], bags=0
                )
                assert all(state.totals[s] == points and state.bags[s] == bags for s in side)

    def test_qw_8_1_worked_deal_as_partners(self) -> None:
        """QW-8.1: the worked deal with partners: side 1+3 bids 13, wins 13: 130."""
        state = run(dealt(SUITED, partnership=True), "bid 1", "bid 11", "bid 1", "bid 2")
        while not state.is_terminal:
            state = lowest(state)
        assert state.scores == (0, 130, 0, 130)

    def test_qw_8_2_a_side_may_bid_over_13(self) -> None:
        """QW-8.2: each partner bids 1 to 13 whatever the other bid."""
        state = run(game(partnership=True).new_game(seed=3), "bid 13", "bid 1")
        assert Bid(13) in state.legal_moves()


# --------------------------------------------------------------------------- QW-8.3 OpenSpiel


OS_OPTIONS: dict[str, Any] = {
    "partnership": True,
    "jokers": False,
    "nil": True,
    "set_penalty": True,
    "bags": True,
    "deals": 1,
}


def _os_card(card: Any) -> int:
    return int(card.suit) * 13 + int(card.rank) - 2


def _play_both(seed: int, start: tuple[int, int] = (0, 0)) -> tuple[Any, qw.State, dict[str, int]]:
    """Deal our game's cards into OpenSpiel's spades, bid and play the same moves in
    both (the moves drawn from OpenSpiel's legal ones, which ours must allow), from
    the side totals ``start`` (OpenSpiel's partnership 0 first)."""
    pyspiel = pytest.importorskip("pyspiel")
    rng = random.Random(seed)
    state = game(**OS_OPTIONS).new_game(seed)
    seat = [(state.dealer + 1 + p) % 4 for p in range(4)]  # OpenSpiel player p
    totals = [start[(seat.index(s)) % 2] for s in range(4)]
    state = attrs.evolve(state, totals=tuple(totals), bags=tuple(t % 10 for t in totals))
    other = pyspiel.load_game("spades").new_initial_state()
    for k in range(52):
        other.apply_action(_os_card(state.hands[seat[k % 4]][k // 4]))
    other.set_current_scores(list(start))
    wider = {"leads": 0}
    while not other.is_terminal():
        p = other.current_player()
        assert seat[p] == state.turn
        actions = other.legal_actions()
        action = rng.choice(actions)
        if action >= 52:
            bid = action - 52
            move: Any = NIL if bid == 0 else Bid(bid)
        else:
            ours = {_os_card(m.card) for m in state.legal_moves() if isinstance(m, Play)}
            assert set(actions) <= ours
            if set(actions) != ours:  # OpenSpiel never breaks spades (QW-8.3)
                assert state.broken
                assert not state.trick
                assert all(a // 13 == 3 for a in ours - set(actions))
                wider["leads"] += 1
            move = next(
                m for m in state.legal_moves() if isinstance(m, Play) and _os_card(m.card) == action
            )
        state = state.apply(move)
        other.apply_action(action)
    assert state.is_terminal
    return other, state, wider


class TestOpenSpiel:
    def test_qw_8_3_same_deals_same_scores(self) -> None:
        """QW-8.3: partnership, no jokers, nil, set penalty and bags: OpenSpiel's spades
        scores the same deals and bids the same, from totals of zero and from positive
        totals (where its bags-from-the-last-digit reading is right)."""
        wider = 0
        for seed in range(60):
            start = (0, 0) if seed % 2 else (10 * (seed % 7) + seed % 10, 7 + seed % 3 * 30)
            other, state, seen = _play_both(seed, start)
            wider += seen["leads"]
            theirs = other.get_current_scores()
            side = [(state.dealer + 1 + p) % 4 for p in (0, 1)]
            assert [state.totals[s] for s in side] == list(theirs), (seed, start)
        assert wider > 0  # the spades-broken difference did show, and changed no score

    def test_qw_8_3_openspiel_reads_bags_from_a_negative_score_wrongly(self) -> None:
        """QW-8.3: from -41 with 9 bags (59, then a set of 100), one overtrick costs us
        100 (ten bags), but OpenSpiel reads -1 bags from the last digit of -41 and
        charges nothing; elsewhere the scores agree."""
        differed = 0
        for seed in range(40):
            other, state, _ = _play_both(seed, (-41, -41))
            theirs = other.get_current_scores()
            result = state.last_deal
            assert result is not None
            for p in (0, 1):
                s = (state.dealer + 1 + p) % 4
                bid = result.bids[s] + result.bids[(s + 2) % 4]  # nil counts 0
                over = result.won[s] + result.won[(s + 2) % 4] - bid
                ours = state.totals[s]
                if over >= 1:  # a made contract with overtricks: ten bags for us
                    assert ours == theirs[p] - 100
                    differed += 1
                else:
                    assert ours == theirs[p]
        assert differed > 0


# --------------------------------------------------------------------------- QW-9


def _finish(state: qw.State, bids: tuple[str, ...]) -> qw.State:
    state = run(state, *bids)
    deal = state.deal
    while state.deal == deal and not state.is_terminal:
        state = lowest(state)
    return state


class TestTheGame:
    def _suited(self, totals: tuple[int, ...], **options: object) -> qw.State:
        g = game(nil=True, **options)
        state = attrs.evolve(g.new_game(seed=3), hands=tuple(parse_cards(h) for h in SUITED))
        state = attrs.evolve(state, totals=totals)
        state.validate()
        return state

    def test_qw_9_1_target_500_by_default_200_short(self) -> None:
        """QW-9.1: the target is an option, 500 by default."""
        assert game().options.target == 500
        assert game(target=200).options.target == 200
        with pytest.raises(OptionError):
            game(target=0)

    def test_qw_9_2_the_game_ends_when_a_total_reaches_the_target(self) -> None:
        """QW-9.2: seat 1 reaches 500 from 389 (111) and wins; below it the game goes on."""
        state = _finish(self._suited((0, 389, 0, 0)), ("bid 1", "bid 11", "bid 1", "bid 2"))
        assert state.is_terminal
        assert state.scores == (0, 500, 0, 0)
        state = _finish(self._suited((0, 388, 0, 0)), ("bid 1", "bid 11", "bid 1", "bid 2"))
        assert not state.is_terminal
        assert state.deal == 1
        assert state.phase is Phase.BIDDING

    def test_qw_9_3_two_past_the_target_the_higher_wins(self) -> None:
        """QW-9.3: seats 0 and 1 both pass 500 in one deal; the higher total ends it."""
        state = _finish(self._suited((420, 395, 0, 0)), ("nil", "bid 11", "bid 1", "bid 2"))
        assert state.is_terminal
        assert state.scores == (520, 506, 0, 0)

    def test_qw_9_3_a_tie_at_the_top_plays_another_deal(self) -> None:
        """QW-9.3: both at 501: another deal; one at 502, the other 501: over."""
        tied = _finish(self._suited((401, 390, 0, 0)), ("nil", "bid 11", "bid 1", "bid 2"))
        assert tied.scores == (501, 501, 0, 0)
        assert not tied.is_terminal
        assert tied.deal == 1
        won = _finish(self._suited((402, 390, 0, 0)), ("nil", "bid 11", "bid 1", "bid 2"))
        assert won.is_terminal
        assert won.scores == (502, 501, 0, 0)

    def test_qw_9_4_a_total_at_minus_the_target_ends_the_game(self) -> None:
        """QW-9.4: seat 3 falls to -500 under set_penalty: the game ends, seat 1 highest."""
        state = _finish(
            self._suited((0, 0, 0, -480), set_penalty=True), ("bid 1", "bid 11", "bid 1", "bid 2")
        )
        assert state.is_terminal
        assert state.scores == (-10, 111, -10, -500)

    def test_qw_9_5_deals_stops_the_game_even_tied(self) -> None:
        """QW-9.5: deals=1 stops after one deal, a tie or not."""
        state = _finish(self._suited((0, 0, 0, 0), deals=1), ("nil", "nil", "nil", "nil"))
        assert state.is_terminal
        assert state.scores == (100, -88, 100, -99)

    def test_qw_9_every_game_ends(self) -> None:
        """QW-9, QW-10.2: whole games of random play end, under harsh options too."""
        for options in ({}, {"target": 200, "players": 5}, {"set_penalty": True, "nil": True}):
            g = game(**options)
            for seed in range(2):
                state = random_deal(g, seed)
                assert state.is_terminal
                assert state.legal_moves() == ()


# --------------------------------------------------------------------------- QW-10


class TestEngine:
    def test_qw_10_1_views_hide_other_hands(self) -> None:
        """QW-10.1: states that differ only in another seat's hand look the same to a seat."""
        state = game().new_game(seed=9)
        swapped = attrs.evolve(
            state, hands=(state.hands[0], state.hands[2], state.hands[1], state.hands[3])
        )
        assert state.view(0) == swapped.view(0)
        assert state.view(1) != swapped.view(1)

    def test_qw_10_1_resample_keeps_the_voids_shown(self) -> None:
        """QW-10.1: a seat that did not follow a suit is dealt none of it again."""
        state = run(dealt(SUITED), "bid 1", "bid 1", "bid 1", "bid 1", "play 2h", "play 2s")
        state = run(state, "play 3d", "play 3c")
        voids = state.voids()
        assert voids[1] == voids[2] == voids[3] == frozenset({Suit.HEARTS})
        for k in range(20):
            guess = state.resample(0, random.Random(k))
            assert guess.view(0) == state.view(0)
            guess.validate()
            for seat in (1, 2, 3):
                assert not any(c.suit is Suit.HEARTS for c in guess.hands[seat])

    def test_qw_10_1_a_joker_shows_no_void_in_spades(self) -> None:
        """QW-10.1: following a spade lead with a joker is following suit."""
        state = run(dealt(SUITED), "bid 1", "bid 1", "bid 1", "bid 1")
        state = run(state, "play 2h", "play 2s", "play 3d", "play 3c", "play 3s", "play Jl")
        assert Suit.SPADES not in state.voids()[2]

    def test_qw_10_3_notation_round_trips(self) -> None:
        """QW-10.3: str(move) reads back; 'blind nil' and a bare number are read too."""
        g = game(nil=True, blind_nil=True)
        for move in (Bid(4), NIL, BLIND_NIL, PASS, Play(BIG_JOKER), Play(parse_card("As"))):
            assert g.parse_move(None, str(move)) == move
        assert g.parse_move(None, "Blind Nil") == BLIND_NIL
        assert g.parse_move(None, "7") == Bid(7)
        assert str(Play(LITTLE_JOKER)) == "play Jl"
        with pytest.raises(InvalidMoveError):
            g.parse_move(None, "bid four")

    def test_qw_10_conformance_kit(self) -> None:
        """QW-10: the conformance kit passes under several options."""
        for options in (
            {"deals": 1},
            {"players": 3, "deals": 2},
            {"players": 5, "jokers": False, "deals": 1},
            {"partnership": True, "nil": True, "blind_nil": True, "bags": True, "deals": 2},
        ):
            check_game(game(**options), seeds=range(2))

    def test_qw_10_save_round_trip_and_tamper(self) -> None:
        """QW-10: a save reloads; a changed bid is refused."""
        g = game(bags=True, deals=1)
        state = random_deal(g, 2)
        assert g.state_from_json(state.to_json()) == state
        mid = run(game(deals=1).new_game(seed=1), "bid 2", "bid 3")
        assert game(deals=1).state_from_json(mid.to_json()) == mid
        bad = mid.to_json().replace('"bids": [', '"bids": [9, ', 1)
        with pytest.raises(InvalidStateError):
            game(deals=1).state_from_json(bad)


# --------------------------------------------------------------------------- bot


class TestGreedy:
    def test_greedy_estimate_counts_trumps_and_high_cards(self) -> None:
        """The bot's bid: guarded top trumps, long spades, side aces and kings."""
        assert qw.bot.estimate(parse_cards("Jb Jl As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s"), 4) == 13
        assert qw.bot.estimate(parse_cards("Ah Ad Ac 2h 3h 4d 5d 6c 7c 8c 9h Th Jd"), 4) == 3
        assert qw.bot.estimate(parse_cards("Ks 2h 3h 4d 5d 6c 7c 8c 9h Th Jd 3c 4c"), 4) == 0

    def test_greedy_beats_random_play(self) -> None:
        """The greedy seat scores more than random seats, on average, over many deals."""
        g = game(deals=1)
        ours = theirs = 0.0
        for seed in range(60):
            rng = random.Random(seed)
            state = g.new_game(seed)
            hero = seed % 4
            while not state.is_terminal:
                if state.turn == hero:
                    state = state.apply(g.greedy_move(state, rng))
                else:
                    state = state.apply(rng.choice(state.legal_moves()))
            ours += state.scores[hero]
            theirs += (sum(state.scores) - state.scores[hero]) / 3
        assert ours > 1.5 * theirs

    def test_greedy_makes_its_bid_often(self) -> None:
        """Four greedy players make their bids in most deals and take few overtricks."""
        g = game(deals=1, nil=True)
        made = exact = total = 0
        for seed in range(40):
            state = g.new_game(seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                state = state.apply(g.greedy_move(state, rng))
            result = state.last_deal
            assert result is not None
            for bid, won in zip(result.bids, result.won, strict=True):
                total += 1
                made += won >= bid
                exact += won == bid
        assert made / total > 0.5
        assert exact / total > 0.25


class TestHotPath:
    def test_qw_5_unrolled_rules_agree_with_tricks(self) -> None:
        """QW-5.2 to QW-5.4: the state's legal plays and trick winners are those of
        ``cardrules.tricks`` under ``RULES``, over random deals of every size."""
        from cardrules.tricks import legal_plays

        for seed in range(30):
            rng = random.Random(seed)
            options: dict[str, Any] = {"players": 2 + seed % 4, "jokers": seed % 3 > 0}
            state = game(deals=1, **options).new_game(seed)
            while not state.is_terminal:
                if state.phase is Phase.PLAY:
                    hand = state.hands[state.turn]
                    expected = legal_plays(hand, state.trick, RULES, trump_broken=state.broken)
                    assert tuple(m.card for m in state.legal_moves()) == expected  # type: ignore[attr-defined]
                    if len(state.trick) == state.options.players - 1:
                        for move in state.legal_moves():
                            after = state.apply(move)
                            trick = (*state.trick, move.card)  # type: ignore[attr-defined]
                            won = (state.leader + winning_index(trick, RULES)) % len(trick)
                            assert after.is_terminal or after.leader == won
                state = state.apply(rng.choice(state.legal_moves()))
