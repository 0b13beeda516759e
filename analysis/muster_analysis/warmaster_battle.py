"""Warmaster battle results files (ruleset "warmaster-battle"): win/draw/loss
rates with Wilson intervals by arm (policy pairing and sides), by which army
moved first and by table side; means per game of every per-army statistic
and per character; end reasons, off-table fates, objectives held and
initiative outcomes; the order rolls beside their exact odds; and a figure.

Layout (src/rules/warmaster/battle_record.c): per-game columns in /games,
(game), (game, army) or (game, character); count tables in /battle:
``games`` (arm), ``results`` (arm, army, outcome), ``end_reasons`` (arm,
reason), ``attempts``/``successes``/``blunders`` (player = arm | army,
command, penalty, order_number), ``first_contact`` (arm, army, turn),
``off_table`` (arm, army, fate), ``zones`` (arm, zone, army),
``initiative`` (arm, army, action), ``unmoved`` (arm, army, unit_turns:
orderable, unmoved). Armies are indexed as listed in the experiment,
whatever table side an arm gave them.
"""

import re

import numpy as np
import pandas as pd

from . import load, report_parts as rp, stats, warmaster_matchups
from .html_report import Table

GROUP = "battle"
RULESET = "warmaster-battle"


def read(path, allow_partial=False):
    """Return (provenance, tables) of a warmaster-battle file; ValueError for another ruleset."""
    prov = load.provenance(path, allow_partial)
    if prov.get("ruleset") != RULESET:
        raise ValueError(f"{path}: ruleset is '{prov.get('ruleset')}', not '{RULESET}'")
    return prov, load.tables(path, GROUP, allow_partial)


def arms_frame(prov):
    """Return one row per arm: label, each army's policy, swap, first (from the experiment text)."""
    rows = []
    for i, (_, arm, point) in enumerate(load.run_arms(prov["experiment_yaml"])):
        sides = arm["sides"]
        pols = [s["name"] for s in sides]
        label = arm.get("label") or f"{pols[0]}-vs-{pols[1]}" + (" swapped" if arm.get("swap") else "")
        rows.append({"arm": load.arm_label(label, point), "index": i, "policy_0": pols[0], "policy_1": pols[1],
                     "swap": bool(arm.get("swap", False)), "first": arm.get("first", "scenario")})
    return pd.DataFrame(rows)


def results_frame(tabs, conf=0.95):
    """Return win/draw/loss counts and rates with Wilson intervals by arm and army.

    Columns: arm, army, games, win, draw, loss, win_rate, win_lo, win_hi,
    draw_rate, draw_lo, draw_hi, loss_rate, loss_lo, loss_hi.
    """
    res = tabs["results"]
    rows = []
    for arm in res.coords["arm"].values:
        for army in res.coords["army"].values:
            cell = res.sel(arm=arm, army=army)
            n = int(cell.sum())
            row = {"arm": arm, "army": army, "games": n}
            for out in ("win", "draw", "loss"):
                k = int(cell.sel(outcome=out))
                lo, hi = stats.wilson(k, n, conf) if n else (np.nan, np.nan)
                row.update({out: k, f"{out}_rate": k / n if n else np.nan, f"{out}_lo": lo, f"{out}_hi": hi})
            rows.append(row)
    return pd.DataFrame(rows)


def pooled_frame(tabs, conf=0.95):
    """Return each army's record pooled over all arms (both sides, all pairings), with intervals."""
    res = tabs["results"].sum("arm")
    rows = []
    for army in res.coords["army"].values:
        cell = res.sel(army=army)
        n = int(cell.sum())
        row = {"army": army, "games": n}
        for out in ("win", "draw", "loss"):
            k = int(cell.sel(outcome=out))
            lo, hi = stats.wilson(k, n, conf)
            row.update({out: k, f"{out}_rate": k / n, f"{out}_lo": lo, f"{out}_hi": hi})
        rows.append(row)
    return pd.DataFrame(rows)


