"""Adapters to learning and search frameworks, each behind an optional extra.

* ``cardrules.adapters.pettingzoo``: a PettingZoo AEC environment for any
  game (``pip install cardrules[pettingzoo]``);
* ``cardrules.adapters.gymnasium``: a Gymnasium environment for one seat,
  the other seats played by a policy (``pip install cardrules[gymnasium]``);
* ``cardrules.adapters.openspiel``: any game as an OpenSpiel Python game
  (``pip install cardrules[openspiel]``).

The adapters are the only place numpy and the frameworks are imported; the
core stays free of them. Each adapter is a thin layer over the learning
protocol of ``cardrules.engine.Game`` (``num_actions``, ``action_mask``,
``observation``, ``returns``).
"""
