"""Every army list against every other: the report of a warmaster-battle
file swept over the two armies' lists (`sweep:` axes on armies[0].list and
armies[1].list, as experiments/studies/all-armies.yaml does).

Each arm is one pairing: list A as armies[0], list B as armies[1]. The
measures are per army and game, read off the per-game rows:

- orders given per turn and order rolls failed per turn (orders_given,
  orders_failed over turns played);
- initiative charges per game;
- turn of first contact: the turn of the army's first charge, a game
  without one counted as the turn after the last;
- objective zones held at the end;
- units never moved (units_never_moved).

Per pairing: each side's mean over the pairing's games with a normal 95%
interval (games of one pairing are independent). Per list: the mean over
every game it played, on either side, against every list; its interval and
the ranking's come from the games' dice: game i of every pairing rolled the
same dice (common random numbers), so the games are resampled by their
index i (a cluster bootstrap over the dice, with a fixed seed), which keeps
the pairings' and lists' shared dice together. A list's rank interval is
the 2.5th to 97.5th percentile of its rank over the resamples.

Combat, shooting and magic are not simulated: a ranking here is of command,
initiative and movement only, what our rules texts cover.
"""

from pathlib import Path

import h5py
import numpy as np
import pandas as pd
import yaml

from . import load, stats
from .html_report import Table

LIST_PATHS = ("armies[0].list", "armies[1].list")

# (column key, title, how each army's value of a game is computed)
MEASURES = (
    ("orders_per_turn", "orders given per turn"),
    ("failed_per_turn", "order rolls failed per turn"),
    ("initiative_charges", "initiative charges per game"),
    ("first_contact", "turn of first contact (turn after the last: none)"),
    ("zones_held", "objective zones held at the end"),
    ("never_moved", "units never moved"),
)
BOOTSTRAP = 1000
BOOTSTRAP_SEED = 20261128

NOT_SIMULATED = ("Combat, shooting and magic are not simulated: units that meet stay in contact and nothing is "
                 "destroyed by fighting. These measures, and the ranking, are of command, initiative and movement "
                 "only (what our rules texts cover), not of who would win a battle.")


def list_axes(prov):
    """Return the names of the sweep axes over armies[0].list and armies[1].list,
    or None when the file is not such a sweep."""
    sweep = (prov.get("experiment_yaml") or {}).get("sweep") or []
    by_path = {a.get("path"): a.get("name") for a in sweep}
    if prov.get("ruleset") != "warmaster-battle" or not all(p in by_path for p in LIST_PATHS):
        return None
    return tuple(by_path[p] for p in LIST_PATHS)


def list_name(value, prov):
    """Return the army name of a list file (its `army:`), read beside the
    experiment when it is there; otherwise the file's stem."""
    base = Path(prov.get("experiment_path") or ".").parent
    try:
        with open(base / value, encoding="utf-8") as f:
            return str(yaml.safe_load(f)["army"])
    except (OSError, KeyError, TypeError, yaml.YAMLError):
        return Path(value).stem


def observations(path, allow_partial=False):
    """Return one row per army and game: game index i (its dice), arm, side
    (0: armies[0]), list, opponent, and each measure of MEASURES."""
    prov = load.provenance(path, allow_partial)
    axes = list_axes(prov)
    if axes is None:
        raise ValueError(f"{path}: not a sweep over armies[0].list and armies[1].list")
    games = load.games_frame(path, allow_partial)
    coords = load.sweep_coords(path, allow_partial)
    with load.open_results(path, allow_partial) as f:
        armies = [load._plain(v) for v in f["games/army"][()]]
        last_turn = len(f["battle/turn"]) - 1
        arms = len(f["battle/arm"])
    names = {v: list_name(v, prov) for v in pd.unique(coords[list(axes)].to_numpy().ravel())}
    arm = games["arm"].to_numpy().astype(int)
    turns = games["turns"].to_numpy().astype(float)
    parts = []
    for side, label in enumerate(armies):
        def col(name):
            return games[f"{name}[{label}]"].to_numpy().astype(float)
        contact = col("first_contact_turn")
        parts.append(pd.DataFrame({
            "i": games.index.to_numpy() // arms, "arm": arm, "side": side,
            "list": [names[v] for v in coords[axes[side]].to_numpy()[arm]],
            "opponent": [names[v] for v in coords[axes[1 - side]].to_numpy()[arm]],
            "orders_per_turn": col("orders_given") / np.maximum(turns, 1),
            "failed_per_turn": col("orders_failed") / np.maximum(turns, 1),
            "initiative_charges": col("initiative_charges"),
            "first_contact": np.where(contact > 0, contact, last_turn + 1),
            "zones_held": col("zones_held"),
            "never_moved": col("units_never_moved"),
        }))
    return pd.concat(parts, ignore_index=True)


