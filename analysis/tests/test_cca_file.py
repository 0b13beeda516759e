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
