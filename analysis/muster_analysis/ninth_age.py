"""The Ninth Age results files (ruleset "ninth-age"): March Tests by
Discipline beside their exact odds, by distance band, and per arm the
game statistics (tests, marches denied, moves, contact, objectives,
distance gained, units able to shoot), each rate with its Wilson interval.

The exact odds are computed here independently of the C code: the
Discipline Test passes when the total of `dice` dice of `sides` faces is
at most the Discipline (rules.discipline_test of the experiment stored in
the file; 2D6 by default, an assumption: ninth-age-movement.txt does not
give the dice).
"""

import numpy as np
import pandas as pd

from . import load, stats
from . import report_parts as rp
from .html_report import Table

GROUP = "ninth_age"
RULESET = "ninth-age"
DEFAULT_TEST = {"dice": 2, "sides": 6}


def pass_probability(discipline, test=None):
    """Return P(Discipline Test passes): the dice total is at most discipline."""
    t = dict(DEFAULT_TEST, **(test or {}))
    return stats.dice_at_most(discipline, t["dice"], t["sides"])


def read(path, allow_partial=False):
    """Return (provenance, count tables of /ninth_age, per-game rows or None) of a results file."""
    prov, tabs = rp.read_tables(path, RULESET, GROUP, allow_partial)
    try:
        games = load.games_frame(path, allow_partial)
    except ValueError:
        games = None
    return prov, tabs, games


def march_frame(tabs, exp, conf=0.95):
    """March Tests by arm and Discipline: tests, passed, observed pass rate, Wilson CI, exact, outside."""
    t = tabs["march_tests"]
    test = ((exp or {}).get("rules") or {}).get("discipline_test")
    rows = []
    for arm in t.coords["arm"].values:
        for d in t.coords["discipline"].values:
            cell = t.sel(arm=arm, discipline=d).sum("band")
            passed, failed = int(cell.sel(result="passed")), int(cell.sel(result="failed"))
            n = passed + failed
            lo, hi = stats.wilson(passed, n, conf)
            exact = pass_probability(int(d), test)
            rows.append({"arm": str(arm), "discipline": int(d), "tests": n, "passed": passed,
                         "observed": passed / n if n else np.nan, "lo": lo, "hi": hi, "exact": exact,
                         "outside": bool(n and not (lo <= exact <= hi))})
    return pd.DataFrame(rows)


def band_frame(tabs, conf=0.95):
    """March Tests by arm and distance band (2" bands): tests, pass rate, Wilson CI."""
    t = tabs["march_tests"]
    rows = []
    for arm in t.coords["arm"].values:
        for b in t.coords["band"].values:
            cell = t.sel(arm=arm, band=b).sum("discipline")
            passed, failed = int(cell.sel(result="passed")), int(cell.sel(result="failed"))
            lo, hi = stats.wilson(passed, passed + failed, conf)
            rows.append({"arm": str(arm), "band_in": f"{2 * int(b)}-{2 * int(b) + 2}", "tests": passed + failed,
                         "pass": passed / (passed + failed) if passed + failed else np.nan, "lo": lo, "hi": hi})
    return pd.DataFrame(rows)


def arm_frame(games, arms, conf=0.95):
    """Per arm: games, means per game (with normal CIs) and rates (Wilson) of the game statistics."""
    rows = []
    for i, label in enumerate(arms):
        g = games[games["arm"] == i]
        n = len(g)
        if n == 0:
            continue
        row = {"arm": label, "games": n}
        for col in ("march_tests", "march_tests_failed", "marches_denied", "marches", "advances", "reforms",
                    "wheels", "holds"):
            row[col] = g[col].mean()
        contact = int((g["first_contact_turn"] > 0).sum())
        row["contact"], (row["contact_lo"], row["contact_hi"]) = contact / n, stats.wilson(contact, n, conf)
        row["first_contact_mean"] = g.loc[g["first_contact_turn"] > 0, "first_contact_turn"].mean()
        tests, denied = int(g["march_tests"].sum()), int(g["march_tests_failed"].sum())
        row["fail"], (row["fail_lo"], row["fail_hi"]) = (denied / tests if tests else np.nan,
                                                         stats.wilson(denied, tests, conf))
        for s in ("gained_mm", "able_to_shoot", "marched_no_shoot"):
            for c in [c for c in g.columns if c.startswith(s + "[")]:
                row[c] = g[c].mean()
        for c in [c for c in g.columns if c.startswith("objective_turn_")]:
            reached = int((g[c] > 0).sum())
            row[c + " reached"] = reached / n
            row[c + " lo"], row[c + " hi"] = stats.wilson(reached, n, conf)
        rows.append(row)
    return pd.DataFrame(rows)


