#!/usr/bin/python3
"""bench_mpi: games/s of `muster run` on 1, 2 (and, where the machine has
the cores, 4) MPI ranks, the parallel efficiency, and what the ranks cost
each other: the gathering of the rows to rank 0 and the summing of the
count tables, per game, as `muster run` measures them on rank 0.

Usage: bench/bench_mpi.py [-m MUSTER] [-r REPS] [-k KIND...] [-i]
       (from the project root; MUSTER defaults to build/release/muster)

KIND: drill (experiments/studies/order-drill.yaml, 4,000,000 games, rows
on), drill-counts (the same, rows off) and battle (bench/wm-game-10.yaml,
whole Warmaster games, 600 games, rows on); default all three. Each rank
runs one thread (-j 1), so N ranks use N cores; the 1-rank figure is a
plain `muster run -j 1` (no MPI); the "threads" row is one plain process
on as many threads as the most ranks (-j 2 or 4), what the machine gives
without MPI, and the last line sets the most ranks against it (on a
machine whose cores do not run at one speed, the plain run's figure
depends on the core it got; the threads row does not). Each figure is the best of REPS runs
(default 3). Times are `muster run`'s own (its summary line: the run
without starting MPI or loading the experiment); "CPU s" is the user +
system time of every process (mpirun's too; getrusage of the children).
Wall speed-up is against the plain run; efficiency = speed-up / ranks.
On a loaded machine the wall figures say more about the load than about
muster, so the CPU columns give the same from CPU time: "busiest" is the
most CPU time any rank spent in the run (muster run's second line under
MPI), which with a core a rank is how long the run takes on an idle
machine, and the CPU speed-up is the 1-rank MPI run's busiest over N
ranks' busiest (each the least of the REPS runs, the other columns those
of the run with the best wall time). The files of every run are compared with
h5diff (/games and the tables): a figure from a run that differs is no
figure.

On a machine shared with other work the wall-clock figures move with its
load: the load average is printed before and after. So does CPU time, less
(a loaded core runs a process's instructions slower: caches and memory
are shared). -i (--instructions) counts instructions instead, which no load
moves: each run once under valgrind's callgrind (about 50 times slower),
the plain run and every rank of 2 (and 4) ranks; "busiest" is then the
most instructions any rank executed (its whole process, starting MPI
included), and the speed-up the plain run's over it. The split of the
batches among the ranks still follows their CPU time under valgrind, so
two runs differ a little.
"""
import argparse
import glob
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
KINDS = {
    "drill": (os.path.join(ROOT, "experiments", "studies", "order-drill.yaml"), ["-n", "1000000"], True),
    "drill-counts": (os.path.join(ROOT, "experiments", "studies", "order-drill.yaml"), ["-n", "1000000"], False),
    "battle": (os.path.join(HERE, "wm-game-10.yaml"), ["-n", "150"], True),
}
MPI_ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
SUMMARY = re.compile(r"wrote .*: (\d+) games \(\d+ this run\) in ([\d.]+) s")
RANKS = re.compile(r"played ([\d.]+)% of the last batch, packed rows for ([\d.]+) s; gathering the rows took "
                   r"([\d.]+) s \(([\d.e+-]+) us a game\), summing the tables ([\d.]+) s \(([\d.e+-]+) us a game\); "
                   r"the busiest rank used ([\d.]+) CPU s")


def experiment_for(kind, work):
    """The experiment file of kind (a copy with rows off for drill-counts)."""
    exp, games, rows = KINDS[kind]
    if rows:
        return exp, games
    text = open(exp).read()
    assert "per_game_rows: true" in text, exp
    copy = os.path.join(work, "counts.yaml")
    with open(copy, "w") as f:
        f.write(text.replace("per_game_rows: true", "per_game_rows: false"))
    return copy, games


