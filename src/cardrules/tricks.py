"""Trick-taking mechanics: card order, trumps, follow rules, the winner of a trick.

Everything here is game-agnostic: a small frozen
[`TrickRules`][cardrules.tricks.TrickRules] value states a game's choices (the order of
its ranks, its trump suit, what a player must play to a trick, what each card is worth),
and pure functions answer the questions every trick game asks:

* [`legal_plays`][cardrules.tricks.legal_plays]: which cards of a hand may be played to a
  trick so far.
* [`winning_index`][cardrules.tricks.winning_index] and
  [`winner`][cardrules.tricks.winner]: who wins a trick. Of two identical cards (two
  packs mixed), the one played first wins.
* [`points`][cardrules.tricks.points]: the card points of the cards taken.
* [`suit_of`][cardrules.tricks.suit_of] and [`is_trump`][cardrules.tricks.is_trump]: a
  joker belongs to the trump suit.

A trick is the tuple of cards played to it, in playing order: the first card is the lead.
Seats are counted in playing order too, so the card at index ``i`` of a trick led by seat
``leader`` was played by seat ``(leader + i) % players``.

Examples:
    >>> from cardrules import Rank, Suit, parse_cards
    >>> from cardrules.tricks import TrickRules, legal_plays, points, winner
    >>> jass = TrickRules(
    ...     order=(Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN),
    ...     points={Rank.JACK: 3, Rank.NINE: 2, Rank.ACE: 1, Rank.TEN: 1},
    ...     trump=Suit.HEARTS,
    ... )
    >>> trick = parse_cards("Ac Jc Qh Jc")
    >>> winner(trick, leader=2, rules=jass), points(trick, jass)
    (0, 7)
    >>> [str(c) for c in legal_plays(parse_cards("9h Kc Ts"), parse_cards("Jc"), jass)]
    ['Kc']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

from cardrules.cards import Card, Rank, Suit, card_list
from cardrules.errors import InvalidCardError, OptionError

__all__ = [
    "MustBeat",
    "TrickRules",
    "beats",
    "is_trump",
    "led_suit",
    "legal_plays",
    "points",
    "suit_of",
    "trump_played",
    "winner",
    "winning_index",
]

MustBeat = Literal["never", "trump_led", "always"]
"""When a player must beat the best card of the trick so far, if he can:
``"never"``; ``"trump_led"``, only in a trick whose lead is a trump; ``"always"``."""

_RANK_SLOTS = max(Rank) + 1


def _order(value: object) -> tuple[Rank, ...]:
    try:
        ranks: tuple[Any, ...] = tuple(value)  # type: ignore[arg-type]
    except TypeError:
        raise OptionError(f"order must be a sequence of ranks, got {value!r:.60}") from None
    if not ranks or any(not isinstance(r, Rank) for r in ranks):
        raise OptionError(f"order must be one or more ranks, highest first, got {ranks!r:.80}")
    if len(set(ranks)) != len(ranks):
        raise OptionError(f"order names a rank twice: {[r.letter for r in ranks]}")
    return ranks


def _points(value: object) -> tuple[tuple[Rank, int], ...]:
    if isinstance(value, Mapping):
        pairs = list(value.items())
    else:
        try:
            pairs = [tuple(p) for p in value]  # type: ignore[attr-defined]
        except TypeError:
            raise OptionError(f"points must map ranks to points, got {value!r:.60}") from None
    out = []
    for pair in pairs:
        if len(pair) != 2:
            raise OptionError(f"points must map ranks to points, got {pair!r:.60}")
        rank, worth = pair
        if not isinstance(rank, Rank):
            raise OptionError(f"points: {rank!r:.40} is not a rank")
        if not isinstance(worth, int) or isinstance(worth, bool):
            raise OptionError(f"points: {rank.name} is worth {worth!r:.40}, not a whole number")
        out.append((rank, worth))
    if len({r for r, _ in out}) != len(out):
        raise OptionError("points names a rank twice")
    return tuple(sorted(out))


def _must_beat(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value not in ("never", "trump_led", "always"):
        raise OptionError(f"must_beat must be 'never', 'trump_led' or 'always', got {value!r}")


def _flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise OptionError(f"{attribute.name} must be True or False, got {value!r}")


def _trump(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not isinstance(value, Suit):
        raise OptionError(f"trump must be a Suit or None, got {value!r}")


@attrs.frozen(kw_only=True, cache_hash=True)
class TrickRules:
    """A trick game's choices: card order, trump, follow rules and card points.

    Attributes:
        order: the ranks in play, highest first, jokers included (e.g. Fifty-Six's
            ``J 9 A 10 K Q 8 7``, Pinochle's ``A 10 K Q J 9``). A card of a rank not
            listed is not part of the game and is refused.
        trump: the trump suit, or ``None`` for none (no trumps). Jokers, if listed in
            ``order``, are the highest trumps and count as cards of this suit; they
            need a trump suit.
        points: what each rank is worth when taken in a trick (ranks not named are
            worth 0); a mapping or pairs of rank and points.
        follow_suit: a player who holds a card of the suit led must play one.
        must_trump: a player who cannot follow suit must play a trump if he holds one.
        must_beat: when a player must play a card that beats the best card of the
            trick so far, if one of the cards he may play does (see
            [`MustBeat`][cardrules.tricks.MustBeat]).
        trump_breaking: trumps may not be led until a trump has been played to an
            earlier trick ("broken"), unless the leader holds nothing but trumps.

    Examples:
        >>> from cardrules import Rank, Suit
        >>> rules = TrickRules(order=(Rank.ACE, Rank.KING, Rank.QUEEN), trump=Suit.SPADES)
        >>> rules.rank_power(Rank.ACE) > rules.rank_power(Rank.QUEEN), rules.follow_suit
        (True, True)
        >>> rules.with_trump(None).trump is None
        True
        >>> TrickRules(order=(Rank.ACE, Rank.ACE))
        Traceback (most recent call last):
        ...
        cardrules.errors.OptionError: order names a rank twice: ['A', 'A']
    """

    order: tuple[Rank, ...] = attrs.field(converter=_order)
    trump: Suit | None = attrs.field(default=None, validator=_trump)
    points: tuple[tuple[Rank, int], ...] = attrs.field(default=(), converter=_points)
    follow_suit: bool = attrs.field(default=True, validator=_flag)
    must_trump: bool = attrs.field(default=False, validator=_flag)
    must_beat: MustBeat = attrs.field(default="never", validator=_must_beat)
    trump_breaking: bool = attrs.field(default=False, validator=_flag)
    _power: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False, hash=False)
    _worth: tuple[int, ...] = attrs.field(init=False, repr=False, eq=False, hash=False)

    def __attrs_post_init__(self) -> None:
        if self.trump is None and any(r.is_joker for r in self.order):
            raise OptionError("jokers are trumps: rules with jokers need a trump suit")
        power = [-1] * _RANK_SLOTS
        for k, rank in enumerate(reversed(self.order)):
            power[rank] = k
        worth = [0] * _RANK_SLOTS
        for rank, value in self.points:
            worth[rank] = value
        object.__setattr__(self, "_power", tuple(power))
        object.__setattr__(self, "_worth", tuple(worth))

    def rank_power(self, rank: Rank) -> int:
        """The strength of ``rank`` within a suit: higher beats lower; -1 if not in play.

        Examples:
            >>> from cardrules import Rank
            >>> TrickRules(order=(Rank.TEN, Rank.ACE)).rank_power(Rank.TEN)
            1
        """
        return self._power[rank]

    def with_trump(self, trump: Suit | None) -> TrickRules:
        """The same rules with another trump suit (a game whose trump is chosen per deal).

        Examples:
            >>> from cardrules import Rank, Suit
            >>> TrickRules(order=(Rank.ACE,)).with_trump(Suit.CLUBS).trump
            <Suit.CLUBS: 0>
        """
        return attrs.evolve(self, trump=trump)


def _strength(card: Card, rules: TrickRules) -> int:
    if type(card) is not Card:
        raise InvalidCardError(f"not a card: {card!r:.40}")
    power = rules._power[card[0]]
    if power < 0:
        raise InvalidCardError(f"{card} is not in play under these rules")
    return power


def suit_of(card: Card, rules: TrickRules) -> Suit:
    """The suit ``card`` counts as: its own, or the trump suit for a joker.

    Raises:
        InvalidCardError: ``card`` is not in play under ``rules``.

    Examples:
        >>> from cardrules import BIG_JOKER, Rank, Suit, parse_card
        >>> rules = TrickRules(order=(Rank.BIG_JOKER, Rank.ACE), trump=Suit.SPADES)
        >>> suit_of(BIG_JOKER, rules), suit_of(parse_card("Ah"), rules)
        (<Suit.SPADES: 3>, <Suit.HEARTS: 2>)
    """
    _strength(card, rules)
    suit = card[1]
    return rules.trump if suit is None else suit  # type: ignore[return-value]


def is_trump(card: Card, rules: TrickRules) -> bool:
    """Whether ``card`` is a trump (a card of the trump suit, or a joker).

    Examples:
        >>> from cardrules import Rank, Suit, parse_card
        >>> rules = TrickRules(order=(Rank.ACE, Rank.KING), trump=Suit.CLUBS)
        >>> is_trump(parse_card("Kc"), rules), is_trump(parse_card("Ad"), rules)
        (True, False)
    """
    return rules.trump is not None and suit_of(card, rules) is rules.trump


def led_suit(trick: Sequence[Card], rules: TrickRules) -> Suit | None:
    """The suit led to ``trick`` (a joker lead leads trumps); ``None`` before the lead.

    Examples:
        >>> from cardrules import Rank, parse_cards
        >>> led_suit(parse_cards("Kd Ac"), TrickRules(order=(Rank.ACE, Rank.KING)))
        <Suit.DIAMONDS: 1>
    """
    return suit_of(trick[0], rules) if trick else None


def _key(card: Card, led: Suit | None, rules: TrickRules) -> int:
    """How strong ``card`` is in a trick led in ``led``: trumps over the led suit over
    the rest (which never win); a bigger key wins."""
    power = _strength(card, rules)
    suit = card[1]
    if suit is None:
        suit = rules.trump
    if suit is rules.trump and suit is not None:
        return 200 + power
    if suit is led:
        return 100 + power
    return -1


def beats(card: Card, best: Card, led: Suit, rules: TrickRules) -> bool:
    """Whether ``card``, played later, beats ``best`` in a trick led in ``led``.

    An identical card never beats the one played before it.

    Examples:
        >>> from cardrules import Rank, Suit, parse_card
        >>> rules = TrickRules(order=(Rank.ACE, Rank.KING), trump=Suit.CLUBS)
        >>> beats(parse_card("Kc"), parse_card("Ah"), Suit.HEARTS, rules)
        True
        >>> beats(parse_card("Ah"), parse_card("Ah"), Suit.HEARTS, rules)
        False
    """
    return _key(card, led, rules) > _key(best, led, rules)


def winning_index(trick: Sequence[Card], rules: TrickRules) -> int:
    """The position in ``trick`` (0 for the lead) of the card that wins it so far.

    The highest trump wins; without trumps, the highest card of the suit led. Of two
    identical cards, the one played first wins.

    Raises:
        InvalidCardError: the trick is empty or holds a card not in play.

    Examples:
        >>> from cardrules import Rank, Suit, parse_cards
        >>> rules = TrickRules(order=(Rank.JACK, Rank.NINE, Rank.ACE), trump=Suit.SPADES)
        >>> winning_index(parse_cards("Ah Jh Jh 9s"), rules)
        3
        >>> winning_index(parse_cards("Ah Jh Jh"), rules)
        1
    """
    if not trick:
        raise InvalidCardError("an empty trick has no winner")
    led = suit_of(trick[0], rules)
    best = 0
    top = _key(trick[0], led, rules)
    for i in range(1, len(trick)):
        key = _key(trick[i], led, rules)
        if key > top:
            best, top = i, key
    return best


def winner(
    trick: Sequence[Card], leader: int, rules: TrickRules, *, players: int | None = None
) -> int:
    """The seat that wins ``trick``, led by seat ``leader``.

    Args:
        trick: the cards in playing order, the lead first.
        leader: the seat that led.
        rules: the game's rules.
        players: the number of seats; by default one card per seat
            (``len(trick)``, a complete trick).

    Raises:
        InvalidCardError: the trick is empty or holds a card not in play.
        OptionError: ``leader`` or ``players`` is not a whole number in range.

    Examples:
        >>> from cardrules import Rank, parse_cards
        >>> rules = TrickRules(order=(Rank.ACE, Rank.KING, Rank.QUEEN))
        >>> winner(parse_cards("Kd Qd Ad Ac"), leader=3, rules=rules)
        1
    """
    count = len(trick) if players is None else players
    if not isinstance(count, int) or isinstance(count, bool) or count < max(1, len(trick)):
        raise OptionError(f"players must be a whole number of at least {len(trick)}, got {count}")
    if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < count:
        raise OptionError(f"leader must be a seat from 0 to {count - 1}, got {leader!r}")
    return (leader + winning_index(trick, rules)) % count


def legal_plays(
    hand: Sequence[Card],
    trick: Sequence[Card],
    rules: TrickRules,
    *,
    trump_broken: bool = True,
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (empty: a lead).

    The rules apply in this order: a lead may not be a trump before trumps are
    broken (``trump_breaking``) unless the hand holds only trumps; a follower must
    follow suit (``follow_suit``), else trump (``must_trump``); then, among the
    cards still allowed, he must play one that beats the best card so far if one
    does (``must_beat``). Each distinct card is listed once, in hand order.

    Args:
        hand: the cards of the player to play.
        trick: the cards played to the trick so far, the lead first.
        rules: the game's rules.
        trump_broken: whether a trump has been played to an earlier trick.

    Raises:
        InvalidCardError: a card is not in play under ``rules`` (or not a card).

    Examples:
        >>> from cardrules import Rank, Suit, parse_cards
        >>> rules = TrickRules(
        ...     order=(Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE),
        ...     trump=Suit.HEARTS, must_trump=True, must_beat="trump_led")
        >>> hand = parse_cards("Th 9h Ks Ks")
        >>> [str(c) for c in legal_plays(hand, parse_cards("Qh"), rules)]
        ['Th']
        >>> [str(c) for c in legal_plays(hand, parse_cards("Ad"), rules)]
        ['Th', '9h']
        >>> [str(c) for c in legal_plays(hand, (), rules)]
        ['Th', '9h', 'Ks']
    """
    if isinstance(hand, (str, bytes)) or isinstance(trick, (str, bytes)):
        raise InvalidCardError("legal_plays takes cards, not text; use parse_cards first")
    cards = tuple(dict.fromkeys(hand))
    power = rules._power
    for card in (*cards, *trick):  # the check of _strength, inline: this is a hot path
        if type(card) is not Card or power[card[0]] < 0:
            _strength(card, rules)  # raises, saying why
    trump = rules.trump
    if not trick:
        if rules.trump_breaking and not trump_broken and trump is not None:
            plain = tuple(c for c in cards if (trump if c[1] is None else c[1]) is not trump)
            return plain or cards
        return cards
    led = trick[0][1]
    if led is None:
        led = trump
    allowed = cards
    if rules.follow_suit or rules.must_trump:
        following = tuple(c for c in cards if (trump if c[1] is None else c[1]) is led)
        if following and rules.follow_suit:
            allowed = following
        elif not following and rules.must_trump and trump is not None:
            trumps = tuple(c for c in cards if (trump if c[1] is None else c[1]) is trump)
            allowed = trumps or cards
    beat = rules.must_beat
    if beat == "always" or (beat == "trump_led" and led is trump and trump is not None):
        top = _key(trick[winning_index(trick, rules)], led, rules)
        winning = tuple(c for c in allowed if _key(c, led, rules) > top)
        if winning:
            allowed = winning
    return allowed


def points(cards: Iterable[Card], rules: TrickRules) -> int:
    """The card points of ``cards`` (a trick, or all the tricks a side took).

    Raises:
        InvalidCardError: ``cards`` is not an iterable of cards.

    Examples:
        >>> from cardrules import Rank, parse_cards
        >>> pinochle = TrickRules(
        ...     order=(Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE),
        ...     points={Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2})
        >>> points(parse_cards("As Th Kd 9c"), pinochle)
        25
    """
    worth = rules._worth
    if isinstance(cards, tuple) and all(type(c) is Card for c in cards):
        return sum(worth[c[0]] for c in cards)
    return sum(worth[c[0]] for c in card_list(cards, "points"))


def trump_played(cards: Iterable[Card], rules: TrickRules) -> bool:
    """Whether any of ``cards`` is a trump: after a trick, whether trumps are broken.

    Examples:
        >>> from cardrules import Rank, Suit, parse_cards
        >>> rules = TrickRules(order=(Rank.ACE, Rank.TWO), trump=Suit.SPADES)
        >>> trump_played(parse_cards("Ah 2h"), rules), trump_played(parse_cards("Ah 2s"), rules)
        (False, True)
    """
    return any(is_trump(c, rules) for c in card_list(cards, "trump_played"))
