"""Tests of Turkish 51 (cardrules.games.turkish51); clauses of seeds/turkish51.md."""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from cardrules import (
    BIG_JOKER,
    JOKER,
    CardRulesError,
    IllegalMeldError,
    IllegalMoveError,
    InvalidCardError,
    InvalidStateError,
    OptionError,
    parse_card,
    parse_cards,
)
from cardrules.engine import to_data
from cardrules.games import turkish51 as t51
from cardrules.games.turkish51 import (
    Cancel,
    Declare,
    Discard,
    Draw,
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
    Turkish51,
)
from cardrules.games.turkish51.bot import greedy_move
from cardrules.melds import MeldKind
from cardrules.testing import check_game, check_state

C = parse_cards
NONE4 = (False, False, False, False)


def make_state(
    hands: list[str],
    *,
    table: tuple[tuple[int, str, MeldKind | None], ...] = (),
    discard: str = "2c",
    turn: int = 0,
    phase: Phase = Phase.PLAY,
    opened: tuple[bool, ...] = NONE4,
    doubles: tuple[bool, ...] = NONE4,
    threshold: int = 51,
    doubles_threshold: int = 3,
    taken: str | None = None,
    **options: Any,
) -> State:
    """A hand-made mid-deal state; the stock is the rest of the pack (card conservation)."""
    opts = Options(**options)
    hand_cards = tuple(C(h) for h in hands)
    placed = tuple(
        TableMeld(owner, t51.check_meld(C(cards), kind=kind)) for owner, cards, kind in table
    )
    pile = C(discard)
    used = Counter(c for h in hand_cards for c in h) + Counter(pile)
    for p in placed:
        used += Counter(p.meld.cards)
    rest = t51.DECK.counts() - used
    assert not (used - t51.DECK.counts()), "test state uses cards not in the pack"
    state = State(
        options=opts,
        seed=1,
        deal=0,
        dealer=3,
        turn=turn,
        phase=phase,
        hands=hand_cards,
        stock=tuple(sorted(rest.elements())),
        discard=pile,
        table=placed,
        opened=opened,
        doubles=doubles,
        threshold=threshold,
        doubles_threshold=doubles_threshold,
        taken=parse_card(taken) if taken else None,
        known=((),) * 4,
        fines=(0,) * 4,
        totals=(0,) * 4,
    )
    state.validate()
    return state


OTHERS = [
    "2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad",
    "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As",
    "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah",
]


# --------------------------------------------------------------------------- scoring


class TestStandalone:
    """check_meld, card_penalty and deal_penalties (T51-1.4, T51-2, T51-8)."""

    def test_t51_2_check_meld_kinds(self) -> None:
        """Sets, runs and (two cards) doubles."""
        assert t51.check_meld(C("7h 7s 7d")).kind is MeldKind.SET
        assert t51.check_meld(C("Jk 2h 3h")).kind is MeldKind.RUN
        assert t51.check_meld(C("7c 7c")).kind is MeldKind.DOUBLE

    def test_t51_2_2_gap_message(self) -> None:
        """The refusal says why."""
        with pytest.raises(IllegalMeldError, match="run 5h-6h-8h has a gap at 7h"):
            t51.check_meld(C("5h 6h 8h"))

    def test_t51_1_1_foreign_cards_refused(self) -> None:
        """The big joker is not in the Turkish 51 pack."""
        with pytest.raises(InvalidCardError, match="not a card of the Turkish 51 pack"):
            t51.check_meld((BIG_JOKER, *C("5h 6h")))

    def test_t51_1_4_card_penalty(self) -> None:
        """Ace 11, court 10, joker 50, pips: 11 + 10 + 7 + 50 = 78."""
        assert t51.card_penalty(C("Ah Kd 7c Jk")) == 78
        assert t51.card_penalty(C("2c 3c 4c")) == 9

    def test_t51_1_1_too_many_copies(self) -> None:
        """Three copies of one card do not exist in two packs."""
        with pytest.raises(InvalidCardError, match="7h 3 times"):
            t51.card_penalty(C("7h 7h 7h"))
        with pytest.raises(InvalidCardError):
            t51.card_penalty((JOKER, JOKER, JOKER))

    def test_t51_8_4_text_example_800(self) -> None:
        """At once x doubles x joker: 100 x 2 x 2 x 2 = 800 for a player never down."""
        charges = t51.deal_penalties(
            hands=[(), C("7c Kd"), C("2h"), C("Ah Ah")],
            winner=0,
            opened=[True, True, False, False],
            opened_with_doubles=[True, False, False, False],
            finished_at_once=True,
            last_discard_joker=True,
        )
        assert charges == (0, (7 + 10) * 8, 800, 800)

    def test_t51_8_3_plain_deal(self) -> None:
        """Down: cards' points; never down: 100; winner 0."""
        charges = t51.deal_penalties(
            hands=[C("Qs Jk"), (), C("9c"), C("5d 5d")],
            winner=1,
            opened=[True, True, True, False],
            opened_with_doubles=[False] * 4,
        )
        assert charges == (60, 0, 9, 100)

    def test_t51_8_4_at_once_doubles_everyone(self) -> None:
        """Out at once: never down 200, down 2 x cards."""
        charges = t51.deal_penalties(
            hands=[(), C("9c"), C("Ks"), C("2d")],
            winner=0,
            opened=[True, True, False, False],
            opened_with_doubles=[False] * 4,
            finished_at_once=True,
        )
        assert charges == (0, 18, 200, 200)

    def test_t51_8_4_losing_doubles_player_doubled(self) -> None:
        """A doubles player who loses pays double: 100 x 2 = 200, cards 9 x 2 = 18."""
        charges = t51.deal_penalties(
            hands=[(), C("9c"), C("Ks"), C("2d")],
            winner=0,
            opened=[True, True, False, False],
            opened_with_doubles=[False, True, True, False],
        )
        assert charges == (0, 18, 200, 100)

    def test_t51_8_4_out_in_doubles(self) -> None:
        """Out in doubles alone: x2 on every charge (9 x 2, 100 x 2); a losing doubles
        player who never laid down pays 100 x 2 x 2 = 400."""
        kwargs: dict[str, Any] = {
            "hands": [(), C("9c"), C("Ks"), C("2d")],
            "winner": 0,
            "opened": [True, True, False, False],
        }
        plain = t51.deal_penalties(**kwargs, opened_with_doubles=[True, False, False, False])
        assert plain == (0, 18, 200, 200)
        both = t51.deal_penalties(**kwargs, opened_with_doubles=[True, False, True, False])
        assert both == (0, 18, 400, 200)

    def test_t51_8_5_cap(self) -> None:
        """A charge never exceeds the cap (800 by default); cap=None lifts it."""
        hand = C("Jk Jk Ah Ah Kh Kh Qs Qs Js Js Ts Ts 9d 9d")
        kwargs: dict[str, Any] = {
            "hands": [(), hand, (), ()],
            "winner": 0,
            "opened": [True, True, True, True],
            "opened_with_doubles": [True, False, False, False],
            "finished_at_once": True,
        }
        with pytest.raises(CardRulesError, match="still holds"):
            t51.deal_penalties(**{**kwargs, "hands": [hand, (), (), ()]})
        assert t51.deal_penalties(**kwargs)[1] == 800
        points = 100 + 22 + 20 + 20 + 20 + 20 + 18
        assert t51.deal_penalties(**kwargs, cap=None)[1] == points * 4

    def test_t51_8_7_no_winner(self) -> None:
        """Stock out: charges without multipliers."""
        charges = t51.deal_penalties(
            hands=[C("2c"), C("3c"), C("Ks"), C("2d")],
            winner=None,
            opened=[True, True, False, False],
            opened_with_doubles=[True, False, False, False],
        )
        assert charges == (2, 3, 100, 100)

    def test_bare_card_is_not_a_hand(self) -> None:
        """A single card where a hand is expected is named as such (a Card is a tuple)."""
        card = parse_card("7s")
        with pytest.raises(
            InvalidCardError, match=r"expected a hand \(a sequence of cards\), got the card 7s"
        ):
            t51.hand_penalty(card)  # issue 26: card_penalty now takes a card, hand_penalty a hand
        assert t51.card_penalty(card) == 7
        with pytest.raises(InvalidCardError, match="got the card 7s"):
            t51.check_meld(card)
        with pytest.raises(InvalidCardError, match="seat 1's hand: expected a hand"):
            t51.deal_penalties(
                hands=[(), card, (), ()],
                winner=0,
                opened=[True] * 4,
                opened_with_doubles=[False] * 4,
            )
        with pytest.raises(CardRulesError, match="got the card 7s"):
            t51.deal_penalties(
                hands=card, winner=0, opened=[True] * 4, opened_with_doubles=[False] * 4
            )

    def test_bad_seat_count(self) -> None:
        """Turkish 51 has four seats."""
        with pytest.raises(CardRulesError, match="4 seats"):
            t51.deal_penalties(
                hands=[(), ()], winner=0, opened=[True, True], opened_with_doubles=[False, False]
            )

    def test_bad_winner(self) -> None:
        """The winner must be a seat."""
        with pytest.raises(CardRulesError, match="winner must be a seat"):
            t51.deal_penalties(
                hands=[(), (), (), ()], winner=7, opened=[True] * 4, opened_with_doubles=[False] * 4
            )

    @settings(max_examples=60, deadline=None)
    @given(
        st.one_of(
            st.none(), st.integers(), st.text(max_size=4), st.lists(st.integers(), max_size=5)
        ),
        st.one_of(st.none(), st.integers(-3, 9), st.booleans(), st.text(max_size=2)),
        st.one_of(st.none(), st.lists(st.booleans(), max_size=5), st.text(max_size=3)),
    )
    def test_junk_raises_cardrules_errors(self, hands: Any, winner: Any, flags: Any) -> None:
        """Junk input raises CardRulesError subclasses only."""
        with pytest.raises(CardRulesError):
            t51.deal_penalties(hands=hands, winner=winner, opened=flags, opened_with_doubles=flags)
        if hands != []:  # no cards left is a valid hand worth 0
            with pytest.raises(CardRulesError):
                t51.card_penalty(hands)
        with pytest.raises(CardRulesError):
            t51.check_meld(hands)


