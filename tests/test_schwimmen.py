"""Schwimmen: each test names the clause of seeds/schwimmen.md it checks."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from cardrules import (
    CardRulesError,
    IllegalMoveError,
    InvalidCardError,
    OptionError,
    games,
    parse_cards,
)
from cardrules.games import schwimmen
from cardrules.games.schwimmen import (
    EXCHANGE_ALL,
    EXCHANGE_ALL_KNOCK,
    KEEP,
    KNOCK,
    PASS,
    TAKE_WIDOW,
    End,
    Exchange,
    ExchangeAll,
    ExchangeKnock,
    Phase,
    hand_key,
    hand_value,
)
from cardrules.testing import check_game


def game(**options: Any) -> schwimmen.Schwimmen:
    created = games.create("schwimmen", **options)
    assert isinstance(created, schwimmen.Schwimmen)
    return created


def start(players: int = 3, **options: Any) -> schwimmen.State:
    return game(players=players, **options).new_game(seed=4)


def arrange(
    state: schwimmen.State, hands: list[str], widow: str, stock_top: str = "", **fields: Any
) -> schwimmen.State:
    """``state`` with these hands and widow; the stock is every other card, with
    ``stock_top`` (left to right: the next widow's cards) on top."""
    hand_cards = tuple(parse_cards(h) for h in hands)
    top = parse_cards(stock_top)
    used = Counter(c for h in hand_cards for c in h) + Counter(parse_cards(widow)) + Counter(top)
    rest = sorted((Counter(state.deck().cards) - used).elements())
    new = attrs.evolve(
        state,
        hands=hand_cards,
        widow=parse_cards(widow),
        stock=(*rest, *top),
        dead=(),
        **fields,
    )
    new.validate()
    return new


def playing(hands: list[str], widow: str, turn: int = 1, **fields: Any) -> schwimmen.State:
    """A three-player deal after the dealer (seat 0) has chosen; seat ``turn`` to move."""
    state = start().apply(KEEP)
    return arrange(state, hands, widow, turn=turn, **fields)


def exchange(give: str, take: str) -> Exchange:
    return Exchange(parse_cards(give)[0], parse_cards(take)[0])


def exchange_knock(give: str, take: str) -> ExchangeKnock:
    return ExchangeKnock(parse_cards(give)[0], parse_cards(take)[0])


class TestPlayersCardsTokens:
    def test_sch_1_1_two_to_nine_players(self) -> None:
        """Two to nine players are accepted, others refused."""
        for n in range(2, 10):
            assert game(players=n).players == n
        for n in (1, 10):
            with pytest.raises(OptionError):
                game(players=n)

    def test_sch_1_2_piquet_pack(self) -> None:
        """The pack is seven to ace of each suit; full_pack gives all 52 cards."""
        deck = start().deck()
        assert deck.size == 32
        assert min(c.rank for c in deck.cards) == 7
        assert start(full_pack=True).deck().size == 52

    def test_sch_1_2_card_points(self) -> None:
        """Ace 11, court cards and ten 10, lower cards their pips."""
        assert hand_value(parse_cards("Ah 7c 8d")) == 11
        assert hand_value(parse_cards("Jd 7c 8h")) == 10
        assert hand_value(parse_cards("Qd Jd 7d")) == 27
        assert hand_value(parse_cards("Kh Qh Th")) == 30
        assert hand_value(parse_cards("9s 8s 7s")) == 24

    def test_sch_1_4_seat_0_deals_first(self) -> None:
        """Seat 0 deals the first deal."""
        assert start().dealer == 0

    def test_sch_1_3_tokens(self) -> None:
        """Three tokens each by default; the option changes it."""
        assert start().tokens == (3, 3, 3)
        assert start(tokens=5).tokens == (5, 5, 5)


class TestDeal:
    def test_sch_2_1_three_cards_each(self) -> None:
        """Every player gets three cards."""
        for n in (2, 5, 9):
            assert [len(h) for h in start(players=n).hands] == [3] * n

    def test_sch_2_2_widow_and_stock(self) -> None:
        """Three cards in the widow, the rest in the stock; nothing else is dealt."""
        for n in (2, 5, 9):
            state = start(players=n)
            assert len(state.widow) == 3
            assert len(state.stock) == 32 - 3 * n - 3
            assert state.dead == ()

    def test_sch_2_3_dealer_chooses_first(self) -> None:
        """Only the dealer moves first, and only to keep or take the widow."""
        state = start()
        assert state.phase is Phase.CHOOSE
        assert state.current_player == state.dealer == 0
        assert state.legal_moves() == (KEEP, TAKE_WIDOW)
        with pytest.raises(IllegalMoveError, match="dealer"):
            state.apply(PASS)

    def test_sch_2_3_take_widow_trades_hands(self) -> None:
        """Taking the widow gives the dealer the widow; his hand becomes the widow."""
        state = start()
        after = state.apply(TAKE_WIDOW)
        assert after.hands[0] == state.widow
        assert after.widow == state.hands[0]
        assert after.phase is Phase.TURN
        assert after.turn == 1
        kept = state.apply(KEEP)
        assert kept.hands == state.hands
        assert kept.widow == state.widow

    def test_sch_2_3_widow_is_unseen_until_the_choice(self) -> None:
        """Before the choice nobody sees the widow; afterwards everybody does."""
        state = start()
        assert all(state.view(s).widow == () for s in range(3))
        other = state.resample(0, random.Random(3))
        assert other.view(0) == state.view(0)
        assert other.widow != state.widow or other.stock != state.stock
        after = state.apply(TAKE_WIDOW)
        assert all(after.view(s).widow == state.hands[0] for s in range(3))
        # Nobody else knows the dealer's new hand: resampling may change it.
        assert after.view(1).known[0] == ()

    def test_sch_2_4_deal_passes_left(self) -> None:
        """After a deal the next seat deals."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c")
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.deal == 1
        assert state.dealer == 1
        assert state.phase is Phase.CHOOSE
        assert state.current_player == 1


class TestHandValues:
    def test_sch_3_1_best_suit_total(self) -> None:
        """The best total of one suit counts; other suits do not add."""
        assert hand_value(parse_cards("Qh Th Jd")) == 20
        assert hand_value(parse_cards("Ac Kc 9c")) == 30
        assert hand_value(parse_cards("Ad Kd Td")) == 31

    def test_sch_3_2_three_of_a_kind(self) -> None:
        """Three cards of one rank count 30.5, the sevens as much as the kings."""
        assert hand_value(parse_cards("7d 7h 7s")) == 30.5
        assert hand_value(parse_cards("Kd Kh Ks")) == 30.5
        # Between 30 (ace, king, nine of clubs) and 31 (ace, king, ten of diamonds).
        trips = hand_key(parse_cards("7d 7h 7s"))
        assert hand_key(parse_cards("Ac Kc 9c")) < trips < hand_key(parse_cards("Ad Kd Td"))

    def test_sch_3_3_three_aces(self) -> None:
        """Three aces count 32, above 31."""
        assert hand_value(parse_cards("Ad Ah As")) == 32
        assert hand_key(parse_cards("Ad Ah As")) > hand_key(parse_cards("Ac Kc Tc"))

    @given(
        st.one_of(
            st.none(), st.integers(), st.text(max_size=6), st.lists(st.integers(), min_size=1)
        )
    )
    def test_sch_3_junk_is_refused(self, junk: object) -> None:
        """Junk given as a hand raises a CardRulesError, never a bare TypeError."""
        for function in (hand_value, hand_key, schwimmen.hand_mask):
            with pytest.raises(CardRulesError):
                function(junk)  # type: ignore[operator]

    def test_sch_3_bad_hands(self) -> None:
        """Wrong sizes, doubles and cards outside the pack are refused, named."""
        with pytest.raises(InvalidCardError, match="3 cards, got 2"):
            hand_value(parse_cards("Ah Kh"))
        with pytest.raises(InvalidCardError, match="twice"):
            hand_value(parse_cards("Ah Ah Kh"))
        with pytest.raises(InvalidCardError, match="6h is not in the piquet32"):
            hand_value(parse_cards("6h Ah Kh"))
        assert hand_value(parse_cards("6h Ah Kh"), full_pack=True) == 27
        with pytest.raises(InvalidCardError, match="3 cards, got 4"):
            hand_key(parse_cards("Ah Kh Qh Jh"))
        with pytest.raises(InvalidCardError, match="Jk is not in the standard52 pack"):
            hand_value(parse_cards("Ah Kh Jk"), full_pack=True)
        with pytest.raises(InvalidCardError):
            hand_value("Ah Kh Qh")  # type: ignore[arg-type]


three_cards = st.permutations(schwimmen._PIQUET.cards).map(lambda cards: tuple(cards[:3]))


class TestTurn:
    def test_sch_4_1_play_starts_left_of_dealer(self) -> None:
        """After the dealer's choice seat 1 plays, then 2, then 0."""
        state = start().apply(KEEP)
        seats = []
        for _ in range(3):
            seats.append(state.current_player)
            state = state.apply(PASS)
        assert seats == [1, 2, 0]

    def test_sch_4_3_pass_changes_no_cards(self) -> None:
        """A pass leaves every hand and the widow alone."""
        state = start().apply(KEEP)
        after = state.apply(PASS)
        assert after.hands == state.hands
        assert after.widow == state.widow
        assert after.passes == 1

    def test_sch_4_2_moves_of_a_turn(self) -> None:
        """Knock, pass, exchange all, the nine single exchanges, and each
        exchange again with a knock after it (SCH-5.1)."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c")
        moves = state.legal_moves()
        assert moves[:3] == (KNOCK, PASS, EXCHANGE_ALL)
        swaps = {(m.give, m.take) for m in moves if isinstance(m, Exchange)}
        assert len(swaps) == 9
        assert (parse_cards("8h")[0], parse_cards("9c")[0]) in swaps
        knocks = {(m.give, m.take) for m in moves if isinstance(m, ExchangeKnock)}
        assert knocks == swaps
        assert EXCHANGE_ALL_KNOCK in moves
        assert len(moves) == 22

    def test_sch_4_2_exchange_one(self) -> None:
        """An exchange swaps one hand card with one widow card."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c")
        after = state.apply(exchange("8h", "7h"))
        assert Counter(after.hands[1]) == Counter(parse_cards("7h 9h Th"))
        assert Counter(after.widow) == Counter(parse_cards("8h 8d 9c"))
        assert after.turn == 2
        assert after.view(2).known[1] == parse_cards("7h")

    def test_sch_4_2_exchange_all(self) -> None:
        """Exchanging all three trades the hand for the widow, seen by everyone."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c")
        after = state.apply(EXCHANGE_ALL)
        assert after.hands[1] == parse_cards("7h 8d 9c")
        assert after.widow == parse_cards("8h 9h Th")
        assert after.view(0).known[1] == parse_cards("7h 8d 9c")

    def test_sch_4_2_illegal_exchange_says_why(self) -> None:
        """Exchanging a card one does not hold, or that is not in the widow, is refused."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c")
        with pytest.raises(IllegalMoveError, match="not in the hand"):
            state.apply(exchange("Ac", "7h"))
        with pytest.raises(IllegalMoveError, match="not in the widow"):
            state.apply(exchange("8h", "Ad"))

    def test_sch_4_4_round_of_passes_replaces_widow(self) -> None:
        """Three passes in a row (three players): a new widow from the stock."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c", stock_top="Ts Jd Ah")
        state = state.apply(PASS).apply(PASS)
        assert state.passes == 2
        assert state.widow == parse_cards("7h 8d 9c")
        before = len(state.stock)
        state = state.apply(PASS)
        assert state.passes == 0
        assert Counter(state.widow) == Counter(parse_cards("Ts Jd Ah"))
        assert state.dead == parse_cards("7h 8d 9c")
        assert len(state.stock) == before - 3
        assert state.view(2).dead == parse_cards("7h 8d 9c")

    def test_sch_4_4_exchange_breaks_a_run_of_passes(self) -> None:
        """Pass, exchange, pass, pass: no new widow yet."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c")
        state = state.apply(PASS).apply(exchange("7s", "7h")).apply(PASS).apply(PASS)
        assert state.dead == ()
        assert state.passes == 2

    def test_sch_4_5_no_stock_for_a_widow_is_a_draw(self) -> None:
        """With fewer than three stock cards, a round of passes ends the deal; nobody loses."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c")
        spare = state.stock[:-2]
        state = attrs.evolve(state, stock=state.stock[-2:], dead=spare)
        state.validate()
        state = state.apply(PASS).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.end is End.DRAW
        assert state.last_deal.losses == (0, 0, 0)
        assert state.tokens == (3, 3, 3)

    def test_sch_4_5_passing_forever_ends_the_deal(self) -> None:
        """Only passing, a deal ends in a draw after the stock runs out."""
        state = start(players=4, deals=1).apply(KEEP)
        moves = 0
        while not state.is_terminal:
            state = state.apply(PASS)
            moves += 1
        assert state.last_deal is not None
        assert state.last_deal.end is End.DRAW
        assert moves == 4 * (len(start(players=4).stock) // 3 + 1)


class TestNoPassing:
    def test_sch_4_6_passing_false_every_turn_exchanges(self) -> None:
        """passing=False: no pass and no knock without an exchange; an exchange
        with a knock is still allowed, and the last turns after it exchange too."""
        options = schwimmen.Options(players=3, passing=False)
        state = playing(["Ac Kc 7d", "Js Qs 7s", "7h 8d 9c"], "Th 9d 8c", options=options)
        moves = state.legal_moves()
        assert PASS not in moves
        assert KNOCK not in moves
        assert EXCHANGE_ALL in moves
        assert EXCHANGE_ALL_KNOCK in moves
        assert len(moves) == 2 * (1 + 9)
        with pytest.raises(IllegalMoveError, match=r"SCH-4\.6"):
            state.apply(PASS)
        with pytest.raises(IllegalMoveError, match=r"SCH-4\.6"):
            state.apply(KNOCK)
        state = state.apply(exchange_knock("7s", "Th"))
        assert state.knocker == 1
        assert PASS not in state.legal_moves()
        assert state.legal_moves() == (EXCHANGE_ALL, *state.legal_moves()[1:])
        assert len(state.legal_moves()) == 10

    def test_sch_4_6_passing_false_with_knock_as_whole_turn(self) -> None:
        """passing=False with knock_after_exchange=False: the knock replaces the
        exchange, and there is still no pass."""
        options = schwimmen.Options(players=3, passing=False, knock_after_exchange=False)
        state = playing(["Ac Kc 7d", "Js Qs 7s", "7h 8d 9c"], "Th 9d 8c", options=options)
        moves = state.legal_moves()
        assert KNOCK in moves
        assert PASS not in moves
        assert len(moves) == 1 + 1 + 9

    def test_sch_4_6_greedy_without_passing_ends(self) -> None:
        """Greedy players without passing knock when no exchange helps, so deals end."""
        g = game(players=3, passing=False, deals=4)
        rng = random.Random(7)
        state = g.new_game(seed=7)
        while not state.is_terminal:
            move = g.greedy_move(state, rng)
            assert move in state.legal_moves()
            state = state.apply(move)
        assert state.deal == 3


class TestEnding:
    def test_sch_5_1_knock_gives_everyone_one_last_turn(self) -> None:
        """After a knock each other player moves once, then hands are shown."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c", turn=1)
        state = state.apply(KNOCK)
        assert state.knocker == 1
        assert state.turn == 2
        assert KNOCK not in state.legal_moves()
        assert PASS in state.legal_moves()
        with pytest.raises(IllegalMoveError, match="already knocked"):
            state.apply(KNOCK)
        state = state.apply(PASS)
        assert state.turn == 0
        assert state.deal == 0
        state = state.apply(PASS)
        assert state.deal == 1  # the showdown came before seat 1 moved again

    def test_sch_5_1_knock_at_the_end_of_an_exchange(self) -> None:
        """Seat 1 exchanges 8h for 7h and knocks on the same turn (26 in hearts):
        seats 2 and 0 get last turns, then seat 0 (21) loses to 26 and 27."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c", turn=1)
        move = exchange_knock("8h", "7h")
        assert str(move) == "exchangeknock 8h 7h"
        assert game().parse_move(state, "exchangeknock 8h 7h") == move
        state = state.apply(move)
        assert state.knocker == 1
        assert Counter(state.hands[1]) == Counter(parse_cards("7h 9h Th"))
        assert Counter(state.widow) == Counter(parse_cards("8h 8d 9c"))
        assert state.current_player == 2
        assert len(state.legal_moves()) == 11  # pass, exchange all, nine exchanges
        state = state.apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.end is End.KNOCK
        assert state.last_deal.knocker == 1
        assert state.last_deal.losses == (1, 0, 0)

    def test_sch_5_1_knock_at_the_end_of_exchanging_all(self) -> None:
        """Seat 1 takes the whole widow and knocks: he is left with 9 (9 of clubs)
        and, lowest at the showdown, loses a token."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c", turn=1)
        state = state.apply(EXCHANGE_ALL_KNOCK)
        assert state.knocker == 1
        assert state.hands[1] == parse_cards("7h 8d 9c")
        state = state.apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.losses == (0, 1, 0)

    def test_sch_5_1_knocking_exchange_that_makes_31(self) -> None:
        """A 31 made by a knocking exchange ends the deal at once (SCH-5.3):
        no last turns, and the knock never counts."""
        state = playing(["Ac Kc 7d", "Ah Kh 7s", "Js Qs 8s"], "Th 8d 9c")
        state = state.apply(exchange_knock("7s", "Th"))
        assert state.last_deal is not None
        assert state.last_deal.end is End.THIRTY_ONE
        assert state.last_deal.knocker is None
        assert state.last_deal.caller == 1
        assert state.last_deal.losses == (1, 0, 0)

    def test_sch_5_1_option_knock_only_instead_of_exchanging(self) -> None:
        """With knock_after_exchange=False an exchange ends the turn: the
        exchanger cannot knock on it, a knock applied next is the next player's,
        and the exchanger gets his last turn."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c", turn=1)
        state = attrs.evolve(
            state, options=schwimmen.Options(players=3, knock_after_exchange=False)
        )
        assert state.legal_moves()[:3] == (KNOCK, PASS, EXCHANGE_ALL)
        assert len(state.legal_moves()) == 12
        with pytest.raises(IllegalMoveError, match="knock_after_exchange"):
            state.apply(exchange_knock("8h", "7h"))
        after = state.apply(exchange("8h", "7h"))
        assert after.current_player == 2
        assert after.knocker is None
        knocked = after.apply(KNOCK)
        assert knocked.knocker == 2  # not seat 1, who exchanged
        assert knocked.current_player == 0
        knocked = knocked.apply(PASS)
        assert knocked.current_player == 1  # seat 1 plays a last turn after the knock
        assert KNOCK not in knocked.legal_moves()
        with pytest.raises(IllegalMoveError, match="already knocked"):
            knocked.apply(KNOCK)

    def test_sch_5_2_lowest_loses_at_the_showdown(self) -> None:
        """Seat 0 holds 21, seat 1 27, seat 2 27 (spades over hearts): seat 0 loses."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c")
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.end is End.KNOCK
        assert state.last_deal.losses == (1, 0, 0)
        assert state.tokens == (2, 3, 3)

    def test_sch_5_3_thirty_one_ends_the_deal_at_once(self) -> None:
        """Seat 1 takes the ten of hearts for 31: the deal ends, the lowest loses."""
        state = playing(["Ac Kc 7d", "Ah Kh 7s", "Js Qs 8s"], "Th 8d 9c")
        state = state.apply(exchange("7s", "Th"))
        assert state.last_deal is not None
        assert state.last_deal.end is End.THIRTY_ONE
        assert state.last_deal.caller == 1
        assert state.last_deal.losses == (1, 0, 0)  # 21 against 28

    def test_sch_5_3_three_aces_end_the_deal(self) -> None:
        """Seat 2 completes three aces: both others lose a token, even the 30."""
        state = playing(["Ac Kc 9c", "8h 9h Th", "Ad Ah 7s"], "As 8d 7c", turn=2)
        state = state.apply(exchange("7s", "As"))
        assert state.last_deal is not None
        assert state.last_deal.end is End.THREE_ACES
        assert state.last_deal.losses == (1, 1, 0)

    def test_sch_5_3_special_hand_after_a_knock(self) -> None:
        """A 31 made on a last turn ends the deal at once."""
        state = playing(["Ac Kc 7d", "Ah Kh 7s", "Js Qs 8s"], "Th 8d 9c", turn=0)
        state = state.apply(KNOCK).apply(exchange("7s", "Th"))
        assert state.last_deal is not None
        assert state.last_deal.end is End.THIRTY_ONE
        assert state.last_deal.losses == (1, 0, 0)

    def test_sch_5_4_special_hands_dealt(self) -> None:
        """Three aces dealt end the deal as soon as the dealer has chosen."""
        state = arrange(start(), ["Ac Kc 7d", "Ah Ad As", "Js Qs 8s"], "Th 8d 9c")
        state = state.apply(KEEP)
        assert state.last_deal is not None
        assert state.last_deal.end is End.THREE_ACES
        assert state.last_deal.caller == 1
        assert state.last_deal.losses == (1, 0, 1)

    def test_sch_5_4_three_aces_dealt_count_before_31_dealt(self) -> None:
        """Seat 1 (first from the dealer's left) is dealt 31, seat 2 three aces:
        the three aces call the deal, and both others lose a token."""
        state = arrange(start(), ["7d 8h 9s", "Ac Kc Tc", "Ad Ah As"], "Th 8d 9c")
        assert state.special(state.hands[1]) is End.THIRTY_ONE
        state = state.apply(KEEP)
        assert state.last_deal is not None
        assert state.last_deal.end is End.THREE_ACES
        assert state.last_deal.caller == 2
        assert state.last_deal.losses == (1, 1, 0)
        assert state.tokens == (2, 2, 3)

    def test_sch_5_4_first_31_from_the_dealers_left_calls(self) -> None:
        """Two 31s dealt to seats 0 (the dealer) and 2: seat 2 plays first, so he calls."""
        state = arrange(start(), ["Ac Kc Tc", "7d 8h 9s", "As Ks Ts"], "Th 8d 9c")
        state = state.apply(KEEP)
        assert state.last_deal is not None
        assert state.last_deal.end is End.THIRTY_ONE
        assert state.last_deal.caller == 2
        assert state.last_deal.losses == (0, 1, 0)

    def test_sch_5_4_dealer_takes_a_dealt_31(self) -> None:
        """A dealer who takes a widow of 31 ends the deal at once."""
        state = arrange(start(), ["7c 8c 9d", "Ah Kh 7s", "Js Qs 8s"], "Ad Kd Td")
        state = state.apply(TAKE_WIDOW)
        assert state.last_deal is not None
        assert state.last_deal.end is End.THIRTY_ONE
        assert state.last_deal.caller == 0
        assert state.last_deal.losses == (0, 1, 0)  # seat 1: 21 < seat 2: 28


