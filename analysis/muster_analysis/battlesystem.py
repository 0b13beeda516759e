"""Battlesystem results files (ruleset "battlesystem"): forced-march AR
penalties beside the exact chain, and charge success by estimate error.

The exact chain is computed here independently of the C code (a small
dynamic program over the penalty: a forced march's Morale Check fails with
probability 1 - p and adds 1; a whole idle round takes 1 away, never below
0 — battlesystem-movement-phase.txt 7.13). The schedule of each side's
``forced`` policy (burst, rest_rounds, marches) and the Morale Check's dice
(rules.morale_check, default 1d20 <= morale) come from the experiment text
stored in the file.
"""

import numpy as np
import pandas as pd

from . import load
from . import report_parts as rp
from . import stats
from .html_report import Table

GROUP = "battlesystem"
RULESET = "battlesystem"
DEFAULT_CHECK = {"dice": 1, "sides": 20, "modifier": 0}


def check_probability(morale, check=None):
    """Return P(check passes): the total of `dice` dice of `sides` faces is at most morale + modifier."""
    c = dict(DEFAULT_CHECK, **(check or {}))
    return stats.dice_at_most(morale + c["modifier"], c["dice"], c["sides"])


def schedule(spec, rounds):
    """Return the forced policy's rounds as a list of 'march'/'rest' for a policy spec (dict).

    Bursts of `burst` marches (default 1) with `rest_rounds` idle rounds after
    each, up to `marches` marches (0: no limit), for `rounds` Game Rounds.
    """
    burst, rest = spec.get("burst", 1), spec.get("rest_rounds", 0)
    limit = spec.get("marches", 0) or rounds
    out, made, in_burst, rest_left = [], 0, 0, 0
    for _ in range(rounds):
        if rest_left > 0 or made >= limit:
            rest_left = max(0, rest_left - 1)
            out.append("rest")
            continue
        out.append("march")
        made += 1
        in_burst += 1
        if in_burst >= burst:
            in_burst, rest_left = 0, rest
    return out


def exact_chain(p_pass, rounds):
    """Return an array [round r (1-based) - 1, penalty k]: P(penalty = k after round r)."""
    n = len(rounds)
    dist = np.zeros(n + 1)
    dist[0] = 1.0
    out = np.zeros((n, n + 1))
    for r, action in enumerate(rounds):
        nxt = np.zeros(n + 1)
        if action == "march":
            nxt[:-1] += dist[:-1] * p_pass
            nxt[1:] += dist[:-1] * (1 - p_pass)
        else:
            nxt[0] += dist[0]
            nxt[:-1] += dist[1:]
        dist = nxt
        out[r] = dist
    return out


def _arms(exp):
    """Return [(label, [spec side 0, spec side 1], the arm's experiment)], one per arm of the run
    (load.run_arms: a swept file's arms carry their point's values)."""
    out = []
    for point_exp, entry, point in load.run_arms(exp):
        sides = entry["sides"] if len(entry["sides"]) == 2 else entry["sides"] * 2
        names = [s["name"] for s in sides]
        label = entry.get("label") or (names[0] if len(entry["sides"]) == 1 else f"{names[0]}-vs-{names[1]}")
        out.append((load.arm_label(label, point), sides, point_exp))
    return out


def ar_frame(tabs, exp, conf=0.95):
    """Return the AR-penalty report as a DataFrame, one row per (arm, round, morale, penalty).

    Columns: units (count), n (units of that morale on the table after that
    round), observed, lo, hi (Wilson interval), exact (NaN unless every unit
    of that morale belongs to a side playing the forced policy), outside.
    """
    t = tabs["ar_penalty"]
    rows = []
    for label, sides, point_exp in _arms(exp):
        morale_sides = {}
        for s, side in enumerate(point_exp["scenario"]["sides"]):
            for u in side.get("units") or []:
                morale_sides.setdefault(u["morale"], set()).add(s)
        check = (point_exp.get("rules") or {}).get("morale_check")
        rounds = int(point_exp["scenario"]["rounds"])
        for morale in sorted(morale_sides):
            forced = [sides[s] for s in morale_sides[morale] if sides[s]["name"] == "forced"]
            chain = None
            if len(forced) == len(morale_sides[morale]) and all(f == forced[0] for f in forced):
                chain = exact_chain(check_probability(morale, check), schedule(forced[0], rounds))
            cells = t.sel(arm=label, morale=morale).values  # (round, penalty)
            for r in range(rounds):
                n = int(cells[r].sum())
                for k in range(cells.shape[1]):
                    exact = chain[r, k] if chain is not None and k < chain.shape[1] else np.nan
                    rows.append((label, r + 1, morale, k, int(cells[r, k]), n, exact))
    df = pd.DataFrame(rows, columns=["arm", "round", "morale", "penalty", "units", "n", "exact"])
    rp.share(df, "units", "n", conf, "observed")
    df["outside"] = df["exact"].notna() & ((df["exact"] < df["lo"]) | (df["exact"] > df["hi"]))
    return df


