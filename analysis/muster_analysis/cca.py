"""Commands & Colors: Ancients results files (ruleset "cca"): where and
when the armies first come to grips, how the cards' orders are used, the
triangle infantry's choice between moving 1 and battling or moving 2, the
leaders' joins, splits and escapes, and the hexes moved; every share with
its Wilson interval, every mean with its normal interval.

The shares and the turn of first contact come from the count tables of
/cca (sums over games, so any thread count gives the same file). The
orders and triangle tables pool every order of every game, so Wilson
treats each order as its own trial; orders of one game are not
independent, and where the file has per-game rows the report also gives
the interval of the same share with the games as the trials (a ratio of
per-game sums, by the delta method). The per-game means (hexes moved,
leaders) need those rows too. A game's "first contact" is the first
order after which a unit stands next to an enemy unit (counted in the
board section of that unit, sides[0]'s view; a hex on a section line is
centre); "never" are games that ended without one.
"""

import numpy as np
import pandas as pd

from . import load, stats
from . import report_parts as rp
from .html_report import Table

GROUP = "cca"
RULESET = "cca"


def read(path, allow_partial=False):
    """Return (provenance, count tables of /cca) of a results file."""
    return rp.read_tables(path, RULESET, GROUP, allow_partial)


def read_rows(path, allow_partial=False):
    """Return the per-game rows of a results file, or None when it was
    written without them."""
    try:
        return load.games_frame(path, allow_partial)
    except ValueError:
        return None


def _labels(table, dim):
    """The labels of a count table's dimension dim, as text."""
    return [str(x) for x in table[dim].values]


def ratio_ci(num, den, conf=0.95):
    """Return (lo, hi) of the share sum(num) / sum(den) with the games as
    the trials: num[g], den[g] are game g's counts, and the variance of the
    ratio of their means is the delta method's, sum((num - r den)^2) /
    ((n - 1) n mean(den)^2). NaN when there are fewer than 2 games or no
    trials, and where the share is 0 or 1 (every residual is then 0 and
    the normal approximation says nothing; the Wilson interval does)."""
    num, den = np.asarray(num, dtype=float), np.asarray(den, dtype=float)
    n, total = len(num), den.sum()
    if n < 2 or total == 0:
        return np.nan, np.nan
    r = num.sum() / total
    if r in (0.0, 1.0):
        return np.nan, np.nan
    var = ((num - r * den) ** 2).sum() / ((n - 1) * n * (total / n) ** 2)
    half = stats.z_value(conf) * np.sqrt(var)
    return max(0.0, r - half), min(1.0, r + half)


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


def first_turn_frame(tabs, conf=0.95):
    """Return, per arm: games, games with a contact, and the mean (with the
    half-width of its normal interval at conf, `half`) and quartiles of the
    game turn of first contact among them (0: at deployment)."""
    t = tabs["first_adjacency"]
    turns = t["turn"].values
    rows = []
    for arm in t["arm"].values:
        cells = t.sel(arm=arm).values.astype(float)
        n = cells.sum()
        hit = cells[:-1]  # the last cell is "never"
        k = hit.sum()
        mean, half, _ = stats.mean_ci(turns[:-1], hit, conf)
        cum = np.cumsum(hit) / k if k else np.zeros_like(hit)
        q = [float(turns[:-1][np.searchsorted(cum, x)]) if k else np.nan for x in (0.25, 0.5, 0.75)]
        rows.append((str(arm), int(n), int(k), mean, half, *q))
    return pd.DataFrame(rows, columns=["arm", "games", "with_contact", "mean_turn", "half", "q1", "median", "q3"])


def _game_ci(df, games, arms, num, den, conf):
    """Add to df the game-clustered interval (ratio_ci) of each row's share:
    the share again as `by_game` (so the report shows it with this
    interval) and the interval as `by_game_lo`, `by_game_hi`; num(row),
    den(row) name its per-game columns. NaN without rows."""
    lo, hi = [], []
    for r in df.itertuples():
        if games is None:
            lo.append(np.nan), hi.append(np.nan)
            continue
        g = games[games["arm"] == arms.index(r.arm)]
        a, b = ratio_ci(g[num(r)], g[den(r)], conf)
        lo.append(a), hi.append(b)
    df["by_game"], df["by_game_lo"], df["by_game_hi"] = df["share"], lo, hi
    return df


