"""Command line: python3 -m muster_analysis FILE.h5 [--out DIR] [--baseline OLD.h5] [--baseline-arm ARM].

Prints the report of the file's ruleset and writes, in DIR (the file's own
directory unless given), <stem>-report.txt with its figures and
<stem>-report.html, one self-contained page with the tables, figures,
experiment and provenance (muster_analysis.html_report; --no-html skips
it). A file of several arms gets each arm's differences to a baseline arm
(--baseline-arm; default the first), paired game by game: game i of every
arm rolled the same dice (muster_analysis.paired). With --baseline, the
report ends with what changed against OLD.h5, a file of the same
experiment (muster_analysis.compare). The file's
root attribute `ruleset` picks the analysis: the module of this package
named after it ('-' read as '_', e.g. warmaster_order_drill for
warmaster-order-drill), whose RULESET is that name and whose analyse()
writes the report and figures. The rule systems themselves are listed
only in src/rules/registry.c.
"""

import argparse
import importlib
import re
import sys
from pathlib import Path

from . import balance, compare, html_report, load, paired

EXIT_UNREADABLE = 1      # not a results file, unreadable, or partial
EXIT_NO_ANALYSIS = 3     # no analysis module for the file's ruleset (2: usage, argparse)


class NoAnalysisError(ValueError):
    """The file's ruleset has no analysis module in this package."""


def analysis_module(ruleset):
    """Return the analysis module of a ruleset name, or None if this package has none.

    The module is muster_analysis.<ruleset with '-' as '_'>; it must set
    RULESET to the ruleset's name and define analyse(path, out_dir, conf,
    allow_partial).
    """
    if not isinstance(ruleset, str) or not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", ruleset):
        return None
    name = f"{__package__}.{ruleset.replace('-', '_')}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name == name:
            return None
        raise
    if getattr(module, "RULESET", None) != ruleset or not callable(getattr(module, "analyse", None)):
        return None
    return module


def analyse(path, out_dir=None, conf=0.95, allow_partial=False, baseline=None, html=True, baseline_arm=None):
    """Write the report and figures of one results file; return (report text, paths).

    A swept file whose experiment asks `balance:` questions gets their
    answers (muster_analysis.balance). A file with several arms and
    per-game rows gets a section with each
    arm's differences to the baseline arm (baseline_arm: a label or index;
    default the first), paired game by game (muster_analysis.paired).
    With baseline (an earlier file of the same experiment), the report ends
    with what changed against it. With html, the paths end with the HTML
    page (html_report.write_report). Raises NoAnalysisError when the file's
    ruleset has no analysis module; ValueError when the baseline does not
    match (nothing of the baseline section is written then).
    """
    given, path = str(path), Path(path)
    out_dir = Path(out_dir) if out_dir is not None else path.parent
    ruleset = load.provenance(path, allow_partial).get("ruleset")
    module = analysis_module(ruleset)
    if module is None:
        raise NoAnalysisError(f"{path}: no analysis for ruleset '{ruleset}' "
                              f"(no module {__package__}.{str(ruleset).replace('-', '_')} with RULESET "
                              "and analyse())")
    changes = None
    if baseline:
        changes = compare.compare_frame(path, baseline, conf, allow_partial)
        old_prov = load.provenance(baseline, allow_partial)
    arms, arms_base = None, None
    if getattr(module, "pairs_arms", lambda *_: True)(path, allow_partial):
        arms, arms_base = _paired(path, baseline_arm, conf, allow_partial)
    out_dir.mkdir(parents=True, exist_ok=True)
    text, written = module.analyse(path, out_dir, conf, allow_partial)
    written = list(written)
    sections = []
    asked, balance_tables = balance.from_experiment(path, conf, allow_partial)
    if asked:
        sections.append(asked)
    if arms is not None:
        sections.append(paired.format_paired(arms, arms_base, conf))
    if changes is not None:
        sections.append(compare.format_changes(changes, given, str(baseline), conf, old_prov))
    for section in sections:
        text += "\n" + section
        for p in written:
            if str(p).endswith("-report.txt"):
                with open(p, "a", encoding="utf-8") as f:
                    f.write("\n" + section)
    if html:
        more = balance_tables + (paired.paired_tables(arms, arms_base, conf) if arms is not None else [])
        written.append(html_report.write_report(path, out_dir, module, text, written, conf, allow_partial,
                                                changes, baseline, more))
    return text, written


def _paired(path, baseline_arm, conf, allow_partial):
    """Return (paired.paired_frame, baseline label) of a file with several arms and
    per-game rows, else (None, None). Raises ValueError for an unknown baseline_arm."""
    labels = paired.arm_labels(path, allow_partial)
    if not load.provenance(path, allow_partial).get("per_game_rows", 1):
        if baseline_arm is not None:
            raise ValueError(f"{path}: written without per-game rows: arms cannot be paired game by game")
        return None, None
    if labels is not None and len(labels) < 2 and baseline_arm is None:
        return None, None
    frame, base = paired.paired_frame(path, baseline_arm, conf, allow_partial)
    return frame, base


def main(argv=None):
    """Run the CLI; return the exit status.

    0 done; 1 the file is unreadable, not a results file, or partial; 2
    usage; 3 no analysis for the file's ruleset.
    """
    ap = argparse.ArgumentParser(prog="python3 -m muster_analysis",
                                 description=__doc__.split("\n\n")[1])
    ap.add_argument("file", help="a muster results file (.h5)")
    ap.add_argument("--out", metavar="DIR", help="where to write (default: the file's directory)")
    ap.add_argument("--conf", type=float, default=0.95, help="confidence level (default 0.95)")
    ap.add_argument("--allow-partial", action="store_true",
                    help="read a file whose status is 'partial' (an unfinished run)")
    ap.add_argument("--baseline", metavar="OLD.h5",
                    help="end the report with the per-game statistics that changed against this "
                         "earlier file of the same experiment")
    ap.add_argument("--baseline-arm", metavar="ARM",
                    help="the arm (label or index) every other arm is compared with, game by game "
                         "(default: the first)")
    ap.add_argument("--no-html", action="store_true", help="do not write DIR/<stem>-report.html")
    ap.add_argument("-q", "--quiet", action="store_true", help="do not print the report")
    args = ap.parse_args(argv)
    try:
        text, written = analyse(args.file, args.out, args.conf, args.allow_partial, args.baseline,
                                not args.no_html, args.baseline_arm)
    except NoAnalysisError as e:
        print(f"muster_analysis: error: {e}", file=sys.stderr)
        return EXIT_NO_ANALYSIS
    except (OSError, ValueError, KeyError) as e:
        print(f"muster_analysis: error: {e}", file=sys.stderr)
        return EXIT_UNREADABLE
    if not args.quiet:
        print(text, end="")
    for p in written:
        print(f"wrote {p}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