# --------------------------------------------------------------------------- the deal


class TestDeal:
    """T51-1 and T51-3: pack, seats, deal, first player, rotation."""

    def test_t51_3_2_t51_3_3_deal(self) -> None:
        """14 each, one upcard, 49 in stock; the player right of the dealer starts."""
        state = Turkish51.create().new_game(seed=9)
        assert [len(h) for h in state.hands] == [14] * 4
        assert len(state.discard) == 1
        assert len(state.stock) == 106 - 56 - 1
        assert state.turn == (state.dealer + 1) % 4
        assert Counter(state.all_cards()) == t51.DECK.counts()

    def test_t51_3_4_first_gets_15(self) -> None:
        """With first_gets_15 the first player holds 15, no upcard, and starts by playing."""
        state = Turkish51.create(first_gets_15=True).new_game(seed=9)
        assert sorted(len(h) for h in state.hands) == [14, 14, 14, 15]
        assert len(state.hands[state.turn]) == 15
        assert state.discard == ()
        assert state.phase is Phase.PLAY
        assert not any(isinstance(m, Draw) for m in state.legal_moves())

    def test_t51_3_1_dealer_rotates(self) -> None:
        """The next deal is dealt by the next seat."""
        game = Turkish51.create(deals=2)
        state = game.new_game(seed=5)
        dealer = state.dealer
        rng = random.Random(0)
        while state.deal == 0:
            state = state.apply(greedy_move(state, rng))
        assert state.dealer == (dealer + 1) % 4

    def test_t51_1_3_play_goes_up_the_seats(self) -> None:
        """After a discard the next seat (to the right) plays."""
        state = Turkish51.create().new_game(seed=2)
        seat = state.turn
        state = state.apply(Draw())
        discard = next(m for m in state.legal_moves() if isinstance(m, Discard))
        assert state.apply(discard).turn == (seat + 1) % 4

    def test_t51_4_1_draw_then_discard(self) -> None:
        """A turn is draw (or take), then play, then one discard; no second draw."""
        state = make_state([HAND_48, *OTHERS], phase=Phase.DRAW)
        assert not any(isinstance(m, Discard) for m in state.legal_moves())
        with pytest.raises(IllegalMoveError, match="must first draw"):
            state.apply(Discard(parse_card("Ks")))
        drawn = state.apply(Draw())
        assert len(drawn.hands[0]) == len(C(HAND_48)) + 1
        assert drawn.stock == state.stock[:-1]
        with pytest.raises(IllegalMoveError, match="already drawn"):
            drawn.apply(Draw())
        after = drawn.apply(Discard(parse_card("Ks")))
        assert after.turn == 1
        assert after.phase is Phase.DRAW

    def test_t51_4_2_take_top_only(self) -> None:
        """Taking gives exactly the top card of the pile."""
        state = make_state(
            [HAND_48, *OTHERS], phase=Phase.DRAW, discard="3c 9h", opened=(True,) * 4
        )
        taken = state.apply(Take())
        assert taken.hands[0][-1] == parse_card("9h")
        assert taken.discard == C("3c")
        assert taken.taken == parse_card("9h")

    def test_t51_4_4_down_player_takes_freely(self) -> None:
        """A player who has laid down may take any top discard."""
        state = make_state(
            ["2c 3d", *OTHERS], phase=Phase.DRAW, discard="Qh", opened=(True, False, False, False)
        )
        assert state.is_legal(Take())

    def test_t51_8_8_max_turns(self) -> None:
        """A deal ends (as a stock-out) after max_turns turns."""
        game = Turkish51.create(deals=1, max_turns=8)
        state = game.new_game(seed=4)
        rng = random.Random(4)
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_moves()))
        assert state.turns == 8
        assert state.last_deal is not None
        assert state.last_deal.winner is None

    def test_options_refused(self) -> None:
        """Bad options are refused with OptionError."""
        with pytest.raises(OptionError):
            Turkish51.create(threshold=60)
        with pytest.raises(OptionError):
            Turkish51.create(players=3)
        with pytest.raises(OptionError):
            Turkish51.create(discard_penalty="sometimes")


# --------------------------------------------------------------------------- opening


HAND_48 = "9c 9d 9s 6h 7h 8h 2c 4d Ks"  # set 27 + run 21 = 48
HAND_52 = "9c 9d 9s 6h 7h 8h 9h 2c 4d Ks"  # set 27 + run 6-9h 30 = 57


