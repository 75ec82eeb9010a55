"""Fifty-Six: each test names the clause of seeds/fifty_six.md it checks."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import (
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidStateError,
    OptionError,
    Rank,
    Suit,
    games,
    parse_cards,
)
from cardrules.games import fifty_six
from cardrules.games.fifty_six import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Denomination,
    Phase,
    Play,
    card_points,
    game_points,
    outcome,
    trick_rules,
)
from cardrules.testing import check_game
from cardrules.tricks import legal_plays

H, S, D, C = Denomination.HEARTS, Denomination.SPADES, Denomination.DIAMONDS, Denomination.CLUBS
NT, NOES = Denomination.NT, Denomination.NOES

# One suit a hand: the worked examples of docs/games/fifty_six.md.
SUITED = (
    "Jh Jh 9h 9h Ah Ah Th Th",
    "Js Js 9s 9s As As Ts Ts",
    "Jd Jd 9d 9d Ad Ad Td Td",
    "Jc Jc 9c 9c Ac Ac Tc Tc",
)
# Seats 0 and 1 hold the same cards, as do seats 2 and 3.
TWINS = (
    "Jh 9h Ah Th Js 9s As Ts",
    "Jh 9h Ah Th Js 9s As Ts",
    "Jd 9d Ad Td Jc 9c Ac Tc",
    "Jd 9d Ad Td Jc 9c Ac Tc",
)


def game(**options: object) -> fifty_six.FiftySix:
    created = games.create("fifty_six", **options)
    assert isinstance(created, fifty_six.FiftySix)
    return created


def dealt(hands: tuple[str, ...], **options: object) -> fifty_six.State:
    """A four-player game (one deal unless told) with the given hands, seat 0 dealing."""
    options = {"players": 4, "deals": 1, **options}
    state = game(**options).new_game(seed=1)
    new = attrs.evolve(state, hands=tuple(parse_cards(h) for h in hands))
    new.validate()
    return new


def run(state: fifty_six.State, *moves: str) -> fifty_six.State:
    g = game(**attrs.asdict(state.options))
    for text in moves:
        state = state.apply(g.parse_move(state, text))
    return state


def texts(state: fifty_six.State) -> list[str]:
    return [str(m) for m in state.legal_moves()]


class TestPlayersAndCards:
    def test_fs_1_1_four_six_or_eight_players(self) -> None:
        """Four, six or eight players; six by default; other counts are refused."""
        assert game().players == 6
        for n in (4, 6, 8):
            assert len(game(players=n).new_game(seed=1).hands) == n
        for n in (2, 3, 5, 7, 9):
            with pytest.raises(OptionError, match="players"):
                game(players=n)

    def test_fs_1_1_teams_sit_alternately(self) -> None:
        """Even seats are one team, odd seats the other: every seat shares its team's score."""
        state = run(dealt(SUITED), "28 spades", "pass", "pass", "pass")
        state = run(state, *["play Js", "play Td", "play Tc", "play Th"] * 2)
        state = run(state, *["play 9s", "play Ad", "play Ac", "play Ah"] * 2)
        state = run(state, "play As", "play 9d", "play 9c", "play 9h")
        assert state.is_terminal
        assert state.scores == (0, 1, 0, 1)

    def test_fs_1_2_play_goes_round_in_seat_order(self) -> None:
        """Seat 0 deals first; seats bid and play in rising order (counter-clockwise)."""
        state = game(players=6).new_game(seed=3)
        assert state.dealer == 0
        turns = []
        for _ in range(5):
            turns.append(state.turn)
            state = state.apply(PASS if PASS in state.legal_moves() else state.legal_moves()[0])
        assert turns == [1, 2, 3, 4, 5]

    def test_fs_1_3_deck_by_player_count(self) -> None:
        """J 9 A 10 for four, K Q added for six, 8 7 for eight, two of each card."""
        ranks = {
            4: {Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN},
            6: {Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN},
            8: {Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN}
            | {Rank.EIGHT, Rank.SEVEN},
        }
        for n, wanted in ranks.items():
            deck = game(players=n).new_game(seed=1).deck()
            assert deck.size == 8 * n
            assert {c.rank for c in deck.cards} == wanted
            assert set(Counter(deck.cards).values()) == {2}

    def test_fs_1_4_card_points(self) -> None:
        """J 3, 9 2, A 1, 10 1, K Q 8 7 nothing; every pack holds 56."""
        assert card_points(parse_cards("Jc")) == 3
        assert card_points(parse_cards("9c")) == 2
        assert card_points(parse_cards("Ac Tc")) == 2
        assert card_points(parse_cards("Kc Qc 8c 7c")) == 0
        for n in (4, 6, 8):
            assert card_points(game(players=n).new_game(seed=1).deck().cards) == 56
        with pytest.raises(InvalidCardError):
            card_points("Jc")  # type: ignore[arg-type]

    def test_fs_1_5_rank_order(self) -> None:
        """J 9 A 10 K Q 8 7 in every suit, whatever the contract."""
        for denomination in Denomination:
            rules = trick_rules(denomination)
            powers = [rules.rank_power(c.rank) for c in parse_cards("Jd 9d Ad Td Kd Qd 8d 7d")]
            assert powers == sorted(powers, reverse=True)
        with pytest.raises(OptionError):
            trick_rules("hearts")  # type: ignore[arg-type]


