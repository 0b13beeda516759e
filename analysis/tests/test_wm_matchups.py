"""The all-armies analysis (muster_analysis.warmaster_matchups) on a file the
muster binary writes from a small sweep over both armies' lists (three
lists, 3 x 3 pairings), checked against the per-game rows read directly and
against plain runs of single pairings."""

import subprocess

import numpy as np
import pandas as pd
import pytest

from conftest import REPO, muster_bin
from muster_analysis import __main__ as cli
from muster_analysis import load
from muster_analysis import warmaster_matchups as wm

LISTS = ["dwarfs", "goblins", "tomb-kings"]
NAMES = {"dwarfs": "Dwarfs", "goblins": "Goblin", "tomb-kings": "Tomb Kings"}
GAMES = 6  # per pairing

EXPERIMENT = """\
schema: 1
ruleset: warmaster-battle
seed: 5
games: {games}
output:
  per_game_rows: true
scenario: {repo}/experiments/scenarios/meeting-engagement-lines.yaml
armies:
  - {{name: A, list: {a}, points: 2000, random: 1}}
  - {{name: B, list: {b}, points: 2000, random: 1}}
policies:
  - {{sides: [{{name: objective}}, {{name: objective}}]}}
"""


def list_path(name):
    return f"{REPO}/experiments/armies/{name}.yaml"


def run(tmp, name, text):
    exp, out = tmp / f"{name}.yaml", tmp / f"{name}.h5"
    exp.write_text(text)
    proc = subprocess.run([str(muster_bin()), "run", str(exp), "-o", str(out), "-q"], capture_output=True,
                          text=True, timeout=600)
    if proc.returncode != 0:
        pytest.fail(f"muster run {exp}: exit {proc.returncode}: {proc.stderr.strip()}")
    return out


