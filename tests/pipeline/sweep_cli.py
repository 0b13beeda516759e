#!/usr/bin/python3
"""End-to-end tests of swept experiments (`sweep:`, muster/sweep.h).

Usage: sweep_cli.py MUSTER CASE
  equals_plain_runs: for every ruleset, tests/pipeline/sweep/<ruleset>.yaml
    (a sweep over two or three of its numbers) is run once; then, for every
    point of its grid, the same file without `sweep:` and with the point's
    values written in is run on its own. Arm p*A + a of the swept file must
    hold exactly the games of arm a of the point's own run (every /games
    column but `arm`, and block p of every count table), its label must
    name the point, and the swept `arm` column must number the arms of the
    grid, and /sweep/<axis> must hold the point's value at each of its
    arms. Game i of every arm rolls the same dice, so this is equality.
  refusals: bad sweeps exit 65 with one positioned line and write nothing.
Debian's python3 (h5py, numpy).
"""
import itertools
import os
import re
import subprocess
import sys
import tempfile

import h5py
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
EXPERIMENTS = os.path.abspath(os.path.join(HERE, "..", "..", "experiments"))
EXIT_DATAERR = 65


def run(muster, *args):
    return subprocess.run([muster, *map(str, args)], capture_output=True, text=True, timeout=600)


def template(name):
    with open(os.path.join(HERE, "sweep", f"{name}.yaml"), encoding="utf-8") as f:
        return f.read().replace("@EXPERIMENTS@", EXPERIMENTS)


def axes(text):
    """[(name, [values as text])] of the `sweep:` block, in order."""
    out = []
    for m in re.finditer(r"\{name: (\w+), path: [^,]+, values: \[([^\]]*)\]\}", text):
        out.append((m.group(1), [v.strip() for v in m.group(2).split(",")]))
    return out


def point_text(text, values):
    """The file without `sweep:`, each '# axis NAME' line's value replaced."""
    text = re.sub(r"^sweep:\n(  - .*\n)+", "", text, flags=re.M)
    for name, value in values.items():
        text, n = re.subn(rf"^(\s*-?\s*[\w]+: )\S+(\s+# axis {name})$", rf"\g<1>{value}\2", text, flags=re.M)
        if n != 1:
            raise AssertionError(f"template: no single line '# axis {name}'")
    return text


def tables(f):
    """{path: values} of the count tables (every dataset but the per-game
    columns, the checkpoint slots and the dimension scales)."""
    found = {}

    def visit(p, o):
        if (isinstance(o, h5py.Dataset) and not p.startswith(("games/", "checkpoint/")) and o.ndim
                and o.attrs.get("CLASS") is None):
            found[p] = o[()]
    f.visititems(visit)
    return found


def equals_plain_runs(muster):
    problems = []
    for ruleset in ("warmaster-order-drill", "battlesystem", "ninth-age", "cca", "warmaster-battle"):
        text = template(ruleset)
        grid = axes(text)
        with tempfile.TemporaryDirectory() as tmp:
            swept = os.path.join(tmp, "swept.yaml")
            with open(swept, "w", encoding="utf-8") as f:
                f.write(text)
            p = run(muster, "run", swept, "-o", os.path.join(tmp, "swept.h5"), "-q", "-j", 2)
            if p.returncode != 0:
                problems.append(f"{ruleset}: swept run: exit {p.returncode}: {p.stderr.strip()}")
                continue
            sw = h5py.File(os.path.join(tmp, "swept.h5"), "r")
            s_arm = sw["games/arm"][()]
            s_tabs = tables(sw)
            points = list(itertools.product(*[v for _, v in grid]))
            for k, values in enumerate(points):
                label = " ".join(f"{n}={v}" for (n, _), v in zip(grid, values))
                plain = os.path.join(tmp, f"point{k}.yaml")
                with open(plain, "w", encoding="utf-8") as f:
                    f.write(point_text(text, {n: v for (n, _), v in zip(grid, values)}))
                out = os.path.join(tmp, f"point{k}.h5")
                p = run(muster, "run", plain, "-o", out, "-q", "-j", 1)
                if p.returncode != 0:
                    problems.append(f"{ruleset} {label}: plain run: exit {p.returncode}: {p.stderr.strip()}")
                    continue
                with h5py.File(out, "r") as pf:
                    arm = pf["games/arm"][()]
                    arms = int(arm.max()) + 1
                    for a in range(arms):
                        mine = s_arm == k * arms + a
                        if mine.sum() != (arm == a).sum():
                            problems.append(f"{ruleset} {label} arm {a}: {mine.sum()} games, plain {(arm == a).sum()}")
                            continue
                        for col, d in pf["games"].items():
                            if col in ("arm", "game") or d.attrs.get("CLASS") is not None:
                                continue
                            if not np.array_equal(sw["games"][col][()][mine], d[()][arm == a]):
                                problems.append(f"{ruleset} {label} arm {a}: /games/{col} differs from the plain run")
                    for path, t in tables(pf).items():
                        rows = t.shape[0]   # its first axis runs over the arms
                        block = s_tabs[path][k * rows:(k + 1) * rows]
                        if not np.array_equal(block, t):
                            problems.append(f"{ruleset} {label}: /{path} block differs from the plain run")
                    labels = [x.decode() if isinstance(x, bytes) else str(x)
                              for x in sw[next(p for p in s_tabs if p.endswith("/games"))].dims[0][0][()]]
                    for (name, _), value in zip(grid, values):  # the grid's coordinates, arm by arm
                        coord = [x.decode() for x in sw["sweep"][name][()][k * arms:(k + 1) * arms]]
                        if coord != [value] * arms:
                            problems.append(f"{ruleset}: /sweep/{name} at arms {k * arms}.. is {coord}, not {value}")
                    if not all(lab.endswith(f"| {label}") for lab in labels[k * arms:(k + 1) * arms]):
                        problems.append(f"{ruleset}: arms {k * arms}..{(k + 1) * arms - 1} labelled "
                                        f"{labels[k * arms:(k + 1) * arms]}, not '... | {label}'")
            if sorted(set(s_arm.tolist())) != list(range(len(points) * arms)):
                problems.append(f"{ruleset}: the swept arm column holds {sorted(set(s_arm.tolist()))}, "
                                f"not 0..{len(points) * arms - 1}")
            sw.close()
        print(f"{ruleset}: {len(points)} points checked against their plain runs")
    return problems


