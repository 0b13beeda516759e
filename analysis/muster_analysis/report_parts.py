"""What the per-system reports (cca, ninth_age, battlesystem) share:
reading a system's results file, the report's heading, shares with their
Wilson intervals as DataFrame columns, percentages and intervals as text,
and the figure each report draws beside its text."""

import numpy as np

from . import load, stats


def read_tables(path, ruleset, group, allow_partial=False):
    """Return (provenance, count tables of /<group>) of a results file of
    ruleset; ValueError when the file is of another ruleset."""
    prov = load.provenance(path, allow_partial)
    if prov.get("ruleset") != ruleset:
        raise ValueError(f"{path}: ruleset is '{prov.get('ruleset')}', not '{ruleset}'")
    return prov, load.tables(path, group, allow_partial)


def precision_note(prov):
    """Return how a run with a precision target (`muster run --precision`)
    ended, as a clause to follow the games ("" for other runs)."""
    target = prov.get("precision")
    if target is None:
        return ""
    widest = prov.get("precision_widest")
    half = prov.get("precision_half_width")
    if widest is None or half is None:
        return f"; precision target +-{100 * target:g}% (not reached yet)"
    if prov.get("precision_met"):
        return (f"; stopped at its precision target +-{100 * target:g}% (every rate's 95% interval within it;"
                f" widest +-{100 * half:.3g}%: {widest})")
    return (f"; precision target +-{100 * target:g}% NOT met: the cap was hit (widest +-{100 * half:.3g}%: "
            f"{widest}; about {prov.get('precision_games_needed')} games would meet it)")


def heading(system, path, prov, note=""):
    """Return the report's first lines: title, provenance, seed and games
    (with note after the status), and an empty line."""
    return [f"muster {system} report: {path}",
            f"ruleset {prov.get('ruleset')}, muster {prov.get('tool_version')} (commit {prov.get('git_commit')}), "
            f"experiment {prov.get('experiment_path')}",
            f"seed {prov.get('seed')}, games {prov.get('games_complete')} of {prov.get('games_requested')} "
            f"({prov.get('status')}){note}{precision_note(prov)}", ""]


def share(df, k, n, conf, column="share"):
    """Add to df the share df[k] / df[n] as `column` (NaN where n is 0) and
    its Wilson interval at conf as `lo` and `hi`; return df."""
    df[column] = np.where(df[n] > 0, df[k] / df[n].where(df[n] > 0, 1), np.nan)
    df["lo"], df["hi"] = stats.wilson(df[k].to_numpy(), df[n].to_numpy(), conf)
    return df


def pct(x):
    """Return a share as a percentage with two decimals, or n/a (None or NaN)."""
    return "n/a" if x is None or np.isnan(x) else f"{100 * x:.2f}"


def ci(lo, hi):
    """Return an interval of shares as "[lo, hi]" in percent (pct)."""
    return f"[{pct(lo)}, {pct(hi)}]"


def wilson_yerr(g, column):
    """Return matplotlib's yerr, in percent, of the shares g[column] with
    their intervals g["lo"], g["hi"]."""
    return [100 * (g[column] - g["lo"]), 100 * (g["hi"] - g[column])]


def figure():
    """Return (pyplot, figure, axes) of a new 8 x 4.5 in figure drawn
    without a display."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    return plt, fig, ax


def save(plt, fig, path):
    """Lay out fig, write it to path as PNG (100 dpi) and close it."""
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
