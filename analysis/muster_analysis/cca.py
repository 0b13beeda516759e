"""Commands & Colors: Ancients results files (ruleset "cca"): where and
when the armies first come to grips, how the cards' orders are used, the
triangle infantry's choice between moving 1 and battling or moving 2, and
the leaders' joins, splits and escapes; every share with its Wilson
interval.

All figures come from the count tables of /cca (sums over games, so any
thread count gives the same file). A game's "first contact" is the first
order after which a unit stands next to an enemy unit (counted in the
board section of that unit, sides[0]'s view; a hex on a section line is
centre); "never" are games that ended without one.
"""

import numpy as np
import pandas as pd

from . import report_parts as rp
from .html_report import Table

GROUP = "cca"
RULESET = "cca"


def read(path, allow_partial=False):
    """Return (provenance, count tables of /cca) of a results file."""
    return rp.read_tables(path, RULESET, GROUP, allow_partial)


def first_contact_frame(tabs, conf=0.95):
    """Return, per arm and section (left, centre, right, never), the games
    whose first contact came there: games, n (games of the arm), share, lo, hi."""
    t = tabs["first_contact"]
    rows = []
    for arm in t["arm"].values:
        cells = t.sel(arm=arm).values
        n = int(cells.sum())
        for s, c in zip(t["contact_section"].values, cells):
            rows.append((str(arm), str(s), int(c), n))
    return rp.share(pd.DataFrame(rows, columns=["arm", "section", "games", "n"]), "games", "n", conf)


def first_turn_frame(tabs):
    """Return, per arm: games, games with a contact, and the mean and
    quartiles of the game turn of first contact among them (0: at deployment)."""
    t = tabs["first_adjacency"]
    turns = t["turn"].values
    rows = []
    for arm in t["arm"].values:
        cells = t.sel(arm=arm).values.astype(float)
        n = cells.sum()
        hit = cells[:-1]  # the last cell is "never"
        k = hit.sum()
        mean = float((hit * turns[:-1]).sum() / k) if k else np.nan
        cum = np.cumsum(hit) / k if k else np.zeros_like(hit)
        q = [float(turns[:-1][np.searchsorted(cum, x)]) if k else np.nan for x in (0.25, 0.5, 0.75)]
        rows.append((str(arm), int(n), int(k), mean, *q))
    return pd.DataFrame(rows, columns=["arm", "games", "with_contact", "mean_turn", "q1", "median", "q3"])


def orders_frame(tabs, conf=0.95):
    """Return, per arm, side and (the player's) section: cards played, orders
    issued (units the cards named), used (pieces ordered), and the share used."""
    t, c = tabs["orders"], tabs["cards"]
    rows = []
    for arm in t["arm"].values:
        for side in t["side"].values:
            for sec in t["section"].values:
                issued, used = (int(x) for x in t.sel(arm=arm, side=side, section=sec).values)
                rows.append((str(arm), str(side), str(sec), int(c.sel(arm=arm, side=side, section=sec)), issued,
                             used))
    df = pd.DataFrame(rows, columns=["arm", "side", "section", "cards", "issued", "used"])
    return rp.share(df, "used", "issued", conf)


def triangle_frame(tabs, conf=0.95):
    """Return, per arm and side, triangle infantry moves: 1 hex and battle
    vs 2 hexes and no battle, and the share that moved 2."""
    t = tabs["triangle"]
    rows = []
    for arm in t["arm"].values:
        for side in t["side"].values:
            battle, dash = (int(x) for x in t.sel(arm=arm, side=side).values)
            rows.append((str(arm), str(side), battle, dash, battle + dash))
    df = pd.DataFrame(rows, columns=["arm", "side", "battle", "dash", "moves"])
    return rp.share(df, "dash", "moves", conf)


