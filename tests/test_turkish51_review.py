"""Turkish 51 rules review (issue 11): fixed rules and the options of revisited decisions.

Clauses of ``seeds/turkish51.md``; the hand-made states come from ``test_turkish51``.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from cardrules import JOKER, IllegalMoveError, OptionError, parse_card
from cardrules.games.turkish51 import (
    Declare,
    Discard,
    LayMeld,
    LayOff,
    Open,
    Phase,
    Retrieve,
    Side,
    Take,
    Turkish51,
)
from cardrules.games.turkish51.bot import greedy_move
from cardrules.melds import MeldKind
from cardrules.testing import check_game

from .test_turkish51 import OTHERS_T, TABLE, C, make_state

DOWN0 = (True, True, False, False)  # seat 0 and the owner of the table melds are down
SEVEN_DOUBLES = "7c 7c 9h 9h Ks Ks Td Td Js Js 3c 3c Qd Qd Jk"


def _card(text: str) -> Any:
    return parse_card(text)


# --------------------------------------------------------------------------- T51-4.6


class TestTakenCardNotDiscarded:
    """T51-4.6: the card taken from the pile does not go back in that turn, last or not."""

    def test_t51_4_6_taken_joker_not_the_last_discard(self) -> None:
        """Holding 4c, seat 0 takes a joker: laying 4c off would leave only the joker, so
        the lay-off is refused (it used to let him go out on the joker, doubling every
        charge); he may discard 4c."""
        state = make_state(
            ["4c", *OTHERS_T],
            table=(TABLE[0], TABLE[3]),
            opened=DOWN0,
            phase=Phase.DRAW,
            discard="Jk",
        )
        state = state.apply(Take())
        lay = LayOff(_card("4c"), 0, Side.LOW)
        assert lay not in state.legal_moves()
        assert Discard(JOKER) not in state.legal_moves()
        assert set(state.legal_moves()) == {
            LayOff(JOKER, 0, Side.LOW),  # the joker itself may be laid off
            LayOff(JOKER, 0, Side.HIGH),
            Discard(_card("4c")),
        }
        with pytest.raises(IllegalMoveError, match=r"only the Jk just taken.*\(T51-4\.6\)"):
            state.apply(lay)
        with pytest.raises(IllegalMoveError, match=r"just taken.*\(T51-4\.6\)"):
            state.apply(Discard(JOKER))

    def test_t51_4_6_taken_joker_laid_off_and_freed_again(self) -> None:
        """A joker taken, laid off on 5h-6h-7h and freed again with 8h is still the card
        taken: 4c may not be laid off to leave it last."""
        table = ((1, "5h 6h 7h", MeldKind.RUN), (1, "5c 6c 7c", MeldKind.RUN))
        state = make_state(
            ["8h 4c", "2d 3d 4d 5d 6d", "2s 3s 4s 5s 6s", "2h 3h 4h 9h Th"],
            table=table,
            opened=DOWN0,
            phase=Phase.DRAW,
            discard="Jk",
        )
        state = state.apply(Take()).apply(LayOff(JOKER, 0, Side.HIGH))
        state = state.apply(Retrieve(0, C("8h")))
        assert sorted(state.hands[0]) == sorted((JOKER, _card("4c")))
        assert LayOff(_card("4c"), 1, Side.LOW) not in state.legal_moves()
        assert "T51-4.6" in state.explain(LayOff(_card("4c"), 1, Side.LOW))

    def test_t51_4_6_meld_leaving_only_the_taken_card_refused(self) -> None:
        """Once down, seat 0 takes 9s: melding 2c-3c-4c would leave only 9s."""
        state = make_state(
            ["2c 3c 4c", *OTHERS_T], opened=DOWN0, table=TABLE, phase=Phase.DRAW, discard="9s"
        )
        state = state.apply(Take())
        meld = LayMeld(MeldKind.RUN, C("2c 3c 4c"))
        assert meld not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"T51-4\.6"):
            state.apply(meld)

    def test_t51_4_6_random_play_never_discards_the_taken_card(self) -> None:
        """In random deals no turn that took the discard ends by discarding that card
        unless a copy of it stayed in the hand."""
        game = Turkish51.create(deals=1)
        for seed in range(6):
            state = game.new_game(seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                move = rng.choice(state.legal_moves())
                if isinstance(move, Discard) and state.taken == move.card:
                    assert state.hands[state.turn].count(move.card) > 1
                state = state.apply(move)


# --------------------------------------------------------------------------- T51-5.3, 7.2

HAND_87 = "9c 9d 9s 6h 7h 8h 9h Kc Kd Kh 2c 4d"  # 9s 27 + 6h-9h 30 + Ks 30 = 87


class TestWholeOpening:
    """T51-5.3, T51-7.2: the threshold is the value of all melds of the turn of opening."""

    @pytest.mark.parametrize(
        ("order", "after_open"), [((0, 1, 2), 0), ((0, 1, 2), 1), ((0, 2, 1), 1), ((2, 1, 0), 1)]
    )
    def test_t51_5_3_threshold_is_the_whole_opening(
        self, order: tuple[int, ...], after_open: int
    ) -> None:
        """Three melds (27 + 30 + 30) make a threshold of 87 whatever their order and
        whether the last is laid before or after ``open``; the next player must exceed 87."""
        all_melds = [
            LayMeld(MeldKind.SET, C("9c 9d 9s")),
            LayMeld(MeldKind.RUN, C("6h 7h 8h 9h")),
            LayMeld(MeldKind.SET, C("Kc Kd Kh")),
        ]
        melds = [all_melds[i] for i in order]
        state = make_state([HAND_87, *OTHERS_T])
        split = len(melds) - after_open
        for meld in melds[:split]:
            state = state.apply(meld)
        state = state.apply(Open())
        for meld in melds[split:]:
            state = state.apply(meld)
        assert state.threshold == 87
        nxt = state.apply(Discard(_card("4d")))
        assert (nxt.turn, nxt.threshold) == (1, 87)

    def test_t51_5_3_later_turns_do_not_raise(self) -> None:
        """A meld laid in a later turn is no part of the opening."""
        state = make_state([HAND_87, *OTHERS_T], table=TABLE, opened=(False, True, True, True))
        for meld in (LayMeld(MeldKind.SET, C("9c 9d 9s")), LayMeld(MeldKind.SET, C("Kc Kd Kh"))):
            state = state.apply(meld)
        state = state.apply(Open())
        assert state.threshold == 57
        state = state.apply(Discard(_card("2c")))
        state = attrs.evolve(state, turn=0, phase=Phase.PLAY)
        state = state.apply(LayMeld(MeldKind.RUN, C("6h 7h 8h 9h")))
        assert state.threshold == 57

    def test_t51_7_2_doubles_count_is_the_whole_opening(self) -> None:
        """Four doubles, open, a fifth double in the same turn: the next doubles player
        must lay more than five."""
        state = make_state(
            [SEVEN_DOUBLES.replace(" Jk", ""), *OTHERS_T], doubles=(True, False, False, False)
        )
        for pair in ("7c 7c", "9h 9h", "Ks Ks", "Td Td"):
            state = state.apply(LayMeld(MeldKind.DOUBLE, C(pair)))
        state = state.apply(Open())
        assert state.doubles_threshold == 4
        state = state.apply(LayMeld(MeldKind.DOUBLE, C("Js Js")))
        assert state.doubles_threshold == 5


# --------------------------------------------------------------------------- options


class TestFineOptions:
    """T51-6.5 and T51-8.6 options: what a discard is fined for, and the cap."""

    def test_t51_6_5_card_freeing_a_full_set_joker_fined(self) -> None:
        """Kh fits nothing on Kc-Kd-Ks-Jk but frees its joker: fined by default."""
        kwargs: dict[str, Any] = {"table": TABLE[1:2], "opened": DOWN0}
        state = make_state(["Kh Qh 2h", *OTHERS_T], **kwargs)
        assert state.apply(Discard(_card("Kh"))).fines == (50, 0, 0, 0)
        off = make_state(["Kh Qh 2h", *OTHERS_T], fine_joker_card=False, **kwargs)
        assert off.apply(Discard(_card("Kh"))).fines == (0, 0, 0, 0)

    def test_t51_6_5_joker_fine_always(self) -> None:
        """With nothing on the table a joker discard is free by default; with
        ``joker_fine="always"`` it costs 50 (Okey 101 practice); the last discard never."""
        state = make_state(["Jk 2h 3d", *OTHERS_T])
        assert state.apply(Discard(JOKER)).fines == (0, 0, 0, 0)
        always = make_state(["Jk 2h 3d", *OTHERS_T], joker_fine="always")
        assert always.apply(Discard(JOKER)).fines == (50, 0, 0, 0)
        off = make_state(["Jk 2h 3d", *OTHERS_T], joker_fine="always", discard_penalty="off")
        assert off.apply(Discard(JOKER)).fines == (0, 0, 0, 0)
        last = make_state(["Jk", *OTHERS_T], joker_fine="always", table=TABLE[:1], opened=DOWN0)
        end = last.apply(Discard(JOKER))
        assert end.last_deal is not None
        assert end.last_deal.fines == (0, 0, 0, 0)
        with pytest.raises(OptionError):
            Turkish51.create(joker_fine="never")

    @pytest.mark.parametrize(("cap_fines", "seat1"), [(True, 800), (False, 850)])
    def test_t51_8_6_cap_bounds_fines(self, cap_fines: bool, seat1: int) -> None:
        """Seven doubles at once and a joker last: 800 to every player never down. Seat 1
        was fined 50 this deal: by default the cap bounds charge and fine together (800),
        with ``cap_fines=False`` the fine comes on top (850)."""
        state = make_state(
            [SEVEN_DOUBLES, *OTHERS_T],
            doubles=(True, False, False, False),
            cap_fines=cap_fines,
            deals=1,
        )
        state = attrs.evolve(state, fines=(0, 50, 0, 0))
        for pair in ("7c 7c", "9h 9h", "Ks Ks", "Td Td", "Js Js", "3c 3c", "Qd Qd"):
            state = state.apply(LayMeld(MeldKind.DOUBLE, C(pair)))
        end = state.apply(Open()).apply(Discard(JOKER))
        assert end.last_deal is not None
        assert end.last_deal.charges == (0, 800, 800, 800)
        assert end.totals == (0, seat1, 800, 800)
        assert end.last_deal.fines == (0, seat1 - 800, 0, 0)

    def test_t51_8_6_fines_below_the_cap_count_whole(self) -> None:
        """A charge of 20 and a fine of 50: 70 either way."""
        state = make_state(["2h", "Kh Qh", "2s 3s", "9d"], table=TABLE, opened=DOWN0)
        state = attrs.evolve(state, fines=(0, 50, 0, 0))
        end = state.apply(Discard(_card("2h")))
        assert end.totals == (0, 70, 100, 100)


class TestTakeOptions:
    """T51-4.4 option ``use_taken_down``: a discard taken once down is laid at once."""

    def test_t51_4_4_take_offered_only_when_usable(self) -> None:
        """Ks fits nothing: taking it is free by default, refused with the option; 4c fits
        5c-6c-7c and may be taken."""
        kwargs: dict[str, Any] = {"table": TABLE, "opened": DOWN0, "phase": Phase.DRAW}
        state = make_state(["2h 9s 3d", *OTHERS_T], discard="Ks", **kwargs)
        assert Take() in state.legal_moves()
        strict = make_state(["2h 9s 3d", *OTHERS_T], discard="Qs", use_taken_down=True, **kwargs)
        assert Take() not in strict.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"at once \(T51-4\.4, option use_taken_down"):
            strict.apply(Take())
        usable = make_state(["2h 9s 3d", *OTHERS_T], discard="4c", use_taken_down=True, **kwargs)
        assert Take() in usable.legal_moves()

    def test_t51_4_4_t51_4_6_no_take_that_would_strand_the_twin(self) -> None:
        """Holding 4c alone, seat 0 may not take the other 4c under the option: laying one
        off would leave a 4c, which counts as the card taken and could not be discarded."""
        kwargs: dict[str, Any] = {"table": TABLE, "opened": DOWN0, "phase": Phase.DRAW}
        strict = make_state(["4c", *OTHERS_T], discard="4c", use_taken_down=True, **kwargs)
        assert Take() not in strict.legal_moves()
        free = make_state(["4c", *OTHERS_T], discard="4c", **kwargs).apply(Take())
        assert free.legal_moves() == (Discard(_card("4c")),)  # the twin may go

    def test_t51_4_4_taken_card_laid_before_anything_else(self) -> None:
        """After taking 4c only moves that lay it are legal; a discard is refused naming
        the clause; once 4c is laid off the turn goes on as usual."""
        state = make_state(
            ["2h 9s 3d", *OTHERS_T],
            discard="4c",
            table=TABLE,
            opened=DOWN0,
            phase=Phase.DRAW,
            use_taken_down=True,
        )
        state = state.apply(Take())
        assert state.legal_moves() == (LayOff(_card("4c"), 0, Side.LOW),)
        with pytest.raises(IllegalMoveError, match=r"laid at once.*\(T51-4\.4"):
            state.apply(Discard(_card("2h")))
        state = state.apply(LayOff(_card("4c"), 0, Side.LOW))
        assert Discard(_card("2h")) in state.legal_moves()

    def test_t51_4_4_taken_card_in_a_new_meld(self) -> None:
        """Taking 9c to meld 7c-8c-9c is allowed with the option and needs that meld."""
        state = make_state(
            ["7c 8c 2h 3d", *OTHERS_T],
            discard="9c",
            opened=DOWN0,
            table=TABLE[1:2],
            phase=Phase.DRAW,
            use_taken_down=True,
        )
        state = state.apply(Take())
        assert state.legal_moves() == (LayMeld(MeldKind.RUN, C("7c 8c 9c")),)


class TestOpeningOptions:
    """T51-6.1 option ``layoff_on_opening``; T51-7.2 option ``doubles_meld``."""

    def test_t51_6_1_no_layoff_in_the_turn_of_opening(self) -> None:
        """Opening 57 and laying 4c off on 5c-6c-7c: allowed by default, refused with
        ``layoff_on_opening=False`` (and allowed again next turn)."""
        hand = "9c 9d 9s 6h 7h 8h 9h 4c 2d 3s"
        for allowed in (True, False):
            state = make_state(
                [hand, *OTHERS_T],
                table=TABLE,
                opened=(False, True, False, False),
                layoff_on_opening=allowed,
            )
            state = state.apply(LayMeld(MeldKind.SET, C("9c 9d 9s")))
            state = state.apply(LayMeld(MeldKind.RUN, C("6h 7h 8h 9h"))).apply(Open())
            lay = LayOff(_card("4c"), 0, Side.LOW)
            assert (lay in state.legal_moves()) is allowed
            if not allowed:
                with pytest.raises(IllegalMoveError, match=r"turn of opening \(T51-6\.1"):
                    state.apply(lay)
                later = state.apply(Discard(_card("2d")))
                later = attrs.evolve(later, turn=0, phase=Phase.PLAY)
                assert lay in later.legal_moves()

    def test_t51_7_2_doubles_and_one_meld(self) -> None:
        """Published "5 doubles, or 4 doubles and a meld": with ``min_doubles=5`` and
        ``doubles_meld=True`` four doubles and the run 5d-6d-7d open; a second run does
        not; without the option the run is refused."""
        hand = "7c 7c 9h 9h Ks Ks Td Td 5d 6d 7d 2s 3s 4s Qh"
        plain = make_state([hand, *OTHERS_T], doubles=(True, False, False, False))
        run = LayMeld(MeldKind.RUN, C("5d 6d 7d"))
        assert run not in plain.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"only doubles \(T51-7\.3\)"):
            plain.apply(run)
        state = make_state(
            [hand, *OTHERS_T],
            doubles=(True, False, False, False),
            doubles_threshold=4,
            min_doubles=5,
            doubles_meld=True,
        )
        for pair in ("7c 7c", "9h 9h", "Ks Ks", "Td Td"):
            state = state.apply(LayMeld(MeldKind.DOUBLE, C(pair)))
        assert not state.is_legal(Open())
        state = state.apply(run)
        second = LayMeld(MeldKind.RUN, C("2s 3s 4s"))
        assert second not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"one set or run at most.*\(T51-7\.2\)"):
            state.apply(second)
        state = state.apply(Open())
        assert state.opened[0]
        assert state.doubles_threshold == 5
        assert second not in state.legal_moves()  # once down, doubles only (T51-7.3)


class TestDoublesLoser:
    """T51-8.4 option ``doubles_loser``."""

    @pytest.mark.parametrize(("rule", "seat2"), [("declared", 200), ("laid", 100)])
    def test_t51_8_4_declared_doubles_player_loses(self, rule: str, seat2: int) -> None:
        """Seat 2 declared doubles and laid none: 100 x 2 by default, 100 with "laid"."""
        state = make_state(
            ["2h", "Kh Qh", "2s 3s", "9d"],
            table=TABLE,
            opened=DOWN0,
            doubles=(False, False, True, False),
            doubles_loser=rule,
        )
        end = state.apply(Discard(_card("2h")))
        assert end.last_deal is not None
        assert end.last_deal.charges == (0, 20, seat2, 100)

    def test_t51_8_4_laid_doubles_player_pays_double_either_way(self) -> None:
        """Seat 1 opened with doubles and holds Kh Qh: 20 x 2 under both readings."""
        for rule in ("declared", "laid"):
            state = make_state(
                ["2h", "Kh Qh", "2s 3s", "9d"],
                table=TABLE,
                opened=DOWN0,
                doubles=(False, True, False, False),
                doubles_loser=rule,
            )
            end = state.apply(Discard(_card("2h")))
            assert end.last_deal is not None
            assert end.last_deal.charges == (0, 40, 100, 100)


# --------------------------------------------------------------------------- every option

NON_DEFAULT: list[dict[str, Any]] = [
    {"use_taken_down": True},
    {"layoff_on_opening": False},
    {"doubles_meld": True, "min_doubles": 5},
    {"joker_fine": "always", "fine_joker_card": False},
    {"cap_fines": False, "doubles_loser": "laid"},
]


@pytest.mark.parametrize("opts", NON_DEFAULT, ids=lambda o: ",".join(o))
def test_t51_options_conformance(opts: dict[str, Any]) -> None:
    """Each new option keeps the protocol (the conformance kit) and every deal ends."""
    game = Turkish51.create(deals=1, **opts)
    report = check_game(game, playouts=2, deep_every=11)
    assert report.terminal == 2


@pytest.mark.parametrize("opts", NON_DEFAULT, ids=lambda o: ",".join(o))
def test_t51_options_greedy_and_declare(opts: dict[str, Any]) -> None:
    """The greedy bot (and a player declaring doubles at once) finish deals under each
    option, always with a legal move."""
    game = Turkish51.create(deals=1, max_turns=120, **opts)
    for seed in range(3):
        state = game.new_game(seed)
        rng = random.Random(seed)
        if Declare() in state.legal_moves():
            state = state.apply(Declare())
        while not state.is_terminal:
            move = greedy_move(state, rng)
            assert move in state.legal_moves()
            state = state.apply(move)
        assert state.last_deal is not None
