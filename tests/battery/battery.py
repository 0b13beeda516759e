#!/usr/bin/python3
"""The battery: the same checks on every registered ruleset, found from the
registry itself, so a new rule system is covered the day it is registered.

For each ruleset that `muster info --rulesets` lists (the registry,
src/rules/registry.c), its example experiment (mu_ruleset.example, a path
from the source root) is run with a few games per arm:

  1. it plays to the end: `muster run` exits 0, the file says status
     "complete", all games requested are complete, its `ruleset`
     attribute is this ruleset, and /games has per-game columns with one
     row per game;
  2. every dataset of the file (columns, count tables, axes, the writer's
     checkpoint slots) has `units` and `long_name` attributes, non-empty
     text that h5py reads as str;
  3. the run on 1 thread and the run on 2 threads in small batches write
     the same /games datasets and the same count tables, value for value
     and type for type;
  4. `muster replay EXAMPLE --game G` of a few games G prints, in its
     'record NAME V...' lines, exactly row G of every /games column;
  5. common random numbers: tests/battery/crn/<ruleset>.yaml, an
     experiment whose two arms are the same arm, plays game i of both arms
     alike (every /games column but `arm` equal row for row), while the
     games within an arm differ (README.md there).

Usage: battery.py MUSTER SOURCE_DIR [RULESET ...]  (default: every one)
Exit status 0 when every check passes; otherwise the failures, one line
each, on stderr, and 1. Needs h5py and numpy (python3-h5py).
"""
import subprocess
import sys
import tempfile
from pathlib import Path

import h5py
import numpy as np

GAMES = 6        # per arm: enough for both threads and several batches
BATCH = 4        # games per batch on 2 threads: several checkpoints
TIMEOUT = 600    # seconds per muster call (sanitizer builds are slow)


class Failure(Exception):
    pass


def muster(binary, *args):
    """Runs muster with args; returns stdout, or raises Failure on a
    non-zero exit."""
    p = subprocess.run([binary, *map(str, args)], capture_output=True, text=True, timeout=TIMEOUT)
    if p.returncode != 0:
        raise Failure(f"muster {' '.join(map(str, args))}: exit {p.returncode}: {p.stderr.strip()}")
    return p.stdout


def registry(binary):
    """[(name, example)] in registry order, from `muster info --rulesets`:
    a name alone on a line, then indented 'key  value' lines."""
    out, name = [], None
    for line in muster(binary, "info", "--rulesets").splitlines():
        if line and not line[0].isspace():
            name = line.strip()
            out.append([name, None])
        elif line.split(None, 1)[:1] == ["example"]:
            out[-1][1] = line.split(None, 1)[1].strip()
    for name, example in out:
        if not example:
            raise Failure(f"muster info --rulesets: ruleset {name} names no example")
    return [tuple(r) for r in out]


def datasets(f):
    """{path: dataset} of every dataset in the file."""
    found = {}
    f.visititems(lambda path, obj: found.__setitem__(path, obj) if isinstance(obj, h5py.Dataset) else None)
    return found


def is_scale(d):
    return d.attrs.get("CLASS") in (b"DIMENSION_SCALE", "DIMENSION_SCALE")


def check_complete(name, f, games_per_arm):
    attrs = f.attrs
    if attrs.get("ruleset") != name:
        raise Failure(f"{name}: the file's ruleset attribute is {attrs.get('ruleset')!r}")
    if attrs.get("status") != "complete":
        raise Failure(f"{name}: status {attrs.get('status')!r}, not 'complete'")
    total = int(attrs["games_complete"])
    if total != int(attrs["games_requested"]) or total < games_per_arm:
        raise Failure(f"{name}: {total} of {int(attrs['games_requested'])} games complete")
    cols = [n for n, d in f["games"].items() if isinstance(d, h5py.Dataset) and not is_scale(d)]
    if not cols:
        raise Failure(f"{name}: /games has no per-game columns")
    for n in cols:
        if f["games"][n].shape[0] != total:
            raise Failure(f"{name}: /games/{n} has {f['games'][n].shape[0]} rows for {total} games")
    return total, sorted(cols)


def check_attributes(name, f):
    problems = []
    for path, d in sorted(datasets(f).items()):
        for key in ("units", "long_name"):
            if key not in d.attrs:
                problems.append(f"{name}: /{path} has no {key}")
            elif not isinstance(d.attrs[key], str) or not d.attrs[key]:
                problems.append(f"{name}: /{path} {key} is {d.attrs[key]!r}, not non-empty text")
    if problems:
        raise Failure("\n".join(problems))


def check_same_data(name, a, b):
    """Every dataset but the writer's checkpoint slots (whose batches differ
    by design) is equal in a and b."""
    da = {p: d for p, d in datasets(a).items() if not p.startswith("checkpoint/")}
    db = {p: d for p, d in datasets(b).items() if not p.startswith("checkpoint/")}
    if sorted(da) != sorted(db):
        raise Failure(f"{name}: 1 and 2 threads write different datasets: {sorted(set(da) ^ set(db))}")
    problems = []
    for path in sorted(da):
        x, y = da[path][()], db[path][()]
        if da[path].dtype != db[path].dtype or x.shape != y.shape or not np.array_equal(x, y):
            where = ""
            if x.shape == y.shape and x.dtype.kind in "iuf" and y.dtype.kind in "iuf":
                diff = np.argwhere(x != y)
                where = f" ({len(diff)} cells, first at {tuple(int(i) for i in diff[0])})" if len(diff) else ""
            problems.append(f"{name}: /{path} differs between 1 and 2 threads{where}")
    if problems:
        raise Failure("\n".join(problems))