def orders_frame(tabs, conf=0.95, games=None):
    """Return, per arm, side and (the player's) section: cards played, orders
    issued (units the cards named), used (pieces ordered), the share used
    with its Wilson interval (lo, hi) and, given the per-game rows, its
    interval with the games as the trials (by_game_lo, by_game_hi)."""
    t, c = tabs["orders"], tabs["cards"]
    rows = []
    for arm in t["arm"].values:
        for side in t["side"].values:
            for sec in t["section"].values:
                issued, used = (int(x) for x in t.sel(arm=arm, side=side, section=sec).values)
                rows.append((str(arm), str(side), str(sec), int(c.sel(arm=arm, side=side, section=sec)), issued,
                             used))
    df = rp.share(pd.DataFrame(rows, columns=["arm", "side", "section", "cards", "issued", "used"]), "used", "issued",
                  conf)
    arms = _labels(t, "arm")
    return _game_ci(df, games, arms, lambda r: f"orders_used[{r.side} {r.section}]",
                    lambda r: f"orders_issued[{r.side} {r.section}]", conf)


def triangle_frame(tabs, conf=0.95, games=None):
    """Return, per arm and side, triangle infantry moves: 1 hex and battle
    vs 2 hexes and no battle, the share that moved 2 with its Wilson
    interval and, given the per-game rows, its game-clustered one."""
    t = tabs["triangle"]
    rows = []
    for arm in t["arm"].values:
        for side in t["side"].values:
            battle, dash = (int(x) for x in t.sel(arm=arm, side=side).values)
            rows.append((str(arm), str(side), battle, dash, battle + dash))
    df = rp.share(pd.DataFrame(rows, columns=["arm", "side", "battle", "dash", "moves"]), "dash", "moves", conf)
    if games is not None:
        games = games.copy()
        for side in t["side"].values:
            games[f"triangle_moves[{side}]"] = games[f"triangle_dash[{side}]"] + games[f"triangle_battle[{side}]"]
    arms = _labels(t, "arm")
    return _game_ci(df, games, arms, lambda r: f"triangle_dash[{r.side}]", lambda r: f"triangle_moves[{r.side}]",
                    conf)


# The per-game statistics per_game_frame reports, as (column stem, label).
PER_GAME = (("unit_hexes", "unit hexes"), ("units_moved", "units moved"), ("leader_hexes", "leader hexes"),
            ("leader_joins", "joins"), ("leader_splits", "splits"), ("leader_escapes", "escapes"))


def per_game_frame(games, arms, sides, conf=0.95):
    """Return, per arm and side (arms, sides: their labels in the tables'
    order), the mean per game of each PER_GAME statistic (column stem) with
    the half-width of its normal interval at conf (stem_half), from the
    per-game rows."""
    rows = []
    for i, arm in enumerate(arms):
        g = games[games["arm"] == i]
        for side in sides:
            row = {"arm": arm, "side": side, "games": len(g)}
            for stem, _ in PER_GAME:
                row[stem], row[stem + "_half"], _n = stats.mean_ci(g[f"{stem}[{side}]"], np.ones(len(g)), conf)
            rows.append(row)
    return pd.DataFrame(rows)


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


def _mean(m, half):
    """A mean and its interval's half-width as text ("1.23 +- 0.04")."""
    return "n/a" if np.isnan(m) else (f"{m:.2f}" if np.isnan(half) else f"{m:.2f} +- {half:.2f}")


