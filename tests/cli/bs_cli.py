#!/usr/bin/python3
"""End-to-end checks of the Battlesystem ruleset through the muster binary:
`muster replay` prints, for a game G, record lines equal to row G of the
HDF5 file `muster run` wrote (read with h5py), and a traced game; `muster
odds --forced-march` gives the exact chain (worked out here with exact
fractions from battlesystem-movement-phase.txt 7.13, never by asking
muster) and keeps the usage-error contract.

Usage: bs_cli.py MUSTER SOURCE_DIR CASE; CTest runs one case per test.
"""
import json
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

from cli_common import records, runner

MUSTER, SOURCE, CASE = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
EXAMPLE = SOURCE / "experiments" / "examples" / "bs-minimal.yaml"
CHARGES = SOURCE / "experiments" / "studies" / "charge-estimate-error.yaml"
EXIT_USAGE = 64

run, ok = runner(MUSTER, timeout=300)


def check_replay_rows(experiment, games, picks):
    import h5py  # only this case needs it

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run.h5"
        ok("run", experiment, "-o", out, "-n", games, "-q", "-j", 2)
        with h5py.File(out, "r") as f:
            total = int(f.attrs["games_complete"])
            for g in picks(total):
                text = ok("replay", experiment, "--game", g, "-n", games)
                rec = records(text)
                cols = [n for n, d in f["games"].items() if isinstance(d, h5py.Dataset)
                        and d.attrs.get("CLASS") != b"DIMENSION_SCALE" and n not in ("game", "round", "unit")]
                assert sorted(rec) == sorted(cols), f"game {g}: record lines {sorted(rec)} vs columns {sorted(cols)}"
                for name in cols:
                    row = f["games"][name][g]
                    want = [int(v) for v in (row.ravel() if hasattr(row, "ravel") else [row])]
                    assert rec[name] == want, f"game {g}, {name}: replay {rec[name]} vs file {want}"
                assert "Game Round 1" in text and "initiative:" in text
                assert "could not be matched" not in text, f"game {g}: a roll could not be attributed"


# RULE bs.game.replay-rolls
def replay_records_equal_hdf5_row():
    """The minimal example: games 0, 1 and the last of 40."""
    check_replay_rows(EXAMPLE, 40, lambda n: [0, 1, n - 1])


def replay_records_equal_hdf5_row_charges():
    """The charge study (five arms): one game of each arm."""
    check_replay_rows(CHARGES, 12, lambda n: [0, 13, 25, 38, n - 1])


# RULE bs.game.replay-rolls
def replay_traces_rolls_and_charges():
    text = ok("replay", CHARGES, "--game", 0, "-n", 5)
    for want in ("deployment:", "Chargers Movement Phase", "declare charge at Target 13in",
                 "the rules measure", "finish: charge made", "record charges_made"):
        assert want in text, f"replay lacks {want!r}"


def chain(p, rounds):
    """P(penalty = k) after each round; rounds is a string of 'M' and 'R'."""
    dist = {0: Fraction(1)}
    out = []
    for a in rounds:
        nxt = {}
        for k, q in dist.items():
            if a == "M":
                nxt[k] = nxt.get(k, 0) + q * p
                nxt[k + 1] = nxt.get(k + 1, 0) + q * (1 - p)
            else:
                nxt[max(0, k - 1)] = nxt.get(max(0, k - 1), 0) + q
        dist = nxt
        out.append(dist)
    return out


def odds_forced_json_matches_exact_chain():
    for morale, args, rounds in [(12, ["--marches", 3], "MMM"),
                                 (7, ["--marches", 6, "--burst", 3, "--rest", 2, "--recover", 1], "MMMRRMMMR"),
                                 (15, ["--marches", 3, "--rest", 1], "MRMRM"),
                                 (20, ["--marches", 2], "MM")]:
        got = json.loads(ok("odds", "--forced-march", "--morale", morale, *args, "--json"))
        p = Fraction(min(morale, 20), 20)  # 1d20 <= morale
        assert abs(got["p_pass"] - float(p)) < 1e-15
        want = chain(p, rounds)
        assert [r["action"][0].upper() for r in got["rounds"]] == list(rounds)
        for r, dist in zip(got["rounds"], want):
            for k, q in enumerate(r["p"]):
                assert abs(q - float(dist.get(k, 0))) < 1e-14, f"morale {morale} {args} round {r['round']}"
        assert abs(got["final"]["mean"] - float(sum(k * q for k, q in want[-1].items()))) < 1e-14


def odds_forced_text_example():
    text = ok("odds", "--forced-march", "--morale", 12, "--marches", 3)
    assert "P(pass) = 0.600000" in text and "MMM" in text
    assert "0.216000  0.432000  0.288000  0.064000" in text  # Binomial(3, 0.4)


def odds_forced_usage_errors():
    for args, msg in [([], "--forced-march needs --morale M"),
                      (["--morale", "x"], "--morale 'x' must be an integer"),
                      (["--morale", 12, "--marches", 65], "--marches '65' must be an integer from 0 to 64"),
                      (["--morale", 12, "--burst", 0], "--burst '0' must be an integer"),
                      (["--morale", 12, "--check", "2x6"], "--check '2x6' must be NdS"),
                      (["--morale", 12, "--marches", 64, "--rest", 5, "--burst", 1],
                       "the schedule is longer than 64 rounds"),
                      (["--morale", 12, "--lost", 1], "option '--lost' does not go with --forced-march")]:
        p = run("odds", "--forced-march", *args)
        assert p.returncode == EXIT_USAGE, f"{args}: exit {p.returncode}"
        assert p.stdout == "", f"{args}: stdout {p.stdout!r}"
        assert msg in p.stderr and p.stderr.count("\n") == 1, f"{args}: stderr {p.stderr!r}"


# RULE bs.march.failure-routs
def odds_forced_covers_only_units_that_do_not_rout():
    """7.15 routs open and skirmish units on a failed check, which the chain
    does not model: refused (one line, exit 64) unless the unit never checks
    morale or the rules variant keeps it from routing; the covered cases
    give the same exact chain as a closed unit; the help says which units
    are covered."""
    closed = json.loads(ok("odds", "--forced-march", "--morale", 8, "--marches", 5, "--recover", 3, "--json"))
    for formation in ("open", "skirmish"):
        p = run("odds", "--forced-march", "--morale", 8, "--formation", formation)
        assert p.returncode == EXIT_USAGE and p.stdout == "", formation
        assert f"--formation {formation} is not covered" in p.stderr and p.stderr.count("\n") == 1, p.stderr
        for extra in (["--never-checks"], ["--no-fail-routs"]):
            got = json.loads(ok("odds", "--forced-march", "--morale", 8, "--marches", 5, "--recover", 3,
                                "--formation", formation, *extra, "--json"))
            assert got["formation"] == formation
            assert got["rounds"] == closed["rounds"] and got["final"] == closed["final"]
    mob = json.loads(ok("odds", "--forced-march", "--morale", 8, "--marches", 5, "--recover", 3,
                        "--formation", "mob", "--json"))
    assert mob["rounds"] == closed["rounds"]
    p = run("odds", "--forced-march", "--morale", 8, "--formation", "column")
    assert p.returncode == EXIT_USAGE and "--formation 'column' must be closed, mob, open or skirmish" in p.stderr
    text = ok("odds", "--forced-march", "--help")
    assert "Units covered:" in text and "Not covered, refused: open and" in text
    summary = ok("odds", "--help")
    assert "not open or skirmish" in summary


if __name__ == "__main__":
    globals()[CASE]()
