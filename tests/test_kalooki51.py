"""Tests of Kalooki 51 (cardrules.games.kalooki51); clauses of seeds/kalooki51.md."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    JOKER,
    CardRulesError,
    IllegalMeldError,
    IllegalMoveError,
    InvalidCardError,
    OptionError,
    games,
    parse_card,
    parse_cards,
)
from cardrules.games import kalooki51 as k51
from cardrules.games.kalooki51 import (
    Cancel,
    Discard,
    Draw,
    Kalooki51,
    LayMeld,
    LayOff,
    Open,
    Options,
    Phase,
    Retrieve,
    Side,
    State,
    TableMeld,
    Take,
)
from cardrules.games.kalooki51.bot import greedy_move
from cardrules.melds import MeldKind, meld_value
from cardrules.testing import check_game

C = parse_cards
P = parse_card


def make_state(
    hands: list[str],
    *,
    table: tuple[tuple[int, str, MeldKind | None], ...] = (),
    discard: str = "2c",
    stock: str | None = None,
    turn: int = 0,
    phase: Phase = Phase.PLAY,
    opened: tuple[bool, ...] | None = None,
    totals: tuple[int, ...] | None = None,
    taken: str | None = None,
    loose: int = 0,
    **options: Any,
) -> State:
    """A hand-made mid-deal state; the stock is the rest of the pack unless given, and any
    card left over lies in a filler meld-less pile of the discard (card conservation)."""
    players = len(hands)
    options.setdefault("deals", 1)
    opts = Options(players=players, **options)
    hand_cards = tuple(C(h) for h in hands)
    placed = tuple(
        TableMeld(owner, k51.check_meld(C(cards), kind=kind)) for owner, cards, kind in table
    )
    pile = C(discard)
    used = Counter(c for h in hand_cards for c in h) + Counter(pile)
    for p in placed:
        used += Counter(p.meld.cards)
    assert not (used - k51.DECK.counts()), "test state uses cards not in the pack"
    rest = sorted((k51.DECK.counts() - used).elements())
    if stock is not None:
        top = C(stock)
        assert not (Counter(top) - Counter(rest))
        left = list((Counter(rest) - Counter(top)).elements())
        pile = (*left, *pile)  # the other cards lie under the discard top
        stock_cards = top
    else:
        stock_cards = tuple(rest)
    state = State(
        options=opts,
        seed=1,
        deal=0,
        dealer=players - 1,
        turn=turn,
        phase=phase,
        hands=hand_cards,
        stock=tuple(stock_cards),
        discard=tuple(pile),
        table=placed,
        opened=opened if opened is not None else (False,) * players,
        active=(True,) * players,
        taken=P(taken) if taken else None,
        loose=loose,
        known=((),) * players,
        totals=totals if totals is not None else (0,) * players,
    )
    state.validate()
    return state


def strs(moves: tuple[Any, ...]) -> list[str]:
    return [str(m) for m in moves]


# --------------------------------------------------------------------------- K51-1


class TestEquipment:
    def test_k51_1_1_two_packs_and_two_jokers(self) -> None:
        """106 cards: every card twice and two jokers."""
        counts = k51.DECK.counts()
        assert len(k51.DECK.cards) == 106
        assert counts[JOKER] == 2
        assert counts[P("Qs")] == 2

    def test_k51_1_2_two_to_six_players_default_four(self) -> None:
        """2 to 6 seats; 4 by default; others refused."""
        assert Kalooki51.create().options.players == 4
        for n in (2, 6):
            assert len(Kalooki51.create(players=n, deals=1).new_game(seed=1).hands) == n
        for bad in (1, 7):
            with pytest.raises(OptionError):
                Kalooki51.create(players=bad)

    def test_k51_1_3_values_during_play(self) -> None:
        """Ace 1 low and 11 high or in a set; courts 10; a joker counts as its card."""
        rules = k51.RULES
        assert meld_value(k51.check_meld(C("Ah 2h 3h")), rules) == 1 + 2 + 3
        assert meld_value(k51.check_meld(C("Qh Kh Ah")), rules) == 10 + 10 + 11
        assert meld_value(k51.check_meld(C("As Ad Jk")), rules) == 33
        assert meld_value(k51.check_meld(C("5h Jk 7h")), rules) == 5 + 6 + 7
        assert meld_value(k51.check_meld(C("Jh Qh Jk")), rules) == 30  # Jk is the king

    def test_k51_1_4_penalty_points_in_hand(self) -> None:
        """2-10 their number, courts 10, ace 11, joker 25 (or 15 as the card table says)."""
        assert [k51.card_penalty(c) for c in C("2c 7c Td Jd Qd Kd Ah Jk")] == [
            2, 7, 10, 10, 10, 10, 11, 25,
        ]  # fmt: skip
        assert k51.card_penalty(JOKER, joker_penalty=15) == 15
        with pytest.raises(OptionError):
            k51.card_penalty(JOKER, joker_penalty=20)
        with pytest.raises(OptionError):
            Kalooki51.create(joker_penalty=50)

    def test_k51_1_4_source_card_table(self) -> None:
        """The text's table: 2 to 9 their number; ten, jack, queen, king 10; ace 11; joker
        15 (the card table's figure, the option)."""
        ranks = C("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As Jk")
        table = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11, 15]
        assert [k51.card_penalty(c, joker_penalty=15) for c in ranks] == table


# --------------------------------------------------------------------------- K51-2


