"""Fuzz of saves over every registered game (issue 21): hundreds of structured
mutations of a real save (cards moved, duplicated, dropped; fields changed; keys
dropped or added; wrong types; truncated text; huge numbers; deep nesting). Each
is refused with InvalidStateError, or loads only as a state that play reaches
(equal to the replay of its own seed and history); never a stray exception."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import cardrules
from cardrules import InvalidStateError, games
from cardrules.engine import GameState

MUTATIONS_PER_GAME = 240


def _save(name: str) -> tuple[GameState[Any], str]:
    game = games.create(name)
    state = game.new_game(seed=21)
    rng = random.Random(21)
    for _ in range(70):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state, state.to_json()


Slot = tuple[Any, Any]  # (container, key or index)


def _slots(node: Any, out: list[Slot]) -> list[Slot]:
    if isinstance(node, dict):
        for key, value in node.items():
            out.append((node, key))
            _slots(value, out)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.append((node, i))
            _slots(value, out)
    return out


def _is_card(value: Any) -> bool:
    if not isinstance(value, str) or not 2 <= len(value) <= 3:
        return False
    try:
        cardrules.parse_card(value)
    except cardrules.CardRulesError:
        return False
    return True


def _mutate(data: dict[str, Any], rng: random.Random) -> str:
    """One random structured mutation of a save's data, as text."""
    data = copy.deepcopy(data)
    slots = _slots(data, [])
    cards = [s for s in slots if _is_card(s[0][s[1]])]
    ints = [s for s in slots if isinstance(s[0][s[1]], int) and not isinstance(s[0][s[1]], bool)]
    lists = [s for s in slots if isinstance(s[0][s[1]], list) and s[0][s[1]]]
    dicts = [s for s in slots if isinstance(s[0][s[1]], dict)]
    texts = [s for s in slots if isinstance(s[0][s[1]], str)]

    def swap_cards() -> None:
        (a, i), (b, j) = rng.sample(cards, 2)
        a[i], b[j] = b[j], a[i]

    def duplicate_card() -> None:
        (a, i), (b, j) = rng.sample(cards, 2)
        a[i] = b[j]

    def drop_item() -> None:
        box, key = rng.choice(lists)
        del box[key][rng.randrange(len(box[key]))]

    def add_item() -> None:
        box, key = rng.choice(lists)
        box[key].append(copy.deepcopy(rng.choice(box[key])))

    def change_int() -> None:
        box, key = rng.choice(ints)
        box[key] = rng.choice(
            [box[key] + 1, box[key] - 1, -1, -(10**9), 10**9, 2**300, box[key] * 7]
        )

    def drop_key() -> None:
        box = rng.choice([data, data["state"], *(b[k] for b, k in dicts)])
        if box:
            del box[rng.choice(list(box))]

    def add_key() -> None:
        box = rng.choice([data, data["state"], *(b[k] for b, k in dicts)])
        box[rng.choice(["extra", "hands", "seed", "x" * 50])] = rng.choice([1, "x", [], None])

    def wrong_type() -> None:
        box, key = rng.choice(slots)
        box[key] = rng.choice(["x", 1.5, [], {}, None, True, -3, [["Ah"]], float("1e308")])

    def other_text() -> None:
        box, key = rng.choice(texts)
        box[key] = rng.choice(["over", "deal", "draw stock", "knock", "", "\ud800", "Ah Ah"])

    def nest() -> None:
        box, key = rng.choice(slots)
        deep: Any = "Ah"
        for _ in range(rng.choice([5, 60, 400])):
            deep = [deep]
        box[key] = deep

    def top() -> None:
        key = rng.choice(["format", "game"])
        data[key] = rng.choice([0, 2, "chess", None, "thirty_one", "turkish51", "cribbage"])

    ops: list[Callable[[], None]] = [
        drop_item,
        add_item,
        change_int,
        drop_key,
        add_key,
        wrong_type,
        other_text,
        nest,
        top,
    ]
    if len(cards) >= 2:
        ops += [swap_cards, swap_cards, duplicate_card]
    rng.choice(ops)()
    return json.dumps(data)


def _text_mutation(text: str, rng: random.Random) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        return text[: rng.randrange(len(text))]  # truncated
    if kind == 1:
        return "[" * 200_000 + "]" * 200_000  # nested beyond any parser
    if kind == 2:
        return text.replace('"seed": ', '"seed": ' + "9" * 5000, 1)  # a 5000-digit seed
    return text.replace('"history": [', '"history": [' + '"draw stock", ' * 3, 1)


@pytest.mark.parametrize("name", games.names())
def test_tampered_saves_are_refused_or_reachable(name: str) -> None:
    _state, text = _save(name)
    data = json.loads(text)
    rng = random.Random(name)
    refused = accepted = 0
    for number in range(MUTATIONS_PER_GAME):
        mutated = _text_mutation(text, rng) if number % 8 == 7 else _mutate(data, rng)
        try:
            loaded = cardrules.load_state(mutated)
        except InvalidStateError:
            refused += 1
            continue
        accepted += 1
        # accepted only if play reaches it from its own seed and history
        game = games.game_class(loaded.GAME)(loaded.options)
        assert loaded == game.replay(loaded.seed, loaded.history), mutated[:300]
    assert refused > MUTATIONS_PER_GAME // 2
    assert refused + accepted == MUTATIONS_PER_GAME
