"""The Ninth Age analysis (muster_analysis.ninth_age) on a file the muster
binary writes from the example experiment, and its exact odds against
`muster odds --march-test`."""

import json
import subprocess

import pytest

from conftest import REPO, muster_bin
from muster_analysis import __main__ as cli
from muster_analysis import load
from muster_analysis import ninth_age as na

EXAMPLE = REPO / "experiments" / "examples" / "na-minimal.yaml"


@pytest.fixture(scope="module")
def na_file(tmp_path_factory):
    out = tmp_path_factory.mktemp("na") / "na.h5"
    proc = subprocess.run([str(muster_bin()), "run", str(EXAMPLE), "-o", str(out), "-n", "300", "-q"],
                          capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        pytest.fail(f"muster run: exit {proc.returncode}: {proc.stderr.strip()}")
    return out


def test_pass_probability_equals_muster_odds():
    got = json.loads(subprocess.run([str(muster_bin()), "odds", "--march-test", "--json"], capture_output=True,
                                    text=True, check=True).stdout)
    for e in got["pass"]:
        assert na.pass_probability(e["discipline"]) == pytest.approx(e["p_pass"], abs=1e-15)
    assert na.pass_probability(10, {"dice": 3}) == pytest.approx(0.5)


def test_march_frame_counts_the_table_and_fits_exact(na_file):
    prov, tabs, games = na.read(na_file)
    mf = na.march_frame(tabs, prov["experiment_yaml"], conf=1 - 1e-6)
    assert mf["tests"].sum() == int(tabs["march_tests"].sum())
    assert mf["tests"].sum() == int(games["march_tests"].sum())
    assert not mf["outside"].any(), mf[mf["outside"]]


def test_report_and_plot_written(na_file, tmp_path):
    text, written = na.analyse(na_file, tmp_path)
    for want in ("March Tests by Discipline", "objective-vs-line", "flanker-vs-random", "marches denied",
                 "objective reached"):
        assert want in text
    assert all(p.is_file() and p.stat().st_size > 0 for p in written)
    assert cli.analysis_module("ninth-age") is na
    assert load.provenance(na_file)["ruleset"] == "ninth-age"