def charge_frame(tabs, conf=0.95):
    """Return charge outcomes by arm and estimate-error bin (declared on an estimate).

    Columns: arm, error_lo_pct, error_hi_pct (the bin, open at the ends),
    declared, made, short, too_close, not_straight, success, lo, hi.
    """
    t = tabs["charges_by_error"]
    rows = []
    for label in t["arm"].values:
        for b in t["error_bin"].values:
            counts = t.sel(arm=label, error_bin=b).values
            lo_pct = -np.inf if b == t["error_bin"].values[0] else 5 * int(b)
            hi_pct = np.inf if b == t["error_bin"].values[-1] else 5 * (int(b) + 1)
            rows.append((label, lo_pct, hi_pct, int(counts.sum()), *map(int, counts)))
    cols = ["arm", "error_lo_pct", "error_hi_pct", "declared"] + [str(o).replace(" ", "_") for o in t["outcome"].values]
    df = pd.DataFrame(rows, columns=cols)
    return rp.share(df, "made", "declared", conf, "success")


def read(path, allow_partial=False):
    """Return (provenance, count tables of /battlesystem) of a results file."""
    return rp.read_tables(path, RULESET, GROUP, allow_partial)


def _bin_text(lo, hi):
    if np.isinf(lo):
        return f"< {hi:+.0f}%"
    if np.isinf(hi):
        return f">= {lo:+.0f}%"
    return f"{lo:+.0f}..{hi:+.0f}%"


def format_report(path, conf=0.95, allow_partial=False, data=None):
    """Return the Battlesystem report of a results file as plain text."""
    prov, tabs = data if data is not None else read(path, allow_partial)
    exp = prov["experiment_yaml"]
    level = f"{100 * conf:g}%"
    out = rp.heading("Battlesystem", path, prov)
    ar = ar_frame(tabs, exp, conf)
    shown = ar[(ar["n"] > 0) & ((ar["units"] > 0) | (ar["exact"].fillna(0) > 0))]
    out.append(f"AR penalty after each Game Round by morale rating: observed ({level} Wilson CI) "
               "vs the exact forced-march chain")
    out.append(f"{'arm':<18} {'round':>5} {'morale':>6} {'penalty':>7} {'units':>8} {'observed %':>10} "
               f"{'CI %':>17} {'exact %':>8} flag")
    for r in shown.itertuples():
        out.append(f"{r.arm:<18} {r.round:>5} {r.morale:>6} {'+' + str(r.penalty):>7} {r.units:>8} "
                   f"{rp.pct(r.observed):>10} {rp.ci(r.lo, r.hi):>17} "
                   f"{rp.pct(r.exact):>8} {'*' if r.outside else ''}")
    with_exact = ar[ar["exact"].notna() & (ar["n"] > 0)]
    out += [f"Flag *: exact value outside the {level} interval ({int(with_exact['outside'].sum())} of "
            f"{len(with_exact)} cells with an exact value; about {100 * (1 - conf):g}% are expected by chance).",
            "exact n/a: the units of that morale do not all follow one forced-march schedule.", ""]
    ch = charge_frame(tabs, conf)
    ch = ch[ch["declared"] > 0]
    out.append(f"Charges declared on an estimate, by the estimate's relative error: success ({level} Wilson CI)")
    out.append(f"{'arm':<18} {'error':>12} {'declared':>9} {'made':>8} {'short':>8} {'too close':>9} "
               f"{'success %':>9} {'CI %':>17}")
    for r in ch.itertuples():
        out.append(f"{r.arm:<18} {_bin_text(r.error_lo_pct, r.error_hi_pct):>12} {r.declared:>9} {r.made:>8} "
                   f"{r.short:>8} {r.too_close:>9} {rp.pct(r.success):>9} "
                   f"{rp.ci(r.lo, r.hi):>17}")
    out.append("")
    return "\n".join(out)


def analyse(path, out_dir, conf=0.95, allow_partial=False):
    """Write DIR/<stem>-report.txt and DIR/<stem>-charges.png; return (report text, paths)."""
    data = read(path, allow_partial)
    text = format_report(str(path), conf, data=data)
    written = [out_dir / f"{path.stem}-report.txt", out_dir / f"{path.stem}-charges.png"]
    written[0].write_text(text, encoding="utf-8")
    ch = charge_frame(data[1], conf)
    plt, fig, ax = rp.figure()
    for label, g in ch[ch["declared"] > 0].groupby("arm", sort=False):
        mid = np.clip((g["error_lo_pct"] + g["error_hi_pct"]) / 2, -57.5, 52.5)
        ax.errorbar(mid, 100 * g["success"], yerr=rp.wilson_yerr(g, "success"),
                    marker="o", capsize=2, label=label)
    ax.set_xlabel("estimate error (% of the true distance; 5% bins)")
    ax.set_ylabel("charges made (%)")
    ax.set_title(f"{path.stem}: charge success by estimate error ({100 * conf:g}% Wilson CI)")
    if ax.lines:
        ax.legend(fontsize="small")
    else:
        ax.text(0.5, 0.5, "no charges declared on an estimate", ha="center", va="center", transform=ax.transAxes)
    rp.save(plt, fig, written[1])
    return text, written


def html_tables(path, conf=0.95, allow_partial=False):
    """Declare the HTML report's tables (html_report): AR penalties beside the exact chain, charges."""
    prov, tabs = read(path, allow_partial)
    ar = ar_frame(tabs, prov["experiment_yaml"], conf)
    ch = charge_frame(tabs, conf)
    return [Table("AR penalty after each Game Round by morale rating vs the exact forced-march chain",
                  ar[(ar["n"] > 0) & ((ar["units"] > 0) | (ar["exact"].fillna(0) > 0))],
                  "exact n/a: the units of that morale do not all follow one forced-march schedule; outside: "
                  "the exact value lies outside the interval.", percent=("exact",)),
            Table("Charges declared on an estimate, by the estimate's relative error (%)", ch[ch["declared"] > 0])]
