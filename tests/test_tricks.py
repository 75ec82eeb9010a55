"""Trick mechanics, with the rule values of the three trick games of the source texts.

Fifty-Six tests cite the clauses of ``seeds/fifty_six.md``; the Quadruple War and
Pinochle values follow the source texts (``shared/seeds/004_*.txt``) ahead of those games.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import BIG_JOKER, LITTLE_JOKER, Card, InvalidCardError, OptionError, Rank, Suit
from cardrules import parse_card as card
from cardrules import parse_cards as cards
from cardrules.decks import fifty_six, pinochle, quadruple_war
from cardrules.tricks import (
    TrickRules,
    beats,
    is_trump,
    led_suit,
    legal_plays,
    points,
    suit_of,
    trump_played,
    winner,
    winning_index,
)

# Fifty-Six: J 9 A 10 K Q 8 7; follow suit, else anything; a trump chosen per deal.
FIFTY_SIX = TrickRules(
    order=(
        Rank.JACK,
        Rank.NINE,
        Rank.ACE,
        Rank.TEN,
        Rank.KING,
        Rank.QUEEN,
        Rank.EIGHT,
        Rank.SEVEN,
    ),
    points={Rank.JACK: 3, Rank.NINE: 2, Rank.ACE: 1, Rank.TEN: 1},
)
# Quadruple War: spades always trump, the two jokers above the ace of spades, spades
# not led until broken unless the leader holds only spades; follow suit, else anything.
QUADRUPLE_WAR = TrickRules(
    order=(Rank.BIG_JOKER, Rank.LITTLE_JOKER, *sorted(Rank, reverse=True)[3:]),
    trump=Suit.SPADES,
    trump_breaking=True,
)
# Two-handed Pinochle, A 10 K Q J 9: before the stock is gone anything may be played;
# in the playoff follow suit, trump when void, and beat a led trump when able.
PINOCHLE_EARLY = TrickRules(
    order=(Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE),
    points={Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2},
    trump=Suit.HEARTS,
    follow_suit=False,
)
PINOCHLE_PLAYOFF = TrickRules(
    order=PINOCHLE_EARLY.order,
    points=PINOCHLE_EARLY.points,
    trump=Suit.HEARTS,
    must_trump=True,
    must_beat="trump_led",
)


def plays(hand: str, trick: str, rules: TrickRules, **kw: bool) -> list[str]:
    return [str(c) for c in legal_plays(cards(hand), cards(trick), rules, **kw)]


class TestRulesValues:
    def test_order_and_points_read(self) -> None:
        """Ranks are ordered as listed, highest first; unnamed ranks are worth 0."""
        assert FIFTY_SIX.rank_power(Rank.JACK) > FIFTY_SIX.rank_power(Rank.NINE)
        assert FIFTY_SIX.rank_power(Rank.TEN) > FIFTY_SIX.rank_power(Rank.KING)
        assert FIFTY_SIX.rank_power(Rank.TWO) == -1
        assert points(cards("Kh Qh 8h 7h"), FIFTY_SIX) == 0

    def test_points_as_pairs_equal_mapping(self) -> None:
        """Points may be given as a mapping or as pairs; the values are equal."""
        pairs = TrickRules(order=(Rank.ACE,), points=[(Rank.ACE, 1)])
        assert pairs == TrickRules(order=(Rank.ACE,), points={Rank.ACE: 1})
        assert hash(pairs) == hash(TrickRules(order=(Rank.ACE,), points={Rank.ACE: 1}))

    @pytest.mark.parametrize(
        "kwargs",
        [
            {"order": ()},
            {"order": (Rank.ACE, "K")},
            {"order": 5},
            {"order": (Rank.ACE,), "trump": "hearts"},
            {"order": (Rank.ACE,), "points": {Rank.ACE: 1.5}},
            {"order": (Rank.ACE,), "points": {"A": 1}},
            {"order": (Rank.ACE,), "points": 3},
            {"order": (Rank.ACE,), "must_beat": "sometimes"},
            {"order": (Rank.ACE,), "follow_suit": 1},
            {"order": (Rank.BIG_JOKER, Rank.ACE)},
        ],
    )
    def test_bad_rules_refused(self, kwargs: dict[str, object]) -> None:
        """Malformed rules values raise OptionError saying what is wrong."""
        with pytest.raises(OptionError):
            TrickRules(**kwargs)  # type: ignore[arg-type]

    def test_with_trump(self) -> None:
        """A game choosing its trump per deal changes only the trump."""
        hearts = FIFTY_SIX.with_trump(Suit.HEARTS)
        assert hearts.trump is Suit.HEARTS
        assert hearts.order == FIFTY_SIX.order
        assert hearts.points == FIFTY_SIX.points

    def test_card_not_in_play_refused(self) -> None:
        """A card of a rank the rules do not list is refused."""
        with pytest.raises(InvalidCardError, match="2h is not in play"):
            winning_index(cards("Jh 2h"), FIFTY_SIX)
        with pytest.raises(InvalidCardError):
            legal_plays(cards("2h"), (), FIFTY_SIX)
        with pytest.raises(InvalidCardError, match="not text"):
            legal_plays("Jh", (), FIFTY_SIX)  # type: ignore[arg-type]
        with pytest.raises(InvalidCardError, match="not a card"):
            legal_plays(["Jh"], (), FIFTY_SIX)  # type: ignore[list-item]
        with pytest.raises(InvalidCardError, match="empty trick"):
            winning_index((), FIFTY_SIX)


class TestFiftySixTricks:
    def test_fs_1_5_card_order(self) -> None:
        """J beats 9 beats A beats 10 beats K beats Q beats 8 beats 7 in the suit led."""
        order = cards("Jh 9h Ah Th Kh Qh 8h 7h")
        for high, low in itertools.combinations(order, 2):
            assert winning_index((low, high), FIFTY_SIX) == 1
            assert winning_index((high, low), FIFTY_SIX) == 0

    def test_fs_1_4_card_points(self) -> None:
        """J 3, 9 2, A 1, 10 1, others 0: every Fifty-Six pack holds 56 points."""
        assert points(cards("Jc 9c Ac Tc Kc Qc 8c 7c"), FIFTY_SIX) == 7
        for players in (4, 6, 8):
            assert points(fifty_six(players).cards, FIFTY_SIX) == 56

    def test_fs_5_2_follow_suit_else_anything(self) -> None:
        """A player with the suit led must follow; without it he may play any card."""
        rules = FIFTY_SIX.with_trump(Suit.SPADES)
        assert plays("Jh 9s Kc 7h", "Ah", rules) == ["Jh", "7h"]
        assert plays("9s Kc Qd", "Ah", rules) == ["9s", "Kc", "Qd"]
        assert plays("9s Kc Qd", "", rules) == ["9s", "Kc", "Qd"]

    def test_fs_5_3_trump_wins_else_highest_of_suit_led(self) -> None:
        """The highest trump wins; without one, the highest card of the suit led;
        a higher card of another suit never wins."""
        rules = FIFTY_SIX.with_trump(Suit.CLUBS)
        assert winning_index(cards("Ah Jh 7c Jd"), rules) == 2
        assert winning_index(cards("Ah Jh 7c 8c"), rules) == 3
        assert winning_index(cards("Ah Qh Jd Js"), rules) == 0
        assert winning_index(cards("Ah Qh Jd Js"), FIFTY_SIX) == 0

    def test_fs_5_4_identical_cards_first_played_wins(self) -> None:
        """Of two identical cards the first played wins (two packs mixed)."""
        rules = FIFTY_SIX.with_trump(Suit.DIAMONDS)
        assert winning_index(cards("Qh Jh Jh"), rules) == 1
        assert winning_index(cards("Qh Jd Jd Jh"), rules) == 1
        assert winner(cards("Jc Jc 9c Jc Ac Tc"), leader=4, rules=rules) == 4
        assert not beats(card("Jd"), card("Jd"), Suit.HEARTS, rules)

    def test_fs_5_5_winner_seat_counts_from_leader(self) -> None:
        """The seat of the winning card is counted from the leader in playing order."""
        trick = cards("Kh Qh Jh Th 9h Ah")
        assert [winner(trick, leader=k, rules=FIFTY_SIX) for k in range(6)] == [2, 3, 4, 5, 0, 1]
        assert winner(cards("Kh Jh"), leader=5, rules=FIFTY_SIX, players=6) == 0

    def test_winner_bad_seats(self) -> None:
        """A leader or player count out of range is refused."""
        with pytest.raises(OptionError):
            winner(cards("Kh Jh"), leader=2, rules=FIFTY_SIX)
        with pytest.raises(OptionError):
            winner(cards("Kh Jh"), leader=0, rules=FIFTY_SIX, players=1)

    @given(
        st.lists(st.sampled_from(fifty_six(6).cards), min_size=1, max_size=6),
        st.sampled_from([None, *Suit]),
    )
    def test_fs_5_3_winner_is_best_by_independent_rule(
        self, trick: list[Card], trump: Suit | None
    ) -> None:
        """Property: the winner holds the strongest card by a separate ranking, the
        earliest of equals, for any cards of the 48-card pack."""
        rules = FIFTY_SIX.with_trump(trump)
        led = trick[0].suit

        def strength(c: Card) -> tuple[int, int]:
            kind = 2 if c.suit is trump else 1 if c.suit is led else 0
            return kind, -"J9ATKQ87".index(c.rank.letter) if kind else 0

        best = max(strength(c) for c in trick)
        first = min(i for i, c in enumerate(trick) if strength(c) == best)
        assert winning_index(trick, rules) == first


class TestQuadrupleWarTricks:
    def test_jokers_are_top_trumps(self) -> None:
        """The big joker beats the little joker, which beats the ace of spades."""
        assert winning_index((card("As"), LITTLE_JOKER, BIG_JOKER), QUADRUPLE_WAR) == 2
        assert winning_index((card("Ah"), LITTLE_JOKER, card("As")), QUADRUPLE_WAR) == 1
        assert suit_of(BIG_JOKER, QUADRUPLE_WAR) is Suit.SPADES
        assert is_trump(LITTLE_JOKER, QUADRUPLE_WAR)
        assert is_trump(card("2s"), QUADRUPLE_WAR)

    def test_joker_lead_leads_spades(self) -> None:
        """A joker led is a spade lead: spades must follow it."""
        assert led_suit((BIG_JOKER,), QUADRUPLE_WAR) is Suit.SPADES
        hand = (card("3s"), card("Ah"), LITTLE_JOKER)
        assert legal_plays(hand, (BIG_JOKER,), QUADRUPLE_WAR) == (card("3s"), LITTLE_JOKER)

    def test_follow_else_trump_or_discard(self) -> None:
        """Follow suit when able; a void player may trump or discard."""
        assert plays("Kh 2s 5d", "Ah", QUADRUPLE_WAR) == ["Kh"]
        assert plays("2s 5d", "Ah", QUADRUPLE_WAR) == ["2s", "5d"]
        assert winning_index(cards("Ah Kh 2s Qh"), QUADRUPLE_WAR) == 2

    def test_spades_not_led_until_broken(self) -> None:
        """Spades (and jokers) may not be led until broken, unless the hand is all spades."""
        hand = (card("As"), card("4h"), BIG_JOKER)
        assert legal_plays(hand, (), QUADRUPLE_WAR, trump_broken=False) == (card("4h"),)
        assert legal_plays(hand, (), QUADRUPLE_WAR, trump_broken=True) == hand
        only = (card("As"), BIG_JOKER)
        assert legal_plays(only, (), QUADRUPLE_WAR, trump_broken=False) == only

    def test_breaking_is_a_trump_played(self) -> None:
        """A trick holding a spade or a joker breaks spades."""
        assert not trump_played(cards("Ah Kh Qh Jh"), QUADRUPLE_WAR)
        assert trump_played((card("Ah"), LITTLE_JOKER), QUADRUPLE_WAR)

    def test_whole_pack_in_play(self) -> None:
        """Every card of each Quadruple War pack is in play and worth no points."""
        for players in (2, 3, 4, 5):
            pack = quadruple_war(players).cards
            assert points(pack, QUADRUPLE_WAR) == 0
            assert len(legal_plays(pack, (), QUADRUPLE_WAR)) == len(set(pack))


class TestPinochleTricks:
    def test_rank_order_a_10_k_q_j_9(self) -> None:
        """A beats 10 beats K beats Q beats J beats 9."""
        order = cards("As Ts Ks Qs Js 9s")
        for high, low in itertools.combinations(order, 2):
            assert winning_index((low, high), PINOCHLE_EARLY.with_trump(None)) == 1

    def test_card_points_total_240(self) -> None:
        """A 11, 10 10, K 4, Q 3, J 2, 9 0: the 48-card pack holds 240 card points."""
        assert points(pinochle().cards, PINOCHLE_EARLY) == 240

    def test_early_play_no_obligation(self) -> None:
        """Before the stock is gone any card may be played."""
        assert plays("As 9h Kd", "Qs", PINOCHLE_EARLY) == ["As", "9h", "Kd"]

    def test_led_card_wins_unless_higher_same_suit_or_trump(self) -> None:
        """The lead wins unless beaten in its suit or trumped; a first identical card wins."""
        assert winning_index(cards("Ks Ad"), PINOCHLE_EARLY) == 0
        assert winning_index(cards("Ks As"), PINOCHLE_EARLY) == 1
        assert winning_index(cards("Ks 9h"), PINOCHLE_EARLY) == 1
        assert winning_index(cards("Ks Ks"), PINOCHLE_EARLY) == 0

    def test_playoff_follow_suit(self) -> None:
        """In the playoff a player must follow suit (no need to beat a plain lead)."""
        assert plays("Ts 9s Ah", "Ks", PINOCHLE_PLAYOFF) == ["Ts", "9s"]

    def test_playoff_must_trump_when_void(self) -> None:
        """A void player must trump if he holds a trump, even a losing one."""
        assert plays("9h Kd", "Ac", PINOCHLE_PLAYOFF) == ["9h"]
        assert plays("Kd Qd", "Ac", PINOCHLE_PLAYOFF) == ["Kd", "Qd"]

    def test_playoff_must_beat_led_trump(self) -> None:
        """On a trump lead a player must play a higher trump if he has one."""
        assert plays("Ah 9h Kc", "Th", PINOCHLE_PLAYOFF) == ["Ah"]
        assert plays("Qh 9h Kc", "Th", PINOCHLE_PLAYOFF) == ["Qh", "9h"]
        assert plays("Th Kc", "Th", PINOCHLE_PLAYOFF) == ["Th"]  # an identical card cannot beat

    def test_must_beat_always(self) -> None:
        """With must_beat 'always', a follower beats the best card so far if he can,
        also over a trump played before him."""
        rules = TrickRules(
            order=PINOCHLE_EARLY.order, trump=Suit.HEARTS, must_trump=True, must_beat="always"
        )
        assert plays("As Ks Qh", "Qs", rules) == ["As", "Ks"]
        assert plays("As Ks Qh", "Qs Ah", rules) == ["As", "Ks"]  # cannot beat: follow anyway
        assert plays("Th Kh", "Qs Qh", rules) == ["Th", "Kh"]
        assert plays("Th Jh", "Qs Kh", rules) == ["Th"]

    def test_playoff_legal_plays_never_empty(self) -> None:
        """Any non-empty hand has a legal play to any trick."""
        pack = sorted(set(pinochle().cards))
        for lead, a, b in itertools.combinations(pack[::3], 3):
            assert legal_plays((a, b), (lead,), PINOCHLE_PLAYOFF)
