"""Results files open in h5py and in xarray (engine h5netcdf) with named
dimensions, coordinates, units and long_name.

Usage: test_xarray_open.py H5_SAMPLE WORKDIR
H5_SAMPLE writes the sample file of tests/h5/sample_file.c (1000 games, or
as many as asked).
"""
import os
import subprocess
import sys
import unittest

import h5py
import numpy as np
import xarray as xr

SAMPLE, WORKDIR = sys.argv[1], sys.argv[2]
GAMES = 1000


def write(name, *flags):
    os.makedirs(WORKDIR, exist_ok=True)
    path = os.path.join(WORKDIR, name)
    for stale in (path, path + ".partial"):
        if os.path.exists(stale):
            os.remove(stale)
    subprocess.run([SAMPLE, path, *flags], check=True)
    return path + ".partial" if "--partial" in flags else path


def open_group(path, group):
    return xr.open_dataset(path, group=group, engine="h5netcdf")


class H5pyView(unittest.TestCase):
    def test_root_provenance(self):
        with h5py.File(write("h5py.h5"), "r") as f:
            self.assertEqual(f.attrs["status"], "complete")
            self.assertEqual(f.attrs["seed"], 8)
            self.assertEqual(f.attrs["seed"].dtype, np.uint64)
            self.assertEqual(f.attrs["games_requested"], GAMES)
            self.assertEqual(f.attrs["games_complete"], GAMES)
            self.assertEqual(f.attrs["ruleset"], "sample")
            self.assertTrue(f.attrs["experiment"].startswith("schema: 1\n"))

    def test_scales_attached(self):
        with h5py.File(write("h5py-scales.h5"), "r") as f:
            col = f["games/orders_by_turn"]
            self.assertEqual(col.shape, (GAMES, 5))
            self.assertEqual(col.dims[0][0].name, "/games/game")
            self.assertEqual(col.dims[1][0].name, "/games/turn")
            self.assertEqual(f["orders/by_character"].dims[0][0].name, "/orders/character")
            self.assertIsInstance(col.attrs["units"], str)


class XarrayView(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.path = write("xarray.h5")

    def test_games_group(self):
        with open_group(self.path, "games") as ds:
            self.assertEqual(dict(ds.sizes), {"game": GAMES, "turn": 5})
            self.assertEqual(ds["turns"].dims, ("game",))
            self.assertEqual(ds["orders_by_turn"].dims, ("game", "turn"))
            np.testing.assert_array_equal(ds["game"].values, np.arange(GAMES, dtype=np.uint64))
            np.testing.assert_array_equal(ds["turn"].values, np.arange(1, 6))
            g = np.arange(GAMES)
            np.testing.assert_array_equal(ds["turns"].values, (g * 7) % 256)
            np.testing.assert_array_equal(ds["margin"].values, g * 0.5 - 3.0)
            self.assertEqual(ds["margin"].attrs["units"], "cm")
            self.assertEqual(ds["margin"].attrs["long_name"], "closest approach margin")
            self.assertEqual(ds["game"].attrs["long_name"], "game index")
            self.assertEqual(ds["game"].attrs["units"], "1")

    def test_orders_group(self):
        with open_group(self.path, "orders") as ds:
            self.assertEqual(dict(ds.sizes), {"character": 3, "command": 4, "order_number": 3})
            self.assertEqual(ds["by_character"].dims, ("character", "command", "order_number"))
            self.assertEqual(list(ds["character"].values), ["Général", "Hero", "Wizard"])
            np.testing.assert_array_equal(ds["command"].values, [7, 8, 9, 10])
            cells = GAMES * (np.arange(12) + 1) + 3
            np.testing.assert_array_equal(ds["attempts"].values.ravel(), cells)
            self.assertEqual(ds["attempts"].dtype, np.uint64)
            self.assertEqual(ds["attempts"].attrs["long_name"], "order rolls made")
            self.assertEqual(ds["attempts"].attrs["units"], "1")
            self.assertEqual(ds["command"].attrs["long_name"], "character's Command value")
            total = ds["attempts"].sel(command=9, order_number=2).item()
            self.assertEqual(total, GAMES * (2 * 3 + 2) + 3)

    def test_without_rows(self):
        path = write("norows.h5", "--no-rows")
        with open_group(path, "games") as ds:
            self.assertEqual(ds.sizes["game"], 0)
            self.assertEqual(list(ds.data_vars), [])
        with open_group(path, "orders") as ds:
            self.assertEqual(ds["attempts"].shape, (4, 3))

    def test_partial_file(self):
        path = write("partial.h5", "--partial")
        with open_group(path, "games") as ds:
            self.assertEqual(ds.sizes["game"], 600)
        with h5py.File(path, "r") as f:
            self.assertEqual(f.attrs["status"], "partial")
            self.assertEqual(f.attrs["games_complete"], 600)


class ManyChunks(unittest.TestCase):
    """A file of several whole chunks (65536 rows) and an unfinished one,
    written in batches that end inside chunks: the chunks muster deflates
    itself decode through h5py and xarray like any others."""
    N = 200003

    @classmethod
    def setUpClass(cls):
        cls.path = write("chunks.h5", "--games", str(cls.N), "--batch", "70000")

    def test_filters_and_chunks(self):
        with h5py.File(self.path, "r") as f:
            for name in ("game", "turns", "margin", "score", "orders_by_turn"):
                d = f["games"][name]
                self.assertEqual(d.compression, "gzip", name)
                self.assertTrue(d.shuffle, name)
                self.assertEqual(d.chunks[0], 65536, name)

    def test_values(self):
        with open_group(self.path, "games") as ds:
            g = np.arange(self.N)
            self.assertEqual(dict(ds.sizes), {"game": self.N, "turn": 5})
            np.testing.assert_array_equal(ds["game"].values, g.astype(np.uint64))
            np.testing.assert_array_equal(ds["turns"].values, (g * 7) % 256)
            np.testing.assert_array_equal(ds["margin"].values, g * 0.5 - 3.0)
            score = ((g.astype(np.uint64) * np.uint64(2654435761)) % np.uint64(2 ** 32)).astype(np.uint32)
            np.testing.assert_array_equal(ds["score"].values, score.view(np.int32))
            j = np.arange(5)
            want = (g[:, None] + j[None, :] * 1000) % 30000 - 15000
            np.testing.assert_array_equal(ds["orders_by_turn"].values, want)
            self.assertEqual(ds["orders_by_turn"].attrs["long_name"], "orders given per turn")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
