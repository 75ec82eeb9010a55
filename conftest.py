"""pytest's root configuration: skip the doctests of an adapter whose framework
(an optional extra) is not installed, rather than fail to import it."""

from __future__ import annotations

import importlib.util

_ADAPTERS = {
    "src/cardrules/adapters/pettingzoo.py": "pettingzoo",
    "src/cardrules/adapters/gymnasium.py": "gymnasium",
    "src/cardrules/adapters/openspiel.py": "pyspiel",
}

collect_ignore = [
    path for path, module in _ADAPTERS.items() if importlib.util.find_spec(module) is None
]
