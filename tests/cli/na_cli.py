#!/usr/bin/python3
"""End-to-end checks of the Ninth Age ruleset through the muster binary:
`muster replay` prints, for a game G, record lines equal to row G of the
HDF5 file `muster run` wrote (h5py), and traces every March Test and move;
`muster odds --march-test` gives the exact odds (worked out here with
exact fractions, never by asking muster); a bad experiment writes
nothing.

Usage: na_cli.py MUSTER SOURCE_DIR CASE; CTest runs one case per test.
"""
import json
import sys
import tempfile
from fractions import Fraction
from itertools import product
from math import comb
from pathlib import Path

from cli_common import runner

MUSTER, SOURCE, CASE = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
EXAMPLE = SOURCE / "experiments" / "examples" / "na-minimal.yaml"

run, ok = runner(MUSTER, timeout=300)


def records(text):
    """The 'record NAME V...' lines as {name: [numbers]} (floats kept exact
    as printed with %.17g)."""
    out = {}
    for line in text.splitlines():
        if line.startswith("record "):
            name, *values = line.split()[1:]
            out[name] = [float(v) if any(c in v for c in ".en") else int(v) for v in values]
    return out


# RULE na.record.trace
def replay_records_equal_hdf5_row():
    import h5py

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run.h5"
        ok("run", EXAMPLE, "-o", out, "-n", 30, "-q", "-j", 2)
        with h5py.File(out, "r") as f:
            total = int(f.attrs["games_complete"])
            cols = [n for n, d in f["games"].items() if isinstance(d, h5py.Dataset)
                    and d.attrs.get("CLASS") != b"DIMENSION_SCALE"]
            for g in (0, 1, 31, total - 1):
                text = ok("replay", EXAMPLE, "--game", g, "-n", 30)
                rec = records(text)
                assert sorted(rec) == sorted(cols), f"game {g}: {sorted(rec)} vs {sorted(cols)}"
                for name in cols:
                    row = f["games"][name][g]
                    want = [v.item() for v in (row.ravel() if hasattr(row, "ravel") else [row])]
                    assert rec[name] == want, f"game {g}, {name}: replay {rec[name]} vs file {want}"
                for want in ("Game Turn 1", "Movement Phase", "Centre now"):
                    assert want in text, f"game {g}: replay lacks {want!r}"
                tests = sum(1 for line in text.splitlines() if ": March Test (" in line)
                assert tests == rec["march_tests"][0], f"game {g}: {tests} traced tests vs {rec['march_tests']}"


def p_pass(discipline, n=2, s=6):
    ways = sum(1 for roll in product(range(1, s + 1), repeat=n) if sum(roll) <= discipline)
    return Fraction(ways, s ** n)


# RULE na.march.odds na.march.odds-turns
def odds_json_matches_exact():
    got = json.loads(ok("odds", "--march-test", "--json"))
    assert [e["discipline"] for e in got["pass"]] == list(range(14))
    for e in got["pass"]:
        assert abs(e["p_pass"] - float(p_pass(e["discipline"]))) < 1e-15, e
    got = json.loads(ok("odds", "--march-test", "--discipline", 7, "--turns", 6, "--json"))
    p = p_pass(7)
    want = [comb(6, k) * (1 - p) ** k * p ** (6 - k) for k in range(7)]
    assert len(got["p_denied"]) == 7
    for a, b in zip(got["p_denied"], want):
        assert abs(a - float(b)) < 1e-15, (a, b)
    got = json.loads(ok("odds", "--march-test", "--discipline", 10, "--dice", "3d6", "--json"))
    assert abs(got["pass"][0]["p_pass"] - 0.5) < 1e-15


def odds_usage_errors():
    for args in (["--discipline", "21"], ["--turns", "6"], ["--dice", "2x6"], ["--turns", "0", "--discipline", "7"],
                 ["--bogus"]):
        p = run("odds", "--march-test", *args)
        assert p.returncode == 64 and p.stdout == "" and p.stderr.count("\n") == 1, (args, p.returncode, p.stderr)


def bad_experiment_writes_nothing():
    bad = SOURCE / "tests" / "unit" / "na" / "bad" / "exp-scenario-spacing.yaml"
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.h5"
        p = run("run", bad, "-o", out)
        assert p.returncode == 65, p.returncode
        assert p.stderr.count("\n") == 1 and "error: unit 'A' is closer than the Unit Spacing" in p.stderr, p.stderr
        assert list(Path(tmp).iterdir()) == [], list(Path(tmp).iterdir())


globals()[CASE]()
