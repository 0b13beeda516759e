"""What changed between two results files of the same experiment.

compare_frame(new, old) takes the per-game rows of both files and returns,
for every numeric per-game column in either and every arm, the mean per
game before and after, the difference and its Welch interval (normal
approximation: games are independent, so the variance of a difference of
means is the sum of the two variances over their counts). A statistic has
"changed" when its interval excludes 0. Columns present in only one file
are listed as added or dropped. Arms are matched by their index in the
arm column, so both files must come from experiments with the same arms.
"""

import numpy as np
import pandas as pd

from . import load
from .stats import z_value

SKIP = {"game", "arm"}


def _numeric_columns(games):
    return [c for c in games.columns if c not in SKIP and pd.api.types.is_numeric_dtype(games[c])]


def compare_frame(new_path, old_path, conf=0.95, allow_partial=False):
    """Return a DataFrame: arm, statistic, old, new, diff, lo, hi, changed (and status).

    status is "both", "added" (only in the new file) or "dropped" (only in
    the old one); old/new are means per game. Raises ValueError when the
    files' rulesets or arms differ.
    """
    pn, po = load.provenance(new_path, allow_partial), load.provenance(old_path, allow_partial)
    if pn.get("ruleset") != po.get("ruleset"):
        raise ValueError(f"{new_path} is ruleset '{pn.get('ruleset')}', {old_path} '{po.get('ruleset')}'")
    gn, go = load.games_frame(new_path, allow_partial), load.games_frame(old_path, allow_partial)
    arms_n = sorted(pd.unique(np.asarray(gn["arm"])).tolist(), key=str)
    arms_o = sorted(pd.unique(np.asarray(go["arm"])).tolist(), key=str)
    if arms_n != arms_o:
        raise ValueError(f"{new_path} and {old_path} have different arms ({arms_n} vs {arms_o})")
    z = z_value(conf)
    cn, co = _numeric_columns(gn), _numeric_columns(go)
    rows = []
    for arm in arms_n:
        a = gn[np.asarray(gn["arm"]) == arm]
        b = go[np.asarray(go["arm"]) == arm]
        for col in sorted(set(cn) | set(co)):
            row = {"arm": arm, "statistic": col, "old": np.nan, "new": np.nan, "diff": np.nan,
                   "lo": np.nan, "hi": np.nan, "changed": False}
            if col in cn and col in co:
                x, y = a[col].astype(float), b[col].astype(float)
                d = x.mean() - y.mean()
                half = z * np.sqrt(x.var(ddof=1) / len(x) + y.var(ddof=1) / len(y))
                row.update(old=y.mean(), new=x.mean(), diff=d, lo=d - half, hi=d + half,
                           changed=bool(d - half > 0 or d + half < 0), status="both")
            elif col in cn:
                row.update(new=a[col].astype(float).mean(), status="added")
            else:
                row.update(old=b[col].astype(float).mean(), status="dropped")
            rows.append(row)
    return pd.DataFrame(rows)


def format_changes(frame, new_path, old_path, conf=0.95, old_prov=None):
    """Return the text section listing what changed (interval excludes 0), was added or dropped
    (those added or dropped whose mean is 0 in every arm, such as empty slots, counted, not named).

    old_prov (the baseline's provenance, optional) names the muster commit
    and date that wrote it.
    """
    pct = round(conf * 100)
    made = ""
    if old_prov:
        made = f", written by muster commit {str(old_prov.get('git_commit', '?'))[:12]} on {old_prov.get('created', '?')}"
    lines = [f"Changes against {old_path}{made}",
             f"  (means per game; {pct}% Welch interval of the difference)"]
    changed = frame[frame["changed"]]
    if changed.empty:
        lines.append("  no per-game statistic changed beyond its interval")
    for _, r in changed.iterrows():
        lines.append(f"  arm {r['arm']}  {r['statistic']:<42} {r['old']:9.3f} -> {r['new']:9.3f}  "
                     f"diff {r['diff']:+.3f} [{r['lo']:+.3f}, {r['hi']:+.3f}]")
    for status, word, side in (("added", "new in", "new"), ("dropped", "not in", "old")):
        sub = frame[frame.get("status") == status] if "status" in frame else frame.iloc[0:0]
        nonzero = (sub[side] != 0).groupby(sub["statistic"]).any()
        names = sorted(nonzero.index[nonzero])
        zeros = int((~nonzero).sum())
        if names or zeros:
            more = f"{', ' if names else ''}and {zeros} whose mean is 0 in every arm" if zeros else ""
            lines.append(f"  {word} {new_path}: " + ", ".join(names) + more)
    unchanged = int(((frame.get("status") == "both") & ~frame["changed"]).sum()) if "status" in frame else 0
    lines.append(f"  unchanged within the interval: {unchanged} (arm, statistic) pairs")
    return "\n".join(lines) + "\n"