def leaders_frame(tabs):
    """Return, per arm and side, leader joins, splits and escapes per game."""
    t, games = tabs["leaders"], tabs["games"]
    rows = []
    for arm in t["arm"].values:
        n = int(games.sel(arm=arm))
        for side in t["side"].values:
            j, s, e = (int(x) for x in t.sel(arm=arm, side=side).values)
            rows.append((str(arm), str(side), n, j, s, e))
    df = pd.DataFrame(rows, columns=["arm", "side", "games", "joins", "splits", "escapes"])
    for k in ("joins", "splits", "escapes"):
        df[f"{k}_per_game"] = df[k] / df["games"].where(df["games"] > 0, np.nan)
    return df


def format_report(path, conf=0.95, allow_partial=False, data=None):
    """Return the cca report of a results file as plain text."""
    prov, tabs = data if data is not None else read(path, allow_partial)
    level = f"{100 * conf:g}%"
    out = rp.heading("Commands & Colors: Ancients", path, prov)
    fc = first_contact_frame(tabs, conf)
    out.append(f"Where the first contact came (board section, sides[0]'s view): share of games ({level} Wilson CI)")
    out.append(f"{'arm':<24} {'section':>8} {'games':>8} {'share %':>8} {'CI %':>17}")
    for r in fc.itertuples():
        out.append(f"{r.arm:<24} {r.section:>8} {r.games:>8} {rp.pct(r.share):>8} {rp.ci(r.lo, r.hi):>17}")
    out.append("")
    ft = first_turn_frame(tabs)
    out.append("When: game turn of the first contact (games with one)")
    out.append(f"{'arm':<24} {'games':>8} {'contact':>8} {'mean':>6} {'q1':>4} {'median':>6} {'q3':>4}")
    for r in ft.itertuples():
        out.append(f"{r.arm:<24} {r.games:>8} {r.with_contact:>8} {r.mean_turn:>6.2f} {r.q1:>4.0f} "
                   f"{r.median:>6.0f} {r.q3:>4.0f}")
    out.append("")
    od = orders_frame(tabs, conf)
    out.append(f"Orders by side and the player's section: issued (by the cards), used, share used ({level} CI)")
    out.append(f"{'arm':<24} {'side':<10} {'section':>8} {'cards':>8} {'issued':>8} {'used':>8} {'used %':>7} "
               f"{'CI %':>17}")
    for r in od.itertuples():
        out.append(f"{r.arm:<24} {r.side:<10} {r.section:>8} {r.cards:>8} {r.issued:>8} {r.used:>8} "
                   f"{rp.pct(r.share):>7} {rp.ci(r.lo, r.hi):>17}")
    out.append("")
    tr = triangle_frame(tabs, conf)
    out.append(f"Triangle infantry: moved 1 hex and may battle vs 2 hexes and no battle ({level} CI of the 2-hex share)")
    out.append(f"{'arm':<24} {'side':<10} {'1 hex':>8} {'2 hexes':>8} {'2-hex %':>8} {'CI %':>17}")
    for r in tr.itertuples():
        out.append(f"{r.arm:<24} {r.side:<10} {r.battle:>8} {r.dash:>8} {rp.pct(r.share):>8} {rp.ci(r.lo, r.hi):>17}")
    out.append("")
    ld = leaders_frame(tabs)
    out.append("Leaders per game: joins (a unit joining him or he a unit), splits, escapes by the baseline")
    out.append(f"{'arm':<24} {'side':<10} {'joins':>7} {'splits':>7} {'escapes':>8}")
    for r in ld.itertuples():
        out.append(f"{r.arm:<24} {r.side:<10} {r.joins_per_game:>7.3f} {r.splits_per_game:>7.3f} "
                   f"{r.escapes_per_game:>8.3f}")
    out.append("")
    return "\n".join(out)


