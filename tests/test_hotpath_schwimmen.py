"""Schwimmen's special-hand test (issue 29) skips the showdown key for a hand that is
neither of one suit nor three of a kind; it must still name exactly the hands that end
the deal at once (SCH-5.3): three aces (32, "fire") and 31 in one suit, as the public
``hand_value`` scores them, for every three-card hand of both packs, in every order.
"""

from __future__ import annotations

import itertools

import pytest

from cardrules import games
from cardrules.games.schwimmen import End, hand_value


@pytest.mark.parametrize("full_pack", [False, True])
def test_sch_5_3_special_matches_hand_value_on_every_hand(full_pack: bool) -> None:
    state = games.create("schwimmen", full_pack=full_pack).new_game(seed=1)
    seen = {End.THREE_ACES: 0, End.THIRTY_ONE: 0}
    for combo in itertools.combinations(state.deck().cards, 3):
        value = hand_value(combo, full_pack=full_pack)
        want = End.THREE_ACES if value == 32 else End.THIRTY_ONE if value == 31 else None
        orders = itertools.permutations(combo) if not full_pack else (combo, combo[::-1])
        for hand in orders:
            got = state.special(hand)
            assert got is want, (hand, value, got)
            if got is not None:
                seen[got] += 1
    assert seen[End.THREE_ACES]  # both kinds were met
    assert seen[End.THIRTY_ONE]
