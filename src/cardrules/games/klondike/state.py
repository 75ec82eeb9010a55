"""Klondike: the state and its rules (rules digest ``seeds/klondike.md``).

A pile holds its cards from bottom to top, the bottom ``hidden[i]`` of them
face down; the stock's next card and the waste's playable card are the last
items of their tuples; a foundation is the count of its cards (clubs,
diamonds, hearts, spades).

Examples:
    >>> from cardrules import games
    >>> state = games.create("klondike").new_game(seed=3)
    >>> [len(p) for p in state.tableau], state.hidden, len(state.stock)
    ([1, 2, 3, 4, 5, 6, 7], (0, 1, 2, 3, 4, 5, 6), 24)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, ClassVar, TypeAlias, cast

import attrs

from cardrules.cards import Card, format_cards
from cardrules.decks import Deck, standard
from cardrules.engine import EMPTY_HISTORY, GameState, History, Move, fields_copier, make_view
from cardrules.engine import seats_check as seats_check  # its own line: the one above is full
from cardrules.errors import InvalidStateError, OptionError
from cardrules.games.klondike._layout import _key, deal_layout
from cardrules.games.klondike._listing import known_key, piles_part
from cardrules.games.klondike._tables import (
    HOME,
    HOME_CARD,
    KINGS,
    POINTS,
    RED,
    SUIT,
    VALUE,
    auto_play,
    turn_over,
)
from cardrules.games.klondike.moves import (
    DRAW,
    REDEAL,
    RESIGN,
    Counts7,
    DealResult,
    Draw,
    Four,
    Home,
    Options,
    Piles,
    Redeal,
    Resign,
    Shift,
    View,
    deal_score,
)

__all__ = ["State", "new_state", "render"]

_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
_DECK = standard()
#: A position within a deal: tableau, hidden, foundations, stock, waste, passes, points.
_Fields: TypeAlias = tuple[Piles, Counts7, Four, tuple[Card, ...], tuple[Card, ...], int, int]


@attrs.frozen(kw_only=True)
class State(GameState[Options]):
    """A Klondike session in progress (see the module's docs for the fields).

    ``points`` are the deal's standard points so far (KL-7.3), ``total`` the
    score of the finished deals, ``won`` how many were won, ``seen`` the
    positions met since the last irreversible move (KL-6.1).
    """

    GAME: ClassVar[str] = "klondike"
    MOVES: ClassVar[tuple[type[Move], ...]] = (Draw, Redeal, Home, Shift, Resign)
    DECK: ClassVar[Deck | None] = _DECK

    options: Options
    seed: int
    history: History = EMPTY_HISTORY
    deal: int = 0
    tableau: Piles
    hidden: Counts7
    stock: tuple[Card, ...]
    waste: tuple[Card, ...] = ()
    foundations: Four = (0, 0, 0, 0)
    passes: int = 0
    moves: int = 0
    points: int = 0
    total: int = 0
    won: int = 0
    seen: tuple[int, ...] = ()
    over: bool = False
    last_deal: DealResult | None = None

    # ---- protocol -------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The one seat, 0, until the session is over."""
        return None if self.over else 0

    @property
    def is_terminal(self) -> bool:
        """Whether the last deal is over (KL-6.5)."""
        return self.over

    @property
    def home(self) -> int:
        """Cards on the foundations in this deal (KL-7.1)."""
        return sum(self.foundations)

    @property
    def scores(self) -> tuple[int, ...]:
        """The session's score in the ``scoring`` units, the running deal included (KL-7)."""
        if self.over:
            return (self.total,)
        return (self.total + deal_score(self.options.scoring, self.home, self.points),)

    def all_cards(self) -> Iterable[Card]:
        """Tableau, stock, waste and foundations: always the pack (KL-1.1)."""
        for pile in self.tableau:
            yield from pile
        yield from self.stock
        yield from self.waste
        for suit, count in enumerate(self.foundations):
            yield from HOME_CARD[suit][:count]

    def _candidates(self) -> list[Move]:
        """Every move the building rules allow, before the repetition rule (KL-3, KL-4, KL-5)."""
        waste = self.waste
        part = piles_part(self.tableau, self.hidden, self.foundations, self.options)
        out = list(part.homes)
        if waste:
            top = waste[-1]
            if self.foundations[SUIT[top]] == VALUE[top] - 1:
                out.append(HOME[top])
            shifts = part.onto.get(top)
            if shifts:
                out += shifts
        out += part.shifts
        out += part.back
        if self.stock:
            out.append(DRAW)
        elif waste and self._redeal_problem() is None:
            out.append(REDEAL)
        return out

    def _generate_moves(self) -> tuple[Move, ...]:
        if self.over:
            return ()
        moves = self._candidates()
        if self.seen:
            seen = set(self.seen)
            if self.options.auto_play:
                moves = [m for m in moves if self._reversible_key(m) not in seen]
            else:
                moves = self._unseen(moves, seen)
        if not self.stock or self.passes:  # resigning, once the stock is seen (KL-6.2)
            moves.append(RESIGN)
        return tuple(moves)

    def _reversible_key(self, move: Move) -> int | None:
        """The key of the position ``move`` leads to if it is reversible, else ``None``."""
        after = self._moved(move)
        if _irreversible(self, after):
            return None
        return _key(after[0], after[1], len(after[4]), after[2])

    def _unseen(self, moves: list[Move], seen: set[int]) -> list[Move]:
        """The moves whose position is not in ``seen``, as ``_reversible_key`` says without
        auto-play, from the piles' part and without building the next states (the hot
        path of KL-6.1)."""
        hidden, found, opts, waste = self.hidden, self.foundations, self.options, self.waste
        part = piles_part(self.tableau, hidden, found, opts)
        top = waste[-1] if waste else None
        size = len(waste)
        out = []
        for move in moves:
            if move is DRAW:
                drawn = size + min(opts.draw, len(self.stock))
                key: int | None = hash((part.up_key, hidden, drawn, found))
            elif move is REDEAL:
                key = None if opts.passes is not None else hash((part.up_key, hidden, 0, found))
            elif cast(Home | Shift, move).card == top:
                key = None  # out of the stock and waste
            else:
                pre = part.position(move, hidden, found, opts)
                key = None if pre is None else hash((pre[0], hidden, size, pre[1]))
            if key not in seen:
                out.append(move)
        return out

    def _redeal_problem(self) -> str | None:
        limit = self.options.passes
        if self.stock:
            return "the waste is turned over only once the stock is empty (KL-4.4)"
        if not self.waste:
            return "the stock and the waste are both empty (KL-4.4)"
        if limit is not None and self.passes + 1 >= limit:
            return f"option passes allows {limit} pass(es) through the stock (KL-4.3)"
        return None

    def locate(self, card: Card) -> tuple[str, int, int]:
        """Where ``card`` lies: ``("pile", i, k)`` (pile ``i``, position ``k`` from the
        bottom), ``("waste", 0, k)``, ``("stock", 0, k)`` or ``("foundation", suit, k)``.

        Examples:
            >>> from cardrules import games
            >>> state = games.create("klondike").new_game(seed=3)
            >>> state.locate(state.tableau[6][6]), state.locate(state.stock[-1])[0]
            (('pile', 6, 6), 'stock')
        """
        for i, pile in enumerate(self.tableau):
            if card in pile:
                return ("pile", i, pile.index(card))
        if card in self.waste:
            return ("waste", 0, self.waste.index(card))
        if card in self.stock:
            return ("stock", 0, self.stock.index(card))
        suit = SUIT[card]
        return ("foundation", suit, VALUE[card] - 1)

    def explain(self, move: Move) -> str:
        """Why ``move`` is illegal now, naming the rule."""
        if isinstance(move, Draw):
            return "the stock is empty: turn the waste over first (KL-4.4)"
        if isinstance(move, Redeal):
            return self._redeal_problem() or _REPEAT
        if isinstance(move, Resign):
            return "a deal is given up once the whole stock has been turned (KL-6.2)"
        if isinstance(move, (Home, Shift)):
            card = move.card
            if not isinstance(card, Card) or card not in VALUE:
                return f"{card!r:.20} is not a card of the pack (KL-1.1)"
            problem = self._source_problem(card, isinstance(move, Shift))
            if problem is not None:
                return problem
            if isinstance(move, Home):
                suit = SUIT[card]
                count = self.foundations[suit]
                if count == 13:
                    return f"the {_SUIT_NAMES[suit]} foundation is complete (KL-3.1)"
                need = HOME_CARD[suit][count]
                return f"the {_SUIT_NAMES[suit]} foundation takes {need} next, not {card} (KL-3.1)"
            return self._target_problem(card, move.pile) or _REPEAT
        return super().explain(move)

    def _source_problem(self, card: Card, shift: bool) -> str | None:
        where, i, k = self.locate(card)
        if where == "stock":
            return f"{card} is in the stock; only the waste's top card is played (KL-4.2)"
        if where == "waste" and k != len(self.waste) - 1:
            return f"{card} is under other waste cards; only the top one is played (KL-4.2)"
        if where == "pile":
            if k < self.hidden[i]:
                return f"{card} is face down; only face-up cards move (KL-3.5)"
            if not shift and k != len(self.tableau[i]) - 1:
                return f"{card} has cards on it; only a pile's top card goes home (KL-3.1)"
        if where == "foundation":
            if not shift:
                return f"{card} is already on its foundation (KL-3.1)"
            if not self.options.foundation_to_tableau:
                return "cards do not come back from the foundations (KL-5.1)"
            if self.foundations[i] != k + 1:
                return f"{card} is not the top card of its foundation (KL-5.1)"
        return None

    def _target_problem(self, card: Card, pile: object) -> str | None:
        if not isinstance(pile, int) or isinstance(pile, bool) or not 1 <= pile <= 7:
            return f"there is no pile {pile!r:.20}: the piles are 1 to 7 (KL-2.1)"
        target = self.tableau[pile - 1]
        where, i, _ = self.locate(card)
        if where == "pile" and i == pile - 1:
            return f"{card} is already on pile {pile} (KL-3.3)"
        if not target:
            if card not in KINGS:
                return f"pile {pile} is empty and only a king may fill it, not {card} (KL-3.4)"
            return None
        top = target[-1]
        if card not in KINGS and VALUE[top] == VALUE[card] + 1 and RED[top] != RED[card]:
            return None
        return (
            f"{card} cannot go on {top}: a pile is built down by one rank "
            f"in alternating colours (KL-3.2)"
        )

    # ---- what a move does ------------------------------------------------------------

    def _moved(self, move: Move) -> _Fields:
        """The position after ``move`` within the deal (cards, points and turning,
        auto-play included) as the fields ``_MOVED`` copies: no counters, no
        repetition record, no deal end. Piles a move leaves alone stay the same tuples."""
        opts = self.options
        tableau, hidden, found = self.tableau, self.hidden, self.foundations
        stock, waste, passes, points = self.stock, self.waste, self.passes, self.points
        if move is DRAW or isinstance(move, Draw):
            n = opts.draw
            if n == 1 or len(stock) == 1:
                waste += stock[-1:]
                stock = stock[:-1]
            else:
                n = min(n, len(stock))
                waste += tuple(reversed(stock[-n:]))
                stock = stock[:-n]
        elif isinstance(move, Redeal):
            stock, waste = tuple(reversed(waste)), ()
            passes += 1
            points += POINTS["redeal_draw_one" if opts.draw == 1 else "redeal_draw_three"]
        else:
            card = cast(Home | Shift, move).card
            home = isinstance(move, Home)
            piles, counts, homes = list(tableau), list(hidden), list(found)
            moved: tuple[Card, ...] = (card,)
            if waste and waste[-1] == card:
                waste = waste[:-1]
                points += POINTS["waste_to_foundation" if home else "waste_to_tableau"]
            else:
                for i, pile in enumerate(tableau):
                    if card in pile:
                        k = pile.index(card)
                        moved = pile[k:]
                        piles[i] = pile[:k]
                        points += turn_over(piles, counts, i)
                        if home:
                            points += POINTS["tableau_to_foundation"]
                        break
                else:  # the top of its foundation
                    homes[SUIT[card]] -= 1
                    points += POINTS["foundation_to_tableau"]
            if home:
                homes[SUIT[card]] += 1
            else:
                j = cast(Shift, move).pile - 1
                piles[j] = piles[j] + moved
            tableau = cast(Piles, tuple(piles))
            hidden = cast(Counts7, tuple(counts))
            found = cast(Four, tuple(homes))
        if opts.auto_play:
            box = [waste]
            piles, counts, homes = list(tableau), list(hidden), list(found)
            points += auto_play(piles, counts, homes, box)
            waste = box[0]
            tableau = cast(Piles, tuple(piles))
            hidden = cast(Counts7, tuple(counts))
            found = cast(Four, tuple(homes))
        return tableau, hidden, found, stock, waste, passes, max(0, points)

    def _play(self, move: Move) -> State:
        """The state after ``move`` within the deal (``_moved``'s position)."""
        return cast(State, _MOVED(self, *self._moved(move), self.moves, self.seen))

    def _next(self, move: Move) -> State:
        if isinstance(move, Resign):
            return self._end_deal("resigned")
        fields = self._moved(move)
        if _irreversible(self, fields):
            seen: tuple[int, ...] = ()
        else:
            key = known_key(self.tableau, self.hidden, len(self.waste), self.foundations)
            seen = (*self.seen, key)
        moves = self.moves + 1
        after: State = _MOVED(self, *fields, moves, seen)
        found = fields[2]
        if found[0] + found[1] + found[2] + found[3] == 52:
            return after._end_deal("won")
        if moves >= self.options.max_moves:
            return after._end_deal(f"stopped after {moves} moves")
        legal = after._generate_moves()
        if not legal or (len(legal) == 1 and legal[0] is RESIGN):  # only resigning (KL-6.3)
            return after._end_deal("no move left")
        object.__setattr__(after, "_legal", legal)
        return after

    def _end_deal(self, how: str) -> State:
        opts = self.options
        won = self.home == 52
        score = deal_score(opts.scoring, self.home, self.points)
        result = DealResult(
            deal=self.deal, won=won, cards=self.home, points=self.points, score=score, how=how
        )
        total = self.total + score
        if self.deal + 1 >= opts.deals:
            return self._replace(
                over=True, total=total, won=self.won + won, last_deal=result, seen=()
            )
        tableau, hidden, stock = deal_layout(opts, self.seed, self.deal + 1)
        return self._replace(
            deal=self.deal + 1,
            tableau=tableau,
            hidden=hidden,
            stock=stock,
            waste=(),
            foundations=(0, 0, 0, 0),
            passes=0,
            moves=0,
            points=0,
            total=total,
            won=self.won + won,
            seen=(),
            last_deal=result,
        )

    # ---- views -----------------------------------------------------------------------

    def view(self, seat: int) -> View:
        """What the player may know (KL-8.1): face-down cards are hidden, and the
        stock's order is shown once all of it has been seen (after a redeal).

        Examples:
            >>> from cardrules import games
            >>> view = games.create("klondike").new_game(seed=3).view(0)
            >>> [len(p) for p in view.tableau], view.stock, view.stock_size
            ([1, 1, 1, 1, 1, 1, 1], (), 24)
        """
        up = tuple(p[h:] for p, h in zip(self.tableau, self.hidden, strict=False))
        return make_view(
            View,
            self,
            seat,
            turn=self.current_player,
            tableau=cast(Piles, up),
            stock=self.stock if self.passes else (),
            stock_size=len(self.stock),
        )

    def resample(self, seat: int, rng: random.Random) -> State:
        """Deal again what the player has not seen: the face-down cards and, before
        the first redeal, the stock (KL-8.2).

        Examples:
            >>> from cardrules import games
            >>> state = games.create("klondike").new_game(seed=3)
            >>> other = state.resample(0, random.Random(1))
            >>> other.view(0) == state.view(0), other.stock != state.stock
            (True, True)
        """
        seats_check(1, seat)
        if not isinstance(rng, random.Random):
            raise OptionError(f"resample needs a random.Random, got {type(rng).__name__}")
        pool = [c for p, h in zip(self.tableau, self.hidden, strict=False) for c in p[:h]]
        if not self.passes:
            pool.extend(self.stock)
        rng.shuffle(pool)
        tableau = []
        for pile, h in zip(self.tableau, self.hidden, strict=False):
            tableau.append(tuple(pool.pop() for _ in range(h)) + pile[h:])
        stock = tuple(pool) if not self.passes else self.stock
        return self._replace(
            tableau=cast(Piles, tuple(tableau)), stock=stock, seed=rng.getrandbits(63)
        )

    def _check(self) -> None:
        if len(self.tableau) != 7 or len(self.hidden) != 7 or len(self.foundations) != 4:
            raise InvalidStateError("a Klondike state has 7 piles and 4 foundations")
        for i, (pile, h) in enumerate(zip(self.tableau, self.hidden, strict=False)):
            if not 0 <= h <= len(pile) or (pile and h == len(pile)):
                raise InvalidStateError(f"pile {i + 1} has {h} face-down cards of {len(pile)}")
            for low, high in zip(pile[h + 1 :], pile[h:], strict=False):
                if VALUE[high] != VALUE[low] + 1 or RED[high] == RED[low]:
                    raise InvalidStateError(f"pile {i + 1}'s face-up cards are not built (KL-3.2)")
        if not 0 <= self.deal < self.options.deals or self.moves > self.options.max_moves:
            raise InvalidStateError("the deal or move counters are out of range")
        limit = self.options.passes
        if self.passes < 0 or (limit is not None and self.passes >= limit):
            raise InvalidStateError(f"{self.passes} redeals break the limit of {limit} passes")


#: ``_MOVED(state, *fields, moves, seen)``: the state at ``_moved``'s position.
_MOVED: Any = fields_copier(
    State,
    ("tableau", "hidden", "foundations", "stock", "waste", "passes", "points", "moves", "seen"),
)

_REPEAT = "it returns to a position seen since the last irreversible move (KL-6.1)"


def _irreversible(before: State, after: _Fields) -> bool:
    """Whether a move from ``before`` to the position ``after`` (``_moved``'s fields) can
    never be undone (KL-6.1)."""
    _, hidden, found, stock, waste, passes, _ = after
    if sum(hidden) != sum(before.hidden):
        return True
    if len(stock) + len(waste) != len(before.stock) + len(before.waste):
        return True
    if before.options.passes is not None and passes != before.passes:
        return True
    return not before.options.foundation_to_tableau and sum(found) != before.home


def new_state(options: Options, seed: int) -> State:
    """The first state of a session: the first deal laid out (KL-2)."""
    tableau, hidden, stock = deal_layout(options, seed, 0)
    return State(options=options, seed=seed, tableau=tableau, hidden=hidden, stock=stock)


def render(view: View) -> str:
    """The player's view as plain text: face-down cards as ``##``.

    Examples:
        >>> from cardrules import games
        >>> print(render(games.create("klondike").new_game(seed=3).view(0)))
        deal 1 of 1; stock 24, waste -; foundations c0 d0 h0 s0; score 0
        1: 2s
        2: ## 9d
        3: ## ## Qs
        4: ## ## ## Ah
        5: ## ## ## ## 2c
        6: ## ## ## ## ## 6c
        7: ## ## ## ## ## ## Qh
    """
    opts = view.options
    found = " ".join(f"{'cdhs'[s]}{n}" for s, n in enumerate(view.foundations))
    waste = format_cards(view.waste[-3:]) if view.waste else "-"
    head = (
        f"deal {min(view.deal + 1, opts.deals)} of {opts.deals}; stock {view.stock_size}, "
        f"waste {waste}; foundations {found}; score {view.total}"
    )
    lines = [head]
    for i, (up, h) in enumerate(zip(view.tableau, view.hidden, strict=False)):
        cells = ["##"] * h + [str(c) for c in up]
        lines.append(f"{i + 1}: {' '.join(cells) if cells else '-'}")
    if view.turn is None and view.last_deal is not None:
        lines.extend(view.last_deal.describe())
    return "\n".join(lines)