class TestOpening:
    """T51-5: thresholds, rising, at once; T51-4.3 taking the discard."""

    def test_t51_5_1_below_threshold_refused(self) -> None:
        """48 does not exceed 51; the refusal says so."""
        state = make_state([HAND_48, *OTHERS])
        state = state.apply(LayMeld(MeldKind.SET, C("9c 9d 9s")))
        state = state.apply(LayMeld(MeldKind.RUN, C("6h 7h 8h")))
        assert state.pending_total == 48
        assert Open() not in state.legal_moves()
        with pytest.raises(
            IllegalMoveError, match="opening total 48 does not exceed the threshold 51"
        ):
            state.apply(Open())

    def test_t51_5_1_exactly_threshold_refused(self) -> None:
        """51 does not exceed 51 (strictly more is needed)."""
        state = make_state(["Kc Kd Ks 7h 7c 7d 2c 4s", *OTHERS])  # 30 + 21 = 51
        state = state.apply(LayMeld(MeldKind.SET, C("Kc Kd Ks")))
        state = state.apply(LayMeld(MeldKind.SET, C("7c 7d 7h")))
        assert state.pending_total == 51
        assert not state.is_legal(Open())

    def test_t51_5_1_t51_5_3_text_example_91_92_93(self) -> None:
        """The text's example: after an opening of 91, 91 is refused and 92 opens; after
        92 the next player needs 93 (K set 40 + Q set 30 + 4h-7h 22 = 92, and so on)."""
        hands = [
            "Kc Kd Ks Kh Qc Qd Qs 4h 5h 6h 7h 8h 2c",
            "Jh Qh Kh Ah Tc Td Ts 7c 7d 7s Ac Ad 3c",
            OTHERS_T[1],
            OTHERS_T[2],
        ]
        start = make_state(hands, threshold=91, discard="9c")
        start = start.apply(LayMeld(MeldKind.SET, C("Kc Kd Ks Kh")))
        start = start.apply(LayMeld(MeldKind.SET, C("Qc Qd Qs")))
        at_91 = start.apply(LayMeld(MeldKind.RUN, C("6h 7h 8h")))
        assert at_91.pending_total == 40 + 30 + 21
        with pytest.raises(IllegalMoveError, match="91 does not exceed the threshold 91"):
            at_91.apply(Open())
        at_92 = start.apply(LayMeld(MeldKind.RUN, C("4h 5h 6h 7h"))).apply(Open())
        assert at_92.threshold == 92
        seat1 = at_92.apply(Discard(parse_card("2c"))).apply(Draw())
        assert (seat1.turn, seat1.threshold) == (1, 92)
        tried = seat1.apply(LayMeld(MeldKind.RUN, C("Jh Qh Kh Ah")))  # 41
        tried = tried.apply(LayMeld(MeldKind.SET, C("Tc Td Ts")))  # 30
        tried = tried.apply(LayMeld(MeldKind.SET, C("7c 7d 7s")))  # 21
        assert tried.pending_total == 92
        with pytest.raises(IllegalMoveError, match="92 does not exceed the threshold 92"):
            tried.apply(Open())
        done = seat1.apply(LayMeld(MeldKind.SET, C("Ac Ad Ah")))  # 33
        done = done.apply(LayMeld(MeldKind.SET, C("Tc Td Ts")))  # 30
        done = done.apply(LayMeld(MeldKind.RUN, C("Jh Qh Kh")))  # 30
        assert done.pending_total == 93
        assert done.apply(Open()).threshold == 93

    def test_t51_5_3_threshold_rises(self) -> None:
        """Opening with 57 makes 57 the threshold to beat."""
        state = make_state([HAND_52, *OTHERS])
        state = state.apply(LayMeld(MeldKind.SET, C("9c 9d 9s")))
        state = state.apply(LayMeld(MeldKind.RUN, C("6h 7h 8h 9h")))
        state = state.apply(Open())
        assert state.threshold == 57
        assert state.opened[0]
        assert len(state.table) == 2
        fixed = make_state([HAND_52, *OTHERS], rising_threshold=False)
        fixed = fixed.apply(LayMeld(MeldKind.SET, C("9c 9d 9s")))
        fixed = fixed.apply(LayMeld(MeldKind.RUN, C("6h 7h 8h 9h"))).apply(Open())
        assert fixed.threshold == 51

    def test_t51_5_4_t51_8_2_at_once_ignores_threshold(self) -> None:
        """All cards but the discard melded: open below the threshold, then go out."""
        state = make_state(["Ac 2c 3c 4d 4s 4h Kd", *OTHERS])  # 6 + 12 = 18
        state = state.apply(LayMeld(MeldKind.RUN, C("Ac 2c 3c")))
        state = state.apply(LayMeld(MeldKind.SET, C("4d 4h 4s")))
        assert state.is_legal(Open())
        state = state.apply(Open()).apply(Discard(parse_card("Kd")))
        result = state.last_deal
        assert result is not None
        assert result.winner == 0
        assert result.at_once
        # Others never laid down: 100 x 2 for going out at once (T51-8.4).
        assert result.charges == (0, 200, 200, 200)

    def test_t51_5_4_t51_8_2_lay_off_is_not_at_once(self) -> None:
        """Opening, laying a card off on another player's meld and going out: not at once."""
        hands = ["Kc Kd Ks Qc Qd Qs 4c 2h", "Kh Qh", "2s 3s", "9d"]
        state = make_state(hands, table=TABLE, opened=(False, True, False, False))
        state = state.apply(LayMeld(MeldKind.SET, C("Kc Kd Ks")))
        state = state.apply(LayMeld(MeldKind.SET, C("Qc Qd Qs"))).apply(Open())
        state = state.apply(LayOff(parse_card("4c"), 0, Side.LOW))
        state = state.apply(Discard(parse_card("2h")))
        result = state.last_deal
        assert result is not None
        assert result.winner == 0
        assert not result.at_once
        assert result.charges == (0, 20, 100, 100)
        # The same turn with a new meld of his own instead of the lay-off is at once.
        hands = ["Kc Kd Ks Qc Qd Qs 9c 9h 9s 2h", "Kh Qh", "2s 3s", "9d"]
        state = make_state(hands, table=TABLE, opened=(False, True, False, False))
        state = state.apply(LayMeld(MeldKind.SET, C("Kc Kd Ks")))
        state = state.apply(LayMeld(MeldKind.SET, C("Qc Qd Qs"))).apply(Open())
        state = state.apply(LayMeld(MeldKind.SET, C("9c 9h 9s")))
        state = state.apply(Discard(parse_card("2h")))
        assert state.last_deal is not None
        assert state.last_deal.at_once
        assert state.last_deal.charges == (0, 40, 200, 200)

    def test_t51_5_4_joker_taken_is_not_at_once(self) -> None:
        """Taking a joker from the table in the opening turn is no going out at once either."""
        hands = ["Kc Kd Ks Qc Qd Qs 8d 3h 4h 9c", "Kh Qh", "2s 3s", "9d"]
        state = make_state(hands, table=TABLE, opened=(False, True, False, False))
        state = state.apply(LayMeld(MeldKind.SET, C("Kc Kd Ks")))
        state = state.apply(LayMeld(MeldKind.SET, C("Qc Qd Qs"))).apply(Open())
        state = state.apply(Retrieve(2, C("8d"))).apply(LayMeld(MeldKind.RUN, C("3h 4h Jk")))
        state = state.apply(Discard(parse_card("9c")))
        result = state.last_deal
        assert result is not None
        assert (result.winner, result.at_once) == (0, False)
        assert result.charges == (0, 20, 100, 100)

    def test_t51_4_5_last_card_kept_to_discard(self) -> None:
        """A meld may not take the last card: it is kept to discard."""
        state = make_state(["5h 6h 7h", *OTHERS], opened=(True, False, False, False))
        assert not state.is_legal(LayMeld(MeldKind.RUN, C("5h 6h 7h")))
        with pytest.raises(IllegalMoveError, match="kept to discard"):
            state.apply(LayMeld(MeldKind.RUN, C("5h 6h 7h")))

    def test_t51_4_3_take_only_to_open(self) -> None:
        """Take is offered only when the hand with the top discard can open."""
        weak = make_state([HAND_48, *OTHERS], phase=Phase.DRAW, discard="3c")
        assert not weak.is_legal(Take())
        with pytest.raises(IllegalMoveError, match="cannot open above 51"):
            weak.apply(Take())
        strong = make_state([HAND_48, *OTHERS], phase=Phase.DRAW, discard="9h")
        assert strong.is_legal(Take())

    def test_t51_4_3_taken_card_must_be_melded(self) -> None:
        """The taken card must be in the opening; use_taken=False lifts that."""
        hand = "9c 9d 9s 6h 7h 8h 9h 2c 4d Ks Kd"  # opens with 57 without any discard
        useless = make_state([hand, *OTHERS_T], phase=Phase.DRAW, discard="Qd")
        assert not useless.is_legal(Take())
        loose = make_state([hand, *OTHERS_T], phase=Phase.DRAW, discard="Qd", use_taken=False)
        assert loose.is_legal(Take())
        state = make_state([hand, *OTHERS_T], phase=Phase.DRAW, discard="Kc").apply(Take())
        state = state.apply(LayMeld(MeldKind.SET, C("9c 9d 9s")))
        state = state.apply(LayMeld(MeldKind.RUN, C("6h 7h 8h 9h")))
        with pytest.raises(IllegalMoveError, match="the taken Kc must be in the opening melds"):
            state.apply(Open())
        state = state.apply(LayMeld(MeldKind.SET, C("Kd Ks Kc")))
        assert state.apply(Open()).opened[0]

    def test_t51_4_3_t51_5_4_take_to_go_out_at_once(self) -> None:
        """Below the threshold, the discard may be taken to meld all but one card at once."""
        hand = "Ac 2c 3c 2d 3d 4d 2s 3s 4s 2h 3h 5h 6h Kd"  # with 4h: four runs worth 44
        state = make_state([hand, *OTHERS], phase=Phase.DRAW, discard="4h")
        assert state.is_legal(Take())
        state = state.apply(Take())
        for run in ("Ac 2c 3c", "2d 3d 4d", "2s 3s 4s", "2h 3h 4h 5h 6h"):
            state = state.apply(LayMeld(MeldKind.RUN, C(run)))
        assert state.pending_total == 44
        state = state.apply(Open()).apply(Discard(parse_card("Kd")))
        result = state.last_deal
        assert result is not None
        assert (result.winner, result.at_once, result.charges) == (0, True, (0, 200, 200, 200))
        # A card that leaves two cards over is still refused below the threshold.
        other = make_state([hand, *OTHERS], phase=Phase.DRAW, discard="9c")
        assert not other.is_legal(Take())
        with pytest.raises(IllegalMoveError, match="cannot open above 51"):
            other.apply(Take())
        # The one card left over may not be the card taken (T51-4.6).
        spare = "Ac 2c 3c 2d 3d 4d 2s 3s 4s 2h 3h 4h 5h 6h"
        assert not make_state([spare, *OTHERS_T], phase=Phase.DRAW, discard="Kd").is_legal(Take())

    @settings(max_examples=200, deadline=None)
    @given(
        st.lists(st.sampled_from(list(t51.DECK.cards)), min_size=3, max_size=14),
        st.sampled_from(list(t51.DECK.cards)),
    )
    def test_t51_4_3_quick_test_never_wrong(self, hand: list[Any], top: Any) -> None:
        """The quick pre-test never refuses a card that some candidate meld uses."""
        from cardrules.games.turkish51._hand import _could_meld
        from cardrules.melds import candidate_melds

        if Counter((*hand, top)) - t51.DECK.counts():
            return
        uses = any(top in m.cards for m in candidate_melds((*hand, top)))
        if uses:
            assert _could_meld(top, tuple(hand))

    @settings(max_examples=200, deadline=None)
    @given(st.lists(st.sampled_from(list(t51.DECK.cards)), max_size=16))
    def test_t51_4_3_loose_cards_counted_at_once(self, hand: list[Any]) -> None:
        """_loose_cards counts the cards that _could_meld refuses with the rest of the hand."""
        from cardrules.games.turkish51._hand import _could_meld, _loose_cards

        cards = tuple(hand)
        loose = sum(not _could_meld(c, cards[:i] + cards[i + 1 :]) for i, c in enumerate(cards))
        assert _loose_cards(cards) == loose

    def test_t51_4_3_must_open_after_taking(self) -> None:
        """After taking, no discard until opened; cancel gives the card back and draws."""
        state = make_state([HAND_48, *OTHERS], phase=Phase.DRAW, discard="2d 9h")
        state = state.apply(Take())
        assert not any(isinstance(m, Discard) for m in state.legal_moves())
        with pytest.raises(IllegalMoveError, match="lay down this turn first"):
            state.apply(Discard(parse_card("Ks")))
        state = state.apply(LayMeld(MeldKind.SET, C("9c 9d 9s")))
        back = state.apply(Cancel())
        assert back.phase is Phase.DRAW
        assert back.discard[-1] == parse_card("9h")
        assert not back.is_legal(Take())
        assert Counter(back.hands[0]) == Counter(C(HAND_48))

    def test_t51_4_6_taken_card_not_discarded(self) -> None:
        """The card just taken may not go straight back."""
        state = make_state(
            ["5h 6h 7h 2c 3d", *OTHERS],
            opened=(True, False, False, False),
            phase=Phase.DRAW,
            discard="Ks",
        )
        state = state.apply(Take())
        assert not state.is_legal(Discard(parse_card("Ks")))
        with pytest.raises(IllegalMoveError, match="just taken"):
            state.apply(Discard(parse_card("Ks")))

    def test_t51_5_2_threshold_option(self) -> None:
        """With threshold 81, a 57 opening is refused."""
        state = make_state([HAND_52, *OTHERS], threshold=81)
        assert Turkish51.create(threshold=81).new_game(seed=1).threshold == 81
        state = state.apply(LayMeld(MeldKind.SET, C("9c 9d 9s")))
        state = state.apply(LayMeld(MeldKind.RUN, C("6h 7h 8h 9h")))
        with pytest.raises(IllegalMoveError, match="57 does not exceed the threshold 81"):
            state.apply(Open())

    def test_t51_5_5_cancel_and_no_second_try(self) -> None:
        """Cancel returns the melds; no more opening that turn; no discard while pending."""
        state = make_state([HAND_52, *OTHERS])
        state = state.apply(LayMeld(MeldKind.SET, C("9c 9d 9s")))
        assert not any(isinstance(m, Discard) for m in state.legal_moves())
        with pytest.raises(IllegalMoveError, match="finish the opening"):
            state.apply(Discard(parse_card("Ks")))
        back = state.apply(Cancel())
        assert Counter(back.hands[0]) == Counter(C(HAND_52))
        assert not any(isinstance(m, LayMeld) for m in back.legal_moves())
        assert back.is_legal(Discard(parse_card("Ks")))

    def test_descending_run_explained(self) -> None:
        """A run given high to low is refused with the right order."""
        state = make_state([HAND_52, *OTHERS])
        with pytest.raises(IllegalMoveError, match="low to high"):
            state.apply(LayMeld(MeldKind.RUN, C("9h 8h 7h 6h")))


