#!/usr/bin/python3
"""End-to-end checks of `muster odds`, `--help` and `--version`, and of the
usage-error contract (one line on stderr, nothing on stdout, exit 64).

Usage: odds_cli.py MUSTER VERSION CASE, where CASE is a function below or
usage_error_<name> for a row of USAGE_ERRORS; CTest runs one case per test.
The expected odds are worked out here from the rules text
(warmaster-command-and-initiative.txt) with exact fractions, never by
asking muster. Standard library only.
"""
import json
import math
import re
import subprocess
import sys
from fractions import Fraction

MUSTER, VERSION, CASE = sys.argv[1], sys.argv[2], sys.argv[3]
EXIT_USAGE = 64
EPS = 1e-12


def run(*args):
    return subprocess.run([MUSTER, *args], capture_output=True, text=True, timeout=60)


def ok(args):
    """Runs muster with args, requires exit 0 and a silent stderr; returns stdout."""
    p = run(*args)
    assert p.returncode == 0, f"muster {' '.join(args)}: exit {p.returncode}, stderr {p.stderr!r}"
    assert p.stderr == "", f"muster {' '.join(args)}: unexpected stderr {p.stderr!r}"
    return p.stdout


def close(got, want, what):
    assert abs(got - float(want)) <= EPS, f"{what}: got {got!r}, want {float(want)!r}"


# --- the rules, from the text ----------------------------------------------

def distance_penalty(cm):
    """warmaster-command: "Distance": none up to 20cm, up to 40cm -1, up to
    60cm -2, up to 80cm -3, a further -1 per +20cm."""
    cm = Fraction(cm)
    return 0 if cm <= 20 else math.ceil(cm / 20) - 1


def target(command, cm, order, dense=False, enemy_cm=None, lost=0):
    """warmaster-command: the Command penalties; "Multiple orders": the n-th
    order to a unit is at -(n-1)."""
    penalty = distance_penalty(cm) + (order - 1) + bool(dense) + lost
    penalty += enemy_cm is not None and Fraction(enemy_cm) <= 20
    return command - penalty


