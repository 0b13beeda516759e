"""Analysis of muster results files (HDF5): loading, exact odds, reports, plots.

Modules: load (files, provenance, per-game rows, count tables), stats
(Wilson intervals, exact 2D6 order odds), report (the order-odds report),
plots (PNG figures), battlesystem (forced-march AR penalties beside the
exact chain, charge success by estimate error), warmaster_battle (win/draw/loss
rates with Wilson intervals by arm (policy pairing and sides), first move, order
rolls beside the exact odds). Run ``python3 -m
muster_analysis FILE.h5`` for the CLI.
"""

__all__ = ["load", "stats", "report", "plots", "battlesystem", "warmaster_battle"]