# --------------------------------------------------------------------------- the table


TABLE = (
    (1, "5c 6c 7c", MeldKind.RUN),
    (1, "Kc Kd Ks Jk", MeldKind.SET),
    (1, "7d Jk 9d", MeldKind.RUN),
    (1, "8c 8d 8h 8s", MeldKind.SET),
)
OTHERS_T = ["2d 3d 4d 5d 6d", "2s 3s 4s 5s 6s", "2h 3h 4h 5h 6h"]


class TestTable:
    """T51-6: laying off, joker retrieval, no joker on a full set, the 50 fine."""

    def test_t51_6_1_unopened_cannot_add(self) -> None:
        """A player who has not laid down gets no lay-off or retrieval moves."""
        state = make_state(
            ["4c Kh 8d 3c 2c", *OTHERS_T], table=TABLE, opened=(False, True, False, False)
        )
        assert not any(isinstance(m, (LayOff, Retrieve)) for m in state.legal_moves())
        with pytest.raises(IllegalMoveError, match="has not laid down"):
            state.apply(LayOff(parse_card("4c"), 0, Side.LOW))

    def test_t51_6_1_lay_off_both_ends_any_owner(self) -> None:
        """Down players add to anyone's runs at either end."""
        state = make_state(
            ["4c 8c Qh 2h", *OTHERS_T[:1], "2s 3s", "3h 4h"],
            table=TABLE,
            opened=(True, True, False, False),
        )
        moves = state.legal_moves()
        assert LayOff(parse_card("4c"), 0, Side.LOW) in moves
        assert LayOff(parse_card("8c"), 0, Side.HIGH) in moves
        after = state.apply(LayOff(parse_card("4c"), 0, Side.LOW))
        assert str(after.table[0].meld) == "4c-5c-6c-7c"
        assert after.table[0].owner == 1

    def test_t51_2_4_no_joker_on_full_set(self) -> None:
        """A joker is not offered on the full set of eights and refused if asked."""
        table = (TABLE[0], TABLE[3])
        state = make_state(["Jk 2c 3c", *OTHERS_T], table=table, opened=(True, True, False, False))
        assert LayOff(JOKER, 0, Side.HIGH) in state.legal_moves()
        assert LayOff(JOKER, 1) not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match="the set is full"):
            state.apply(LayOff(JOKER, 1))

    def test_t51_6_3_retrieve_from_run_and_set(self) -> None:
        """8d frees the run's joker; Kh frees the set's joker; both go to the hand."""
        state = make_state(
            ["8d Kh 2c 3h", *OTHERS_T], table=TABLE, opened=(True, True, False, False)
        )
        assert Retrieve(2, C("8d")) in state.legal_moves()
        assert Retrieve(1, C("Kh")) in state.legal_moves()
        after = state.apply(Retrieve(2, C("8d")))
        assert str(after.table[2].meld) == "7d-8d-9d"
        assert JOKER in after.hands[0]
        after = after.apply(Retrieve(1, C("Kh")))
        assert after.hands[0].count(JOKER) == 2

    def test_t51_6_3_set_of_three_needs_both(self) -> None:
        """Ks-Kd-Jk: one king is not enough."""
        table = ((1, "Ks Kd Jk", MeldKind.SET),)
        state = make_state(["Kh 2c 3c", *OTHERS_T], table=table, opened=(True, True, False, False))
        with pytest.raises(IllegalMoveError, match="supply Kc and Kh"):
            state.apply(Retrieve(0, C("Kh")))
        both = make_state(["Kh Kc 2c", *OTHERS_T], table=table, opened=(True, True, False, False))
        assert Retrieve(0, C("Kc Kh")) in both.legal_moves()

    def test_t51_6_5_fine_for_playable_discard(self) -> None:
        """Discarding 4c, which fits 5c-6c-7c, costs 50; Qh does not."""
        state = make_state(["4c Qh 2h", *OTHERS_T], table=TABLE, opened=(True, True, False, False))
        assert state.apply(Discard(parse_card("4c"))).fines == (50, 0, 0, 0)
        assert state.apply(Discard(parse_card("Qh"))).fines == (0, 0, 0, 0)

    def test_t51_6_5_options(self) -> None:
        """discard_penalty='opened' spares a player not down; 'off' spares everyone."""
        kwargs: dict[str, Any] = {"table": TABLE, "opened": (False, True, False, False)}
        any_rule = make_state(["4c Qh 2h", *OTHERS_T], **kwargs)
        assert any_rule.apply(Discard(parse_card("4c"))).fines[0] == 50
        opened_rule = make_state(["4c Qh 2h", *OTHERS_T], discard_penalty="opened", **kwargs)
        assert opened_rule.apply(Discard(parse_card("4c"))).fines[0] == 0
        off = make_state(["4c Qh 2h", *OTHERS_T], discard_penalty="off", **kwargs)
        assert off.apply(Discard(parse_card("4c"))).fines[0] == 0

    def test_t51_6_5_joker_fined_joker_replacement_fined(self) -> None:
        """A joker fits any run that can grow, so discarding it is fined; 8d, which could
        only free the joker of 7d-Jk-9d, is fined too (the text calls it adding); with
        ``fine_joker_card=False`` it is not."""
        kwargs: dict[str, Any] = {
            "table": (TABLE[0], TABLE[2], TABLE[3]),
            "opened": (True, True, False, False),
        }
        state = make_state(["Jk 8d Qh 2h", *OTHERS_T], **kwargs)
        assert state.apply(Discard(JOKER)).fines == (50, 0, 0, 0)
        assert state.apply(Discard(parse_card("8d"))).fines == (50, 0, 0, 0)
        spared = make_state(["Jk 8d Qh 2h", *OTHERS_T], fine_joker_card=False, **kwargs)
        assert spared.apply(Discard(JOKER)).fines == (50, 0, 0, 0)
        assert spared.apply(Discard(parse_card("8d"))).fines == (0, 0, 0, 0)

    def test_t51_6_3_freed_joker_kept(self) -> None:
        """A joker taken from the table need not be used in the same turn."""
        state = make_state(
            ["8d 2c 3h 9s", *OTHERS_T], table=TABLE, opened=(True, True, False, False)
        )
        state = state.apply(Retrieve(2, C("8d")))
        assert state.is_legal(Discard(parse_card("2c")))
        after = state.apply(Discard(parse_card("2c")))
        assert Counter(after.hands[0]) == Counter((JOKER, *C("3h 9s")))
        assert after.turn == 1
        assert after.fines == (0, 0, 0, 0)

    def test_t51_8_7_stock_out_in_the_engine(self) -> None:
        """The stock runs out: hands charged without multipliers, or nothing with 'void'."""
        hands = ["Qh 2h 3d", "Kh Qh", "2s 3s", "9d"]
        kwargs: dict[str, Any] = {
            "table": TABLE,
            "opened": (True, True, False, False),
            "doubles": (False, False, True, False),
            "phase": Phase.DRAW,
            "deals": 1,
        }
        for outcome in ("score", "void"):
            state = make_state(hands, stock_out=outcome, **kwargs)
            state = attrs.evolve(
                state, stock=state.stock[-1:], discard=state.discard + state.stock[:-1]
            )
            state.validate()
            state = state.apply(Draw())
            drawn = state.hands[0][-1]
            end = state.apply(Discard(parse_card("Qh")))
            assert end.is_terminal
            assert end.last_deal is not None
            assert end.last_deal.winner is None
            if outcome == "score":
                expected = (t51.card_penalty((*C("2h 3d"), drawn)), 20, 100, 100)
            else:
                expected = (0, 0, 0, 0)
            assert end.last_deal.charges == expected
            assert end.totals == expected

    def test_t51_8_4_losing_doubles_player_doubled_in_the_engine(self) -> None:
        """Seat 2 declared doubles and never laid down: 100 x 2 when seat 0 goes out."""
        state = make_state(
            ["2h", "Kh Qh", "2s 3s", "9d"],
            table=TABLE,
            opened=(True, True, False, False),
            doubles=(False, False, True, False),
        )
        end = state.apply(Discard(parse_card("2h")))
        assert end.last_deal is not None
        assert end.last_deal.charges == (0, 20, 200, 100)

    def test_t51_5_3_threshold_resets_each_deal(self) -> None:
        """A risen threshold (and doubles threshold) go back to the options' values."""
        state = make_state(
            ["2h", "Kh Qh", "2s 3s", "9d"],
            table=TABLE,
            opened=(True, True, False, False),
            threshold=91,
            doubles_threshold=5,
        )
        nxt = state.apply(Discard(parse_card("2h")))
        assert nxt.deal == 1
        assert (nxt.threshold, nxt.doubles_threshold) == (51, 3)
        game = Turkish51.create(threshold=81, min_doubles=5)
        first = game.new_game(seed=2)
        assert (first.threshold, first.doubles_threshold) == (81, 4)
        risen = attrs.evolve(first, threshold=95, doubles_threshold=6)
        rng = random.Random(2)
        while risen.deal == 0:
            risen = risen.apply(rng.choice(risen.legal_moves()))
        assert (risen.threshold, risen.doubles_threshold) == (81, 4)

    def test_t51_8_1_going_out_scores(self) -> None:
        """Seat 0 goes out discarding 2h: cards count for those down, 100 for the others."""
        state = make_state(
            ["2h", "Kh Qh", "2s 3s", "9d"], table=TABLE, opened=(True, True, False, False)
        )
        end = state.apply(Discard(parse_card("2h")))
        assert end.last_deal is not None
        assert end.last_deal.charges == (0, 20, 100, 100)
        assert end.is_terminal is False
        assert end.totals == (0, 20, 100, 100)

    def test_t51_6_4_nothing_on_doubles(self) -> None:
        """Doubles on the table take no lay-offs."""
        table = ((1, "7c 7c", MeldKind.DOUBLE),)
        state = make_state(["Tc 7h 3c", *OTHERS_T], table=table, opened=(True,) * 4)
        assert not any(isinstance(m, LayOff) for m in state.legal_moves())
        with pytest.raises(IllegalMoveError, match="nothing may be added to a double"):
            state.apply(LayOff(parse_card("Tc"), 0, Side.HIGH))

    def test_t51_8_6_fines_outside_multipliers(self) -> None:
        """A 50 fine is added to the deal's charge, not doubled."""
        state = make_state(
            ["Jk 4c", "Kh Qh", "2s 3s", "9d"],
            table=TABLE[:1] + TABLE[3:],
            opened=(True, True, False, False),
        )
        state = state.apply(Discard(parse_card("4c")))  # fits 5c-6c-7c: fined
        assert state.fines == (50, 0, 0, 0)
        state = attrs.evolve(state, turn=0, phase=Phase.PLAY)
        end = state.apply(Discard(JOKER))
        assert end.last_deal is not None
        assert end.last_deal.charges == (0, 40, 200, 200)
        assert end.totals == (50, 40, 200, 200)

    def test_t51_8_4_joker_last_discard(self) -> None:
        """Going out on a joker doubles every charge; no fine for the last discard."""
        state = make_state(
            ["Jk", "Kh Qh", "2s 3s", "9d"],
            table=TABLE[:1] + TABLE[3:],
            opened=(True, True, False, False),
            deals=1,
        )
        end = state.apply(Discard(JOKER))
        assert end.last_deal is not None
        assert end.last_deal.charges == (0, 40, 200, 200)
        assert end.last_deal.fines == (0, 0, 0, 0)
        assert end.is_terminal
        assert end.winner == (0,)

    def test_t51_1_2_t51_9_2_partnerships_add(self) -> None:
        """Partners' totals are added and shown to both."""
        state = make_state(
            ["2h", "Kh Qh", "2s 3s", "9d"],
            table=TABLE,
            opened=(True, True, False, False),
            partnerships=True,
        )
        end = state.apply(Discard(parse_card("2h")))
        assert end.scores == (100, 120, 100, 120)


