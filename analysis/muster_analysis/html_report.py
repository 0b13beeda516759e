"""One self-contained HTML page per results file, beside the text report:
DIR/<stem>-report.html.

The page holds the report's tables (a ruleset module declares them with
html_tables(path, conf, allow_partial) -> [Table]), its figures (the PNGs
its analyse() wrote, embedded as base64 data), an error-bar figure drawn
here for each table declared with plot=True, the changes against a
baseline file when there is one, the experiment text and the file's
provenance attributes, and the plain-text report. Nothing is fetched: no
script, no external file or address (a Content-Security-Policy in the page
forbids them), so it opens the same offline, mailed or archived. Every text
from the file (labels, names, the experiment) is HTML-escaped.

A share with its interval is shown as "x% (lo–hi)": a table's interval
columns are found by name (interval_columns), the way the report modules
name them (rp.share's share/lo/hi, win_rate/win_lo/win_hi, contact/
contact_lo/contact_hi, "X reached"/"X lo"/"X hi").
"""

import base64
import html
import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from . import report_parts as rp

# Only what the page itself holds: inline style, data: images; no script.
CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"
# Provenance attributes shown first, in this order; the others follow sorted.
PROVENANCE_FIRST = ("ruleset", "status", "seed", "games_requested", "games_complete", "threads", "ranks",
                    "created", "git_commit", "tool_version", "experiment_path")
MAX_PLOT_ROWS = 60  # an interval figure with more rows would be unreadable: the table shows them

STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 1.5em auto; max-width: 72em; padding: 0 1em;
       color: #1d1d1d; background: #fff; line-height: 1.4; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; } h2 { border-bottom: 2px solid #4c72b0; padding-bottom: 0.1em;
     margin-top: 1.8em; } h3 { font-size: 1.05em; margin: 1.4em 0 0.3em; }