def format_report(path, conf=0.95, allow_partial=False, data=None):
    """Return the cca report of a results file as plain text; data, if
    given, is (provenance, tables, per-game rows or None) as read and
    read_rows return them."""
    prov, tabs, games = data if data is not None else (*read(path, allow_partial), read_rows(path, allow_partial))
    level = f"{100 * conf:g}%"
    arms = _labels(tabs["games"], "arm")
    out = rp.heading("Commands & Colors: Ancients", path, prov)
    fc = first_contact_frame(tabs, conf)
    out.append(f"Where the first contact came (board section, sides[0]'s view): share of games ({level} Wilson CI)")
    out.append(f"{'arm':<24} {'section':>8} {'games':>8} {'share %':>8} {'CI %':>17}")
    for r in fc.itertuples():
        out.append(f"{r.arm:<24} {r.section:>8} {r.games:>8} {rp.pct(r.share):>8} {rp.ci(r.lo, r.hi):>17}")
    out.append("")
    ft = first_turn_frame(tabs, conf)
    out.append(f"When: game turn of the first contact (games with one; mean +- the half-width of its {level} interval)")
    out.append(f"{'arm':<24} {'games':>8} {'contact':>8} {'mean turn':>14} {'q1':>4} {'median':>6} {'q3':>4}")
    for r in ft.itertuples():
        out.append(f"{r.arm:<24} {r.games:>8} {r.with_contact:>8} {_mean(r.mean_turn, r.half):>14} {r.q1:>4.0f} "
                   f"{r.median:>6.0f} {r.q3:>4.0f}")
    out.append("")
    clustered = games is not None
    by_game = f" {'CI by game %':>17}" if clustered else ""
    od = orders_frame(tabs, conf, games)
    out.append(f"Orders by side and the player's section: issued (by the cards), used, share used ({level} Wilson CI, "
               "each order a trial" + ("; and with each game a trial)" if clustered else ")"))
    out.append(f"{'arm':<24} {'side':<10} {'section':>8} {'cards':>8} {'issued':>8} {'used':>8} {'used %':>7} "
               f"{'CI %':>17}{by_game}")
    for r in od.itertuples():
        extra = f" {rp.ci(r.by_game_lo, r.by_game_hi):>17}" if clustered else ""
        out.append(f"{r.arm:<24} {r.side:<10} {r.section:>8} {r.cards:>8} {r.issued:>8} {r.used:>8} "
                   f"{rp.pct(r.share):>7} {rp.ci(r.lo, r.hi):>17}{extra}")
    out.append("")
    tr = triangle_frame(tabs, conf, games)
    out.append(f"Triangle infantry: moved 1 hex and may battle vs 2 hexes and no battle ({level} CI of the 2-hex share)")
    out.append(f"{'arm':<24} {'side':<10} {'1 hex':>8} {'2 hexes':>8} {'2-hex %':>8} {'CI %':>17}{by_game}")
    for r in tr.itertuples():
        extra = f" {rp.ci(r.by_game_lo, r.by_game_hi):>17}" if clustered else ""
        out.append(f"{r.arm:<24} {r.side:<10} {r.battle:>8} {r.dash:>8} {rp.pct(r.share):>8} "
                   f"{rp.ci(r.lo, r.hi):>17}{extra}")
    out.append("")
    if clustered:
        pg = per_game_frame(games, arms, _labels(tabs["orders"], "side"), conf)
        out.append(f"Per game: hexes moved by units and by lone leaders, units moved, leaders' joins (a unit joining him "
                   f"or he a unit), splits and escapes by the baseline (mean +- the half-width of its {level} interval)")
        out.append(f"{'arm':<24} {'side':<10} " + " ".join(f"{label:>15}" for _, label in PER_GAME))
        for r in pg.to_dict("records"):
            out.append(f"{r['arm']:<24} {r['side']:<10} " +
                       " ".join(f"{_mean(r[stem], r[stem + '_half']):>15}" for stem, _ in PER_GAME))
    else:
        ld = leaders_frame(tabs)
        out.append("Leaders per game: joins (a unit joining him or he a unit), splits, escapes by the baseline "
                   "(no intervals: the file has no per-game rows)")
        out.append(f"{'arm':<24} {'side':<10} {'joins':>7} {'splits':>7} {'escapes':>8}")
        for r in ld.itertuples():
            out.append(f"{r.arm:<24} {r.side:<10} {r.joins_per_game:>7.3f} {r.splits_per_game:>7.3f} "
                       f"{r.escapes_per_game:>8.3f}")
    out.append("")
    return "\n".join(out)


def analyse(path, out_dir, conf=0.95, allow_partial=False):
    """Write DIR/<stem>-report.txt and DIR/<stem>-first-contact.png; return (report text, paths)."""
    data = (*read(path, allow_partial), read_rows(path, allow_partial))
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
    games = read_rows(path, allow_partial)
    arms = _labels(tabs["games"], "arm")
    per_game = ([Table("Per game: hexes moved, units moved, leaders' joins, splits, escapes (mean, half-width)",
                       per_game_frame(games, arms, _labels(tabs["orders"], "side"), conf))] if games is not None else
                [Table("Leaders per game: joins, splits, escapes by the baseline", leaders_frame(tabs))])
    return [Table("Where the first contact came (board section, sides[0]'s view)", first_contact_frame(tabs, conf)),
            Table("When: game turn of the first contact (games with one; mean, half-width)",
                  first_turn_frame(tabs, conf)),
            Table("Orders by side and the player's section: issued by the cards, used",
                  orders_frame(tabs, conf, games), plot=True),
            Table("Triangle infantry: 1 hex and may battle vs 2 hexes and no battle (share: 2 hexes)",
                  triangle_frame(tabs, conf, games), plot=True), *per_game]


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
