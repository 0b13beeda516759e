"""Fixtures: results files made by the muster binary (MUSTER_BIN, default
build/release/muster) from a small experiment, and a synthetic one (synth.py)."""

import os
import subprocess
from pathlib import Path

import pytest

from synth import write_synthetic

REPO = Path(__file__).resolve().parents[2]

# A small order drill: two characters, a brigade, and a unit so far away,
# close to the enemy, in a wood and battered that its penalty falls in the
# last ("15 or more") bin.
SMALL_EXPERIMENT = """\
# analysis tests: a small order drill
schema: 1
ruleset: warmaster-order-drill
seed: 20261121
games: 3000
output:
  file: small.h5
  per_game_rows: {rows}
rules:
  distance_step_cm: 20
  enemy_close_cm: 20
  blunder_on_12: true
study:
  characters:
    - {{name: General, role: general, command: 9}}
    - {{name: Hero, role: hero, command: 7}}
  units:
    - {{name: Guard, distances_cm: [10, 50], ordered_by: General}}
    - {{name: Scouts, distances_cm: [70, 90], ordered_by: General, enemy_cm: 10, dense: true}}
    - {{name: Left A, distances_cm: [50, 5], brigade: left, ordered_by: Hero}}
    - {{name: Left B, distances_cm: [55, 8], brigade: left, ordered_by: Hero, stands_lost: 2}}
    - {{name: Lost, distances_cm: [250, 250], ordered_by: Hero, enemy_cm: 5, dense: true, stands_lost: 3}}
policies:
  - {{name: heroes-first, orders_per_unit: 3}}
  - {{name: general-first, orders_per_unit: 3}}
  - {{name: nearest-first, label: nearest-first x2, orders_per_unit: 2}}
"""


def muster_bin():
    """Return the muster binary's path; skip (locally) or fail (CI=true) if it is missing."""
    path = Path(os.environ.get("MUSTER_BIN", REPO / "build" / "release" / "muster"))
    if not (path.is_file() and os.access(path, os.X_OK)):
        msg = (f"muster binary not found at {path}: build it (cmake --build --preset release) "
               "or set MUSTER_BIN")
        if os.environ.get("CI") == "true":
            pytest.fail(msg + " (CI=true: not skipping)")
        pytest.skip(msg)
    return path


def run_muster(directory, rows):
    """Write the small experiment into directory, run muster on it; return (h5 path, yaml text)."""
    exe = muster_bin()
    text = SMALL_EXPERIMENT.format(rows="true" if rows else "false")
    exp = directory / "small.yaml"
    exp.write_text(text)
    out = directory / "small.h5"
    proc = subprocess.run([str(exe), "run", str(exp), "-o", str(out), "-q"], capture_output=True,
                          text=True, timeout=300)
    if proc.returncode != 0:
        pytest.fail(f"{exe} run {exp} exited {proc.returncode}: {proc.stderr.strip()}")
    return out, text


@pytest.fixture(scope="session")
def muster_run(tmp_path_factory):
    """(path, experiment text) of a file written by muster, with per-game rows."""
    return run_muster(tmp_path_factory.mktemp("muster"), rows=True)


@pytest.fixture(scope="session")
def muster_run_no_rows(tmp_path_factory):
    """(path, experiment text) of the same run written without per-game rows."""
    return run_muster(tmp_path_factory.mktemp("muster-norows"), rows=False)


@pytest.fixture(scope="session")
def synthetic_file(tmp_path_factory):
    """A synthetic results file (synth.py), with per-game rows."""
    return write_synthetic(tmp_path_factory.mktemp("synthetic") / "synthetic.h5")


@pytest.fixture(scope="session", params=["muster", "synthetic"])
def drill_file(request):
    """Each results file with per-game rows: the one muster wrote and the synthetic one."""
    if request.param == "muster":
        return request.getfixturevalue("muster_run")[0]
    return request.getfixturevalue("synthetic_file")
