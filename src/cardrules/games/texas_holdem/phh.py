"""Hand histories in the Poker Hand History format (PHH), the text PokerKit reads and writes.

``to_phh(state)`` writes one hand of a match (no-limit ``NT`` or fixed-limit
``FT`` Hold'em) and ``from_phh(text)`` plays a hand history back into a state
of a one-hand match (TH-17). PHH has no code for pot-limit Hold'em, so a
pot-limit hand is refused both ways (TH-17.3). Players are listed from the
seat after the button, so the button is the last (TH-17.2); amounts are whole
chips, or decimal amounts read with ``chip``, the value of one chip.

Examples:
    >>> from cardrules import games
    >>> game = games.create("texas_holdem", players=2, deals=1)
    >>> state = game.replay(1, ["raise 6", "call", "check", "bet 4", "fold"])
    >>> text = to_phh(state)
    >>> print(text)  # doctest: +ELLIPSIS
    variant = "NT"
    ...
    starting_stacks = [200, 200]
    actions = [
      "d dh p1 ...",
      "d dh p2 ...",
      "p2 cbr 6",
      "p1 cc",
      "d db ...",
      "p1 cc",
      "p2 cbr 4",
      "p1 f",
    ]
    finishing_stacks = [194, 206]
    >>> back = from_phh(text)
    >>> back.stacks, back.is_terminal
    ((194, 206), True)
"""

from __future__ import annotations

import tomllib
from decimal import Decimal, InvalidOperation
from typing import Any

from cardrules.cards import Card, parse_card
from cardrules.engine import Move
from cardrules.errors import (
    CardRulesError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidStateError,
    OptionError,
)
from cardrules.games.texas_holdem._table import DECK
from cardrules.games.texas_holdem.rules import (
    CALL,
    CHECK,
    FOLD,
    Bet,
    Call,
    Check,
    Fold,
    Options,
    Raise,
)
from cardrules.games.texas_holdem.state import State, arranged_state, first_state

__all__ = ["from_phh", "to_phh"]

# --------------------------------------------------------------------------- writing


def _amount(chips: int, chip: Decimal | None) -> str:
    return str(chips) if chip is None else format((Decimal(chips) * chip).normalize(), "f")


def _cards(cards: tuple[Card, ...]) -> str:
    return "".join(str(c) for c in cards)


def to_phh(state: State, deal: int | None = None, *, chip: Decimal | str | None = None) -> str:
    """One hand of ``state``'s match as PHH text (TH-17.1).

    The hand is ``deal`` (counting from 0), by default the one of the last move
    made. Every hole card is written (the history is the table's, not one
    seat's); hands mucked at the showdown are written as mucked (``sm``).
    With ``chip`` (the value of one chip, e.g. ``"0.01"``) amounts are written
    as decimals.

    Raises:
        OptionError: not a Hold'em state, a pot-limit or raked match (PHH has
            no code for them, TH-17.3), or no such hand yet.
    """
    if not isinstance(state, State):
        raise OptionError(f"to_phh takes a texas_holdem state, got {type(state).__name__}")
    opts = state.options
    if opts.structure == "pot_limit":
        raise OptionError("PHH has no code for pot-limit Hold'em: only NT and FT (TH-17.3)")
    if opts.rake_percent:
        raise OptionError("PHH has no field for the rake: a raked hand is not written (TH-17.3)")
    if opts.structure == "fixed_limit" and (opts.uncapped_heads_up or opts.cap > 4):
        raise OptionError(
            "PHH's fixed limit caps a round at four bets: a match with a higher cap or "
            "none heads-up is not written (TH-17.3)"
        )
    unit = _chip(chip)
    cur = first_state(state)
    moves = list(state.history)
    if deal is None:
        deal = 0
        probe = cur
        for move in moves:
            deal = probe.deal
            probe = probe.apply(move)
    if not isinstance(deal, int) or isinstance(deal, bool) or deal < 0:
        raise OptionError(f"deal must be a whole number from 0, got {deal!r:.20}")
    steps: list[tuple[State, Move, State]] = []
    begin: State | None = cur if cur.deal == deal else None
    for move in moves:
        nxt = cur.apply(move)
        if cur.deal == deal:
            steps.append((cur, move, nxt))
        if nxt.deal == deal and begin is None:
            begin = nxt
        cur = nxt
        if cur.deal > deal:
            break
    if begin is None or begin.deal != deal:
        raise OptionError(
            f"hand {deal} was not played with moves in this match (not dealt yet, or every "
            "seat was all-in from the blinds and it ran out at once)"
        )
    return _write(begin, steps, unit)


