"""The balance solver: at which value of one swept parameter does a per-game
statistic reach a target? E.g. the Command value of the Orc General at
which the Orcs give as many orders a game as the Empire (statistic
"orders_given[Orcs] - orders_given[Empire]", target 0), or the count of
one unit at which an army wins half its games ("winner==0", target 0.5).

It reads a swept results file (`sweep:` in the experiment, muster/sweep.h):
for each value of the chosen axis (the other axes held at their values in
`at`, by default their first), the statistic's mean per game and its
interval (normal, z s / sqrt(n)). The answer is where the means, joined by
straight lines, cross the target; its interval is where the interval's
bounds cross it (the values at which the target is inside the statistic's
interval: an inverse-prediction interval, honest at each point and made
wider, never narrower, by the straight lines between points only when the
statistic bends between them). A statistic that does not cross the target
inside the grid gives no answer, and says on which side it stays.

A statistic is one or more terms joined by " + " or " - " (spaces round
the sign), each a per-game column as the analysis names it
("orders_given", "orders_given[Orcs]") or a comparison "COLUMN==V" (1 when
equal: a rate).

The experiment may ask for the answer in its report with a `balance:` block
(axis, statistic, target; optional arm and at), read here; or run
  python3 -m muster_analysis.balance FILE.h5 --axis NAME --statistic S --target T [--arm A] [--at NAME=V]
"""

import argparse
import re
import sys

import numpy as np
import pandas as pd

from . import load
from .stats import z_value


def terms(statistic):
    """[(sign, column, value or None)] of a statistic expression."""
    parts = re.split(r"\s+([+-])\s+", statistic.strip())
    out, sign = [], 1.0
    for k, part in enumerate(parts):
        if k % 2:
            sign = 1.0 if part == "+" else -1.0
            continue
        col, _, value = part.partition("==")
        out.append((sign, col.strip(), value.strip() or None))
    return out


def per_game(games, statistic):
    """The statistic of every game (a float Series), from the per-game frame."""
    total = pd.Series(0.0, index=games.index)
    for sign, col, value in terms(statistic):
        if col not in games:
            raise ValueError(f"no per-game column '{col}' (columns: {', '.join(map(str, games.columns))})")
        x = games[col]
        if value is not None:
            x = (x.astype(float) == float(value)).astype(float)
        total = total + sign * x.astype(float)
    return total


def grid(prov, n_arms):
    """(axes [(name, [values])], arms per point) of a swept file."""
    sweep = (prov.get("experiment_yaml") or {}).get("sweep")
    if not sweep:
        raise ValueError("not a swept results file: its experiment has no sweep:")
    axes = [(a["name"], list(a["values"])) for a in sweep]
    points = int(np.prod([len(v) for _, v in axes]))
    if n_arms % points:
        raise ValueError(f"{n_arms} arms are not a multiple of the grid's {points} points")
    return axes, n_arms // points


def point_index(axes, values):
    """The point's index (row-major, first axis slowest) of a {name: value index}."""
    p = 0
    for name, vals in axes:
        p = p * len(vals) + values[name]
    return p


def frame(path, axis, statistic, arm=None, at=None, conf=0.95, allow_partial=False):
    """Return (DataFrame value, n, mean, lo, hi along the axis, arm label).

    arm: the experiment's own arm (label or index; default its first); at:
    {axis name: value} for the other axes (default: each one's first value).
    """
    from .paired import arm_labels

    prov = load.provenance(path, allow_partial)
    games = load.games_frame(path, allow_partial)
    labels = arm_labels(path, allow_partial)
    codes = games["arm"].cat.codes.to_numpy() if isinstance(games["arm"].dtype, pd.CategoricalDtype) \
        else games["arm"].to_numpy().astype(int)
    axes, per_point = grid(prov, len(labels))
    names = [n for n, _ in axes]
    if axis not in names:
        raise ValueError(f"no sweep axis '{axis}' (axes: {', '.join(names)})")
    own = [lab.rsplit(" | ", 1)[0] for lab in labels[:per_point]]
    if arm is None:
        a = 0
    elif str(arm) in own:
        a = own.index(str(arm))
    elif str(arm).isdigit() and int(arm) < per_point:
        a = int(arm)
    else:
        raise ValueError(f"no arm '{arm}' (arms: {', '.join(own)})")
    fixed = {}
    for name, vals in axes:
        if name == axis:
            continue
        want = (at or {}).get(name, vals[0])
        match = [i for i, v in enumerate(vals) if float(v) == float(want)]
        if not match:
            raise ValueError(f"axis '{name}' has no value {want} (values: {vals})")
        fixed[name] = match[0]
    stat = per_game(games, statistic).to_numpy()
    z = z_value(conf)
    rows = []
    for i, value in enumerate(dict(axes)[axis]):
        p = point_index(axes, {**fixed, axis: i})
        x = stat[codes == p * per_point + a]
        n = len(x)
        half = z * x.std(ddof=1) / np.sqrt(n) if n > 1 else np.nan
        rows.append(dict(value=float(value), n=n, mean=x.mean(), lo=x.mean() - half, hi=x.mean() + half))
    out = pd.DataFrame(rows).sort_values("value").reset_index(drop=True)
    return out, own[a]