BASE = """schema: 1
ruleset: warmaster-order-drill
seed: 1
games: 10
sweep:
{sweep}
rules:
  distance_step_cm: 20
study:
  characters:
    - {{name: General, role: general, command: 9}}
  units:
    - {{name: Spearmen, distance_cm: 35}}
policies:
  - {{name: as-listed}}
"""

REFUSALS = [
    ("  - {name: step, path: rules.enemy_close_cm, values: [10]}", 6, "not a plain value written in this file"),
    ("  - {name: seed, path: seed, values: [1, 2]}", 6, "a key of the run itself"),
    ("  - {name: step, path: rules.distance_step_cm, values: [20]}\n"
     "  - {name: step, path: \"study.characters[0].command\", values: [8]}", 7, "two axes are named 'step'"),
    ("  - {name: a, path: rules.distance_step_cm, values: [20]}\n"
     "  - {name: b, path: rules.distance_step_cm, values: [25]}", 7, "vary the same value"),
    ("  - {name: step, path: rules.distance_step_cm, values: [20, 20]}", 6, "already on this axis"),
    ("  - {name: cmd, path: \"study.characters[0].command\", values: [9, 99]}", None, "at the sweep point cmd=99"),
    ("  - {name: step, path: rules.distance_step_cm, values: [twenty]}", 6, "is a number in this file; 'twenty' is not"),
    ("  - {name: step, path: rules.distance_step_cm, values: [20, 20.0]}", 6, "the value 20.0 is already on this axis"),
    ("  - {name: policy, path: \"policies[0].name\", values: [as-listed, \"two words\"]}", 6,
     "one word of letters, digits"),
    ("  - {name: policy, path: \"policies[0].name\", values: [as-listed, nonsense]}", None,
     "at the sweep point policy=nonsense"),
    ("  - {name: policy, path: \"policies[0].name\", values: [as-listed]}\n"
     "balance:\n  - {axis: policy, statistic: orders_given, target: 1}", 8, "is not over numbers"),
    ("  - {name: step, path: rules.distance_step_cm, values: [20, 25]}\n"
     "balance:\n  - {axis: steps, statistic: orders_given, target: 1}", 8, "no sweep axis is named 'steps'"),
    ("  - {name: \"a/b\", path: rules.distance_step_cm, values: [20]}", 6, "an axis name is letters, digits"),
    ("  - {name: step, path: rules.distance_step_cm, values: [%s]}\n"
     "  - {name: far, path: \"study.units[0].distance_cm\", values: [%s]}" % ((", ".join(map(str, range(1, 17))),) * 2),
     None, "warmaster-order-drill numbers at most 255 arms"),
]


def refusals(muster):
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, (sweep, line, needle) in enumerate(REFUSALS):
            exp = os.path.join(tmp, f"bad{i}.yaml")
            out = os.path.join(tmp, f"bad{i}.h5")
            with open(exp, "w", encoding="utf-8") as f:
                f.write(BASE.format(sweep=sweep))
            p = run(muster, "run", exp, "-o", out, "-q")
            lines = p.stderr.strip().splitlines()
            where = f"{exp}:{line}:" if line else f"{exp}:"
            if p.returncode != EXIT_DATAERR or len(lines) != 1 or not lines[0].startswith(where) or needle not in lines[0]:
                problems.append(f"refusal {i}: exit {p.returncode}, stderr {p.stderr.strip()!r}; wanted 65, "
                                f"one line at {where} with {needle!r}")
            if os.path.exists(out) or os.path.exists(out + ".partial"):
                problems.append(f"refusal {i}: wrote output")
    return problems


def main():
    muster, case = sys.argv[1], sys.argv[2]
    problems = {"equals_plain_runs": equals_plain_runs, "refusals": refusals}[case](muster)
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
