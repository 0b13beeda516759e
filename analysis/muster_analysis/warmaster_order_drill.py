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
from .html_report import Table

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


def html_tables(path, conf=0.95, allow_partial=False):
    """Declare the HTML report's tables (html_report): the order odds, the per-arm summary, who fails first."""
    prov, tabs, games = report.read(path, allow_partial)
    odds = report.odds_table(tabs, load.blunder_on_12(prov), conf)
    summary, first, method = report.arm_summary(tabs, games, conf)
    last = int(tabs["attempts"]["penalty"].values[-1])
    return [Table("Order rolls, all arms pooled: observed success vs exact", odds,
                  f"Penalty: without the order-number penalty; penalty_open: the {last}+ bin. Target = Command - "
                  "Penalty - (Order - 1). outside: the exact value lies outside the interval.", percent=("exact",)),
            Table("Per arm: orders given and units ordered per game, the General's failure ending the phase",
                  summary, f"*_hw: half-width of the mean's interval (orders given: from {method}).", index=True,
                  plot=True),
            Table("Who fails first (share of games; none: no order failed)", first, plot=True)]
