"""``poker.evaluate_board``: hole pairs valued with one shared board (LIR-3 ranking).

Each value must equal ``evaluate`` of the seven cards (itself checked against
published counts and treys in test_poker_evaluate.py), flushes of six and seven
cards included.
"""

from __future__ import annotations

import random

from cardrules import decks, parse_cards
from cardrules.poker import encode, evaluate, evaluate_board

DECK = decks.standard().cards


def test_lir_3_board_values_match_evaluate_on_random_deals() -> None:
    rng = random.Random(29)
    for _ in range(3000):
        cards = rng.sample(DECK, 5 + 2 * 6)
        board, holes = cards[:5], [cards[5 + 2 * i : 7 + 2 * i] for i in range(6)]
        got = evaluate_board(encode(board), [encode(h) for h in holes])
        assert got == [evaluate([*h, *board]).value for h in holes]


def test_lir_3_board_values_with_flushes_of_six_and_seven_cards() -> None:
    board = parse_cards("Ah 9h 5h 2h Kc")
    holes = [parse_cards("Qh 3h"), parse_cards("Jh 8d"), parse_cards("Kd Ks"), parse_cards("4h 3h")]
    got = evaluate_board(encode(board), [encode(h) for h in holes])
    assert got == [evaluate([*h, *board]).value for h in holes]
    # the straight flush 5-4-3-2-A beats the ace-high flush, which beats the jack's flush
    assert got[3] > got[0] > got[1] > got[2]
