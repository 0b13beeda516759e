"""`muster info`: provenance and summary of a results file; exit statuses.

Usage: test_info.py MUSTER H5_SAMPLE WORKDIR
"""
import os
import subprocess
import sys
import unittest

import h5py

MUSTER, SAMPLE, WORKDIR = sys.argv[1], sys.argv[2], sys.argv[3]


def write(name, *flags):
    os.makedirs(WORKDIR, exist_ok=True)
    path = os.path.join(WORKDIR, name)
    for stale in (path, path + ".partial"):
        if os.path.exists(stale):
            os.remove(stale)
    subprocess.run([SAMPLE, path, *flags], check=True)
    return path + ".partial" if "--partial" in flags else path


def info(*args):
    return subprocess.run([MUSTER, "info", *args], capture_output=True, text=True)


class Info(unittest.TestCase):
    def assert_one_line_error(self, r, status, text):
        self.assertEqual(r.returncode, status, r.stderr)
        self.assertEqual(r.stdout, "")
        self.assertEqual(r.stderr.count("\n"), 1, r.stderr)
        self.assertIn(text, r.stderr)

    def test_complete_file(self):
        path = write("info.h5")
        r = info(path)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, "")
        out = r.stdout
        for expected in [
            "ruleset         sample",
            "seed            8",
            "games           1000 of 1000 complete",
            "status          complete",
            "threads         3",
            "per-game rows   yes",
            "experiment      experiments/sample.yaml",
            "tool version    ",
            "games/turns  uint8[game=1000]  \"turns played\" [1]",
            "games/margin  float64[game=1000]  \"closest approach margin\" [cm]",
            "games/orders_by_turn  int16[game=1000, turn=5]",
            "orders/character  string[character=3]",
            # sum of 1000 * (i + 1) + 3 over 12 cells
            "orders/attempts  uint64[command=4, order_number=3]  \"order rolls made\" [1]  sum 78036",
        ]:
            self.assertIn(expected, out)
        self.assertLess(out.index("axes:"), out.index("columns:"))
        self.assertLess(out.index("columns:"), out.index("tables:"))

    def test_partial_file(self):
        r = info(write("info-partial.h5", "--partial"))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("status          partial", r.stdout)
        self.assertIn("games           600 of 1000 complete", r.stdout)

    def test_help(self):
        r = info("--help")
        self.assertEqual(r.returncode, 0)
        self.assertTrue(r.stdout.startswith("Usage: muster info FILE"))

    def test_usage_errors(self):
        for args in ([], ["a.h5", "b.h5"], ["--frobnicate", "a.h5"]):
            r = info(*args)
            self.assert_one_line_error(r, 64, "muster info: error: ")

    def test_missing_file(self):
        self.assert_one_line_error(info(os.path.join(WORKDIR, "nope.h5")), 66, "No such file")

    def test_not_hdf5(self):
        path = os.path.join(WORKDIR, "text.h5")
        with open(path, "w") as f:
            f.write("hello\n")
        self.assert_one_line_error(info(path), 65, "not an HDF5 file")

    def test_hdf5_but_not_muster(self):
        path = os.path.join(WORKDIR, "other.h5")
        with h5py.File(path, "w") as f:
            f["x"] = [1, 2, 3]
        self.assert_one_line_error(info(path), 65, "not a muster results file")

    def test_names_with_control_characters(self):
        """A name with a newline, a tab or a backslash is escaped (\\n, \\t,
        \\\\): each error is one line, and so is the file's header line."""
        def esc(name):
            return name.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")

        missing = os.path.join(WORKDIR, "no\npe.h5")
        r = info(missing)
        self.assert_one_line_error(r, 66, "No such file")
        self.assertTrue(r.stderr.startswith(esc(missing) + ": error: cannot open: "), r.stderr)
        text = os.path.join(WORKDIR, "te\txt\\.h5")
        with open(text, "w") as f:
            f.write("hello\n")
        r = info(text)
        self.assert_one_line_error(r, 65, "not an HDF5 file")
        self.assertEqual(r.stderr, esc(text) + ": error: not an HDF5 file\n")
        path = write("in\nfo.h5")
        r = info(path)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.split("\n")[0], esc(path))
        self.assertIn("\n  ruleset         sample\n", r.stdout)


if __name__ == "__main__":
    os.makedirs(WORKDIR, exist_ok=True)
    unittest.main(argv=sys.argv[:1], verbosity=2)