p.lead { color: #444; margin-top: 0; } p.note { color: #555; font-size: 0.9em; margin: 0.3em 0; }
nav ul { list-style: none; padding: 0; } nav li { display: inline; margin-right: 1.2em; } nav a { color: #2b4f8a; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.4em 0 0.6em; }
th, td { border: 1px solid #c8c8c8; padding: 0.2em 0.5em; text-align: right; white-space: nowrap; }
th { background: #eef2f8; } tr:nth-child(even) td { background: #f8f8f8; }
td:first-child, th:first-child { text-align: left; }
.scroll { overflow-x: auto; max-width: 100%; }
figure { margin: 1em 0; } figure img { max-width: 100%; height: auto; border: 1px solid #ddd; }
figcaption { color: #555; font-size: 0.9em; }
pre { background: #f5f5f5; border: 1px solid #ddd; padding: 0.6em; overflow-x: auto; font-size: 0.8em; }
table.provenance td { text-align: left; white-space: normal; }
"""


@dataclass
class Table:
    """A table of the HTML report: a title, a frame and how to show it.

    note: a sentence under the title. percent: further columns holding
    shares (0..1) to show in percent (the interval columns always are,
    unless shares is False: then they are plain numbers). index: show the
    frame's index as columns. plot: also draw the interval columns as an
    error-bar figure (rows labelled by the label columns: labels, or every
    text and yes/no column).
    """
    title: str
    frame: pd.DataFrame
    note: str = ""
    percent: tuple = ()
    shares: bool = True
    index: bool = False
    plot: bool = False
    labels: tuple = ()


def interval_columns(frame):
    """Return [(value, lo, hi)] column names of the intervals in frame.

    For every prefix P with columns P+"lo" and P+"hi" (P is "", "win_",
    "objective_turn_1 ", ...), the value is P+"rate" or P+"reached" or P
    without its trailing "_"/" " if such a column exists, else (P empty)
    the column just before "lo".
    """
    cols = [str(c) for c in frame.columns]
    out = []
    for c in cols:
        if not c.endswith("lo") or c[:-2] + "hi" not in cols:
            continue
        p = c[:-2]
        value = next((v for v in (p + "rate", p + "reached", p.rstrip("_ ")) if v and v in cols), None)
        if value is None and p == "" and cols.index(c) > 0:
            value = cols[cols.index(c) - 1]
        if value is not None and value not in (c, p + "hi"):
            out.append((value, c, p + "hi"))
    return out


def _pct(x):
    return "n/a" if x is None or pd.isna(x) else f"{100 * x:.2f}"


def _number(x, decimals=2):
    """Return a cell as text: n/a, yes/no, an integer, or a float with `decimals` decimals."""
    if x is None or (isinstance(x, float) and np.isnan(x)):
        return "n/a"
    if isinstance(x, (bool, np.bool_)):
        return "yes" if x else "no"
    if isinstance(x, (int, np.integer)):
        return str(int(x))
    if isinstance(x, (float, np.floating)):
        if np.isinf(x):
            return "∞" if x > 0 else "−∞"
        return f"{x:.{decimals}f}"
    return str(x)


def _decimals(values):
    """Return the decimals a column of floats is shown with: 3 when every finite one is below 10, else 2."""
    v = pd.to_numeric(pd.Series(values), errors="coerce").to_numpy(float)
    v = v[np.isfinite(v)]
    return 3 if len(v) and np.abs(v).max() < 10 else 2


def display_frame(table, conf=0.95):
    """Return table's frame as text cells: each interval merged into its value column
    ("x% (lo–hi)", or "x (lo – hi)" when not shares), shares in percent, NaN as n/a."""
    df = table.frame.reset_index() if table.index else table.frame.copy()
    df.columns = [str(c) for c in df.columns]
    level = f"{100 * conf:g}%"
    intervals = interval_columns(df)
    out = pd.DataFrame(index=df.index)
    merged = {lo for _, lo, _ in intervals} | {hi for _, _, hi in intervals}
    by_value = {v: (lo, hi) for v, lo, hi in intervals}
    for c in df.columns:
        if c in merged:
            continue
        if c in by_value:
            lo, hi = by_value[c]
            if table.shares:
                cells = [f"{_pct(v)}% ({_pct(a)}–{_pct(b)})" if not pd.isna(v) else "n/a"
                         for v, a, b in zip(df[c], df[lo], df[hi])]
                out[f"{c} % ({level} CI)"] = cells
            else:
                d = _decimals(list(df[lo]) + list(df[hi]))
                cells = [f"{_number(v, d)} ({_number(a, d)} – {_number(b, d)})" if not pd.isna(v) else "n/a"
                         for v, a, b in zip(df[c], df[lo], df[hi])]
                out[f"{c} ({level} CI)"] = cells
        elif c in table.percent:
            out[f"{c} %"] = [_pct(v) for v in df[c]]
        else:
            d = _decimals(df[c]) if pd.api.types.is_float_dtype(df[c]) else 2
            out[c] = [_number(v, d) for v in df[c]]
    return out


def table_html(table, conf=0.95):
    """Return a table as an HTML <table> (pandas to_html, every cell escaped), in a scrolling div."""
    df = display_frame(table, conf)
    body = df.to_html(index=False, escape=True, border=0, na_rep="n/a")
    return f'<div class="scroll">{body}</div>'


def _label_columns(table, df):
    if table.labels:
        return list(table.labels)
    return [c for c in df.columns
            if not pd.api.types.is_numeric_dtype(df[c]) or pd.api.types.is_bool_dtype(df[c])]


def _plain_text(s):
    """Return s for matplotlib as plain text: a '$' would start its math mode."""
    return str(s).replace("$", r"\$")


def interval_figure(table, conf=0.95):
    """Return PNG bytes of the table's intervals as dots with error bars, one row per
    frame row (labelled by its label columns), one colour per interval column;
    None when the table has no interval, no row or more than MAX_PLOT_ROWS rows."""
    df = table.frame.reset_index() if table.index else table.frame.reset_index(drop=True)
    df.columns = [str(c) for c in df.columns]
    intervals = interval_columns(df)
    if not intervals or len(df) == 0 or len(df) > MAX_PLOT_ROWS:
        return None
    scale = 100 if table.shares else 1
    labels = [_plain_text(" | ".join(_number(r[c]) for c in _label_columns(table, df)) or str(i))
              for i, r in df.iterrows()]
    plt, fig, ax = rp.figure()
    fig.set_size_inches(8, 1.4 + 0.28 * len(df))
    y = np.arange(len(df))
    step = 0.6 / len(intervals)
    for i, (v, lo, hi) in enumerate(intervals):
        val, a, b = (scale * pd.to_numeric(df[k], errors="coerce").to_numpy(float) for k in (v, lo, hi))
        yy = y - 0.3 + step * (i + 0.5) if len(intervals) > 1 else y
        ax.errorbar(val, yy, xerr=[val - a, b - val], fmt="o", capsize=3, markersize=4, label=_plain_text(v))
    ax.set_yticks(y, labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(("%" if table.shares else "value") + f" ({100 * conf:g}% interval)")
    ax.set_title(_plain_text(table.title), fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    if len(intervals) > 1:
        ax.legend(fontsize="small")
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png", dpi=90)
    plt.close(fig)
    return buf.getvalue()


def figure_html(png, caption):
    """Return a <figure> with PNG bytes embedded as a data: URI and an escaped caption."""
    data = base64.b64encode(png).decode("ascii")
    cap = html.escape(caption)
    return (f'<figure><img alt="{cap}" src="data:image/png;base64,{data}">'
            f"<figcaption>{cap}</figcaption></figure>")


def changes_tables(frame, old_prov=None):
    """Return the changes against a baseline (compare.compare_frame's frame) as Tables:
    the statistics whose interval excludes 0, and those added or dropped."""
    made = ""
    if old_prov:
        made = (f" The baseline was written by muster commit {str(old_prov.get('git_commit', '?'))[:12]} "
                f"on {old_prov.get('created', '?')}.")
    both = frame[frame.get("status", pd.Series("both", index=frame.index)) == "both"]
    changed = both[both["changed"]][["arm", "statistic", "old", "new", "diff", "lo", "hi"]]
    out = [Table("Per-game statistics that changed", changed.reset_index(drop=True),
                 f"Means per game; the difference's Welch interval excludes 0. "
                 f"{len(both) - len(changed)} (arm, statistic) pairs unchanged within it.{made}", shares=False)]
    if "status" in frame:
        other = frame[frame["status"] != "both"][["arm", "statistic", "status", "old", "new"]]
        if len(other):
            out.append(Table("Statistics only in one file", other.reset_index(drop=True),
                             "added: only in the new file; dropped: only in the baseline."))
    return out


def page(path, prov, text, tables, figures, conf=0.95, changes=None, baseline=None):
    """Return the HTML page of a results file.

    prov: load.provenance's dict; text: the plain-text report; tables: [Table];
    figures: [(caption, PNG bytes)], shown first; changes: [Table] against baseline (a path), or None.
    """
    esc = html.escape
    name = Path(path).name
    title = f"muster {prov.get('ruleset')} report: {name}"
    parts = [f"<h1>{esc(title)}</h1>",
             f'<p class="lead">{esc(str(prov.get("games_complete")))} of {esc(str(prov.get("games_requested")))} '
             f"games ({esc(str(prov.get('status')))}), seed {esc(str(prov.get('seed')))}, "
             f"muster {esc(str(prov.get('tool_version')))} (commit {esc(str(prov.get('git_commit')))}), "
             f"created {esc(str(prov.get('created')))}{esc(rp.precision_note(prov))}. Intervals: {100 * conf:g}% "
             f"(shares: Wilson score).</p>"]
    toc = [("figures", "Figures"), ("tables", "Tables")]
    if changes is not None:
        toc.append(("changes", "Changes against the baseline"))
    toc += [("experiment", "Experiment"), ("provenance", "Provenance"), ("text", "Text report")]
    parts.append("<nav><ul>" + "".join(f'<li><a href="#{a}">{esc(t)}</a></li>' for a, t in toc) + "</ul></nav>")

    parts.append('<section id="figures"><h2>Figures</h2>')
    for caption, png in figures:
        parts.append(figure_html(png, caption))
    if not figures:
        parts.append('<p class="note">No figures.</p>')
    parts.append("</section>")

    parts.append('<section id="tables"><h2>Tables</h2>')
    for i, t in enumerate(tables):
        parts.append(f'<h3 id="t{i}">{esc(t.title)}</h3>')
        if t.note:
            parts.append(f'<p class="note">{esc(t.note)}</p>')
        parts.append(table_html(t, conf))
        if t.plot:
            png = interval_figure(t, conf)
            if png is not None:
                parts.append(figure_html(png, t.title))
    if not tables:
        parts.append('<p class="note">This ruleset declares no tables: see the text report.</p>')
    parts.append("</section>")

    if changes is not None:
        parts.append(f'<section id="changes"><h2>Changes against {esc(str(baseline))}</h2>')
        for t in changes:
            parts.append(f"<h3>{esc(t.title)}</h3>")
            if t.note:
                parts.append(f'<p class="note">{esc(t.note)}</p>')
            parts.append(table_html(t, conf) if len(t.frame) else '<p class="note">none</p>')
        parts.append("</section>")

    parts.append('<section id="experiment"><h2>Experiment</h2>'
                 f'<p class="note">{esc(str(prov.get("experiment_path", "")))}, as stored in the file</p>'
                 f"<pre>{esc(str(prov.get('experiment') or ''))}</pre></section>")
    keys = [k for k in PROVENANCE_FIRST if k in prov]
    keys += sorted(k for k in prov if k not in keys and k not in ("experiment", "experiment_yaml"))
    rows = "".join(f"<tr><th>{esc(k)}</th><td>{esc(_number(prov[k]))}</td></tr>" for k in keys)
    parts.append('<section id="provenance"><h2>Provenance</h2>'
                 f'<p class="note">The file\'s root attributes.</p><table class="provenance">{rows}</table>'
                 "</section>")
    parts.append('<section id="text"><h2>Text report</h2><details><summary>the plain-text report '
                 f"({esc(name.rsplit('.', 1)[0])}-report.txt)</summary><pre>{esc(text)}</pre></details></section>")
    head = (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(title)}</title><style>{STYLE}</style></head>\n<body>\n")
    return head + "\n".join(parts) + "\n</body></html>\n"


def write_report(path, out_dir, module, text, written, conf=0.95, allow_partial=False, changes=None,
                 baseline=None, more_tables=()):
    """Write DIR/<stem>-report.html of a results file whose analysis module already wrote
    `written` (its PNGs are embedded) and the report `text`; return the page's path.

    module.html_tables(path, conf, allow_partial) gives the tables (none when the
    module has no html_tables); changes: compare.compare_frame's frame against
    the baseline file (a path), or None; more_tables: [Table] shown after the
    module's (e.g. the arms' paired differences). The page is written to a temporary
    name and renamed, so an existing page is never left half-written.
    """
    from . import load

    path, out_dir = Path(path), Path(out_dir)
    prov = load.provenance(path, allow_partial)
    declare = getattr(module, "html_tables", None)
    tables = list(declare(path, conf, allow_partial)) if declare is not None else []
    tables += list(more_tables)
    figures = [(p.name, p.read_bytes()) for p in map(Path, written) if p.suffix == ".png"]
    change_tables = None
    if changes is not None:
        change_tables = changes_tables(changes, load.provenance(baseline, allow_partial) if baseline else None)
    out = out_dir / f"{path.stem}-report.html"
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(page(path, prov, text, tables, figures, conf, change_tables, baseline), encoding="utf-8")
    tmp.replace(out)
    return out