# --------------------------------------------------------------------------- doubles


class TestDoubles:
    """T51-7: declaring, opening with four doubles, the rising doubles threshold."""

    PAIRS = "7c 7c 9h 9h Ks Ks Td Td Js Js 3c Qd"

    def test_t51_7_1_declare_then_take_freely(self) -> None:
        """A declared doubles player may take any top discard."""
        state = make_state([self.PAIRS, *OTHERS_T], phase=Phase.DRAW, discard="4h")
        assert not state.is_legal(Take())
        state = state.apply(Declare())
        assert state.doubles[0]
        assert state.is_legal(Take())
        # He need not lay anything down after taking: he may discard at once.
        taken = state.apply(Take())
        assert not taken.opened[0]
        assert taken.is_legal(Discard(parse_card("3c")))

    def test_t51_7_2_open_with_four_then_five(self) -> None:
        """Three doubles are not enough; four open; the next doubles player needs five."""
        state = make_state([self.PAIRS, *OTHERS_T], doubles=(True, False, False, False))
        assert not any(
            m.kind is not MeldKind.DOUBLE for m in state.legal_moves() if isinstance(m, LayMeld)
        )
        for pair in ("7c 7c", "9h 9h", "Ks Ks"):
            state = state.apply(LayMeld(MeldKind.DOUBLE, C(pair)))
        with pytest.raises(
            IllegalMoveError, match="3 doubles do not exceed the doubles threshold 3"
        ):
            state.apply(Open())
        state = state.apply(LayMeld(MeldKind.DOUBLE, C("Td Td"))).apply(Open())
        assert state.opened[0]
        assert state.doubles_threshold == 4

    def test_t51_7_2_min_doubles_option(self) -> None:
        """With min_doubles=5, four doubles do not open and five do."""
        assert Turkish51.create(min_doubles=5).new_game(seed=1).doubles_threshold == 4
        state = make_state(
            [self.PAIRS, *OTHERS_T],
            doubles=(True, False, False, False),
            doubles_threshold=4,
            min_doubles=5,
        )
        for pair in ("7c 7c", "9h 9h", "Ks Ks", "Td Td"):
            state = state.apply(LayMeld(MeldKind.DOUBLE, C(pair)))
        with pytest.raises(
            IllegalMoveError, match="4 doubles do not exceed the doubles threshold 4"
        ):
            state.apply(Open())
        state = state.apply(LayMeld(MeldKind.DOUBLE, C("Js Js"))).apply(Open())
        assert state.opened[0]
        assert state.doubles_threshold == 5

    def test_t51_7_3_doubles_opener_adds_to_the_table(self) -> None:
        """Having laid down, a doubles player lays off and takes jokers (no runs or sets)."""
        state = make_state(
            ["4c 8d 9s 9s Qh", *OTHERS_T],
            table=TABLE,
            opened=(True, True, False, False),
            doubles=(True, False, False, False),
        )
        moves = state.legal_moves()
        assert LayOff(parse_card("4c"), 0, Side.LOW) in moves
        assert Retrieve(2, C("8d")) in moves
        assert {m.kind for m in moves if isinstance(m, LayMeld)} == {MeldKind.DOUBLE}
        after = state.apply(LayOff(parse_card("4c"), 0, Side.LOW))
        assert str(after.table[0].meld) == "4c-5c-6c-7c"
        after = after.apply(Retrieve(2, C("8d")))
        assert JOKER in after.hands[0]
        # A card he could have added is fined like anyone's (T51-6.5).
        assert state.apply(Discard(parse_card("4c"))).fines == (50, 0, 0, 0)
        # Before laying down he adds nothing.
        unopened = attrs.evolve(state, opened=(False, True, False, False))
        assert not any(isinstance(m, (LayOff, Retrieve)) for m in unopened.legal_moves())

    def test_t51_8_4_out_in_doubles_in_the_engine(self) -> None:
        """A doubles player already down lays his last double and goes out: not at once,
        but every charge is doubled (Kh Qh 20 x 2; never down 100 x 2)."""
        state = make_state(
            ["5h 5h 2c", "Kh Qh", "2s 3s", "9d"],
            table=TABLE,
            opened=(True, True, False, False),
            doubles=(True, False, False, False),
        )
        state = state.apply(LayMeld(MeldKind.DOUBLE, C("5h 5h")))
        end = state.apply(Discard(parse_card("2c")))
        result = end.last_deal
        assert result is not None
        assert (result.winner, result.at_once, result.joker_last) == (0, False, False)
        assert result.charges == (0, 40, 200, 200)

    def test_t51_8_5_no_cap_in_the_engine(self) -> None:
        """Seven doubles at once and a joker last: a losing doubles player who never laid
        down pays 100 x 2 x 2 x 2 x 2 = 1600 without the cap, 800 with it."""
        hand = "7c 7c 9h 9h Ks Ks Td Td Js Js 3c 3c Qd Qd Jk"
        for cap, seat1 in ((800, 800), (None, 1600)):
            state = make_state(
                [hand, *OTHERS_T], doubles=(True, True, False, False), penalty_cap=cap
            )
            for pair in ("7c 7c", "9h 9h", "Ks Ks", "Td Td", "Js Js", "3c 3c", "Qd Qd"):
                state = state.apply(LayMeld(MeldKind.DOUBLE, C(pair)))
            end = state.apply(Open()).apply(Discard(JOKER))
            result = end.last_deal
            assert result is not None
            assert (result.at_once, result.joker_last) == (True, True)
            assert result.charges == (0, seat1, 800, 800)

    def test_t51_7_3_doubles_player_lays_no_runs(self) -> None:
        """A doubles player is offered doubles only."""
        state = make_state(["5h 6h 7h 7h 2c", *OTHERS_T], doubles=(True, False, False, False))
        kinds = {m.kind for m in state.legal_moves() if isinstance(m, LayMeld)}
        assert kinds == {MeldKind.DOUBLE}


