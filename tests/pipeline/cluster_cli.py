#!/usr/bin/python3
"""End-to-end tests of running muster on a cluster (issue 16): shards
(`muster run --shard K/N`) joined by `muster merge`, and MPI runs
(`mpirun -np N muster run`), killed and resumed.

Usage: cluster_cli.py MUSTER H5DIFF H5DUMP CASE (as pipeline_cli.py, whose
helpers it uses); the MPI cases take mpirun from the environment variable
MUSTER_MPIEXEC. Debian's python3 (h5py) for merge_refusals and for the
chunks of the MPI runs' files.

DESIGN.md: "Same binary + same experiment + same seed => bit-identical game
data for any thread count, rank count, shard split, and after an
interrupted run is resumed." Identical here means the two files hold the
same objects, every dataset (the checkpoint slots too) compares equal with
h5diff, and the root attributes agree but for those saying how the file was
made (created, threads, ranks, merged_shards), which are checked to say it.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import time

import pipeline_cli as pc
from pipeline_cli import (EXIT_CANTCREAT, EXIT_DATAERR, EXIT_NOINPUT, EXIT_OK, attr, muster, one_line, path,
                          run_ok, show)

ROOT = os.path.join(pc.HERE, "..", "..")
EXAMPLES = os.path.join(ROOT, "experiments", "examples")
# one experiment of every rule system, with games enough for a few seconds
EVERY_RULESET = [
    ("drill", pc.THREADS_EXP, []),                                    # 60000 games, rows on
    ("battle", os.path.join(EXAMPLES, "battle-minimal.yaml"), ["-n", "4"]),   # whole Warmaster games
    ("battlesystem", os.path.join(EXAMPLES, "bs-minimal.yaml"), ["-n", "60"]),
    ("ninth-age", os.path.join(EXAMPLES, "na-minimal.yaml"), ["-n", "30"]),
    ("cca", os.path.join(EXAMPLES, "cca-minimal.yaml"), ["-n", "30"]),
]
MPI_ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")


RUN_ATTRS = ("created", "threads", "ranks", "merged_shards")  # how a file was made, not what it holds


def identical(ref, other, **made):
    """One `h5diff -v ref other`: both files have the same objects, every
    dataset (values and attributes) compares equal, and of the root
    attributes only those of RUN_ATTRS may differ; other's attributes
    `made` (e.g. ranks=2) have the values given."""
    p = subprocess.run([pc.H5DIFF, "-v", ref, other], capture_output=True, text=True, timeout=120)
    assert p.returncode in (0, 1) and not p.stderr, f"h5diff -v {ref} {other}: exit {p.returncode} {p.stderr}"
    table = [line.split() for line in p.stdout.splitlines() if re.match(r"^\s+x\s", line)]
    names = [t[-1] for t in table if len(t) == 3]
    assert len(names) == len(table), f"objects in one file only: {[t for t in table if len(t) != 3]}"
    assert "/checkpoint/slot0" in names and "/games/game" in names and len(names) > 10, names
    header, differ = None, []
    for line in p.stdout.splitlines():
        if re.match(r"^(dataset|attribute|group|datatype)\s*:", line):
            header = line
        m = re.match(r"^(\d+) differences found", line)
        if m and int(m.group(1)) > 0:
            allowed = re.match(r"^attribute: <(\w+) of </>>", header or "")
            if not (allowed and allowed.group(1) in RUN_ATTRS):
                differ.append(header)
        if "not comparable" in line.lower():
            differ.append(line)
    assert not differ, f"{other} differs from {ref}: {differ}"
    assert attr(other, "status") == "complete"
    for a, v in made.items():
        assert attr(other, a) == v, f"{other}: {a} is {attr(other, a)!r}, not {v!r}"


def same_chunks(ref, other):
    """Every chunk of every /games dataset of other is stored as the same
    bytes as in ref (h5diff compares values: this the compressed chunks,
    which each rank may have packed)."""
    import h5py  # Debian's python3
    count = 0
    with h5py.File(ref, "r") as a, h5py.File(other, "r") as b:
        for name, da in a["games"].items():
            db = b["games"][name]
            if da.chunks is None:
                continue
            assert da.chunks == db.chunks and da.id.get_num_chunks() == db.id.get_num_chunks(), name
            for i in range(da.id.get_num_chunks()):
                where = da.id.get_chunk_info(i).chunk_offset
                assert da.id.read_direct_chunk(where) == db.id.read_direct_chunk(where), \
                    f"{other}: /games/{name} chunk at {where} is stored differently from {ref}'s"
                count += 1
    assert count > 0, ref
    return count


def no_output(out):
    assert not os.path.exists(out) and not os.path.exists(out + ".partial"), \
        f"{out} or its .partial was written: {os.listdir(pc.WORK)}"


def mpirun(n, *args, tag=None, popen=False):
    """`mpirun -np n muster args` (oversubscribed, unbound: ranks have
    threads of their own); a Popen when popen, else the CompletedProcess."""
    cmd = [os.environ["MUSTER_MPIEXEC"], "--oversubscribe", "--bind-to", "none", "-np", str(n),
           pc.MUSTER, *args]
    env = dict(MPI_ENV, MUSTER_TEST_TAG=tag) if tag else MPI_ENV
    if popen:
        return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=pc.TIMEOUT, env=env)


def rank_pids(tag):
    """{rank: pid} of the muster processes started with MUSTER_TEST_TAG=tag."""
    found = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/environ", "rb") as f:
                env = dict(v.split(b"=", 1) for v in f.read().split(b"\0") if b"=" in v)
            with open(f"/proc/{d}/cmdline", "rb") as f:
                exe = f.read().split(b"\0")[0]
        except OSError:
            continue
        if env.get(b"MUSTER_TEST_TAG") == tag.encode() and b"OMPI_COMM_WORLD_RANK" in env \
                and os.path.basename(exe) == b"muster":
            found[int(env[b"OMPI_COMM_WORLD_RANK"])] = int(d)
    return found


def wait_for(proc, out, min_complete):
    """Waits until out.partial holds min_complete games; returns the count
    seen (fails if proc ends first)."""
    deadline = time.monotonic() + pc.TIMEOUT
    while time.monotonic() < deadline and proc.poll() is None:
        seen = attr(out + ".partial", "games_complete") if os.path.exists(out + ".partial") else None
        if isinstance(seen, int) and seen >= min_complete:
            return seen
        time.sleep(0.01)
    if proc.poll() is None:
        proc.kill()
    _, err = proc.communicate()
    raise AssertionError(f"the run ended (exit {proc.returncode}) before {out}.partial held {min_complete} "
                         f"games: {err[-2000:]!r}")


# --- shards and merge ----------------------------------------------------------

def shards_merge_identical():
    """For every rule system: 3 shards (on 2 threads) merged, given in
    reverse order, are the file of a plain -j 1 run; a shard's game scale
    starts at its first game; 1/2 + 3/4 + 4/4 merge too."""
    for name, exp, extra in EVERY_RULESET:
        ref = path(f"{name}.h5")
        run_ok("run", exp, "-o", ref, "-q", "-j", "1", *extra)
        total = attr(ref, "games_requested")
        shards = []
        for k in (1, 2, 3):
            shards.append(path(f"{name}-{k}.h5"))
            run_ok("run", exp, "--shard", f"{k}/3", "-o", shards[-1], "-q", "-j", "2", *extra)
            first = attr(shards[-1], "first_game")
            assert first == total * (k - 1) // 3, f"shard {k}/3 of {total}: first_game {first}"
            assert attr(shards[-1], "games_requested") == total * k // 3 - first
        assert attr(shards[1], "shard") == 2 and attr(shards[1], "shards") == 3
        p = subprocess.run([pc.H5DUMP, "-d", "/games/game", "-s", "0", "-c", "1", shards[1]], capture_output=True,
                           text=True, timeout=30)
        assert re.search(rf"\(0\): {total // 3}\b", p.stdout), f"{shards[1]}: game scale {p.stdout!r}"
        merged = path(f"{name}-merged.h5")
        p = run_ok("merge", *reversed(shards), "-o", merged)
        one_line(p.stdout, "merge summary")
        identical(ref, merged, merged_shards=3, ranks=1)
        print(f"{name}: {total} games in 3 shards, merged: identical")
    # shards of different splits that tile the games
    exp = pc.THREADS_EXP
    parts = [path("h1.h5"), path("q3.h5"), path("q4.h5")]
    for part, split in zip(parts, ("1/2", "3/4", "4/4")):
        run_ok("run", exp, "--shard", split, "-o", part, "-q")
    run_ok("merge", parts[2], parts[0], parts[1], "-o", path("mixed.h5"), "-q")
    identical(path("drill.h5"), path("mixed.h5"), merged_shards=3)


def merge_refusals():
    """merge refuses with one line, a distinct status and nothing written:
    overlapping or missing ranges, another seed, another experiment,
    another binary, an incomplete shard, a whole run, a missing file, an
    existing OUT. An interrupted shard resumed with its --shard merges."""
    import h5py  # Debian's python3
    exp, small = pc.THREADS_EXP, ["-n", "2000"]  # 6000 games
    s = {k: path(f"s{k}.h5") for k in (1, 2, 3)}
    for k, f in s.items():
        run_ok("run", exp, "--shard", f"{k}/3", "-o", f, "-q", *small)
    run_ok("run", exp, "--shard", "2/3", "-o", path("seed.h5"), "-q", "-s", "5", *small)
    run_ok("run", pc.RESUME_EXP, "--shard", "2/3", "-o", path("other.h5"), "-q", "-n", "1500")
    run_ok("run", exp, "-o", path("whole.h5"), "-q", *small)
    run_ok("run", exp, "--shard", "2/3", "-o", path("n.h5"), "-q", "-n", "3000")
    shutil.copy(s[2], path("binary.h5"))
    with h5py.File(path("binary.h5"), "r+") as f:
        f.attrs["git_commit"] = "0123456789abcdef0123456789abcdef01234567"
    # an interrupted shard: partial, refused until resumed
    # resume.yaml at -n 25000: the shard's 33,334 games in batches of 100,
    # each checkpointed, last long enough to be stopped (0.7 s on an idle
    # machine; in batches of 2000 they took 0.13 s: the run ended first)
    big = ["-n", "25000"]
    proc, _ = pc.start_and_stop(pc.RESUME_EXP, path("big2.h5"), signal.SIGINT, 1, "-q", "--shard", "2/3", *big,
                                batch="100")
    proc.communicate(timeout=pc.TIMEOUT)
    assert proc.returncode == pc.EXIT_INTERRUPTED, proc.returncode
    out = path("out.h5")
    cases = [
        ("overlap", [s[1], s[2], s[2], s[3]], EXIT_DATAERR, "overlap"),
        ("missing middle", [s[1], s[3]], EXIT_DATAERR, "games 2000..3999"),
        ("missing first", [s[2], s[3]], EXIT_DATAERR, "games 0..1999"),
        ("missing last", [s[1], s[2]], EXIT_DATAERR, "games 4000..5999"),
        ("another seed", [s[1], path("seed.h5"), s[3]], EXIT_DATAERR, "seed 5"),
        ("another experiment", [s[1], path("other.h5"), s[3]], EXIT_DATAERR, "another experiment"),
        ("another -n", [s[1], path("n.h5"), s[3]], EXIT_DATAERR, "games"),
        ("another binary", [s[1], path("binary.h5"), s[3]], EXIT_DATAERR, "another muster binary"),
        ("a whole run", [path("whole.h5")], EXIT_DATAERR, "not a shard"),
        ("incomplete", [path("big2.h5.partial")], EXIT_DATAERR, "not complete"),
        ("no such file", [s[1], path("nothere.h5"), s[3]], EXIT_NOINPUT, "nothere.h5"),
    ]
    for what, args, status, text in cases:
        p = muster("merge", *args, "-o", out)
        assert p.returncode == status, f"{what}: {show(p)}"
        one_line(p.stderr, what)
        assert text in p.stderr, f"{what}: {p.stderr!r} does not say {text!r}"
        assert p.stdout == "", f"{what}: {show(p)}"
        no_output(out)
        print(f"{what}: {p.returncode} {p.stderr.strip()}")
    # usage errors: one line, 64
    for args in (["-o", out], [s[1], s[2], s[3]], [s[1], "-o", out, "--bogus"], [s[1], "-o", out, "-j", "0"]):
        p = muster("merge", *args)
        assert p.returncode == pc.EXIT_USAGE, f"merge {args}: {show(p)}"
        one_line(p.stderr, f"merge {args}")
        no_output(out)
    p = muster("merge", "--help")
    assert p.returncode == EXIT_OK and p.stdout.startswith("Usage: muster merge SHARD... -o OUT"), show(p)
    # OUT exists: refused, untouched
    with open(out, "w") as f:
        f.write("keep")
    p = muster("merge", s[1], s[2], s[3], "-o", out)
    assert p.returncode == EXIT_CANTCREAT, show(p)
    one_line(p.stderr, "existing OUT")
    assert open(out).read() == "keep" and not os.path.exists(out + ".partial")
    os.remove(out)
    # the interrupted shard resumes only as its own shard, then merges
    p = muster("run", pc.RESUME_EXP, "--resume", path("big2.h5.partial"), "-q", "--shard", "1/3", *big)
    assert p.returncode == EXIT_DATAERR and "shard 2/3" in p.stderr, show(p)
    run_ok("run", pc.RESUME_EXP, "--resume", path("big2.h5.partial"), "-q", "--shard", "2/3", *big)
    for k in (1, 3):
        run_ok("run", pc.RESUME_EXP, "--shard", f"{k}/3", "-o", path(f"big{k}.h5"), "-q", *big)
    run_ok("run", pc.RESUME_EXP, "-o", path("big.h5"), "-q", *big)
    run_ok("merge", path("big1.h5"), path("big2.h5"), path("big3.h5"), "-o", out, "-q")
    identical(path("big.h5"), out)


# --- MPI -------------------------------------------------------------------------

def mpi_ranks_identical():
    """mpirun -np 1..4 (one thread a rank, and 2 x 2) gives the file of a
    plain -j 1 run, on the order drill and on whole Warmaster games; the
    file records the ranks and threads."""
    exp = pc.THREADS_EXP
    ref = path("ref.h5")
    run_ok("run", exp, "-o", ref, "-q", "-j", "1")
    # several batches (--batch): the writer's share of each is rebalanced
    for n, threads, batch in ((1, 1, []), (2, 1, ["--batch", "7001"]), (3, 1, []), (4, 1, ["--batch", "9000"]),
                              (2, 2, [])):
        out = path(f"np{n}j{threads}.h5")
        p = mpirun(n, "run", exp, "-o", out, "-j", str(threads), *batch)
        assert p.returncode == EXIT_OK, f"np {n}: {show(p)}"
        assert p.stdout.startswith(f"wrote {out}: 60000 games"), p.stdout
        identical(ref, out, ranks=n, threads=threads)
        chunks = same_chunks(ref, out)
        print(f"-np {n} -j {threads}: identical, {chunks} chunks stored alike; {p.stdout.strip()}")
    exp, games = os.path.join(EXAMPLES, "battle-minimal.yaml"), ["-n", "4"]
    ref = path("battle-ref.h5")
    run_ok("run", exp, "-o", ref, "-q", "-j", "1", *games)
    for n in (3,):
        out = path(f"battle-np{n}.h5")
        p = mpirun(n, "run", exp, "-o", out, "-q", "-j", "1", *games)
        assert p.returncode == EXIT_OK, f"battle np {n}: {show(p)}"
        identical(ref, out, ranks=n)
        same_chunks(ref, out)
    # an error on rank 0 (OUT exists) is one line, its status, and every rank stops
    p = mpirun(2, "run", pc.THREADS_EXP, "-o", ref, "-q")
    assert p.returncode == EXIT_CANTCREAT, show(p)
    assert p.stderr.count("already exists") == 1, p.stderr


def mpi_kill_and_resume():
    """One rank SIGKILLed mid-run (another, or rank 0, the writer): the job
    ends, OUT.partial is valid and --resume on 3 ranks (on 1) completes it
    identically. The whole job SIGKILLed (every rank at once): --resume
    without MPI completes it identically."""
    exp, games = pc.RESUME_EXP, ["-n", "60000"]  # 240000 games in batches of 2000
    ref = path("ref.h5")
    run_ok("run", exp, "-o", ref, "-q", "-j", "2", *games)
    for what, ranks, kill, min_complete, resume in (("rank 1", 2, [1], 40000, 3), ("rank 0, the writer", 2, [0], 60000, 1),
                                                     ("every rank", 3, [0, 1, 2], 80000, 0)):
        out = path(f"killed-{ranks}-{kill[0]}.h5")
        tag = f"{os.getpid()}-{ranks}-{kill[0]}"
        proc = mpirun(ranks, "run", exp, "-o", out, "-q", "-j", "1", "--batch", pc.SMALL_BATCH, *games, tag=tag,
                      popen=True)
        seen = wait_for(proc, out, min_complete)
        pids = rank_pids(tag)
        assert sorted(pids) == list(range(ranks)), f"ranks found: {pids}"
        for r in kill:
            os.kill(pids[r], signal.SIGKILL)
        proc.communicate(timeout=pc.TIMEOUT)
        assert proc.returncode != 0, "mpirun exited 0 after a rank was killed"
        assert not os.path.exists(out) and os.path.exists(out + ".partial")
        done = attr(out + ".partial", "games_complete")
        assert attr(out + ".partial", "status") == "partial" and seen <= done < 240000, (seen, done)
        if resume:
            p = mpirun(resume, "run", exp, "--resume", out + ".partial", "-q", "-j", "1", *games)
        else:
            p = muster("run", exp, "--resume", out + ".partial", "-q", "-j", "2", *games)
        assert p.returncode == EXIT_OK, f"resume after killing {what}: {show(p)}"
        identical(ref, out, ranks=ranks)  # the ranks that began the file
        same_chunks(ref, out)
        print(f"killed {what} of {ranks} at {done} games; resumed on {resume or 'no MPI, 1'} rank(s): identical")


def no_mpi_refuses_launch():
    """A build without MPI, started as one of several processes of an MPI
    job (as the launcher's variables say), refuses with one line and the
    usage status rather than play every game in each process."""
    out = path("out.h5")
    for var in ("OMPI_COMM_WORLD_SIZE", "PMI_SIZE"):
        p = subprocess.run([pc.MUSTER, "run", pc.THREADS_EXP, "-o", out, "-q"], capture_output=True, text=True,
                           timeout=pc.TIMEOUT, env=dict(os.environ, **{var: "2"}))
        assert p.returncode == pc.EXIT_USAGE, show(p)
        one_line(p.stderr, var)
        assert "built without MPI" in p.stderr, p.stderr
        no_output(out)
    p = subprocess.run([pc.MUSTER, "run", pc.THREADS_EXP, "-o", out, "-q", "-n", "10"], capture_output=True,
                       text=True, timeout=pc.TIMEOUT, env=dict(os.environ, OMPI_COMM_WORLD_SIZE="1"))
    assert p.returncode == EXIT_OK, show(p)


CASES = {f.__name__: f for f in (shards_merge_identical, merge_refusals, mpi_ranks_identical,
                                 mpi_kill_and_resume, no_mpi_refuses_launch)}

if __name__ == "__main__":
    pc.run_cases(CASES, sys.argv)
