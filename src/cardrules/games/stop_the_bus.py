"""Stop the Bus: Schwimmen's play, with hands ranked as in Brag.

Rules digest: ``seeds/stop_the_bus.md`` (clauses ``STB-*``). The turn, the
widow, knocking, tokens and swimming are Schwimmen's
([`cardrules.games.schwimmen`][cardrules.games.schwimmen]); this module states only what differs:
the
full pack, the hand ranking ([`cardrules.poker.three_card_rank`][cardrules.poker.three_card_rank]),
no
special hand that ends a deal at once, and the tie rules of the showdown.

Examples:
    >>> from cardrules import games, parse_cards
    >>> from cardrules.games import stop_the_bus
    >>> str(stop_the_bus.hand_rank(parse_cards("4c 2c 3c")))
    'running flush 4'
    >>> game = games.create("stop_the_bus", players=3, deals=1)
    >>> game.new_game(seed=2).deck().size
    52
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from cardrules.cards import Card
from cardrules.engine import GameState, option
from cardrules.errors import OptionError
from cardrules.games import schwimmen
from cardrules.games._family31 import showdown_keys, void_if_nobody_left
from cardrules.games._family31._widow import End
from cardrules.games._family31._widow_game import widow_picture
from cardrules.games.schwimmen import _BITS, check_hand, hand_mask
from cardrules.poker import A23_RUNS, ThreeCardCategory, ThreeCardRank, three_card_rank

__all__ = ["Options", "State", "StopTheBus", "View", "deal_losses", "hand_rank", "score_hand"]


@attrs.frozen
class Options(schwimmen.Options):
    """Stop the Bus options (see ``seeds/stop_the_bus.md``)."""

    full_pack: bool = option(True, doc="play with the 52-card pack (STB-1.2)")
    a23: str = option(
        "best", choices=A23_RUNS, doc="ace-two-three is the best run, the lowest or none (STB-3.4)"
    )
    void_on_top_tie: bool = option(
        True, doc="a tie for the best hand means nobody loses a token (STB-5.3)"
    )


def hand_rank(cards: Sequence[Card], *, a23: str = "best", full_pack: bool = True) -> ThreeCardRank:
    """The rank of a Stop the Bus hand (STB-3): prial > running flush > run >
    flush > pair > high card; bigger is better, equal is an exact tie.

    Args:
        cards: three distinct cards of the pack in play.
        a23: how ace-two-three counts (STB-3.4): ``"best"``, ``"lowest"`` or ``"none"``.
        full_pack: whether the 52-card pack is in play (STB-1.2).

    Raises:
        InvalidCardError: not three distinct cards of the pack in play.
        OptionError: an unknown ``a23``.

    Examples:
        >>> from cardrules import parse_cards
        >>> hand_rank(parse_cards("Qh Qs 2d")) > hand_rank(parse_cards("Jh Jd Ac"))
        True
        >>> hand_rank(parse_cards("5c 5d 5h"), full_pack=False)
        Traceback (most recent call last):
        ...
        cardrules.errors.InvalidCardError: ... 5c is not in the piquet32 pack
    """
    check_hand(cards, schwimmen._pack(full_pack), "Stop the Bus")
    return three_card_rank(cards, a23=a23)


def deal_losses(
    hands: Sequence[Sequence[Card]],
    *,
    end: str = "knock",
    alive: Sequence[bool] | None = None,
    tokens: Sequence[int] | None = None,
    a23: str = "best",
    void_on_top_tie: bool = True,
    swimming: bool = True,
    full_pack: bool = True,
) -> tuple[int, ...]:
    """Tokens each seat loses for a finished deal, from the final hands: settle a deal
    played at a real table without playing it here.

    Args:
        hands: every seat's final three cards (a seat out of the game: any, or none).
        end: ``"knock"`` (the showdown: the lowest hands lose one each, STB-5.1 and
            STB-5.2) or ``"draw"`` (nobody loses).
        alive: per seat, whether it is still in the game (default: all).
        tokens: tokens each seat holds before the deal; with them, a tie that would
            leave nobody in the game makes the deal void (STB-5.4, SCH-7.3).
        a23: how ace-two-three counts (STB-3.4).
        void_on_top_tie: the option of STB-5.3: a tie for the best hand voids the deal.
        swimming: the ``swimming`` option (SCH-7.4), used with ``tokens``.
        full_pack: the hands are of the 52-card pack (STB-1.2).

    Raises:
        InvalidCardError: a hand is not three distinct cards of the pack, or a card is
            in two hands.
        OptionError: an unknown ``end``, or ``alive`` or ``tokens`` of the wrong length.

    Examples:
        >>> from cardrules import parse_cards
        >>> hands = [parse_cards(t) for t in ("Qh Qs 2d", "4c 2c 3c", "9d Th Js")]
        >>> deal_losses(hands)  # the pair of queens is lowest (STB-5.1)
        (1, 0, 0)
        >>> deal_losses([*hands, parse_cards("4h 2h 3h")])  # two best hands tie: void
        (0, 0, 0, 0)
    """
    if end not in ("knock", "draw"):
        raise OptionError(f"end must be knock or draw, got {end!r:.40}")

    def order(hand: Sequence[Card]) -> tuple[int, ...]:
        rank = hand_rank(hand, a23=a23, full_pack=full_pack)
        return (int(rank.category), *rank.ranks)

    keys, flags = showdown_keys(hands, alive, order)
    players = len(hands)
    if end == "draw" or not keys:
        return (0,) * players
    values = list(keys.values())
    if void_on_top_tie and values.count(max(values)) > 1:  # STB-5.3
        return (0,) * players
    low = min(values)
    losses = tuple(1 if keys.get(i) == low else 0 for i in range(players))
    return void_if_nobody_left(losses, flags, tokens, swimming=swimming)  # STB-5.4


_RANKS: dict[tuple[str, int], tuple[int, ...]] = {}


def _order_key(hand: tuple[Card, ...], a23: str) -> tuple[int, ...]:
    mask = None
    if type(hand) is tuple and len(hand) == 3:  # a hand in play: hand_mask without its checks
        a, b, c = hand
        bits = _BITS
        cards = type(a) is Card and type(b) is Card and type(c) is Card
        if cards and a in bits and b in bits and c in bits:
            mask = bits[a] | bits[b] | bits[c]
    if mask is None:
        mask = hand_mask(hand)
    cache = (a23, mask)
    key = _RANKS.get(cache)
    if key is None:
        if mask.bit_count() == 3 and a23 in _A23_TOP:  # three natural cards, each once
            a, b, c = hand
            key = _brag_key(int(a[0]), int(b[0]), int(c[0]), a[1] == b[1] == c[1], a23)
        else:  # three_card_rank says what is wrong
            rank = three_card_rank(hand, a23=a23)
            key = (int(rank.category), *rank.ranks)
        _RANKS[cache] = key  # at most 3 x 22,100
    return key


_A23_TOP = {"best": 15, "lowest": 3, "none": 0}  # an ace-two-three run's top card (0: none)


def _brag_key(x: int, y: int, z: int, flush: bool, a23: str) -> tuple[int, ...]:
    """``three_card_rank``'s category and ranks, as ``_order_key`` keeps them, of three
    distinct natural cards of ranks ``x``, ``y``, ``z`` (``flush``: one suit) without
    its checks or objects (a test compares the two on every hand)."""
    if x < y:
        x, y = y, x
    if y < z:
        y, z = z, y
        if x < y:
            x, y = y, x
    if x == y == z:
        return (5, x)  # prial
    top = x if x - 1 == y == z + 1 else 0
    if not top and x == 14 and y == 3 and z == 2:
        top = _A23_TOP[a23]  # STB-3.4: ace-two-three as the option says
    if top:
        return (4 if flush else 3, top)  # running flush, run
    if flush:
        return (2, x, y, z)
    if x == y:
        return (1, x, z)  # pair
    if y == z:
        return (1, y, x)
    return (0, x, y, z)  # high card


@attrs.frozen(kw_only=True)
class View(schwimmen.View):
    """What one seat may know: Schwimmen's view under Stop the Bus's options (so that
    the view's JSON reads back with them).

    Examples:
        >>> from cardrules import games
        >>> games.create("stop_the_bus", a23="lowest").new_game(seed=1).view(0).options.a23
        'lowest'
    """

    options: Options


@attrs.frozen(kw_only=True)
class State(schwimmen.State):
    """A Stop the Bus game in progress (Schwimmen's state, other hand ranking)."""

    GAME: ClassVar[str] = "stop_the_bus"

    options: Options

    def hand_order(self, hand: tuple[Card, ...]) -> tuple[int, ...]:
        """The showdown key: the Brag category, then its tie-break ranks (STB-3).

        Examples:
            >>> from cardrules import games, parse_cards
            >>> state = games.create("stop_the_bus").new_game(seed=1)
            >>> state.hand_order(parse_cards("Qh Qs 2d"))
            (1, 12, 2)
        """
        return _order_key(hand, self.options.a23)

    def view(self, seat: int) -> View:
        """What ``seat`` may know (SCH-8.4), as Stop the Bus's own view class."""
        base = super().view(seat)
        return View(**{f.name: getattr(base, f.name) for f in attrs.fields(View)})

    def special(self, hand: tuple[Card, ...]) -> End | None:
        """No hand ends a deal at once in Stop the Bus (STB-4.3).

        Examples:
            >>> from cardrules import games, parse_cards
            >>> games.create("stop_the_bus").new_game(seed=1).special(parse_cards("Ac Ad Ah"))
        """
        return None

    def showdown_losers(self, live: Sequence[int]) -> tuple[tuple[int, ...], bool]:
        """The weakest hands lose a token; a tie for the best hand voids the deal (STB-5).

        Examples:
            >>> import attrs
            >>> from cardrules import games, parse_cards
            >>> state = games.create("stop_the_bus", players=3).new_game(seed=1)
            >>> hands = tuple(parse_cards(h) for h in ("9c Td Jc", "9d Th Js", "2c 5d Kh"))
            >>> attrs.evolve(state, hands=hands).showdown_losers([0, 1, 2])
            ((), True)
        """
        keys = [self.hand_order(self.hands[i]) for i in live]
        if self.options.void_on_top_tie and keys.count(max(keys)) > 1:
            return (), True
        low = min(keys)
        return tuple(i for i, k in zip(live, keys, strict=True) if k == low), False


@attrs.frozen
class StopTheBus(schwimmen.Schwimmen):
    """Stop the Bus under fixed options.

    Examples:
        >>> game = StopTheBus.create(players=2, deals=1)
        >>> state = game.new_game(seed=3)
        >>> " / ".join(str(m) for m in state.legal_moves())
        'keep / takewidow'
    """

    NAME: ClassVar[str] = "stop_the_bus"
    OPTIONS: ClassVar[type[Any]] = Options
    STATE: ClassVar[type[GameState[Any]]] = State
    SUMMARY: ClassVar[str] = "Stop the Bus: Schwimmen's widow play with Brag hands; 3 tokens"

    def keep_worthy(self, state: schwimmen.State, hand: tuple[Card, ...]) -> bool:
        """Whether the greedy dealer keeps his dealt hand: a pair or better.

        Examples:
            >>> from cardrules import parse_cards
            >>> game = StopTheBus.create()
            >>> game.keep_worthy(game.new_game(seed=1), parse_cards("2c 2d 7h"))
            True
        """
        return state.hand_order(hand)[0] >= ThreeCardCategory.PAIR

    def knock_worthy(self, state: schwimmen.State, hand: tuple[Card, ...]) -> bool:
        """Whether the greedy player knocks: a flush or better, or a pair of tens or better.

        Examples:
            >>> from cardrules import parse_cards
            >>> game = StopTheBus.create()
            >>> state = game.new_game(seed=1)
            >>> game.knock_worthy(state, parse_cards("Tc Td 2h"))
            True
            >>> game.knock_worthy(state, parse_cards("9c 9d Ah"))
            False
        """
        key = state.hand_order(hand)
        return key[0] >= ThreeCardCategory.FLUSH or (
            key[0] == ThreeCardCategory.PAIR and key[1] >= 10
        )


# --------------------------------------------------------------------------- picture


def render(view: schwimmen.View) -> str:
    """The view of one seat as plain text for a person: Schwimmen's picture,
    the hand named by its Brag rank.

    Examples:
        >>> from cardrules import games
        >>> state = games.create("stop_the_bus", players=2).new_game(seed=1)
        >>> print(render(state.view(0)))
        == Stop the Bus: deal 1 ==
        ...
        your hand: ... (3 cards), worth ...
        your turn: keep your hand or take the widow
    """
    worth = ""
    if len(view.hand) == 3:
        options = view.options
        a23, full = getattr(options, "a23", "best"), options.full_pack
        worth = str(hand_rank(view.hand, a23=a23, full_pack=full))
    return widow_picture("Stop the Bus", view, worth)


score_hand = hand_rank
"""The scoring vocabulary's name for what a hand is worth as this game scores it:
the same function as [`hand_rank`][cardrules.games.stop_the_bus.hand_rank]."""