class TestMelds:
    def test_k51_2_1_sets_of_distinct_suits(self) -> None:
        """Three or four of a rank, never two of one suit, never five."""
        assert len(k51.check_meld(C("7h 7s 7d 7c")).cards) == 4
        with pytest.raises(IllegalMeldError, match=r"repeats 7h.*K51-2\.1"):
            k51.check_meld(C("7h 7h 7s"))
        with pytest.raises(IllegalMeldError, match="at most 4"):
            k51.check_meld(C("7h 7s 7d 7c Jk"), kind=MeldKind.SET)

    def test_k51_2_2_runs_ace_low_or_high_never_round(self) -> None:
        """A-2-3 and Q-K-A are runs, K-A-2 is not; with ace_low=False A-2-3 is not."""
        assert str(k51.check_meld(C("Ah 2h 3h"))) == "Ah-2h-3h"
        assert str(k51.check_meld(C("Qh Kh Ah"))) == "Qh-Kh-Ah"
        with pytest.raises(IllegalMeldError, match=r"K51-2\.2"):
            k51.check_meld(C("Kh Ah 2h"))
        with pytest.raises(IllegalMeldError, match=r"K51-2\.2"):
            k51.check_meld(C("Ah 2h 3h"), ace_low=False)
        with pytest.raises(IllegalMeldError, match="gap"):
            k51.check_meld(C("5h 6h 8h"))

    def test_k51_2_3_one_natural_is_enough_no_doubles(self) -> None:
        """A set of one natural and two jokers is a meld; two cards or a double are not."""
        meld = k51.check_meld(C("Ks Jk Jk"), kind=MeldKind.SET)
        assert len(meld.joker_positions) == 2
        assert k51.RULES.min_naturals == 1
        with pytest.raises(IllegalMeldError, match="no doubles"):
            k51.check_meld(C("7c 7c"), kind=MeldKind.DOUBLE)
        with pytest.raises(IllegalMeldError, match="at least 3"):
            k51.check_meld(C("5h Jk"))

    def test_check_meld_bad_cards(self) -> None:
        """Not cards, or more copies than the pack holds: InvalidCardError."""
        with pytest.raises(InvalidCardError):
            k51.check_meld("7h 7s 7d")  # type: ignore[arg-type]
        with pytest.raises(InvalidCardError, match="the pack has 2"):
            k51.check_meld(C("7h 7h 7h"))


# --------------------------------------------------------------------------- K51-3


class TestDeal:
    def test_k51_3_1_first_dealer_from_the_seed(self) -> None:
        """The first dealer is random but fixed by the seed, and varies across seeds."""
        game = Kalooki51.create(deals=1)
        dealers = {game.new_game(seed=s).dealer for s in range(20)}
        assert len(dealers) > 1
        assert game.new_game(seed=5).dealer == game.new_game(seed=5).dealer

    def test_k51_3_2_thirteen_each_upcard_stock(self) -> None:
        """13 each, one card face up, the rest the stock: 53 with four, 27 with six."""
        for players, stock in ((4, 53), (6, 27)):
            state = Kalooki51.create(players=players, deals=1).new_game(seed=2)
            assert [len(h) for h in state.hands] == [13] * players
            assert len(state.discard) == 1
            assert len(state.stock) == stock

    def test_k51_3_3_player_after_the_dealer_starts(self) -> None:
        """The turn starts with the seat after the dealer; the dealer moves on each deal."""
        game = Kalooki51.create(players=3, deals=2)
        state = game.new_game(seed=4)
        assert state.turn == (state.dealer + 1) % 3
        first = state.dealer
        rng = random.Random(0)
        while state.deal == 0:
            state = state.apply(game.greedy_move(state, rng))
        assert state.dealer == (first + 1) % 3
        assert state.turn == (state.dealer + 1) % 3


# --------------------------------------------------------------------------- K51-4