# --------------------------------------------------------------------------- protocol


class TestProtocol:
    """The conformance kit, JSON validation, and complete deals."""

    def test_conformance_random(self) -> None:
        """check_game on short matches with several options."""
        check_game(Turkish51.create(deals=1), playouts=2)
        check_game(
            Turkish51.create(deals=2, first_gets_15=True, partnerships=True, threshold=101),
            playouts=1,
        )

    def test_conformance_greedy_states(self) -> None:
        """Deep checks on states from greedy play (openings, lay-offs, jokers)."""
        game = Turkish51.create(deals=1)
        rng = random.Random(3)
        checked = 0
        for seed in (1, 2):
            state = game.new_game(seed)
            step = 0
            while not state.is_terminal:
                if (step % 9 == 0 or state.table) and step % 3 == 0:
                    check_state(game, state, rng=rng, seed=seed, step=step)
                    checked += 1
                state = state.apply(greedy_move(state, rng))
                step += 1
            assert game.replay(seed, [str(m) for m in state.history]) == state
        assert checked > 10

    def test_greedy_deals_have_winners(self) -> None:
        """Most greedy deals end with a player going out."""
        game = Turkish51.create(deals=1)
        winners = 0
        for seed in range(12):
            state = game.new_game(seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                state = state.apply(greedy_move(state, rng))
            assert state.last_deal is not None
            winners += state.last_deal.winner is not None
        assert winners >= 8

    def test_t51_9_1_t51_9_3_eleven_deals(self) -> None:
        """A default match is 11 deals; the lowest total wins."""
        game = Turkish51.create()
        state = game.new_game(seed=8)
        rng = random.Random(8)
        while not state.is_terminal:
            state = state.apply(greedy_move(state, rng))
        assert state.deal == 10
        assert min(state.scores) == state.scores[state.winner[0]]

    def test_tampered_meld_refused(self) -> None:
        """A table meld whose joker claims another card is refused."""
        state = make_state(["8d 2c", *OTHERS_T], table=TABLE, opened=(True, True, False, False))
        data = json.loads(state.to_json())
        data["state"]["table"][2]["meld"]["faces"][1] = "9s"
        with pytest.raises(InvalidStateError):
            Turkish51(state.options).state_from_json(json.dumps(data))

    def test_resample_keeps_view(self) -> None:
        """Resampling for a seat changes nothing it can see."""
        state = make_state(["8d 2c", *OTHERS_T], table=TABLE, opened=(True, True, False, False))
        other = state.resample(2, random.Random(1))
        assert other.view(2) == state.view(2)
        other.validate()

    def test_junk_to_helpers(self) -> None:
        """table_fits and greedy_move refuse junk with CardRulesError."""
        with pytest.raises(CardRulesError):
            t51.table_fits("5c 6c 7c")  # type: ignore[arg-type]
        with pytest.raises(CardRulesError):
            t51.table_fits([1, 2])  # type: ignore[list-item]
        with pytest.raises(CardRulesError):
            greedy_move("state", random.Random(0))  # type: ignore[arg-type]
        state = Turkish51.create(deals=1, max_turns=8).new_game(seed=1)
        rng = random.Random(1)
        while not state.is_terminal:
            state = state.apply(greedy_move(state, rng))
        with pytest.raises(IllegalMoveError, match="over"):
            greedy_move(state, rng)

    def test_malformed_moves(self) -> None:
        """Moves with fields of the wrong type are refused with IllegalMoveError, or, when
        they equal a legal move (0.0 == 0), applied as that legal move."""
        from cardrules import Rank, Suit

        state = make_state(
            ["4c 8d Kh 2c", *OTHERS_T], table=TABLE, opened=(True, True, False, False)
        )
        four = parse_card("4c")
        for move in (
            LayOff(four, "0", Side.LOW),  # type: ignore[arg-type]
            LayOff(four, None, Side.LOW),  # type: ignore[arg-type]
            LayOff(four, 0, "low"),  # type: ignore[arg-type]
            Retrieve(2, parse_card("8d")),  # type: ignore[arg-type]
            Retrieve(2, None),  # type: ignore[arg-type]
            LayMeld(MeldKind.SET, None),  # type: ignore[arg-type]
            LayMeld("run", C("5h 6h 7h")),  # type: ignore[arg-type]
        ):
            assert not state.is_legal(move)
            with pytest.raises(IllegalMoveError):
                state.apply(move)
        after = state.apply(LayOff(four, 0.0, Side.LOW))  # type: ignore[arg-type]
        assert type(after.history[-1].target) is int  # type: ignore[attr-defined]
        bare = (Rank.TWO, Suit.CLUBS)  # a plain tuple equal to the card 2c
        out = state.apply(Discard(bare))  # type: ignore[arg-type]
        assert type(out.discard[-1]) is type(four)
        assert type(out.history[-1].card) is type(four)  # type: ignore[attr-defined]

    def test_parse_move_round_trip(self) -> None:
        """Move notation reads back."""
        game = Turkish51.create()
        for move in (
            LayMeld(MeldKind.RUN, C("5h Jk 7h")),
            LayOff(JOKER, 3, Side.LOW),
            Retrieve(1, C("Kc Kh")),
            Discard(parse_card("Th")),
            Open(),
            Cancel(),
        ):
            assert game.parse_move(None, str(move)) == move

    def test_legal_moves_with_ten_melds_fast(self) -> None:
        """legal_moves() with ten melds on the table and 15 cards in hand stays cheap."""
        table = (
            (1, "5c 6c 7c", MeldKind.RUN),
            (1, "Kc Kd Ks Jk", MeldKind.SET),
            (1, "7d Jk 9d", MeldKind.RUN),
            (1, "8c 8d 8h 8s", MeldKind.SET),
            (2, "2s 3s 4s", MeldKind.RUN),
            (2, "Qc Qd Qh", MeldKind.SET),
            (2, "Th Jh Qh Kh", MeldKind.RUN),
            (3, "5d 5h 5s", MeldKind.SET),
            (3, "9s Ts Js", MeldKind.RUN),
            (3, "Ac Ad Ah", MeldKind.SET),
        )
        hand = "4c 8c Qs As 2h 3h 4h 6s 6s 7s 9c 9h Td Tc 3d"
        state = make_state([hand, "2d", "3c", "4d"], table=table, opened=(True, True, True, True))
        import time

        t0 = time.perf_counter()
        for _ in range(20):
            attrs.evolve(state).legal_moves()
        assert (time.perf_counter() - t0) / 20 < 0.01
        assert len(state.legal_moves()) > 10


# --------------------------------------------------------------------------- stateful


class Turkish51Machine(RuleBasedStateMachine):
    """Random and greedy moves mixed; the state stays valid after every step."""

    state: State

    @initialize(
        seed=st.integers(0, 10**6),
        partnerships=st.booleans(),
        first_gets_15=st.booleans(),
        threshold=st.sampled_from([51, 81, 101]),
    )
    def start(self, seed: int, partnerships: bool, first_gets_15: bool, threshold: int) -> None:
        """A short match under random options."""
        game = Turkish51.create(
            deals=2,
            max_turns=40,
            partnerships=partnerships,
            first_gets_15=first_gets_15,
            threshold=threshold,
        )
        self.game = game
        self.state = game.new_game(seed)
        self.rng = random.Random(seed)

    @rule(data=st.data())
    def random_move(self, data: st.DataObject) -> None:
        """Any legal move is accepted and leaves the old state alone."""
        if self.state.is_terminal:
            return
        move = data.draw(st.sampled_from(self.state.legal_moves()))
        before = self.state
        self.state = self.state.apply(move)
        assert before.history == self.state.history[:-1]

    @rule()
    def greedy_moves(self) -> None:
        """The greedy bot plays a few moves (it opens, lays off, takes jokers)."""
        for _ in range(6):
            if self.state.is_terminal:
                return
            self.state = self.state.apply(greedy_move(self.state, self.rng))

    @invariant()
    def valid(self) -> None:
        """Cards are the pack, scores count up, the mover exists iff the match goes on."""
        if not hasattr(self, "state"):
            return
        self.state.validate()
        assert all(s >= 0 for s in self.state.scores)
        assert (self.state.current_player is None) == self.state.is_terminal
        if self.state.table:
            back = self.game.state_from_json(self.state.to_json())
            assert back == self.state


Turkish51Machine.TestCase.settings = settings(
    max_examples=12, stateful_step_count=40, deadline=None
)
TestTurkish51Machine = Turkish51Machine.TestCase


def _play_trace(seed: int, *, greedy: bool) -> tuple[str, str]:
    """Play one deal; hash its final state and every legal-move list and move on the way."""
    game = Turkish51.create(deals=1)
    state = game.new_game(seed)
    rng = random.Random(seed)
    trace = hashlib.sha256()
    while not state.is_terminal:
        legal = state.legal_moves()
        move = greedy_move(state, rng) if greedy else rng.choice(legal)
        trace.update(("|".join(map(str, legal)) + "\n" + str(move) + "\n").encode())
        state = state.apply(move)
    # the state's data as saved before save format 1 (issue 21), so the recorded hashes hold
    text = json.dumps({"game": state.GAME, "state": to_data(state)}, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16], trace.hexdigest()[:16]


class TestKnownPlays:
    """Fixed results: the same seeds give the same deals, legal-move orders and bot choices."""

    # The first three changed only in notation (a set's lay-off names no end since issue 26):
    # with "high" put back on set lay-offs they give the hashes recorded before.
    @pytest.mark.parametrize(
        ("seed", "greedy", "final", "moves"),
        [
            (0, True, "eb8040d11bffcfa3", "1bcc8925cd38b4ad"),
            (1, True, "b6eabc0876020d64", "6d5a6c97da304e18"),
            (2, True, "91ca50d43931f6fd", "ff2f6152aad54efe"),
            (3, True, "b6a657bdcb00dbbd", "303ffb9a3d013755"),
            (0, False, "1d6e8159025d9059", "64aab90d0da86046"),
            (1, False, "01800e1a752ebe74", "14aa64272fa004f9"),
            (2, False, "59c192fbed96b6a6", "63567fb114cd0aab"),
            (3, False, "b2b11a24616c6c46", "6ea4e7c924802653"),
        ],
    )
    def test_known_deal(self, seed: int, greedy: bool, final: str, moves: str) -> None:
        """Greedy and uniformly random one-deal games replay exactly as recorded."""
        assert _play_trace(seed, greedy=greedy) == (final, moves)