class TestDeal:
    def test_fs_2_1_eight_cards_each_whole_pack(self) -> None:
        """Every player gets 8 cards and the whole pack is dealt; the seed decides the deal."""
        for n in (4, 6, 8):
            state = game(players=n).new_game(seed=7)
            assert all(len(h) == 8 for h in state.hands)
            assert Counter(c for h in state.hands for c in h) == state.deck().counts()
        assert game().new_game(seed=7).hands == game().new_game(seed=7).hands
        assert game().new_game(seed=7).hands != game().new_game(seed=8).hands


class TestBidding:
    def test_fs_3_1_dealers_right_bids_first(self) -> None:
        """The player after the dealer in playing order bids first."""
        state = game(players=8).new_game(seed=2)
        assert (state.dealer, state.turn, state.current_player) == (0, 1, 1)

    def test_fs_3_2_bid_names_number_and_denomination(self) -> None:
        """A bid is a number with a suit, NT or NS; pass, double and redouble are calls."""
        state = run(dealt(SUITED), "bid 28 hearts")
        moves = texts(state)
        assert moves[:2] == ["pass", "double"]
        assert moves[2:8] == [f"bid 29 {d.value}" for d in Denomination]
        assert state.high is not None
        assert (state.high.number, state.high.denomination, state.high.bidder) == (28, H, 1)

    def test_fs_3_3_each_bid_raises_by_one_or_more(self) -> None:
        """Every bid is at least one more than the last, from 28 up to 56."""
        start = dealt(SUITED)
        assert min(m.number for m in start.legal_moves() if isinstance(m, Bid)) == 28
        assert max(m.number for m in start.legal_moves() if isinstance(m, Bid)) == 56
        state = run(start, "bid 30 spades")
        assert {m.number for m in state.legal_moves() if isinstance(m, Bid)} == set(range(31, 57))
        with pytest.raises(IllegalMoveError, match=r"at least one more than the last bid, 30"):
            state.apply(Bid(30, H))
        with pytest.raises(IllegalMoveError, match=r"28 to 56, not 27 \(FS-3.3\)"):
            start.apply(Bid(27, H))
        with pytest.raises(IllegalMoveError, match=r"28 to 56, not 57"):
            start.apply(Bid(57, H))
        with pytest.raises(IllegalMoveError, match="whole number"):
            start.apply(Bid("30", H))  # type: ignore[arg-type]
        # a field of the wrong type is refused by the engine's move check, before FS-3.2
        with pytest.raises(IllegalMoveError, match="must be a Denomination"):
            start.apply(Bid(30, Suit.HEARTS))  # type: ignore[arg-type]
        top = run(start, "bid 56 hearts")
        assert texts(top) == ["pass", "double"]

    def test_fs_3_3_lowest_bid_28_for_every_count(self) -> None:
        """Decision: 28 is the lowest bid with four, six and eight players alike."""
        for n in (4, 6, 8):
            first = game(players=n).new_game(seed=1).legal_moves()[0]
            assert first == Bid(28, C)

    def test_fs_3_4_formats_name_one_contract(self) -> None:
        """Number then suit, suit then number and '+N' jumps are the same contract."""
        g = game(players=4)
        state = run(dealt(SUITED), "bid 30 spades")
        same = ["31 hearts", "Hearts 31", "bid 31 hearts", "+1 hearts", "31 h", "31 ♥", "H 31"]
        for text in same:
            assert g.parse_move(state, text) == Bid(31, H), text
        assert g.parse_move(state, "+3 NT") == Bid(33, NT)
        assert g.parse_move(state, "33 no trump") == Bid(33, NT)
        assert g.parse_move(state, "32 NS") == Bid(32, NOES)
        assert g.parse_move(state, "Pass") == PASS
        assert g.parse_move(state, "double") == DOUBLE
        assert g.parse_move(None, "redouble") == REDOUBLE
        assert g.parse_move(None, "spades 40") == Bid(40, S)

    def test_fs_3_4_malformed_bids(self) -> None:
        """Malformed bid text is refused as a typo (InvalidMoveError), saying why."""
        g = game(players=4)
        state = dealt(SUITED)
        with pytest.raises(InvalidMoveError, match=r"FS-3.4"):
            g.parse_move(state, "+1 hearts")  # nothing to raise yet
        with pytest.raises(InvalidMoveError, match=r"jump bid"):
            g.parse_move(state, "+0 hearts")
        with pytest.raises(InvalidMoveError, match=r"cannot read a bid"):
            g.parse_move(state, "thirty hearts")
        with pytest.raises(InvalidMoveError, match=r"'purple' is no suit, nt or ns \(FS-3.2\)"):
            g.parse_move(state, "28 purple")
        with pytest.raises(InvalidMoveError, match=r"FS-3.2"):
            g.parse_move(state, "bid 28 purple")
        with pytest.raises(InvalidMoveError):
            g.parse_move(state, "bid 28")

    def test_fs_3_5_conventions_not_enforced(self) -> None:
        """A bid's format says nothing the rules check: seat 1, with no heart at all,
        may bid hearts in any format."""
        state = dealt(SUITED)
        assert not any(c.suit is Suit.HEARTS for c in state.hands[1])
        assert state.is_legal(game(players=4).parse_move(state, "hearts 28"))

    def test_fs_3_6_noes_needs_an_earlier_suit_bid(self) -> None:
        """Noes is no bid before a suit has been bid; after one it is."""
        state = dealt(SUITED)
        assert Bid(28, NOES) not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"FS-3.6"):
            state.apply(Bid(28, NOES))
        nt = run(state, "28 nt")
        assert Bid(29, NOES) not in nt.legal_moves()
        assert Bid(29, NOES) in run(state, "28 clubs").legal_moves()

    def test_fs_3_6_noes_contract_has_no_trumps(self) -> None:
        """A contract ending on Noes is played without trumps: the suit bid before
        it (clubs) does not win a heart trick."""
        state = run(dealt(TWINS), "28 clubs", "29 ns", "pass", "pass", "pass")
        assert state.contract is not None
        assert state.contract.denomination is NOES
        assert state.contract.denomination.trump is None
        state = run(state, "play Jh", "play Jc", "play Td", "play Th")
        assert state.leader == 1  # Jh, the lead, won; Jc would have as a trump
        assert state.taken == (0, 8)

    def test_fs_3_7_first_bidder_must_bid(self) -> None:
        """The first bidder may not pass; a later player who passed may bid again."""
        state = dealt(SUITED)
        assert PASS not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"must bid, at least 28 \(FS-3.7\)"):
            state.apply(PASS)
        state = run(state, "28 spades", "pass", "29 clubs", "pass", "pass")
        assert state.turn == 2  # seat 2 passed on its first turn
        assert Bid(30, D) in state.legal_moves()
        assert run(state, "30 diamonds").high.bidder == 2  # type: ignore[union-attr]

    def test_fs_3_8_bidding_ends_after_all_others_pass(self) -> None:
        """After the last bid every other player passes in turn; the last bid is the contract."""
        state = run(dealt(SUITED), "28 spades", "30 diamonds", "pass", "pass")
        assert state.phase is Phase.BIDDING
        state = run(state, "pass")
        assert state.phase is Phase.PLAY
        assert state.contract is not None
        assert (state.contract.number, state.contract.denomination) == (30, D)
        assert state.contract.bidder == 2

    def test_fs_3_8_six_players_need_five_passes(self) -> None:
        """With six players the bidding ends after five passes in a row."""
        state = game(players=6, deals=1).new_game(seed=4)
        state = state.apply(Bid(28, H))
        for k in range(5):
            assert state.phase is Phase.BIDDING, k
            state = state.apply(PASS)
        assert state.phase is Phase.PLAY

    def test_fs_3_9_moves_are_the_only_signals(self) -> None:
        """Players speak only through moves: bids, calls and cards."""
        names = {cls.NAME for cls in fifty_six.State.MOVES}
        assert names == {"bid", "pass", "double", "redouble", "play"}