def _write(begin: State, steps: list[tuple[State, Move, State]], unit: Decimal | None) -> str:
    opts = begin.options
    n = opts.players
    order = [s for s in ((begin.button + k) % n for k in range(1, n + 1)) if begin.holes[s]]
    name = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    m = len(order)
    antes = [opts.ante] * m
    if opts.bb_ante:
        antes = [0] * m
        antes[1] = opts.bb_ante
    blinds = [0] * m
    blinds[0], blinds[1] = opts.small_blind, opts.big_blind
    lines = [f'variant = "{"FT" if opts.structure == "fixed_limit" else "NT"}"']
    lines.append("ante_trimming_status = false")  # antes are dead money (TH-4.6)
    lines.append(f"antes = [{', '.join(_amount(a, unit) for a in antes)}]")
    lines.append(f"blinds_or_straddles = [{', '.join(_amount(b, unit) for b in blinds)}]")
    if opts.structure == "fixed_limit":
        small, big = opts.bet_sizes()
        lines.append(f"small_bet = {_amount(small, unit)}")
        lines.append(f"big_bet = {_amount(big, unit)}")
    else:
        lines.append(f"min_bet = {_amount(opts.big_blind, unit)}")
    stacks = [begin.stacks[s] + begin.paid[s] + begin.antes[s] for s in order]
    lines.append(f"starting_stacks = [{', '.join(_amount(c, unit) for c in stacks)}]")
    actions = [f"d dh {name[s]} {_cards(begin.holes[s])}" for s in order]
    board = 0
    aggressor: int | None = None
    result = None
    for before, move, after in steps:
        who = name[before.turn]
        if isinstance(move, Fold):
            actions.append(f"{who} f")
        elif isinstance(move, (Check, Call)):
            actions.append(f"{who} cc")
        else:
            amount: int = move.amount  # type: ignore[attr-defined]
            actions.append(f"{who} cbr {_amount(amount, unit)}")
            aggressor = before.turn
        finished = after.deal != before.deal or after.is_terminal
        if before.street != after.street and not finished:
            aggressor = None
        if finished:
            result = next((r for r in after.finished if r.deal == before.deal), None)
            if result is not None and sum(1 for c in result.shown if c) + _mucked(before, move) > 1:
                actions.extend(_showdown(before, move, result, order, name, aggressor, board))
        now = result.board if finished and result is not None else after.board
        while board < len(now):
            size = 3 if board == 0 else 1
            actions.append(f"d db {_cards(now[board : board + size])}")
            board += size
    lines.append("actions = [")
    lines.extend(f'  "{a}",' for a in actions)
    lines.append("]")
    if result is not None:
        final = [result.stacks[s] for s in order]
        lines.append(f"finishing_stacks = [{', '.join(_amount(c, unit) for c in final)}]")
    return "\n".join(lines) + "\n"


def _mucked(before: State, move: Move) -> int:
    """Hands still in at the showdown that were not shown (mucked)."""
    live = sum(before.live) - (1 if isinstance(move, Fold) else 0)
    return max(0, live - 1) if live > 1 else 0


def _showdown(
    before: State,
    move: Move,
    result: Any,
    order: list[int],
    name: dict[int, str],
    aggressor: int | None,
    board: int,
) -> list[str]:
    """The ``sm`` lines: the last aggressor first, else the first seat after the button."""
    live = [
        s for s in order if before.live[s] and not (isinstance(move, Fold) and s == before.turn)
    ]
    if len(live) < 2:
        return []
    first = aggressor if aggressor in live else live[0]
    k = order.index(first)
    seq = [s for s in order[k:] + order[:k] if s in live]
    return [
        f"{name[s]} sm {_cards(result.shown[s])}" if result.shown[s] else f"{name[s]} sm"
        for s in seq
    ]


# --------------------------------------------------------------------------- reading


def _chip(chip: object) -> Decimal | None:
    if chip is None:
        return None
    try:
        unit = Decimal(str(chip))
    except (InvalidOperation, ValueError):
        raise OptionError(f"chip must be a positive decimal, got {chip!r:.20}") from None
    if not unit.is_finite() or unit <= 0:
        raise OptionError(f"chip must be a positive decimal, got {chip!r:.20}")
    return unit


