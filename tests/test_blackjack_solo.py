"""Blackjack's one-seat moves by direct copies (``_solo``) against the working-copy Table.

The common moves of one seat (a bet that deals a hand to play, a hit, a stand, the
dealer's play and settlement after them) skip the Table of ``_round``; every rule stays
the Table's. These tests play many option sets at random and check, at every state, that
each legal move gives the very state the Table gives (BJ-5 to BJ-12), and that legal
moves a copy carries are the ones the state itself lists.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardrules import games
from cardrules.games.blackjack import Phase

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"deals": 1, "packs": 1},
    {"packs": 1, "deals": 60},  # the shoe reshuffled many times (BJ-3.3)
    {"hit_soft_17": True, "six_to_five": True},
    {"surrender": True, "even_money": True},
    {"double_for_less": True, "double_any_two": True, "double_after_split": True},
    {"no_hole_card": True},
    {"max_hands": 4, "resplit_aces": True, "split_unlike_tens": True},
    {"hit_split_aces": True},
    {"bankroll": 10, "min_bet": 2, "max_bet": 10, "deals": 30},
    {"players": 3, "packs": 1, "deals": 8},
]


def _moves_agree(state: Any) -> int:
    """Check every legal move of ``state``; the number of moves checked."""
    for move in state.legal_moves():
        fast = state._next(move)
        slow = state._by_table(move)
        assert fast == slow, (state.to_json(), str(move))
        if fast._legal is not None:
            assert fast._legal == fast._generate_moves()
    return len(state.legal_moves())


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_bj_5_to_12_one_seat_copies_equal_the_table(options: dict[str, Any]) -> None:
    """BJ-5 to BJ-12: each move made by a direct copy is the Table's move."""
    game = games.create("blackjack", **options)
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_game(seed)
        while not state.is_terminal:
            checked += _moves_agree(state)
            state = state.apply(rng.choice(state.legal_moves()))
    assert checked > 100


def test_bj_3_5_a_shoe_run_out_mid_round_is_left_to_the_table() -> None:
    """BJ-3.5: with too few cards for the round, the moves still equal the Table's
    (the tray is shuffled in), also when one card is left for the dealer's draw."""
    game = games.create("blackjack", packs=1, deals=1)
    for seed in range(40):
        state = game.new_game(seed)
        for left in (0, 1, 2, 3, 4, 5):
            cut = state.shoe[len(state.shoe) - left - 4 :]  # four to deal, ``left`` more
            short = state._replace(shoe=cut, tray=state.shoe[: len(state.shoe) - len(cut)], cut=0)
            _moves_agree(short)
            bet = short.apply(short.legal_moves()[0])
            while not bet.is_terminal and bet.phase is Phase.PLAY:
                _moves_agree(bet)
                bet = bet.apply(random.Random(seed + left).choice(bet.legal_moves()))
