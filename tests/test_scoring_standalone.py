"""Scoring without playing (issue 21): Thirty-One's token losses from the final hands
and Turkish 51's opening checks, as standalone functions a score-keeping app calls."""

from __future__ import annotations

import random

import pytest

from cardrules import IllegalMeldError, InvalidCardError, OptionError, games, parse_cards
from cardrules.games import schwimmen, stop_the_bus, thirty_one, turkish51
from cardrules.games.thirty_one import End, deal_losses, tokens_after

# 21, 20 and 17: three hands with distinct values (hearts 11+10, spades 10+10, clubs 9+8).
HANDS = [parse_cards(t) for t in ("Ah Kh 2c", "Qs Js 3d", "9c 8c 4h")]


def test_t31_6_1_the_lowest_loses_one() -> None:
    assert deal_losses(HANDS, knocker=0) == (0, 0, 1)


def test_t31_6_2_tied_lowest_lose_one_and_the_knocker_is_spared() -> None:
    hands = [parse_cards(t) for t in ("Ah Kh 2c", "9s 8s 3d", "9c 8c 4h")]  # 21, 17, 17
    assert deal_losses(hands, knocker=0) == (0, 1, 1)
    assert deal_losses(hands, knocker=1) == (0, 0, 1)


def test_t31_6_3_a_knocker_alone_lowest_loses_two() -> None:
    assert deal_losses(HANDS, knocker=2) == (0, 0, 2)


def test_t31_5_3_blitz_every_other_seat_loses_one() -> None:
    hands = [parse_cards("Ah Kh Qh"), *HANDS[1:]]
    assert deal_losses(hands, end="blitz") == (0, 1, 1)
    assert deal_losses(hands, end=End.BLITZ, alive=(True, False, True)) == (0, 0, 1)
    with pytest.raises(OptionError, match="31"):
        deal_losses(HANDS, end="blitz")


def test_t31_5_4_an_exhausted_stock_costs_nothing() -> None:
    assert deal_losses(HANDS, end="stock_exhausted") == (0, 0, 0)


def test_t31_3_5_three_of_a_kind_counts_in_the_settlement() -> None:
    hands = [parse_cards("7c 7d 7h"), parse_cards("Ks Qs Js")]  # 30.5 against 30
    assert deal_losses(hands, knocker=1, three_of_a_kind=True, three_of_a_kind_value=30.5) == (
        0,
        2,
    )
    # tied at 30: the other seat loses one and the knocker is spared (T31-6.2)
    assert deal_losses(hands, knocker=1, three_of_a_kind=True) == (1, 0)


def test_t31_6_4_tokens_after_a_deal() -> None:
    assert tokens_after((3, 1, 0), (True, True, True), (0, 2, 1)) == (
        (3, 0, 0),
        (True, False, False),
    )


def test_deal_losses_refuses_bad_input() -> None:
    with pytest.raises(InvalidCardError, match="two hands"):
        deal_losses([HANDS[0], HANDS[0]], knocker=0)
    with pytest.raises(OptionError, match="knocker"):
        deal_losses(HANDS, knocker=5)
    with pytest.raises(OptionError, match="knocker"):
        deal_losses(HANDS, knocker=1, alive=(True, False, True))
    with pytest.raises(OptionError, match="end"):
        deal_losses(HANDS, knocker=1, end="draw")
    with pytest.raises(OptionError, match="alive"):
        deal_losses(HANDS, knocker=1, alive=(True,))


@pytest.mark.parametrize("seed", range(12))
def test_t31_6_deal_losses_agree_with_played_deals(seed: int) -> None:
    """Property: the standalone settlement gives the losses the engine recorded."""
    game = games.create("thirty_one", players=3 + seed % 3, deals=3)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal:
        before = state
        state = state.apply(rng.choice(state.legal_moves()))
        result = state.last_deal
        if result is not None and result is not before.last_deal:
            losses = deal_losses(
                result.hands,
                knocker=result.knocker,
                end=result.end,
                alive=before.alive,
            )
            assert losses == result.losses
            assert (
                tokens_after(before.tokens, before.alive, losses)
                == (
                    state.tokens,
                    state.alive,
                )
                or state.deal == 0
            )  # a new deal's state follows the settlement
            checked += 1
    assert checked >= 1


