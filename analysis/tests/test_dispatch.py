"""python3 -m muster_analysis picks each file's analysis by its `ruleset`
attribute: the module named after the ruleset, never a list of systems
kept here (the systems are listed only in src/rules/registry.c)."""

import os
import shutil
import subprocess
import sys

import h5py
import pytest
import yaml

from conftest import REPO
from muster_analysis import __main__ as cli


def experiment_rulesets():
    """The `ruleset:` of every experiment file in experiments/ (each registered system has some)."""
    found = set()
    for path in sorted((REPO / "experiments").rglob("*.yaml")):
        doc = yaml.safe_load(path.read_text())
        if isinstance(doc, dict) and isinstance(doc.get("ruleset"), str):
            found.add(doc["ruleset"])
    return sorted(found)


def test_experiments_cover_several_rulesets():
    assert {"warmaster-order-drill", "warmaster-battle", "battlesystem"} <= set(experiment_rulesets())


@pytest.mark.parametrize("ruleset", experiment_rulesets())
def test_every_ruleset_of_the_experiments_has_its_module(ruleset):
    module = cli.analysis_module(ruleset)
    assert module is not None, f"no analysis module for ruleset '{ruleset}'"
    assert module.RULESET == ruleset
    assert module.__name__ == "muster_analysis." + ruleset.replace("-", "_")


@pytest.mark.parametrize("ruleset", ["chess", "load", "stats", "report", "plots", "__main__", "../load",
                                     "Battlesystem", "", None])
def test_a_name_without_its_module_is_no_ruleset(ruleset):
    assert cli.analysis_module(ruleset) is None


def relabelled(src, dst, ruleset):
    """Copy results file src to dst with its ruleset attribute set to ruleset (None: removed)."""
    shutil.copy(src, dst)
    with h5py.File(dst, "r+") as f:
        if ruleset is None:
            del f.attrs["ruleset"]
        else:
            f.attrs["ruleset"] = ruleset
    return dst


@pytest.mark.parametrize("ruleset", ["chess", "stats", None])
def test_unknown_ruleset_gets_one_line_and_its_own_status(synthetic_file, tmp_path, capsys, ruleset):
    path = relabelled(synthetic_file, tmp_path / "other.h5", ruleset)
    assert cli.main([str(path), "--out", str(tmp_path / "out")]) == cli.EXIT_NO_ANALYSIS == 3
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("muster_analysis: error: ")
    assert f"no analysis for ruleset '{ruleset}'" in err[0]
    assert not (tmp_path / "out").exists()  # nothing written


def test_the_command_line_exits_3_for_an_unknown_ruleset(synthetic_file, tmp_path):
    path = relabelled(synthetic_file, tmp_path / "other.h5", "chess")
    env = dict(os.environ, PYTHONPATH=str(REPO / "analysis"))
    proc = subprocess.run([sys.executable, "-m", "muster_analysis", str(path), "--out", str(tmp_path)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 3
    assert proc.stderr.count("\n") == 1 and "no analysis for ruleset 'chess'" in proc.stderr
