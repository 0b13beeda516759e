"""Command line: python3 -m muster_analysis FILE.h5 [--out DIR].

Prints the report of the file's ruleset and writes DIR/<stem>-report.txt
with its figures: for the order drill DIR/<stem>-odds-heatmap.png and
DIR/<stem>-orders-by-arm.png, for Battlesystem DIR/<stem>-charges.png,
for a Warmaster battle DIR/<stem>-results.png
(DIR: the file's own directory unless given).
"""

import argparse
import sys
from pathlib import Path

from . import battlesystem, load, plots, report, warmaster_battle


def analyse(path, out_dir=None, conf=0.95, allow_partial=False):
    """Write the report and both figures of one results file; return (report text, paths)."""
    path = Path(path)
    out_dir = Path(out_dir) if out_dir is not None else path.parent
    out_dir.mkdir(parents=True, exist_ok=True)
    ruleset = load.provenance(path, allow_partial).get("ruleset")
    if ruleset == "battlesystem":
        return battlesystem.analyse(path, out_dir, conf, allow_partial)
    if ruleset == warmaster_battle.RULESET:
        return warmaster_battle.analyse(path, out_dir, conf, allow_partial)
    data = report.read(path, allow_partial)
    prov, tabs, games = data
    text = report.format_report(str(path), conf, data=data)
    blunders = load.blunder_on_12(prov)
    level = f"{100 * conf:g}%"
    stem = path.stem
    written = [out_dir / f"{stem}-report.txt", out_dir / f"{stem}-odds-heatmap.png",
               out_dir / f"{stem}-orders-by-arm.png"]
    written[0].write_text(text, encoding="utf-8")
    plots.odds_heatmap(report.odds_table(tabs, blunders, conf), written[1],
                       f"{stem}: observed order success (%) by Command value and target score\n"
                       f"all arms pooled, {prov.get('games_complete'):,} games", blunders)
    summary, _, method = report.arm_summary(tabs, games, conf)
    plots.orders_by_arm(summary, written[2], f"{stem}: orders given per turn by arm", level,
                        method)
    return text, written


def main(argv=None):
    """Run the CLI; return the exit status (0 done, 1 unreadable or partial file)."""
    ap = argparse.ArgumentParser(prog="python3 -m muster_analysis",
                                 description=__doc__.split("\n\n")[1])
    ap.add_argument("file", help="a muster results file (.h5)")
    ap.add_argument("--out", metavar="DIR", help="where to write (default: the file's directory)")
    ap.add_argument("--conf", type=float, default=0.95, help="confidence level (default 0.95)")
    ap.add_argument("--allow-partial", action="store_true",
                    help="read a file whose status is 'partial' (an unfinished run)")
    ap.add_argument("-q", "--quiet", action="store_true", help="do not print the report")
    args = ap.parse_args(argv)
    try:
        text, written = analyse(args.file, args.out, args.conf, args.allow_partial)
    except (OSError, ValueError, KeyError) as e:
        print(f"muster_analysis: error: {e}", file=sys.stderr)
        return 1
    if not args.quiet:
        print(text, end="")
    for p in written:
        print(f"wrote {p}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
