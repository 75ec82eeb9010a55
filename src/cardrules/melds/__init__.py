"""Rummy mechanics: sets, runs, doubles, jokers, laying off and the best way to meld a hand.

Everything here is game-agnostic: a small frozen
[`MeldRules`][cardrules.melds.MeldRules] value says which melds a game allows (Turkish 51
and Kalooki 51 differ only in these fields; Canasta's shapes and card values are these
fields too), and pure functions check a group of cards, lay a card off, free a joker, and
solve a whole hand.

* A **set** is cards of one rank (distinct suits unless the rules say otherwise).
* A **run** is consecutive cards of one suit, laid from low to high; the ace may be low
  (``A-2-3``), high (``Q-K-A``) or, with ``wrap_around``, both (``K-A-2``).
* A **double** is two identical cards (same rank and suit), which two packs make possible.
* A **joker** stands for one card: in a run the card of its place, in a set any suit the
  set lacks.

Every refusal is an [`IllegalMeldError`][cardrules.errors.IllegalMeldError] saying why.

The package is a few private rooms behind this module, which only re-exports (import
from ``cardrules.melds``, never from a room):

* ``_rules``: [`MeldRules`][cardrules.melds.MeldRules], [`MeldKind`][cardrules.melds.MeldKind],
  [`Meld`][cardrules.melds.Meld], [`Decomposition`][cardrules.melds.Decomposition],
  [`card_points`][cardrules.melds.card_points] and [`meld_value`][cardrules.melds.meld_value];
* ``_check``: [`check_meld`][cardrules.melds.check_meld] and
  [`check_double`][cardrules.melds.check_double];
* ``_table``: the table operations [`lay_off`][cardrules.melds.lay_off],
  [`layoff_cards`][cardrules.melds.layoff_cards] and
  [`retrieve_joker`][cardrules.melds.retrieve_joker];
* ``_candidates``: [`candidate_melds`][cardrules.melds.candidate_melds], every set and
  run a hand can make;
* ``_solver``: [`solve`][cardrules.melds.solve], the exact search.
* ``_bounds``: [`value_bound`][cardrules.melds.value_bound] and the quick answers built on
  the search (best value, fewest cards left, opening values).
* ``_doubles``: [`best_doubles`][cardrules.melds.best_doubles].

Examples:
    >>> from cardrules import parse_cards
    >>> meld = check_meld(parse_cards("5h Jk 7h"))
    >>> str(meld), str(meld.faces[1]), meld_value(meld)
    ('5h-Jk-7h', '6h', 18)
    >>> check_meld(parse_cards("5h 6h 8h"))
    Traceback (most recent call last):
    ...
    cardrules.errors.IllegalMeldError: run 5h-6h-8h has a gap at 7h
"""

from __future__ import annotations

from cardrules.melds._bounds import _best_value as _best_value
from cardrules.melds._bounds import _fewest_left as _fewest_left
from cardrules.melds._bounds import _joker_bound as _joker_bound
from cardrules.melds._bounds import _left_bound as _left_bound
from cardrules.melds._bounds import _opening_values as _opening_values
from cardrules.melds._bounds import _opening_with_above as _opening_with_above
from cardrules.melds._bounds import _plan_above as _plan_above
from cardrules.melds._bounds import _plan_with_above as _plan_with_above
from cardrules.melds._bounds import _value_above as _value_above
from cardrules.melds._bounds import _value_ceiling as _value_ceiling
from cardrules.melds._bounds import value_bound

# Private names that other modules, tests and benches import from here.
from cardrules.melds._candidates import _analysed as _analysed
from cardrules.melds._candidates import _candidate_cards as _candidate_cards
from cardrules.melds._candidates import _candidate_melds as _candidate_melds
from cardrules.melds._candidates import _hand_key as _hand_key
from cardrules.melds._candidates import _window_starts as _window_starts
from cardrules.melds._candidates import candidate_melds
from cardrules.melds._check import check_double, check_meld
from cardrules.melds._doubles import best_doubles
from cardrules.melds._rules import (
    DEFAULT_RULES,
    Decomposition,
    Meld,
    MeldKind,
    MeldRules,
    Objective,
    card_points,
    meld_value,
)
from cardrules.melds._solver import _solved as _solved
from cardrules.melds._solver import solve
from cardrules.melds._table import lay_off, layoff_cards, retrieve_joker

__all__ = [
    "DEFAULT_RULES",
    "Decomposition",
    "Meld",
    "MeldKind",
    "MeldRules",
    "Objective",
    "best_doubles",
    "candidate_melds",
    "card_points",
    "check_double",
    "check_meld",
    "lay_off",
    "layoff_cards",
    "meld_value",
    "retrieve_joker",
    "solve",
    "value_bound",
]
