#!/usr/bin/python3
"""Check the clause tables (src/rules/<system>/CLAUSES.md) against the code.

Each CLAUSES.md holds one markdown table, its clause table (header
`id | clause | status | code | test`); everything else in it is prose.
Readings that refer to rows are bullets `- `<id>` — …` under a heading
that names readings. Each row of the clause table has a stable id in its
first cell (for instance `wm.orders.multiple`); its "code" cell names
source files and the functions in them that implement the clause, its
"test" cell names test files and the test functions that check it; the
code and the tests carry the id in a comment, `RULE <id>` (several ids may
follow one RULE; a comment that goes on to another line starts that line
with RULE again).

This script fails (exit status 1, one line per problem, FILE:LINE: ...) when
  - a file has a table whose first header cell is not 'id', or a second
    clause table; a reading refers to an id no row has;
  - a row has no id, a malformed id, an id of another system, or an id that
    another row already has;
  - a row's status is unknown, or a row that is not implemented does not
    say why;
  - a cited file does not exist, a cited `name()` is not defined in the file
    cited before it, or a cited `name` does not occur in it;
  - a test cell names a test file without its test functions;
  - an implemented row cites no code or no test (unless its status says
    **untested**), or its id is missing from a RULE comment at a cited
    function (its comment block or body), at each cited test function, or,
    when the code cell cites a file without functions, anywhere in that
    file;
  - a RULE comment anywhere in the sources cites an id no table has.

Usage: check_clauses.py [--root DIR] [--summary]
The root defaults to the repository this file lives in. Standard library
only; run by CTest as `clauses_check`.
"""
import argparse
import os
import re
import sys
from pathlib import Path

ID_RE = re.compile(r"^[a-z][a-z0-9]*(\.[a-z0-9]+(-[a-z0-9]+)*){2,}$")
# A RULE comment: the word RULE and one or more ids (lowercase, dotted).
TAG_RE = re.compile(r"\bRULE\b((?:[ \t,]+[a-z][a-z0-9]*(?:\.[a-z0-9-]+)+)+)")
PREFIX_RE = re.compile(r"`([a-z][a-z0-9]*)\.<area>\.<name>`")
IMPLEMENTED = ("done", "reading", "assumption", "simplified")
NOT_IMPLEMENTED = ("out of scope", "not implemented", "not yet", "not modelled")
UNTESTED = "**untested**"
SOURCE_EXT = {".c", ".h", ".cpp", ".hpp", ".py", ".sh", ".cmake"}
SKIP_DIRS = {".git", "__pycache__", ".cache", "node_modules"}
SKIP_REL = {"tests/clauses/fixtures"}
NAME_RE = re.compile(r"^[A-Za-z_]\w*$")
FUNC_RE = re.compile(r"^([A-Za-z_]\w*)\(\)$")
# A reference to a row: a bullet `- `<id>` — …` under a readings heading.
REF_RE = re.compile(r"^\s*[-*]\s+`([^`]+)`\s+—")