class TestDoubles:
    def test_fs_4_1_only_the_other_team_doubles(self) -> None:
        """A bid may be doubled by the other team, once; never by the bidding team."""
        state = run(dealt(SUITED), "28 spades")  # seat 1 bid; seat 2 is on the other team
        assert DOUBLE in state.legal_moves()
        state = run(state, "pass")  # seat 3, seat 1's partner, may not double
        assert DOUBLE not in state.legal_moves()
        with pytest.raises(IllegalMoveError, match=r"his own team's bid \(FS-4.1\)"):
            state.apply(DOUBLE)
        doubled = run(state, "pass", "double")  # seat 0
        assert doubled.high is not None
        assert doubled.high.doubled
        assert DOUBLE not in run(doubled, "pass").legal_moves()  # seat 2's turn
        with pytest.raises(IllegalMoveError, match=r"already doubled"):
            run(doubled, "pass").apply(DOUBLE)

    def test_fs_4_1_nothing_to_double_at_first(self) -> None:
        """Double and redouble need a bid."""
        with pytest.raises(IllegalMoveError, match=r"no bid to double"):
            dealt(SUITED).apply(DOUBLE)

    def test_fs_4_2_redouble_ends_the_bidding(self) -> None:
        """The bidding team may redouble a double, and the bidding ends at once."""
        state = run(dealt(SUITED), "28 spades", "double")  # seat 2 doubles
        assert REDOUBLE in state.legal_moves()  # seat 3 is seat 1's partner
        with pytest.raises(IllegalMoveError, match=r"FS-4.2"):
            run(state, "pass").apply(REDOUBLE)  # seat 0 is on the doubling team
        state = run(state, "redouble")
        assert state.phase is Phase.PLAY
        assert state.contract is not None
        assert state.contract.redoubled
        assert state.turn == 1
        with pytest.raises(IllegalMoveError, match=r"only a doubled bid"):
            run(dealt(SUITED), "28 spades", "pass", "pass").apply(REDOUBLE)

    def test_fs_4_3_higher_bid_cancels_double(self) -> None:
        """After a double the bidding goes on; a higher bid cancels it; passes keep it."""
        state = run(dealt(SUITED), "28 spades", "double", "29 clubs")
        assert state.high is not None
        assert not state.high.doubled
        state = run(dealt(SUITED), "28 spades", "double", "pass", "pass", "pass")
        assert state.contract is not None
        assert state.contract.doubled
        assert not state.contract.redoubled


