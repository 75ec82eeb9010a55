"""The thoughtful-Klondike search (KL-9): a depth-first search over compact positions.

A position is plain tuples of card numbers (``suit * 13 + rank - 1``):
the seven piles bottom to top with their face-down counts, the *talon* (the
waste from bottom to top, then the stock in drawing order: drawing and
redealing never reorder it, KL-4.3) with the waste's size, the foundations'
counts and the redeals used. The search:

* plays the stock as macro moves (KL-9.2): any talon card that some number of
  draws (and, where allowed, a redeal) brings to the top of the waste is one
  move, as in the ShootMe solver, so draws never branch;
* plays safe cards home at once (KL-5.2, KL-9.2), never brings a safe card
  back, and moves tableau cards only to turn a face-down card, to empty a pile
  or to let the card beneath go home (the other tableau moves swap two
  equivalent cards and lose nothing);
* orders moves: home first, then those that turn a card (largest face-down
  pile first), then the talon, then the rest;
* keeps a transposition table keyed by the position with its piles sorted,
  so a position reached twice, or with its piles in another order, is
  searched once.

It answers won (with the line), lost (every position searched) or unknown
(the state or time limit met first).

Examples:
    >>> from cardrules.games.klondike.pysol import DEMO
    >>> result = search(DEMO.piles, DEMO.hidden, DEMO.stock, draw=1)
    >>> result.verdict, len(result.line) > 40
    ('won', True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import attrs

from cardrules.cards import Card
from cardrules.games.klondike._tables import CODE

__all__ = ["Outcome", "deal_is_winnable", "search"]

_VAL = tuple(c % 13 + 1 for c in range(52))
_SUIT = tuple(c // 13 for c in range(52))
_RED = tuple(c // 13 in (1, 2) for c in range(52))
_HOSTS = tuple(
    tuple(h for h in range(52) if _VAL[h] == _VAL[c] + 1 and _RED[h] != _RED[c]) for c in range(52)
)
_KINGS = (12, 25, 38, 51)
_GUESTS = tuple(
    tuple(g for g in range(52) if _VAL[g] == _VAL[c] - 1 and _RED[g] != _RED[c]) for c in range(52)
)

# A macro move: (kind, a, b, target, redeal): kind "t" talon card at waste size b
# (``a`` the card), "p" pile a from index b, "f" foundation card a; target -1 for
# home, else a pile index; ``redeal`` whether the talon move needs a redeal first.
Step = tuple[str, int, int, int, bool]
Found = tuple[int, ...]
Node = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, Found, int]


@attrs.frozen
class Outcome:
    """What the search found: ``verdict`` ``"won"``, ``"lost"`` or ``"unknown"``;
    ``line`` the winning macro steps; ``states`` the positions searched."""

    verdict: str
    line: tuple[Step, ...]
    states: int
    seconds: float


class _Stop(Exception):
    pass


def _safe(c: int, found: Sequence[int]) -> bool:
    v = _VAL[c]
    if v <= 2:
        return True
    s = _SUIT[c]
    if _RED[c]:
        return found[0] >= v - 1 and found[3] >= v - 1 and found[3 - s] >= v - 2
    return found[1] >= v - 1 and found[2] >= v - 1 and found[3 - s] >= v - 2


class _Search:
    """One search. Piles are ``bytes``, face-down cards stored as their number
    plus 64, so that the sorted piles alone key the tableau."""

    def __init__(self, draw: int, passes: int | None, limit: int, seconds: float | None) -> None:
        self.draw = draw
        self.redeals = 10**9 if passes is None else passes - 1
        self.free_talon = draw == 1 and passes is None  # every talon card is reachable
        self.limit = limit
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.seen: set[bytes] = set()
        self.states = 0
        self.back = True
        # The first pass also prunes moves that only look useless (``_wanted``,
        # ``_king_waits``); a "lost" found so is searched again without them.
        self.heuristic = True

    # ---- positions ---------------------------------------------------------------

    def key(self, node: Node) -> bytes:
        piles, _down, talon, p, _found, rounds = node
        if self.free_talon:
            return b"\xff".join(sorted(piles)) + b"\xfe" + talon
        if self.redeals > 250:  # no limit: the redeals made do not matter
            return b"\xff".join(sorted(piles)) + b"\xfe" + talon + bytes((200, p))
        return b"\xff".join(sorted(piles)) + b"\xfe" + talon + bytes((200, p, rounds))

    def reachable(self, talon: bytes, p: int, rounds: int) -> list[tuple[int, bool]]:
        """Waste sizes at which some talon card is on top, and whether a redeal is needed."""
        n = len(talon)
        if self.free_talon:
            return [(q, False) for q in range(1, n + 1)]
        d = self.draw
        out: list[tuple[int, bool]] = []
        got = set()
        if p:
            out.append((p, False))
            got.add(p)
        q = p
        while q < n:
            q = min(q + d, n)
            out.append((q, False))
            got.add(q)
        if rounds < self.redeals and n:
            q = 0
            while q < n:
                q = min(q + d, n)
                if q not in got:
                    out.append((q, True))
        return out

    def auto(self, node: Node, line: list[Step]) -> Node:
        """Play safe cards home (KL-5.2): pile tops and the waste's top card
        (any talon card when every one is reachable)."""
        piles, down, talon, p, found, rounds = node
        while True:
            safe = [s * 13 + n for s, n in enumerate(found) if n < 13 and _safe(s * 13 + n, found)]
            if not safe:
                return node
            moved = False
            for c in safe:
                s = c // 13
                for i in range(7):
                    pile = piles[i]
                    if pile and pile[-1] == c:
                        line.append(("p", i, len(pile) - 1, -1, False))
                        rest = pile[:-1]
                        d = down[i]
                        if rest and d == len(rest):
                            rest = rest[:-1] + bytes((rest[-1] - 64,))
                            down = down[:i] + (d - 1,) + down[i + 1 :]
                        piles = piles[:i] + (rest,) + piles[i + 1 :]
                        break
                else:
                    if self.free_talon:
                        q = talon.find(c) + 1
                    else:
                        q = p if p and talon[p - 1] == c else 0
                    if not q:
                        continue
                    line.append(("t", c, q, -1, False))
                    talon = talon[: q - 1] + talon[q:]
                    p = 0 if self.free_talon else q - 1
                found = found[:s] + (found[s] + 1,) + found[s + 1 :]
                moved = True
            node = (piles, down, talon, p, found, rounds)
            if not moved:
                return node

    def moves(self, node: Node) -> list[tuple[int, Step]]:
        """The candidate steps with their order (lower first)."""
        piles, down, talon, _p, found, _rounds = node
        out: list[tuple[int, Step]] = []
        tops: dict[int, int] = {}
        empty = -1
        nexts = [s * 13 + n for s, n in enumerate(found) if n < 13]
        for i in range(7):
            pile = piles[i]
            if pile:
                c = pile[-1]
                tops[c] = i
                if c in nexts:  # tableau to foundation
                    d = down[i]
                    turns = len(pile) - 1 == d and d > 0
                    out.append((-20 * turns - d, ("p", i, len(pile) - 1, -1, False)))
            elif empty < 0:
                empty = i
        get = tops.get
        for i in range(7):
            pile = piles[i]
            n = len(pile)
            if not n:
                continue
            d = down[i]
            starts = [d]
            if n - d > 1:
                for c in nexts:  # a partial move lets the card beneath go home
                    at = pile.find(c, d, n - 1)
                    if at >= 0:
                        starts.append(at + 1)
            for k in starts:
                c = pile[k]
                if c % 13 == 12:
                    if (d == 0 and k == 0) or empty < 0:
                        continue  # a king from an emptied pile's bottom: no gain
                    targets = [empty]
                else:
                    h1, h2 = _HOSTS[c]
                    j1, j2 = get(h1), get(h2)
                    if j1 is None and j2 is None:
                        continue
                    targets = [j for j in (j1, j2) if j is not None]
                if k == d:
                    if d == 0 and self.heuristic and not self._king_waits(piles, talon, found):
                        continue  # an emptied pile that no king could fill: no gain
                    rank = 100 - d if d else 300
                else:
                    rank = 150
                for j in targets:
                    out.append((rank, ("p", i, k, j, False)))
        if talon:
            self._talon_moves(node, nexts, tops, empty, out)
        if self.back:  # foundation to tableau, for a card that then goes on it
            for s in range(4):
                n = found[s]
                if not n:
                    continue
                c = s * 13 + n - 1
                if _safe(c, found) or (
                    self.heuristic and not self._wanted(c, piles, down, talon, found)
                ):
                    continue
                if c % 13 == 12:
                    if empty >= 0:
                        out.append((400, ("f", c, 0, empty, False)))
                    continue
                for h in _HOSTS[c]:
                    onto = get(h)
                    if onto is not None:
                        out.append((400, ("f", c, 0, onto, False)))
        out.sort()
        return out

    def _talon_moves(
        self,
        node: Node,
        nexts: list[int],
        tops: dict[int, int],
        empty: int,
        out: list[tuple[int, Step]],
    ) -> None:
        """Talon cards that draws can bring up, home or onto the tableau."""
        piles, down, talon, p, found, rounds = node
        free = self.free_talon
        reach = None if free else dict(self.reachable(talon, p, rounds))
        for c in nexts:
            q = talon.find(c) + 1
            if not q or (reach is not None and q not in reach):
                continue
            redeal = reach is not None and reach[q]
            out.append((50 + q + 50 * redeal, ("t", c, q, -1, redeal)))
        wanted: list[tuple[int, int]] = []
        for h, j in tops.items():
            if h < 52 and h % 13:
                for g in _GUESTS[h]:
                    wanted.append((g, j))
        if empty >= 0:
            wanted.extend((king, empty) for king in _KINGS)
        for g, j in wanted:
            q = talon.find(g) + 1
            if not q or (reach is not None and q not in reach):
                continue
            if free and self.heuristic and not self._wanted(g, piles, down, talon, found):
                continue  # a card always at hand goes out only to hold another
            redeal = reach is not None and reach[q]
            out.append((200 + q + 50 * redeal, ("t", g, q, j, redeal)))

    def _wanted(
        self,
        c: int,
        piles: tuple[bytes, ...],
        down: tuple[int, ...],
        talon: bytes,
        found: Found,
        depth: int = 2,
    ) -> bool:
        """Whether some card could be built on ``c`` with a gain: a face-up card
        whose move turns a card, empties a pile or lets the card beneath go home
        (the others already lie on a card like ``c``), a foundation's top card
        (when cards may come back), or a talon card that itself is wanted so (to
        ``depth`` links)."""
        for guest in _GUESTS[c]:
            if self.back and found[guest // 13] == guest % 13 + 1:
                return True
            for pile, d in zip(piles, down, strict=True):
                k = pile.find(guest, d)
                if k == d or (k > d and found[pile[k - 1] // 13] == pile[k - 1] % 13):
                    return True
            if (
                depth
                and guest in talon
                and self._wanted(guest, piles, down, talon, found, depth - 1)
            ):
                return True
        return False

    def _king_waits(self, piles: tuple[bytes, ...], talon: bytes, found: Found) -> bool:
        """Whether a king could fill an emptied pile now: one in the talon, a
        face-up king with cards under it, or one on a foundation."""
        for king in _KINGS:
            if king in talon or (self.back and found[king // 13] == 13):
                return True
            for pile in piles:
                if pile.find(king) > 0:
                    return True
        return False

    def step(self, node: Node, move: Step) -> Node:
        piles, down, talon, p, found, rounds = node
        kind, a, b, target, redeal = move
        if kind == "t":
            moved = bytes((a,))
            talon = talon[: b - 1] + talon[b:]
            p = 0 if self.free_talon else b - 1
            rounds += redeal
        elif kind == "f":
            moved = bytes((a,))
            s = a // 13
            found = found[:s] + (found[s] - 1,) + found[s + 1 :]
        else:
            pile = piles[a]
            moved = pile[b:]
            rest = pile[:b]
            d = down[a]
            if rest and d == len(rest):
                rest = rest[:-1] + bytes((rest[-1] - 64,))
                down = down[:a] + (d - 1,) + down[a + 1 :]
            piles = piles[:a] + (rest,) + piles[a + 1 :]
        if target < 0:
            s = moved[0] // 13
            found = found[:s] + (found[s] + 1,) + found[s + 1 :]
        else:
            piles = piles[:target] + (piles[target] + moved,) + piles[target + 1 :]
        return (piles, down, talon, p, found, rounds)

    def done(self, node: Node) -> bool:
        """Won: all home, or nothing face down and every talon card reachable
        (the lowest card left is then always free to go home)."""
        _piles, down, talon, _p, found, _r = node
        if sum(found) == 52:
            return True
        return not any(down) and (not talon or self.free_talon)

    def finish(self, node: Node, line: list[Step]) -> None:
        """Play a done position out: the lowest card left always goes home."""
        while sum(node[4]) < 52:
            piles, _down, talon, _p, found, _r = node
            best: Step | None = None
            low = 99
            for i in range(7):
                if piles[i]:
                    c = piles[i][-1]
                    if found[_SUIT[c]] == _VAL[c] - 1 and _VAL[c] < low:
                        low, best = _VAL[c], ("p", i, len(piles[i]) - 1, -1, False)
            for q in range(1, len(talon) + 1):
                c = talon[q - 1]
                if found[_SUIT[c]] == _VAL[c] - 1 and _VAL[c] < low:
                    low, best = _VAL[c], ("t", c, q, -1, False)
            assert best is not None  # the lowest card left is free (see ``done``)
            line.append(best)
            node = self.step(node, best)

    def run(self, root: Node) -> tuple[str, tuple[Step, ...]]:
        line: list[Step] = []
        root = self.auto(root, line)
        if self.done(root):
            self.finish(root, line)
            return "won", tuple(line)
        seen = self.seen
        seen.add(self.key(root))
        stack = [(root, self.moves(root), 0, len(line))]
        limit = self.limit
        deadline = self.deadline
        try:
            while stack:
                node, options, at, mark = stack[-1]
                if at >= len(options):
                    stack.pop()
                    continue
                stack[-1] = (node, options, at + 1, mark)
                move = options[at][1]
                del line[mark:]
                line.append(move)
                child = self.auto(self.step(node, move), line)
                if self.done(child):
                    self.finish(child, line)
                    return "won", tuple(line)
                key = self.key(child)
                if key in seen:
                    continue
                seen.add(key)
                self.states += 1
                if self.states >= limit:
                    raise _Stop
                timed = deadline is not None and not self.states & 1023
                if timed and time.perf_counter() > deadline:  # type: ignore[operator]
                    raise _Stop
                stack.append((child, self.moves(child), 0, len(line)))
        except _Stop:
            return "unknown", ()
        return "lost", ()


def search(
    piles: Sequence[Sequence[Card]],
    hidden: Sequence[int],
    stock: Sequence[Card],
    *,
    waste: Sequence[Card] = (),
    foundations: Sequence[int] = (0, 0, 0, 0),
    draw: int = 1,
    passes: int | None = None,
    passes_used: int = 0,
    foundation_to_tableau: bool = True,
    limit: int = 1_000_000,
    seconds: float | None = None,
) -> Outcome:
    """Search a position with every card known (KL-9.1); ``stock``'s next card last.

    ``limit`` caps the positions searched, ``seconds`` the time.
    """
    start = time.perf_counter()
    engine = _Search(draw, passes, limit, seconds)
    engine.back = foundation_to_tableau
    talon = bytes(CODE[c] for c in waste) + bytes(CODE[c] for c in reversed(stock))
    root: Node = (
        tuple(
            bytes(CODE[c] + 64 * (k < h) for k, c in enumerate(pile))
            for pile, h in zip(piles, hidden, strict=True)
        ),
        tuple(hidden),
        talon,
        0 if engine.free_talon else len(waste),
        tuple(foundations),
        passes_used,
    )
    verdict, line = engine.run(root)
    states = engine.states
    if verdict == "lost":  # prove it without the heuristic pruning, in what is left
        left = None if seconds is None else seconds - (time.perf_counter() - start)
        if limit - states < 1 or (left is not None and left <= 0):
            verdict = "unknown"
        else:
            exact = _Search(draw, passes, limit - states, left)
            exact.back = foundation_to_tableau
            exact.heuristic = False
            verdict, line = exact.run(root)
            states += exact.states
    return Outcome(verdict, line, states, time.perf_counter() - start)


def deal_is_winnable(
    piles: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    *,
    draw: int,
    passes: int | None,
    limit: int,
) -> bool:
    """Whether the search proves a fresh deal winnable within ``limit`` states (KL-2.4)."""
    hidden = tuple(len(p) - 1 for p in piles)
    return search(piles, hidden, stock, draw=draw, passes=passes, limit=limit).verdict == "won"