class TestLosing:
    def test_sch_6_1_three_aces_cost_everyone_else(self) -> None:
        """Three aces: every other player loses one token, the lowest included."""
        state = playing(["7c 8d 9h", "Ac Ad Kh", "Js Qs 8s"], "Ah 8h 9c")
        state = state.apply(exchange("Kh", "Ah"))
        assert state.last_deal is not None
        assert state.last_deal.losses == (1, 0, 1)
        assert state.tokens == (2, 3, 2)

    def test_sch_6_2_only_the_lowest_loses_after_31(self) -> None:
        """After a 31 only the single lowest hand loses."""
        state = playing(["7c 8d 9h", "Ah Kh 7s", "Js Qs 8s"], "Th 8h 9c")
        state = state.apply(exchange("7s", "Th"))
        assert state.last_deal is not None
        assert state.last_deal.losses == (1, 0, 0)

    def test_sch_6_3_trips_rank_decides(self) -> None:
        """Three three-of-a-kinds, all 30.5: the eights (lowest rank) lose."""
        state = playing(["Th Td Ts", "8h 8d 8s", "9h 9d 9s"], "7h 7d 9c")
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.losses == (0, 1, 0)

    def test_sch_6_3_suit_order_decides(self) -> None:
        """Equal totals: clubs > spades > hearts > diamonds; the lowest suit loses."""
        hands = ["Kc 7d 8h", "Ks 7c 8d", "Kh 7s 8c"]
        state = playing(hands, "9h 9d 9c")
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.losses == (0, 0, 1)
        assert hand_key(parse_cards("Kd 7c 8h")) < hand_key(parse_cards("Kh 7c 8s"))

    @pytest.mark.parametrize(
        ("high", "low"),
        [("c", "s"), ("c", "h"), ("c", "d"), ("s", "h"), ("s", "d"), ("h", "d")],
    )
    def test_sch_6_3_suit_order_pairwise(self, high: str, low: str) -> None:
        """Two hands of 10 (a king and two odd cards): the lower suit of the
        order clubs, spades, hearts, diamonds loses, in either seat."""
        a, b = (s for s in "cdhs" if s not in (high, low))
        hands = [f"K{high} 7{a} 8{b}", f"K{low} 8{a} 7{b}"]
        for order in (hands, hands[::-1]):
            state = arrange(start(players=2).apply(KEEP), order, "9c 9d 9h", turn=1)
            state = state.apply(KNOCK).apply(PASS)
            assert state.last_deal is not None
            loser = order.index(hands[1])
            assert state.last_deal.losses == tuple(int(i == loser) for i in range(2))

    def test_sch_6_3_best_suit_of_a_hand_counts(self) -> None:
        """King of hearts, queen of spades: the hand counts as spades."""
        assert hand_key(parse_cards("Kh Qs 9d")) == (20, 2)

    def test_sch_6_4_same_suit_all_lose(self) -> None:
        """Equal totals in the same suit: all of them lose."""
        state = playing(["Kc 7d 8h", "Qc 7s 8d", "Ah Kh 9c"], "9h 9d 9s")
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.losses == (1, 1, 0)

    def test_sch_6_5_knocker_loses_one_only(self) -> None:
        """A knocker alone lowest loses one token, not two."""
        state = playing(["Ac Kc 9c", "7h 8d 9s", "Js Qs 7s"], "7c 8h Th", turn=1)
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.losses == (0, 1, 0)


