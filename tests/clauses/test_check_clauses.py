#!/usr/bin/python3
"""Self-test of check_clauses.py: it passes the small good tree in
fixtures/good/ and fails, with the expected FILE:LINE: message, each broken
variant in fixtures/broken/<case>/ (the good tree with the case's files laid
over it; the case's `expect` file holds the message, one per line).

Usage: test_check_clauses.py [unittest options]; CTest runs it as
`clauses_check_selftest`.
"""
import io
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
sys.path.insert(0, str(HERE))
import check_clauses  # noqa: E402


def run(root):
    out, err = io.StringIO(), io.StringIO()
    status = check_clauses.main(["--root", str(root)], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


class CheckClauses(unittest.TestCase):
    def test_good_tree_passes(self):
        status, out, err = run(FIXTURES / "good")
        self.assertEqual((status, out), (0, ""), out + err)

    def test_good_tree_counts(self):
        c = check_clauses.Checker(FIXTURES / "good")
        self.assertEqual(c.run(), [])
        self.assertEqual(sorted(c.ids), ["dm.march.check", "dm.march.hidden", "dm.march.rate", "dm.melee.damage"])
        self.assertEqual(c.stats["implemented"], 3)
        self.assertEqual(c.stats["untested"], 1)
        self.assertEqual(c.stats["not_implemented"], 1)
        self.assertEqual(len(c.refs), 1)

    def test_command_line_exit_status(self):
        good = subprocess.run([sys.executable, str(HERE / "check_clauses.py"), "--root", str(FIXTURES / "good")],
                              capture_output=True, text=True)
        self.assertEqual(good.returncode, 0, good.stdout + good.stderr)
        with tempfile.TemporaryDirectory() as tmp:
            root = self.broken_tree("unknown-tag", Path(tmp))
            bad = subprocess.run([sys.executable, str(HERE / "check_clauses.py"), "--root", str(root)],
                                 capture_output=True, text=True)
        self.assertEqual(bad.returncode, 1)
        self.assertRegex(bad.stdout, r"^src/rules/demo/march\.c:\d+: ")
        self.assertIn("1 problem(s)", bad.stderr)

    def broken_tree(self, case, tmp):
        root = tmp / "tree"
        shutil.copytree(FIXTURES / "good", root)
        case_dir = FIXTURES / "broken" / case
        for f in case_dir.rglob("*"):
            if f.is_file() and f.name != "expect":
                dest = root / f.relative_to(case_dir)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(f, dest)
        return root

    def test_each_broken_fixture_fails_with_its_message(self):
        cases = sorted(d.name for d in (FIXTURES / "broken").iterdir() if d.is_dir())
        self.assertGreaterEqual(len(cases), 20)
        for case in cases:
            with self.subTest(case=case), tempfile.TemporaryDirectory() as tmp:
                root = self.broken_tree(case, Path(tmp))
                status, out, err = run(root)
                self.assertEqual(status, 1, f"{case}: the checker passed a broken tree")
                for want in (FIXTURES / "broken" / case / "expect").read_text().splitlines():
                    if want.strip():
                        self.assertIn(want, out, f"{case}: message missing")
                for line in out.splitlines():
                    self.assertRegex(line, r"^[^:\s]+:\d+: \S", f"{case}: not FILE:LINE: message")


if __name__ == "__main__":
    unittest.main()