def _win_split(games, armies, is_case, cases, column, conf):
    """Win rates of each army split by a per-game case: is_case(games, a) is True for cases[0]."""
    rows = []
    for a, army in enumerate(armies):
        for case in cases:
            sel = games[is_case(games, a) == (case == cases[0])]
            n, k = len(sel), int((sel["winner"] == a).sum())
            lo, hi = stats.wilson(k, n, conf) if n else (np.nan, np.nan)
            rows.append({"army": army, column: case, "games": n, "wins": k,
                         "win_rate": k / n if n else np.nan, "win_lo": lo, "win_hi": hi})
    return pd.DataFrame(rows)


def first_frame(games, armies, conf=0.95):
    """Return each army's win rate when it moved first and when it moved second (per-game rows)."""
    return _win_split(games, armies, lambda g, a: g["first"] == a, (True, False), "moved_first", conf)


def side_frame(games, armies, conf=0.95):
    """Return each army's win rate on the scenario's first and second side (per-game rows).

    Army a stands on the scenario's side a, or on the other side in a swapped game.
    """
    return _win_split(games, armies, lambda g, a: (g["swapped"] != 0) == (a == 1), ("first", "second"),
                      "scenario_side", conf)


def means_frame(games):
    """Return the mean per game of every per-army column: rows statistic and army, columns the arms."""
    cols = [c for c in games.columns if c.endswith("]") and ":" not in c]
    long = games.groupby("arm")[cols].mean().T
    long.index = pd.MultiIndex.from_tuples([tuple(c[:-1].split("[")) for c in long.index],
                                           names=["statistic", "army"])
    long.columns = [f"arm {a}" for a in long.columns]
    return long


# An army's unused slot on the character axis (always 0).
EMPTY_SLOT = re.compile(r": \(no character \d+\)\]$")


def character_frame(games):
    """Return each character's mean order rolls, orders given and blunders per game.

    Rows (character, statistic), columns the arms; the armies' unused slots
    of the character axis are left out.
    """
    parts = {}
    for stat in ("orders_attempted", "orders_given", "blunders"):
        cols = [c for c in games.columns if c.startswith(f"character_{stat}[") and not EMPTY_SLOT.search(c)]
        means = games.groupby("arm")[cols].mean().T
        means.index = [c[c.index("[") + 1:-1] for c in cols]
        parts[stat] = means
    frame = pd.concat(parts, names=["statistic", "character"]).swaplevel().sort_index(level=0, sort_remaining=False)
    frame.columns = [f"arm {a}" for a in frame.columns]
    return frame


def orders_frame(tabs, blunder_on_12=True, conf=0.95):
    """Return the order rolls by player, Command, penalty and order number beside the exact odds.

    Only cells with rolls; penalty 15 is "15 or more" (exact odds: the bound).
    """
    att, suc = tabs["attempts"], tabs["successes"]
    idx = np.argwhere(att.values > 0)
    rows = []
    for p, c, pen, o in idx:
        n, k = int(att.values[p, c, pen, o]), int(suc.values[p, c, pen, o])
        command = int(att.coords["command"].values[c])
        penalty = int(att.coords["penalty"].values[pen])
        order = int(att.coords["order_number"].values[o])
        lo, hi = stats.wilson(k, n, conf)
        rows.append({"player": att.coords["player"].values[p], "command": command, "penalty": penalty,
                     "order_number": order, "attempts": n, "successes": k, "observed": k / n, "lo": lo, "hi": hi,
                     "exact": stats.exact_success(command, penalty, order, blunder_on_12)})
    df = pd.DataFrame(rows)
    if len(df):
        df["outside"] = (df["exact"] < df["lo"]) | (df["exact"] > df["hi"])
    return df


