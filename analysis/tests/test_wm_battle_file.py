"""The Warmaster battle analysis (muster_analysis.warmaster_battle) on a
file the muster binary writes from experiments/examples/battle-minimal.yaml
(two arms: a pairing, then the pairing reversed with the armies swapped)."""

import subprocess

import numpy as np
import pytest

from conftest import REPO, muster_bin
from muster_analysis import __main__ as cli
from muster_analysis import load, stats
from muster_analysis import warmaster_battle as wb

EXAMPLE = REPO / "experiments" / "examples" / "battle-minimal.yaml"
GAMES = 60  # per arm


@pytest.fixture(scope="module")
def battle_file(tmp_path_factory):
    out = tmp_path_factory.mktemp("wm-battle") / "battle-minimal.h5"
    proc = subprocess.run([str(muster_bin()), "run", str(EXAMPLE), "-o", str(out), "-n", str(GAMES), "-q"],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        pytest.fail(f"muster run: exit {proc.returncode}: {proc.stderr.strip()}")
    return out


def test_results_agree_with_the_rows(battle_file):
    prov, tabs = wb.read(battle_file)
    res = wb.results_frame(tabs)
    games = load.games_frame(battle_file)
    assert len(games) == 2 * GAMES and (res["games"] == GAMES).all()
    for r in res.itertuples():
        arm = list(tabs["results"].coords["arm"].values).index(r.arm)
        army = list(tabs["results"].coords["army"].values).index(r.army)
        sel = games[games["arm"] == arm]
        assert r.win == int((sel["winner"] == army).sum())
        assert r.draw == int((sel["winner"] == -1).sum())
        assert r.win + r.draw + r.loss == GAMES
        assert r.win_lo <= r.win_rate <= r.win_hi
        assert (r.win_lo, r.win_hi) == pytest.approx(stats.wilson(r.win, GAMES))
    # army 0's wins are army 1's losses in every arm
    for arm, grp in res.groupby("arm"):
        a0, a1 = grp.iloc[0], grp.iloc[1]
        assert a0.win == a1.loss and a0.draw == a1.draw


def test_arms_and_sides_swapped(battle_file):
    prov, tabs = wb.read(battle_file)
    arms = wb.arms_frame(prov)
    assert list(arms["arm"]) == list(tabs["results"].coords["arm"].values)
    assert list(arms["swap"]) == [False, True]
    assert list(arms["policy_0"]) == ["aggressive", "cautious"]
    games = load.games_frame(battle_file)
    assert (games["swapped"] == (games["arm"] == 1)).all()
    assert (games.loc[games["arm"] == 1, "first"] == 1).all()  # first: Orcs
    pooled = wb.pooled_frame(tabs)
    assert (pooled["games"] == 2 * GAMES).all()
    first = wb.first_frame(games, ["Empire", "Orcs"])
    assert first.groupby("army")["games"].sum().eq(2 * GAMES).all()


def test_table_side_split_follows_the_swap(battle_file):
    prov, tabs = wb.read(battle_file)
    res = wb.results_frame(tabs).set_index(["arm", "army"])
    games = load.games_frame(battle_file)
    side = wb.side_frame(games, ["Empire", "Orcs"]).set_index(["army", "scenario_side"])
    arms = list(tabs["results"].coords["arm"].values)  # arm 1 is swapped: Empire on the second side
    assert side.loc[("Empire", "first"), "games"] == GAMES and side.loc[("Empire", "second"), "games"] == GAMES
    assert side.loc[("Empire", "first"), "wins"] == res.loc[(arms[0], "Empire"), "win"]
    assert side.loc[("Empire", "second"), "wins"] == res.loc[(arms[1], "Empire"), "win"]
    assert side.loc[("Orcs", "first"), "wins"] == res.loc[(arms[1], "Orcs"), "win"]


def test_means_and_characters_come_from_the_rows(battle_file):
    games = load.games_frame(battle_file)
    means = wb.means_frame(games)
    assert list(means.columns) == ["arm 0", "arm 1"]
    for stat in ("orders_attempted", "charges", "initiative_evades", "off_table", "zones_held", "burst_throughs"):
        for army in ("Empire", "Orcs"):
            col = games[f"{stat}[{army}]"]
            assert means.loc[(stat, army), "arm 1"] == pytest.approx(col[games["arm"] == 1].mean())
    chars = wb.character_frame(games)
    attempted = chars.xs("orders_attempted", level="statistic")
    # every order roll is some character's: the characters' means add up to the army's
    for army in ("Empire", "Orcs"):
        mine = attempted[[c.startswith(army + ":") for c in attempted.index]]
        assert mine.sum().to_numpy() == pytest.approx(means.xs(army, level="army").loc["orders_attempted"].to_numpy())
    # the armies' unused character slots are in the rows (always 0) but not in the frame
    empty = [c for c in games.columns if c.startswith("character_orders_attempted[") and "(no character" in c]
    assert len(empty) > 0 and (games[empty] == 0).all().all()
    assert not any("(no character" in c for c in attempted.index)


def test_order_rolls_beside_the_exact_odds(battle_file):
    prov, tabs = wb.read(battle_file)
    orders = wb.orders_frame(tabs, load.blunder_on_12(prov))
    games = load.games_frame(battle_file)
    attempted = games[[c for c in games.columns if c.startswith("orders_attempted[")]].to_numpy().sum()
    assert orders["attempts"].sum() == attempted
    assert (orders["exact"] == stats.exact_success(orders["command"], orders["penalty"], orders["order_number"])).all()
    assert orders["outside"].mean() < 0.25
    strict = wb.orders_frame(tabs, True, conf=1 - 1e-7)
    assert not strict["outside"].any()


def test_cli_dispatches_on_the_ruleset(battle_file, tmp_path):
    assert cli.main([str(battle_file), "--out", str(tmp_path), "-q"]) == 0
    report = (tmp_path / "battle-minimal-report.txt").read_text()
    assert "muster Warmaster battle report" in report and "Wilson 95% intervals" in report
    assert "cautious-vs-aggressive swapped" in report
    for section in ("Win rate by table side", "Means per game", "Orders by character", "Games by end reason",
                    "Units that left the table", "Objective zones held", "Initiative choices by outcome",
                    "Units left unmoved when orders were available"):
        assert section in report
    assert (tmp_path / "battle-minimal-results.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_unmoved_unit_turns_come_from_the_rows(battle_file):
    prov, tabs = wb.read(battle_file)
    games = load.games_frame(battle_file)
    by_arm, by_policy = wb.unmoved_frame(tabs, prov)
    for r in by_arm.itertuples():
        arm = list(tabs["results"].coords["arm"].values).index(r.arm)
        sel = games[games["arm"] == arm]
        assert r.orderable == int(sel[f"orderable_unit_turns[{r.army}]"].sum())
        assert r.unmoved == int(sel[f"unmoved_unit_turns[{r.army}]"].sum())
        assert 0 <= r.unmoved <= r.orderable and r.orderable > 0
    # arm 0: aggressive plays the Empire; arm 1 (swapped): aggressive plays the Orcs
    assert list(by_arm["policy"]) == ["aggressive", "cautious", "cautious", "aggressive"]
    agg = by_policy.set_index("policy").loc["aggressive"]
    assert agg.orderable == by_arm[by_arm["policy"] == "aggressive"]["orderable"].sum()
    assert agg.share == pytest.approx(agg.unmoved / agg.orderable)


def test_unmoved_shares_on_a_known_table():
    import xarray as xr
    tab = xr.DataArray(np.array([[[10, 4], [20, 5]], [[30, 3], [0, 0]]], dtype=np.uint64),
                       dims=("arm", "army", "unit_turns"),
                       coords={"arm": ["a-vs-b", "b-vs-a swapped"], "army": ["Empire", "Orcs"],
                               "unit_turns": ["orderable", "unmoved"]})
    prov = {"experiment_yaml": {"policies": [
        {"label": "a-vs-b", "sides": [{"name": "objective"}, {"name": "random"}]},
        {"label": "b-vs-a swapped", "swap": True, "sides": [{"name": "random"}, {"name": "objective"}]}]}}
    by_arm, by_policy = wb.unmoved_frame({"unmoved": tab}, prov)
    assert list(by_arm["policy"]) == ["objective", "random", "random", "objective"]
    assert list(by_arm["share"].iloc[:3]) == pytest.approx([0.4, 0.25, 0.1]) and np.isnan(by_arm["share"].iloc[3])
    pol = by_policy.set_index("policy")
    assert (pol.loc["objective", "orderable"], pol.loc["objective", "unmoved"]) == (10, 4)
    assert (pol.loc["random", "orderable"], pol.loc["random", "unmoved"]) == (50, 8)
    assert pol.loc["random", "share"] == pytest.approx(8 / 50)


def test_read_refuses_another_ruleset(muster_run):
    with pytest.raises(ValueError, match="not 'warmaster-battle'"):
        wb.read(muster_run[0])


def test_wilson_half_width_for_one_percent():
    # the studies' game count: 9604 games give a 95% half-width of at most 1% (p = 0.5)
    lo, hi = stats.wilson(4802, 9604)
    assert (hi - lo) / 2 <= 0.01 + 1e-9
    lo, hi = stats.wilson(4700, 9400)
    assert (hi - lo) / 2 > 0.01
    assert np.isclose(stats.z_value(0.95), 1.959964, atol=1e-6)