class TestPlay:
    def test_fs_5_1_first_bidder_leads(self) -> None:
        """The first bidder leads to the first trick even when another seat won the bid."""
        state = run(dealt(SUITED), "28 spades", "30 diamonds", "pass", "pass", "pass")
        assert state.contract is not None
        assert state.contract.bidder == 2
        assert (state.turn, state.leader) == (1, 1)

    def test_fs_5_2_follow_suit_else_any_card(self) -> None:
        """Holding the suit led, a player must follow; void, he may play any card."""
        state = run(dealt(TWINS), "28 nt", "pass", "pass", "pass", "play Jh")
        assert texts(state) == [f"play {c}" for c in parse_cards("Jd 9d Ad Td Jc 9c Ac Tc")]
        state = run(state, "play Tc", "play Td")
        assert texts(state) == ["play Jh", "play 9h", "play Ah", "play Th"]

    def test_fs_5_2_revoke_refused(self) -> None:
        """A player who fails to follow suit when able is refused, naming the rule."""
        state = run(dealt(TWINS), "28 nt", "pass", "pass", "pass", "play Jh", "play Tc", "play Td")
        with pytest.raises(IllegalMoveError, match=r"must follow suit \(FS-5.2\)"):
            state.apply(Play(parse_cards("Js")[0]))
        with pytest.raises(IllegalMoveError, match=r"does not hold Jd"):
            state.apply(Play(parse_cards("Jd")[0]))
        with pytest.raises(IllegalMoveError, match=r"FS-3.8"):
            state.apply(PASS)

    def test_fs_5_2_no_duty_to_trump(self) -> None:
        """A void player need not trump: in spades, seat 2 may throw a club on a heart."""
        state = run(dealt(TWINS), "28 spades", "pass", "pass", "pass", "play Jh")
        assert "play Tc" in texts(state)

    def test_fs_5_3_trump_wins_else_highest_of_suit_led(self) -> None:
        """A trump takes the trick; without one the highest card of the suit led does."""
        state = run(dealt(TWINS), "28 clubs", "pass", "pass", "pass")
        state = run(state, "play Th", "play Tc", "play Jd", "play Jh")
        assert state.leader == 2  # the ten of clubs, a trump
        state = run(dealt(TWINS), "28 nt", "pass", "pass", "pass")
        state = run(state, "play Th", "play Jc", "play Jd", "play Ah")
        assert state.leader == 0  # the ace of hearts; jacks of other suits never win

    def test_fs_5_4_identical_cards_first_played_wins(self) -> None:
        """Two jacks of hearts meet: the first one played wins."""
        state = run(dealt(TWINS), "28 nt", "pass", "pass", "pass")
        state = run(state, "play Jh", "play Tc", "play Td", "play Jh")
        assert state.leader == 1
        assert state.taken == (0, 8)

    def test_fs_5_5_winner_takes_points_and_leads(self) -> None:
        """The winner's team takes the trick's points; the winner leads next."""
        state = run(dealt(SUITED), "28 hearts", "pass", "pass", "pass")
        state = run(state, "play Ts", "play Td", "play Tc", "play Th")
        assert (state.leader, state.turn, state.taken) == (0, 0, (4, 0))
        assert Counter(state.won[0]) == Counter(parse_cards("Ts Td Tc Th"))


