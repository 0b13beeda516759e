#!/usr/bin/python3
"""Damaged partial files, in the style of a database engine's corruption
tests: a small partial file (damage.yaml stopped after its second
checkpoint) is damaged systematically, and for every case

- `muster run --resume` either refuses with exit 65 and one line, leaving
  the file as it was and writing nothing else, or resumes to a file whose
  /games and /orders equal an uninterrupted run's (h5diff);
- `muster info` never crashes or hangs (exit 0, or 65 with one line).

Damage: each metadata byte flipped (every byte not inside a dataset's raw
data, by the file's own chunk and storage map, read with h5py), raw data
bytes flipped, random multi-byte damage, truncation at many lengths, and
every 8-byte word that looks like an address or a length (0 < value <
file size) set to extreme values.

Usage: damage_cli.py MUSTER H5DIFF H5DUMP CASE (as pipeline_cli.py).
damage_sample (in the test suite, about 250 cases) takes every 300th case
of each kind, damage_wide every 61st (about 1,200 cases, 5 minutes on two
cores), damage_all every one (about 50,000 cases, some 3 hours). Each
prints the number of cases and the outcome counts.
"""
import collections
import concurrent.futures
import os
import random
import shutil
import subprocess
import sys

import h5py

import pipeline_cli as pc
from pipeline_cli import path, sha256, show

HERE = os.path.dirname(os.path.abspath(__file__))
DAMAGE_EXP = os.path.join(HERE, "damage.yaml")  # 400 games
ARGS = ["--batch", "100", "-q", "-j", "1"]
CHECKPOINT = 200   # games_complete of the partial file damaged
EXIT_DATAERR = 65
CASE_TIMEOUT = 60  # seconds for one muster command on a damaged file


def run_limited(out, limit):
    """damage.yaml -o out with writes failing past limit bytes."""
    return pc.muster_limited(limit, "run", DAMAGE_EXP, "-o", out, *ARGS)


