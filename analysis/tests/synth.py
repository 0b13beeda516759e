"""A synthetic order-drill results file, written with h5py in the layout the
C tool writes (src/rules/warmaster/drill.c, build_layout; src/io/h5out.c).

It plays a small drill with numpy dice under the order-sequence rules, so
its tables and per-game rows agree with each other and its odds are the
exact ones: the analysis can be tested without the muster binary.
"""

import h5py
import numpy as np
import yaml

PENALTY_MAX = 15
CHARACTERS = [("General", 9), ("Hero", 8)]
GENERAL = 0
N_UNITS = 5
# (character, orders, situational penalty, unit mask); penalty 17 lands in
# the last ("15 or more") bin.
PLANS = {
    "general-first": [(0, 3, 0, 0b00001), (0, 3, 2, 0b00010), (1, 3, 1, 0b01100),
                      (1, 1, 17, 0b10000)],
    "heroes-first": [(1, 3, 1, 0b01100), (1, 1, 17, 0b10000), (0, 3, 0, 0b00001),
                     (0, 3, 2, 0b00010)],
}


def _play(plan, rng, blunder_on_12, count):
    """One Orders sub-phase along plan; count(cmd, pen, order, ok, blunder) per roll."""
    failed, general_failed = set(), False
    row = dict(orders_attempted=0, orders_given=0, blunders=0, half_pace_moves=0,
               first_failure=-1, general_failure_ended=0)
    by_char, ordered = [0] * len(CHARACTERS), 0
    for i, (ch, orders, pen, mask) in enumerate(plan):
        others_after = any(s[0] != ch for s in plan[i + 1:])
        for k in range(orders):
            if ch in failed or general_failed:
                break
            roll = int(rng.integers(1, 7) + rng.integers(1, 7))
            target = CHARACTERS[ch][1] - pen - k
            blunder = roll == 12
            ok = roll <= target and not (blunder and blunder_on_12)
            count(CHARACTERS[ch][1], min(pen, PENALTY_MAX), k + 1, ok, blunder)
            row["orders_attempted"] += 1
            row["blunders"] += blunder
            if not ok:
                failed.add(ch)
                general_failed |= ch == GENERAL
                if row["first_failure"] < 0:
                    row["first_failure"] = ch
                if ch == GENERAL and others_after:
                    row["general_failure_ended"] = 1
                if k == 0:
                    row["half_pace_moves"] += bin(mask).count("1")
                break
            row["orders_given"] += 1
            by_char[ch] += 1
            ordered |= mask
    row["units_ordered"] = bin(ordered).count("1")
    return row, by_char


def _meta(d, units, long_name):
    d.attrs["units"] = units
    d.attrs["long_name"] = long_name


def _scale(f, path, data, long_name, dtype=None):
    d = f.create_dataset(path, data=data, dtype=dtype)
    d.make_scale(path.rsplit("/", 1)[-1])
    _meta(d, "1", long_name)
    return d


def _table(f, name, data, scales, long_name):
    d = f.create_dataset(f"orders/{name}", data=data.astype(np.uint64))
    _meta(d, "1", long_name)
    for i, s in enumerate(scales):
        d.dims[i].attach_scale(s)