def run(cmd, env=None):
    """Runs cmd; returns (stdout, CPU seconds of its processes)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=3600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"bench_mpi: {' '.join(cmd)}: exit {p.returncode}\n{p.stdout}{p.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p.stdout, cpu


def one(muster, mpirun, ranks, exp, games, out, threads=1):
    """One run on ranks ranks (0: plain, no MPI, on threads threads);
    returns a dict of figures."""
    args = ["run", exp, "-o", out, "-j", str(threads), "--force", *games]
    if ranks == 0:
        stdout, cpu = run([muster, *args])
    else:
        stdout, cpu = run([mpirun, "--oversubscribe", "--bind-to", "none", "-np", str(ranks), muster, *args],
                          env=MPI_ENV)
    m = SUMMARY.search(stdout)
    assert m, stdout
    fig = {"games": int(m.group(1)), "seconds": float(m.group(2)), "cpu": cpu}
    m = RANKS.search(stdout)
    if m:
        fig.update(share=float(m.group(1)), pack=float(m.group(2)), gather=float(m.group(3)),
                   gather_us=float(m.group(4)), reduce=float(m.group(5)), reduce_us=float(m.group(6)),
                   busiest=float(m.group(7)))
    return fig


def instructions(muster, mpirun, ranks, exp, games, out, work):
    """One run (0 ranks: plain) under callgrind; returns the instructions
    of each rank's process (a rank's forked child, the file check at the
    end, counts its parent's before the fork: the lesser of the two is the
    rank's), in rank order."""
    valgrind = shutil.which("valgrind")
    if not valgrind:
        sys.exit("bench_mpi: no valgrind (Debian: valgrind)")
    for f in glob.glob(os.path.join(work, "cg.*")):
        os.remove(f)
    rank = "%q{OMPI_COMM_WORLD_RANK}" if ranks else "0"
    vg = [valgrind, "--tool=callgrind", f"--callgrind-out-file={os.path.join(work, 'cg.' + rank + '.%p')}"]
    args = ["run", exp, "-o", out, "-j", "1", "--force", *games]
    if ranks == 0:
        run([*vg, muster, *args])
    else:
        run([mpirun, "--oversubscribe", "--bind-to", "none", "-np", str(ranks), *vg, muster, *args], env=MPI_ENV)
    totals = {}
    for f in glob.glob(os.path.join(work, "cg.*")):
        r = int(os.path.basename(f).split(".")[1])
        with open(f) as fh:
            n = next(int(line.split()[1]) for line in fh if line.startswith(("summary:", "totals:")))
        totals[r] = min(totals.get(r, n), n)
    return [totals[r] for r in sorted(totals)]


def count_instructions(a, mpirun, h5diff, counts, work):
    """The -i figures: instructions of the busiest rank, per kind."""
    for kind in a.kind or ["drill", "drill-counts", "battle"]:
        exp, games = experiment_for(kind, work)
        print(f"\n{kind}: {os.path.relpath(exp, ROOT) if exp.startswith(ROOT) else 'order-drill, rows off'} "
              f"{' '.join(games)}, one thread a rank, instructions (callgrind)")
        print(f"  {'ranks':>9} {'busiest':>15} {'all ranks':>15} {'speed-up':>8} {'effic.':>6}  each rank")
        plain = None
        for n in counts:
            out = os.path.join(work, f"{kind}-i{n}.h5")
            each = instructions(a.muster, mpirun, n, exp, games, out, work)
            if n == 0:
                plain = each[0]
                ref = out
            elif not same(ref, out, h5diff):
                sys.exit(f"bench_mpi: {kind} on {n} ranks: the file differs from the plain run's")
            busiest = max(each)
            label = "1 (plain)" if n == 0 else str(n)
            print(f"  {label:>9} {busiest:15,d} {sum(each):15,d} {plain / busiest:8.3f} {plain / busiest / max(n, 1):6.3f}"
                  f"  {' '.join(f'{e:,d}' for e in each)}")


def same(a, b, h5diff):
    """Whether every top-level group of a and b (the datasets; not the
    root's attributes, which say how each file was made) compares equal."""
    groups = subprocess.run([os.path.join(os.path.dirname(h5diff), "h5ls"), a], capture_output=True, text=True)
    names = [line.split()[0] for line in groups.stdout.splitlines() if line.split()[1:2] == ["Group"]]
    assert "games" in names or "checkpoint" in names, groups.stdout
    return all(subprocess.run([h5diff, a, b, f"/{g}", f"/{g}"], capture_output=True).returncode == 0
               for g in names)


