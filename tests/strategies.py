"""Shared hypothesis strategies."""

from __future__ import annotations

from hypothesis import strategies as st

from cardrules import decks

cards = st.sampled_from(decks.standard(jokers=0).cards + decks.quadruple_war(3).cards[-2:])
junk_text = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="0123456789TJQKAtjqkahdcsHDCS♥♠♦♣*, xX-", max_size=12),
)
junk_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