def pair_frame(obs, conf=0.95):
    """Return per pairing (list A v list B) and measure: each side's mean and
    its normal interval (columns A, A_lo, A_hi, B, B_lo, B_hi, games)."""
    z = stats.z_value(conf)
    rows = []
    for (arm, side), g in obs.groupby(["arm", "side"]):
        for key, _ in MEASURES:
            x = g[key].to_numpy()
            half = z * x.std(ddof=1) / np.sqrt(len(x)) if len(x) > 1 else np.nan
            rows.append({"arm": arm, "side": side, "measure": key, "list": g["list"].iat[0],
                         "opponent": g["opponent"].iat[0], "games": len(x), "mean": x.mean(),
                         "lo": x.mean() - half, "hi": x.mean() + half})
    long = pd.DataFrame(rows)
    a = long[long.side == 0].set_index(["arm", "measure"])
    b = long[long.side == 1].set_index(["arm", "measure"])
    out = pd.DataFrame({"list A": a["list"], "list B": a["opponent"], "games": a["games"],
                        "A": a["mean"], "A_lo": a["lo"], "A_hi": a["hi"],
                        "B": b["mean"], "B_lo": b["lo"], "B_hi": b["hi"]})
    return out.reset_index()


def _cluster_means(obs, key, lists):
    """Return an (n_i, n_lists) array: each list's mean of key over its observations of game index i."""
    table = obs.pivot_table(index="i", columns="list", values=key, aggfunc="mean")
    return table.reindex(columns=lists).to_numpy()


def army_frame(obs, conf=0.95):
    """Return per list and measure: mean over all its games, interval and rank interval.

    Columns: measure, list, mean, lo, hi, rank (1: highest mean), rank_from,
    rank_to (the rank interval), observations. The interval and the rank interval come from a
    cluster bootstrap over the game index (the dice), BOOTSTRAP resamples
    with BOOTSTRAP_SEED; the interval is the percentile interval.
    """
    lists = sorted(obs["list"].unique())
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    n_i = obs["i"].nunique()
    picks = rng.integers(0, n_i, size=(BOOTSTRAP, n_i))
    alpha = (1 - conf) / 2
    counts = obs.groupby("list").size().reindex(lists)
    rows = []
    for key, _ in MEASURES:
        m = _cluster_means(obs, key, lists)           # every list plays every game index equally often
        mean = m.mean(axis=0)
        boot = m[picks].mean(axis=1)                  # (BOOTSTRAP, n_lists)
        ranks = (-boot).argsort(axis=1).argsort(axis=1) + 1
        rank = (-mean).argsort().argsort() + 1
        lo, hi = np.quantile(boot, [alpha, 1 - alpha], axis=0)
        r_lo, r_hi = np.quantile(ranks, [alpha, 1 - alpha], axis=0)
        for j, name in enumerate(lists):
            rows.append({"measure": key, "list": name, "mean": mean[j], "lo": lo[j], "hi": hi[j],
                         "rank": int(rank[j]), "rank_from": int(np.floor(r_lo[j])), "rank_to": int(np.ceil(r_hi[j])),
                         "observations": int(counts[name])})
    return pd.DataFrame(rows).sort_values(["measure", "rank"], kind="stable").reset_index(drop=True)


def heat_matrix(pairs, key):
    """Return the list A x list B matrix of side A's mean of measure key."""
    p = pairs[pairs.measure == key]
    return p.pivot(index="list A", columns="list B", values="A")