def analyse(path, out_dir, conf=0.95, allow_partial=False):
    """Write DIR/<stem>-report.txt and DIR/<stem>-first-contact.png; return (report text, paths)."""
    data = read(path, allow_partial)
    text = format_report(str(path), conf, data=data)
    written = [out_dir / f"{path.stem}-report.txt", out_dir / f"{path.stem}-first-contact.png"]
    written[0].write_text(text, encoding="utf-8")
    fc = first_contact_frame(data[1], conf)
    sections = list(dict.fromkeys(fc["section"]))
    arms = list(dict.fromkeys(fc["arm"]))
    plt, fig, ax = rp.figure()
    width = 0.8 / max(1, len(arms))
    for i, arm in enumerate(arms):
        g = fc[fc["arm"] == arm]
        x = np.arange(len(sections)) + i * width
        ax.bar(x, 100 * g["share"], width, label=arm,
               yerr=rp.wilson_yerr(g, "share"), capsize=2)
    ax.set_xticks(np.arange(len(sections)) + 0.4 - width / 2, sections)
    ax.set_ylabel("games (%)")
    ax.set_title(f"{path.stem}: section of the first contact ({100 * conf:g}% Wilson CI)")
    ax.legend(fontsize="small")
    rp.save(plt, fig, written[1])
    return text, written


def html_tables(path, conf=0.95, allow_partial=False):
    """Declare the HTML report's tables (html_report): first contact where and when, orders, triangle
    infantry, leaders."""
    _, tabs = read(path, allow_partial)
    return [Table("Where the first contact came (board section, sides[0]'s view)", first_contact_frame(tabs, conf)),
            Table("When: game turn of the first contact (games with one)", first_turn_frame(tabs)),
            Table("Orders by side and the player's section: issued by the cards, used", orders_frame(tabs, conf),
                  plot=True),
            Table("Triangle infantry: 1 hex and may battle vs 2 hexes and no battle (share: 2 hexes)",
                  triangle_frame(tabs, conf), plot=True),
            Table("Leaders per game: joins, splits, escapes by the baseline", leaders_frame(tabs))]


def centre_first_frame(paths, conf=0.95):
    """Return, for each results file and arm, the games whose first contact
    came in the centre: file, deck (the experiment's `deck:`), arm, games,
    centre, share, lo, hi (Wilson). For comparing card mixes."""
    rows = []
    for path in paths:
        prov, tabs = read(path)
        deck = str((prov.get("experiment_yaml") or {}).get("deck", "?")).rsplit("/", 1)[-1]
        fc = first_contact_frame(tabs, conf)
        for arm, g in fc.groupby("arm", sort=False):
            rows.append((str(path), deck, arm, int(g["n"].iloc[0]), int(g[g["section"] == "centre"]["games"].iloc[0])))
    df = pd.DataFrame(rows, columns=["file", "deck", "arm", "games", "centre"])
    return rp.share(df, "centre", "games", conf)


def two_proportion_p(k1, n1, k2, n2):
    """Return the two-sided p-value of the pooled two-proportion z-test."""
    from statistics import NormalDist
    p = (k1 + k2) / (n1 + n2)
    se = (p * (1 - p) * (1 / n1 + 1 / n2)) ** 0.5
    if se == 0:
        return 1.0
    z = (k1 / n1 - k2 / n2) / se
    return 2 * (1 - NormalDist().cdf(abs(z)))


def _p_text(p):
    if np.isnan(p):
        return ""
    return "<1e-15" if p < 1e-15 else f"{p:.2g}"


def format_centre_first(paths, conf=0.95):
    """Return the card-mix comparison of several files as text: the share of
    games whose first contact came in the centre, per deck and arm, and the
    p-value of each deck against the first file's for the same arm."""
    df = centre_first_frame(paths, conf)
    level = f"{100 * conf:g}%"
    out = [f"Share of games whose first contact came in the centre, by deck ({level} Wilson CI; p: two-proportion "
           "z-test against the first file's deck, same arm)",
           f"{'deck':<28} {'arm':<24} {'games':>7} {'centre':>7} {'share %':>8} {'CI %':>17} {'p':>9}"]
    base = {r.arm: r for r in df[df["file"] == df["file"].iloc[0]].itertuples()}
    for r in df.itertuples():
        b = base.get(r.arm)
        p = two_proportion_p(r.centre, r.games, b.centre, b.games) if b is not None and b.file != r.file else np.nan
        out.append(f"{r.deck:<28} {r.arm:<24} {r.games:>7} {r.centre:>7} {rp.pct(r.share):>8} {rp.ci(r.lo, r.hi):>17} "
                   f"{_p_text(p):>9}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    import sys
    print(format_centre_first(sys.argv[1:]), end="")
