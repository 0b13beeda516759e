"""muster_analysis.compare and the CLI's --baseline: what changed between two files."""

import shutil

import h5py
import numpy as np
import pandas as pd
import pytest

from muster_analysis import __main__ as cli
from muster_analysis import compare


@pytest.fixture()
def changed_copy(synthetic_file, tmp_path):
    """A copy of the synthetic file with one more order attempted in every game and no blunders column."""
    path = tmp_path / "changed.h5"
    shutil.copy(synthetic_file, path)
    with h5py.File(path, "r+") as f:
        f["games/orders_attempted"][...] += 1
        del f["games/blunders"]
    return path


def test_a_file_against_itself_changes_nothing(synthetic_file):
    frame = compare.compare_frame(synthetic_file, synthetic_file)
    assert not frame.empty
    assert (frame["diff"] == 0).all()
    assert not frame["changed"].any()
    assert "no per-game statistic changed" in compare.format_changes(frame, "a", "b")


def test_a_shifted_column_is_reported_with_its_interval(synthetic_file, changed_copy):
    frame = compare.compare_frame(changed_copy, synthetic_file)
    shifted = frame[frame["statistic"] == "orders_attempted"]
    assert shifted["changed"].all()
    assert shifted["diff"].tolist() == pytest.approx([1.0] * len(shifted))
    assert ((shifted["lo"] < 1.0) & (shifted["hi"] > 1.0)).all()
    others = frame[(frame["status"] == "both") & (frame["statistic"] != "orders_attempted")]
    assert not others["changed"].any()
    assert set(frame[frame["status"] == "dropped"]["statistic"]) == {"blunders"}
    text = compare.format_changes(frame, "new.h5", "old.h5")
    assert "orders_attempted" in text and "diff +1.000" in text
    assert "not in new.h5: blunders" in text


def test_cli_baseline_ends_the_report_with_the_changes(synthetic_file, changed_copy, tmp_path, capsys):
    out = tmp_path / "out"
    assert cli.main([str(changed_copy), "--out", str(out), "--baseline", str(synthetic_file), "-q"]) == 0
    report = (out / "changed-report.txt").read_text(encoding="utf-8")
    assert report.rstrip().splitlines()[-1].startswith("  unchanged within the interval")
    assert f"Changes against {synthetic_file}, written by muster commit" in report


def test_added_columns_that_are_always_zero_are_counted_not_named():
    frame = pd.DataFrame([
        dict(arm=a, statistic=s, old=np.nan, new=v, diff=np.nan, lo=np.nan, hi=np.nan, changed=False, status="added")
        for a in (0, 1) for s, v in (("units_never_moved[A]", 1.5 * a), ("slot[3]", 0.0), ("slot[4]", 0.0))])
    text = compare.format_changes(frame, "new.h5", "old.h5")
    assert "new in new.h5: units_never_moved[A], and 2 whose mean is 0 in every arm" in text
    assert "slot[" not in text
