"""The order-odds report of an order drill: observed order-roll odds against
the exact ones, and a summary per arm (one per ``policies:`` entry), as data
frames and as plain text."""

import numpy as np
import pandas as pd
from scipy.stats import chi2

from . import load, report_parts as rp, stats


def odds_table(tabs, blunder_on_12=True, conf=0.95):
    """Return one row per (command, penalty, order_number) cell with rolls, pooled over arms.

    Columns: command, penalty, penalty_open (the last bin, "this or more"),
    order_number, target (for an open bin: its upper bound), attempts,
    successes, observed, lo, hi (Wilson interval at conf), exact (NaN when
    unknown) and outside (exact not in [lo, hi]). In an open penalty bin the
    target is at most command - bin - (order - 1); the exact value is 0 when
    that bound is below 2 (always so for the 15+ bin), else unknown.
    """
    att = tabs["attempts"].sum("arm")
    suc = tabs["successes"].sum("arm")
    last_pen = int(att["penalty"].values[-1])
    rows = []
    for c, p, o in zip(*np.nonzero(att.values)):
        cmd = int(att["command"].values[c])
        pen = int(att["penalty"].values[p])
        order = int(att["order_number"].values[o])
        target = int(stats.order_target(cmd, pen, order))
        exact = stats.exact_success(cmd, pen, order, blunder_on_12)
        if pen == last_pen and exact > 0:
            exact = np.nan  # the bin's exact penalty is unknown
        rows.append(dict(command=cmd, penalty=pen, penalty_open=pen == last_pen, order_number=order,
                         target=target, attempts=int(att.values[c, p, o]),
                         successes=int(suc.values[c, p, o]), exact=exact))
    df = pd.DataFrame(rows, columns=["command", "penalty", "penalty_open", "order_number", "target",
                                     "attempts", "successes", "exact"])
    df["observed"] = df["successes"] / df["attempts"]
    lo, hi = stats.wilson(df["successes"].to_numpy(), df["attempts"].to_numpy(), conf)
    df["lo"], df["hi"] = np.atleast_1d(lo), np.atleast_1d(hi)
    df["outside"] = df["exact"].notna() & ((df["exact"] < df["lo"]) | (df["exact"] > df["hi"]))
    return df


def chi_square(odds):
    """Return (statistic, cells, p_value) of observed against exact successes.

    Sums (successes - n p)^2 / (n p (1 - p)) over cells with 0 < p < 1; the
    p-value is from chi-square with one degree of freedom per cell. Cells
    with p of 0 or 1 are left out (any success or failure there is flagged by
    odds_table's outside column instead).
    """
    d = odds[(odds["exact"] > 0) & (odds["exact"] < 1)]
    n, p = d["attempts"], d["exact"]
    x2 = float((((d["successes"] - n * p) ** 2) / (n * p * (1 - p))).sum())
    return x2, len(d), float(chi2.sf(x2, len(d))) if len(d) else float("nan")


def _orders_per_game(tabs, games, conf):
    """Return (mean, half_width, method) of orders given per game by arm."""
    if games is not None and "orders_given" in games:
        g = games.groupby("arm", observed=False)["orders_given"]
        n = g.count().to_numpy()
        with np.errstate(invalid="ignore", divide="ignore"):
            hw = stats.z_value(conf) * g.std().to_numpy() / np.sqrt(n)
        return g.mean().to_numpy(), hw, "per-game rows"
    # Per-character histograms only: the mean of the total is exact; its SD
    # is bounded by the sum of the characters' SDs (a conservative CI).
    h = tabs["orders_given_hist"]
    values = h["n_orders"].values
    means, hws = [], []
    for p in range(h.sizes["arm"]):
        m_sum = hw_sum = 0.0
        for c in range(h.sizes["character"]):
            m, hw, _ = stats.mean_ci(values, h.values[p, c], conf)
            m_sum, hw_sum = m_sum + m, hw_sum + hw
        means.append(m_sum)
        hws.append(hw_sum)
    return np.array(means), np.array(hws), "histograms (conservative bound)"


def arm_summary(tabs, games=None, conf=0.95):
    """Return (DataFrame indexed by arm, first-failure DataFrame, CI method of orders/game).

    Summary columns: games; orders_mean, orders_hw (mean orders given per
    game and its CI half-width, from games rows when given, else a
    conservative bound from orders_given_hist); units_mean, units_hw;
    general_ended, general_ended_lo, general_ended_hi (share of games where
    the General's failure ended the phase, Wilson CI). The first-failure
    frame has, per arm and character (and "none"), the share of games
    in which that character failed first, with lo and hi.
    """
    with np.errstate(invalid="ignore", divide="ignore"):  # an arm without games: NaN
        return _arm_summary(tabs, games, conf)


def _arm_summary(tabs, games, conf):
    arms = list(tabs["games"]["arm"].values)
    n = tabs["games"].values.astype(float)
    om, ohw, method = _orders_per_game(tabs, games, conf)
    uh = tabs["units_ordered_hist"]
    units = [stats.mean_ci(uh["n_units"].values, uh.values[p], conf) for p in range(len(arms))]
    ge = tabs["general_failure_ended"].values
    glo, ghi = stats.wilson(ge, n, conf)
    summary = pd.DataFrame(dict(games=n.astype(int), orders_mean=om, orders_hw=ohw,
                                units_mean=[u[0] for u in units], units_hw=[u[1] for u in units],
                                general_ended=ge / n, general_ended_lo=glo, general_ended_hi=ghi),
                           index=pd.Index(arms, name="arm"))
    ff = tabs["first_failure"]
    counts = np.column_stack([ff.values, n - ff.values.sum(axis=1)])
    who = list(ff["character"].values) + ["none"]
    rows = []
    for p, arm in enumerate(arms):
        lo, hi = stats.wilson(counts[p], np.full(len(who), n[p]), conf)
        for j, name in enumerate(who):
            rows.append(dict(arm=arm, character=name, share=counts[p, j] / n[p],
                             lo=lo[j], hi=hi[j]))
    return summary, pd.DataFrame(rows), method


