"""Issue 26: one rummy scoring vocabulary for Turkish 51 and Kalooki 51.

The same names and shapes in both games (``check_meld`` with joker faces for sets and
runs, ``meld_value``, ``opening_value``, ``opens``, ``hand_penalty``, ``card_penalty``,
``deal_penalties``), every input checked, refusals with their clause in ``.rule``, natural
cards of a run in any order; and a hypothesis test over each standalone scoring function
proving that only ``CardRulesError`` escapes.
"""

from __future__ import annotations

import inspect
import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules import BIG_JOKER, JOKER, parse_card, parse_cards
from cardrules.errors import CardRulesError, IllegalMeldError, InvalidCardError
from cardrules.games import kalooki51 as k51
from cardrules.games import turkish51 as t51
from cardrules.melds import Meld, MeldKind

VOCABULARY = (
    "check_meld",
    "meld_value",
    "opening_value",
    "opens",
    "hand_penalty",
    "card_penalty",
    "deal_penalties",
)


@pytest.mark.parametrize("module", [t51, k51], ids=["turkish51", "kalooki51"])
def test_the_same_names_in_both_games(module: Any) -> None:
    """Both rummy games export the whole vocabulary as functions."""
    for name in VOCABULARY:
        assert name in module.__all__
        assert inspect.isfunction(getattr(module, name))


class TestCheckMeld:
    """check_meld: joker faces for sets and runs, runs in any order, clauses in .rule."""

    @pytest.mark.parametrize("module", [t51, k51], ids=["turkish51", "kalooki51"])
    def test_t51_2_4_k51_2_3_a_sets_joker_says_what_it_stands_for(self, module: Any) -> None:
        """T51-2.4, K51-2.3: a set's joker faces a card of a suit the set lacks (the first
        in suit order: clubs, diamonds, hearts, spades), never None."""
        meld = module.check_meld(parse_cards("Ks Kd Jk"))
        assert meld.kind is MeldKind.SET
        assert None not in meld.faces
        assert [str(f) for f in meld.faces] == ["Ks", "Kd", "Kc"]
        assert meld.joker_positions == (2,)
        assert sorted(str(c) for c in meld.joker_options(2)) == ["Kc", "Kh"]
        two = module.check_meld(parse_cards("7h Jk Jk"), kind=MeldKind.SET)
        assert [str(f) for f in two.faces] == ["7h", "7c", "7d"]

    @pytest.mark.parametrize("module", [t51, k51], ids=["turkish51", "kalooki51"])
    def test_t51_2_2_k51_2_2_natural_cards_of_a_run_in_any_order(self, module: Any) -> None:
        """Issue 26 point 3: ``7h 5h 6h`` is the run 5h-6h-7h; a joker fills the gap."""
        assert str(module.check_meld(parse_cards("7h 5h 6h"))) == "5h-6h-7h"
        meld = module.check_meld(parse_cards("9d Jk 7d 6d"))
        assert str(meld) == "6d-7d-Jk-9d"
        assert str(meld.faces[2]) == "8d"
        assert str(module.check_meld(parse_cards("Kc Ac Qc"))) == "Qc-Kc-Ac"
        assert str(module.check_meld(parse_cards("3s As 2s"))) == "As-2s-3s"

    @pytest.mark.parametrize("module", [t51, k51], ids=["turkish51", "kalooki51"])
    def test_laid_order_comes_first(self, module: Any) -> None:
        """Cards already in laid order are read as laid (the joker at its own place)."""
        assert [str(f) for f in module.check_meld(parse_cards("Jk 5h 6h")).faces] == [
            "4h",
            "5h",
            "6h",
        ]
        assert [str(f) for f in module.check_meld(parse_cards("5h 6h Jk")).faces] == [
            "5h",
            "6h",
            "7h",
        ]

    def test_t51_2_turkish_refusals_carry_clauses(self) -> None:
        """Issue 26: Turkish 51's meld refusals carry their clause in ``.rule``."""
        cases = {
            "5h 6h 8h": "T51-2.2",
            "7h 7h 7s": "T51-2.1",
            "7h 8c 9d": "T51-2.1",
            "Jk Jk": "T51-2.4",
            "7h 7s": "T51-2.3",
        }
        for text, rule in cases.items():
            with pytest.raises(IllegalMeldError) as info:
                t51.check_meld(parse_cards(text))
            assert info.value.rule == rule, text

    def test_k51_2_kalooki_refusals_carry_clauses(self) -> None:
        """Kalooki 51's refusals keep their clauses."""
        with pytest.raises(IllegalMeldError) as info:
            k51.check_meld(parse_cards("5h 6h 8h"))
        assert info.value.rule == "K51-2.2"
        with pytest.raises(IllegalMeldError) as info:
            k51.check_meld(parse_cards("7c 7c"), kind=MeldKind.DOUBLE)
        assert info.value.rule == "K51-2.3"

    @pytest.mark.parametrize("module", [t51, k51], ids=["turkish51", "kalooki51"])
    def test_foreign_cards_are_refused(self, module: Any) -> None:
        """T51-1.1, K51-1.1: the big joker is in neither pack."""
        with pytest.raises(InvalidCardError):
            module.check_meld((BIG_JOKER, *parse_cards("5h 6h")))
        with pytest.raises(InvalidCardError):
            module.card_penalty(BIG_JOKER)