@pytest.fixture(scope="module")
def matchups(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("matchups")
    values = ", ".join(list_path(n) for n in LISTS)
    text = EXPERIMENT.format(games=GAMES, repo=REPO, a=list_path(LISTS[0]), b=list_path(LISTS[0]))
    text += (f"sweep:\n  - {{name: list_a, path: \"armies[0].list\", values: [{values}]}}\n"
             f"  - {{name: list_b, path: \"armies[1].list\", values: [{values}]}}\n")
    return tmp, run(tmp, "matchups", text)


def test_observations_are_the_rows_by_list(matchups):
    _, path = matchups
    obs = wm.observations(path)
    games = load.games_frame(path)
    assert len(obs) == 2 * len(games) == 2 * GAMES * len(LISTS) ** 2
    for arm in range(len(LISTS) ** 2):
        a, b = NAMES[LISTS[arm // len(LISTS)]], NAMES[LISTS[arm % len(LISTS)]]
        rows = games[games["arm"] == arm]
        mine = obs[(obs.arm == arm) & (obs.side == 0)]
        assert set(mine["list"]) == {a} and set(mine["opponent"]) == {b}
        assert list(mine["zones_held"]) == list(rows["zones_held[A]"])
        theirs = obs[(obs.arm == arm) & (obs.side == 1)]
        assert list(theirs["never_moved"]) == list(rows["units_never_moved[B]"])
        assert list(theirs["orders_per_turn"]) == pytest.approx(list(rows["orders_given[B]"] / rows["turns"]))
        assert list(mine["i"]) == list(range(GAMES))  # game i of every arm: the same dice


def test_pairs_and_armies_match_direct_means(matchups):
    _, path = matchups
    obs = wm.observations(path)
    games = load.games_frame(path)
    pairs = wm.pair_frame(obs)
    held = pairs[pairs.measure == "zones_held"].set_index("arm")
    for arm in range(len(LISTS) ** 2):
        x = games.loc[games["arm"] == arm, "zones_held[B]"].to_numpy(float)
        assert held.loc[arm, "B"] == pytest.approx(x.mean())
        half = 1.959964 * x.std(ddof=1) / np.sqrt(len(x))
        assert (held.loc[arm, "B_lo"], held.loc[arm, "B_hi"]) == pytest.approx((x.mean() - half, x.mean() + half))
    army = wm.army_frame(obs)
    for key, _ in wm.MEASURES:
        part = army[army.measure == key].set_index("list")
        for k, name in enumerate(LISTS):
            # its games as list A (arms k*3..k*3+2, side A) and as list B (arms k, k+3, k+6, side B)
            col = {"zones_held": "zones_held", "never_moved": "units_never_moved"}.get(key)
            if col is None:
                continue
            as_a = games.loc[games["arm"] // len(LISTS) == k, f"{col}[A]"]
            as_b = games.loc[games["arm"] % len(LISTS) == k, f"{col}[B]"]
            direct = pd.concat([as_a, as_b]).mean()
            assert part.loc[NAMES[name], "mean"] == pytest.approx(direct)
            assert part.loc[NAMES[name], "observations"] == 2 * GAMES * len(LISTS)
        assert (part["lo"] <= part["mean"] + 1e-12).all() and (part["mean"] <= part["hi"] + 1e-12).all()
        assert ((part["rank_from"] <= part["rank"]) & (part["rank"] <= part["rank_to"])).all()
        assert sorted(part["rank"]) == [1, 2, 3]
        means = part["mean"].sort_values(ascending=False, kind="stable")
        assert list(part.loc[means.index, "rank"]) == [1, 2, 3]  # rank 1: the highest mean


def test_ranking_separates_lists_that_differ():
    """Three lists whose every game gives 3, 2 and 1: ranks 1, 2, 3 with no doubt; a fourth tied
    with the third shares its rank interval."""
    rows = []
    for i in range(40):
        for name, value in (("high", 3.0), ("mid", 2.0), ("low", 1.0), ("low2", 1.0 + (i % 2) * 1e-9)):
            rows.append(dict(i=i, arm=0, side=0, list=name, opponent="x",
                             **{key: value for key, _ in wm.MEASURES}))
    army = wm.army_frame(pd.DataFrame(rows))
    part = army[army.measure == "zones_held"].set_index("list")
    assert part.loc["high", "rank"] == 1 and part.loc["mid", "rank"] == 2
    assert (part.loc["high", "rank_from"], part.loc["high", "rank_to"]) == (1, 1)
    assert part.loc["high", "lo"] == part.loc["high", "hi"] == 3.0
    assert {part.loc["low", "rank"], part.loc["low2", "rank"]} == {3, 4}


def test_a_pairing_is_its_plain_run(matchups):
    tmp, path = matchups
    k = 1 * len(LISTS) + 2  # goblins v tomb-kings
    plain = run(tmp, "plain", EXPERIMENT.format(games=GAMES, repo=REPO, a=list_path("goblins"),
                                                 b=list_path("tomb-kings")))
    swept = load.games_frame(path)
    swept = swept[swept["arm"] == k].reset_index(drop=True)
    alone = load.games_frame(plain).reset_index(drop=True)
    for col in alone.columns:
        if col == "arm" or col.startswith("character_"):  # arm renumbered; character slots by position
            continue
        assert list(swept[col]) == list(alone[col]), col


def test_report_says_what_is_not_simulated(matchups, tmp_path):
    _, path = matchups
    text, written = cli.analyse(path, tmp_path, html=True)
    assert "Combat, shooting and magic are not simulated" in text
    assert "Ranking by objective zones held at the end" in text
    assert "Differences to the baseline arm" not in text  # pairings are not each compared with the first
    names = sorted(p.name for p in written)
    assert names == ["matchups-heatmaps.png", "matchups-report.html", "matchups-report.txt"]
    page = (tmp_path / "matchups-report.html").read_text()
    assert "Per pairing: units never moved" in page and "not simulated" in page


def test_labels_of_a_sweep_over_armies(matchups):
    """Axes over the arms keep each point's own labels; other axes whose labels differ between
    points (the army names, the characters) are labelled by position; those that agree are kept."""
    tmp, path = matchups
    import h5py
    with h5py.File(path) as f:
        assert [v.decode() for v in f["battle/army"][()]] == ["A", "B"]  # named alike at every point
        assert [v.decode() for v in f["games/character"][()]] == [str(i) for i in range(32)]
    text = EXPERIMENT.format(games=2, repo=REPO, a=list_path("dwarfs"), b=list_path("dwarfs"))
    text = text.replace("name: A, ", "").replace("name: B, ", "")  # armies named after their lists
    text += f"sweep:\n  - {{name: list_a, path: \"armies[0].list\", values: [{list_path('dwarfs')}, " \
            f"{list_path('goblins')}]}}\n"
    unnamed = run(tmp, "unnamed", text)
    with h5py.File(unnamed) as f:
        assert [v.decode() for v in f["battle/army"][()]] == ["0", "1"]
        players = [v.decode() for v in f["battle/player"][()]]
    assert players[0].startswith("objective-vs-objective | Dwarfs | list_a=")
    assert players[2].startswith("objective-vs-objective | Goblin | list_a=")
    assert players[3].startswith("objective-vs-objective | Dwarfs | list_a=") and "goblins.yaml" in players[3]
