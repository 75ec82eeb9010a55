"""cardrules: card-game rules as typed, immutable values.

The package re-exports the names most programs need; games live in
``cardrules.games`` (``games.create("thirty_one")``) and their per-game
functions in ``cardrules.games.<name>``.

Examples:
    >>> from cardrules import parse_cards
    >>> [c.rank.name for c in parse_cards("Ah Kd")]
    ['ACE', 'KING']
"""

from cardrules.cards import (
    BIG_JOKER,
    JOKER,
    LITTLE_JOKER,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)
from cardrules.engine import from_data, to_data
from cardrules.errors import (
    CardRulesError,
    ConformanceError,
    IllegalMeldError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidStateError,
    OptionError,
)
from cardrules.games import state_from_json as load_state

__version__ = "0.1.0"

__all__ = [
    "BIG_JOKER",
    "JOKER",
    "LITTLE_JOKER",
    "Card",
    "CardRulesError",
    "ConformanceError",
    "IllegalMeldError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "InvalidStateError",
    "OptionError",
    "Rank",
    "Suit",
    "__version__",
    "format_cards",
    "from_data",
    "load_state",
    "parse_card",
    "parse_cards",
    "to_data",
]
