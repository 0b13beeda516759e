#!/usr/bin/python3
"""End-to-end checks of the warmaster-battle ruleset through the muster
binary: `muster replay EXPERIMENT --game G` prints record lines equal to
row G of the HDF5 file `muster run` wrote (read with h5py), and a
play-by-play with every roll, order, move and fate; the same run on one
and on two threads writes the same data.

Usage: wm_battle_cli.py MUSTER SOURCE_DIR CASE; CTest runs one case per test.
"""
import sys
import tempfile
from pathlib import Path

from cli_common import records, runner

MUSTER, SOURCE, CASE = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
EXAMPLE = SOURCE / "experiments" / "examples" / "battle-minimal.yaml"
GAMES = 12  # per arm: 24 games

run, ok = runner(MUSTER, timeout=600)


def columns(f):
    import h5py
    return [n for n, d in f["games"].items() if isinstance(d, h5py.Dataset)
            and d.attrs.get("CLASS") != b"DIMENSION_SCALE"]


def replay_records_equal_hdf5_row():
    import h5py

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run.h5"
        ok("run", EXAMPLE, "-o", out, "-n", GAMES, "-q", "-j", 2)
        with h5py.File(out, "r") as f:
            total = int(f.attrs["games_complete"])
            assert total == 2 * GAMES
            cols = columns(f)
            for g in (0, 5, 1, total - 1):  # both arms (they interleave), the swapped one (odd) included
                text = ok("replay", EXAMPLE, "--game", g, "-n", GAMES)
                rec = records(text)
                assert sorted(rec) == sorted(cols), f"game {g}: {sorted(rec)} vs {sorted(cols)}"
                for name in cols:
                    row = f["games"][name][g]
                    want = [int(v) for v in (row.ravel() if hasattr(row, "ravel") else [row])]
                    assert rec[name] == want, f"game {g}, {name}: replay {rec[name]} vs file {want}"
                assert rec["swapped"] == [g % 2]


def replay_traces_rolls_orders_moves_and_fates():
    text = ok("replay", EXAMPLE, "--game", 0, "-n", GAMES)
    for want in ("arm 0 'aggressive-vs-cautious' on Meeting engagement", "South: Empire", "-- turn 1",
                 "South Command phase (turn 1)", " initiative", " orders", " characters", "orders ", "rolls ",
                 "needs ", " moves ", "end: ", "objective Signal hill", "record winner"):
        assert want in text, f"replay lacks {want!r}"
    assert text.count("-- turn ") == records(text)["turns"][0]


def threads_write_the_same_data():
    import h5py
    import numpy as np

    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for j in (1, 2):
            out = Path(tmp) / f"j{j}.h5"
            ok("run", EXAMPLE, "-o", out, "-n", GAMES, "-q", "-j", j)
            paths.append(out)
        with h5py.File(paths[0], "r") as a, h5py.File(paths[1], "r") as b:
            for group in ("games", "battle"):
                names = sorted(n for n, d in a[group].items() if isinstance(d, h5py.Dataset))
                assert names == sorted(n for n, d in b[group].items() if isinstance(d, h5py.Dataset))
                for n in names:
                    assert np.array_equal(a[group][n][()], b[group][n][()]), f"{group}/{n} differs"


if __name__ == "__main__":
    globals()[CASE]()