def unmoved_frame(tabs, prov):
    """Return the unit-turns left unmoved when orders were available, by arm and army and by policy.

    A unit-turn is orderable when, at the start of its side's Orders
    sub-phase, the unit is on the table, free (not engaged, not charged,
    not confused, not barred), did not move by initiative, and some
    character of its side on the table needs 2 or more to order it; it is
    unmoved when the unit ends the Orders sub-phase where it began.
    Returns (by_arm, by_policy): by_arm has arm, army, policy, orderable,
    unmoved, share; by_policy pools every army that policy played (all
    arms and sides): policy, orderable, unmoved, share. Unit-turns of one
    game are not independent: no interval is given.
    """
    tab = tabs["unmoved"]
    arms = arms_frame(prov)
    armies = list(tab.coords["army"].values)
    rows = []
    for i, arm in enumerate(tab.coords["arm"].values):
        for a, army in enumerate(armies):
            cell = tab.sel(arm=arm, army=army)
            n, k = int(cell.sel(unit_turns="orderable")), int(cell.sel(unit_turns="unmoved"))
            rows.append({"arm": arm, "army": army, "policy": arms.iloc[i][f"policy_{a}"], "orderable": n,
                         "unmoved": k, "share": k / n if n else np.nan})
    by_arm = pd.DataFrame(rows)
    by_policy = by_arm.groupby("policy", sort=False)[["orderable", "unmoved"]].sum().reset_index()
    by_policy["share"] = [k / n if n else np.nan for k, n in zip(by_policy["unmoved"], by_policy["orderable"])]
    return by_arm, by_policy


def _unstack(table, column_dim):
    """Return a count table as a frame: one column per value of column_dim, the other dims as rows."""
    return table.to_dataframe(name="n")["n"].unstack(column_dim)


def _pct(x):
    return "   -  " if np.isnan(x) else f"{100 * x:5.1f}%"


