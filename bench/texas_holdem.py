"""Texas Hold'em: random hands per CPU second against the peers, measured side by side.

1. Six-handed no limit (stacks of 100 big blinds, blinds 1/2): cardrules
   (``deals=1``, a random listed move each turn) against PokerKit (a random
   choice of fold, check/call or bet/raise, the amount uniform in its legal
   range) and RLCard's ``no-limit-holdem`` with six players (its five-action
   abstraction).
2. Heads-up fixed limit: cardrules against RLCard's ``limit-holdem`` and
   OpenSpiel's ``universal_poker`` (limit, two players, blinds 10/5, bets 10/20).

Each peer missing is skipped. The engines run in alternating rounds of
``--batch`` hands and the figures are totals of CPU time, so a loaded machine
slows all of them alike; the ratio is the figure to read.

Usage:
    PYTHONPATH=src python bench/texas_holdem.py [--rounds 5] [--batch 200]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from cardrules import games


def ours(players: int, structure: str) -> Callable[[int, random.Random], None]:
    game = games.create("texas_holdem", players=players, deals=1, structure=structure)

    def run(hands: int, rng: random.Random) -> None:
        for _ in range(hands):
            state = game.new_game(rng.getrandbits(32))
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_moves()))

    return run


def pokerkit_nl(players: int) -> Callable[[int, random.Random], None] | None:
    try:
        from pokerkit import Automation, NoLimitTexasHoldem
    except ImportError:
        return None
    autos = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )

    def run(hands: int, rng: random.Random) -> None:
        for _ in range(hands):
            st = NoLimitTexasHoldem.create_state(
                autos, True, 0, (1, 2), 2, (200,) * players, players
            )
            while st.status:
                options = []
                if st.can_fold():
                    options.append("f")
                if st.can_check_or_call():
                    options.append("c")
                if st.can_complete_bet_or_raise_to():
                    options.append("r")
                pick = rng.choice(options)
                if pick == "f":
                    st.fold()
                elif pick == "c":
                    st.check_or_call()
                else:
                    low = st.min_completion_betting_or_raising_to_amount
                    high = st.max_completion_betting_or_raising_to_amount
                    assert low is not None
                    assert high is not None
                    st.complete_bet_or_raise_to(rng.randint(low, high))

    return run


def rlcard_game(name: str, players: int) -> Callable[[int, random.Random], None] | None:
    try:
        import rlcard
    except ImportError:
        return None
    config = {"seed": 1}
    if name == "no-limit-holdem":
        config["game_num_players"] = players
    env = rlcard.make(name, config=config)

    def run(hands: int, rng: random.Random) -> None:
        for _ in range(hands):
            state, _ = env.reset()
            while not env.is_over():
                state, _ = env.step(rng.choice(list(state["legal_actions"])))

    return run


def openspiel_limit() -> Callable[[int, random.Random], None] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "limit",
            "numPlayers": 2,
            "numRounds": 4,
            "blind": "10 5",
            "firstPlayer": "2 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "raiseSize": "10 10 20 20",
            "maxRaises": "3 4 4 4",
        },
    )

    def run(hands: int, rng: random.Random) -> None:
        for _ in range(hands):
            st = game.new_initial_state()
            while not st.is_terminal():
                if st.is_chance_node():
                    st.apply_action(rng.choice(st.chance_outcomes())[0])
                else:
                    st.apply_action(rng.choice(st.legal_actions()))

    return run


def race(
    title: str,
    engines: dict[str, Callable[[int, random.Random], None] | None],
    rounds: int,
    batch: int,
) -> None:
    present = {name: run for name, run in engines.items() if run is not None}
    for run in present.values():  # warm up: tables and caches built once, untimed
        run(20, random.Random(-1))
    cpu = dict.fromkeys(present, 0.0)
    for round_ in range(rounds):
        for name, run in present.items():
            rng = random.Random(round_)
            start = time.process_time()
            run(batch, rng)
            cpu[name] += time.process_time() - start
    hands = rounds * batch
    ours_rate = hands / cpu["cardrules"]
    print(f"{title}: {hands} hands each, alternating rounds of {batch}")
    for name in present:
        rate = hands / cpu[name]
        ratio = "" if name == "cardrules" else f"  (cardrules {ours_rate / rate:.2f}x)"
        print(f"  {name:28s} {rate:10,.0f} hands/s{ratio}")
    for name, run in engines.items():
        if run is None:
            print(f"  {name:28s} not installed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--batch", type=int, default=200)
    args = parser.parse_args()
    race(
        "six-handed no limit",
        {
            "cardrules": ours(6, "no_limit"),
            "PokerKit": pokerkit_nl(6),
            "RLCard no-limit-holdem (6)": rlcard_game("no-limit-holdem", 6),
        },
        args.rounds,
        args.batch,
    )
    race(
        "heads-up fixed limit",
        {
            "cardrules": ours(2, "fixed_limit"),
            "RLCard limit-holdem": rlcard_game("limit-holdem", 2),
            "OpenSpiel universal_poker": openspiel_limit(),
        },
        args.rounds,
        args.batch * 5,
    )


if __name__ == "__main__":
    main()