class TestTurn:
    def test_k51_4_1_draw_then_discard(self) -> None:
        """Draw or take first; the turn ends only with a discard."""
        state = make_state(["2s 5d 9h Kc", "3s 6d Th", "4s 7d Jh"], phase=Phase.DRAW)
        assert strs(state.legal_moves()) == ["draw", "take"]
        assert "must first draw" in state.explain(Discard(P("2s")))
        after = state.apply(Draw())
        assert after.phase is Phase.PLAY
        assert len(after.hands[0]) == 5
        assert all(isinstance(m, Discard) for m in after.legal_moves())
        with pytest.raises(IllegalMoveError, match="already drawn"):
            after.apply(Draw())
        done = after.apply(Discard(P("2s")))
        assert done.turn == 1
        assert done.phase is Phase.DRAW

    def test_k51_4_2_only_the_top_discard(self) -> None:
        """Take gives the top card of the pile, known to all."""
        state = make_state(["2s 5d 9h Kc", "3s 6d Th", "4s 7d Jh"], discard="8c 9d",
                           phase=Phase.DRAW)  # fmt: skip
        after = state.apply(Take())
        assert after.hands[0][-1] == P("9d")
        assert after.discard[-1] == P("8c")
        assert after.known[0] == (P("9d"),)
        assert after.view(1).known[0] == (P("9d"),)

    def test_k51_4_3_taken_card_not_discarded_again(self) -> None:
        """The card just taken cannot be the discard, unless it is the last card."""
        state = make_state(["2s 5d 9h Kc 9d", "3s 6d Th", "4s 7d Jh"], taken="9d")
        assert Discard(P("9d")) not in state.legal_moves()
        assert "just taken" in state.explain(Discard(P("9d")))
        last = make_state(
            ["9d", "3s 6d Th", "4s 7d Jh"],
            table=((0, "5c 6c 7c", None), (0, "Ks Kd Kh", None)),
            opened=(True, False, False),
            taken="9d",
        )
        assert strs(last.legal_moves()) == ["discard 9d"]

    def test_k51_4_4_going_out_needs_a_final_discard(self) -> None:
        """Issue 28 (K51-4.4, K51-8.1): an opened player may not meld his whole hand; he
        keeps a card to discard. The option ``final_discard=False`` (melding every card goes
        out) keeps the old rule."""
        table = ((0, "5c 6c 7c", None), (0, "Ks Kd Kh", None))
        state = make_state(
            ["4h 5h 6h", "3s 6d Th", "4s 7d Jh"], table=table, opened=(True, False, False)
        )
        move = LayMeld(MeldKind.RUN, C("4h 5h 6h"))
        assert move not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"K51-4\.4"):
            state.apply(move)
        free = make_state(
            ["4h 5h 6h", "3s 6d Th", "4s 7d Jh"],
            table=table,
            opened=(True, False, False),
            final_discard=False,
        )
        assert move in free.legal_moves()
        after = free.apply(move)
        assert after.is_terminal
        assert after.last_deal is not None
        assert after.last_deal.winner == 0
        assert after.scores == (0, 3 + 6 + 10, 4 + 7 + 10)

    def test_k51_4_4_melding_all_but_one_then_discarding_goes_out(self) -> None:
        """K51-8.1: meld all cards but one, discard it: out."""
        state = make_state(
            ["4h 5h 6h 9s", "3s 6d Th", "4s 7d Jh"],
            table=((0, "5c 6c 7c", None),),
            opened=(True, False, False),
        )
        after = state.apply(LayMeld(MeldKind.RUN, C("4h 5h 6h"))).apply(Discard(P("9s")))
        assert after.is_terminal
        assert after.last_deal is not None
        assert after.last_deal.winner == 0

    def test_k51_4_4_no_lay_off_of_the_last_card(self) -> None:
        """K51-4.4: the last card is kept to discard, not built onto the table."""
        state = make_state(
            ["8c", "3s 6d Th", "4s 7d Jh"],
            table=((0, "5c 6c 7c", None),),
            opened=(True, False, False),
        )
        assert [str(m) for m in state.legal_moves()] == ["discard 8c"]

    def test_k51_4_3_not_the_twin_of_the_card_taken(self) -> None:
        """Issue 28 (K51-4.3 Decision): the identical twin of the card just taken (same rank
        and suit, other pack) may not be discarded either: the turn would change nothing."""
        state = make_state(["9s 9s 2h 5d", "3s 6d Th", "4s 7d Jh"], taken="9s")
        discards = [str(m) for m in state.legal_moves() if isinstance(m, Discard)]
        assert discards == ["discard 2h", "discard 5d"]
        with pytest.raises(IllegalMoveError, match=r"K51-4\.3"):
            state.apply(Discard(P("9s")))


# --------------------------------------------------------------------------- K51-5


OPENER = "Kh Kd Ks 9c Tc Jc 6c 7c 8c 2d 4s 9h 3d"


class TestOpening:
    def test_k51_5_1_first_lay_down_reaches_51(self) -> None:
        """30 alone does not open; 30 + 21 = 51 does (51 or more)."""
        state = make_state([OPENER, "3s 6d Th", "4s 7d Jh"])
        kings = LayMeld(MeldKind.SET, C("Kh Kd Ks"))
        after = state.apply(kings)
        assert after.pending_total == 30
        assert Open() not in after.legal_moves()
        assert "30, below 51" in after.explain(Open())
        after = after.apply(LayMeld(MeldKind.RUN, C("6c 7c 8c")))
        assert after.pending_total == 51
        assert Open() in after.legal_moves()
        opened = after.apply(Open())
        assert opened.opened[0]
        assert len(opened.table) == 2

    def test_k51_5_1_threshold_option(self) -> None:
        """threshold=40 ("Kalooki 40"): 30 + 24 opens, as 30 alone does not."""
        state = make_state([OPENER, "3s 6d Th", "4s 7d Jh"], threshold=40)
        after = state.apply(LayMeld(MeldKind.SET, C("Kh Kd Ks")))
        assert Open() not in after.legal_moves()
        after = after.apply(LayMeld(MeldKind.RUN, C("7c 8c 9c")))
        assert Open() in after.legal_moves()

    def test_k51_5_2_one_meld_at_a_time_then_open_or_cancel(self) -> None:
        """While melds are laid no discard; cancel takes them back and ends melding."""
        state = make_state([OPENER, "3s 6d Th", "4s 7d Jh"])
        after = state.apply(LayMeld(MeldKind.SET, C("Kh Kd Ks")))
        assert not any(isinstance(m, Discard) for m in after.legal_moves())
        assert "open" in after.explain(Discard(P("2d")))
        back = after.apply(Cancel())
        assert sorted(back.hands[0]) == sorted(C(OPENER))
        assert not any(isinstance(m, LayMeld) for m in back.legal_moves())
        assert "taken back" in back.explain(LayMeld(MeldKind.SET, C("Kh Kd Ks")))
        assert all(isinstance(m, Discard) for m in back.legal_moves())

    def test_k51_5_2_no_meld_that_cannot_open(self) -> None:
        """A hand whose best melds total below 51 is offered no meld to lay: 2-3-4 of
        hearts and three fives make 24."""
        state = make_state(["2h 3h 4h 5c 5d 5s 9c Kd", "3s 6d Th", "4s 7d Jh"])
        assert not any(isinstance(m, LayMeld) for m in state.legal_moves())
        assert "cannot bring the first lay-down to 51" in state.explain(
            LayMeld(MeldKind.RUN, C("2h 3h 4h"))
        )
        lower = make_state(["2h 3h 4h 5c 5d 5s 9c Kd", "3s 6d Th", "4s 7d Jh"], threshold=24)
        assert LayMeld(MeldKind.RUN, C("2h 3h 4h")) in lower.legal_moves()

    def test_k51_5_3_no_building_before_opening(self) -> None:
        """A player who has not laid down may not lay off, even a card that fits."""
        state = make_state(
            ["4c 2d 9h", "3s 6d Th", "4s 7d Jh"],
            table=((1, "5c 6c 7c", None),),
            opened=(False, True, False),
        )
        assert not any(isinstance(m, LayOff) for m in state.legal_moves())
        assert "K51-5.3" in state.explain(LayOff(P("4c"), 0, Side.LOW))

    def test_k51_5_4_building_from_the_next_turn(self) -> None:
        """In the opening turn new melds yes, building no; the option allows it."""
        table = ((1, "2h 3h 4h", None),)
        hand = "Kh Kd Ks 9c Tc Jc 5h 3d 8s"
        for allowed in (False, True):
            state = make_state(
                [hand, "3s 6d Th", "4s 7d Jh"],
                table=table,
                opened=(False, True, False),
                build_in_opening_turn=allowed,
            )
            state = state.apply(LayMeld(MeldKind.SET, C("Kh Kd Ks")))
            state = state.apply(LayMeld(MeldKind.RUN, C("9c Tc Jc"))).apply(Open())
            build = LayOff(P("5h"), 0, Side.HIGH)
            assert (build in state.legal_moves()) is allowed
            if not allowed:
                assert "K51-5.4" in state.explain(build)


