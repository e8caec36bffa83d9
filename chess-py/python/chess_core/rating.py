"""Ratings under chess-core's names: the casual site's points table and Elo.

``result`` is one player's: ``"win"``, ``"draw"``, ``"loss"`` (or Elo's ``1``, ``0.5``, ``0``)::

    from chess_core.rating import points_change, elo_update

    assert points_change(1000, 1050, "win") == 15.0   # the lower-rated player wins: 10 + 50/10
    assert round(elo_update(1500, 1500, "win"), 6) == 1516.0
"""

from __future__ import annotations

from ._chess_core import elo_expected, elo_update, level_min_points, points_change, points_level, round_points

__all__ = ["elo_expected", "elo_update", "level_min_points", "points_change", "points_level", "round_points"]
