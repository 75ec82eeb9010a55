"""Play any game yourself in the terminal, against the bots.

``cardrules play GAME --human SEAT`` runs [`play`][cardrules.interactive.play]: the seats named by
``--human`` are played by people at this terminal, every other seat by a bot
(``greedy``, the game's own ``Game.greedy_move``, ``random``, or ``mcts``, the
search bot ``cardrules.sim.MCTSPolicy`` with a second a move). At a human's
turn the screen shows what has happened since that seat last moved (the other
seats' moves in words, the results of finished deals), that seat's view drawn
by the game's ``render``, and the legal moves, numbered. The prompt takes:

* a move's number, or its notation (``discard 7h``; cards may be typed ``7H``,
  ``7♥`` or ``10h``);
* ``undo``: back to the previous human decision (the moves since are taken
  back, bots' included);
* ``hint``: the move the greedy bot would make here, judged on a state dealt
  again from what this seat may know ([`GameState.resample`][cardrules.engine.GameState.resample]),
  so the hint
  never reveals a hidden card;
* ``rules``: the game's summary, the options in force and (in a source
  checkout, where ``docs/`` lies beside the package) the rules in brief of the
  game's docs page;
* ``save FILE``: write the game to a file (``--load FILE`` resumes it);
* ``show`` draws the screen again, ``help`` lists the commands, ``quit`` ends.

Bad input (an unknown word, a number out of range, malformed notation, an
illegal move) gets one line saying why, the engine's reason for an illegal
move, and the prompt again. End of input ends the game quietly; Ctrl-C offers
to save first. Nothing prints a traceback.

The render contract: the loop draws a view with the ``render(view) -> str``
function of the module that defines the game's class, or of a package above
it (``cardrules.games.turkish51``), or of the module of a class the game class
derives from ([`cardrules.render.find_render`][cardrules.render.find_render]); a game with none is
drawn
by [`cardrules.render.generic`][cardrules.render.generic]. See
[`cardrules.render`][cardrules.render] for what a
``render`` must keep to.

Bots and undo: a bot's choice is decided by the seed and the number of moves
made, so taking a move back and making it again gets the same answers. Undo
keeps the states since the start (they share their unchanged parts) and goes
back to the last one at which a human was to move; a loaded game rebuilds them
by replaying its moves from its seed.

``save FILE`` writes the save file of [`cardrules.savefile`][cardrules.savefile]; a loaded game
is checked by replaying its moves from its seed.

Examples:
    >>> import io
    >>> from cardrules import games
    >>> game = games.create("thirty_one", players=2, deals=1)
    >>> out = io.StringIO()
    >>> play(game, humans=[0], seed=3, stdin=io.StringIO("hint\\n2\\n"), stdout=out)
    0
    >>> print(out.getvalue())
    Thirty-One ...
    == Thirty-One: deal 1 ==
    ...
    hint: ...
    ...
    end of input: leaving the game (not saved)
"""

from __future__ import annotations

import importlib
import random
import re
import shutil
import sys
from collections.abc import Sequence
from typing import IO, Any

import attrs

from cardrules._text import _module_doc, _rules_in_brief
from cardrules.engine import Game, GameState, Move
from cardrules.errors import (
    CardRulesError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    OptionError,
)
from cardrules.render import find_render, generic, symbols_supported, use_symbols
from cardrules.savefile import BOTS, check_seats, load, save
from cardrules.sim import MCTSPolicy

__all__ = ["play", "resume"]

_MAX_EVENTS = 40
_NUMBER = re.compile(r"[-+]?[0-9]+")

_HELP = """\
type a move's number or its notation (e.g. 'discard 7h'), or a command:
  undo        back to your previous decision
  hint        what the greedy bot would do here
  rules       the game's summary, its options in force and its rules in brief
  save FILE   write the game to FILE (resume with: cardrules play GAME --load FILE)
  show        draw the screen again
  help        this list
  quit        leave the game (you are offered to save first)"""


