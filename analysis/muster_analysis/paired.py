"""Differences between the arms of one results file, measured game by game.

muster plays game i of every arm with the same dice and the same policy
draws (common random numbers: the generator of a game is keyed by its
index within its arm). So the difference between an arm A and a baseline
arm B is measured on pairs of games: d_i = x(A, i) - x(B, i), mean d and
interval d +- z s_d / sqrt(n), s_d the standard deviation of the d_i.
Where the arms differ little their games stay alike and this interval is
much narrower than the one of two independent samples (Welch: z
sqrt(s_A^2 / n + s_B^2 / n)), which is given beside it for comparison. The
paired interval is honest whatever the correlation: the pairs are
independent of each other, each pair a game of its own dice.

paired_frame gives every (arm, statistic) pair; format_paired the text
section of a report; paired_tables the tables of the HTML page.
"""

import h5py
import numpy as np
import pandas as pd

from . import load
from .stats import z_value

SKIP = {"game", "arm"}


def arm_labels(path, allow_partial=False):
    """Return the arm labels of a results file (its dimension scale named "arm"), or None."""
    found = []
    with load.open_results(path, allow_partial) as f:
        def visit(name, obj):
            if (isinstance(obj, h5py.Dataset) and name.split("/")[-1] == "arm" and name != "games/arm"
                    and obj.attrs.get("CLASS") in (b"DIMENSION_SCALE", "DIMENSION_SCALE")):
                found.append([v.decode("utf-8") if isinstance(v, bytes) else str(v) for v in obj[()]])
        f.visititems(visit)
    return found[0] if found else None


def _arm_codes(games):
    arm = games["arm"]
    if isinstance(arm.dtype, pd.CategoricalDtype):
        return arm.cat.codes.to_numpy().astype(int)
    return arm.to_numpy().astype(int)


def baseline_index(labels, baseline):
    """Return the index of the baseline arm: baseline is None (the first arm), an
    index, or a label. Raises ValueError for an arm the file does not have."""
    if baseline is None:
        return 0
    if labels is not None and str(baseline) in labels:
        return labels.index(str(baseline))
    try:
        k = int(baseline)
    except ValueError:
        k = -1
    n = len(labels) if labels is not None else None
    if k < 0 or (n is not None and k >= n):
        known = ", ".join(repr(x) for x in labels) if labels else "none"
        raise ValueError(f"no arm {baseline!r} to compare against (arms: {known})")
    return k


def paired_frame(path, baseline=None, conf=0.95, allow_partial=False):
    """Return (frame, baseline label) of every arm's difference to the baseline arm.

    frame has one row per (arm, statistic) for every arm but the baseline
    and every numeric per-game column that is not constant over both arms'
    games: arm, statistic, n (pairs), base, mean (means per game), diff,
    lo, hi (the paired interval at conf), welch_half (the half-width of the
    unpaired interval), ratio (paired half-width over unpaired) and
    changed (the paired interval excludes 0). Games are paired by their
    index within their arm (a partial file: the pairs both arms have).
    """
    games = load.games_frame(path, allow_partial)
    labels = arm_labels(path, allow_partial)
    codes = _arm_codes(games)
    n_arms = len(labels) if labels is not None else int(codes.max()) + 1
    labels = labels or [str(a) for a in range(n_arms)]
    b = baseline_index(labels, baseline)
    z = z_value(conf)
    cols = [c for c in games.columns if c not in SKIP and pd.api.types.is_numeric_dtype(games[c])]
    order = np.argsort(games.index.to_numpy(), kind="stable")
    base_rows = order[codes[order] == b]
    rows = []
    for a in range(n_arms):
        if a == b:
            continue
        arm_rows = order[codes[order] == a]
        n = min(len(arm_rows), len(base_rows))
        if n < 2:
            continue
        for col in cols:
            x = games[col].to_numpy(dtype=float)[arm_rows[:n]]
            y = games[col].to_numpy(dtype=float)[base_rows[:n]]
            if np.all(x == x[0]) and np.all(y == x[0]):
                continue
            d = x - y
            half = z * d.std(ddof=1) / np.sqrt(n)
            welch = z * np.sqrt(x.var(ddof=1) / n + y.var(ddof=1) / n)
            mean_d = d.mean()
            rows.append(dict(arm=labels[a], statistic=col, n=n, base=y.mean(), mean=x.mean(), diff=mean_d,
                             lo=mean_d - half, hi=mean_d + half, welch_half=welch,
                             ratio=half / welch if welch > 0 else np.nan,
                             changed=bool(mean_d - half > 0 or mean_d + half < 0)))
    cols_out = ["arm", "statistic", "n", "base", "mean", "diff", "lo", "hi", "welch_half", "ratio", "changed"]
    return pd.DataFrame(rows, columns=cols_out), labels[b]


def format_paired(frame, baseline_label, conf=0.95, top=None):
    """Return the report section: per arm, how many statistics differ from the
    baseline arm beyond their paired interval, how much narrower the paired
    intervals are, and the `top` largest differences (by diff over half-width;
    default 10, or 3 when there are more than 4 other arms: the HTML page
    lists them all)."""
    pct = round(conf * 100)
    lines = [f"Differences to the baseline arm '{baseline_label}' (game i of each arm against game i of",
             f"  the baseline: the same dice, common random numbers; {pct}% paired interval; 'unpaired'",
             "  is the half-width two independent runs of as many games would give)"]
    if frame.empty:
        lines.append("  no other arm, or no per-game statistic that varies")
        return "\n".join(lines) + "\n"
    if top is None:
        top = 10 if frame["arm"].nunique() <= 4 else 3
    for arm, g in frame.groupby("arm", sort=False):
        half = (g["hi"] - g["lo"]) / 2
        lines.append(f"  arm {arm}: {int(g['changed'].sum())} of {len(g)} statistics differ; paired "
                     f"intervals {g['ratio'].median():.2f}x the unpaired width (median), {int(g['n'].iloc[0])} pairs")
        with np.errstate(divide="ignore", invalid="ignore"):
            strength = (g["diff"].abs() / half).replace(np.inf, 1e300).fillna(0)
        for _, r in g.loc[strength.sort_values(ascending=False).index[:top]].iterrows():
            if not r["changed"]:
                break
            lines.append(f"    {r['statistic']:<44} {r['base']:10.3f} -> {r['mean']:10.3f}  "
                         f"diff {r['diff']:+.3f} [{r['lo']:+.3f}, {r['hi']:+.3f}]  unpaired +-{r['welch_half']:.3f}")
    return "\n".join(lines) + "\n"


def paired_tables(frame, baseline_label, conf=0.95):
    """Return the HTML page's table of the differences beyond their paired interval."""
    from .html_report import Table

    shown = frame[frame["changed"]][["arm", "statistic", "base", "mean", "diff", "lo", "hi", "welch_half",
                                     "ratio"]]
    shown = shown.rename(columns={"base": "baseline mean", "mean": "arm mean", "welch_half": "unpaired +-",
                                  "ratio": "paired/unpaired"})
    note = (f"Means per game; the {round(conf * 100)}% interval of the difference is paired game by game "
            f"(game i of each arm and of '{baseline_label}' rolled the same dice). Shown: the "
            f"{len(shown)} of {len(frame)} (arm, statistic) pairs whose interval excludes 0.")
    return [Table(f"Differences to the baseline arm '{baseline_label}'", shown.reset_index(drop=True), note,
                  shares=False)]
