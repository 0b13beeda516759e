#!/usr/bin/python3
"""End-to-end checks of the cca ruleset through the muster binary:
`muster replay` prints for game G record lines equal to row G of the HDF5
file `muster run` wrote, with every card, order and move traced and a text
picture of the battlefield after each turn; the bad experiment, scenario
and deck files of tests/io/cca_bad give their one line and exit 65 from
`muster validate` and `muster run`, which writes nothing.

Usage: cca_cli.py MUSTER SOURCE_DIR CASE; CTest runs one case per test.
"""
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from cli_common import records, runner

MUSTER, SOURCE, CASE = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
EXAMPLE = SOURCE / "experiments" / "examples" / "cca-minimal.yaml"
IO = SOURCE / "tests" / "io"
EXIT_DATAERR = 65

run, ok = runner(MUSTER, timeout=300)


def run_in(cwd, *args):
    """muster args run in directory cwd (so that names stay relative)."""
    return subprocess.run([MUSTER, *map(str, args)], capture_output=True, text=True, timeout=300, cwd=cwd)


def replay_records_equal_hdf5_row():
    """Games 0, 30, 55 and the last of 4 arms x 20: records = rows."""
    import h5py

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run.h5"
        ok("run", EXAMPLE, "-o", out, "-n", 20, "-q", "-j", 2)
        with h5py.File(out, "r") as f:
            assert f.attrs["ruleset"] == "cca"
            total = int(f.attrs["games_complete"])
            assert total == 80
            for g in (0, 30, 55, total - 1):
                rec = records(ok("replay", EXAMPLE, "--game", g, "-n", 20))
                cols = [n for n, d in f["games"].items() if isinstance(d, h5py.Dataset)
                        and d.attrs.get("CLASS") != b"DIMENSION_SCALE"]
                assert sorted(rec) == sorted(cols), f"game {g}: {sorted(rec)} vs {sorted(cols)}"
                for name in cols:
                    row = f["games"][name][g]
                    want = [int(v) for v in (row.ravel() if hasattr(row, "ravel") else [row])]
                    assert rec[name] == want, f"game {g}, {name}: replay {rec[name]} vs file {want}"


def replay_traces_cards_orders_moves_and_board():
    """A traced game: the deployment picture and its key, each side's card
    each turn, numbered orders with their moves, and a 9-row picture after
    each turn; terrain is drawn by number, never as a letter a piece uses."""
    text = ok("replay", EXAMPLE, "--game", 0)  # arm 0 (arms interleave: game g is arm g % 4)
    lines = text.splitlines()
    assert lines[1] == "-- turn 1" and lines[2].startswith("deployment (Rome: advance, Carthage: hold)")
    assert lines[12].startswith("  key: O T S C Rome's infantry circle") and \
        lines[12].endswith("1 woods, 2 hill, 3 marsh"), lines[12]
    deployment = [r[6:] for r in lines[3:12]]  # each row after "  NN  "
    assert all(set(r) <= set(" .|*OTSCotscLl1234567") for r in deployment), deployment
    assert all(any(k in r for r in deployment) for k in "123"), deployment
    plays = [ln for ln in lines if " plays '" in ln]
    assert len(plays) == 20, len(plays)
    assert sum(ln.startswith("Rome (advance) plays") for ln in plays) == 10
    orders = [ln for ln in lines if re.match(r"  order \d+: (unit|leader) ", ln)]
    assert orders and all("->" in ln or " stays" in ln for ln in orders), orders[:3]
    assert any(" hexes, may" in ln or " hex, may" in ln for ln in orders)
    pictures = [i for i, ln in enumerate(lines) if ln.startswith("after game turn ")]
    assert len(pictures) == 10
    for i in pictures:
        rows = lines[i + 1:i + 10]
        assert [int(r.split()[0]) for r in rows] == list(range(9)), rows
        assert all(("|" in r) == (k % 2 == 1) for k, r in enumerate(rows)), rows
    board = "\n".join(lines[pictures[-1] + 1:pictures[-1] + 10])
    assert sum(board.count(c) for c in "OTSC") + sum(board.count(c) for c in "otsc") == 24


def bad_files_one_line_and_nothing_written():
    """Every case of tests/io/cca_bad: its exact line, exit 65, nothing on
    stdout, and `muster run` creates no output."""
    cases = [ln.split("|", 1) for ln in (IO / "cca_bad" / "expected.txt").read_text().splitlines()
             if ln and not ln.startswith("#")]
    assert len(cases) >= 18
    with tempfile.TemporaryDirectory() as tmp:
        for case, line in cases:
            p = run_in(IO, "validate", case)
            assert p.returncode == EXIT_DATAERR and p.stdout == "" and p.stderr == line + "\n", (case, p.stderr)
            out = Path(tmp) / "out.h5"
            p = run_in(IO, "run", case, "-o", out, "-q")
            assert p.returncode == EXIT_DATAERR and p.stderr == line + "\n", (case, p.stderr)
            assert not out.exists() and not Path(str(out) + ".partial").exists()


if __name__ == "__main__":
    globals()[CASE]()
