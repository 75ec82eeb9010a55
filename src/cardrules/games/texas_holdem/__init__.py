"""Texas Hold'em: two hole cards, five on the board, four betting rounds, a match with stacks.

Rules digest: ``seeds/texas_holdem.md`` (clauses ``TH-*``). The game is
``games.create("texas_holdem")`` (six seats, no limit, blinds 1 and 2, stacks of
200, at most 100 hands); ``structure="fixed_limit"`` or ``"pot_limit"`` change
the betting. Bets and raises take any whole amount in ``state.amount_range``;
``legal_moves()`` lists a few canonical sizes. ``to_phh``/``from_phh`` write and
read a hand in the Poker Hand History format.

Equity and ranges (from ``cardrules.poker``, the same functions): ``equity``
counts each hand's share of the pot over every board to come (exactly; sampled
with a standard error when asked); ``parse_range`` reads range shorthand
(``TT+``, ``AKs``, ``A5s-A2s``, ``KQo``) into hands; ``range_equity`` plays a
hand or range against ranges; ``equity_vs_random`` is the equity bot's sampled
estimate against unknown hands.

Examples:
    >>> from cardrules import games
    >>> from cardrules.games import texas_holdem
    >>> game = games.create("texas_holdem", players=2, deals=1)
    >>> state = game.new_game(seed=1)
    >>> state = state.apply(game.parse_move(state, "raise 7"))
    >>> state.bets, state.amount_range("raise")
    ((7, 2), (12, 200))
    >>> texas_holdem.side_pots((50, 200, 200), (True, True, True))
    ((150, (0, 1, 2)), (300, (1, 2)))

    Exact equity over all 1,712,304 boards, range shorthand, a hand against a
    range (kings hold 18.05% against aces of any suits, Kevin Gong's 81.946% for
    the aces), and the bot's sampled estimate:

    >>> aces, kings = texas_holdem.equity(["AdAc", "KhKs"])
    >>> aces.wins, aces.losses, aces.ties, aces.total
    (1388072, 317694, 6538, 1712304)
    >>> len(texas_holdem.parse_range("TT+")), len(texas_holdem.parse_range("AKs, A5s-A2s, KQo"))
    (30, 32)
    >>> hero, field = texas_holdem.range_equity(["KhKs", "AA"])
    >>> round(hero.equity, 4), hero.exact
    (0.1805, True)
    >>> guess = texas_holdem.equity_vs_random("As Ah", opponents=1, samples=2000, rng=7)
    >>> 0.80 < guess.equity < 0.90, guess.exact
    (True, False)
"""

from __future__ import annotations

from cardrules.games.texas_holdem.bot import equity_move, random_move
from cardrules.games.texas_holdem.game import TexasHoldem
from cardrules.games.texas_holdem.phh import from_phh, to_phh
from cardrules.games.texas_holdem.pots import award_order, rake_amount, side_pots, split_pot
from cardrules.games.texas_holdem.rules import (
    CALL,
    CHECK,
    FOLD,
    STRUCTURES,
    Bet,
    Call,
    Check,
    Fold,
    HandResult,
    Options,
    Phase,
    PotResult,
    Raise,
    View,
)
from cardrules.games.texas_holdem.state import State, arranged_state, render
from cardrules.poker import equity, equity_vs_random, evaluate, parse_range, range_equity

__all__ = [
    "CALL",
    "CHECK",
    "FOLD",
    "STRUCTURES",
    "Bet",
    "Call",
    "Check",
    "Fold",
    "HandResult",
    "Options",
    "Phase",
    "PotResult",
    "Raise",
    "State",
    "TexasHoldem",
    "View",
    "arranged_state",
    "award_order",
    "equity",
    "equity_move",
    "equity_vs_random",
    "from_phh",
    "parse_range",
    "rake_amount",
    "random_move",
    "range_equity",
    "render",
    "score_hand",
    "side_pots",
    "split_pot",
    "to_phh",
]

score_hand = evaluate
"""The scoring vocabulary's name for what a hand is worth as this game scores it: the
best five of five to seven cards (hole cards and board), the same function as
``cardrules.poker.evaluate``."""
