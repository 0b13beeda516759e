#!/usr/bin/python3
"""Check src/rules/warmaster/ARMY_RULES.md against the army lists.

ARMY_RULES.md has one `## <Army>` section per list of experiments/armies/
(its `army:` name) with a table `| id | unit or item | rule | class | status |`,
and a `## Summary` table counting each army's rows by status. Fails (exit
1, one line per problem, FILE:LINE: ...) when
  - a row has not 5 cells, an id that is malformed or used twice, an
    unknown class, or a status that is not one of: `option KEY: VALUE`
    (several joined by "; ", "(army_rules)" for an army-wide one), `data`,
    `not yet: WHAT`, `not in our texts: WHAT`, `out of scope: CLASS`;
  - a combat, shooting, magic or morale rule is not "out of scope: <its
    class>", or an in-scope rule is;
  - an option row names an option (or value) that no unit of that army's
    list (or its army_rules) sets, or an option no test covers (OPTION_TESTS);
  - a section names no list, a list has no section, or the summary table
    (each army's row and the 'all' row) differs from the rows counted.
Usage: check_army_rules.py [--root DIR]. Debian's python3 (PyYAML).
"""
import argparse
import glob
import os
import re
import sys

import yaml

OUT = ("combat", "shooting", "magic", "morale")
CLASSES = {"command", "initiative", "brigade", "movement", "vision", "list", *OUT}
VALUE = r"(-?[a-z0-9_.]+|\[[^]]+\])"
OPTION = rf"option [a-z0-9_]+: {VALUE}( \([^)]*\))?"
STATUS = re.compile(rf"^({OPTION}(; {OPTION})*|data|not yet: .+|not in our texts: .+|out of scope: ({'|'.join(OUT)}))$")
# each option a list may declare, and the clause (CLAUSES.md) whose tests play it
OPTION_TESTS = {"initiative": "wm.armylist.must-charge / wm.armylist.initiative-never",
                "evade": "wm.armylist.never-evade", "brigade": "wm.armylist.never-brigade",
                "command_modifier": "wm.armylist.command-modifier",
                "terrain_command_penalty": "wm.armylist.dense-terrain",
                "gives_orders": "wm.armylist.gives-no-orders", "enemy_proximity_penalty": "wm.armylist.no-enemy-close",
                "confusion": "wm.armylist.never-confused / wm.armylist.stampede", "command_range_cm": "wm.armylist.order-range",
                "characters_join": "data only: characters never join units in muster",
                "command_modifier_from": "wm.armylist.modifier-conditions",
                "command_modifier_waived_by": "wm.armylist.modifier-conditions", "ordered_by": "wm.armylist.ordered-by",
                "order_range_cm": "wm.armylist.ordered-by", "brigade_with": "wm.armylist.brigade-with",
                "malfunction": "wm.armylist.malfunction", "distance_penalty": "wm.armylist.no-distance",
                "brigade_excludes_types": "wm.armylist.brigade-with", "order_modifier": "wm.armylist.order-modifier",
                "order_modifier_except": "wm.armylist.order-modifier",
                "command_modifier_waived_by_majority": "wm.armylist.modifier-conditions",
                "cannot_order": "wm.armylist.cannot-order", "brigade_not_with": "wm.armylist.brigade-with",
                "brigade_not_with_unless": "wm.armylist.brigade-with", "may_enter": "wm.armylist.may-enter",
                "general_first_order_command": "wm.armylist.general-first",
                "must_charge_race": "wm.armylist.must-charge-race", "brigade_max_units": "wm.armylist.brigade-size",
                "large_brigade_needs": "wm.armylist.brigade-size", "large_brigade_needs_units": "wm.armylist.brigade-size",
                "large_brigade_excludes_types": "wm.armylist.brigade-size", "brigade_uncounted": "wm.armylist.brigade-size",
                "command_bonus_one_turn": "wm.armylist.command-bonus-turn", "rider_pace_cm": "wm.armylist.rider-pace",
                "infiltrate": "wm.armylist.infiltrate", "infiltrate_per_1000": "wm.armylist.infiltrate",
                "ignores_command_range": "wm.armylist.ignores-command-range",
                "moves_only_brigaded_with_types": "wm.armylist.brigaded-only",
                "command_aura_cm": "wm.armylist.command-aura", "command_aura_friends": "wm.armylist.command-aura",
                "command_aura_enemies": "wm.armylist.command-aura",
                "command_aura_friend_characters": "wm.armylist.command-aura",
                "guidance_cm": "wm.armylist.guidance", "guidance_characters": "wm.armylist.guidance",
                "blunder_demotions": "wm.armylist.blunder-demotion",
                "shares_rules_with_touching": "wm.armylist.shares-with-touching",
                "free_move_d6_cm": "wm.armylist.free-move", "laager_move_cm": "wm.armylist.laager",
                "charge": "wm.armylist.cannot-charge", "infiltrate_group_max": "wm.armylist.infiltrate-group",
                "infiltrate_group_at_most": "wm.armylist.infiltrate-group",
                "infiltrate_pool_fraction": "wm.armylist.infiltrate-group"}