def main():
    ap = argparse.ArgumentParser(description="games/s and parallel efficiency of muster on MPI ranks")
    ap.add_argument("-m", "--muster", default=os.path.join(ROOT, "build", "release", "muster"))
    ap.add_argument("-r", "--reps", type=int, default=3)
    ap.add_argument("-k", "--kind", action="append", choices=sorted(KINDS))
    ap.add_argument("-i", "--instructions", action="store_true",
                    help="count instructions (valgrind's callgrind, each run once) instead of timing")
    a = ap.parse_args()
    mpirun, h5diff = shutil.which("mpirun"), shutil.which("h5diff")
    if not mpirun:
        sys.exit("bench_mpi: no mpirun (Debian: openmpi-bin)")
    cores = os.cpu_count() or 1
    counts = [0, 1, 2] + ([4] if cores >= 4 else [])
    print(f"muster {a.muster}; {cores} cores; load average {os.getloadavg()[0]:.2f} at start; best of {a.reps}")
    work = tempfile.mkdtemp(prefix="bench_mpi-")
    try:
        if a.instructions:  # 1 rank under MPI adds nothing to count
            count_instructions(a, mpirun, h5diff, [n for n in counts if n != 1], work)
        for kind in [] if a.instructions else a.kind or ["drill", "drill-counts", "battle"]:
            exp, games = experiment_for(kind, work)
            best = {}
            most = max(counts)
            for rep in range(a.reps):
                for n in counts + ["threads"]:
                    out = os.path.join(work, f"{kind}-{n}.h5")
                    fig = (one(a.muster, mpirun, 0, exp, games, out, threads=most) if n == "threads"
                           else one(a.muster, mpirun, n, exp, games, out))
                    if n and not same(os.path.join(work, f"{kind}-0.h5"), out, h5diff):
                        sys.exit(f"bench_mpi: {kind} on {n} ranks: the file differs from the plain run's")
                    if n not in best or fig["seconds"] < best[n]["seconds"]:
                        busiest = best.get(n, {}).get("busiest")
                        best[n] = fig
                        if busiest is not None and "busiest" in fig:
                            fig["busiest"] = min(busiest, fig["busiest"])
                    elif "busiest" in fig:  # the CPU figures' own best
                        best[n]["busiest"] = min(best[n]["busiest"], fig["busiest"])
            base, one_rank = best[0], best[1]
            print(f"\n{kind}: {os.path.relpath(exp, ROOT) if exp.startswith(ROOT) else 'order-drill, rows off'} "
                  f"{' '.join(games)}: {base['games']} games, one thread a rank")
            print(f"  {'ranks':>9} {'games/s':>9} {'speed-up':>8} {'effic.':>6} | {'CPU s':>6} {'busiest':>7} "
                  f"{'speed-up':>8} {'effic.':>6} | {'rank0 %':>7} {'pack s':>6} {'rows us/g':>9} {'tables us/g':>11}")
            for n in counts:
                f = best[n]
                rate = f["games"] / f["seconds"]
                up = base["seconds"] / f["seconds"]
                label = "1 (plain)" if n == 0 else str(n)
                cpu = (f"{one_rank['busiest'] / f['busiest']:8.2f} {one_rank['busiest'] / f['busiest'] / n:6.2f}"
                       if "busiest" in f else f"{'':8} {'':6}")
                extra = (f"{f['share']:7.1f} {f['pack']:6.3f} {f['gather_us']:9.4f} {f['reduce_us']:11.4f}"
                         if "share" in f else "")
                busiest = f"{f['busiest']:7.3f}" if "busiest" in f else f"{'':7}"
                print(f"  {label:>9} {rate:9.4g} {up:8.2f} {up / max(n, 1):6.2f} | {f['cpu']:6.2f} {busiest} {cpu} | "
                      f"{extra}")
            t = best["threads"]
            print(f"  {most:>2} threads {t['games'] / t['seconds']:9.4g} {base['seconds'] / t['seconds']:8.2f} "
                  f"{base['seconds'] / t['seconds'] / most:6.2f} | {t['cpu']:6.2f}   (one process, no MPI)")
            print(f"  {most} ranks against {most} threads of one process, by wall clock: "
                  f"{t['seconds'] / best[most]['seconds']:.2f}")
    finally:
        shutil.rmtree(work)
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
