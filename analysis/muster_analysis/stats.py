"""Interval estimates, dice totals and the exact odds of a Warmaster order roll."""

from statistics import NormalDist

import numpy as np

# Number of 2D6 outcomes (of 36) summing to exactly s, for s = 0..12.
_WAYS_EQ = np.array([0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1])
_WAYS_LE = np.cumsum(_WAYS_EQ)  # outcomes with sum <= s


def z_value(conf):
    """Return the two-sided standard-normal quantile for confidence conf (0.95 -> 1.96)."""
    if not 0 < conf < 1:
        raise ValueError(f"confidence must be in (0, 1), got {conf}")
    return NormalDist().inv_cdf(0.5 + conf / 2)


def wilson(successes, trials, conf=0.95):
    """Return the Wilson score interval (lo, hi) for successes out of trials.

    Works elementwise on arrays. Where trials is 0 both bounds are NaN. The
    bounds are exactly 0 when successes == 0 and exactly 1 when
    successes == trials (no rounding just inside them).
    """
    k = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    if np.any(k < 0) or np.any(k > n):
        raise ValueError("need 0 <= successes <= trials")
    z = z_value(conf)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        lo = np.where(k == 0, 0.0, centre - half)
        hi = np.where(k == n, 1.0, centre + half)
    lo = np.where(n > 0, np.clip(lo, 0, 1), np.nan)
    hi = np.where(n > 0, np.clip(hi, 0, 1), np.nan)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def dice_at_most(target, dice, sides):
    """Return P(the total of `dice` fair dice of `sides` faces is at most target)."""
    ways = np.zeros(1)
    ways[0] = 1.0
    for _ in range(dice):
        nxt = np.zeros(len(ways) + sides)
        for face in range(1, sides + 1):
            nxt[face:face + len(ways)] += ways / sides
        ways = nxt
    return float(ways[:max(0, min(len(ways), target + 1))].sum())


def success_ways(target, blunder_on_12=True):
    """Return how many of the 36 2D6 outcomes give an order with this target score.

    The order is given when the roll is <= target (target = Command minus
    all penalties). With blunder_on_12 a roll of 12 always fails, so at most
    35 outcomes succeed. Works elementwise on integer arrays.
    """
    t = np.clip(np.asarray(target, dtype=int), 0, 12)
    ways = _WAYS_LE[t]
    if blunder_on_12:
        ways = np.minimum(ways, 35)
    return int(ways) if np.ndim(ways) == 0 else ways


def order_target(command, penalty, order_number):
    """Return the highest 2D6 score that gives the order: command - penalty - (order_number - 1)."""
    return np.asarray(command) - np.asarray(penalty) - (np.asarray(order_number) - 1)


def exact_success(command, penalty, order_number, blunder_on_12=True):
    """Return the exact probability that one order roll succeeds.

    penalty is the situational Command penalty without the order-number
    penalty (non-negative); order_number is 1..3. Elementwise on arrays.
    """
    p = success_ways(order_target(command, penalty, order_number), blunder_on_12) / 36
    return float(p) if np.ndim(p) == 0 else p


def mean_ci(values, counts, conf=0.95):
    """Return (mean, half_width, n) of a sample given as a histogram.

    values[i] occurs counts[i] times. half_width is z * s / sqrt(n) with the
    sample standard deviation s (normal approximation; NaN when n < 2).
    """
    v = np.asarray(values, dtype=float)
    c = np.asarray(counts, dtype=float)
    n = c.sum()
    if n == 0:
        return float("nan"), float("nan"), 0
    mean = (v * c).sum() / n
    if n < 2:
        return float(mean), float("nan"), int(n)
    var = (c * (v - mean) ** 2).sum() / (n - 1)
    return float(mean), float(z_value(conf) * np.sqrt(var / n)), int(n)
