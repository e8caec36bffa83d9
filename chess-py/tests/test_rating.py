"""chess_core.rating: the casual points table and Elo, with chess-core's values."""

from __future__ import annotations

import math

import pytest

from chess_core.rating import elo_expected, elo_update, level_min_points, points_change, points_level, round_points


def test_points_table() -> None:
    assert points_change(1000, 1050, "win") == 15.0  # the lower-rated player wins: 10 + 50/10
    assert points_change(1050, 1000, "loss") == -15.0
    assert points_change(1050, 1000, "win") == 10 - 50 / 12.5
    assert points_change(1000, 1000, "win") == 10.0 and points_change(1000, 1000, "draw") == 0.0
    assert points_change(1000, 1015, "draw") == 5.75 and round_points(5.75) == 6
    assert points_change(1000, 1300, 1) == 150.0 and points_change(1300, 1000, 1.0) == 0.0
    assert points_change(1000, 1300, 0.5) == 75.0
    assert round_points(-2.5) == -3 and round_points(2.4) == 2


def test_levels() -> None:
    assert points_level(99) is None
    assert points_level(100) == 30 and points_level(1250) == 19 and points_level(3000) == 1
    assert level_min_points(19) == 1200 and level_min_points(None) == 0 and level_min_points(1) == 3000
    with pytest.raises(ValueError, match="invalid level: 31"):
        level_min_points(31)


def test_elo() -> None:
    assert math.isclose(elo_expected(1700, 1500), 1 / (1 + 10 ** (-200 / 400)), rel_tol=1e-12)
    assert math.isclose(elo_update(1500, 1500, "win"), 1516.0)
    assert math.isclose(elo_update(1500, 1500, 0.5, k=16), 1500.0)
    assert math.isclose(elo_update(1500, 1700, "loss", k=10), 1500 - 10 * elo_expected(1500, 1700))


def test_bad_input_is_a_value_error() -> None:
    with pytest.raises(ValueError, match='"won"'):
        points_change(1000, 1000, "won")
    with pytest.raises(ValueError, match="0.25"):
        elo_update(1500, 1500, 0.25)
    with pytest.raises(ValueError, match="points must be finite"):
        points_change(math.nan, 1000, "win")
    with pytest.raises(ValueError, match="k must be finite"):
        elo_update(1500, 1500, "win", k=math.inf)