def test_t51_5_1_an_opening_must_exceed_the_threshold() -> None:
    melds = [parse_cards("9s Ts Js Qs"), parse_cards("Kh Kd Kc")]  # 39 + 30
    assert turkish51.opening_value(melds) == 69
    assert turkish51.opens(melds, 68)
    assert not turkish51.opens(melds, 69)  # strictly more


def test_t51_5_3_after_an_opening_of_91_the_next_needs_92() -> None:
    melds = [parse_cards("Ah Ad Ac As"), parse_cards("Js Qs Ks As"), parse_cards("3h 4h 5h")]
    assert turkish51.opening_value(melds) == 44 + 41 + 12  # 97
    assert turkish51.opens(melds, 91)
    assert not turkish51.opens(melds[:2], 91)  # 85


def test_t51_1_4_a_low_ace_counts_one_and_a_joker_its_card() -> None:
    assert turkish51.opening_value([parse_cards("Ah 2h 3h"), parse_cards("Ks Kd Jk")]) == 36


def test_t51_7_2_doubles_open_above_the_doubles_threshold() -> None:
    pairs = [parse_cards(t) for t in ("7h 7h", "Ks Ks", "2c 2c", "Ad Ad")]
    assert turkish51.opens_with_doubles(pairs)
    assert not turkish51.opens_with_doubles(pairs[:3])
    assert not turkish51.opens_with_doubles(pairs, doubles_threshold=4)
    with pytest.raises(IllegalMeldError):
        turkish51.opens_with_doubles([parse_cards("7h 8h 9h")])
    with pytest.raises(IllegalMeldError):
        turkish51.opens(pairs, 51)


def test_t51_2_a_joker_in_a_set_shows_what_it_may_stand_for() -> None:
    assert turkish51.joker_faces(parse_cards("Ks Kd Jk")) == ("Ks", "Kd", "Kc/Kh")
    assert turkish51.joker_faces(parse_cards("7c Jk 9c")) == ("7c", "8c", "9c")
    assert turkish51.joker_faces(parse_cards("Ks Kd Kc Jk")) == ("Ks", "Kd", "Kc", "Kh")


def test_opening_checks_refuse_bad_input() -> None:
    with pytest.raises(IllegalMeldError) as info:
        turkish51.opening_value([parse_cards("5h 6h 8h")])
    assert info.value.reason
    with pytest.raises(InvalidCardError, match="times"):
        turkish51.opening_value([parse_cards("7h 8h 9h")] * 3)
    with pytest.raises(IllegalMeldError):
        turkish51.opening_value("7h 8h 9h")  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        turkish51.opens([parse_cards("7h 8h 9h")], "51")  # type: ignore[arg-type]


def test_thirty_one_module_exports_the_settlement() -> None:
    assert {"deal_losses", "tokens_after"} <= set(thirty_one.__all__)
    assert {"opening_value", "opens", "opens_with_doubles", "joker_faces"} <= set(turkish51.__all__)


def test_sch_6_2_the_lowest_hand_loses_one() -> None:
    hands = [parse_cards(t) for t in ("Kc 7d 8h", "Ks 7c 8d", "Ac Ah 7s")]
    assert schwimmen.deal_losses(hands) == (0, 1, 0)  # 10 in clubs beats 10 in spades


def test_sch_6_4_equal_lowest_hands_all_lose() -> None:
    hands = [parse_cards(t) for t in ("Kc 7d 8h", "Kc 7d 8h", "Ac Ah 7s")]
    with pytest.raises(InvalidCardError, match="two hands"):
        schwimmen.deal_losses(hands)
    hands = [parse_cards(t) for t in ("Kc 7d 8h", "Qc 8d 7h", "Ac Ah 7s")]  # 10 clubs twice
    assert schwimmen.deal_losses(hands) == (1, 1, 0)


def test_sch_6_1_three_aces_every_other_seat_loses() -> None:
    hands = [parse_cards(t) for t in ("Ac As Ah", "Kc 7d 8h", "Ks 7c 8d")]
    assert schwimmen.deal_losses(hands, end="three_aces") == (0, 1, 1)
    with pytest.raises(OptionError, match="three aces"):
        schwimmen.deal_losses(hands[1:], end="three_aces")