def _trail(game: Game[Any, Any], state: GameState[Any]) -> list[GameState[Any]]:
    """Every state from the deal to ``state``, replayed from its seed (for undo)."""
    trail = [game.new_game(state.seed)]
    try:
        for move in state.history:
            trail.append(trail[-1].apply(move))
    except IllegalMoveError as exc:
        raise InvalidStateError(f"the saved moves do not replay: {exc}") from None
    if trail[-1] != state:
        raise InvalidStateError("the saved state does not follow from its seed and moves")
    return trail


# --------------------------------------------------------------------------- the loop


class _Quit(Exception):
    """Leave the loop with this exit status."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


@attrs.frozen
class _Event:
    before: GameState[Any]  # the state the move was made in
    seat: int | None
    move: Move
    deal_lines: tuple[str, ...]


class _Session:
    """One game at the terminal: the states since the start, the pending news."""

    def __init__(
        self,
        game: Game[Any, Any],
        trail: list[GameState[Any]],
        humans: tuple[int, ...],
        bot: str,
        stdin: IO[str],
        stdout: IO[str],
        colour: bool,
    ) -> None:
        self.game = game
        self.trail = trail
        self.humans = humans
        self.bot = bot
        self.stdin = stdin
        self.stdout = stdout
        self.render = find_render(game)
        self.events: list[_Event] = []
        self.saved: tuple[int, str] | None = None  # (moves made, file) of the last save
        self.console: Any = _console(stdout) if colour else None
        self.use_input = stdin is sys.stdin and stdout is sys.stdout and _isatty(stdin)

    @property
    def state(self) -> GameState[Any]:
        return self.trail[-1]

    # ---- output and input ------------------------------------------------------------

    def say(self, text: str = "") -> None:
        if self.console is not None:
            self.console.print(text, markup=False, highlight=True, emoji=False)
        else:
            self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """One line of input; raises EOFError at the end (and KeyboardInterrupt)."""
        if self.use_input:
            return input(prompt)
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")

    # ---- the game --------------------------------------------------------------------

    def run(self) -> int:
        game, state = self.game, self.state
        who = ", ".join(f"seat {s}" for s in self.humans)
        self.say(game.SUMMARY or game.name)
        self.say(
            f"game {game.name}, seed {state.seed}; you play {who} against {self.bot} bots; "
            "type help for commands"
        )
        try:
            while True:
                state = self.state
                if state.is_terminal:
                    self.finish()
                    return 0
                seat = state.current_player
                if seat is None or seat not in self.humans:
                    self.bot_move()
                    continue
                self.show(seat)
                self.decide(seat)
        except _Quit as stop:
            return stop.status
        except KeyboardInterrupt:
            self.say("")
            self.offer_save("interrupted.")
            return 0

    def step(self, move: Move) -> None:
        before = self.state
        after = before.apply(move)
        lines = self.game.narrate_deal(before, after)
        self.events.append(_Event(before, before.current_player, move, lines))
        self.trail.append(after)

    def bot_move(self) -> None:
        state = self.state
        rng = random.Random(f"{state.seed}/bot/{len(state.history)}")
        if self.bot == "random":
            move = rng.choice(state.legal_moves())
        elif self.bot == "mcts":  # the search bot, from the mover's view only
            move = MCTSPolicy(seed=rng.getrandbits(32), seconds=1.0).choose(state)
        else:
            move = self.game.greedy_move(state, rng)
        self.step(move)

    def news(self, seat: int) -> list[str]:
        """The events since the seat last looked, as the seat may know them."""
        lines: list[str] = []
        for event in self.events:
            who = "you" if event.seat == seat else f"seat {event.seat}"
            told = event.before.public_move(event.move, seat)  # the event feed's rule
            lines.append(f"{who}: {told}" if told is not None else f"{who} moved")
            lines.extend(line.rstrip() for line in event.deal_lines)
        self.events.clear()
        if len(lines) > _MAX_EVENTS:
            cut = len(lines) - _MAX_EVENTS
            lines = [f"({cut} earlier lines not shown)", *lines[cut:]]
        return lines

    def show(self, seat: int) -> None:
        news = self.news(seat)
        if news:
            decided = any(t.current_player in self.humans for t in self.trail[:-1])
            self.say("-- since your last decision --" if decided else "-- so far --")
            for line in news:
                self.say(line)
        self.say("")
        self.say(self.picture(seat))
        self.say(self.move_list())

    def picture(self, seat: int) -> str:
        view = self.state.view(seat)
        try:
            text = self.render(view)
        except Exception as exc:  # a game's render must not end the game
            return f"(this game's render failed: {type(exc).__name__}: {exc})\n{generic(view)}"
        return self.turn_from_legal(text, seat)

    def turn_from_legal(self, text: str, seat: int) -> str:
        """The picture with its turn line naming only the kinds of move legal now
        (a render knows the view only, and may name moves this hand cannot make)."""
        state = self.state
        lines = text.splitlines()
        if seat != state.current_player or not lines or not lines[-1].startswith("your turn"):
            return text
        kinds = list(dict.fromkeys(type(m).NAME for m in state.legal_moves()))
        lines[-1] = f"your turn: {', '.join(kinds)} (the moves below)"
        return "\n".join(lines)

    def move_list(self) -> str:
        moves = [str(m) for m in self.state.legal_moves()]
        cells = [f"{i + 1:>3}. {text}" for i, text in enumerate(moves)]
        width = max(len(c) for c in cells) + 2
        total = shutil.get_terminal_size((100, 24)).columns
        columns = max(1, min(len(cells), total // width))
        rows = -(-len(cells) // columns)
        lines = ["moves:"]
        for r in range(rows):
            row = [cells[r + k * rows] for k in range(columns) if r + k * rows < len(cells)]
            lines.append("".join(c.ljust(width) for c in row).rstrip())
        return "\n".join(lines)

    def decide(self, seat: int) -> None:
        """Read lines until one moves the game on (a move, undo) or ends it."""
        while True:
            try:
                line = self.ask(f"seat {seat}> ").strip()
            except EOFError:
                self.say("")
                self.say(f"end of input: leaving the game ({self.saved_note()})")
                raise _Quit(0) from None
            except UnicodeDecodeError:
                self.say("that line could not be read as text; type it again")
                continue
            if self.command(seat, line):
                return

    def command(self, seat: int, line: str) -> bool:
        """Handle one line; whether the game moved on (and the screen is drawn again)."""
        if not line:
            self.say("type a move's number or its notation; help lists the commands")
            return False
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("help", "?"):
            self.say(_HELP)
        elif word == "undo":
            return self.undo()
        elif word == "hint":
            self.hint(seat)
        elif word == "rules":
            self.rules()
        elif word == "save":
            if not rest:
                self.say("save needs a file name: save FILE")
            else:
                self.save(rest)
        elif word in ("show", "view", "moves"):
            self.say(self.picture(seat))
            self.say(self.move_list())
        elif word in ("quit", "exit"):
            self.offer_save("leaving the game.")
            raise _Quit(0)
        else:
            return self.move(line)
        return False

    def move(self, text: str) -> bool:
        state = self.state
        legal = state.legal_moves()
        if _NUMBER.fullmatch(text):
            number = int(text)
            if not 1 <= number <= len(legal):
                self.say(f"no move number {number}: choose 1 to {len(legal)}")
                return False
            self.step(legal[number - 1])
            return True
        try:
            move = self.game.parse_move(state, text)
            self.step(move)
        except InvalidMoveError as exc:
            self.say(f"{exc} (or a command: help lists them)")
            return False
        except CardRulesError as exc:  # illegal (with the engine's reason), or unreadable
            self.say(str(exc))
            return False
        return True

    def undo(self) -> bool:
        now = len(self.trail) - 1
        back = [
            i
            for i in range(now)
            if not self.trail[i].is_terminal and self.trail[i].current_player in self.humans
        ]
        if not back:
            self.say("nothing to undo: this is the first decision of the game")
            return False
        target = back[-1]
        del self.trail[target + 1 :]
        self.events.clear()
        self.say(f"undone: {now - target} move(s) taken back")
        return True

    def hint(self, seat: int) -> None:
        state = self.state
        rng = random.Random(f"{state.seed}/hint/{len(state.history)}")
        try:
            guess = state.resample(seat, rng)
            move = self.game.greedy_move(guess, rng)
        except CardRulesError as exc:
            self.say(f"no hint here: {exc}")
            return
        legal = state.legal_moves()
        if move in legal:
            self.say(f"hint: {move} (move {legal.index(move) + 1})")
        else:
            self.say("no hint here: the bot's choice is not legal in this position")

    def rules(self) -> None:
        game = self.game
        self.say(game.SUMMARY or game.name)
        doc = _module_doc(game)
        if doc:
            self.say(doc)
        self.say("options in force:")
        for info in game.describe_options():
            value = getattr(game.options, info.name, info.default)
            self.say(f"  {info.name}={value!r}: {info.doc}")
        order = "higher" if game.HIGHER_IS_BETTER else "lower"
        self.say(f"scores: {order} is better")
        brief = _rules_in_brief(game.name)
        if brief:
            self.say(f"rules in brief:\n{brief}")
        else:
            self.say(f"the rules in full: the page games/{game.name} of the cardrules docs")

    def save(self, path: str) -> bool:
        try:
            save(path, self.game, self.state, self.humans, self.bot)
        except CardRulesError as exc:
            self.say(str(exc))
            return False
        self.saved = (len(self.state.history), path)
        self.say(f"saved to {path}; resume with: cardrules play {self.game.name} --load {path}")
        return True

    def saved_note(self) -> str:
        if self.saved is not None and self.saved[0] == len(self.state.history):
            return f"saved in {self.saved[1]}"
        return "not saved"

    def offer_save(self, why: str) -> None:
        """Ask for a file name to save to before leaving (Enter, ``n`` or ``no``, end of
        input or Ctrl-C leave without saving; ``y`` or ``yes`` asks for the name)."""
        if self.state.is_terminal or self.saved_note() != "not saved":
            return
        while True:
            try:
                path = self.ask(f"{why} Save the game first? file name, or Enter to leave: ")
            except (EOFError, KeyboardInterrupt):
                self.say("")
                return
            path = path.strip()
            if path.lower() in ("n", "no"):  # an answer, not a file name (issue 26)
                return
            if path.lower() in ("y", "yes"):
                why = "which file?"
                continue
            if not path or self.save(path):
                return
            why = "not saved."

    def finish(self) -> None:
        seat = self.humans[0]
        for line in self.news(seat):
            self.say(line)
        self.say("")
        self.say(self.picture(seat))
        order = "higher" if self.game.HIGHER_IS_BETTER else "lower"
        scores = list(self.state.scores)
        self.say(f"final scores: {scores} ({order} is better)")


def _isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


def _rich_available() -> bool:
    try:
        importlib.import_module("rich.console")
    except ImportError:
        return False
    return True


def _console(stdout: IO[str]) -> Any:
    """A rich console that colours cards, titles and the turn line (``cli`` extra)."""
    from rich.console import Console
    from rich.highlighter import RegexHighlighter
    from rich.theme import Theme

    class Cards(RegexHighlighter):  # type: ignore[misc, unused-ignore]
        base_style = "cards."
        highlights = [  # noqa: RUF012  # rich's own attribute, read as a list
            r"(?<![\w])(?P<red>(?:10|[2-9TJQKA])[♥♦hd])(?![\w])",
            r"(?<![\w])(?P<black>(?:10|[2-9TJQKA])[♣♠cs])(?![\w])",
            r"(?P<title>^== .* ==$)",
            r"(?P<turn>^your turn.*)",
            r"(?P<bad>^(illegal move|no move|unknown move|cannot read).*)",
        ]

    theme = Theme(
        {
            "cards.red": "bold red",
            "cards.black": "bold",
            "cards.title": "bold cyan",
            "cards.turn": "bold green",
            "cards.bad": "yellow",
        }
    )
    # The caller decided on colour (a terminal, or asked for): rich need not guess again.
    return Console(
        file=stdout, highlighter=Cards(), theme=theme, soft_wrap=True, force_terminal=True
    )


def play(
    game: Game[Any, Any],
    *,
    humans: Sequence[int],
    seed: int | None = None,
    state: GameState[Any] | None = None,
    bot: str = "greedy",
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    colour: bool | None = None,
    symbols: bool | None = None,
) -> int:
    """Play ``game`` at the terminal: people at ``humans``, bots elsewhere.

    Args:
        game: the game, e.g. ``games.create("thirty_one", players=3)``.
        humans: the seats played by people at this terminal (one or more).
        seed: the deal seed of a new game (default: drawn at random).
        state: a game in progress to resume instead (e.g. from [`load`][cardrules.savefile.load]).
        bot: ``"greedy"``, ``"random"`` or ``"mcts"``, for the other seats.
        stdin: where moves are read (default ``sys.stdin``).
        stdout: where the screen is written (default ``sys.stdout``).
        colour: colour with ``rich`` (default: when it is installed and
            ``stdout`` is a terminal).
        symbols: suit symbols (default: when ``stdout``'s encoding has them).

    Returns:
        The exit status: 0 (the game ended, or the player left).

    Raises:
        OptionError: a seat that does not exist, no human seat, an unknown bot.
        InvalidStateError: ``state`` is not a state of ``game``, or does not
            follow from its seed and moves.

    Examples:
        >>> import io
        >>> from cardrules import games
        >>> game = games.create("empat_satu", players=2)
        >>> out = io.StringIO()
        >>> play(game, humans=[0], seed=1, stdin=io.StringIO("9\\nquit\\n\\n"), stdout=out)
        0
        >>> "no move number 9: choose 1 to 1" in out.getvalue()
        True
    """
    if not isinstance(game, Game):
        raise OptionError(f"play takes a game such as games.create('thirty_one'), got {game!r:.40}")
    seats = check_seats(game, humans)
    if bot not in BOTS:
        raise OptionError(f"bot must be one of {', '.join(BOTS)}, got {bot!r:.20}")
    if state is None:
        trail = [game.new_game(seed)]
    else:
        if not isinstance(state, game.STATE) or state.options != game.options:
            raise InvalidStateError(f"the state to resume is not a state of this {game.name}")
        trail = _trail(game, state)
    out = stdout if stdout is not None else sys.stdout
    inp = stdin if stdin is not None else sys.stdin
    if colour is None:
        colour = _isatty(out) and _rich_available()
    if symbols is None:
        symbols = symbols_supported(out)
    session = _Session(game, trail, seats, bot, inp, out, colour)
    with use_symbols(symbols):
        try:
            return session.run()
        except BrokenPipeError:
            return 1


def resume(
    name: str,
    path: str,
    *,
    humans: Sequence[int] = (),
    bot: str | None = None,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
) -> int:
    """Resume the game saved in ``path`` (``cardrules play GAME --load FILE``).

    Args:
        name: the game the file must hold (the command's ``GAME``).
        path: the save file.
        humans: seats for people, in place of the file's (empty: the file's).
        bot: the bot, in place of the file's (``None``: the file's).
        stdin: as [`play`][cardrules.interactive.play].
        stdout: as [`play`][cardrules.interactive.play].

    Raises:
        OptionError: the file cannot be read, or holds another game.
        InvalidStateError: as `load_text`.
    """
    saved = load(path)
    if saved.game.name != name:
        raise OptionError(f"{path!r} holds a game of {saved.game.name}, not {name}")
    return play(
        saved.game,
        humans=tuple(humans) or saved.humans,
        state=saved.state,
        bot=bot or saved.bot,
        stdin=stdin,
        stdout=stdout,
    )