def format_report(path, conf=0.95, allow_partial=False):
    """Return the text report of a warmaster-battle file."""
    prov, tabs = read(path, allow_partial)
    level = f"{100 * conf:g}%"
    rules = prov["experiment_yaml"].get("rules") or {}
    lines = [f"muster Warmaster battle report: {path}",
             f"  {prov.get('games_complete')} of {prov.get('games_requested')} games ({prov.get('status')}),"
             f" seed {prov.get('seed')}, experiment {prov.get('experiment_path', '')}{rp.precision_note(prov)}",
             f"  muster {prov.get('tool_version')} (commit {prov.get('git_commit')}), created {prov.get('created')}",
             "  rules: " + (", ".join(f"{k} {v}" for k, v in rules.items()) or "the defaults"),
             "", f"Results by arm and army (Wilson {level} intervals)"]
    res = results_frame(tabs, conf)
    arms = arms_frame(prov)
    width = max(len(a) for a in res["arm"]) + 2
    lines.append(f"  {'arm':<{width}}{'army':<14}{'games':>7}   {'win':>6} [{level} interval]   {'draw':>6}   {'loss':>6}")
    for r in res.itertuples():
        lines.append(f"  {r.arm:<{width}}{r.army:<14}{r.games:>7}   {_pct(r.win_rate)} [{_pct(r.win_lo)}, {_pct(r.win_hi)}]"
                     f"   {_pct(r.draw_rate)}   {_pct(r.loss_rate)}")
    lines += ["", "Pooled over all arms (both sides, all pairings)"]
    for r in pooled_frame(tabs, conf).itertuples():
        lines.append(f"  {r.army:<14}{r.games:>8} games: win {_pct(r.win_rate)} [{_pct(r.win_lo)}, {_pct(r.win_hi)}],"
                     f" draw {_pct(r.draw_rate)}, loss {_pct(r.loss_rate)}")
    lines += ["", "Arms", arms.to_string(index=False)]
    try:
        games = load.games_frame(path, allow_partial)
        armies = list(tabs["results"].coords["army"].values)
        lines += ["", "Win rate by who moved first (all arms)"]
        for r in first_frame(games, armies, conf).itertuples():
            lines.append(f"  {r.army:<14} {'first ' if r.moved_first else 'second'} {r.games:>7} games: "
                         f"win {_pct(r.win_rate)} [{_pct(r.win_lo)}, {_pct(r.win_hi)}]")
        lines += ["", "Win rate by table side (the scenario's first or second side; all arms)"]
        for r in side_frame(games, armies, conf).query("games > 0").itertuples():
            lines.append(f"  {r.army:<14} {r.scenario_side:<6} {r.games:>7} games: "
                         f"win {_pct(r.win_rate)} [{_pct(r.win_lo)}, {_pct(r.win_hi)}]")
        lines += ["", "Means per game, by army and arm (arm n: row n of Arms above; /games columns,"
                      " see muster info)", means_frame(games).round(2).to_string()]
        lines += ["", "Orders by character, means per game and arm",
                  character_frame(games).round(2).to_string()]
    except ValueError:
        lines += ["", "(no per-game rows: first-move and side splits and means skipped)"]
    fc = tabs["first_contact"]
    lines += ["", "Turn of each army's first charge (share of games; 0 = never)"]
    for arm in fc.coords["arm"].values:
        for army in fc.coords["army"].values:
            h = fc.sel(arm=arm, army=army).values
            share = " ".join(f"{t}:{100 * v / h.sum():.0f}%" for t, v in enumerate(h) if v)
            lines.append(f"  {arm} | {army}: {share}")
    lines += ["", "Games by end reason", tabs["end_reasons"].to_pandas().to_string()]
    lines += ["", "Units that left the table, by fate at the end (totals over all games)",
              _unstack(tabs["off_table"], "fate").to_string()]
    held = tabs["zones"] / tabs["games"]
    lines += ["", "Objective zones held at the end (share of games)",
              (100 * _unstack(held, "zone")).round(1).to_string()]
    lines += ["", "Initiative choices by outcome (totals over all games)",
              _unstack(tabs["initiative"], "action").to_string()]
    if "unmoved" in tabs:
        by_arm, by_policy = unmoved_frame(tabs, prov)
        lines += ["", "Units left unmoved when orders were available (unit-turns: at the start of the Orders"
                      " sub-phase on the table, free, not moved by initiative, some character needing 2 or more;"
                      " unmoved: ended the sub-phase where it began)"]
        for r in by_policy.itertuples():
            lines.append(f"  {r.policy:<14}{r.unmoved:>9} of {r.orderable:>9} unit-turns unmoved: {_pct(r.share)}")
        width = max(len(a) for a in by_arm["arm"]) + 2
        for r in by_arm.itertuples():
            lines.append(f"  {r.arm:<{width}}{r.army:<14}{r.policy:<12}{r.unmoved:>9} of {r.orderable:>9}:"
                         f" {_pct(r.share)}")
    orders = orders_frame(tabs, load.blunder_on_12(prov), conf)
    if len(orders):
        lines += ["", f"Order rolls: {int(orders['attempts'].sum())} in {len(orders)} cells;"
                      f" exact odds outside the {level} interval in {int(orders['outside'].sum())} cells"
                      f" (about {100 - 100 * conf:g}% expected)"]
    return "\n".join(lines) + "\n"


def plot_results(res, out_path, title, level="95%"):
    """Save stacked win/draw/loss bars per arm and army with the win-rate interval; returns out_path."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{r.arm} | {r.army}" for r in res.itertuples()]
    y = np.arange(len(res))
    fig, ax = plt.subplots(figsize=(9, 1.2 + 0.45 * len(res)), layout="constrained")
    left = np.zeros(len(res))
    for out, colour in (("win", "#2a7d2e"), ("draw", "#b0b0b0"), ("loss", "#b33a3a")):
        vals = 100 * res[f"{out}_rate"].to_numpy()
        ax.barh(y, vals, left=left, color=colour, label=out)
        left += vals
    rate = 100 * res["win_rate"].to_numpy()
    err = np.vstack([rate - 100 * res["win_lo"].to_numpy(), 100 * res["win_hi"].to_numpy() - rate])
    ax.errorbar(rate, y, xerr=err, fmt="none", ecolor="black", capsize=3, label=f"win {level} interval")
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("share of games (%)")
    ax.set_title(title)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1 - 0.6 / len(res)), ncol=4, fontsize=8)
    fig.savefig(out_path, dpi=110)
    plt.close(fig)
    return out_path


def _matchups(path, allow_partial):
    """True for a file swept over both armies' lists (warmaster_matchups reports it)."""
    return warmaster_matchups.list_axes(load.provenance(path, allow_partial)) is not None