def _whole(value: object, unit: Decimal | None, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise InvalidStateError(f"{what} must be a number, got {value!r:.30}")
    try:
        exact = Decimal(str(value))
    except InvalidOperation:
        raise InvalidStateError(f"{what} must be a number, got {value!r:.30}") from None
    if not exact.is_finite():
        raise InvalidStateError(f"{what} must be a number, got {value!r:.30}")
    chips = exact / unit if unit is not None else exact
    if chips != chips.to_integral_value() or chips < 0:
        hint = "" if unit is not None else "; give chip= (the value of one chip) for decimals"
        raise InvalidStateError(f"{what} {value} is not a whole number of chips{hint}")
    return int(chips)


def _read_cards(text: str, what: str) -> list[Card | None]:
    if len(text) % 2:
        raise InvalidMoveError(f"{what}: cards {text!r:.30} are not two characters each")
    out: list[Card | None] = []
    for k in range(0, len(text), 2):
        token = text[k : k + 2]
        if token == "??":
            out.append(None)
            continue
        try:
            out.append(parse_card(token))
        except InvalidCardError as exc:
            raise InvalidMoveError(f"{what}: {exc}") from None
    return out


def _player(token: str, players: int, what: str) -> int:
    if not token.startswith("p") or not token[1:].isdigit() or not 1 <= int(token[1:]) <= players:
        raise InvalidMoveError(f"{what}: {token!r:.20} is not a player p1 to p{players}")
    return int(token[1:]) - 1


def from_phh(
    text: str,
    *,
    chip: Decimal | str | None = None,
    rake_percent: int = 0,
    rake_cap: int = 0,
) -> State:
    """Play a PHH hand history (``NT`` or ``FT``) into a state of a one-hand match (TH-17).

    Player ``pK`` sits in seat ``K-1``; the last player holds the button. The
    cards come from the history (unknown ones, ``????``, are cards nobody
    names); the bets are played through the rules, so an illegal action is
    refused. The state's save loads back only with ``trusted=True``: no seed
    deals its cards.

    Raises:
        InvalidStateError: malformed text, a missing field, amounts that are
            not whole chips, a variant or structure PHH or this game lacks
            (straddles, unequal antes), or finishing stacks that do not add up.
        InvalidMoveError: an action that cannot be read.
        IllegalMoveError: an action the rules refuse (out of turn, below the
            minimum...), naming the action's number.
        OptionError: cards named twice, or options out of range.
    """
    if not isinstance(text, str):
        raise InvalidStateError(f"from_phh reads text, got {type(text).__name__}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidStateError(f"not PHH (TOML) text: {exc}") from None
    unit = _chip(chip)
    variant = data.get("variant")
    if variant not in ("NT", "FT"):
        raise InvalidStateError(
            f"variant {variant!r:.20} is not one this game reads: NT or FT "
            "(PHH has no code for pot-limit Hold'em, TH-17.3)"
        )
    need = ["antes", "blinds_or_straddles", "starting_stacks", "actions"]
    need += ["small_bet", "big_bet"] if variant == "FT" else ["min_bet"]
    missing = [f for f in need if f not in data]
    if missing:
        raise InvalidStateError(f"PHH {variant} lacks the fields {missing}")
    for field in ("antes", "blinds_or_straddles", "starting_stacks", "actions"):
        if not isinstance(data[field], list):
            raise InvalidStateError(f"PHH field {field} must be a list")
    stacks = tuple(_whole(v, unit, "a starting stack") for v in data["starting_stacks"])
    n = len(stacks)
    if not 2 <= n <= 10:
        raise InvalidStateError(f"PHH hand of {n} players: this game seats 2 to 10")
    blinds = [_whole(v, unit, "a blind") for v in data["blinds_or_straddles"]]
    antes = [_whole(v, unit, "an ante") for v in data["antes"]]
    if len(blinds) != n or len(antes) != n:
        raise InvalidStateError("antes and blinds_or_straddles must give one amount per player")
    if any(blinds[2:]):
        raise InvalidStateError("straddles are not part of this game: only two blinds")
    ante = bb_ante = 0
    if len(set(antes)) == 1:
        ante = antes[0]
    elif not any(a for k, a in enumerate(antes) if k != 1):
        bb_ante = antes[1]
    else:
        raise InvalidStateError(f"antes {antes} are neither equal nor the big blind's alone")
    structure = "fixed_limit" if variant == "FT" else "no_limit"
    small_bet = big_bet = 0
    if variant == "FT":
        small_bet = _whole(data["small_bet"], unit, "small_bet")
        big_bet = _whole(data["big_bet"], unit, "big_bet")
    elif _whole(data["min_bet"], unit, "min_bet") != blinds[1]:
        raise InvalidStateError("min_bet must equal the big blind in this game (TH-7.1)")
    options = Options(
        players=n,
        deals=1,
        structure=structure,
        small_blind=blinds[0],
        big_blind=blinds[1],
        ante=ante,
        bb_ante=bb_ante,
        small_bet=small_bet,
        big_bet=big_bet,
        stack=max(1, max(stacks)),
        rake_percent=rake_percent,
        rake_cap=rake_cap,
    )
    actions = data["actions"]
    holes, board = _cards_of(actions, n)
    state = arranged_state(options, stacks=stacks, button=n - 1, holes=holes, board=board)
    return _play(state, actions, unit, data.get("finishing_stacks"))


def _words(action: object, k: int) -> list[str]:
    if not isinstance(action, str):
        raise InvalidMoveError(f"action {k}: must be text, got {action!r:.30}")
    return action.split("#", 1)[0].split()


def _cards_of(actions: list[Any], n: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The hole cards and the board named by the actions; unknown cards filled in."""
    holes: list[list[Card | None]] = [[] for _ in range(n)]
    shown: list[list[Card | None]] = [[] for _ in range(n)]
    board: list[Card] = []
    for k, action in enumerate(actions):
        words = _words(action, k)
        what = f"action {k} ({' '.join(words)})"
        if words[:2] == ["d", "dh"] and len(words) == 4:
            seat = _player(words[2], n, what)
            if holes[seat]:
                raise InvalidStateError(f"{what}: {words[2]} is dealt hole cards twice")
            holes[seat] = _read_cards(words[3], what)
        elif words[:2] == ["d", "db"] and len(words) == 3:
            cards = _read_cards(words[2], what)
            if None in cards:
                raise InvalidMoveError(f"{what}: board cards must be known")
            board.extend(c for c in cards if c is not None)
        elif len(words) == 3 and words[1] == "sm" and words[2] != "-":
            shown[_player(words[0], n, what)] = _read_cards(words[2], what)
    for seat in range(n):
        if len(holes[seat]) != 2:
            raise InvalidStateError(f"p{seat + 1} is not dealt two hole cards")
        if shown[seat]:
            if len(shown[seat]) != 2 or any(
                a is not None and b is not None and a != b
                for a, b in zip(holes[seat], shown[seat], strict=True)
            ):
                raise InvalidStateError(f"p{seat + 1} shows cards it was not dealt")
            holes[seat] = [
                a if a is not None else b for a, b in zip(holes[seat], shown[seat], strict=True)
            ]
    named = [c for h in holes for c in h if c is not None] + board
    if len(set(named)) != len(named):
        raise InvalidStateError("a card is named twice in the hand history")
    spare = iter(c for c in DECK.cards if c not in set(named))
    filled = tuple(tuple(c if c is not None else next(spare) for c in h) for h in holes)
    return filled, tuple(board)


def _play(state: State, actions: list[Any], unit: Decimal | None, finishing: object) -> State:
    n = state.options.players
    seen: list[Card] = []
    for k, action in enumerate(actions):
        words = _words(action, k)
        what = f"action {k} ({' '.join(words)})"
        if not words or words[0] == "d":
            if words[:2] == ["d", "db"]:
                seen.extend(c for c in _read_cards(words[2], what) if c is not None)
                dealt = (
                    state.last_deal.board if state.is_terminal and state.last_deal else state.board
                )
                if tuple(dealt[: len(seen)]) != tuple(seen):
                    raise InvalidStateError(
                        f"{what}: the board is dealt before the betting is over"
                    )
            elif words[:2] != ["d", "dh"]:
                raise InvalidMoveError(f"{what}: not a dealing action this game reads")
            continue
        seat = _player(words[0], n, what)
        if len(words) >= 2 and words[1] == "sm":
            continue  # the showdown is the rules' own (TH-10)
        mover = state.current_player
        if mover is None or seat != mover:
            turn = "nobody" if mover is None else f"p{mover + 1}"
            raise IllegalMoveError(
                None, f"{what}: p{seat + 1} acts out of turn, {turn} is to act (TH-6.4)"
            )
        move = _move(state, words, unit, what)
        try:
            state = state.apply(move)
        except IllegalMoveError as exc:
            note = f" ({exc.rule})" if exc.rule else ""
            raise IllegalMoveError(
                move, f"{what}: {exc.reason}{note}", rule=exc.rule, seat=seat
            ) from None
    if finishing is not None:
        if not isinstance(finishing, list) or len(finishing) != n:
            raise InvalidStateError("finishing_stacks must give one amount per player")
        want = tuple(_whole(v, unit, "a finishing stack") for v in finishing)
        got = state.last_deal.stacks if state.is_terminal and state.last_deal else state.stacks
        if want != got:
            raise InvalidStateError(
                f"chips do not add up: finishing_stacks {list(want)}, the hand gives {list(got)}"
            )
    return state


def _move(state: State, words: list[str], unit: Decimal | None, what: str) -> Move:
    kind = words[1] if len(words) > 1 else ""
    if kind == "f" and len(words) == 2:
        return FOLD
    if kind == "cc" and len(words) == 2:
        return CALL if state.level > state.bets[state.turn] else CHECK
    if kind == "cbr" and len(words) == 3:
        try:
            amount = _whole(words[2], unit, f"{what}: the amount")
        except CardRulesError as exc:
            raise InvalidMoveError(str(exc)) from None
        return Raise(amount) if state.level else Bet(amount)
    raise InvalidMoveError(f"{what}: not an action this game reads (f, cc, cbr, sm)")