def ways(t):
    """2D6 outcomes that give an order needing t or less; 12 always fails
    (the blunder assumption)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= t and a + b != 12)


def chain_exact(rolls):
    """rolls: [(unit, order, p_success)] in chain order. Enumerates every
    success/failure vector of all rolls (rolls after the first failure do
    not change the outcome), so the result follows the rule directly:
    warmaster-command: "Order sequence": once a character has failed to
    give an order, he cannot issue any more orders."""
    n_units = max(u for u, _, _ in rolls) + 1
    out = {"given": {}, "half": [Fraction(0)] * n_units,
           "orders": [Fraction(0)] * (len(rolls) + 1), "units": [Fraction(0)] * (n_units + 1)}
    for mask in range(1 << len(rolls)):
        prob, first_fail = Fraction(1), len(rolls)
        for k, (_, _, p) in enumerate(rolls):
            success = mask >> k & 1
            prob *= p if success else 1 - p
            if not success and first_fail == len(rolls):
                first_fail = k
        for k, (u, j, _) in enumerate(rolls):
            out["given"].setdefault((u, j), Fraction(0))
            if k < first_fail:
                out["given"][(u, j)] += prob
        if first_fail < len(rolls) and rolls[first_fail][1] == 0:
            out["half"][rolls[first_fail][0]] += prob
        out["orders"][first_fail] += prob
        out["units"][sum(1 for u, j, _ in rolls[:first_fail] if j == 0)] += prob
    return out


# --- cases -------------------------------------------------------------------

# RULE wm.orders.worked-example
def worked_example_cavalry_needs_5_or_less():
    """warmaster-command worked example: Command 9, cavalry 65cm away, second
    order: -3 distance -1 second move, 5 or less, 10/36."""
    assert target(9, 65, 2) == 5 and ways(5) == 10
    out = ok(["odds", "--command", "9", "--distance", "65", "--order", "2"])
    assert "target: 5 or less on 2D6\n" in out, out
    assert "P(order given) = 10/36 = 0.277778\n" in out, out


# RULE wm.orders.worked-example
def worked_example_infantry_in_wood_needs_8_or_less():
    """warmaster-command worked example: infantry 10cm away in a wood, 8 or
    less, 26/36."""
    assert target(9, 10, 1, dense=True) == 8 and ways(8) == 26
    out = ok(["odds", "--command", "9", "--distance", "10", "--dense"])
    assert "target: 8 or less on 2D6\n" in out, out
    assert "P(order given) = 26/36 = 0.722222\n" in out, out


def json_single_roll_has_exact_values():
    rules = {"distance_step_cm": 20, "enemy_close_cm": 20, "blunder_on_12": True}
    cav = json.loads(ok(["odds", "--command", "9", "--distance", "65", "--order", "2", "--json"]))
    assert cav == {"command": 9, "order": 2, "distance_cm": 65, "enemy_cm": None, "dense": False,
                   "stands_lost": 0,
                   "penalties": {"distance": 3, "order": 1, "enemy_close": 0, "dense": 0,
                                 "casualties": 0, "total": 4},
                   "target": 5, "ways": 10, "probability": 10 / 36, "rules": rules}, cav
    inf = json.loads(ok(["odds", "--command", "9", "--distance", "10", "--dense", "--json"]))
    assert (inf["target"], inf["ways"], inf["probability"]) == (8, 26, 26 / 36), inf
    assert inf["dense"] is True and inf["penalties"]["dense"] == 1 and inf["penalties"]["total"] == 1, inf


def json_chain_matches_independent_enumeration():
    """`--unit 65,orders=2 --unit 10,wood`: cavalry twice, then infantry in a
    wood up to 3 times (the --orders default)."""
    units = [dict(cm=65, dense=False, orders=2), dict(cm=10, dense=True, orders=3)]
    want_targets = [[6, 5], [8, 7, 6]]
    rolls = []
    for u, spec in enumerate(units):
        for j in range(spec["orders"]):
            t = target(9, spec["cm"], j + 1, dense=spec["dense"])
            assert t == want_targets[u][j]
            rolls.append((u, j, Fraction(ways(t), 36)))
    exact = chain_exact(rolls)

    args = ["odds", "--command", "9", "--unit", "65,orders=2", "--unit", "10,wood"]
    got = json.loads(ok(args + ["--json"]))
    assert got["command"] == 9 and len(got["units"]) == 2, got
    for u, spec in enumerate(units):
        gu = got["units"][u]
        assert (gu["distance_cm"], gu["enemy_cm"], gu["dense"], gu["stands_lost"]) == \
            (spec["cm"], None, spec["dense"], 0), gu
        assert len(gu["orders"]) == spec["orders"], gu
        for j, order in enumerate(gu["orders"]):
            p = next(p for uu, jj, p in rolls if (uu, jj) == (u, j))
            assert order["target"] == want_targets[u][j], order
            assert order["p_success"] == float(p), order
            close(order["p_given"], exact["given"][(u, j)], f"unit {u + 1} order {j + 1} p_given")
        close(gu["p_half_pace"], exact["half"][u], f"unit {u + 1} p_half_pace")
    assert len(got["p_orders_given"]) == len(rolls) + 1, got["p_orders_given"]
    for k, p in enumerate(exact["orders"]):
        close(got["p_orders_given"][k], p, f"p_orders_given[{k}]")
    assert len(got["p_units_ordered"]) == len(units) + 1, got["p_units_ordered"]
    for k, p in enumerate(exact["units"]):
        close(got["p_units_ordered"][k], p, f"p_units_ordered[{k}]")
    close(got["mean_orders_given"], sum(k * p for k, p in enumerate(exact["orders"])), "mean_orders_given")
    close(got["mean_units_ordered"], sum(k * p for k, p in enumerate(exact["units"])), "mean_units_ordered")
    close(got["p_no_failure"], exact["orders"][-1], "p_no_failure")
    # The text form of the same chain runs and shows the same distribution.
    text = ok(args)
    assert "Order chain: Command 9, 2 units" in text, text
    assert f"{len(rolls):<14d} {float(exact['orders'][-1]):.6f}\n" in text, text


def help_lists_commands_and_options():
    for flag in ("--help", "-h"):
        out = ok([flag])
        for word in ("Usage: muster", "odds", "--help", "--version"):
            assert word in out, f"muster {flag} does not mention {word}:\n{out}"
    for flag in ("--help", "-h"):
        out = ok(["odds", flag])
        for word in ("Usage: muster odds", "--command", "--distance", "--order", "--enemy", "--dense",
                     "--lost", "--unit", "--orders", "--step", "--enemy-radius", "--no-blunders",
                     "--json", "--help"):
            assert word in out, f"muster odds {flag} does not mention {word}:\n{out}"


def registry():
    """{ruleset: [odds options]} from `muster info --rulesets` (None for the
    calculator without an option)."""
    out, name = {}, None
    for line in ok(["info", "--rulesets"]).splitlines():
        if line and not line[0].isspace():
            name = line
            out[name] = []
        elif line.split()[:1] == ["odds"]:
            option = line.split()[1]
            out[name].append(None if option == "(no" else option)
    assert out, "muster info --rulesets lists no ruleset"
    return out


def help_lists_the_registry():
    """`muster --help` lists every registered ruleset and odds calculator,
    `muster odds --help` every calculator, and each calculator's option
    leads to its own help."""
    rulesets = registry()
    top, odds = ok(["--help"]), ok(["odds", "--help"])
    for name, options in rulesets.items():
        assert re.search(rf"^  {re.escape(name)} ", top, re.M), f"muster --help does not list ruleset {name}"
        for option in options:
            shown = option or "(no option)"
            line = rf"^  {re.escape(shown)} +{re.escape(name)} "
            assert re.search(line, top, re.M), f"muster --help does not list {shown} of {name}"
            assert re.search(line, odds, re.M), f"muster odds --help does not list {shown} of {name}"
            if option:
                assert ok(["odds", option, "--help"]).startswith(f"Usage: muster odds {option} ")
    assert sum(o is None for v in rulesets.values() for o in v) <= 1, "more than one default calculator"


def version_prints_project_version():
    out = ok(["--version"])
    m = re.fullmatch(r"muster (\S+) \(git ([0-9a-f]{7,40}(-dirty)?|unknown)\), with(out)? MPI\n", out)
    assert m, f"unexpected --version output {out!r}"
    assert m.group(1) == VERSION, f"version {m.group(1)!r}, project says {VERSION!r}"


# name: (arguments, text the message must quote)
USAGE_ERRORS = {
    "unknown_option": (["odds", "--command", "9", "--distance", "10", "--bogus"], "--bogus"),
    "unknown_short_option": (["odds", "--command", "9", "--distance", "10", "-x"], "-x"),
    "missing_command": (["odds", "--distance", "10"], "--command"),
    "command_13": (["odds", "--command", "13", "--distance", "10"], "13"),
    "command_0": (["odds", "--command", "0", "--distance", "10"], "--command"),
    "command_missing_value": (["odds", "--distance", "10", "--command"], "--command"),
    "distance_abc": (["odds", "--command", "9", "--distance", "abc"], "abc"),
    "distance_5x": (["odds", "--command", "9", "--distance", "5x"], "5x"),
    "distance_negative": (["odds", "--command", "9", "--distance", "-5"], "-5"),
    "distance_nan": (["odds", "--command", "9", "--distance", "nan"], "nan"),
    "order_4": (["odds", "--command", "9", "--distance", "10", "--order", "4"], "--order"),
    "neither_distance_nor_unit": (["odds", "--command", "9"], "--distance"),
    "unit_and_distance": (["odds", "--command", "9", "--unit", "10", "--distance", "10"], "--unit"),
    "unit_and_dense": (["odds", "--command", "9", "--unit", "10", "--dense"], "--unit"),
    "bad_unit_spec": (["odds", "--command", "9", "--unit", "10,forest"], "forest"),
    "unit_orders_4": (["odds", "--command", "9", "--unit", "10,orders=4"], "orders=4"),
    "unit_without_distance": (["odds", "--command", "9", "--unit", "dense"], "dense"),
    "unexpected_argument": (["odds", "--command", "9", "--distance", "10", "extra"], "extra"),
    "unknown_command": (["frobnicate"], "frobnicate"),
    "no_command": ([], "command"),
}


def usage_error(name):
    args, quoted = USAGE_ERRORS[name]
    p = run(*args)
    where = f"muster {' '.join(args)}"
    assert p.returncode == EXIT_USAGE, f"{where}: exit {p.returncode}, want {EXIT_USAGE}"
    assert p.stdout == "", f"{where}: wrote to stdout {p.stdout!r}"
    lines = p.stderr.split("\n")
    assert len(lines) == 2 and lines[1] == "" and lines[0], f"{where}: stderr is not one line: {p.stderr!r}"
    assert lines[0].startswith("muster") and "error: " in lines[0], f"{where}: {lines[0]!r}"
    assert quoted in lines[0], f"{where}: message does not quote {quoted!r}: {lines[0]!r}"


def main():
    if CASE.startswith("usage_error_"):
        usage_error(CASE[len("usage_error_"):])
    else:
        globals()[CASE]()
    print(f"{CASE}: ok")


if __name__ == "__main__":
    main()
