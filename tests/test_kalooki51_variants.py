"""Issue 28: Kalooki 51's corrected rules and the variants real tables play.

The elimination end (K51-10.1), buying back in (K51-10.4), four jokers (K51-1.1), Kalooki
40's must-lay rule (K51-4.5), and the whole protocol with each option on. The pot (K51-11),
the final discard (K51-4.4) and the twin discard (K51-4.3) are tested in
``test_kalooki51.py`` beside the rules they change.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from cardrules import JOKER, IllegalMoveError, games, load_state
from cardrules.games.kalooki51 import Cancel, Discard, Kalooki51, LayMeld, Open, Phase, Take
from cardrules.games.kalooki51._play import _end_deal
from cardrules.melds import MeldKind
from cardrules.testing import check_game
from tests.test_kalooki51 import C, P, make_state


class TestElimination:
    """K51-10.1: the match ends when the last players pass the limit together."""

    def test_k51_10_1_all_over_together_ends_the_match_equal_lowest_share(self) -> None:
        """Two players at 145 each score 9 in a deal with no winner: both pass 150 with
        equal totals; the match ends (no deal among players all over the limit) and both
        win."""
        state = make_state(["9d", "9c"], totals=(145, 145), deals=None)
        after = _end_deal(state, None, kalooki=False)
        assert after.totals == (154, 154)
        assert after.phase is Phase.OVER
        assert after.is_terminal
        assert after.winner == (0, 1)

    def test_k51_10_1_all_over_together_the_lowest_wins_alone(self) -> None:
        """The lowest of the players who pass the limit together wins alone."""
        state = make_state(["9d", "2c"], totals=(145, 150), deals=None)
        after = _end_deal(state, None, kalooki=False)
        assert after.totals == (154, 152)
        assert after.is_terminal
        assert after.winner == (1,)


class TestBuyBack:
    """K51-10.4 option ``buy_back``: a player over the limit buys back in."""

    def _state(self, **options: Any) -> Any:
        state = make_state(["9d 9c", "", "2s"], totals=(140, 0, 0), turn=1, deals=None, **options)
        return state

    def test_k51_10_4_buys_back_at_the_highest_total_still_in(self) -> None:
        """Seat 0 passes 150 (140 + 18); with ``buy_back=1`` he is back in at the highest
        total of those still in (seat 2's 2 points), and his buy-in is counted."""
        after = _end_deal(self._state(buy_back=1), 1, kalooki=False)
        assert after.totals == (2, 0, 2)
        assert after.active == (True, True, True)
        assert after.bought == (1, 0, 0)
        assert after.view(2).bought == (1, 0, 0)
        assert not after.is_terminal

    def test_k51_10_4_no_buy_back_by_default_or_beyond_the_option(self) -> None:
        """Without the option, or once the buy-ins are spent, the player is out."""
        after = _end_deal(self._state(), 1, kalooki=False)
        assert after.totals == (158, 0, 2)
        assert after.active == (False, True, True)
        spent = self._state(buy_back=1)._replace(bought=(1, 0, 0))
        after = _end_deal(spent, 1, kalooki=False)
        assert after.active == (False, True, True)
        assert after.bought == (1, 0, 0)

    def test_k51_10_4_no_buy_back_when_one_player_is_left(self) -> None:
        """When only one player would be left, the match is over: nobody buys back in."""
        state = make_state(["9d 9c", ""], totals=(140, 0), turn=1, deals=None, buy_back=3)
        after = _end_deal(state, 1, kalooki=False)
        assert after.is_terminal
        assert after.winner == (1,)


class TestFourJokers:
    """K51-1.1 option ``jokers=4``: 108 cards."""

    def test_k51_1_1_four_jokers_make_108_cards(self) -> None:
        """The pack has four jokers and every card is dealt from it."""
        state = Kalooki51.create(jokers=4, deals=1).new_game(seed=5)
        assert state.deck().size == 108
        assert Counter(state.all_cards())[JOKER] == 4
        assert len(list(state.all_cards())) == 108


class TestMeldTaken:
    """K51-4.5 option ``meld_taken`` (Kalooki 40): the pile's card must be laid."""

    HAND = "Kd Ks 9c 9d 9s 2h 5h 8d Jc 3s 6s 4d 7c"  # the kings and nines: 57 with Kc

    def test_k51_4_5_take_only_a_card_that_can_be_laid(self) -> None:
        """The top discard is offered only when the hand can lay it this turn."""
        useful = make_state([self.HAND, "3c 6d Th"], discard="Kc", phase=Phase.DRAW,
                            meld_taken=True)  # fmt: skip
        assert Take() in useful.legal_moves()
        useless = make_state([self.HAND, "3c 6d Th"], discard="Qh", phase=Phase.DRAW,
                             meld_taken=True)  # fmt: skip
        assert Take() not in useless.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"K51-4\.5"):
            useless.apply(Take())
        free = make_state([self.HAND, "3c 6d Th"], discard="Qh", phase=Phase.DRAW)
        assert Take() in free.legal_moves()

    def test_k51_4_5_the_taken_card_must_be_in_the_first_lay_down(self) -> None:
        """After taking Kc: no discard and no ``open`` until a meld holds it."""
        state = make_state([self.HAND, "3c 6d Th"], discard="Kc", phase=Phase.DRAW,
                           meld_taken=True)  # fmt: skip
        state = state.apply(Take())
        assert state.to_lay
        assert not any(isinstance(m, Discard) for m in state.legal_moves())
        state = state.apply(LayMeld(MeldKind.SET, C("9c 9d 9s")))
        assert Open() not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"K51-4\.5"):
            state.apply(Open())
        state = state.apply(LayMeld(MeldKind.SET, C("Kc Kd Ks")))
        assert Open() in state.legal_moves()
        state = state.apply(Open())
        assert not state.to_lay
        assert any(isinstance(m, Discard) for m in state.legal_moves())

    def test_k51_4_5_a_player_who_cannot_lay_it_any_more_discards(self) -> None:
        """Decision: after taking his lay-down back the player discards as usual."""
        state = make_state([self.HAND, "3c 6d Th"], discard="Kc", phase=Phase.DRAW,
                           meld_taken=True)  # fmt: skip
        state = state.apply(Take()).apply(LayMeld(MeldKind.SET, C("9c 9d 9s")))
        state = state.apply(Cancel())
        discards = [m for m in state.legal_moves() if isinstance(m, Discard)]
        assert discards
        assert P("Kc") not in [m.card for m in discards]  # still not the card taken