class TestEndOfGame:
    def test_fs_6_1_stops_when_made(self) -> None:
        """Worked example: 28 spades is made on the fifth trick with 29 points; play stops."""
        state = run(dealt(SUITED), "28 spades", "pass", "pass", "pass")
        state = run(state, *["play Js", "play Td", "play Tc", "play Th"] * 2)
        assert state.taken == (0, 12)
        state = run(state, *["play 9s", "play Ad", "play Ac", "play Ah"] * 2)
        assert state.taken == (0, 22)
        assert not state.is_terminal
        state = run(state, "play As", "play 9d", "play 9c", "play 9h")
        assert state.is_terminal
        result = state.last_deal
        assert result is not None
        assert (result.made, result.taken, result.tricks, result.team, result.points) == (
            True,
            (0, 29),
            5,
            1,
            1,
        )
        assert all(len(h) == 3 for h in state.hands)  # the rest is not played

    def test_fs_6_1_stops_when_defeated(self) -> None:
        """Worked example: 28 hearts against the hearts hand is defeated once the other
        team has 29 (more than 56 - 28); the defenders score 2."""
        state = run(dealt(SUITED), "28 hearts", "pass", "pass", "pass")
        state = run(state, "play Ts", "play Td", "play Tc", "play Th")
        state = run(state, "play Jh", "play Ts", "play Td", "play Tc")
        state = run(state, "play Jh", "play As", "play Ad", "play Ac")
        state = run(state, "play 9h", "play As", "play Ad", "play Ac")
        assert state.taken == (21, 0)
        assert not state.is_terminal
        state = run(state, "play 9h", "play 9s", "play 9d", "play 9c")
        result = state.last_deal
        assert result is not None
        assert (result.made, result.taken, result.team, result.points) == (False, (29, 0), 0, 2)
        assert state.totals == (2, 0)

    def test_fs_6_1_outcome(self) -> None:
        """A game is decided once the bid is reached or out of reach."""
        assert outcome(28, 28, 0) == "made"
        assert outcome(28, 0, 29) == "defeated"
        assert outcome(28, 27, 28) is None
        assert outcome(56, 0, 1) == "defeated"
        with pytest.raises(OptionError):
            outcome(27, 0, 0)

    def test_fs_6_2_play_out_option(self) -> None:
        """With play_out all eight tricks are played; the result is the same."""
        state = run(dealt(SUITED, play_out=True), "28 spades", "pass", "pass", "pass")
        state = run(state, *["play Js", "play Td", "play Tc", "play Th"] * 2)
        state = run(state, *["play 9s", "play Ad", "play Ac", "play Ah"] * 2)
        state = run(state, *["play As", "play 9d", "play 9c", "play 9h"] * 2)
        assert not state.is_terminal
        state = run(state, *["play Ts", "play Jd", "play Jc", "play Jh"] * 2)
        result = state.last_deal
        assert result is not None
        assert (result.made, result.taken, result.tricks, result.points) == (True, (0, 56), 8, 1)


class TestScoring:
    @pytest.mark.parametrize(
        ("bid", "made", "lost"),
        [(28, 1, 2), (39, 1, 2), (40, 2, 3), (47, 2, 3), (48, 3, 4), (55, 3, 4), (56, 4, 5)],
    )
    def test_fs_7_1_table(self, bid: int, made: int, lost: int) -> None:
        """The game points of each band of bids, made and lost."""
        assert game_points(bid, made=True) == made
        assert game_points(bid, made=False) == lost

    def test_fs_7_2_double_and_redouble(self) -> None:
        """Doubled times two, redoubled times three; the most is 15."""
        assert game_points(40, made=True, doubled=True) == 4
        assert game_points(40, made=False, doubled=True) == 6
        assert game_points(40, made=True, doubled=True, redoubled=True) == 6
        assert game_points(56, made=False, doubled=True, redoubled=True) == 15
        every = [
            game_points(b, made=m, doubled=d, redoubled=r)
            for b in range(28, 57)
            for m in (True, False)
            for d in (True, False)
            for r in (True, False)
        ]
        assert max(every) == 15

    def test_fs_7_2_doubled_game_played(self) -> None:
        """A doubled contract made in play scores twice the table."""
        state = run(dealt(SUITED), "28 spades", "double", "pass", "pass", "pass")
        state = run(state, *["play Js", "play Td", "play Tc", "play Th"] * 2)
        state = run(state, *["play 9s", "play Ad", "play Ac", "play Ah"] * 2)
        state = run(state, "play As", "play 9d", "play 9c", "play 9h")
        assert state.totals == (0, 2)

    def test_fs_7_3_game_points_refuses_bad_input(self) -> None:
        """game_points takes a bid of 28 to 56 and True/False flags."""
        for bad in (27, 57, "30", 30.0, True):
            with pytest.raises(OptionError):
                game_points(bad, made=True)  # type: ignore[arg-type]
        with pytest.raises(OptionError, match="made"):
            game_points(30, made=1)  # type: ignore[arg-type]


