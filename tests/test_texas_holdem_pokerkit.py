"""Texas Hold'em against PokerKit (a test extra): PHH exports of random hands and
pot-limit play replayed by PokerKit end with the same stacks (TH-17.1, TH-3.4)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import games
from cardrules.errors import OptionError
from cardrules.games.texas_holdem import Bet, Phase, Raise, State, TexasHoldem, to_phh
from cardrules.games.texas_holdem.state import first_state


def game(**options: Any) -> TexasHoldem:
    created = games.create("texas_holdem", **options)
    assert isinstance(created, TexasHoldem)
    return created


pokerkit = pytest.importorskip("pokerkit")


def _odd_chips_differ(state: State) -> set[int]:
    """The hands with a pot split three ways or more leaving two odd chips or more:
    one each from the button here (TH-11.4), all to the first winner in PokerKit."""
    cur = first_state(state)
    out = set()
    for move in state.history:
        cur = cur.apply(move)
        for result in cur.finished:
            if any(len(p.winners) > 2 and p.amount % len(p.winners) > 1 for p in result.pots):
                out.add(result.deal)
    return out


def _pokerkit_stacks(text: str) -> list[int]:
    states = list(pokerkit.HandHistory.loads(text))
    return list(states[-1].stacks)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 6},
        {"players": 3, "ante": 1},
        {"players": 4, "bb_ante": 2},
        {"players": 2, "structure": "fixed_limit"},
        {"players": 4, "structure": "fixed_limit"},
        {"players": 6, "stack": 50, "small_blind": 2, "big_blind": 5},
    ],
)
def test_th_17_1_pokerkit_replays_exported_hands(options: dict[str, Any]) -> None:
    """TH-17.1: random hands exported to PHH and read by PokerKit end with the same stacks."""
    g = game(deals=15, **options)
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        state = g.new_game(seed)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
        differ = _odd_chips_differ(state)
        for deal in range(state.deal):
            if deal in differ:
                continue
            try:
                text = to_phh(state, deal)
            except OptionError:
                continue  # a hand every seat was all-in for from the blinds
            final = [
                int(x) for x in text.split("finishing_stacks = [")[1].split("]")[0].split(", ")
            ]
            assert _pokerkit_stacks(text) == final, text
            checked += 1
    assert checked >= 10
    assert Phase.OVER is state.phase


@pytest.mark.parametrize("players", [2, 3, 6])
def test_th_3_4_pot_limit_ranges_and_stacks_match_pokerkit(players: int) -> None:
    """TH-3.4, TH-7.1: pot-limit bet and raise ranges, and final stacks, as PokerKit's.

    PHH has no pot-limit Hold'em, so PokerKit's own pot-limit structure is put on
    its Texas Hold'em rules here and fed the same cards and the same moves.
    """
    from pokerkit import Automation
    from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem

    class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
        pass

    autos = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(players)
    g = game(players=players, deals=1, structure="pot_limit")
    compared = 0
    for seed in range(12):
        ours = g.new_game(seed)
        order = [(ours.button + k) % players for k in range(1, players + 1)]
        pk = PotLimitTexasHoldem(autos, False, 0, (1, 2), 2)((200,) * players, players)
        for seat in order:
            pk.deal_hole("".join(str(c) for c in ours.holes[seat]))
        dealt = 0
        while True:
            board = ours.last_deal.board if ours.is_terminal and ours.last_deal else ours.board
            while pk.status and (pk.can_burn_card() or pk.can_deal_board()):
                if pk.can_burn_card():
                    pk.burn_card("??")
                else:
                    size = 3 if dealt == 0 else 1
                    pk.deal_board("".join(str(c) for c in board[dealt : dealt + size]))
                    dealt += size
            if ours.is_terminal:
                break
            assert order[pk.actor_index] == ours.turn
            kind = Raise if ours.level else Bet
            bounds = ours.amount_range(kind)
            if pk.can_complete_bet_or_raise_to():
                want = (
                    pk.min_completion_betting_or_raising_to_amount,
                    pk.max_completion_betting_or_raising_to_amount,
                )
                assert bounds == want
                compared += 1
            else:
                assert bounds is None
            move = rng.choice(ours.legal_moves())
            if isinstance(move, (Bet, Raise)):
                pk.complete_bet_or_raise_to(move.amount)
            elif str(move) == "fold":
                pk.fold()
            else:
                pk.check_or_call()
            ours = ours.apply(move)
        assert [ours.stacks[seat] for seat in order] == list(pk.stacks)
    assert compared >= 10
