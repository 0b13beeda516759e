"""The analysis on order-drill results files: the one the muster binary
writes from a small experiment and the synthetic one (conftest.py)."""

import shutil

import h5py
import numpy as np
import pytest
import xarray as xr
from matplotlib import image

from muster_analysis import __main__ as cli
from muster_analysis import load, report

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
COUNT_TABLES = {
    "attempts": ("arm", "command", "penalty", "order_number"),
    "successes": ("arm", "command", "penalty", "order_number"),
    "blunders": ("arm", "command", "penalty", "order_number"),
    "games": ("arm",),
    "orders_given_hist": ("arm", "character", "n_orders"),
    "units_ordered_hist": ("arm", "n_units"),
    "first_failure": ("arm", "character"),
    "general_failure_ended": ("arm",),
}


def expected(path):
    """What the file's experiment says: arm labels (one per policies entry), character names, unit count."""
    prov = load.provenance(path)
    exp = prov["experiment_yaml"]
    arms = [p.get("label", p["name"]) for p in exp["policies"]]
    characters = [c["name"] for c in exp["study"]["characters"]]
    return prov, arms, characters, len(exp["study"]["units"])


def test_games_frame_has_the_drill_columns_and_one_row_per_game(drill_file):
    prov, arms, characters, _ = expected(drill_file)
    df = load.games_frame(drill_file)
    cols = {"arm", "orders_attempted", "orders_given", "blunders", "units_ordered",
            "half_pace_moves", "first_failure", "general_failure_ended"}
    cols |= {f"orders_by_character[{c}]" for c in characters}
    assert set(df.columns) == cols
    assert len(df) == prov["games_complete"] == prov["games_requested"]
    assert list(df.index) == list(range(len(df)))
    assert list(df["arm"].cat.categories) == arms
    assert (df["arm"].value_counts()[arms] == prov["experiment_yaml"]["games"]).all()


def test_tables_have_named_dims_and_coords(drill_file):
    _, arms, characters, n_units = expected(drill_file)
    tabs = load.tables(drill_file)
    assert {k: v.dims for k, v in tabs.items()} == COUNT_TABLES
    a = tabs["attempts"]
    assert list(a["arm"].values) == arms
    assert list(a["command"].values) == list(range(2, 13))
    assert list(a["penalty"].values) == list(range(16))
    assert list(a["order_number"].values) == [1, 2, 3]
    h = tabs["orders_given_hist"]
    assert list(h["character"].values) == characters
    assert list(h["n_orders"].values) == list(range(3 * n_units + 1))
    assert list(tabs["units_ordered_hist"]["n_units"].values) == list(range(n_units + 1))
    for t in tabs.values():
        assert t.dtype == np.uint64
        assert t.attrs["units"] == "1" and t.attrs["long_name"]
    assert a["command"].attrs["long_name"] == "character's Command value"


def test_count_tables_agree_with_per_game_rows(drill_file):
    prov, arms, characters, n_units = expected(drill_file)
    df, tabs = load.games_frame(drill_file), load.tables(drill_file)
    att, suc, blu = (tabs[k].values.astype(np.int64) for k in ("attempts", "successes", "blunders"))
    assert att.sum() == df["orders_attempted"].sum() > 0
    assert suc.sum() == df["orders_given"].sum() > 0
    assert blu.sum() == df["blunders"].sum()
    assert (suc <= att).all() and (blu <= att - suc).all()  # blunders fail (blunder_on_12)
    # a further order follows a success for the same unit (same Command and penalty)
    assert (att[..., 1:] <= suc[..., :-1]).all()
    by_char = df[[f"orders_by_character[{c}]" for c in characters]].sum(axis=1)
    assert (by_char == df["orders_given"]).all()
    for p, arm in enumerate(arms):
        g = df[df["arm"] == arm]
        assert tabs["games"].values[p] == len(g)
        assert att[p].sum() == g["orders_attempted"].sum()
        assert suc[p].sum() == g["orders_given"].sum()
        for c, name in enumerate(characters):
            hist = np.bincount(g[f"orders_by_character[{name}]"], minlength=3 * n_units + 1)
            assert (tabs["orders_given_hist"].values[p, c] == hist).all()
            assert tabs["first_failure"].values[p, c] == (g["first_failure"] == c).sum()
        hist = np.bincount(g["units_ordered"], minlength=n_units + 1)
        assert (tabs["units_ordered_hist"].values[p] == hist).all()
        assert tabs["general_failure_ended"].values[p] == g["general_failure_ended"].sum()


