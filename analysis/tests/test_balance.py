"""The balance solver (muster_analysis.balance): its crossing and interval
on frames whose answer is known, and on a swept order drill the muster
binary plays (orders given per game rise with the General's Command)."""

import subprocess

import numpy as np
import pandas as pd
import pytest

from conftest import muster_bin
from muster_analysis import __main__ as cli
from muster_analysis import balance

SWEPT = """\
schema: 1
ruleset: warmaster-order-drill
seed: 2026
games: 1500
sweep:
  - {name: general, path: "study.characters[0].command", values: [8, 9, 10]}
  - {name: step, path: rules.distance_step_cm, values: [20, 30]}
balance:
  - {axis: general, statistic: orders_given, target: 2.5, arm: general-first}
rules:
  distance_step_cm: 20
study:
  characters:
    - {name: General, role: general, command: 9}
    - {name: Hero, role: hero, command: 8}
  units:
    - {name: Spearmen, distance_cm: 15}
    - {name: Bowmen, distances_cm: [30, 10], ordered_by: Hero}
    - {name: Cavalry, distance_cm: 45, enemy_cm: 18}
policies:
  - {label: heroes-first, name: heroes-first}
  - {label: general-first, name: general-first}
"""


def test_terms_read_sums_differences_and_rates():
    assert balance.terms("a[Orcs] - b[Empire] + c==1") == [(1.0, "a[Orcs]", None), (-1.0, "b[Empire]", None),
                                                           (1.0, "c", "1")]
    games = pd.DataFrame({"a": [1, 2, 3], "b": [0, 1, 1], "w": [0, 1, 0]})
    assert balance.per_game(games, "a - b").tolist() == [1.0, 1.0, 2.0]
    assert balance.per_game(games, "w==1").tolist() == [0.0, 1.0, 0.0]
    with pytest.raises(ValueError, match="no per-game column 'z'"):
        balance.per_game(games, "a - z")


def test_solve_finds_the_crossing_and_inverts_the_band():
    df = pd.DataFrame({"value": [7.0, 8.0, 9.0, 10.0], "n": 100, "mean": [0.1, 0.3, 0.5, 0.7],
                       "lo": [0.05, 0.25, 0.45, 0.65], "hi": [0.15, 0.35, 0.55, 0.75]})
    r = balance.solve(df, 0.4)
    assert r["answer"] == pytest.approx(8.5)
    # target inside [lo, hi] from where hi = 0.4 (8.25) to where lo = 0.4 (8.75)
    assert r["lo"] == pytest.approx(8.25, abs=0.002) and r["hi"] == pytest.approx(8.75, abs=0.002)
    assert r["note"] == ""
    none = balance.solve(df, 0.9)
    assert np.isnan(none["answer"]) and "stays below 0.9" in none["note"]
    edge = balance.solve(df, 0.12)
    assert "reaches the grid's end (below)" in edge["note"]


@pytest.fixture(scope="module")
def swept(tmp_path_factory):
    d = tmp_path_factory.mktemp("balance")
    exp, out = d / "swept.yaml", d / "swept.h5"
    exp.write_text(SWEPT)
    p = subprocess.run([str(muster_bin()), "run", str(exp), "-o", str(out), "-q"], capture_output=True, text=True,
                       timeout=300)
    if p.returncode != 0:
        pytest.fail(f"muster run: exit {p.returncode}: {p.stderr.strip()}")
    return out


def test_the_answer_lies_where_the_swept_means_straddle_the_target(swept):
    df, arm = balance.frame(swept, "general", "orders_given", arm="general-first")
    assert arm == "general-first" and df["value"].tolist() == [8.0, 9.0, 10.0] and (df["n"] == 1500).all()
    assert df["mean"].is_monotonic_increasing
    r = balance.solve(df, 2.5)
    k = int(np.searchsorted(df["mean"].to_numpy(), 2.5))
    assert df["value"][k - 1] < r["lo"] <= r["answer"] <= r["hi"] < df["value"][k]
    # the other axis held at 30 cm: a larger step, fewer penalties, more orders: a lower answer
    df30, _ = balance.frame(swept, "general", "orders_given", arm="general-first", at={"step": 30})
    assert (df30["mean"] >= df["mean"]).all()
    assert balance.solve(df30, 2.5)["answer"] <= r["answer"]


def test_the_report_answers_the_experiments_question(swept, tmp_path):
    text, written = cli.analyse(swept, tmp_path)
    assert "Balance: where orders_given (mean per game) reaches 2.5 as general varies (arm general-first)" in text
    assert "  answer: general = " in text
    page = [p for p in written if str(p).endswith(".html")][0].read_text()
    assert "Balance: where orders_given reaches 2.5 (arm general-first)" in page and "answer: general = " in page


def test_bad_questions_are_one_clear_error(swept, capsys):
    assert balance.main([str(swept), "--axis", "nope", "--statistic", "orders_given", "--target", "1"]) == 1
    assert "no sweep axis 'nope'" in capsys.readouterr().err
    assert balance.main([str(swept), "--axis", "general", "--statistic", "orders_given", "--target", "1",
                         "--at", "step=25"]) == 1
    assert "axis 'step' has no value 25" in capsys.readouterr().err


def test_the_file_labels_every_arm_with_its_sweep_values(swept):
    """/sweep/<axis> holds each arm's value (the grid as labelled coordinates of the arm axis),
    in the order load.run_arms gives the arms: general slowest, then step, then the policies."""
    from muster_analysis import load
    coords = load.sweep_coords(swept)
    assert list(coords.columns) == ["general", "step"] and len(coords) == 12
    arms = load.run_arms(load.provenance(swept)["experiment_yaml"])
    assert [f"general={g:g} step={s:g}" for g, s in zip(coords["general"], coords["step"])] == [a[2] for a in arms]
    assert coords["general"].tolist() == [8.0] * 4 + [9.0] * 4 + [10.0] * 4