def _crossings(x, y, target):
    """The x where the broken line through (x, y) meets target, in order."""
    found = []
    for k in range(len(x) - 1):
        y0, y1 = y[k] - target, y[k + 1] - target
        if y0 == 0:
            found.append(x[k])
        elif y0 * y1 < 0:
            found.append(x[k] + (x[k + 1] - x[k]) * y0 / (y0 - y1))
    if len(x) and y[-1] - target == 0:
        found.append(x[-1])
    return found


def solve(df, target):
    """Return dict(answer, lo, hi, note) for a frame of frame(): the crossing of
    the means, and the interval of values where target lies inside [lo, hi]."""
    x = df["value"].to_numpy()
    mean, lo, hi = df["mean"].to_numpy(), df["lo"].to_numpy(), df["hi"].to_numpy()
    cross = _crossings(x, mean, target)
    if not cross:
        side = "above" if (mean > target).all() else "below" if (mean < target).all() else "at"
        return dict(answer=np.nan, lo=np.nan, hi=np.nan,
                    note=f"the statistic stays {side} {target:g} over the grid ({x.min():g} to {x.max():g})")
    inside = []
    fine = np.linspace(x.min(), x.max(), 2001)
    lo_f, hi_f = np.interp(fine, x, lo), np.interp(fine, x, hi)
    inside = fine[(lo_f <= target) & (target <= hi_f)]
    note = "" if len(cross) == 1 else f"the statistic crosses {target:g} {len(cross)} times; the first is given"
    a_lo, a_hi = (inside.min(), inside.max()) if len(inside) else (cross[0], cross[0])
    open_end = []
    if len(inside) and a_lo == x.min():
        open_end.append("below")
    if len(inside) and a_hi == x.max():
        open_end.append("above")
    if open_end:
        note = (note + "; " if note else "") + f"the interval reaches the grid's end ({' and '.join(open_end)}): " \
                                               "widen the axis"
    return dict(answer=cross[0], lo=a_lo, hi=a_hi, note=note)


def format_balance(df, result, axis, statistic, target, arm, conf=0.95):
    """The report section of one balance question."""
    pct = round(conf * 100)
    lines = [f"Balance: where {statistic} (mean per game) reaches {target:g} as {axis} varies (arm {arm})"]
    for _, r in df.iterrows():
        lines.append(f"  {axis} = {r['value']:g}: {r['mean']:.4f} [{r['lo']:.4f}, {r['hi']:.4f}]  ({int(r['n'])} games)")
    if np.isnan(result["answer"]):
        lines.append(f"  no answer: {result['note']}")
    else:
        lines.append(f"  answer: {axis} = {result['answer']:.3f} ({pct}% interval {result['lo']:.3f} to "
                     f"{result['hi']:.3f}){'; ' + result['note'] if result['note'] else ''}")
    return "\n".join(lines) + "\n"


def from_experiment(path, conf=0.95, allow_partial=False):
    """Return (text, tables) answering the `balance:` questions the file's experiment
    asks: the report's sections ("" if none) and an HTML table for each."""
    from .html_report import Table

    asks = (load.provenance(path, allow_partial).get("experiment_yaml") or {}).get("balance") or []
    texts, tables = [], []
    for q in asks:
        target = float(q["target"])
        df, arm = frame(path, q["axis"], q["statistic"], q.get("arm"), q.get("at"), conf, allow_partial)
        result = solve(df, target)
        texts.append(format_balance(df, result, q["axis"], q["statistic"], target, arm, conf))
        answer = (f"no answer: {result['note']}" if np.isnan(result["answer"]) else
                  f"answer: {q['axis']} = {result['answer']:.3f} ({round(conf * 100)}% interval "
                  f"{result['lo']:.3f} to {result['hi']:.3f}){'; ' + result['note'] if result['note'] else ''}")
        shown = df.rename(columns={"value": q["axis"], "mean": "statistic"})
        tables.append(Table(f"Balance: where {q['statistic']} reaches {target:g} (arm {arm})", shown,
                            f"Mean per game along the sweep axis with its interval. {answer}.", shares=False,
                            plot=True, labels=(q["axis"],)))
    return "\n".join(texts), tables


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m muster_analysis.balance",
                                 description="Where a per-game statistic reaches a target along one sweep axis.")
    ap.add_argument("file", help="a swept results file (.h5)")
    ap.add_argument("--axis", required=True, help="the sweep axis to solve for")
    ap.add_argument("--statistic", required=True, help='e.g. "orders_given[Orcs] - orders_given[Empire]"')
    ap.add_argument("--target", required=True, type=float)
    ap.add_argument("--arm", help="the experiment's own arm (label or index; default the first)")
    ap.add_argument("--at", action="append", default=[], metavar="NAME=V",
                    help="hold another axis at this value (default: its first)")
    ap.add_argument("--conf", type=float, default=0.95)
    args = ap.parse_args(argv)
    at = {}
    for item in args.at:
        name, _, value = item.partition("=")
        at[name] = value
    try:
        df, arm = frame(args.file, args.axis, args.statistic, args.arm, at, args.conf)
    except (OSError, ValueError, KeyError) as e:
        print(f"muster_analysis.balance: error: {e}", file=sys.stderr)
        return 1
    print(format_balance(df, solve(df, args.target), args.axis, args.statistic, args.target, arm, args.conf), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