VARIANTS = [
    {"final_discard": False},
    {"jokers": 4},
    {"buy_back": 2, "limit": 60, "deals": None},
    {"meld_taken": True},
    {"meld_taken": True, "threshold": 40, "jokers": 4, "joker_penalty": 15},
]


@pytest.mark.parametrize("options", VARIANTS, ids=[json.dumps(v) for v in VARIANTS])
def test_k51_the_whole_protocol_with_each_option_on(options: dict[str, Any]) -> None:
    """Issue 28: with each option on, the conformance kit passes, saves load back, views
    come back from JSON, the action space numbers every legal move and sample_state deals a
    state the seat cannot tell from the real one."""
    opts = {"deals": 1, **options}
    game = games.create("kalooki51", **opts)
    check_game(game, seeds=[3, 11], deep_every=7)
    rng = random.Random(1)
    state = game.new_game(seed=7)
    for step in range(400):
        if state.is_terminal:
            break
        legal = state.legal_moves()
        mask = state.action_mask()
        assert sum(mask) == len({game.action_index(m) for m in legal})
        if step % 25 == 0:
            assert load_state(state.to_json()) == state
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            assert json.loads(view.to_json())["options"]
            sampled = game.sample_state(view, random.Random(step))
            assert sampled.view(seat) == view
            assert len(state.observation(seat)) == game.observation_size
        state = state.apply(rng.choice(legal))
