#!/usr/bin/python3
"""End-to-end tests of `muster run` against its storage: writes that fail
(a file-size limit, a full disk), and output paths it must not touch.

Usage: storage_cli.py MUSTER H5DIFF H5DUMP CASE (as pipeline_cli.py, whose
helpers it uses). Issue 19: "exit 74 with one line, and the partial as of
the last checkpoint resumes to the identical file, wherever the failing
write falls"; an existing OUT.partial is never replaced without --force;
-o onto a dangling symbolic link is refused before playing.
"""
import os
import shutil
import subprocess
import sys

import pipeline_cli as pc
from pipeline_cli import EXIT_CANTCREAT, EXIT_OK, complete, muster, one_line, path, run_ok, same_data, sha256, show

EXIT_IOERR = 74
GAMES = ["-n", "20000", "--batch", "1000"]  # resume.yaml: 80000 games, 80 batches, ~6.5 MB
LIMITS = 12  # file-size limits tried, spread over the whole run


def run_limited(out, limit):
    """muster run resume.yaml -o out with writes failing past limit bytes."""
    return pc.muster_limited(limit, "run", pc.RESUME_EXP, "-o", out, "-q", "-j", "2", *GAMES)


def check_stopped_run(p, out, what):
    """A run whose writes failed: 74 with a partial file to resume, or 73
    (nothing could be created) with none; one line; no OUT, no
    OUT.partial.new. Returns whether a partial file is left."""
    assert p.returncode in (EXIT_IOERR, EXIT_CANTCREAT), f"{what}: {show(p)}"
    one_line(p.stderr, what)
    assert p.stdout == "", f"{what}: stdout {p.stdout!r}"
    assert not os.path.exists(out), f"{what}: OUT published"
    assert not os.path.exists(out + ".partial.new"), f"{what}: OUT.partial.new left behind"
    left = os.path.exists(out + ".partial")
    assert left == (p.returncode == EXIT_IOERR), f"{what}: exit {p.returncode}, partial left: {left}"
    return left


def resume_to_reference(ref, out, what):
    p = muster("run", pc.RESUME_EXP, "--resume", out + ".partial", "-q", "-j", "2", *GAMES)
    assert p.returncode == EXIT_OK, f"{what}: resume {show(p)}"
    complete(out, 80000)
    same_data(ref, out)


def full_disk_rlimit():
    """Writes fail at LIMITS file sizes across the run (and a few inside
    the file's creation): every run exits 74 (73 while creating) with one
    line, and every partial resumes to the reference's data."""
    ref = path("ref.h5")
    run_ok("run", pc.RESUME_EXP, "-o", ref, "-q", "-j", "2", *GAMES)
    size = os.path.getsize(ref)
    limits = [512, 4096, 16384] + [size * i // LIMITS + 1237 * i for i in range(1, LIMITS)]
    outcomes = {}
    for limit in limits:
        out = path(f"lim{limit}.h5")
        p = run_limited(out, limit)
        what = f"file size limit {limit} of {size} bytes"
        if check_stopped_run(p, out, what):
            resume_to_reference(ref, out, what)
        outcomes[p.returncode] = outcomes.get(p.returncode, 0) + 1
        for f in (out, out + ".partial"):
            if os.path.exists(f):
                os.remove(f)
    print(f"{len(limits)} limits: exit statuses {outcomes}; every partial resumed identical")
    assert outcomes.get(EXIT_IOERR, 0) >= LIMITS - 1, outcomes


def full_disk_tmpfs():
    """As root: a run onto a 1 MiB tmpfs stops with 74 and one line; its
    partial, copied elsewhere, resumes to the reference's data. Skipped
    (and says so) where tmpfs cannot be mounted."""
    mnt = path("mnt")
    os.mkdir(mnt)
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mnt],
                                           capture_output=True).returncode != 0:
        print("SKIPPED: cannot mount a tmpfs here (needs root)")
        return
    try:
        out = os.path.join(mnt, "out.h5")
        p = muster("run", pc.RESUME_EXP, "-o", out, "-q", "-j", "2", *GAMES)
        assert p.returncode == EXIT_IOERR, show(p)
        assert check_stopped_run(p, out, "1 MiB tmpfs")
        shutil.copy(out + ".partial", path("out.h5.partial"))
    finally:
        subprocess.run(["umount", mnt], check=True)
    ref = path("ref.h5")
    run_ok("run", pc.RESUME_EXP, "-o", ref, "-q", "-j", "2", *GAMES)
    resume_to_reference(ref, path("out.h5"), "1 MiB tmpfs")


def refuse_existing_partial():
    """OUT.partial exists (an earlier run's progress, or any file): 73, one
    line, the file untouched, nothing else made; --force starts again."""
    out = path("out.h5")
    with open(out + ".partial", "w") as f:
        f.write("an interrupted run's progress\n")
    before = sha256(out + ".partial")
    p = muster("run", pc.THREADS_EXP, "-o", out, "-q")
    assert p.returncode == EXIT_CANTCREAT, show(p)
    one_line(p.stderr, "refusal")
    assert "--resume" in p.stderr and "--force" in p.stderr, p.stderr
    assert sha256(out + ".partial") == before, "OUT.partial was modified"
    assert sorted(os.listdir(pc.WORK)) == ["out.h5.partial"], os.listdir(pc.WORK)
    run_ok("run", pc.THREADS_EXP, "-o", out, "-q", "--force")
    complete(out, 60000)


def refuse_dangling_symlink():
    """-o names a symbolic link to nothing: 73 and one line at once (no game
    played, no file made), the link kept."""
    out = path("out.h5")
    os.symlink(path("elsewhere/out.h5"), out)
    p = muster("run", pc.RESUME_EXP, "-o", out, "-q")
    assert p.returncode == EXIT_CANTCREAT, show(p)
    one_line(p.stderr, "refusal")
    assert "symbolic link" in p.stderr, p.stderr
    assert os.listdir(pc.WORK) == ["out.h5"] and os.path.islink(out), os.listdir(pc.WORK)


def refuse_partial_not_a_file():
    """--resume and info of an OUT.partial that is a FIFO (or /dev/zero)
    answer at once with one line (never block or read forever)."""
    fifo = path("out.h5.partial")
    os.mkfifo(fifo)
    p = muster("run", pc.RESUME_EXP, "--resume", fifo, "-q")
    assert p.returncode in (pc.EXIT_DATAERR, pc.EXIT_NOINPUT), show(p)
    one_line(p.stderr, "resume of a FIFO")
    assert "not a regular file" in p.stderr, p.stderr
    for f in (fifo, "/dev/zero"):
        p = muster("info", f)
        assert p.returncode == pc.EXIT_NOINPUT, show(p)
        one_line(p.stderr, f"info {f}")
    assert os.listdir(pc.WORK) == ["out.h5.partial"], os.listdir(pc.WORK)


CASES = {f.__name__: f for f in (full_disk_rlimit, full_disk_tmpfs, refuse_existing_partial,
                                 refuse_dangling_symlink, refuse_partial_not_a_file)}

if __name__ == "__main__":
    pc.run_cases(CASES, sys.argv)