def plot_heatmaps(pairs, out_path, title):
    """Save one heat map per measure (rows list A, columns list B, colour A's mean); returns out_path."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(3, 2, figsize=(16, 23), layout="constrained")
    for ax, (key, name) in zip(axes.ravel(), MEASURES):
        m = heat_matrix(pairs, key)
        im = ax.imshow(m.to_numpy(), cmap="viridis", aspect="equal")
        ax.set_xticks(range(len(m.columns)), m.columns, rotation=90, fontsize=7)
        ax.set_yticks(range(len(m.index)), m.index, fontsize=7)
        ax.set_xlabel("list B (the opponent)")
        ax.set_ylabel("list A")
        ax.set_title(f"list A's {name}", fontsize=10)
        fig.colorbar(im, ax=ax, shrink=0.7)
    fig.suptitle(title)
    fig.savefig(out_path, dpi=80)
    plt.close(fig)
    return out_path


def format_report(path, obs, pairs, army, prov, conf=0.95):
    """Return the text report: what was played, the ranking of the lists by each measure, and the pairs."""
    level = f"{100 * conf:g}%"
    lines = [f"muster Warmaster all-armies report: {path}",
             f"  {prov.get('games_complete'):,} games; {pairs['arm'].nunique()} pairings of {obs['list'].nunique()} lists,"
             f" {int(pairs['games'].iat[0])} games each; seed {prov.get('seed')}, muster {prov.get('tool_version')}"
             f" (commit {prov.get('git_commit')})", "", NOT_SIMULATED, "",
             f"Per list: mean over every game it played (either side, every opponent), {level} interval and rank"
             " interval from a bootstrap over the games' dice (rank 1: the highest mean)."]
    for key, name in MEASURES:
        lines += ["", f"Ranking by {name}",
                  f"  {'rank':>4}  {'list':<16}{'mean':>8}  [{level} interval]   rank interval"]
        for r in army[army.measure == key].itertuples():
            lines.append(f"  {r.rank:>4}  {r.list:<16}{r.mean:>8.3f}  [{r.lo:.3f}, {r.hi:.3f}]"
                         f"   {r.rank_from}-{r.rank_to}")
    lines += ["", f"Per pairing: list A (armies[0], the scenario's first side) v list B; each side's mean per game"
                  f" with its {level} interval. Full table in the HTML report; here each measure's matrix of list A's"
                  " mean (rows A, columns B)."]
    for key, name in MEASURES:
        m = heat_matrix(pairs, key)
        m.columns = [c[:5] for c in m.columns]
        lines += ["", f"List A's {name}", m.round(2).to_string()]
    return "\n".join(lines) + "\n"


def analyse(path, out_dir, conf=0.95, allow_partial=False):
    """Write the report and the heat maps of an all-armies file; return (report text, paths)."""
    path, out_dir = Path(path), Path(out_dir)
    prov = load.provenance(path, allow_partial)
    obs = observations(path, allow_partial)
    pairs, army = pair_frame(obs, conf), army_frame(obs, conf)
    text = format_report(str(path), obs, pairs, army, prov, conf)
    written = [out_dir / f"{path.stem}-report.txt", out_dir / f"{path.stem}-heatmaps.png"]
    written[0].write_text(text, encoding="utf-8")
    plot_heatmaps(pairs, written[1], f"{path.stem}: list A's mean per game against list B, "
                                     f"{prov.get('games_complete'):,} games")
    return text, written


def html_tables(path, conf=0.95, allow_partial=False):
    """Declare the HTML report's tables: the ranking by each measure and every pairing's means."""
    obs = observations(path, allow_partial)
    pairs, army = pair_frame(obs, conf), army_frame(obs, conf)
    out = [Table(f"Ranking by {name}", army[army.measure == key].drop(columns="measure"),
                 NOT_SIMULATED if key == MEASURES[0][0] else "", shares=False, plot=True, labels=("list",))
           for key, name in MEASURES]
    for key, name in MEASURES:
        out.append(Table(f"Per pairing: {name}", pairs[pairs.measure == key].drop(columns=["measure", "arm"]),
                         "A: list A (armies[0]); B: list B; means per game with their intervals.", shares=False))
    return out