class TestSwimming:
    def test_sch_7_1_swim_then_drop_out(self) -> None:
        """At 0 tokens a player swims; losing again puts him out."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c", tokens=(1, 3, 3))
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.tokens == (0, 3, 3)
        assert state.alive == (True, True, True)
        state = arrange(state.apply(KEEP), ["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c")
        state = attrs.evolve(state, turn=2)
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.alive == (False, True, True)
        assert state.hands[0] == ()

    def test_sch_7_2_last_player_wins(self) -> None:
        """When one player is left the game is over and he wins."""
        state = playing(
            ["Ac Kc 7d", "", "Js Qs 7s"],
            "7h 8d 9c",
            tokens=(0, 0, 2),
            alive=(True, False, True),
            turn=2,
        )
        state = state.apply(KNOCK).apply(PASS)
        assert state.is_terminal
        assert state.winner == (2,)
        assert state.scores == (4, 4, 1)

    def test_sch_7_3_replay_when_the_last_ones_tie(self) -> None:
        """Two swimmers tied for lowest: nobody drops out, another deal follows."""
        state = start(players=2).apply(KEEP)
        state = arrange(state, ["Kc 7d 8h", "Qc 7s 8d"], "9h 9d 9s", tokens=(0, 0), turn=1)
        state = state.apply(KNOCK).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.void
        assert state.last_deal.losses == (0, 0)
        assert state.alive == (True, True)
        assert not state.is_terminal
        assert state.deal == 1

    def test_sch_7_3_all_tied_with_a_token_left_lose_as_usual(self) -> None:
        """Three players in, all on 10 in clubs, one holding a token: the tie
        would not leave the table empty, so all three lose one (SCH-6.4): the
        two swimmers drop out and seat 0, now swimming, wins."""
        state = playing(["Kc 7d 8h", "Qc 7h 8d", "Jc 7s 9d"], "9h Ts 9s", tokens=(1, 0, 0), turn=1)
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.end is End.KNOCK
        assert not state.last_deal.void
        assert state.last_deal.losses == (1, 1, 1)
        assert state.tokens == (0, 0, 0)
        assert state.alive == (True, False, False)
        assert state.is_terminal
        assert state.winner == (0,)

    def test_sch_7_3_tie_of_all_with_tokens_costs_each_a_token(self) -> None:
        """Everybody tied for lowest with tokens to spare: each loses one, as
        any tied lowest hands do (SCH-6.4); only the end of the game replays."""
        state = playing(["Kc 7d 8h", "Qc 7h 8d", "Jc 7s 9d"], "9h Ts 9s", turn=1)
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert not state.last_deal.void
        assert state.last_deal.losses == (1, 1, 1)
        assert state.tokens == (2, 2, 2)

    def test_sch_7_3_last_three_swimmers_tied_replay(self) -> None:
        """Three swimmers, all tied lowest: all would drop out, so the deal is
        void and seat 1 deals again."""
        state = playing(["Kc 7d 8h", "Qc 7h 8d", "Jc 7s 9d"], "9h Ts 9s", tokens=(0, 0, 0), turn=1)
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.void
        assert state.last_deal.losses == (0, 0, 0)
        assert state.alive == (True, True, True)
        assert state.winner == ()
        assert (state.deal, state.dealer, state.phase) == (1, 1, Phase.CHOOSE)

    def test_sch_7_3_void_deal_counts_towards_deals(self) -> None:
        """With deals=1 a void deal ends the game; nobody has lost in it."""
        state = playing(["Kc 7d 8h", "Qc 7h 8d", "Jc 7s 9d"], "9h Ts 9s", tokens=(0, 0, 0), turn=1)
        state = attrs.evolve(state, options=schwimmen.Options(players=3, deals=1))
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.void
        assert state.is_terminal
        assert state.winner == (0, 1, 2)

    def test_sch_7_3_out_players_do_not_count(self) -> None:
        """Seat 1 is out; seats 0 and 2, the swimmers still in, tie: void."""
        state = playing(
            ["Kc 7d 8h", "", "Jc 7s 9d"],
            "9h Ts 9s",
            tokens=(0, 0, 0),
            alive=(True, False, True),
            turn=2,
        )
        state = state.apply(KNOCK).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.void
        assert state.last_deal.losses == (0, 0, 0)
        assert state.tokens == (0, 0, 0)
        assert state.dealer == 2  # the next seat still in after dealer 0

    def test_sch_7_4_no_swimming_last_token_lost_is_out(self) -> None:
        """swimming=False: seat 2 loses its last token and is out at once."""
        options = schwimmen.Options(players=3, swimming=False)
        state = playing(
            ["Ac Kc 7d", "Js Qs 7s", "7h 8d 9c"], "Th 9d 8c", tokens=(3, 3, 1), options=options
        )
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.last_deal is not None
        assert state.last_deal.losses == (0, 0, 1)
        assert state.tokens == (3, 3, 0)
        assert state.alive == (True, True, False)
        default = playing(["Ac Kc 7d", "Js Qs 7s", "7h 8d 9c"], "Th 9d 8c", tokens=(3, 3, 1))
        default = default.apply(KNOCK).apply(PASS).apply(PASS)
        assert default.alive == (True, True, True)  # he swims by default (SCH-7.1)

    def test_sch_7_4_no_swimming_games_end(self) -> None:
        """Random and greedy games without swimming (or passing) end."""
        check_game(game(players=3, swimming=False, passing=False, deals=3), playouts=3)
        g = game(players=4, swimming=False)
        rng = random.Random(2)
        state = g.new_game(seed=2)
        while not state.is_terminal:
            state = state.apply(g.greedy_move(state, rng))
        assert sum(state.alive) == 1


class TestEngine:
    def test_sch_8_2_scores_are_tokens_lost(self) -> None:
        """Scores count tokens lost, lower is better; the game's flag says so."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c")
        assert state.scores == (0, 0, 0)
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.scores == (1, 0, 0)
        assert not game().HIGHER_IS_BETTER
        assert state.winner == ()

    @given(three_cards, three_cards)
    def test_sch_6_key_agrees_with_value(self, a: tuple[Any, ...], b: tuple[Any, ...]) -> None:
        """A higher value always has a higher showdown key."""
        if hand_value(a) < hand_value(b):
            assert hand_key(a) < hand_key(b)

    @given(three_cards)
    def test_sch_3_value_is_best_suit_or_special(self, hand: tuple[Any, ...]) -> None:
        """The value is the best suit total unless the ranks are all equal."""
        ranks = {c.rank for c in hand}
        totals: dict[Any, int] = {}
        for card in hand:
            points = 11 if card.rank == 14 else min(int(card.rank), 10)
            totals[card.suit] = totals.get(card.suit, 0) + points
        if len(ranks) == 1:
            assert hand_value(hand) == (32 if 14 in ranks else 30.5)
        else:
            assert hand_value(hand) == max(totals.values())

    def test_sch_8_1_deals_option(self) -> None:
        """deals=1 ends the game after one deal."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c")
        state = attrs.evolve(state, options=schwimmen.Options(players=3, deals=1))
        state = state.apply(KNOCK).apply(PASS).apply(PASS)
        assert state.is_terminal
        assert state.winner == (1, 2)

    def test_sch_8_3_random_and_greedy_games_end(self) -> None:
        """Whole games end under random play and under greedy play."""
        rng = random.Random(5)
        g = game(players=4)
        for seed in range(5):
            state = g.new_game(seed)
            while not state.is_terminal:
                state = state.apply(g.greedy_move(state, rng))
            assert sum(state.alive) == 1

    def test_sch_8_3_greedy_takes_a_special_hand(self) -> None:
        """The greedy player makes 31 when one exchange gives it."""
        state = playing(["Ac Kc 7d", "Ah Kh 7s", "Js Qs 8s"], "Th 8d 9c")
        assert game().greedy_move(state, random.Random(1)) == exchange("7s", "Th")

    def test_sch_8_4_views_hide_other_hands(self) -> None:
        """A seat sees its own hand only; resampling keeps its view."""
        state = playing(["Ac Kc 7d", "8h 9h Th", "Js Qs 7s"], "7h 8d 9c")
        view = state.view(1)
        assert view.hand == parse_cards("8h 9h Th")
        assert view.known == ((), (), ())
        other = state.resample(1, random.Random(2))
        assert other.view(1) == view
        assert other.hands[1] == state.hands[1]
        assert other.widow == state.widow

    def test_sch_8_conformance(self) -> None:
        """The conformance kit passes for one deal, a whole game and the full pack."""
        check_game(game(players=3, deals=1), playouts=3)
        check_game(game(players=4), playouts=1, deep_every=15)
        check_game(game(players=2, full_pack=True, deals=2), playouts=2)
        check_game(game(players=3, knock_after_exchange=False, deals=1), playouts=2)


class SchwimmenMachine(RuleBasedStateMachine):
    """Random legal play keeps Schwimmen's books straight (SCH-4, SCH-7)."""

    def __init__(self) -> None:
        super().__init__()
        self.state = start()

    @initialize(seed=st.integers(0, 2**32), players=st.integers(2, 9), full=st.booleans())
    def new(self, seed: int, players: int, full: bool) -> None:
        self.state = game(players=players, full_pack=full, tokens=1).new_game(seed)

    @precondition(lambda self: self.state.is_terminal)
    @rule(seed=st.integers(0, 2**32))
    def again(self, seed: int) -> None:
        self.state = game(players=3, tokens=1).new_game(seed)

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        before = self.state
        move = data.draw(st.sampled_from(before.legal_moves()))
        after = before.apply(move)
        if after.deal == before.deal and after.phase is not Phase.OVER:
            # SCH-4.4: within a deal the stock only shrinks, three cards at a time.
            assert len(before.stock) - len(after.stock) in (0, 3)
            if isinstance(move, Exchange | ExchangeAll):
                assert after.passes == 0
        # SCH-7.1: tokens never grow and nobody comes back in.
        assert all(a <= b for a, b in zip(after.tokens, before.tokens, strict=True))
        assert all(b or not a for a, b in zip(after.alive, before.alive, strict=True))
        self.state = after

    @invariant()
    def consistent(self) -> None:
        self.state.validate()
        assert len(self.state.widow) == 3
        assert sum(self.state.alive) >= 1


TestSchwimmenMachine = SchwimmenMachine.TestCase
TestSchwimmenMachine.settings = settings(max_examples=10, stateful_step_count=40, deadline=None)
