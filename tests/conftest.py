"""Test configuration: the hypothesis profile.

Locally hypothesis draws new examples on every run, to find new failures; CI
(``.ci/run`` sets ``HYPOTHESIS_PROFILE=ci``) draws the same examples every
time, so that its result depends on the code alone.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
