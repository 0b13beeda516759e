"""Wilson intervals and exact 2D6 order odds against hand values."""

import itertools
import math

import numpy as np
import pytest
from scipy.stats import binomtest

from muster_analysis import stats


@pytest.mark.parametrize("target, ways", [(-3, 0), (1, 0), (2, 1), (3, 3), (4, 6), (5, 10),
                                          (6, 15), (7, 21), (8, 26), (9, 30), (10, 33),
                                          (11, 35), (12, 35), (13, 35)])
def test_success_ways_with_blunders(target, ways):
    assert stats.success_ways(target) == ways


@pytest.mark.parametrize("target, ways", [(11, 35), (12, 36), (20, 36), (5, 10)])
def test_success_ways_without_blunders(target, ways):
    assert stats.success_ways(target, blunder_on_12=False) == ways


def test_success_ways_match_enumeration_of_36_outcomes():
    for blunder, target in itertools.product([True, False], range(-5, 16)):
        ways = sum(1 for a, b in itertools.product(range(1, 7), repeat=2)
                   if a + b <= target and not (blunder and a + b == 12))
        assert stats.success_ways(target, blunder) == ways


def test_worked_examples_of_the_rules():
    # warmaster-command: the General (Command 9), cavalry 65 cm away (-3),
    # second order (-1): needs 5 or less; infantry in a wood (-1): 8 or less.
    assert stats.order_target(9, 3, 2) == 5
    assert stats.exact_success(9, 3, 2) == pytest.approx(10 / 36)
    assert stats.exact_success(9, 1, 1) == pytest.approx(26 / 36)
    assert stats.exact_success(12, 0, 1) == pytest.approx(35 / 36)
    assert stats.exact_success(12, 0, 1, blunder_on_12=False) == 1.0
    assert stats.exact_success(8, 15, 1) == 0.0


def test_exact_success_is_elementwise():
    p = stats.exact_success(np.array([9, 9, 9]), np.array([0, 0, 0]), np.array([1, 2, 3]))
    np.testing.assert_allclose(p, [30 / 36, 26 / 36, 21 / 36])


def test_wilson_hand_values():
    lo, hi = stats.wilson(5, 10)
    assert (lo, hi) == pytest.approx((0.236593, 0.763407), abs=1e-6)
    z2 = 1.959964 ** 2
    assert stats.wilson(0, 10) == pytest.approx((0.0, z2 / (10 + z2)), abs=1e-6)
    assert stats.wilson(10, 10) == pytest.approx((10 / (10 + z2), 1.0), abs=1e-6)


def test_wilson_bounds_are_exact_at_the_edges():
    assert stats.wilson(0, 1000)[0] == 0.0
    assert stats.wilson(1000, 1000)[1] == 1.0


@pytest.mark.filterwarnings("ignore:divide by zero:RuntimeWarning")  # scipy's own p-value
@pytest.mark.parametrize("k, n, conf", [(1, 3, 0.95), (26, 36, 0.95), (417, 1000, 0.99),
                                        (3, 100000, 0.999999)])
def test_wilson_matches_scipy(k, n, conf):
    ci = binomtest(k, n).proportion_ci(conf, "wilson")
    assert stats.wilson(k, n, conf) == pytest.approx((ci.low, ci.high), rel=1e-9)


def test_wilson_arrays_and_empty_cells():
    lo, hi = stats.wilson(np.array([0, 5, 0]), np.array([10, 10, 0]))
    assert lo.shape == (3,) and math.isnan(lo[2]) and math.isnan(hi[2])
    assert lo[1] == pytest.approx(0.236593, abs=1e-6)


def test_wilson_rejects_impossible_counts():
    with pytest.raises(ValueError):
        stats.wilson(11, 10)
    with pytest.raises(ValueError):
        stats.wilson(1, 10, conf=1.0)


def test_z_value():
    assert stats.z_value(0.95) == pytest.approx(1.959964, abs=1e-6)


def test_mean_ci_from_histogram():
    mean, hw, n = stats.mean_ci([0, 1], [5, 5])
    assert (mean, n) == (0.5, 10)
    assert hw == pytest.approx(1.959964 * math.sqrt(10 * 0.25 / 9) / math.sqrt(10), rel=1e-6)
    assert math.isnan(stats.mean_ci([0, 1], [0, 0])[0])


@pytest.mark.parametrize("dice, sides", [(1, 20), (2, 6), (3, 4)])
def test_dice_at_most_matches_enumeration(dice, sides):
    totals = [sum(r) for r in itertools.product(range(1, sides + 1), repeat=dice)]
    for target in range(-1, dice * sides + 2):
        exact = sum(t <= target for t in totals) / len(totals)
        assert stats.dice_at_most(target, dice, sides) == pytest.approx(exact, abs=1e-12)