class TestValues:
    """meld_value, opening_value, opens, hand_penalty and card_penalty."""

    def test_t51_2_5_meld_value(self) -> None:
        """T51-2.5: a low ace is 1, a high ace 11, a joker its card."""
        assert t51.meld_value(parse_cards("Ah 2h 3h")) == 6
        assert t51.meld_value(parse_cards("Qh Kh Ah")) == 31
        assert t51.meld_value(parse_cards("5h Jk 7h")) == 18
        assert t51.meld_value(t51.check_meld(parse_cards("Ks Kd Jk"))) == 30

    def test_k51_1_3_meld_value(self) -> None:
        """K51-1.3: the same values in Kalooki 51 (a set of aces with a joker is 33)."""
        assert k51.meld_value(parse_cards("As Ad Jk")) == 33
        assert k51.meld_value(parse_cards("Jh Qh Jk")) == 30

    def test_k51_5_1_opens_with_51_or_more(self) -> None:
        """K51-5.1: 51 or more opens (Turkish 51 needs more than its threshold)."""
        melds = [parse_cards("Kh Kd Kc"), parse_cards("9s Ts Js Qs")]  # 30 + 39 = 69
        assert k51.opening_value(melds) == 69
        assert k51.opens(melds, threshold=69)
        assert not t51.opens(melds, threshold=69)
        assert k51.opens(melds)
        assert not k51.opens(melds, threshold=70)

    @pytest.mark.parametrize("module", [t51, k51], ids=["turkish51", "kalooki51"])
    def test_hand_penalty_and_card_penalty(self, module: Any) -> None:
        """T51-1.4, K51-1.4: a hand's penalty is the sum of its cards' penalties."""
        hand = parse_cards("Ah Kd 7c 2s")
        assert module.hand_penalty(hand) == sum(module.card_penalty(c) for c in hand) == 30
        assert module.hand_penalty(()) == 0
        with pytest.raises(InvalidCardError, match="got the card 7s"):
            module.hand_penalty(parse_card("7s"))

    def test_t51_1_4_card_penalty_of_a_hand_still_works_with_a_warning(self) -> None:
        """The old form ``card_penalty(hand)`` gives the hand's points, deprecated."""
        with pytest.warns(DeprecationWarning, match="hand_penalty"):
            assert t51.card_penalty(parse_cards("Ah Jk")) == 61
        assert t51.card_penalty(JOKER) == 50


# --------------------------------------------------------------------------- junk input

_cards = st.lists(st.sampled_from(parse_cards("Ah 2h 3h Kd Ks Kc 7c 7c 7c Jk Jk Jk")), max_size=6)
_junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 200),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.sampled_from([JOKER, BIG_JOKER, parse_card("7s"), MeldKind.SET, MeldKind.DOUBLE]),
    _cards,
    st.lists(_cards, max_size=5),
    st.lists(st.one_of(st.integers(), st.text(max_size=2), st.none()), max_size=4),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)


def _calls() -> list[tuple[str, Any]]:
    out = []
    for module in (t51, k51):
        for name in module.__all__:
            func = getattr(module, name)
            if name[0].islower() and name != "render" and inspect.isfunction(func):
                out.append((f"{module.__name__.rsplit('.', 1)[1]}.{name}", func))
    return out


@pytest.mark.parametrize(("name", "func"), _calls(), ids=[n for n, _ in _calls()])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    args=st.lists(_junk, max_size=3),
    kwargs=st.dictionaries(
        st.sampled_from(
            [
                "kind",
                "threshold",
                "winner",
                "hands",
                "opened",
                "opened_with_doubles",
                "kalooki",
                "joker_penalty",
                "ace_low",
                "cap",
                "doubles_threshold",
                "kalooki_bonus",
            ]
        ),
        _junk,
        max_size=3,
    ),
)
def test_junk_raises_only_cardrules_errors(
    name: str, func: Any, args: list[Any], kwargs: dict[str, Any]
) -> None:
    """Issue 26: every standalone scoring function of the rummy games answers junk with a
    result or a ``CardRulesError``; no TypeError, KeyError, IndexError or other escapes."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            func(*args, **kwargs)
        except CardRulesError:
            pass
        except TypeError as exc:
            # a wrong call shape (an unknown keyword, too many positional arguments) is
            # Python's own refusal of the call, not of the input
            if not _call_shape_error(func, args, kwargs):
                raise AssertionError(f"{name} let out {exc!r}") from exc


def _call_shape_error(func: Any, args: list[Any], kwargs: dict[str, Any]) -> bool:
    try:
        inspect.signature(func).bind(*args, **kwargs)
    except TypeError:
        return True
    return False


def test_a_meld_value_given_as_a_meld_is_checked_against_the_pack() -> None:
    """A ``Meld`` built of foreign cards is refused, not scored."""
    fake = Meld(kind=MeldKind.SET, cards=(BIG_JOKER, *parse_cards("Ks Kd")), faces=(None,) * 3)
    for module in (t51, k51):
        with pytest.raises(CardRulesError):
            module.opening_value([fake])
