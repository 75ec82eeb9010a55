"""The uniform game protocol: moves, states, games, options, notation and JSON.

Every game of cardrules (and any game a user writes) is three kinds of frozen
values: an options value, a state value and move values. This package holds
their shared base classes, so that a game module states only its rules:

* [`Move`][cardrules.engine.Move]: a small frozen record with a keyword (``NAME``) and typed
  fields. ``str(move)`` prints ``"discard 7h"``;
  [`Game.parse_move`][cardrules.engine.Game.parse_move] reads
  it back. Supported field types: ``Card``, ``tuple[Card, ...]``, ``int``,
  ``bool``, ``str``, enums, and ``X | None``.
* [`GameState`][cardrules.engine.GameState]: a frozen state. A game implements ``_generate_moves``,
  ``_next``, ``view``, ``resample``, ``all_cards`` and ``_check``; the base
  gives ``legal_moves`` (memoised), ``check_move``/``is_legal``/``apply``,
  ``to_json`` and validation.
* [`Game`][cardrules.engine.Game]: options plus the factory methods ``new_game``, ``replay``,
  ``state_from_json`` and ``parse_move``.

The package is a few private rooms behind this module, which only re-exports
(import from ``cardrules.engine``, never from a room):

* ``_moves``: [`Move`][cardrules.engine.Move] and the move notation
  ([`parse_move_text`][cardrules.engine.parse_move_text]);
* ``_options``: [`option`][cardrules.engine.option], [`OptionInfo`][cardrules.engine.OptionInfo],
  [`option_info`][cardrules.engine.option_info],
  [`build_options`][cardrules.engine.build_options],
  [`parse_option_value`][cardrules.engine.parse_option_value], and the argument checks
  [`need_count`][cardrules.engine.need_count], [`seed_values`][cardrules.engine.seed_values]
  and [`check_seed`][cardrules.engine.check_seed];
* ``_history``: [`History`][cardrules.engine.History], the moves played, shared between states;
* ``_data``: JSON data conversion, [`to_data`][cardrules.engine.to_data] and
  [`from_data`][cardrules.engine.from_data];
* ``_state``: [`GameState`][cardrules.engine.GameState] and its generated copier, by keyword
  (``_replace``) or positional ([`fields_copier`][cardrules.engine.fields_copier]);
* ``_ranged``: moves with a range of amounts (``RANGED``, ``amount_range``) on
  [`GameState`][cardrules.engine.GameState];
* ``_shuffle``: the deal's shuffle, [`shuffled`][cardrules.engine.shuffled] (the cards
  ``state.rng(...).shuffle`` leaves, faster) and
  [`seeded_shuffle`][cardrules.engine.seeded_shuffle];
* ``_game``: [`Game`][cardrules.engine.Game];
* ``_actions``: fixed action spaces ([`ActionSpace`][cardrules.engine.ActionSpace],
  [`Codec`][cardrules.engine.Codec] and the codecs such as
  [`card_codec`][cardrules.engine.card_codec]);
* ``_observe``: the observation encoder built from a game's view class;
* ``_learning``: the learning protocol on [`Game`][cardrules.engine.Game] and
  [`GameState`][cardrules.engine.GameState] (``num_actions``, ``action_mask``,
  ``observation``, ``returns``, ``sample_state``);
* ``_saves``: the save format and its version (``SAVE_FORMAT``), reading a
  save (``read_save``) and the replay check (``verify_replay``);
* ``_views``: [`GameView`][cardrules.engine.GameView], the base of every game's view (``to_json``);
* ``_events``: the per-seat event feed behind ``GameState.events``;
* ``_seats``: seat, view and re-deal helpers ([`make_view`][cardrules.engine.make_view],
  [`redeal_hidden`][cardrules.engine.redeal_hidden], [`seat_lines`][cardrules.engine.seat_lines],
  [`seats_check`][cardrules.engine.seats_check],
  [`next_seat`][cardrules.engine.next_seat], [`replace_at`][cardrules.engine.replace_at]).

Examples:
    >>> from cardrules import games
    >>> game = games.create("thirty_one", players=3)
    >>> state = game.new_game(seed=5)
    >>> move = state.legal_moves()[0]
    >>> game.parse_move(state, str(move)) == move
    True
    >>> game.state_from_json(state.to_json()) == state
    True
"""

from __future__ import annotations

from cardrules.engine._actions import (
    BOOL,
    ActionSpace,
    Codec,
    Family,
    card_codec,
    cards_codec,
    enum_codec,
    int_codec,
    multiset_count,
    optional_codec,
)
from cardrules.engine._data import from_data, to_data
from cardrules.engine._game import Game
from cardrules.engine._history import EMPTY_HISTORY, History
from cardrules.engine._learning import Unseen
from cardrules.engine._meld_actions import meld_codec
from cardrules.engine._moves import Move, parse_move_text
from cardrules.engine._options import (
    OptionInfo,
    build_options,
    check_seed,
    need_count,
    option,
    option_info,
    parse_option_value,
    seed_values,
)
from cardrules.engine._saves import (
    SAVE_FORMAT,
    first_difference,
    read_save,
    save_data,
    verify_replay,
)
from cardrules.engine._seats import (
    make_view,
    next_seat,
    redeal_hidden,
    replace_at,
    seat_lines,
    seats_check,
)
from cardrules.engine._shuffle import seeded_shuffle, shuffled
from cardrules.engine._state import GameState, fields_copier
from cardrules.engine._views import GameView

__all__ = [
    "BOOL",
    "EMPTY_HISTORY",
    "SAVE_FORMAT",
    "ActionSpace",
    "Codec",
    "Family",
    "Game",
    "GameState",
    "GameView",
    "History",
    "Move",
    "OptionInfo",
    "Unseen",
    "build_options",
    "card_codec",
    "cards_codec",
    "check_seed",
    "enum_codec",
    "fields_copier",
    "first_difference",
    "from_data",
    "int_codec",
    "make_view",
    "meld_codec",
    "multiset_count",
    "need_count",
    "next_seat",
    "option",
    "option_info",
    "optional_codec",
    "parse_move_text",
    "parse_option_value",
    "read_save",
    "redeal_hidden",
    "replace_at",
    "save_data",
    "seat_lines",
    "seats_check",
    "seed_values",
    "seeded_shuffle",
    "shuffled",
    "to_data",
    "verify_replay",
]