STATUS_COLUMNS = ("option", "data", "not yet", "not in our texts", "out of scope")


def same(have, value):
    """Whether a list's value (a scalar, or a list of names) is value as a row writes it."""
    if isinstance(have, list):
        return value.startswith("[") and [x.strip() for x in value[1:-1].split(",")] == have
    return str(have).lower() == value


def sets_option(d, key, value, army):
    if army:
        return same((d.get("army_rules") or {}).get(key), value)
    return any(same(u.get(key), value) for u in d["units"] + (d.get("mounts") or []))


def check(root):
    md = os.path.join(root, "src", "rules", "warmaster", "ARMY_RULES.md")
    lists = {}
    for f in sorted(glob.glob(os.path.join(root, "experiments", "armies", "*.yaml"))):
        with open(f, encoding="utf-8") as fh:
            d = yaml.safe_load(fh)
        lists[d["army"]] = d
    problems, seen, counted, summary = [], set(), {}, {}
    section = None
    with open(md, encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    for n, line in enumerate(lines, 1):
        if line.startswith("## "):
            section = line[3:].strip()
            if section != "Summary" and section not in lists:
                problems.append(f"{md}:{n}: section '{section}' names no army list")
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if section == "Summary" and cells and (cells[0] in lists or cells[0] == "all"):
            summary[cells[0]] = (n, [int(c) for c in cells[1:]])
            continue
        if not cells or not re.match(r"AR-", cells[0]):
            continue
        where = f"{md}:{n}"
        if len(cells) != 5:
            problems.append(f"{where}: {len(cells)} cells, want 5")
            continue
        rid, _, _, cls, status = cells
        if not re.fullmatch(r"AR-[A-Z]{3}-\d+", rid) or rid in seen:
            problems.append(f"{where}: id '{rid}' malformed or used twice")
        seen.add(rid)
        if cls not in CLASSES:
            problems.append(f"{where}: {rid}: unknown class '{cls}'")
        if not STATUS.match(status):
            problems.append(f"{where}: {rid}: unknown status '{status[:40]}'")
        if (cls in OUT) != status.startswith("out of scope") or (cls in OUT and status != f"out of scope: {cls}"):
            problems.append(f"{where}: {rid}: class {cls} with status '{status[:40]}'")
        for m in re.finditer(rf"option ([a-z_]+): {VALUE}( \(army_rules\))?", status):
            key, value, army = m.group(1), m.group(2), m.group(3)
            if key not in OPTION_TESTS:
                problems.append(f"{where}: {rid}: option {key} is none the loader knows")
            elif section in lists and not sets_option(lists[section], key, value, army):
                problems.append(f"{where}: {rid}: the {section} list does not set {key}: {value}")
        kind = next(k for k in STATUS_COLUMNS if status.startswith(k)) if STATUS.match(status) else None
        if kind:
            counted.setdefault(section, dict.fromkeys(STATUS_COLUMNS, 0))[kind] += 1
    for army in lists:
        if army not in counted:
            problems.append(f"{md}: no section for the army list '{army}'")
        elif army not in summary:
            problems.append(f"{md}: the summary has no row for '{army}'")
        else:
            n, numbers = summary[army]
            want = [counted[army][k] for k in STATUS_COLUMNS]
            if numbers != want + [sum(want)]:
                problems.append(f"{md}:{n}: summary {numbers} for {army}, the rows count {want + [sum(want)]}")
    total = [sum(c[k] for c in counted.values()) for k in STATUS_COLUMNS]
    if "all" not in summary or summary["all"][1] != total + [sum(total)]:
        where = f"{md}:{summary['all'][0]}" if "all" in summary else md
        problems.append(f"{where}: the summary's 'all' row is not the rows' total {total + [sum(total)]}")
    print(f"{len(seen)} rules of {len(lists)} lists", file=sys.stderr)
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
    problems = check(ap.parse_args().root)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
