"""The pieces the per-system reports share (report_parts): shares with
Wilson intervals, percentages and intervals as text, the heading."""

import math

import numpy as np
import pandas as pd
import pytest

from muster_analysis import report_parts as rp
from muster_analysis import stats


def test_share_adds_share_and_wilson_columns_nan_where_no_trials():
    df = pd.DataFrame({"k": [3, 0, 0], "n": [10, 5, 0]})
    rp.share(df, "k", "n", 0.9, "rate")
    assert list(df.columns) == ["k", "n", "rate", "lo", "hi"]
    assert df["rate"].iloc[0] == pytest.approx(0.3) and df["rate"].iloc[1] == 0
    assert math.isnan(df["rate"].iloc[2]) and math.isnan(df["lo"].iloc[2])
    lo, hi = stats.wilson(3, 10, 0.9)
    assert (df["lo"].iloc[0], df["hi"].iloc[0]) == (lo, hi)


def test_pct_and_ci_text():
    assert rp.pct(0.12345) == "12.35"
    assert rp.pct(None) == "n/a" and rp.pct(np.nan) == "n/a"
    assert rp.ci(0.0, 1.0) == "[0.00, 100.00]"
    assert rp.ci(np.nan, 0.5) == "[n/a, 50.00]"


def test_heading_lines():
    prov = {"ruleset": "cca", "tool_version": "1.2", "git_commit": "abc", "experiment_path": "x.yaml",
            "seed": 7, "games_complete": 10, "games_requested": 20, "status": "partial"}
    assert rp.heading("Test", "f.h5", prov, "; note") == [
        "muster Test report: f.h5",
        "ruleset cca, muster 1.2 (commit abc), experiment x.yaml",
        "seed 7, games 10 of 20 (partial); note", ""]
