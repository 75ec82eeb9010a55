"""The meld solver's answers on seeded random hands, against the answers of the solver as it
was before the issue 12 speed work (stored in ``tests/data/solver_reference.json``).

Every answer (the melds chosen with their cards and places, the deadwood, the value and the
deadwood points) for every objective and several rules is compared through a short digest, so
a faster solver must give exactly the same answers. Regenerate the file only from a solver
known to be right: ``PYTHONPATH=src python tests/test_solver_reference.py``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from cardrules.cards import Card, Rank, Suit
from cardrules.games.kalooki51.scoring import RULES as KALOOKI_RULES
from cardrules.games.turkish51.scoring import RULES as TURKISH_RULES
from cardrules.melds import MeldRules, solve
from cardrules.melds._bounds import _opening_values

DATA = Path(__file__).parent / "data" / "solver_reference.json"

RULES = {
    "turkish51": TURKISH_RULES,
    "kalooki51": KALOOKI_RULES,
    "wrap": MeldRules(wrap_around=True),
    "one_joker_two_naturals": MeldRules(max_jokers=1, min_naturals=2),
    "repeat_sets": MeldRules(set_suits_distinct=False, max_set_size=None),
    "wild_twos": MeldRules(wild_ranks={Rank.TWO}),
    "four_long": MeldRules(min_length=4, ace_low=False),
    "cheap_ace": MeldRules(ace_high_points=1, court_points=5, joker_points=0),
}
OBJECTIVES = ("value", "deadwood", "all")
JOKER = Card(Rank.JOKER)
NATURALS = [Card(r, s) for s in Suit for r in Rank if not r.is_joker]


def hands(count: int = 150, seed: int = 12) -> list[tuple[Card, ...]]:
    """Seeded hands: half drawn from a double pack with up to three jokers, half crowded
    (a window of ranks in two or three suits, two jokers), as the hard hands are."""
    rng = random.Random(seed)
    pack = NATURALS * 2
    out = []
    for i in range(count):
        if i % 2:
            size = rng.randint(6, 15)
            jokers = rng.randint(0, 3)
            out.append((*rng.sample(pack, size - jokers), *[JOKER] * jokers))
        else:
            low, width = rng.randint(1, 8), rng.randint(5, 8)
            suits = set(rng.sample(list(Suit), rng.randint(2, 3)))
            pool = [c for c in pack if c.suit in suits and low <= int(c.rank) < low + width]
            size = min(len(pool), rng.randint(9, 13))
            out.append((*rng.sample(pool, size), JOKER, JOKER))
    return out


def digest(hand: tuple[Card, ...], rules: MeldRules, objective: str) -> str:
    """A short digest of every part of ``solve``'s answer (and, for the value objective, of
    the opening values of every candidate meld, which share the search)."""
    best = solve(hand, rules, objective=objective)  # type: ignore[arg-type]
    parts = [
        [(m.kind.value, [str(c) for c in m.cards], [str(f) for f in m.faces], m.start)
         for m in best.melds],
        [str(c) for c in best.deadwood],
        best.value,
        best.deadwood_points,
    ]  # fmt: skip
    if objective == "value":
        key = tuple(sorted(hand))
        parts.append(list(_opening_values(key, rules)))
    text = json.dumps(parts, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def answers() -> dict[str, list[str]]:
    return {
        f"{name}/{objective}": [digest(hand, rules, objective) for hand in hands()]
        for name, rules in RULES.items()
        for objective in OBJECTIVES
    }


def test_solver_answers_match_the_stored_reference() -> None:
    stored = json.loads(DATA.read_text())
    got = answers()
    assert got.keys() == stored.keys()
    for case, digests in got.items():
        wrong = [i for i, (a, b) in enumerate(zip(digests, stored[case], strict=True)) if a != b]
        assert not wrong, f"{case}: hands {wrong[:10]} differ from the reference"


if __name__ == "__main__":
    DATA.write_text(json.dumps(answers(), indent=0) + "\n")