def write_synthetic(path, games_per_arm=2000, seed=1, per_game_rows=True,
                    status="complete", blunder_on_12=True):
    """Write a synthetic drill results file at path; return path."""
    rng = np.random.default_rng(seed)
    arms = list(PLANS)  # one arm per policy
    n_p, n_c, n_bins = len(arms), len(CHARACTERS), 3 * N_UNITS + 1
    shape4 = (n_p, 11, PENALTY_MAX + 1, 3)
    att, suc, blu = (np.zeros(shape4, np.uint64) for _ in range(3))
    given_hist = np.zeros((n_p, n_c, n_bins), np.uint64)
    units_hist = np.zeros((n_p, N_UNITS + 1), np.uint64)
    first_fail = np.zeros((n_p, n_c), np.uint64)
    gen_ended = np.zeros(n_p, np.uint64)
    rows, by_chars = [], []
    for p, name in enumerate(arms):
        for _ in range(games_per_arm):
            def count(cmd, pen, order, ok, blunder):
                cell = (p, cmd - 2, pen, order - 1)
                att[cell] += 1
                suc[cell] += ok
                blu[cell] += blunder
            row, by_char = _play(PLANS[name], rng, blunder_on_12, count)
            row["arm"] = p
            rows.append(row)
            by_chars.append(by_char)
            for c in range(n_c):
                given_hist[p, c, by_char[c]] += 1
            units_hist[p, row["units_ordered"]] += 1
            if row["first_failure"] >= 0:
                first_fail[p, row["first_failure"]] += 1
            gen_ended[p] += row["general_failure_ended"]
    games = games_per_arm * n_p
    experiment = {
        "schema": 1, "ruleset": "warmaster-order-drill", "seed": seed, "games": games_per_arm,
        "output": {"file": "synthetic.h5", "per_game_rows": per_game_rows},
        "rules": {"blunder_on_12": blunder_on_12},
        "study": {"characters": [{"name": n, "command": c} for n, c in CHARACTERS],
                  "units": [{"name": f"Unit {u}"} for u in range(N_UNITS)]},
        "policies": [{"name": p} for p in arms]}
    with h5py.File(path, "w") as f:
        attrs = dict(tool_version="synthetic", git_commit="none", ruleset="warmaster-order-drill",
                     status=status, created="2026-01-01T00:00:00Z",
                     experiment=yaml.safe_dump(experiment), experiment_path="synthetic.yaml")
        for k, v in attrs.items():
            f.attrs[k] = v
        f.attrs["seed"] = np.uint64(seed)
        f.attrs["games_requested"] = np.uint64(games)
        f.attrs["games_complete"] = np.uint64(games)
        f.attrs["threads"] = np.int32(1)
        f.attrs["per_game_rows"] = np.int32(per_game_rows)
        strs = h5py.string_dtype()
        names = [c[0] for c in CHARACTERS]
        game = _scale(f, "games/game", np.arange(games if per_game_rows else 0, dtype=np.uint64),
                      "game index")
        gchar = _scale(f, "games/character", names, "character (as listed)", strs)
        sc = [_scale(f, "orders/arm", arms, "arm: an order-sequence policy (policies entry)", strs),
              _scale(f, "orders/command", np.arange(2, 13, dtype=np.int32), "character's Command value"),
              _scale(f, "orders/penalty", np.arange(PENALTY_MAX + 1, dtype=np.int32),
                     "Command penalty without the order-number penalty (last bin: this or more)"),
              _scale(f, "orders/order_number", np.arange(1, 4, dtype=np.int32),
                     "order number for the unit this turn"),
              _scale(f, "orders/character", names, "character (as listed)", strs),
              _scale(f, "orders/n_orders", np.arange(n_bins, dtype=np.int32), "orders given"),
              _scale(f, "orders/n_units", np.arange(N_UNITS + 1, dtype=np.int32), "units ordered")]
        arm, cmd, pen, order, char, n_ord, n_units = sc
        if per_game_rows:
            cols = [("arm", np.uint8), ("orders_attempted", np.uint8), ("orders_given", np.uint8),
                    ("blunders", np.uint8), ("units_ordered", np.uint8),
                    ("half_pace_moves", np.uint8), ("first_failure", np.int8),
                    ("general_failure_ended", np.uint8)]
            for name, dt in cols:
                d = f.create_dataset(f"games/{name}", data=np.array([r[name] for r in rows], dt))
                _meta(d, "1", name.replace("_", " "))
                d.dims[0].attach_scale(game)
            d = f.create_dataset("games/orders_by_character", data=np.array(by_chars, np.uint8))
            _meta(d, "1", "orders given by each character")
            d.dims[0].attach_scale(game)
            d.dims[1].attach_scale(gchar)
        _table(f, "attempts", att, [arm, cmd, pen, order], "order rolls made")
        _table(f, "successes", suc, [arm, cmd, pen, order], "orders given")
        _table(f, "blunders", blu, [arm, cmd, pen, order], "order rolls of 12 (blunders)")
        _table(f, "games", np.full(n_p, games_per_arm), [arm], "games played")
        _table(f, "orders_given_hist", given_hist, [arm, char, n_ord],
               "games by orders given per character")
        _table(f, "units_ordered_hist", units_hist, [arm, n_units], "games by units ordered")
        _table(f, "first_failure", first_fail, [arm, char], "games by the character who failed first")
        _table(f, "general_failure_ended", gen_ended, [arm],
               "games where the General's failure ended the phase")
    return path