def make_partial(ref_size):
    """Returns the path of a partial file holding CHECKPOINT games: the
    run stopped by the smallest file-size limit (in 1 KiB steps) at which
    its second checkpoint is flushed and the third is not."""
    out = path("base.h5")
    for limit in range(ref_size // 3, ref_size, 1024):
        for f in (out, out + ".partial"):
            if os.path.exists(f):
                os.remove(f)
        p = run_limited(out, limit)
        if p.returncode == pc.EXIT_OK:
            break
        if os.path.exists(out + ".partial"):
            with h5py.File(out + ".partial", "r") as f:
                done = int(f.attrs["games_complete"])
            if done == CHECKPOINT:
                return out + ".partial"
    raise AssertionError(f"no file-size limit stops {DAMAGE_EXP} at {CHECKPOINT} games")


def raw_regions(partial):
    """(offset, length) of every dataset's raw data in the file."""
    regions = []
    with h5py.File(partial, "r") as f:
        def visit(name, obj):
            if not isinstance(obj, h5py.Dataset):
                return
            if obj.chunks:
                for i in range(obj.id.get_num_chunks()):
                    info = obj.id.get_chunk_info(i)
                    regions.append((info.byte_offset, info.size))
            elif obj.id.get_offset() is not None:
                regions.append((obj.id.get_offset(), obj.id.get_storage_size()))
        f.visititems(visit)
    return regions


def cases(data, regions, stride):
    """Returns [(kind, description, edits)]: edits is a list of (offset,
    new bytes), or an int, the length to truncate to."""
    size = len(data)
    raw = bytearray(size)
    for off, n in regions:
        raw[off:off + n] = b"\x01" * n
    meta = [i for i in range(size) if not raw[i]]
    out = [("metadata byte flipped", f"byte {i} ^ 0xff", [(i, bytes([data[i] ^ 0xFF]))])
           for i in meta[::stride]]
    out += [("raw data byte flipped", f"byte {i} ^ 0xff", [(i, bytes([data[i] ^ 0xFF]))])
            for i in range(size) if raw[i]][::stride * 4]
    rng = random.Random(19)
    for k in range(3000):
        edits = [(rng.randrange(size), bytes([rng.randrange(256)])) for _ in range(rng.randint(2, 16))]
        if k % stride == 0:
            out.append(("random multi-byte damage", f"draw {k}: {[e[0] for e in edits]}", edits))
    out += [("truncated", f"to {n} bytes", n) for n in range(0, size, max(1, stride * 64))]
    words = [i for i in meta if i + 8 <= size and 0 < int.from_bytes(data[i:i + 8], "little") < size]
    for i in words[::stride]:
        for v in (2**64 - 1, 2**63, size * 2, 0):
            out.append(("address or length set to an extreme", f"word at {i} = {v:#x}",
                        [(i, v.to_bytes(8, "little"))]))
    return out


def damaged(data, edits):
    if isinstance(edits, int):
        return data[:edits]
    d = bytearray(data)
    for off, b in edits:
        d[off:off + len(b)] = b
    return bytes(d)


def one_case(n, kind, what, edits, data, ref):
    """Runs info and resume on one damaged copy; returns (outcome, problem
    or None)."""
    work = path(f"case{n}")
    os.mkdir(work)
    partial = os.path.join(work, "out.h5.partial")
    with open(partial, "wb") as f:
        f.write(damaged(data, edits))
    before = sha256(partial)
    problem = None
    try:
        info = subprocess.run([pc.MUSTER, "info", partial], capture_output=True, text=True,
                              errors="backslashreplace", timeout=CASE_TIMEOUT)
        if info.returncode < 0 or info.returncode not in (0, EXIT_DATAERR):
            problem = f"info: {show(info)}"
        elif info.returncode != 0 and info.stderr.count("\n") != 1:
            problem = f"info: not one line: {info.stderr!r}"
        p = subprocess.run([pc.MUSTER, "run", DAMAGE_EXP, "--resume", partial, *ARGS],
                           capture_output=True, text=True, errors="backslashreplace",
                           timeout=CASE_TIMEOUT)
    except subprocess.TimeoutExpired as e:
        return "hang", f"{kind}, {what}: {e}"
    out = os.path.join(work, "out.h5")
    if p.returncode == pc.EXIT_OK:
        outcome = "resumed, identical"
        try:
            pc.same_data(ref, out)
        except AssertionError as e:
            outcome, problem = "resumed, DIFFERENT", str(e)[:300]
    elif p.returncode == EXIT_DATAERR:
        outcome = "refused (65)"
        if p.stderr.count("\n") != 1 or p.stdout:
            problem = f"resume: not one line: {show(p)}"
        elif sha256(partial) != before:
            problem = "resume refused but changed the partial file"
        elif sorted(os.listdir(work)) != ["out.h5.partial"]:
            problem = f"resume refused but left {os.listdir(work)}"
    else:
        outcome = f"exit {p.returncode}"
        problem = f"resume: {show(p)}"
    if problem is None:
        shutil.rmtree(work)
    return outcome, (f"{kind}, {what}: {problem}" if problem else None)


def damage(stride):
    ref = path("ref.h5")
    pc.run_ok("run", DAMAGE_EXP, "-o", ref, *ARGS)
    partial = make_partial(os.path.getsize(ref))
    with open(partial, "rb") as f:
        data = f.read()
    todo = cases(data, raw_regions(partial), stride)
    counts = collections.Counter()
    kinds = collections.Counter()
    problems = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = pool.map(lambda c: one_case(c[0], *c[1], data, ref), enumerate(todo))
        for (kind, _, _), (outcome, problem) in zip(todo, results):
            counts[outcome] += 1
            kinds[(kind, outcome)] += 1
            if problem:
                problems.append(problem)
    print(f"partial file: {len(data)} bytes, {CHECKPOINT} of 400 games; {sum(counts.values())} cases")
    for (kind, outcome), n in sorted(kinds.items()):
        print(f"  {kind}: {outcome}: {n}")
    print("outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    assert not problems, f"{len(problems)} cases went wrong (files kept):\n" + "\n".join(problems[:20])
    assert counts["refused (65)"] > 0 and counts["resumed, identical"] > 0, counts


def damage_sample():
    damage(300)


def damage_wide():
    damage(61)


def damage_all():
    damage(1)


CASES = {"damage_sample": damage_sample, "damage_wide": damage_wide, "damage_all": damage_all}

if __name__ == "__main__":
    pc.run_cases(CASES, sys.argv)