def format_report(path, conf=0.95, allow_partial=False, data=None):
    """Return the Ninth Age report of a results file as plain text."""
    prov, tabs, games = data if data is not None else read(path, allow_partial)
    exp = prov["experiment_yaml"]
    level = f"{100 * conf:g}%"
    rules = (exp or {}).get("rules") or {}
    out = rp.heading("Ninth Age", path, prov, f"; March Test radius {rules.get('march_test_radius_in', 8)} in")
    mf = march_frame(tabs, exp, conf)
    shown = mf[mf["tests"] > 0]
    out.append(f"March Tests by Discipline: observed pass rate ({level} Wilson CI) vs exact")
    out.append(f"{'arm':<24} {'Disc':>4} {'tests':>8} {'pass %':>8} {'CI %':>17} {'exact %':>8} flag")
    for r in shown.itertuples():
        out.append(f"{r.arm:<24} {r.discipline:>4} {r.tests:>8} {rp.pct(r.observed):>8} "
                   f"{rp.ci(r.lo, r.hi):>17} {rp.pct(r.exact):>8} {'*' if r.outside else ''}")
    out += [f"Flag *: exact value outside the {level} interval ({int(shown['outside'].sum())} of {len(shown)} "
            f"cells; about {100 * (1 - conf):g}% are expected by chance).", ""]
    bf = band_frame(tabs, conf)
    bf = bf[bf["tests"] > 0]
    out.append(f"March Tests by distance to the nearest enemy (inches): pass rate ({level} Wilson CI)")
    for r in bf.to_dict("records"):
        out.append(f"{r['arm']:<24} {r['band_in']:>6} {r['tests']:>8} {rp.pct(r['pass']):>8} "
                   f"{rp.ci(r['lo'], r['hi'])}")
    out.append("")
    if games is not None:
        arms = [str(a) for a in tabs["games"].coords["arm"].values]
        af = arm_frame(games, arms, conf)
        out.append(f"Per arm, means per game; rates with {level} Wilson CI")
        for r in af.to_dict("records"):
            out.append(f"{r['arm']}: {r['games']} games")
            out.append(f"  March Tests {r['march_tests']:.2f}, failed {r['march_tests_failed']:.2f} "
                       f"(fail rate {rp.pct(r['fail'])}% {rp.ci(r['fail_lo'], r['fail_hi'])}), "
                       f"marches denied {r['marches_denied']:.2f}")
            out.append(f"  moves: marches {r['marches']:.2f}, advances {r['advances']:.2f}, reforms "
                       f"{r['reforms']:.2f}, wheels {r['wheels']:.2f}, holds {r['holds']:.2f}")
            out.append(f"  games with contact {rp.pct(r['contact'])}% {rp.ci(r['contact_lo'], r['contact_hi'])}, "
                       f"first contact on turn {r['first_contact_mean']:.2f} on average")
            extra = [f"{k} {v:.1f}" for k, v in r.items() if k.startswith(("gained_mm[", "able_to_shoot[",
                                                                         "marched_no_shoot["))]
            out.append("  " + ", ".join(extra))
            obj = [f"{k[:-len(' reached')]} {rp.pct(v)}% "
                   f"{rp.ci(r[k[:-len(' reached')] + ' lo'], r[k[:-len(' reached')] + ' hi'])}"
                   for k, v in r.items() if k.endswith(" reached")]
            if obj:
                out.append("  objective reached: " + "; ".join(obj))
        out.append("")
    return "\n".join(out)


def analyse(path, out_dir, conf=0.95, allow_partial=False):
    """Write DIR/<stem>-report.txt and DIR/<stem>-march.png; return (report text, paths)."""
    data = read(path, allow_partial)
    text = format_report(str(path), conf, data=data)
    written = [out_dir / f"{path.stem}-report.txt", out_dir / f"{path.stem}-march.png"]
    written[0].write_text(text, encoding="utf-8")
    mf = march_frame(data[1], data[0]["experiment_yaml"], conf)
    plt, fig, ax = rp.figure()
    for label, g in mf[mf["tests"] > 0].groupby("arm", sort=False):
        ax.errorbar(g["discipline"], 100 * g["observed"],
                    yerr=rp.wilson_yerr(g, "observed"),
                    marker="o", capsize=2, linestyle="none", label=label)
    d = np.arange(mf["discipline"].min(), mf["discipline"].max() + 1)
    test = ((data[0]["experiment_yaml"] or {}).get("rules") or {}).get("discipline_test")
    ax.plot(d, [100 * pass_probability(int(x), test) for x in d], "k--", label="exact")
    ax.set_xlabel("Discipline")
    ax.set_ylabel("March Tests passed (%)")
    ax.set_title(f"{path.stem}: March Tests by Discipline ({100 * conf:g}% Wilson CI)")
    ax.legend(fontsize="small")
    rp.save(plt, fig, written[1])
    return text, written


def html_tables(path, conf=0.95, allow_partial=False):
    """Declare the HTML report's tables (html_report): March Tests by Discipline and by distance, per arm."""
    prov, tabs, games = read(path, allow_partial)
    mf = march_frame(tabs, prov["experiment_yaml"], conf)
    bf = band_frame(tabs, conf)
    out = [Table("March Tests by Discipline: observed pass rate vs exact", mf[mf["tests"] > 0],
                 "outside: the exact value lies outside the interval.", percent=("exact",)),
           Table("March Tests by distance to the nearest enemy (inches)", bf[bf["tests"] > 0], plot=True)]
    if games is not None:
        arms = [str(a) for a in tabs["games"].coords["arm"].values]
        out.append(Table("Per arm: means per game, contact and fail rates, objectives reached",
                         arm_frame(games, arms, conf), plot=True))
    return out