def _text_table(headers, rows):
    """Return rows of strings as aligned text: first column left, the others right."""
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]
    def line(cells):
        return "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()
    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows])


def _pct(x, digits=2):
    """x as a percentage; never rounded to exactly 0 or 100 unless it is."""
    if np.isnan(x):
        return "n/a"
    tiny = 10.0 ** -digits
    if 0 < 100 * x < tiny:
        return f"<{tiny:.{digits}f}"
    if 100 - tiny < 100 * x < 100:
        return f">{100 - tiny:.{digits}f}"
    return f"{100 * x:.{digits}f}"


def _ci(lo, hi, digits=2):
    return f"[{_pct(lo, digits)}, {_pct(hi, digits)}]"


def _pm(mean, hw):
    return "n/a" if np.isnan(mean) else f"{mean:.3f} +- {hw:.3f}"


def read(path, allow_partial=False):
    """Return (provenance, tables, games frame or None) of a results file, read once."""
    prov = load.provenance(path, allow_partial)
    tabs = load.tables(path, allow_partial=allow_partial)
    games = load.games_frame(path, allow_partial) if prov.get("per_game_rows") else None
    return prov, tabs, games


def format_report(path, conf=0.95, allow_partial=False, data=None):
    """Return the order-odds report of a results file as plain text.

    data is read(path)'s result when the caller already has it.
    """
    prov, tabs, games = data if data is not None else read(path, allow_partial)
    blunders = load.blunder_on_12(prov)
    odds = odds_table(tabs, blunders, conf)
    level = f"{100 * conf:g}%"
    out = [f"muster order-odds report: {path}",
           f"ruleset {prov.get('ruleset')}, muster {prov.get('tool_version')} "
           f"(commit {prov.get('git_commit')}), experiment {prov.get('experiment_path')}",
           f"seed {prov.get('seed')}, games {prov.get('games_complete')} of "
           f"{prov.get('games_requested')} ({prov.get('status')}), created {prov.get('created')}"
           f"{rp.precision_note(prov)}",
           f"rules: a roll of 12 always fails (blunder_on_12): {'yes' if blunders else 'no'}", ""]
    if prov.get("status") != "complete":
        out[-1:] = ["WARNING: a partial file (unfinished run): its arms hold the same number of games, "
                    "give or take one, but fewer than requested.", ""]

    out.append(f"Order rolls, all arms pooled: observed success rate ({level} Wilson CI) "
               "vs exact")
    last = int(tabs["attempts"]["penalty"].values[-1])
    rows = []
    for r in odds.itertuples():
        pen = f"{r.penalty}+" if r.penalty_open else str(r.penalty)
        target = f"<={r.target}" if r.penalty_open else str(r.target)
        rows.append([r.command, pen, r.order_number, target, r.attempts, r.successes,
                     _pct(r.observed, 2), _ci(r.lo, r.hi, 2), _pct(r.exact, 2),
                     "*" if r.outside else ""])
    out.append(_text_table(["Command", "Penalty", "Order", "Target", "Rolls", "Given",
                            "Observed %", f"{level} CI (%)", "Exact %", "Flag"], rows))
    x2, k, p = chi_square(odds)
    flagged = int(odds["outside"].sum())
    out += ["Penalty: Command penalty without the order-number penalty (distance, enemy close, "
            f"dense terrain, casualties); {last}+: {last} or more.",
            "Target = Command - Penalty - (Order - 1): the highest 2D6 roll that gives the order.",
            f"Flag *: exact value outside the {level} interval ({flagged} of {len(odds)} cells; "
            f"about {100 * (1 - conf):g}% are expected by chance).",
            f"Overall: chi-square {x2:.1f} on {k} cells with 0 < exact < 1, p = {p:.3g}.", ""]

    summary, first, method = arm_summary(tabs, games, conf)
    out.append(f"Per arm (one per policies entry; a game is one Orders sub-phase; +- is the {level} CI "
               "half-width)")
    rows = [[s.Index, s.games, _pm(s.orders_mean, s.orders_hw), _pm(s.units_mean, s.units_hw),
             f"{_pct(s.general_ended)} {_ci(s.general_ended_lo, s.general_ended_hi)}"]
            for s in summary.itertuples()]
    out.append(_text_table(["Arm", "Games", "Orders given (per game)", "Units ordered (per game)",
                            "General's failure ended the phase (% of games)"], rows))
    out += [f"Orders given: CI from {method}. Units ordered: units that received at least one "
            "order.", ""]

    out.append(f"Who fails first (% of games, {level} Wilson CI; none: no order failed)")
    who = list(dict.fromkeys(first["character"]))
    rows = [[arm] + [f"{_pct(r.share)} {_ci(r.lo, r.hi)}" for r in g.itertuples()]
            for arm, g in first.groupby("arm", sort=False)]
    out.append(_text_table(["Arm"] + who, rows))
    return "\n".join(out) + "\n"