# --------------------------------------------------------------------------- K51-6


DOWN3 = (True, True, False)


class TestBuilding:
    def test_k51_6_1_either_end_of_anyones_run(self) -> None:
        """Cards fit at both ends of a run of another player, and only there."""
        state = make_state(
            ["4c 8c 9c 2d", "3s 6d Th", "4s 7d Jh"],
            table=((1, "5c 6c 7c", None),),
            opened=DOWN3,
        )
        offs = [m for m in state.legal_moves() if isinstance(m, LayOff)]
        assert strs(tuple(offs)) == ["layoff 4c 0 low", "layoff 8c 0 high"]
        after = state.apply(LayOff(P("8c"), 0, Side.HIGH))
        assert str(after.table[0].meld) == "5c-6c-7c-8c"
        assert after.table[0].owner == 1
        assert LayOff(P("9c"), 0, Side.HIGH) in after.legal_moves()

    def test_k51_6_2_fourth_suit_only_missing(self) -> None:
        """A set of three takes only its missing suit; a repeated suit is refused."""
        state = make_state(
            ["Kc Kh 2d", "3s 6d Th", "4s 7d Jh"],
            table=((1, "Ks Kd Kh", None),),
            opened=DOWN3,
        )
        offs = [m for m in state.legal_moves() if isinstance(m, LayOff)]
        assert strs(tuple(offs)) == ["layoff Kc 0"]
        assert "already holds Kh" in state.explain(LayOff(P("Kh"), 0, Side.HIGH))

    def test_k51_6_2_set_with_joker_takes_a_missing_suit(self) -> None:
        """A set with a joker takes a natural of a missing suit (closing it, K51-7.4)."""
        state = make_state(
            ["Kc Ks 2d", "3s 6d Th", "4s 7d Jh"],
            table=((1, "Ks Kd Jk", MeldKind.SET),),
            opened=DOWN3,
        )
        move = LayOff(P("Kc"), 0)
        assert move in state.legal_moves()
        assert LayOff(P("Ks"), 0) not in state.legal_moves()
        assert len(state.apply(move).table[0].meld.cards) == 4

    def test_k51_6_3_melds_only_grow(self) -> None:
        """Over whole greedy deals, a table meld's natural cards are never taken away or
        moved: each meld's naturals stay in it from move to move."""
        game = Kalooki51.create(deals=1)
        for seed in range(6):
            state = game.new_game(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                before = state.table
                state = state.apply(game.greedy_move(state, rng))
                if state.deal != 0 or state.is_terminal:
                    break
                for old, new in zip(before, state.table, strict=False):
                    natural = Counter(c for c in old.meld.cards if not c.is_joker)
                    assert not natural - Counter(new.meld.cards)
                    assert old.owner == new.owner

    def test_k51_6_4_joker_on_any_meld(self) -> None:
        """A joker may be laid on a run's end or as the fourth card of a set of three."""
        state = make_state(
            ["Jk 2d 9h", "3s 6d Th", "4s 7d Jh"],
            table=((1, "5c 6c 7c", None), (1, "Ks Kd Kh", None)),
            opened=DOWN3,
        )
        offs = strs(tuple(m for m in state.legal_moves() if isinstance(m, LayOff)))
        assert offs == ["layoff Jk 0 low", "layoff Jk 0 high", "layoff Jk 1"]
        after = state.apply(LayOff(JOKER, 1))
        assert after.table[1].meld.joker_options(3) == frozenset(C("Kc"))


# --------------------------------------------------------------------------- K51-7


def retrieves(state: State) -> list[str]:
    return [str(m) for m in state.legal_moves() if isinstance(m, Retrieve)]


class TestJokers:
    def test_k51_7_1_run_joker_for_its_card(self) -> None:
        """7c-Jk-9c gives its joker for 8c; the run becomes natural."""
        state = make_state(
            ["8c 2d 5h 6h", "3s 6d Th", "4s 7d Jh"],
            table=((1, "7c Jk 9c", None),),
            opened=DOWN3,
        )
        assert retrieves(state) == ["retrieve 0 8c"]
        after = state.apply(Retrieve(0, C("8c")))
        assert str(after.table[0].meld) == "7c-8c-9c"
        assert JOKER in after.hands[0]
        assert after.loose == 1

    def test_k51_7_2_freed_joker_must_go_on_the_table(self) -> None:
        """Holding a freed joker, only moves that place a joker are legal: no discard."""
        state = make_state(
            ["8c 2d 5h 6h", "3s 6d Th", "4s 7d Jh"],
            table=((1, "7c Jk 9c", None),),
            opened=DOWN3,
        ).apply(Retrieve(0, C("8c")))
        moves = strs(state.legal_moves())
        assert "layoff Jk 0 low" in moves
        assert "meld run Jk,5h,6h" in moves
        assert all("Jk" in m for m in moves)
        assert not any(isinstance(m, Discard) for m in state.legal_moves())
        assert "K51-7.2" in state.explain(Discard(P("2d")))
        placed = state.apply(LayOff(JOKER, 0, Side.HIGH))
        assert placed.loose == 0
        assert any(isinstance(m, Discard) for m in placed.legal_moves())

    def test_k51_7_2_no_release_without_a_place(self) -> None:
        """A release is offered only when the joker can then be placed somewhere."""
        hand = "Kc Kh 2s 9d"
        alone = make_state(
            [hand, "3s 6d Th", "4s 7d Jh"],
            table=((1, "Ks Kd Jk", MeldKind.SET),),
            opened=DOWN3,
        )
        assert retrieves(alone) == []
        assert "no place" in alone.explain(Retrieve(0, C("Kc Kh")))
        with_run = make_state(
            [hand, "3s 6d Th", "4s 7d Jh"],
            table=((1, "Ks Kd Jk", MeldKind.SET), (1, "5c 6c 7c", None)),
            opened=DOWN3,
        )
        assert retrieves(with_run) == ["retrieve 0 Kc,Kh"]

    def test_k51_7_3_three_card_set_needs_both_missing_suits(self) -> None:
        """Ks-Kd-Jk frees its joker for Kc and Kh together; one of them does not free it."""
        state = make_state(
            ["Kc Kh 2s 9d", "3s 6d Th", "4s 7d Jh"],
            table=((1, "Ks Kd Jk", MeldKind.SET), (1, "5c 6c 7c", None)),
            opened=DOWN3,
        )
        assert Retrieve(0, C("Kc")) not in state.legal_moves()
        assert "supply Kc and Kh" in state.explain(Retrieve(0, C("Kc")))
        after = state.apply(Retrieve(0, C("Kc Kh")))
        assert sorted(after.table[0].meld.cards) == sorted(C("Ks Kd Kc Kh"))

    def test_k51_7_4_one_missing_suit_closes(self) -> None:
        """Kc on Ks-Kd-Jk makes a closed set: Kh can no longer free its joker."""
        state = make_state(
            ["Kc Kh 2s 9d", "3s 6d Th", "4s 7d Jh"],
            table=((1, "Ks Kd Jk", MeldKind.SET), (1, "5c 6c 7c", None)),
            opened=DOWN3,
        )
        closed = state.apply(LayOff(P("Kc"), 0))
        assert retrieves(closed) == []
        assert "closed" in closed.explain(Retrieve(0, C("Kh")))
        assert "K51-7.4" in closed.explain(Retrieve(0, C("Kh")))

    def test_k51_7_4_1_joker_as_fourth_card_closes(self) -> None:
        """Ks-Kd-Kc-Jk (joker laid fourth) never frees its joker, not even for Kh."""
        state = make_state(
            ["Kh 2s 9d", "3s 6d Th", "4s 7d Jh"],
            table=((1, "Ks Kd Kc Jk", MeldKind.SET), (1, "5c 6c 7c", None)),
            opened=DOWN3,
        )
        assert retrieves(state) == []
        assert "closed" in state.explain(Retrieve(0, C("Kh")))

    def test_k51_7_5_two_jokers_one_freed_for_two_naturals(self) -> None:
        """Ks-Jk-Jk frees one joker for two missing suits (any two); one natural closes it."""
        state = make_state(
            ["Kc Kh Kd 9d", "3s 6d Th", "4s 7d Jh"],
            table=((1, "Ks Jk Jk", MeldKind.SET), (1, "5c 6c 7c", None)),
            opened=DOWN3,
        )
        assert retrieves(state) == ["retrieve 0 Kc,Kd", "retrieve 0 Kc,Kh", "retrieve 0 Kd,Kh"]
        after = state.apply(Retrieve(0, C("Kc Kd")))
        meld = after.table[0].meld
        assert (len(meld.cards), len(meld.joker_positions)) == (4, 1)
        grown = state.apply(LayOff(P("Kh"), 0))
        assert (len(grown.table[0].meld.cards), len(grown.table[0].meld.joker_positions)) == (4, 2)
        assert retrieves(grown) == []

    def test_k51_7_6_only_a_player_who_laid_down(self) -> None:
        """A player who has not laid down is offered no release."""
        state = make_state(
            ["8c 2d 5h 6h", "3s 6d Th", "4s 7d Jh"],
            table=((1, "7c Jk 9c", None),),
            opened=(False, True, False),
        )
        assert retrieves(state) == []
        assert "K51-5.3" in state.explain(Retrieve(0, C("8c")))


# --------------------------------------------------------------------------- K51-8, 9


class TestEnd:
    def test_k51_8_1_going_out_with_a_discard(self) -> None:
        """The last card discarded ends the deal at once; others score their hands."""
        state = make_state(
            ["9d", "3s 6d Th", "4s 7d Jk"],
            table=((0, "5c 6c 7c", None), (0, "Ks Kd Kh", None)),
            opened=(True, False, False),
        )
        after = state.apply(Discard(P("9d")))
        assert after.is_terminal
        assert after.last_deal is not None
        assert (after.last_deal.winner, after.last_deal.kalooki) == (0, False)
        assert after.scores == (0, 3 + 6 + 10, 4 + 7 + 25)

    def test_k51_8_2_going_kalooki_pays_25_more(self) -> None:
        """A player who lays his whole hand in one turn goes Kalooki: +25 to each other."""
        hand = "Kh Kd Ks 9c Tc Jc 6c 7c 8c 2d 3d 4d 9h"
        state = make_state([hand, "3s 6d Th", "4s 7d Jk"])
        for text, kind in (
            ("Kh Kd Ks", MeldKind.SET),
            ("9c Tc Jc", MeldKind.RUN),
            ("6c 7c 8c", MeldKind.RUN),
            ("2d 3d 4d", MeldKind.RUN),
        ):
            state = state.apply(LayMeld(kind, C(text)))
        state = state.apply(Open()).apply(Discard(P("9h")))
        assert state.last_deal is not None
        assert state.last_deal.kalooki
        assert state.scores == (0, 19 + 25, 36 + 25)

    def test_k51_8_2_building_first_is_no_kalooki(self) -> None:
        """With build_in_opening_turn, a player who builds while going out is only out."""
        hand = "Kh Kd Ks 9c Tc Jc 8c 2d"
        state = make_state(
            [hand, "3s 6d Th", "4s 7d Jk"],
            table=((1, "5c 6c 7c", None),),
            opened=(False, True, False),
            build_in_opening_turn=True,
        )
        state = state.apply(LayMeld(MeldKind.SET, C("Kh Kd Ks")))
        state = state.apply(LayMeld(MeldKind.RUN, C("9c Tc Jc"))).apply(Open())
        state = state.apply(LayOff(P("8c"), 0, Side.HIGH)).apply(Discard(P("2d")))
        assert state.last_deal is not None
        assert not state.last_deal.kalooki
        assert state.scores == (0, 19, 36)

    def test_k51_8_3_discards_become_the_stock(self) -> None:
        """A turn that begins with two cards in the stock puts the pile under it, the top
        discard staying."""
        state = make_state(
            ["2s 5d 9h Kc", "3s 6d Th", "4s 7d Jh"], stock="8h 8s 8d", phase=Phase.DRAW
        )
        pile = len(state.discard)
        after = state.apply(Draw()).apply(Discard(P("Kc")))
        assert after.discard == (P("Kc"),)
        assert len(after.stock) == 2 + pile
        assert after.stock[-2:] == C("8h 8s")  # the stock left stays on top
        assert after.stock_known == pile
        after.validate()
        # which cards lie under the stock is public: a re-deal of hidden cards keeps them
        for k in range(5):
            other = after.resample(1, random.Random(k))
            assert Counter(other.stock[:pile]) == Counter(after.stock[:pile])
            assert other.view(1) == after.view(1)
        drawn = after.apply(Draw()).apply(Discard(P("3s"))).apply(Draw()).apply(Discard(P("4s")))
        assert drawn.stock_known == pile  # the two cards on top were drawn
        assert drawn.apply(Draw()).stock_known == pile - 1

    def test_k51_8_4_turn_limit_ends_with_no_winner(self) -> None:
        """At max_turns the deal ends: everybody scores his hand, no bonus."""
        game = Kalooki51.create(deals=1, max_turns=8)
        state = game.new_game(seed=3)
        while not state.is_terminal:
            state = state.apply(state.legal_moves()[-1])  # always discard, never meld
        assert state.last_deal is not None
        assert state.last_deal.winner is None
        expected = tuple(sum(k51.card_penalty(c) for c in hand) for hand in state.last_deal.hands)
        assert state.scores == expected

    def test_k51_8_4_empty_stock_ends_the_deal(self) -> None:
        """A turn beginning with no stock and nothing to restock ends the deal: here the
        last discard is taken from an empty stock's side and the pile is then one card."""
        base = make_state(["2s 5d 9h Kc", "3s 6d Th", "4s 7d Jh"], stock="", discard="2c",
                          phase=Phase.DRAW)  # fmt: skip
        rest = base.discard[:-1]
        state = base._replace(
            hands=(base.hands[0], base.hands[1], base.hands[2] + rest), discard=C("2c")
        )
        state.validate()
        assert strs(state.legal_moves()) == ["take"]
        after = state.apply(Take()).apply(Discard(P("Kc")))
        assert after.is_terminal
        assert after.last_deal is not None
        assert after.last_deal.winner is None

    def test_k51_9_1_penalties_of_cards_left(self) -> None:
        """The winner scores 0, the others the points of their hands."""
        hands = [(), C("Ah Jk"), C("7c 7d")]
        assert k51.deal_penalties(hands=hands, winner=0) == (0, 36, 14)
        assert k51.deal_penalties(hands=hands, winner=0, joker_penalty=15) == (0, 26, 14)

    def test_k51_9_2_kalooki_bonus(self) -> None:
        """Going Kalooki adds the bonus (25, an option) to every other seat."""
        hands = [C("Kd"), (), C("2c")]
        assert k51.deal_penalties(hands=hands, winner=1, kalooki=True) == (35, 0, 27)
        assert k51.deal_penalties(hands=hands, winner=1, kalooki=True, kalooki_bonus=0) == (
            10, 0, 2,
        )  # fmt: skip

    def test_k51_9_3_deal_penalties_bad_input(self) -> None:
        """A winner holding cards, a Kalooki with no winner, junk: CardRulesError."""
        with pytest.raises(CardRulesError, match="still holds"):
            k51.deal_penalties(hands=[C("2c"), C("3c")], winner=0)
        with pytest.raises(CardRulesError, match="nobody went Kalooki"):
            k51.deal_penalties(hands=[C("2c"), C("3c")], winner=None, kalooki=True)
        with pytest.raises(CardRulesError):
            k51.deal_penalties(hands="2c", winner=None)  # type: ignore[arg-type]
        with pytest.raises(InvalidCardError):
            k51.deal_penalties(hands=[C("Jk Jk"), C("Jk")], winner=None)
        assert k51.deal_penalties(hands=[C("2c 3c"), C("Jk")], winner=None) == (5, 25)


# --------------------------------------------------------------------------- K51-10, 11


class TestMatch:
    def test_k51_10_1_over_the_limit_drops_out(self) -> None:
        """A total above 150 is out: dealt no cards, skipped by the turn."""
        state = make_state(
            ["9d", "3s 6d Th", "4s 7d Jh"],
            table=((0, "5c 6c 7c", None), (0, "Ks Kd Kh", None)),
            opened=(True, False, False),
            totals=(0, 140, 0),
            deals=None,
        )
        after = state.apply(Discard(P("9d")))
        assert after.totals == (0, 159, 21)
        assert after.active == (True, False, True)
        assert after.deal == 1
        assert after.hands[1] == ()
        assert after.turn != 1
        after.validate()

    def test_k51_10_1_last_player_left_wins(self) -> None:
        """When only one player is left under the limit the match is over; he wins."""
        state = make_state(
            ["9d", "3s 6d Th", "4s 7d Jh"],
            table=((0, "5c 6c 7c", None), (0, "Ks Kd Kh", None)),
            opened=(True, False, False),
            totals=(100, 140, 140),
            deals=None,
        )
        after = state.apply(Discard(P("9d")))
        assert after.is_terminal
        assert after.winner == (0,)

    def test_k51_10_1_all_over_together_lowest_wins(self) -> None:
        """If every player still in passes the limit in one deal, the lowest total wins."""
        game = Kalooki51.create(players=2, deals=None, max_turns=8, limit=1)
        state = game.new_game(seed=9)
        while not state.is_terminal:
            state = state.apply(state.legal_moves()[-1])
        low = min(state.totals)
        assert state.winner == tuple(i for i, t in enumerate(state.totals) if t == low)

    def test_k51_10_1_default_match_plays_to_one_player(self) -> None:
        """The default match (greedy play) ends with at most one player under 150."""
        game = Kalooki51.create(players=3)
        state = game.new_game(seed=11)
        rng = random.Random(1)
        while not state.is_terminal:
            state = state.apply(game.greedy_move(state, rng))
        assert sum(t <= 150 for t in state.totals) <= 1 or sum(state.active) == 1
        assert len(state.winner) >= 1
        assert all(state.totals[w] == min(state.totals[i] for i in state.winner)
                   for w in state.winner)  # fmt: skip

    def test_k51_10_2_deals_option(self) -> None:
        """deals=1 is one deal, deals=2 at most two."""
        for deals in (1, 2):
            game = Kalooki51.create(deals=deals, players=2)
            state = game.new_game(seed=5)
            rng = random.Random(2)
            while not state.is_terminal:
                state = state.apply(game.greedy_move(state, rng))
            assert state.deal <= deals - 1

    def test_k51_10_3_lower_is_better(self) -> None:
        """Scores are the penalty totals; lower wins."""
        assert Kalooki51.HIGHER_IS_BETTER is False
        state = make_state(["9d", "3s"], totals=(7, 9))
        assert state.scores == (7, 9)

    def test_k51_11_1_winner_75_others_share_25(self) -> None:
        """100 with totals 20, 60, 90: the winner 75, the others 12.5 each."""
        assert k51.payout(100, [20, 60, 90]) == (Fraction(75), Fraction(25, 2), Fraction(25, 2))

    def test_k51_11_2_more_than_100_behind_no_share(self) -> None:
        """Exactly 100 behind still shares; 101 behind does not, and the 25% goes to the
        qualifying players only (issue 28: the winner keeps 75%)."""
        assert k51.payout(40, [0, 100, 101]) == (Fraction(30), Fraction(10), Fraction(0))
        assert k51.payout(100, [20, 60, 150]) == (Fraction(75), Fraction(25), Fraction(0))

    def test_k51_11_3_unclaimed_shares_and_ties(self) -> None:
        """Tied winners split the 75%; the 25% goes to the winner(s) only when nobody
        qualifies; the sum is exactly the pot (issue 28)."""
        out = k51.payout(40, [30, 30, 50, 200])
        assert out == (Fraction(15), Fraction(15), Fraction(10), Fraction(0))
        assert k51.payout(100, [0, 120, 150]) == (Fraction(100), Fraction(0), Fraction(0))
        odd = k51.payout(1, [0, 1, 2])
        assert sum(odd) == 1
        assert odd[1] == Fraction(1, 8)
        assert k51.payout(10, [5]) == (Fraction(10),)
        for bad in ((-1, [1, 2]), (1.5, [1, 2]), (10, []), (10, [1.0, 2])):
            with pytest.raises(CardRulesError):
                k51.payout(*bad)  # type: ignore[arg-type]


@given(
    st.integers(min_value=0, max_value=10_000),
    st.lists(st.integers(min_value=0, max_value=400), min_size=1, max_size=6),
)
@settings(max_examples=200, deadline=None)
def test_k51_11_payout_properties(pot: int, scores: list[int]) -> None:
    """K51-11.1 to K51-11.3: exact shares that add up to the pot; the winners take 75%
    (all of it when nobody qualifies for a share), the qualifying others 25%, equal totals
    get equal amounts, a player over 100 behind gets nothing."""
    out = k51.payout(pot, scores)
    assert sum(out) == pot
    assert all(isinstance(x, Fraction) and x >= 0 for x in out)
    best = min(scores)
    sharing = [i for i, s in enumerate(scores) if s != best and s - best <= 100]
    to_winners = sum(out[i] for i, s in enumerate(scores) if s == best)
    assert to_winners == (Fraction(pot) * 3 / 4 if sharing else pot)
    for score, amount in zip(scores, out, strict=True):
        if score - best > 100:
            assert amount == 0
    for i, a in enumerate(scores):
        for j, b in enumerate(scores):
            if a == b:
                assert out[i] == out[j]


# --------------------------------------------------------------------------- protocol


class TestProtocol:
    def test_conformance_kit_player_counts(self) -> None:
        """The kit passes one-deal games of 2 to 6 players and the options."""
        for players in (2, 3, 6):
            check_game(Kalooki51.create(players=players, deals=1), playouts=2)
        check_game(
            Kalooki51.create(deals=1, ace_low=False, joker_penalty=15, build_in_opening_turn=True),
            playouts=2,
        )

    def test_registry(self) -> None:
        """Registered as kalooki51."""
        assert "kalooki51" in games.names()
        assert isinstance(games.create("kalooki51"), Kalooki51)

    def test_replay_json_and_notation(self) -> None:
        """Greedy games replay from their move texts, survive JSON, and every legal move
        prints and parses back."""
        game = Kalooki51.create(deals=1)
        for seed in range(3):
            state = game.new_game(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                for move in state.legal_moves():
                    assert game.parse_move(state, str(move)) == move
                state = state.apply(game.greedy_move(state, rng))
            assert game.replay(seed, [str(m) for m in state.history]) == state
            assert game.state_from_json(state.to_json()) == state
            json.loads(state.to_json())

    def test_greedy_plays_legal_and_legal_moves_small(self) -> None:
        """The bot's moves are legal; the legal moves stay a short list."""
        game = Kalooki51.create(deals=1)
        most = 0
        for seed in range(8):
            state = game.new_game(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                moves = state.legal_moves()
                most = max(most, len(moves))
                move = greedy_move(state, rng)
                assert move in moves
                state = state.apply(move)
        assert most < 200

    def test_random_play_ends(self) -> None:
        """Uniform random play ends every deal and the default match."""
        game = Kalooki51.create()
        for seed in range(2):
            state = game.new_game(seed=seed)
            rng = random.Random(seed)
            steps = 0
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_moves()))
                steps += 1
            assert steps < 20_000

    def test_render(self) -> None:
        """render shows one seat's own hand and the table, not the others' hands."""
        state = make_state(
            ["2s 5d", "3s 6d Th"], table=((1, "5c 6c 7c", None),), opened=(False, True)
        )
        text = k51.render(state.view(0))
        assert text.startswith("== Kalooki 51: deal 1, open with 51 ==")  # titled (issue 26)
        assert "your hand: 5d 2s (2 cards)" in text  # sorted as the other games sort
        assert "0. 5c-6c-7c  (run, seat 1)" in text
        assert "3s" not in text

    def test_illegal_moves_name_the_rule(self) -> None:
        """Illegal moves raise IllegalMoveError with the clause; junk fields are named."""
        state = make_state(["2s 5d 9h Kc", "3s 6d Th", "4s 7d Jh"])
        with pytest.raises(IllegalMoveError, match=r"K51-2\.2"):
            state.apply(LayMeld(MeldKind.RUN, C("2s 5d 9h")))
        with pytest.raises(IllegalMoveError, match="not in the hand"):
            state.apply(LayMeld(MeldKind.SET, C("Kh Kd Ks")))
        with pytest.raises(
            IllegalMoveError, match=r"named by its number|field target must be a whole number"
        ):
            state.apply(LayOff(P("2s"), "0", Side.LOW))  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError, match="no first lay-down"):
            state.apply(Open())


def test_k51_11_3_many_tied_winners_split_the_75_percent() -> None:
    """K51-11.3 (issue 28): four tied winners split 75% of 50 (9.375 each) and the other
    takes the 25% (12.5): no pooling, which no source describes (by hand)."""
    assert k51.payout(50, [0, 0, 0, 0, 10]) == (Fraction(75, 8),) * 4 + (Fraction(25, 2),)
    # Two tied winners stay above the share: 37.5 / 2 = 18.75 each, 12.5 for the other.
    assert k51.payout(50, [0, 0, 10]) == (Fraction(75, 4), Fraction(75, 4), Fraction(25, 2))
