"""Analysis of muster results files (HDF5): loading, exact odds, reports, plots.

Shared modules: load (files, provenance, per-game rows, count tables),
stats (Wilson intervals, exact 2D6 order odds, dice totals), report (the
order-odds report), report_parts (what the cca, ninth_age and battlesystem
reports share: heading, shares with Wilson intervals, text, figures), plots
(PNG figures), html_report (one self-contained HTML page per file from the
tables each ruleset module declares in html_tables()). Each rule system's analysis is the module
named after its ruleset ('-' read as '_'), e.g. warmaster_order_drill,
battlesystem, warmaster_battle: it sets RULESET and defines analyse().
``python3 -m muster_analysis FILE.h5`` picks it by the file's `ruleset`
attribute (see __main__).
"""

__all__ = ["load", "stats", "report", "report_parts", "plots", "html_report"]