class Checker:
    def __init__(self, root):
        self.root = Path(root).resolve()
        self.errors = []
        self.ids = {}          # id -> (md path, line)
        self.rows = []         # dicts for implemented checks
        self.refs = []         # (md path, line, id) from reading bullets
        self._text = {}
        self.stats = {"rows": 0, "implemented": 0, "untested": 0,
                      "not_implemented": 0, "code_tagged": 0, "test_tagged": 0}

    # -- helpers -----------------------------------------------------------
    def err(self, path, line, msg):
        self.errors.append((str(path), line, msg))

    def rel(self, path):
        try:
            return str(Path(path).resolve().relative_to(self.root))
        except ValueError:
            return str(path)

    def lines(self, relpath):
        if relpath not in self._text:
            try:
                self._text[relpath] = (self.root / relpath).read_text(
                    encoding="utf-8", errors="replace").split("\n")
            except OSError:
                self._text[relpath] = None
        return self._text[relpath]

    # -- tables ------------------------------------------------------------
    @staticmethod
    def split_row(line):
        body = line.strip()
        if body.startswith("|"):
            body = body[1:]
        if body.endswith("|") and not body.endswith("\\|"):
            body = body[:-1]
        cells, cur, i = [], "", 0
        while i < len(body):
            if body[i] == "\\" and i + 1 < len(body) and body[i + 1] == "|":
                cur += "\\|"
                i += 2
                continue
            if body[i] == "|":
                cells.append(cur.strip())
                cur = ""
            else:
                cur += body[i]
            i += 1
        cells.append(cur.strip())
        return cells

    def tables(self, md):
        """Yield (header cells, header line no, [(line no, cells)])."""
        text = self.lines(md)
        i = 0
        while i < len(text):
            if text[i].lstrip().startswith("|"):
                start = i
                block = []
                while i < len(text) and text[i].lstrip().startswith("|"):
                    block.append((i + 1, text[i]))
                    i += 1
                header = [c.lower() for c in self.split_row(block[0][1])]
                rows = [(n, self.split_row(l)) for n, l in block[1:]
                        if not re.fullmatch(r"\s*\|[\s:|-]+\|\s*", l)]
                yield header, start + 1, rows
            else:
                i += 1

    def read_refs(self, md):
        """References: bullets `- `<id>` — …` under a heading that names
        readings (for instance "## Readings in one place")."""
        in_readings = False
        for i, line in enumerate(self.lines(md)):
            h = re.match(r"^#+\s+(.*)", line)
            if h:
                in_readings = "reading" in h.group(1).lower()
                continue
            m = REF_RE.match(line)
            if in_readings and m:
                self.refs.append((md, i + 1, m.group(1)))

    def read_tables(self):
        mds = sorted((self.root / "src" / "rules").glob("*/CLAUSES.md"))
        if not mds:
            self.err("src/rules", 0, "no CLAUSES.md found under src/rules/*/")
        for md_path in mds:
            md = self.rel(md_path)
            m = PREFIX_RE.search("\n".join(self.lines(md)))
            prefix = m.group(1) if m else None
            if not prefix:
                self.err(md, 1, "no id scheme declared (a line naming `<system>.<area>.<name>`)")
            seen = None
            for header, hline, rows in self.tables(md):
                if header[0] != "id":
                    self.err(md, hline, f"table without an id column (first header cell is '{header[0]}'; "
                             "want 'id'; readings that refer to rows go in a `- `<id>` — …` bullet list)")
                elif seen is not None:
                    self.err(md, hline, f"a second clause table (the first is at line {seen}; "
                             "want one table holding every clause row)")
                else:
                    seen = hline
                    self.read_clause_table(md, prefix, header, hline, rows)
            self.read_refs(md)

    def read_clause_table(self, md, prefix, header, hline, rows):
        cols = {name: header.index(name) for name in ("status", "code", "test") if name in header}
        for name in ("status", "code", "test"):
            if name not in cols:
                self.err(md, hline, f"clause table without a '{name}' column")
                return
        for n, cells in rows:
            self.stats["rows"] += 1
            if len(cells) != len(header):
                self.err(md, n, f"row has {len(cells)} cells, the header has {len(header)}")
                continue
            m = re.fullmatch(r"`([^`]*)`", cells[0])
            if not m or not m.group(1).strip():
                self.err(md, n, "row has no id (want `" + (prefix or "sys") + ".<area>.<name>` in the first cell)")
                continue
            rid = m.group(1)
            if not ID_RE.match(rid):
                self.err(md, n, f"malformed id '{rid}' (want <system>.<area>.<name>: lowercase, digits, dots, hyphens)")
                continue
            if prefix and not rid.startswith(prefix + "."):
                self.err(md, n, f"id '{rid}' does not start with this system's prefix '{prefix}.'")
                continue
            if rid in self.ids:
                f, l = self.ids[rid]
                self.err(md, n, f"duplicate id '{rid}' (first at {f}:{l})")
                continue
            self.ids[rid] = (md, n)
            self.read_row(md, n, rid, cells[cols["status"]], cells[cols["code"]], cells[cols["test"]])

    def read_row(self, md, n, rid, status, code, test):
        plain = re.sub(r"[*_`]", "", status).strip().lower()
        kind = None
        for word in IMPLEMENTED:
            if plain.startswith(word):
                kind = "implemented"
        for word in NOT_IMPLEMENTED:
            if plain.startswith(word):
                kind = "not"
                reason = plain[len(word):]
                if len(re.findall(r"[a-z]{3,}", reason)) < 2:
                    self.err(md, n, f"{rid}: status '{word}' without a reason")
        if kind is None:
            self.err(md, n, f"{rid}: unknown status '{status[:40]}' (want one of: "
                     + ", ".join(IMPLEMENTED + NOT_IMPLEMENTED) + ")")
            return
        untested = UNTESTED in status
        before = len(self.errors)
        code_cites = self.read_cites(md, n, rid, code, "code")
        code_bad = len(self.errors) > before
        before = len(self.errors)
        test_cites = self.read_cites(md, n, rid, test, "test")
        test_bad = len(self.errors) > before
        if kind == "not":
            self.stats["not_implemented"] += 1
            return
        self.stats["implemented"] += 1
        if not code_cites and not code_bad:
            self.err(md, n, f"{rid}: implemented but the code cell cites no source file")
        if untested:
            self.stats["untested"] += 1
            if test_cites:
                self.err(md, n, f"{rid}: marked {UNTESTED} but the test cell cites tests")
        elif not any(funcs for _, funcs, _ in test_cites) and not test_bad:
            self.err(md, n, f"{rid}: implemented but the test cell cites no test function "
                     f"(or mark the status {UNTESTED})")
        self.rows.append(dict(md=md, line=n, id=rid, code=code_cites,
                              test=[] if untested else test_cites))

    def read_cites(self, md, n, rid, cell, what):
        """Parse `path` `name()` `name` citations; check they exist.
        Returns [(relpath, [functions], [names])] for files that exist."""
        out = []
        cur = None
        named = set()  # files followed by at least one name() in the cell
        for tok in re.findall(r"`([^`]+)`", cell):
            tok = tok.strip()
            if "/" in tok:
                path = self.root / tok
                if not path.is_file():
                    self.err(md, n, f"{rid}: cited file {tok} does not exist")
                    cur = ("missing", [], [])
                    continue
                top = tok.split("/")[0]
                want = ("src", "include") if what == "code" else ("tests",)
                if top not in want:
                    self.err(md, n, f"{rid}: the {what} cell cites {tok}, outside {' or '.join(w + '/' for w in want)}")
                cur = (tok, [], [])
                out.append(cur)
                continue
            fm = FUNC_RE.match(tok)
            if not fm and not NAME_RE.match(tok):
                self.err(md, n, f"{rid}: cannot read `{tok}` in the {what} cell "
                         "(want a path from the repository root, name() or name)")
                continue
            if cur is None:
                self.err(md, n, f"{rid}: `{tok}` is cited in the {what} cell before any file")
                continue
            if cur[0] == "missing":
                continue
            if fm:
                named.add(cur[0])
                if self.find_function(cur[0], fm.group(1)) is None:
                    kind = "test function" if what == "test" else "function"
                    self.err(md, n, f"{rid}: {kind} {fm.group(1)}() is not defined in {cur[0]}")
                else:
                    cur[1].append(fm.group(1))
            else:
                if what == "test":
                    self.err(md, n, f"{rid}: test cell cites `{tok}`; write test functions as {tok}()")
                elif not re.search(r"\b" + re.escape(tok) + r"\b", "\n".join(self.lines(cur[0]))):
                    self.err(md, n, f"{rid}: {tok} does not occur in {cur[0]}")
                else:
                    cur[2].append(tok)
        if what == "test":
            for path, funcs, _ in out:
                if path not in named:
                    self.err(md, n, f"{rid}: the test cell cites {path} without its test functions")
        return out

    # -- functions and their comment blocks -------------------------------
    def find_function(self, relpath, name):
        """(first line, last line) 0-based of the function's preceding
        comment block and body, or None if it is not defined there."""
        text = self.lines(relpath)
        if text is None:
            return None
        if relpath.endswith(".py"):
            return self.find_py(text, name)
        return self.find_c(text, name)

    @staticmethod
    def comment_block_start(text, i):
        j = i
        while j > 0:
            s = text[j - 1].strip()
            if s.startswith(("/*", "*", "//", "#")) or s.endswith("*/") or s.startswith("@"):
                j -= 1
            else:
                break
        return j

    @staticmethod
    def code_only(line, in_comment):
        """The line without comments, string and character literals; and
        whether a block comment is still open at its end."""
        out, i = "", 0
        while i < len(line):
            if in_comment:
                j = line.find("*/", i)
                if j < 0:
                    return out, True
                i, in_comment = j + 2, False
                continue
            m = re.match(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'', line[i:])
            if m:
                i += m.end()
                out += " "
            elif line.startswith("/*", i):
                i, in_comment = i + 2, True
            elif line.startswith("//", i):
                break
            else:
                out += line[i]
                i += 1
        return out, in_comment

    def find_c(self, text, name):
        pat = re.compile(r"^(?![#\s/*]).*\b" + re.escape(name) + r"\s*\(")
        for i, line in enumerate(text):
            if not pat.match(line):
                continue
            # A definition: a '{' comes before any ';' from here on; the
            # body ends where its braces balance.
            depth, opened, in_comment = 0, False, False
            for k in range(i, len(text)):
                code, in_comment = self.code_only(text[k], in_comment)
                for ch in code:
                    if ch == ";" and not opened:
                        break
                    if ch == "{":
                        depth, opened = depth + 1, True
                    elif ch == "}" and opened:
                        depth -= 1
                        if depth == 0:
                            return self.comment_block_start(text, i), k
                else:
                    continue
                break  # a ';' before the body: a declaration
            else:
                continue
        return None

    def find_py(self, text, name):
        pat = re.compile(r"^(\s*)(?:async\s+)?def\s+" + re.escape(name) + r"\s*\(")
        for i, line in enumerate(text):
            m = pat.match(line)
            if not m:
                continue
            indent = len(m.group(1))
            end = i
            for e in range(i + 1, len(text)):
                s = text[e]
                if s.strip() and len(s) - len(s.lstrip()) <= indent and not s.lstrip().startswith("#"):
                    break
                end = e
            return self.comment_block_start(text, i), end
        return None

    def tags_in(self, lines):
        ids = set()
        for line in lines:
            for m in TAG_RE.finditer(line):
                ids.update(re.split(r"[\s,]+", m.group(1).strip()))
        return ids

    # -- checks ------------------------------------------------------------
    def check_rows(self):
        for row in self.rows:
            md, n, rid = row["md"], row["line"], row["id"]
            code_ok = bool(row["code"])
            for path, funcs, _names in row["code"]:
                text = self.lines(path)
                if not funcs:
                    if rid not in self.tags_in(text):
                        self.err(md, n, f"{rid}: no RULE {rid} comment in {path}")
                        code_ok = False
                for f in funcs:
                    a, b = self.find_function(path, f)
                    if rid not in self.tags_in(text[a:b + 1]):
                        self.err(md, n, f"{rid}: {path}: {f}() does not carry RULE {rid} "
                                 "(in its comment block or body)")
                        code_ok = False
            if code_ok:
                self.stats["code_tagged"] += 1
            test_ok = bool(row["test"])
            for path, funcs, _names in row["test"]:
                text = self.lines(path)
                for f in funcs:
                    a, b = self.find_function(path, f)
                    if rid not in self.tags_in(text[a:b + 1]):
                        self.err(md, n, f"{rid}: {path}: test {f}() does not carry RULE {rid}")
                        test_ok = False
            if test_ok:
                self.stats["test_tagged"] += 1
        for md, n, rid in self.refs:
            if rid not in self.ids:
                self.err(md, n, f"refers to id '{rid}', which no clause table has")

    def scan_tags(self):
        for dirpath, dirnames, filenames in os.walk(self.root):
            reldir = self.rel(dirpath)
            dirnames[:] = sorted(d for d in dirnames
                                 if d not in SKIP_DIRS
                                 and not (reldir == "." and d.startswith("build"))
                                 and os.path.normpath(os.path.join(reldir, d)) not in SKIP_REL)
            for fn in sorted(filenames):
                if Path(fn).suffix not in SOURCE_EXT and fn != "CMakeLists.txt":
                    continue
                rel = os.path.normpath(os.path.join(reldir, fn))
                text = self.lines(rel)
                if text is None:
                    continue
                for i, line in enumerate(text):
                    for m in TAG_RE.finditer(line):
                        for rid in re.split(r"[\s,]+", m.group(1).strip()):
                            if rid not in self.ids:
                                self.err(rel, i + 1, f"RULE comment cites unknown id '{rid}'")

    def run(self):
        self.read_tables()
        self.check_rows()
        self.scan_tags()
        return self.errors


def main(argv=None, out=sys.stdout, err=sys.stderr):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=Path(__file__).resolve().parents[2])
    ap.add_argument("--summary", action="store_true", help="print the counts even when all is well")
    args = ap.parse_args(argv)
    c = Checker(args.root)
    errors = c.run()
    for path, line, msg in sorted(errors, key=lambda e: (e[0], e[1])):
        print(f"{path}:{line}: {msg}", file=out)
    s = c.stats
    summary = (f"clauses: {s['rows']} rows, {len(c.ids)} ids; {s['implemented']} implemented "
               f"({s['code_tagged']} tagged in code, {s['test_tagged']} tagged in tests, "
               f"{s['untested']} marked untested), {s['not_implemented']} not implemented; "
               f"{len(c.refs)} references; {len(errors)} problem(s)")
    if errors or args.summary:
        print(summary, file=err)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
