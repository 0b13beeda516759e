"""The Battlesystem analysis (muster_analysis.battlesystem) on files the
muster binary writes from the two Battlesystem studies (a few thousand
games each), and its exact chain against `muster odds --forced-march`."""

import json
import subprocess
from pathlib import Path

import numpy as np
import pytest

from conftest import REPO, muster_bin
from muster_analysis import __main__ as cli
from muster_analysis import battlesystem as bs
from muster_analysis import load

STUDIES = REPO / "experiments" / "studies"


def run_study(directory, name, games):
    exe = muster_bin()
    out = directory / f"{name}.h5"
    proc = subprocess.run([str(exe), "run", str(STUDIES / f"{name}.yaml"), "-o", str(out), "-n", str(games), "-q"],
                          capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        pytest.fail(f"muster run {name}: exit {proc.returncode}: {proc.stderr.strip()}")
    return out


@pytest.fixture(scope="module")
def forced_file(tmp_path_factory):
    return run_study(tmp_path_factory.mktemp("bs-forced"), "forced-march-attrition", 3000)


@pytest.fixture(scope="module")
def charge_file(tmp_path_factory):
    return run_study(tmp_path_factory.mktemp("bs-charge"), "charge-estimate-error", 1000)


def test_schedule_follows_the_forced_policy():
    assert bs.schedule({"name": "forced", "marches": 5}, 8) == ["march"] * 5 + ["rest"] * 3
    assert bs.schedule({"name": "forced", "burst": 3, "rest_rounds": 2}, 8) == \
        ["march"] * 3 + ["rest"] * 2 + ["march"] * 3
    assert bs.schedule({"name": "forced", "rest_rounds": 1}, 5) == ["march", "rest", "march", "rest", "march"]


def test_check_probability_is_the_dice_law():
    assert bs.check_probability(12) == pytest.approx(0.6)
    assert bs.check_probability(25) == pytest.approx(1.0)
    assert bs.check_probability(7, {"dice": 2, "sides": 6}) == pytest.approx(21 / 36)


@pytest.mark.parametrize("morale,args,spec,rounds", [
    (12, ["--marches", "5", "--recover", "3"], {"marches": 5}, 8),
    (9, ["--marches", "6", "--burst", "3", "--rest", "2"], {"burst": 3, "rest_rounds": 2}, 8),
])
def test_exact_chain_equals_muster_odds(morale, args, spec, rounds):
    out = subprocess.run([str(muster_bin()), "odds", "--forced-march", "--morale", str(morale), *args, "--json"],
                         capture_output=True, text=True, check=True).stdout
    got = json.loads(out)
    mine = bs.exact_chain(bs.check_probability(morale), bs.schedule(spec, rounds))
    for r, row in enumerate(got["rounds"]):
        assert np.allclose(mine[r, :len(row["p"])], row["p"], atol=1e-14)
        assert mine[r, len(row["p"]):].sum() == pytest.approx(0, abs=1e-14)


def test_ar_frame_sits_beside_the_exact_chain(forced_file):
    prov, tabs = bs.read(forced_file)
    df = bs.ar_frame(tabs, prov["experiment_yaml"], conf=0.95)
    games = prov["experiment_yaml"]["games"]
    assert df["exact"].notna().all()                   # every unit follows one forced schedule
    assert (df["n"] == 3000).all() and games == 20000  # -n 3000 per arm, one unit per morale
    sums = df.groupby(["arm", "round", "morale"])["exact"].sum()
    assert np.allclose(sums, 1.0)
    assert df.loc[df["exact"] == 0, "units"].eq(0).all()
    assert df["outside"].mean() < 0.10                 # about 5% expected at 95%
    strict = bs.ar_frame(tabs, prov["experiment_yaml"], conf=1 - 1e-7)
    assert not strict["outside"].any()


def test_charge_frame_counts_every_declared_charge(charge_file):
    prov, tabs = bs.read(charge_file)
    df = bs.charge_frame(tabs)
    games = load.games_frame(charge_file)
    assert df["declared"].sum() == games["charges_declared"].sum()
    assert df["made"].sum() == games["charges_made"].sum()
    exact = df[(df["arm"] == "exact") & (df["declared"] > 0)]
    assert list(exact["error_lo_pct"]) == [0] and (exact["success"] == 1.0).all()
    noisy = df[df["arm"] == "normal-30"]
    assert noisy["short"].sum() > 0 and noisy["declared"].sum() > noisy["made"].sum()
    assert ((df["lo"] <= df["success"]) & (df["success"] <= df["hi"]) | df["declared"].eq(0)).all()


def test_cli_dispatches_on_the_ruleset(charge_file, tmp_path):
    assert cli.main([str(charge_file), "--out", str(tmp_path), "-q"]) == 0
    report = (tmp_path / "charge-estimate-error-report.txt").read_text()
    assert "muster Battlesystem report" in report and "by the estimate's relative error" in report
    assert (tmp_path / "charge-estimate-error-charges.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_read_refuses_another_ruleset(muster_run):
    with pytest.raises(ValueError, match="not 'battlesystem'"):
        bs.read(muster_run[0])