def records(text):
    """The 'record NAME V...' lines of a replay as {name: [str]}."""
    out = {}
    for line in text.splitlines():
        if line.startswith("record "):
            name, *values = line.split()[1:]
            out[name] = values
    return out


def same_value(text, value):
    if np.issubdtype(type(value), np.integer):
        try:
            return int(text) == int(value)
        except ValueError:
            return False
    return float(text) == float(value)


def check_replays(binary, name, example, f, total, cols, games_per_arm):
    problems = []
    picks = sorted({0, 1, total // 3, total // 2, (2 * total) // 3, total - 1} & set(range(total)))
    for g in picks:
        text = muster(binary, "replay", example, "--game", g, "-n", games_per_arm)
        if "-- recorded" not in text:
            problems.append(f"{name}: replay of game {g} did not play to its record")
            continue
        rec = records(text)
        if sorted(rec) != cols:
            problems.append(f"{name}: replay of game {g} records {sorted(rec)}, /games has {cols}")
            continue
        for col in cols:
            row = np.asarray(f["games"][col][g]).ravel()
            got = rec[col]
            if len(got) != len(row) or not all(same_value(t, v) for t, v in zip(got, row)):
                problems.append(f"{name}: game {g} {col}: replay {' '.join(got)}, file {' '.join(map(str, row))}")
    if problems:
        raise Failure("\n".join(problems))


def check_common_random_numbers(binary, source, name, tmp):
    path = source / "tests" / "battery" / "crn" / f"{name}.yaml"
    if not path.is_file():
        raise Failure(f"{name}: no {path.relative_to(source)} (two equal arms: see tests/battery/crn/README.md)")
    out = tmp / f"{name}-crn.h5"
    muster(binary, "run", path, "-o", out, "-q", "-j", 2)
    with h5py.File(out, "r") as f:
        arm = np.asarray(f["games"]["arm"][()])
        a, b = arm == 0, arm == 1
        if a.sum() < 2 or a.sum() != b.sum():
            raise Failure(f"{name}: {path.name} gives {a.sum()} and {b.sum()} games to its two arms")
        cols = [n for n, d in f["games"].items() if isinstance(d, h5py.Dataset) and not is_scale(d) and n != "arm"]
        unequal = [n for n in cols if not np.array_equal(f["games"][n][()][a], f["games"][n][()][b])]
        if unequal:
            raise Failure(f"{name}: two equal arms play game i differently (common random numbers): "
                          f"/games/{', /games/'.join(sorted(unequal))}")
        rows = np.column_stack([np.asarray(f["games"][n][()][a], dtype=float).reshape(int(a.sum()), -1)
                                for n in cols])
        if len(np.unique(rows, axis=0)) < 2:
            raise Failure(f"{name}: every game of an arm is the same game")


def battery(binary, source, name, example, tmp):
    path = source / example
    if not path.is_file():
        raise Failure(f"{name}: example {example} does not exist")
    out1, out2 = tmp / f"{name}-j1.h5", tmp / f"{name}-j2.h5"
    muster(binary, "run", path, "-o", out1, "-n", GAMES, "-q", "-j", 1)
    muster(binary, "run", path, "-o", out2, "-n", GAMES, "-q", "-j", 2, "--batch", BATCH)
    with h5py.File(out1, "r") as a, h5py.File(out2, "r") as b:
        total, cols = check_complete(name, a, GAMES)
        check_complete(name, b, GAMES)
        errors = []
        for check in (lambda: check_attributes(name, a), lambda: check_same_data(name, a, b),
                      lambda: check_replays(binary, name, path, b, total, cols, GAMES),
                      lambda: check_common_random_numbers(binary, source, name, tmp)):
            try:
                check()
            except Failure as e:
                errors.append(str(e))
        if errors:
            raise Failure("\n".join(errors))
    return total


def main():
    binary, source, only = sys.argv[1], Path(sys.argv[2]), sys.argv[3:]
    failed = 0
    try:
        rulesets = registry(binary)
    except Failure as e:
        print(e, file=sys.stderr)
        return 1
    if not rulesets:
        print("the registry lists no ruleset", file=sys.stderr)
        return 1
    unknown = set(only) - {n for n, _ in rulesets}
    if unknown:
        print(f"not registered: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        for name, example in rulesets:
            if only and name not in only:
                continue
            try:
                total = battery(binary, source, name, example, Path(tmp))
                print(f"{name}: ok ({example}, {total} games: complete, attributes, 1 = 2 threads, replays, common random numbers)")
            except (Failure, subprocess.TimeoutExpired) as e:
                print(e, file=sys.stderr)
                print(f"{name}: FAILED", file=sys.stderr)
                failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
