"""The cca analysis (muster_analysis.cca) on a file the muster binary
writes from the example experiment: its count tables agree with the
per-game rows, shares sit inside their Wilson intervals, and the CLI
writes the report and the figure."""

import subprocess

import numpy as np
import pytest

from conftest import REPO, muster_bin
from muster_analysis import __main__ as cli
from muster_analysis import cca, load

EXAMPLE = REPO / "experiments" / "examples" / "cca-minimal.yaml"
GAMES = 300


@pytest.fixture(scope="module")
def cca_file(tmp_path_factory):
    out = tmp_path_factory.mktemp("cca") / "cca.h5"
    proc = subprocess.run([str(muster_bin()), "run", str(EXAMPLE), "-o", str(out), "-n", str(GAMES), "-q"],
                          capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        pytest.fail(f"muster run: exit {proc.returncode}: {proc.stderr.strip()}")
    return out


def test_first_contact_table_matches_the_rows(cca_file):
    _, tabs = cca.read(cca_file)
    games = load.games_frame(cca_file)
    fc = cca.first_contact_frame(tabs)
    for arm_index, (arm, g) in enumerate(fc.groupby("arm", sort=False)):
        rows = games[games["arm"] == arm_index]
        assert g["n"].iloc[0] == len(rows) == GAMES
        want = [int((rows["first_section"] == s).sum()) for s in (0, 1, 2)] + [int((rows["first_section"] < 0).sum())]
        assert list(g["games"]) == want
    assert ((fc["lo"] <= fc["share"]) & (fc["share"] <= fc["hi"])).all()


def test_orders_and_triangles_are_coherent(cca_file):
    _, tabs = cca.read(cca_file)
    od = cca.orders_frame(tabs)
    assert (od["used"] <= od["issued"]).all()
    turns = len(tabs["first_adjacency"]["turn"]) - 2  # 0 .. turns, and "never"
    assert turns == 10
    per_side = od.groupby(["arm", "side"])["cards"].sum()
    assert (per_side == GAMES * turns).all()  # one card a side a game turn
    games = load.games_frame(cca_file)
    tr = cca.triangle_frame(tabs)
    assert tr["dash"].sum() == games[[c for c in games.columns if c.startswith("triangle_dash")]].to_numpy().sum()
    assert tr["battle"].sum() == games[[c for c in games.columns if c.startswith("triangle_battle")]].to_numpy().sum()
    ft = cca.first_turn_frame(tabs)
    assert (ft["with_contact"] <= ft["games"]).all()
    assert ((ft["mean_turn"] >= 0) & (ft["mean_turn"] <= 10)).all()


def test_cli_writes_report_and_figure(cca_file, tmp_path):
    assert cli.main([str(cca_file), "--out", str(tmp_path), "-q"]) == 0
    text = (tmp_path / "cca-report.txt").read_text()
    assert "Where the first contact came" in text and "Wilson" in text
    assert (tmp_path / "cca-first-contact.png").stat().st_size > 1000
    assert cli.analysis_module("cca") is cca
    assert np.isfinite(cca.leaders_frame(cca.read(cca_file)[1])["joins_per_game"]).all()


def test_ratio_ci_is_the_normal_interval_of_one_trial_a_game():
    # one order a game: the share's interval with the games as trials is
    # the normal one, r +- z sqrt(sum((x - r)^2) / ((n - 1) n))
    x = np.array([1, 0, 1, 1, 0, 1, 1, 1, 0, 1])
    r, n = 0.7, 10
    half = 1.959963984540054 * np.sqrt(((x - r) ** 2).sum() / ((n - 1) * n))
    lo, hi = cca.ratio_ci(x, np.ones(n))
    assert lo == pytest.approx(r - half, abs=1e-12) and hi == pytest.approx(r + half, abs=1e-12)
    assert np.isnan(cca.ratio_ci(np.ones(5), np.ones(5))[0])  # a share of 1: no normal interval


def test_ratio_ci_widens_when_a_game_uses_all_its_orders_or_none():
    # 40 games of 10 orders, each game using all or none: 400 orders but
    # only 40 independent trials, so the interval by game is about
    # sqrt(10) times Wilson's
    used = np.array([10] * 18 + [0] * 22)
    lo, hi = cca.ratio_ci(used, np.full(40, 10))
    wlo, whi = cca.stats.wilson(int(used.sum()), 400)
    assert 2.5 < (hi - lo) / (whi - wlo) < 3.5


def test_per_game_means_and_intervals_come_from_the_rows(cca_file):
    prov, tabs = cca.read(cca_file)
    games = cca.read_rows(cca_file)
    arms = [str(a) for a in tabs["games"]["arm"].values]
    sides = [str(s) for s in tabs["orders"]["side"].values]
    pg = cca.per_game_frame(games, arms, sides)
    assert list(pg["side"][:2]) == sides and len(pg) == len(arms) * len(sides)
    r = pg[(pg["arm"] == arms[3]) & (pg["side"] == sides[1])].iloc[0]
    col = games[games["arm"] == 3][f"unit_hexes[{sides[1]}]"].astype(float)
    assert r["unit_hexes"] == pytest.approx(col.mean())
    assert r["unit_hexes_half"] == pytest.approx(1.959963984540054 * col.std(ddof=1) / np.sqrt(len(col)))
    ft = cca.first_turn_frame(tabs)
    hit = games[(games["arm"] == 0) & (games["first_adjacency"] >= 0)]["first_adjacency"].astype(float)
    assert ft["mean_turn"][0] == pytest.approx(hit.mean())
    assert ft["half"][0] == pytest.approx(1.959963984540054 * hit.std(ddof=1) / np.sqrt(len(hit)))
    od = cca.orders_frame(tabs, games=games)
    inside = od.dropna(subset=["by_game_lo"])
    assert len(inside) > 0
    assert ((inside["by_game_lo"] <= inside["share"]) & (inside["share"] <= inside["by_game_hi"])).all()
    text = cca.format_report(str(cca_file), data=(prov, tabs, games))
    assert "CI by game %" in text and "unit hexes" in text
    assert "no per-game rows" in cca.format_report(str(cca_file), data=(prov, tabs, None))
