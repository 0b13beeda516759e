"""Reading muster results files: provenance, per-game rows and count tables.

A file that is still being written, or was left by an interrupted run, has
the root attribute status = "partial"; every reader here refuses it unless
allow_partial=True.
"""

import h5py
import numpy as np
import pandas as pd
import xarray as xr
import yaml


class PartialFileError(ValueError):
    """The file's status is not "complete" (an unfinished or interrupted run)."""


def _plain(value):
    """Return an HDF5 attribute value as a plain Python value."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return [_plain(v) for v in value.tolist()]
    return value


def _decode(values):
    """Return a dataset's values, with byte strings decoded to str."""
    if values.dtype.kind in "OS":
        return np.array([v.decode("utf-8") if isinstance(v, bytes) else str(v) for v in values],
                        dtype=object)
    return values


def open_results(path, allow_partial=False):
    """Open a results file read-only and return the h5py.File (caller closes it).

    Raises PartialFileError if its status is not "complete", unless
    allow_partial; ValueError if it has no status attribute (not a muster
    results file).
    """
    f = h5py.File(path, "r")
    status = _plain(f.attrs.get("status"))
    if status is None:
        f.close()
        raise ValueError(f"{path}: not a muster results file (no 'status' root attribute)")
    if status != "complete" and not allow_partial:
        done = _plain(f.attrs.get("games_complete"))
        asked = _plain(f.attrs.get("games_requested"))
        f.close()
        raise PartialFileError(
            f"{path}: status is '{status}' ({done} of {asked} games complete): the run was "
            "interrupted or is still going; finish it with 'muster run EXPERIMENT --resume "
            "OUT.partial', or pass allow_partial=True (CLI: --allow-partial) to read it anyway")
    return f


def provenance(path, allow_partial=False):
    """Return the root attributes of a results file as a dict of plain values.

    Adds "experiment_yaml": the experiment text (attribute "experiment")
    parsed as YAML (None if absent).
    """
    with open_results(path, allow_partial) as f:
        prov = {k: _plain(v) for k, v in f.attrs.items()}
    text = prov.get("experiment")
    prov["experiment_yaml"] = yaml.safe_load(text) if text else None
    return prov


def blunder_on_12(prov):
    """Return the experiment's rules.blunder_on_12 (True when absent: the tool's default)."""
    exp = prov.get("experiment_yaml") or {}
    rules = exp.get("rules") or {}
    return bool(rules.get("blunder_on_12", True))


def _is_scale(dset):
    return _plain(dset.attrs.get("CLASS")) == "DIMENSION_SCALE"


def _dims_and_coords(dset):
    """Return (dims, coords) of a dataset from its attached dimension scales."""
    dims, coords = [], {}
    for i, dim in enumerate(dset.dims):
        if len(dim) == 0:
            raise ValueError(f"{dset.name}: dimension {i} has no dimension scale")
        scale = dim[0]
        name = scale.name.rsplit("/", 1)[-1]
        dims.append(name)
        attrs = {k: _plain(scale.attrs[k]) for k in ("units", "long_name") if k in scale.attrs}
        coords[name] = xr.Variable(name, _decode(scale[()]), attrs)
    return dims, coords


def tables(path, group="orders", allow_partial=False):
    """Return the count tables of a group as a dict name -> xarray.DataArray.

    Each table's dims and coords come from its dimension scales (e.g.
    attempts: arm, command, penalty, order_number); attrs hold units and
    long_name.
    """
    out = {}
    with open_results(path, allow_partial) as f:
        g = f[group]
        for name, dset in g.items():
            if not isinstance(dset, h5py.Dataset) or _is_scale(dset):
                continue
            dims, coords = _dims_and_coords(dset)
            attrs = {k: _plain(dset.attrs[k]) for k in ("units", "long_name") if k in dset.attrs}
            out[name] = xr.DataArray(dset[()], dims=dims, coords=coords, name=name, attrs=attrs)
    return out


