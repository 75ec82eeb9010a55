"""The ``cardrules`` command line: list games, play bots to the end.

Usage::

    cardrules --version
    cardrules games
    cardrules play GAME [--seed S] [--players N] [--option KEY=VALUE ...]
                        [--policy random|greedy|mcts]
    cardrules play GAME --human SEAT [--human SEAT ...] [--bot random|greedy|mcts]
                        [--load FILE] [...]     (you play; see cardrules.interactive)
    cardrules simulate GAME -n N [--players K] [--option KEY=VALUE ...]
                        [--policy random|greedy|mcts[,...]] [--seed S] [--chunk C]
                        [--workers K | --dask ADDRESS | --dask-local K]
                        [--jsonl FILE] [--quiet]

Bad arguments print one line and exit with status 2.

Examples:
    >>> main(["play", "thirty_one", "--seed", "3", "--players", "2", "--option", "deals=1"])
    Thirty-One ...
    0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from cardrules import __version__, games
from cardrules.engine import parse_option_value
from cardrules.errors import CardRulesError
from cardrules.sim import make_policy
from cardrules.sim._cli import add_simulate, run_simulate

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"cardrules: error: {message}\n")


def _build() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardrules", description="Card-game rules engines.")
    parser.add_argument("--version", action="version", version=f"cardrules {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("games", help="list the games and their options")
    play = sub.add_parser("play", help="play a whole game between bots and print it")
    play.add_argument("game", help="a game name (see 'cardrules games')")
    play.add_argument("--seed", type=int, default=None, help="the deal seed (default: random)")
    play.add_argument("--players", type=int, default=None, help="number of seats")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--policy", choices=("greedy", "random", "mcts"), default="greedy")
    play.add_argument(
        "--human",
        action="append",
        type=int,
        default=[],
        metavar="SEAT",
        help="a seat you play yourself at the terminal (repeatable)",
    )
    play.add_argument(
        "--bot",
        choices=("greedy", "random", "mcts"),
        default=None,
        help="the bot playing the other seats (default: --policy)",
    )
    play.add_argument(
        "--load",
        default=None,
        metavar="FILE",
        help="resume a game saved with 'save FILE' (you play its seats)",
    )
    add_simulate(sub)
    return parser


def _list_games() -> None:
    for name in games.names():
        cls = games.game_class(name)
        print(f"{name}: {cls.SUMMARY}")
        for info in cls.create().describe_options():
            extra = f" choices {list(info.choices)}" if info.choices else ""
            if info.minimum is not None or info.maximum is not None:
                extra += f" range {info.minimum}..{info.maximum}"
            print(f"    {info.name}={info.default!r} ({info.kind}{extra}): {info.doc}")


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options of ``--players`` and ``--option KEY=VALUE``."""
    cls = games.game_class(args.game)
    options: dict[str, Any] = {}
    if args.players is not None:
        options["players"] = args.players
    for pair in args.option:
        key, sep, value = pair.partition("=")
        if not sep:
            raise CardRulesError(f"--option takes KEY=VALUE, got {pair!r}")
        options[key.strip()] = parse_option_value(cls.OPTIONS, key.strip(), value)
    return options


def _play(args: argparse.Namespace) -> None:
    from cardrules import interactive  # the terminal loop, for --human and --load

    if args.load is not None:  # a person resumes a saved game
        if args.players is not None or args.option or args.seed is not None:
            raise CardRulesError("--load takes the options and seed from the file; drop the rest")
        interactive.resume(args.game, args.load, humans=args.human, bot=args.bot)
        return
    cls = games.game_class(args.game)
    options = _options(args)
    game = cls.create(**options)
    if args.human:  # a person plays some seats
        interactive.play(game, humans=args.human, seed=args.seed, bot=args.bot or args.policy)
        return
    state = game.new_game(args.seed)
    print(f"{cls.SUMMARY}")
    print(f"game {game.name}, seed {state.seed}, options {options or 'defaults'}")
    policy = make_policy(args.policy, game, state.seed)
    for line in game.narrate(None, None, state):
        print(line)
    while not state.is_terminal:
        move = policy.choose(state)
        after = state.apply(move)
        for line in game.narrate(state, move, after):
            print(line)
        state = after
    print(f"final scores: {list(state.scores)}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Examples:
        >>> main(["play", "thirty_one", "--seed", "1", "--option", "deals=1"])
        Thirty-One...
        final scores: [...]
        0
    """
    args = _build().parse_args(argv)
    try:
        if args.command == "games":
            _list_games()
        elif args.command == "simulate":
            run_simulate(args, games.create(args.game, **_options(args)))
        else:
            _play(args)
    except CardRulesError as exc:
        print(f"cardrules: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``cardrules games | head``)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that the exit flush does not fail too
        return 1
    return 0