class TestMatch:
    def test_fs_8_1_next_game_dealt_by_next_player(self) -> None:
        """The next game is dealt by the next seat, so the next seat after it starts."""
        state = run(dealt(SUITED, deals=2), "28 spades", "pass", "pass", "pass")
        state = run(state, *["play Js", "play Td", "play Tc", "play Th"] * 2)
        state = run(state, *["play 9s", "play Ad", "play Ac", "play Ah"] * 2)
        state = run(state, "play As", "play 9d", "play 9c", "play 9h")
        assert not state.is_terminal
        assert (state.deal, state.dealer, state.turn, state.phase) == (1, 1, 2, Phase.BIDDING)
        assert state.totals == (0, 1)
        assert all(len(h) == 8 for h in state.hands)

    def test_fs_8_2_match_length(self) -> None:
        """Twelve games with four or six players, sixteen with eight; `deals` sets it."""
        assert [game(players=n).options.games for n in (4, 6, 8)] == [12, 12, 16]
        assert game(deals=3).options.games == 3
        rng = random.Random(1)
        g = game(players=4)
        state = g.new_game(seed=9)
        dealers = [state.dealer]
        while not state.is_terminal:
            number = state.deal
            state = state.apply(g.greedy_move(state, rng))
            if state.deal != number:
                dealers.append(state.dealer)
        assert dealers == [0, 1, 2, 3] * 3
        assert state.last_deal is not None
        assert state.last_deal.deal == 11

    def test_fs_8_3_team_totals(self) -> None:
        """Scores are each seat's team total; higher is better; the totals add the games."""
        g = game(players=6, deals=4)
        state = g.new_game(seed=2)
        rng = random.Random(3)
        earned = [0, 0]
        last = None
        while not state.is_terminal:
            state = state.apply(g.greedy_move(state, rng))
            if state.last_deal is not last and state.last_deal is not None:
                last = state.last_deal
                earned[last.team] += last.points
        assert list(state.totals) == earned
        assert state.scores == tuple(earned[s % 2] for s in range(6))
        assert fifty_six.FiftySix.HIGHER_IS_BETTER


class TestEngine:
    def test_fs_9_1_view_hides_other_hands(self) -> None:
        """A seat sees its own hand and the public play, not the other hands."""
        state = run(dealt(TWINS), "28 nt", "pass", "pass", "pass", "play Jh")
        view = state.view(2)
        assert view.hand == state.hands[2]
        assert view.trick == parse_cards("Jh")
        assert view.hand_sizes == (8, 7, 8, 8)
        assert not hasattr(view, "hands")
        other = state.resample(2, random.Random(5))
        assert other.view(2) == view
        assert other.hands != state.hands

    def test_fs_9_2_every_game_ends(self) -> None:
        """Random play ends every game and match, with and without play_out."""
        for n in (4, 6, 8):
            for play_out in (False, True):
                report = check_game(game(players=n, play_out=play_out, deals=2), playouts=2)
                assert report.terminal == 2

    def test_fs_9_3_notation_and_move_counts(self) -> None:
        """Moves print and read back; the bidding lists each contract once."""
        g = game(players=4)
        state = dealt(SUITED)
        assert len(state.legal_moves()) == 29 * 5
        state = run(state, "28 clubs")
        assert len(state.legal_moves()) == 2 + 28 * 6
        for move in state.legal_moves():
            assert g.parse_move(state, str(move)) == move
        assert str(Bid(30, NOES)) == "bid 30 noes"
        assert str(Play(parse_cards("Th")[0])) == "play Th"

    def test_fs_9_1_voids_shown_in_play(self) -> None:
        """A player who did not follow suit has shown a void in the suit led."""
        state = run(dealt(TWINS), "28 nt", "pass", "pass", "pass", "play Jh", "play Tc")
        assert state.voids() == (frozenset(), frozenset(), frozenset({Suit.HEARTS}), frozenset())
        state = run(state, "play Td", "play Jh", "play Js", "play Jc")
        assert state.voids()[3] == frozenset({Suit.HEARTS})
        assert state.voids()[2] == frozenset({Suit.HEARTS, Suit.SPADES})

    @settings(max_examples=25, deadline=None)
    @given(st.integers(0, 10**6), st.sampled_from([4, 6, 8]), st.integers(0, 60))
    def test_fs_9_1_resample_keeps_shown_voids(self, seed: int, players: int, steps: int) -> None:
        """Property: a resampled state keeps the view and deals nobody a suit he has
        shown void in."""
        g = game(players=players, deals=1, play_out=True)
        state = g.new_game(seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_moves()))
        voids = state.voids()
        for seat in range(players):
            other = state.resample(seat, rng)
            other.validate()
            assert other.view(seat) == state.view(seat)
            for i, hand in enumerate(other.hands):
                assert not any(c.suit in voids[i] for c in hand), (seat, i)

    def test_fs_9_1_tampered_states_refused(self) -> None:
        """A saved state with an impossible bid, seat to move or points taken is refused
        (an arranged deal, so loaded as trusted: the consistency checks without replay)."""
        g = game(players=4, deals=1)
        state = run(dealt(SUITED), "28 spades", "double")
        text = state.to_json()
        assert g.state_from_json(text, trusted=True) == state
        for old, new in [
            ('"number": 28', '"number": 80'),
            ('"turn": 3', '"turn": 0'),
            ('"doubled": true, "redoubled": false', '"doubled": false, "redoubled": true'),
        ]:
            assert old in text
            with pytest.raises(InvalidStateError):
                g.state_from_json(text.replace(old, new), trusted=True)
        played = run(state, "pass", "pass", "pass", "play Js", "play Td", "play Tc", "play Th")
        text = played.to_json()
        assert '"taken": [0, 6]' in text
        with pytest.raises(InvalidStateError, match="points taken"):
            g.state_from_json(text.replace('"taken": [0, 6]', '"taken": [0, 7]'), trusted=True)

    @settings(max_examples=30, deadline=None)
    @given(st.integers(0, 10**6), st.sampled_from([4, 6, 8]))
    def test_fs_5_2_plays_agree_with_trick_mechanics(self, seed: int, players: int) -> None:
        """Property: the listed plays are exactly the mechanics' legal plays."""
        g = game(players=players, deals=1, play_out=True)
        state = g.new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.phase is Phase.PLAY:
                assert state.contract is not None
                rules = trick_rules(state.contract.denomination)
                hand = state.hands[state.turn]
                expected = legal_plays(hand, state.trick, rules)
                assert [m.card for m in state.legal_moves()] == list(expected)  # type: ignore[attr-defined]
                if state.trick and any(c.suit is state.trick[0].suit for c in hand):
                    assert all(c.suit is state.trick[0].suit for c in expected)
            state = state.apply(rng.choice(state.legal_moves()))