def games_frame(path, allow_partial=False):
    """Return the per-game rows (/games) as a pandas DataFrame indexed by game.

    One column per 1-D dataset; a 2-D (game, X) dataset becomes one column
    per label of X, named like "orders_by_character[General]". In an
    order-drill file the arm column holds the arm labels (categorical, in
    /orders/arm order); elsewhere it is the arm's index.
    Only the games_complete first rows are returned. Raises ValueError when
    the file was written without per-game rows.
    """
    with open_results(path, allow_partial) as f:
        if not _plain(f.attrs.get("per_game_rows", 1)):
            raise ValueError(f"{path}: written without per-game rows (output.per_game_rows: "
                             "false); use tables() for the count tables")
        n = int(_plain(f.attrs.get("games_complete")))
        g = f["games"]
        index = pd.Index(g["game"][:n], name="game")
        cols = {}
        for name, dset in g.items():
            if not isinstance(dset, h5py.Dataset) or _is_scale(dset):
                continue
            data = dset[:n]
            if data.ndim == 1:
                cols[name] = data
                continue
            labels = _decode(dset.dims[1][0][()])
            for j, label in enumerate(labels):
                cols[f"{name}[{label}]"] = data[:, j]
        order = sorted(cols, key=lambda c: (c != "arm", c))
        df = pd.DataFrame({c: cols[c] for c in order}, index=index)
        if "arm" in df and "arm" in f.get("orders", {}):
            labels = list(_decode(f["orders/arm"][()]))
            df["arm"] = pd.Categorical.from_codes(df["arm"].astype(int), categories=labels)
    return df


def _set_path(doc, path, value):
    """Set the value at a path like 'rules.x' or 'armies[1].units[0].count' in a parsed YAML tree."""
    parts = [p for p in path.replace("]", "").replace("[", ".").split(".") if p != ""]
    node = doc
    for p in parts[:-1]:
        node = node[int(p)] if isinstance(node, list) else node[p]
    last = parts[-1]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


def run_arms(exp):
    """Return [(experiment, policies entry, point label)], one per arm of the run, in arm order.

    For a file without `sweep:` these are the policies entries with the
    experiment itself and an empty label. For a swept file (muster/sweep.h)
    arm p * A + a is the file's arm a at point p: its experiment is the
    file with point p's values written in, its label "name=value ...".
    """
    import copy
    import itertools

    sweep = exp.get("sweep") or []
    if not sweep:
        return [(exp, entry, "") for entry in exp["policies"]]
    out = []
    for values in itertools.product(*[axis["values"] for axis in sweep]):
        point = copy.deepcopy(exp)
        for axis, value in zip(sweep, values):
            _set_path(point, axis["path"], value)
        label = " ".join(f"{axis['name']}={value}" for axis, value in zip(sweep, values))
        out += [(point, entry, label) for entry in point["policies"]]
    return out


def sweep_coords(path, allow_partial=False):
    """Return the sweep grid of a swept results file as a DataFrame: one row
    per arm (index "arm", in the order of the arm axis), one column per
    sweep axis (in the experiment's order) holding that axis's value at the
    arm (numbers where they read as numbers). Read from the file's /sweep/<axis> datasets; an empty
    frame for a file without a sweep."""
    import pandas as pd

    exp = provenance(path, allow_partial)["experiment_yaml"] or {}
    order = [axis["name"] for axis in exp.get("sweep") or []]  # the file's own order, not HDF5's
    with open_results(path, allow_partial) as f:
        group = f.get("sweep")
        cols = {name: [_plain(v) for v in group[name][()]] for name in order} if group is not None else {}
    def numbers(vals):
        try:
            return [float(v) for v in vals]
        except ValueError:
            return vals

    frame = pd.DataFrame({name: numbers(vals) for name, vals in cols.items()})
    frame.index.name = "arm"
    return frame


def arm_label(label, point):
    """The label of a run arm: the file's own arm label, with its sweep point when there is one."""
    return f"{label} | {point}" if point else label