def test_sch_7_3_a_tie_that_leaves_nobody_in_is_void() -> None:
    hands = [parse_cards(t) for t in ("Kc 7d 8h", "Qc 8d 7h")]
    assert schwimmen.deal_losses(hands) == (1, 1)
    assert schwimmen.deal_losses(hands, tokens=(0, 0)) == (0, 0)  # both swimming: void
    assert schwimmen.deal_losses(hands, tokens=(1, 0)) == (1, 1)  # seat 0 swims on


@pytest.mark.parametrize("seed", range(12))
def test_sch_6_deal_losses_agree_with_played_deals(seed: int) -> None:
    """Property: the standalone settlement gives the losses the engine recorded."""
    game = games.create("schwimmen", players=2 + seed % 4, deals=4, swimming=seed % 2 == 0)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal:
        before = state
        state = state.apply(rng.choice(state.legal_moves()))
        result = state.last_deal
        if result is not None and result is not before.last_deal:
            losses = schwimmen.deal_losses(
                result.hands,
                end=result.end,
                alive=before.alive,
                tokens=before.tokens,
                swimming=game.options.swimming,
            )
            assert losses == result.losses, (result, before.tokens)
            checked += 1
    assert checked >= 1


class TestStopTheBusDealLosses:
    """`stop_the_bus.deal_losses`: a Stop the Bus showdown settled from the final hands."""

    def test_stb_5_1_the_lowest_hand_loses(self) -> None:
        """STB-5.1: a pair of queens is below a running flush and a run (by hand)."""
        hands = [parse_cards(t) for t in ("Qh Qs 2d", "4c 2c 3c", "9d Th Js")]
        assert stop_the_bus.deal_losses(hands) == (1, 0, 0)

    def test_stb_5_2_equal_lowest_hands_all_lose(self) -> None:
        """STB-5.2: two high-card hands of the same ranks both lose; suits do not part them."""
        hands = [parse_cards(t) for t in ("Kc 9d 4h", "Kd 9s 4c", "Ac Ad 5s")]
        assert stop_the_bus.deal_losses(hands) == (1, 1, 0)

    def test_stb_5_3_a_tie_for_the_best_voids_the_deal(self) -> None:
        """STB-5.3: two equal best hands: nobody loses; with the option off the lowest does."""
        hands = [parse_cards(t) for t in ("Qh Qs 2d", "4c 2c 3c", "4h 2h 3h")]
        assert stop_the_bus.deal_losses(hands) == (0, 0, 0)
        assert stop_the_bus.deal_losses(hands, void_on_top_tie=False) == (1, 0, 0)

    def test_stb_5_4_a_tie_that_would_leave_nobody_in_is_void(self) -> None:
        """STB-5.4: every player still in ties lowest on his last token: nobody loses."""
        hands = [parse_cards(t) for t in ("Kc 9d 4h", "Kd 9s 4c")]
        assert stop_the_bus.deal_losses(
            hands, void_on_top_tie=False, tokens=(0, 0), swimming=False
        ) == (0, 0)
        assert stop_the_bus.deal_losses(hands, void_on_top_tie=False, tokens=(2, 2)) == (1, 1)

    @pytest.mark.parametrize("seed", range(12))
    def test_stb_5_deal_losses_agree_with_played_deals(self, seed: int) -> None:
        """Property: the standalone settlement gives the losses the engine recorded."""
        game = games.create(
            "stop_the_bus",
            players=2 + seed % 4,
            deals=4,
            void_on_top_tie=seed % 3 != 0,
            a23=("best", "lowest", "none")[seed % 3],
        )
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        checked = 0
        while not state.is_terminal:
            before = state
            state = state.apply(rng.choice(state.legal_moves()))
            result = state.last_deal
            if result is not None and result is not before.last_deal:
                losses = stop_the_bus.deal_losses(
                    result.hands,
                    end="draw" if result.end is schwimmen.End.DRAW else "knock",
                    alive=before.alive,
                    tokens=before.tokens,
                    a23=game.options.a23,
                    void_on_top_tie=game.options.void_on_top_tie,
                    swimming=game.options.swimming,
                )
                assert losses == result.losses, (result, before.tokens)
                checked += 1
        assert checked >= 1
