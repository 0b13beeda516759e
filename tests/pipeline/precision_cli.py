#!/usr/bin/python3
"""End-to-end tests of precision targets (`muster run --precision P`,
muster/precision.h, docs/precision.md).

Usage: precision_cli.py MUSTER CASE
  stops_early: for the drill, Battlesystem, The Ninth Age and Commands &
    Colors examples, a run with a precision target stops before its cap,
    at a check point, with the target met (attributes and summary line);
    -j 1 with odd batches writes the same file; a plain run of as many
    games holds the same games and tables (stopping keeps a prefix); and a
    run capped at the check point before says the target is NOT met there
    (so the run stopped at the first check point that met it).
  cap_not_met: a target the cap cannot reach: every game played, exit 0,
    "NOT met" with the games it would need, above the cap.
  kill_and_resume: SIGKILL mid-run, --resume gives the uninterrupted file;
    a resume with another target is refused with one line (exit 65).
  refusals: bad targets and --precision with --shard exit 64 with one line
    and write nothing.
Debian's python3 (h5py, numpy).
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

import h5py
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.abspath(os.path.join(HERE, "..", "..", "experiments", "examples"))
EXIT_USAGE, EXIT_DATAERR = 64, 65
FIRST = 256  # games an arm at the first check point (MU_PRECISION_FIRST)

# (example, target, cap in games an arm): each meets its target well below the cap
CASES = (("drill-minimal", "10%", 100000), ("bs-minimal", "0.1", 100000),
         ("na-minimal", "2%", 100000), ("cca-minimal", "2%", 100000))


def run(muster, *args):
    return subprocess.run([muster, *map(str, args)], capture_output=True, text=True, timeout=600)


def check_points(arms, cap):
    """The check points of a run of arms arms capped at cap games (all arms)."""
    m, out = FIRST, []
    while arms * m < cap:
        out.append(arms * m)
        m += (m + 3) // 4
    return out + [cap]


def datasets(path, skip_checkpoint=True):
    """{path: array} of every dataset of the file (but the checkpoint slots)."""
    found = {}
    with h5py.File(path, "r") as f:
        def visit(p, o):
            if isinstance(o, h5py.Dataset) and not (skip_checkpoint and p.startswith("checkpoint/")):
                found[p] = o[()]
        f.visititems(visit)
        attrs = {k: f.attrs[k] for k in f.attrs}
    return found, attrs


def differences(a, b):
    """Names of the datasets a and b (datasets() results) do not share equal."""
    return sorted(k for k in set(a) | set(b) if k not in a or k not in b or not np.array_equal(a[k], b[k]))


def stops_early(muster):
    problems = []
    for name, target, cap in CASES:
        exp = os.path.join(EXAMPLES, f"{name}.yaml")
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "p.h5")
            p = run(muster, "run", exp, "-o", out, "-n", cap, "--precision", target, "-j", 2)
            if p.returncode != 0:
                problems.append(f"{name}: exit {p.returncode}: {p.stderr.strip()}")
                continue
            data, attrs = datasets(out, skip_checkpoint=False)
            games, requested = int(attrs["games_complete"]), int(attrs["games_requested"])
            arms = requested // cap
            points = check_points(arms, requested)
            if not (attrs.get("precision_met") == 1 and games < requested and games in points):
                problems.append(f"{name}: {games} of {requested} games, precision_met "
                                f"{attrs.get('precision_met')}: want met at a check point before the cap")
                continue
            want = float(target.rstrip("%")) / (100 if target.endswith("%") else 1)
            if not (attrs["precision"] == want and attrs["precision_half_width"] <= want
                    and f"met after {games} games" in p.stdout):
                problems.append(f"{name}: precision attributes {attrs.get('precision')}, "
                                f"{attrs.get('precision_half_width')}; stdout {p.stdout!r}")
            # the same file with one thread and odd batches
            out1 = os.path.join(tmp, "p1.h5")
            p = run(muster, "run", exp, "-o", out1, "-n", cap, "--precision", target, "-j", 1, "--batch", 333)
            d1, a1 = datasets(out1, skip_checkpoint=False)
            diff = differences(data, d1)
            if p.returncode != 0 or diff or a1.get("precision_widest") != attrs.get("precision_widest"):
                problems.append(f"{name}: -j 1 --batch 333: exit {p.returncode}, differing {diff}")
            # a plain run of as many games: the same games and tables
            plain = os.path.join(tmp, "plain.h5")
            p = run(muster, "run", exp, "-o", plain, "-n", games // arms, "-j", 2, "-q")
            diff = differences(datasets(out)[0], datasets(plain)[0])
            if p.returncode != 0 or diff:
                problems.append(f"{name}: plain run of {games // arms} games an arm: exit {p.returncode}, "
                                f"differing {diff}")
            # capped at the check point before: not met there
            before = points[points.index(games) - 1] if points.index(games) > 0 else None
            if before is not None:
                short = os.path.join(tmp, "short.h5")
                p = run(muster, "run", exp, "-o", short, "-n", before // arms, "--precision", target)
                _, sa = datasets(short)
                if p.returncode != 0 or sa.get("precision_met") != 0 or "NOT met" not in p.stdout:
                    problems.append(f"{name}: capped at {before} games (the check point before {games}): "
                                    f"exit {p.returncode}, precision_met {sa.get('precision_met')}")
            print(f"{name}: met {target} after {games} of {requested} games (check point before: {before})")
    return problems


def cap_not_met(muster):
    exp = os.path.join(EXAMPLES, "drill-minimal.yaml")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cap.h5")
        p = run(muster, "run", exp, "-o", out, "-n", 3000, "--precision", "1%")
        if p.returncode != 0:
            return [f"exit {p.returncode}: {p.stderr.strip()}"]
        _, attrs = datasets(out)
        problems = []
        if not (attrs["precision_met"] == 0 and attrs["games_complete"] == attrs["games_requested"]
                and attrs["precision_games_needed"] > attrs["games_requested"] and "NOT met" in p.stdout
                and attrs["precision_half_width"] > 0.01):
            problems.append(f"attributes {attrs}, stdout {p.stdout!r}")
        info = run(muster, "info", out)
        if "NOT met (cap hit)" not in info.stdout:
            problems.append(f"muster info does not say the target was not met: {info.stdout!r}")
        return problems


def kill_and_resume(muster):
    exp = os.path.join(EXAMPLES, "cca-minimal.yaml")
    args = ["-n", 200000, "--precision", "1%", "-j", 1, "--batch", 256]
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        whole = os.path.join(tmp, "whole.h5")
        p = run(muster, "run", exp, "-o", whole, *args, "-q")
        if p.returncode != 0:
            return [f"uninterrupted run: exit {p.returncode}: {p.stderr.strip()}"]
        out = os.path.join(tmp, "killed.h5")
        proc = subprocess.Popen([muster, "run", exp, "-o", out, *map(str, args), "-q"])
        env = dict(os.environ, HDF5_USE_FILE_LOCKING="FALSE")
        seen, deadline = 0, time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if os.path.exists(out + ".partial"):
                r = subprocess.run(["/usr/bin/python3", "-c", "import h5py,sys; "
                                    "print(h5py.File(sys.argv[1], 'r').attrs['games_complete'])", out + ".partial"],
                                   capture_output=True, text=True, env=env)
                seen = int(r.stdout) if r.returncode == 0 and r.stdout.strip().isdigit() else 0
                if seen >= 4000:
                    proc.send_signal(signal.SIGKILL)
                    break
            time.sleep(0.005)
        proc.wait()
        if not os.path.exists(out + ".partial"):
            return [f"the run ended (exit {proc.returncode}) before it could be killed (seen {seen} games)"]
        p = run(muster, "run", exp, "--resume", out + ".partial", "-n", 200000, "--precision", "2%", "-q")
        if p.returncode != EXIT_DATAERR or p.stderr.count("\n") != 1 or "precision" not in p.stderr:
            problems.append(f"resume with another target: exit {p.returncode}, {p.stderr!r}")
        p = run(muster, "run", exp, "--resume", out + ".partial", *args)
        diff = differences(datasets(whole, skip_checkpoint=False)[0], datasets(out, skip_checkpoint=False)[0])
        if p.returncode != 0 or diff:
            problems.append(f"killed at {seen} games and resumed: exit {p.returncode} {p.stderr.strip()}, "
                            f"differing {diff}")
        print(f"killed at >= {seen} games; resumed to {datasets(out)[1]['games_complete']} games, identical")
    return problems


def refusals(muster):
    exp = os.path.join(EXAMPLES, "drill-minimal.yaml")
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "r.h5")
        for extra in (["--precision", "0"], ["--precision", "0.5"], ["--precision", "60%"],
                      ["--precision", "abc"], ["--precision", "-1%"], ["--precision", "1%", "--shard", "1/2"]):
            p = run(muster, "run", exp, "-o", out, *extra)
            if p.returncode != EXIT_USAGE or p.stderr.count("\n") != 1 or os.listdir(tmp):
                problems.append(f"{extra}: exit {p.returncode}, stderr {p.stderr!r}, files {os.listdir(tmp)}")
    return problems


def main():
    muster, case = sys.argv[1], sys.argv[2]
    problems = {"stops_early": stops_early, "cap_not_met": cap_not_met, "kill_and_resume": kill_and_resume,
                "refusals": refusals}[case](muster)
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