def pairs_arms(path, allow_partial=False):
    """Whether the report adds each arm's paired differences to the first arm:
    not for a file swept over both armies' lists, whose pairings its own report compares."""
    return not _matchups(path, allow_partial)


def analyse(path, out_dir, conf=0.95, allow_partial=False):
    """Write the report and the results figure of one file; return (report text, paths).
    A file swept over both armies' lists gets the all-armies report (warmaster_matchups)."""
    from pathlib import Path

    if _matchups(path, allow_partial):
        return warmaster_matchups.analyse(path, out_dir, conf, allow_partial)
    path, out_dir = Path(path), Path(out_dir)
    text = format_report(str(path), conf, allow_partial)
    prov, tabs = read(path, allow_partial)
    written = [out_dir / f"{path.stem}-report.txt", out_dir / f"{path.stem}-results.png"]
    written[0].write_text(text, encoding="utf-8")
    plot_results(results_frame(tabs, conf), written[1],
                 f"{path.stem}: results by arm and army, {prov.get('games_complete'):,} games", f"{100 * conf:g}%")
    return text, written


def html_tables(path, conf=0.95, allow_partial=False):
    """Declare the HTML report's tables (html_report): results, arms, first mover and side, means,
    characters, end reasons, off-table fates, objectives, initiative, unmoved units, order rolls
    (the all-armies tables for a file swept over both armies' lists)."""
    if _matchups(path, allow_partial):
        return warmaster_matchups.html_tables(path, conf, allow_partial)
    prov, tabs = read(path, allow_partial)
    out = [Table("Results by arm and army", results_frame(tabs, conf)),
           Table("Pooled over all arms (both sides, all pairings)", pooled_frame(tabs, conf), plot=True),
           Table("Arms", arms_frame(prov))]
    try:
        games = load.games_frame(path, allow_partial)
    except ValueError:
        games = None
    if games is not None:
        armies = list(tabs["results"].coords["army"].values)
        out += [Table("Win rate by who moved first (all arms)", first_frame(games, armies, conf), plot=True),
                Table("Win rate by table side (all arms)", side_frame(games, armies, conf).query("games > 0"),
                      plot=True),
                Table("Means per game, by army and arm", means_frame(games), "arm n: row n of Arms.", index=True),
                Table("Orders by character, means per game and arm", character_frame(games), index=True)]
    out += [Table("Games by end reason", tabs["end_reasons"].to_pandas(), index=True),
            Table("Units that left the table, by fate at the end (totals)", _unstack(tabs["off_table"], "fate"),
                  index=True),
            Table("Objective zones held at the end (share of games)",
                  _unstack(tabs["zones"] / tabs["games"], "zone"), index=True,
                  percent=tuple(str(z) for z in tabs["zones"].coords["zone"].values)),
            Table("Initiative choices by outcome (totals)", _unstack(tabs["initiative"], "action"), index=True)]
    if "unmoved" in tabs:
        by_arm, by_policy = unmoved_frame(tabs, prov)
        out += [Table("Units left unmoved when orders were available, by policy", by_policy,
                      "Unit-turns of one game are not independent: no interval.", percent=("share",)),
                Table("Units left unmoved when orders were available, by arm and army", by_arm, percent=("share",))]
    orders = orders_frame(tabs, load.blunder_on_12(prov), conf)
    if len(orders):
        out.append(Table("Order rolls by player, Command, penalty and order number vs exact", orders,
                         "outside: the exact value lies outside the interval.", percent=("exact",)))
    return out
