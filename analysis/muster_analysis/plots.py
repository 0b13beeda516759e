"""PNG figures of a results file (matplotlib, Agg backend: no display needed)."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from . import stats  # noqa: E402

# Heat-map columns: targets below 2 (never succeed) and from 12 up (always,
# bar blunders) are pooled; 2..11 are one column each.
TARGET_COLUMNS = ["≤1"] + [str(t) for t in range(2, 12)] + ["≥12"]


def _target_column(target):
    return int(np.clip(target, 1, 12)) - 1


def odds_grid(odds):
    """Return (commands, attempts, successes) by Command value x TARGET_COLUMNS.

    odds is report.odds_table's frame. A cell pools every penalty and order
    number with that target. An open (N or more) penalty bin is placed by
    its target's upper bound, which is exact for the pooled "≤1" column.
    Raises ValueError if an open bin's bound is 2 or more.
    """
    if ((odds["penalty_open"]) & (odds["target"] >= 2)).any():
        raise ValueError("an open penalty bin has a target bound of 2 or more: cannot place it")
    commands = sorted(odds["command"].unique(), reverse=True)
    att = np.zeros((len(commands), len(TARGET_COLUMNS)))
    suc = np.zeros_like(att)
    for r in odds.itertuples():
        i, j = commands.index(r.command), _target_column(r.target)
        att[i, j] += r.attempts
        suc[i, j] += r.successes
    return commands, att, suc


def odds_heatmap(odds, out_path, title, blunder_on_12=True):
    """Save a heat map of observed order success (%) by Command value x target score.

    Each cell is annotated with the observed percentage and, below it, the
    exact one; cells without rolls are left blank. Returns out_path.
    """
    commands, att, suc = odds_grid(odds)
    with np.errstate(invalid="ignore", divide="ignore"):
        obs = np.where(att > 0, suc / att, np.nan)
    fig, ax = plt.subplots(figsize=(11, 1.6 + 0.75 * len(commands)), layout="constrained")
    im = ax.imshow(100 * obs, cmap="viridis", vmin=0, vmax=100, aspect="auto")
    targets = [0] + list(range(2, 12)) + [12]
    for i in range(len(commands)):
        for j, t in enumerate(targets):
            if att[i, j] == 0:
                continue
            exact = 100 * stats.success_ways(t, blunder_on_12) / 36
            colour = "black" if obs[i, j] > 0.6 else "white"
            ax.text(j, i - 0.12, f"{100 * obs[i, j]:.1f}", ha="center", va="center",
                    fontsize=10, fontweight="bold", color=colour)
            ax.text(j, i + 0.22, f"exact {exact:.1f}", ha="center", va="center", fontsize=7,
                    color=colour)
    ax.set_xticks(range(len(TARGET_COLUMNS)), TARGET_COLUMNS)
    ax.set_yticks(range(len(commands)), [str(c) for c in commands])
    ax.set_xlabel("target score = Command − penalties (highest 2D6 roll that gives the order)")
    ax.set_ylabel("character's Command value")
    ax.set_title(title)
    fig.colorbar(im, ax=ax, label="observed P(order given) (%)", fraction=0.04)
    fig.savefig(out_path, dpi=120)
    plt.close(fig)
    return out_path


def orders_by_arm(summary, out_path, title, level="95%", method="per-game rows"):
    """Save a bar chart of mean orders given per turn by arm with CI error bars.

    summary and method are report.arm_summary's first and third results
    (orders_mean, orders_hw, games, indexed by arm; how the CI was made).
    Returns out_path.
    """
    fig, ax = plt.subplots(figsize=(max(7.5, 1.4 * len(summary) + 2), 4.5), layout="constrained")
    x = np.arange(len(summary))
    ax.bar(x, summary["orders_mean"], yerr=summary["orders_hw"], capsize=6, color="#4c72b0",
           ecolor="black")
    for xi, (m, hw) in enumerate(zip(summary["orders_mean"], summary["orders_hw"])):
        if np.isnan(m):
            continue
        d = int(np.clip(1 - np.floor(np.log10(hw)), 2, 4)) if hw > 0 else 2
        ax.annotate(f"{m:.{d}f} ± {hw:.{d}f}", (xi, m + (hw if hw > 0 else 0)), xytext=(0, 4),
                    textcoords="offset points", ha="center", va="bottom", fontsize=9)
    many = len(summary) > 4
    ax.set_xticks(x, summary.index, rotation=20 if many else 0, ha="right" if many else "center")
    ax.set_xlabel("arm (order-sequence policy)")
    ax.set_ylabel("orders given per turn (mean)")
    top = float((summary["orders_mean"] + summary["orders_hw"].fillna(0)).max())
    ax.set_ylim(0, 1.15 * top if np.isfinite(top) and top > 0 else 1)
    ax.set_title(f"{title}\nerror bars: {level} confidence interval of the mean (from {method}); "
                 f"{int(summary['games'].min()):,} games per arm", fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    fig.savefig(out_path, dpi=120)
    plt.close(fig)
    return out_path
