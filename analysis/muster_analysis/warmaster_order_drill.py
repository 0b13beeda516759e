"""Order-drill results files (ruleset "warmaster-order-drill"): the
order-odds report (report.py) and its two figures (plots.py).

Layout (src/rules/warmaster/drill.c): per-game columns in /games, (game)
or (game, character); count tables in /orders over the arm axis (one arm
per ``policies:`` entry): ``attempts``/``successes``/``blunders`` (arm,
command, penalty, order_number), ``games`` (arm), ``orders_given_hist``
(arm, character, n_orders), ``units_ordered_hist`` (arm, n_units),
``first_failure`` (arm, character), ``general_failure_ended`` (arm).
"""

from pathlib import Path

from . import load, plots, report

GROUP = "orders"
RULESET = "warmaster-order-drill"


def analyse(path, out_dir, conf=0.95, allow_partial=False):
    """Write DIR/<stem>-report.txt, <stem>-odds-heatmap.png and <stem>-orders-by-arm.png.

    Returns (report text, written paths).
    """
    path, out_dir = Path(path), Path(out_dir)
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
    plots.orders_by_arm(summary, written[2], f"{stem}: orders given per turn by arm", level, method)
    return text, written