class TestGreedy:
    def test_greedy_follows_and_wins_cheaply(self) -> None:
        """The greedy player follows suit and takes a trick with its cheapest winner."""
        state = run(dealt(TWINS), "28 nt", "pass", "pass", "pass", "play Th", "play Tc", "play Td")
        move = game(players=4).greedy_move(state, random.Random(0))
        assert move == Play(parse_cards("Ah")[0])

    def test_greedy_beats_random(self) -> None:
        """Over a few matches the greedy team scores more than a random team."""
        g = game(players=4, deals=4)
        rng = random.Random(7)
        greedy = random_side = 0
        for seed in range(12):
            state = g.new_game(seed)
            while not state.is_terminal:
                if state.turn % 2 == 0:
                    move = g.greedy_move(state, rng)
                else:
                    move = rng.choice(state.legal_moves())
                state = state.apply(move)
            greedy += state.totals[0]
            random_side += state.totals[1]
        assert greedy > random_side


class TestVariants:
    """Options from issue 28; each off by default."""

    def test_fs_variants_off_by_default(self) -> None:
        """FS-1.6, FS-3.10, FS-7.4, FS-8.4: none of the variants is on by default."""
        options = game().options
        assert (options.international, options.pack48, options.tables, options.all_pass) == (
            False,
            False,
            False,
            False,
        )

    @pytest.mark.parametrize(
        ("bid", "made", "doubled", "redoubled", "points"),
        [
            (28, True, True, False, 2),
            (28, False, True, False, 3),
            (40, True, False, True, 4),
            (50, False, False, True, 6),
            (56, False, True, True, 7),
            (44, True, False, False, 2),
        ],
    )
    def test_fs_7_4_international_adds_one_or_two(
        self, bid: int, made: bool, doubled: bool, redoubled: bool, points: int
    ) -> None:
        """FS-7.4: 56 International chart 1.3, plus 1 for a double, plus 2 for a redouble."""
        assert (
            game_points(bid, made=made, doubled=doubled, redoubled=redoubled, international=True)
            == points
        )
        with pytest.raises(OptionError, match="international"):
            game_points(30, made=True, international=1)  # type: ignore[arg-type]

    def test_fs_7_4_international_in_play(self) -> None:
        """FS-7.4: the doubled 28 spades made in play scores 1 + 1 = 2; redoubled 1 + 2 = 3."""
        tricks_ = [
            *["play Js", "play Td", "play Tc", "play Th"] * 2,
            *["play 9s", "play Ad", "play Ac", "play Ah"] * 2,
            "play As",
            "play 9d",
            "play 9c",
            "play 9h",
        ]
        state = run(dealt(SUITED, international=True), "28 spades", "double", "redouble")
        state = run(state, *tricks_)
        assert state.totals == (0, 3)
        assert state.last_deal is not None
        assert state.last_deal.points == 3

    def test_fs_1_6_four_players_48_cards_twelve_each(self) -> None:
        """FS-1.6: four players with the 48-card pack get 12 cards each; 12 tricks at most."""
        g = game(players=4, pack48=True, deals=2)
        state = g.new_game(seed=3)
        assert [len(h) for h in state.hands] == [12] * 4
        assert Counter(state.all_cards()) == Counter(fifty_six.DECKS[6].cards)
        assert card_points(state.all_cards()) == 56
        assert state.deck().size == 48
        with pytest.raises(OptionError, match="pack48"):
            game(players=6, pack48=True)
        state = g.new_game(seed=4)
        rng = random.Random(0)
        most = 0
        while not state.is_terminal:
            state = state.apply(g.greedy_move(state, rng))
            if state.last_deal is not None:
                most = max(most, state.last_deal.tricks)
        assert 0 < most <= 12

    def test_fs_1_6_play_out_takes_twelve_tricks(self) -> None:
        """FS-1.6, FS-6.2: played out, a 48-card four-player game has twelve tricks."""
        g = game(players=4, pack48=True, deals=1, play_out=True)
        state = g.new_game(seed=5)
        rng = random.Random(1)
        while not state.is_terminal:
            state = state.apply(g.greedy_move(state, rng))
        assert state.last_deal is not None
        assert state.last_deal.tricks == 12
        assert sum(state.last_deal.taken) == 56

    def test_fs_8_4_tables_move_between_teams(self) -> None:
        """FS-8.4: 12 tables each; a made 28 takes one table from the other team."""
        state = dealt(SUITED, tables=True, deals=2)
        assert state.totals == (12, 12)
        assert state.scores == (12, 12, 12, 12)
        state = run(state, "28 spades", "pass", "pass", "pass")
        state = run(state, *["play Js", "play Td", "play Tc", "play Th"] * 2)
        state = run(state, *["play 9s", "play Ad", "play Ac", "play Ah"] * 2)
        state = run(state, "play As", "play 9d", "play 9c", "play 9h")
        assert state.totals == (11, 13)

    def test_fs_8_4_match_ends_when_a_team_has_no_tables(self) -> None:
        """FS-8.4: the match ends as soon as one team has lost all its tables; the sum stays 24."""
        g = game(players=4, tables=True)
        assert g.options.games == fifty_six.TABLES_LIMIT
        for seed in range(3):
            state = g.new_game(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal:
                state = state.apply(g.greedy_move(state, rng))
                assert sum(state.totals) == 24
                assert min(state.totals) >= 0
            assert 0 in state.totals or state.deal + 1 == fifty_six.TABLES_LIMIT

    def test_fs_3_10_all_pass_plays_no_trump(self) -> None:
        """FS-3.10: with all_pass the first bidder may pass; four passes: 28 NT by seat 1."""
        assert "pass" not in texts(dealt(SUITED))  # FS-3.7 by default
        state = dealt(SUITED, all_pass=True)
        assert texts(state)[0] == "pass"
        state = run(state, "pass", "pass", "pass")
        assert state.phase is Phase.BIDDING
        assert state.turn == 0
        state = run(state, "pass")
        assert state.phase is Phase.PLAY
        assert state.contract is not None
        assert (state.contract.number, state.contract.denomination, state.contract.bidder) == (
            28,
            NT,
            1,
        )
        assert state.turn == 1  # FS-5.1: the first bidder leads

    def test_fs_3_10_bid_after_passes(self) -> None:
        """FS-3.10: after opening passes a bid still needs every other player to pass."""
        state = run(dealt(SUITED, all_pass=True), "pass", "pass", "30 hearts")
        assert state.phase is Phase.BIDDING
        state = run(state, "pass", "pass", "pass")
        assert state.contract is not None
        assert state.contract.number == 30

    @pytest.mark.parametrize(
        "options",
        [
            {"players": 4, "pack48": True, "deals": 2},
            {"players": 6, "tables": True, "deals": 3},
            {"players": 4, "all_pass": True, "deals": 3},
            {"players": 8, "international": True, "deals": 2},
            {"players": 4, "pack48": True, "tables": True, "all_pass": True, "deals": 3},
        ],
    )
    def test_fs_variants_whole_protocol(self, options: dict[str, object]) -> None:
        """FS-1.6, FS-3.10, FS-7.4, FS-8.4: the conformance kit, saves and replay with it on."""
        g = game(**options)
        check_game(g, playouts=2, deep_every=4)
        state = g.new_game(seed=6)
        rng = random.Random(2)
        for _ in range(30):
            if state.is_terminal:
                break
            state = state.apply(g.greedy_move(state, rng))
        assert g.state_from_json(state.to_json()) == state
        assert g.replay(6, [str(m) for m in state.history]) == state