def test_exact_odds_lie_inside_a_wide_interval(drill_file):
    prov = load.provenance(drill_file)
    odds = report.odds_table(load.tables(drill_file), load.blunder_on_12(prov), conf=1 - 1e-6)
    assert len(odds) > 0 and odds["exact"].notna().all()
    assert odds["penalty_open"].any(), "the small experiment has a unit in the 15+ penalty bin"
    assert not odds["outside"].any(), odds[odds["outside"]].to_string()
    # chi-square over all cells, at alpha = 1e-6
    assert report.chi_square(odds)[2] > 1e-6


def test_report_text(drill_file):
    text = report.format_report(str(drill_file))
    _, arms, characters, _ = expected(drill_file)
    assert "Observed %" in text and "Exact %" in text and "15+" in text
    for name in arms + characters:
        assert name in text
    assert "Orders given: CI from per-game rows." in text


def test_cli_writes_report_and_valid_pngs(drill_file, tmp_path, capsys):
    assert cli.main([str(drill_file), "--out", str(tmp_path)]) == 0
    stem = drill_file.stem
    assert "order-odds report" in capsys.readouterr().out
    assert (tmp_path / f"{stem}-report.txt").read_text().startswith("muster order-odds report")
    for name in (f"{stem}-odds-heatmap.png", f"{stem}-orders-by-arm.png"):
        png = tmp_path / name
        assert png.read_bytes()[:8] == PNG_SIGNATURE
        pixels = image.imread(png)
        assert pixels.ndim == 3 and pixels.shape[0] > 200 and pixels.shape[1] > 400


def test_netcdf_readers_see_units_and_long_name(drill_file):
    with xr.open_dataset(drill_file, group="orders", engine="h5netcdf") as ds:
        assert ds["attempts"].dims == COUNT_TABLES["attempts"]
        for name in COUNT_TABLES:
            assert ds[name].attrs["units"] == "1" and ds[name].attrs["long_name"]
        assert list(ds["command"].values) == list(range(2, 13))
    with xr.open_dataset(drill_file, group="games", engine="h5netcdf") as ds:
        assert ds["orders_by_character"].dims == ("game", "character")
        assert ds["orders_given"].attrs["units"] == "1" and ds["orders_given"].attrs["long_name"]


def _make_partial(src, dst):
    """Copy src as the partial file of a run of half as many games again,
    stopped where src ends: the arms interleave (game g is game g / A of
    arm g % A), so a complete run is the prefix of any longer one."""
    shutil.copy(src, dst)
    with h5py.File(dst, "r+") as f:
        f.attrs["status"] = "partial"
        f.attrs["games_requested"] = np.uint64(f.attrs["games_complete"] * 3 // 2)
    return dst


def test_partial_file_is_refused_unless_allowed(drill_file, tmp_path, capsys):
    part = _make_partial(drill_file, tmp_path / "cut.h5")
    for read in (load.tables, load.games_frame, load.provenance):
        with pytest.raises(load.PartialFileError, match="status is 'partial'"):
            read(part)
    assert cli.main([str(part), "--out", str(tmp_path)]) == 1
    assert "status is 'partial'" in capsys.readouterr().err
    prov = load.provenance(part, allow_partial=True)
    df = load.games_frame(part, allow_partial=True)
    assert len(df) == prov["games_complete"] < prov["games_requested"]
    tabs = load.tables(part, allow_partial=True)
    assert tabs["attempts"].values.sum() == df["orders_attempted"].sum()
    assert cli.main([str(part), "--out", str(tmp_path), "--allow-partial"]) == 0
    text = capsys.readouterr().out
    assert "WARNING: a partial file" in text


def test_muster_provenance(muster_run):
    path, text = muster_run
    prov = load.provenance(path)
    assert prov["ruleset"] == "warmaster-order-drill" and prov["status"] == "complete"
    assert prov["experiment"] == text and prov["experiment_path"].endswith("small.yaml")
    assert prov["seed"] == 20261121 and prov["games_requested"] == 3 * 3000
    assert prov["per_game_rows"] == 1 and prov["tool_version"] and prov["git_commit"]


def test_muster_without_rows_has_the_same_tables(muster_run, muster_run_no_rows):
    path, _ = muster_run_no_rows
    with pytest.raises(ValueError, match="without per-game rows"):
        load.games_frame(path)
    with_rows, without = load.tables(muster_run[0]), load.tables(path)
    for name, t in with_rows.items():
        xr.testing.assert_identical(t, without[name])
    text = report.format_report(str(path))
    assert "CI from histograms (conservative bound)" in text
