"""The HTML report (muster_analysis.html_report): one self-contained page per
results file, beside the text report, for a file of every ruleset of
experiments/examples/ (written by the muster binary) and the synthetic
order drill; parsed with html.parser, and opened in headless Chromium
(Debian's `chromium`: skipped when it is missing, unless CI=true)."""

import base64
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import h5py
import numpy as np
import pandas as pd
import pytest

from conftest import REPO, muster_bin
from muster_analysis import __main__ as cli
from muster_analysis import html_report, load

EXAMPLES = sorted((REPO / "experiments" / "examples").glob("*.yaml"))
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


class Page(HTMLParser):
    """What the tests look at in a page: elements, attributes, section ids, headings, text."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.tags, self.attrs, self.sections, self.h3, self.headers, self.text = [], [], [], [], [], []
        self.pre = []
        self._in = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += [(tag, k, v or "") for k, v in attrs]
        if tag == "section":
            self.sections.append(dict(attrs).get("id"))
        self._in.append(tag)

    def handle_endtag(self, tag):
        while self._in and self._in.pop() != tag:
            pass

    def handle_data(self, data):
        self.text.append(data)
        where = self._in[-1] if self._in else ""
        if where == "h3":
            self.h3.append(data)
        elif where == "th":
            self.headers.append(data)
        elif where == "pre":
            self.pre.append(data)

    def images(self):
        return [v for t, k, v in self.attrs if t == "img" and k == "src"]


@pytest.fixture(scope="module", params=[p.stem for p in EXAMPLES] + ["synthetic"])
def results_file(request, tmp_path_factory):
    """A results file of each example experiment (60 games per arm) and the synthetic drill."""
    if request.param == "synthetic":
        return request.getfixturevalue("synthetic_file")
    out = tmp_path_factory.mktemp("html-" + request.param) / f"{request.param}.h5"
    exp = REPO / "experiments" / "examples" / f"{request.param}.yaml"
    proc = subprocess.run([str(muster_bin()), "run", str(exp), "-o", str(out), "-n", "60", "-q"],
                          capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        pytest.fail(f"muster run {exp}: exit {proc.returncode}: {proc.stderr.strip()}")
    return out


@pytest.fixture(scope="module")
def written(results_file, tmp_path_factory):
    """(results file, the CLI's output directory, the HTML text) of each results file."""
    out = tmp_path_factory.mktemp("html-out")
    assert cli.main([str(results_file), "--out", str(out), "-q"]) == 0
    page = out / f"{results_file.stem}-report.html"
    return results_file, out, page.read_text(encoding="utf-8")


def test_page_sits_beside_the_text_report_with_every_section(written):
    path, out, text = written
    assert (out / f"{path.stem}-report.txt").is_file()
    page = Page(text)
    assert text.startswith("<!DOCTYPE html>")
    assert page.sections == ["figures", "tables", "experiment", "provenance", "text"]
    module = cli.analysis_module(load.provenance(path)["ruleset"])
    declared = module.html_tables(path)
    assert declared, "every ruleset declares its tables"
    for t in declared:
        assert t.title in page.h3
    assert page.tags.count("table") >= len(declared) + 1  # + provenance


def test_every_figure_is_embedded_as_png(written):
    path, out, text = written
    pngs = sorted(out.glob(f"{path.stem}-*.png"))
    assert pngs, "the analysis writes figures"
    srcs = Page(text).images()
    assert len(srcs) >= len(pngs)
    embedded = []
    for src in srcs:
        assert src.startswith("data:image/png;base64,")
        data = base64.b64decode(src.split(",", 1)[1], validate=True)
        assert data.startswith(PNG_MAGIC)
        embedded.append(data)
    for p in pngs:
        assert p.read_bytes() in embedded


def test_nothing_is_fetched(written):
    text = written[2]
    page = Page(text)
    assert not {"script", "link", "iframe", "object", "embed", "base"} & set(page.tags)
    for tag, key, value in page.attrs:
        if key in ("src", "href", "action", "srcset", "poster", "data"):
            assert value.startswith(("data:", "#")), (tag, key, value[:60])
        assert not key.startswith("on"), (tag, key)
    assert not re.search(r"https?:", text.split("<body>", 1)[1].split('<section id="experiment">')[0])
    policies = [v for i, (t, k, v) in enumerate(page.attrs)
                if t == "meta" and k == "content" and page.attrs[i - 1][2] == "Content-Security-Policy"]
    assert policies == ["default-src 'none'; img-src data:; style-src 'unsafe-inline'"]


def test_provenance_and_experiment_are_the_files(written):
    path, _, text = written
    prov = load.provenance(path)
    page = Page(text)
    assert "".join(page.pre).startswith(prov["experiment"])
    shown = " ".join(page.text)
    for key in ("ruleset", "status", "seed", "games_complete", "created", "git_commit", "threads"):
        assert key in page.headers
        assert str(prov[key]) in shown


def test_intervals_are_merged_into_their_value(written):
    """No table keeps a bare lo/hi column: each interval is shown beside its value as x% (lo–hi)."""
    page = Page(written[2])
    for h in page.headers:
        assert not re.fullmatch(r"(.*[_ ])?(lo|hi)", h), h
    assert any(h.endswith("% (95% CI)") for h in page.headers)
    assert re.search(r"\d+\.\d\d% \(\d+\.\d\d–\d+\.\d\d\)", " ".join(page.text))


def test_display_frame_formats_shares_and_intervals():
    frame = pd.DataFrame({"arm": ["a", "b"], "n": [10, 0], "share": [0.5, np.nan], "lo": [0.25, np.nan],
                          "hi": [0.75, np.nan], "exact": [0.5, 0.125], "win_rate": [0.1, 0.2],
                          "win_lo": [0.05, 0.1], "win_hi": [0.2, 0.3], "outside": [True, False]})
    shown = html_report.display_frame(html_report.Table("t", frame, percent=("exact",)), 0.9)
    assert list(shown.columns) == ["arm", "n", "share % (90% CI)", "exact %", "win_rate % (90% CI)", "outside"]
    assert shown.iloc[0].tolist() == ["a", "10", "50.00% (25.00–75.00)", "50.00", "10.00% (5.00–20.00)", "yes"]
    assert shown.iloc[1].tolist() == ["b", "0", "n/a", "12.50", "20.00% (10.00–30.00)", "no"]


@pytest.mark.parametrize("columns, found", [
    (["arm", "share", "lo", "hi"], [("share", "lo", "hi")]),
    (["observed", "lo", "hi", "exact"], [("observed", "lo", "hi")]),
    (["win_rate", "win_lo", "win_hi", "draw_rate", "draw_lo", "draw_hi"],
     [("win_rate", "win_lo", "win_hi"), ("draw_rate", "draw_lo", "draw_hi")]),
    (["contact", "contact_lo", "contact_hi", "fail", "fail_lo", "fail_hi"],
     [("contact", "contact_lo", "contact_hi"), ("fail", "fail_lo", "fail_hi")]),
    (["obj reached", "obj lo", "obj hi"], [("obj reached", "obj lo", "obj hi")]),
    (["lo", "hi"], []), (["a", "lo", "b"], []), (["hello", "x"], []),
])
def test_interval_columns_follow_the_modules_names(columns, found):
    assert html_report.interval_columns(pd.DataFrame(columns=columns)) == found


def test_text_is_escaped_not_run():
    evil = '<script>alert("x")</script>'
    frame = pd.DataFrame({"arm": [evil, "b&c"], "share": [0.5, 0.25], "lo": [0.4, 0.2], "hi": [0.6, 0.3],
                          evil: [1, 2]})
    prov = {"ruleset": evil, "status": "complete", "seed": 1, "games_complete": 2, "games_requested": 2,
            "git_commit": evil, "experiment": f"# {evil}\nruleset: x\n", "experiment_yaml": {}}
    text = html_report.page(Path(f"{evil}.h5"), prov, f"report {evil}\n",
                            [html_report.Table(evil, frame, evil, plot=True)], [(evil, PNG_MAGIC)])
    page = Page(text)
    assert "script" not in page.tags
    assert "<script>" not in text and "&lt;script&gt;" in text
    shown = "".join(page.text)
    assert shown.count(evil) >= 8  # title, h1, h3, note, cell, header, provenance, experiment, report
    assert "b&c" in shown and "b&amp;c" in text


def test_dollar_signs_in_labels_are_drawn_as_text():
    """matplotlib reads $...$ as math: a label like that must neither fail nor be typeset."""
    frame = pd.DataFrame({"arm": ["$\\frac{$", "b$x$"], "share": [0.5, 0.2], "lo": [0.4, 0.1], "hi": [0.6, 0.3]})
    assert html_report.interval_figure(html_report.Table("cost $\\x$", frame)).startswith(PNG_MAGIC)


def test_cli_escapes_what_the_file_holds(synthetic_file, tmp_path):
    """A results file whose experiment text and attributes hold markup: the page shows them as text."""
    path = tmp_path / "markup.h5"
    shutil.copy(synthetic_file, path)
    with h5py.File(path, "r+") as f:
        f.attrs["experiment"] = str(load.provenance(path)["experiment"]) + '# <img src="http://x/y.png">\n'
        f.attrs["tool_version"] = "<b onclick=x>1</b>"
    assert cli.main([str(path), "--out", str(tmp_path), "-q"]) == 0
    text = (tmp_path / "markup-report.html").read_text(encoding="utf-8")
    page = Page(text)
    assert "b" not in page.tags and all(k != "onclick" for _, k, _ in page.attrs)
    assert all(s.startswith("data:") for s in page.images())
    assert '<img src="http://x/y.png">' in "".join(page.pre)


def test_baseline_changes_section(synthetic_file, tmp_path):
    changed = tmp_path / "changed.h5"
    shutil.copy(synthetic_file, changed)
    with h5py.File(changed, "r+") as f:
        f["games/orders_attempted"][...] += 1
        del f["games/blunders"]
    assert cli.main([str(changed), "--out", str(tmp_path), "--baseline", str(synthetic_file), "-q"]) == 0
    page = Page((tmp_path / "changed-report.html").read_text(encoding="utf-8"))
    assert page.sections == ["figures", "tables", "changes", "experiment", "provenance", "text"]
    shown = " ".join(page.text)
    assert "orders_attempted" in shown and "Statistics only in one file" in page.h3
    assert "diff (95% CI)" in page.headers and "dropped" in shown
    assert re.search(r"orders_attempted\s+\S+\s+\S+\s+1\.0+ \(", shown), "the shift by 1 and its interval"


def test_no_html_writes_no_page(synthetic_file, tmp_path):
    assert cli.main([str(synthetic_file), "--out", str(tmp_path), "-q", "--no-html"]) == 0
    assert (tmp_path / "synthetic-report.txt").is_file()
    assert not list(tmp_path.glob("*.html"))


# --- headless Chromium ------------------------------------------------------------------------------

def chromium():
    """Return the chromium executable; skip (locally) or fail (CI=true) when it is missing."""
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        msg = "chromium not found (Debian package chromium, in MUSTER_TEST_PACKAGES of scripts/lib.sh)"
        if os.environ.get("CI") == "true":
            pytest.fail(msg + " (CI=true: not skipping)")
        pytest.skip(msg)
    return exe


def render(page, shot, profile):
    """Open page in headless Chromium, save a 1200 x 2000 screenshot to shot; return the console
    messages it logged (script errors, refused loads, console output: a page without script logs none)."""
    proc = subprocess.run([chromium(), "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
                           f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
                           f"--screenshot={shot}", "--window-size=1200,2000", page.resolve().as_uri()],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]


def distinct_colours(png):
    import matplotlib.image

    pixels = matplotlib.image.imread(png)
    return len(np.unique(pixels.reshape(-1, pixels.shape[-1]), axis=0))


@pytest.fixture(scope="module")
def battle_page(tmp_path_factory):
    """The HTML report of a small Warmaster battle (60 games per arm)."""
    out = tmp_path_factory.mktemp("browser")
    exp = REPO / "experiments" / "examples" / "battle-minimal.yaml"
    h5 = out / "battle-minimal.h5"
    subprocess.run([str(muster_bin()), "run", str(exp), "-o", str(h5), "-n", "60", "-q"], check=True, timeout=300)
    assert cli.main([str(h5), "--out", str(out), "-q"]) == 0
    return out / "battle-minimal-report.html"


def test_chromium_renders_the_page_without_errors(battle_page, tmp_path):
    shot = battle_page.with_name("battle-minimal-report-screenshot.png")
    console = render(battle_page, shot, tmp_path / "profile")
    assert console == []
    assert shot.read_bytes().startswith(PNG_MAGIC)
    assert distinct_colours(shot) > 200  # text, tables and figures; a blank page has 1


@pytest.mark.parametrize("csp", [False, True])
def test_a_script_error_is_caught(battle_page, tmp_path, csp):
    """The check can fail: a script that throws (or, under the page's policy, is refused) is logged."""
    text = battle_page.read_text(encoding="utf-8")
    if not csp:
        text = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", text)
    broken = tmp_path / "broken.html"
    broken.write_text(text.replace("</body>", '<script>throw new Error("broken-page")</script></body>'),
                      encoding="utf-8")
    console = render(broken, tmp_path / "broken.png", tmp_path / "profile")
    assert console, "no console message for a broken page"
    assert ("broken-page" in console[0]) != csp


def test_a_blank_page_is_caught(tmp_path):
    blank = tmp_path / "blank.html"
    blank.write_text("<!DOCTYPE html><html><head><title>x</title></head><body></body></html>")
    render(blank, tmp_path / "blank.png", tmp_path / "profile")
    assert distinct_colours(tmp_path / "blank.png") <= 2
