#!/usr/bin/python3
"""End-to-end tests of `muster run`: thread invariance, kill and resume,
SIGINT, refusals, and what it prints.

Usage: pipeline_cli.py MUSTER H5DIFF H5DUMP CASE, where CASE names one of
the functions in CASES below (storage_cli.py reuses the helpers); CTest runs one case per test. Each case works
in its own temporary directory (removed when it passes, kept and named when
it fails). Standard library only: HDF5 files are read with h5dump and
compared with h5diff (hdf5-tools).

DESIGN.md: "Same binary + same experiment + same seed => bit-identical game
data for any thread count, rank count, shard split, and after an interrupted
run is resumed"; "The writer creates OUT.partial, flushes after each batch,
and renames to OUT only when complete; --resume continues a partial file";
"Input problems ... get one line in compiler form and a distinct exit
status; nothing is written and nothing existing is overwritten."
"""
import hashlib
import os
import pty
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# set by run_cases from the command line (storage_cli.py imports this module)
MUSTER = H5DIFF = H5DUMP = None
HERE = os.path.dirname(os.path.abspath(__file__))
THREADS_EXP = os.path.join(HERE, "threads.yaml")          # rows on, 3 x 20000 games
COUNTS_EXP = os.path.join(HERE, "threads-counts.yaml")    # the same, rows off
RESUME_EXP = os.path.join(HERE, "resume.yaml")            # rows on, 4 x 100000 games
INVALID_EXP = os.path.join(HERE, "invalid.yaml")          # Command 13
BATTLE_EXP = os.path.join(HERE, "..", "..", "experiments", "examples", "battle-minimal.yaml")

EXIT_OK, EXIT_USAGE, EXIT_DATAERR, EXIT_NOINPUT, EXIT_CANTCREAT, EXIT_INTERRUPTED = 0, 64, 65, 66, 73, 130
SMALL_BATCH = "2000"   # 200 batches of resume.yaml: a few seconds, flushed after each
TIMEOUT = 120          # seconds for any one muster run
KILL_POINTS = (40000, 100000, 160000, 220000)  # SIGKILL once this many games are checkpointed
# Reading a file another process has open for writing: HDF5's file locks
# would refuse, and the data read is only trusted after a flush.
READER_ENV = dict(os.environ, HDF5_USE_FILE_LOCKING="FALSE")

WORK = None  # this case's temporary directory


def path(name):
    return os.path.join(WORK, name)


def muster(*args, **kw):
    """Runs muster; returns the CompletedProcess (text, captured)."""
    return subprocess.run([MUSTER, *args], capture_output=True, text=True, timeout=TIMEOUT, **kw)


def show(p):
    return f"exit {p.returncode}, stdout {p.stdout!r}, stderr {p.stderr!r}"


def run_ok(*args):
    p = muster(*args)
    assert p.returncode == EXIT_OK, f"muster {' '.join(args)}: {show(p)}"
    return p


def muster_limited(limit, *args):
    """Runs muster with RLIMIT_FSIZE = limit bytes and SIGXFSZ ignored, so
    that a write past it fails with EFBIG (as on a full disk); returns the
    CompletedProcess."""
    def limit_size():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return subprocess.run([MUSTER, *args], capture_output=True, text=True, timeout=TIMEOUT,
                          preexec_fn=limit_size, restore_signals=False)


def attr(h5, name):
    """Returns root attribute name of file h5 (int or str), or None when it
    cannot be read (yet)."""
    p = subprocess.run([H5DUMP, "-a", "/" + name, h5], capture_output=True, text=True, timeout=30,
                       env=READER_ENV)
    m = re.search(r"\(0\): (.*)", p.stdout) if p.returncode == 0 else None
    if not m:
        return None
    v = m.group(1).strip()
    return v[1:-1] if v.startswith('"') else int(v)


def rows(h5, dataset):
    """Returns the first dimension of dataset in h5."""
    p = subprocess.run([H5DUMP, "-H", "-d", dataset, h5], capture_output=True, text=True, timeout=30)
    m = re.search(r"DATASPACE\s+SIMPLE\s+\{\s*\(\s*(\d+)", p.stdout)
    assert m, f"{h5}{dataset}: no dataspace in {p.stdout!r} {p.stderr!r}"
    return int(m.group(1))


def same_data(a, b, objects=("/games", "/orders")):
    """h5diff of each object of a and b must report no differences."""
    for obj in objects:
        p = subprocess.run([H5DIFF, a, b, obj, obj], capture_output=True, text=True, timeout=60)
        if p.returncode != 0:
            detail = subprocess.run([H5DIFF, "-r", a, b, obj, obj], capture_output=True, text=True,
                                    timeout=60).stdout
            raise AssertionError(f"h5diff {a} {b} {obj}: exit {p.returncode}\n{p.stderr}\n"
                                 f"{detail[-3000:]}")


def sha256(p):
    with open(p, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def one_line(text, what):
    assert text.endswith("\n") and text.count("\n") == 1 and text.strip(), \
        f"{what}: want exactly one line, got {text!r}"


def complete(h5, games):
    assert attr(h5, "status") == "complete", f"{h5}: status {attr(h5, 'status')!r}"
    assert attr(h5, "games_complete") == games, f"{h5}: games_complete {attr(h5, 'games_complete')}"
    assert not os.path.exists(h5 + ".partial"), f"{h5}.partial left behind"


def start_and_stop(exp, out, sig, min_complete, *extra, batch=SMALL_BATCH):
    """Starts `muster run exp -o out --batch batch -j 2 extra` (no --batch
    when batch is None), waits until out.partial holds at least
    min_complete games, sends sig and returns (process, games_complete seen
    before the signal)."""
    batch_args = ["--batch", batch] if batch else []
    proc = subprocess.Popen([MUSTER, "run", exp, "-o", out, *batch_args, "-j", "2", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + TIMEOUT
    seen, sent = None, False
    while time.monotonic() < deadline and proc.poll() is None:
        if os.path.exists(out + ".partial"):
            seen = attr(out + ".partial", "games_complete")
            if isinstance(seen, int) and seen >= min_complete:
                proc.send_signal(sig)
                sent = True
                break
        time.sleep(0.01)
    if not sent:
        if proc.poll() is None:
            proc.kill()
        _, err = proc.communicate()
        raise AssertionError(f"the run ended (exit {proc.returncode}) or timed out before {out}.partial "
                             f"held {min_complete} games (last seen {seen}): make "
                             f"{os.path.basename(exp)} bigger or SMALL_BATCH smaller; stderr {err!r}")
    return proc, seen


# --- cases ------------------------------------------------------------------

def thread_invariance():
    """-j 1, -j 2, -j 4 and several --batch sizes give the same /games and
    /orders, with per-game rows on and off."""
    for exp, rows_on in ((THREADS_EXP, True), (COUNTS_EXP, False)):
        tag = "rows" if rows_on else "counts"
        runs = {"j1": ["-j", "1"], "j2": ["-j", "2"], "j4_batch777": ["-j", "4", "--batch", "777"],
                "j2_batch4096": ["-j", "2", "--batch", "4096"], "j3_batch20001": ["-j", "3", "--batch", "20001"]}
        files = {}
        for name, args in runs.items():
            files[name] = path(f"{tag}_{name}.h5")
            run_ok("run", exp, "-o", files[name], "-q", *args)
            complete(files[name], 60000)
        ref = files["j1"]
        if rows_on:  # guard against comparing empty groups
            for col in ("/games/orders_given", "/games/orders_by_character", "/games/arm"):
                assert rows(ref, col) == 60000, f"{ref}{col}: {rows(ref, col)} rows"
        for name, f in files.items():
            if f != ref:
                same_data(ref, f)
        print(f"{tag}: {', '.join(files)} agree")
    # rows on and rows off play the same games: the count tables agree
    same_data(path("rows_j1.h5"), path("counts_j1.h5"), objects=("/orders",))


def kill_and_resume():
    """SIGKILL mid-run leaves a resumable OUT.partial; --resume completes it
    as if never interrupted. Killed at several points (a kill lands at a
    random place in the writer's cycle, most often inside an append), each
    from a fresh run; all must resume and match."""
    ref = path("ref.h5")
    run_ok("run", RESUME_EXP, "-o", ref, "-q", "-j", "2")
    failures = []
    for at in KILL_POINTS:
        out = path(f"out{at}.h5")
        proc, seen = start_and_stop(RESUME_EXP, out, signal.SIGKILL, at, "-q")
        proc.communicate(timeout=TIMEOUT)
        assert proc.returncode == -signal.SIGKILL, f"exit {proc.returncode}"
        assert not os.path.exists(out), "OUT exists after a killed run"
        assert os.path.exists(out + ".partial")
        shutil.copy(out + ".partial", out + ".killed")  # kept for a post-mortem if this fails
        p = muster("run", RESUME_EXP, "--resume", out + ".partial", "-q")
        if p.returncode != EXIT_OK:
            failures.append(f"killed at games_complete >= {seen}: resume {show(p)}")
            continue
        assert p.stdout == "" and p.stderr == "", show(p)
        assert os.path.exists(out) and not os.path.exists(out + ".partial")
        complete(out, 400000)
        same_data(ref, out)
        print(f"killed at games_complete >= {seen} of 400000: resumed, identical")
        os.remove(out + ".killed")
    assert not failures, (f"{len(failures)} of {len(KILL_POINTS)} killed runs did not resume "
                          f"(copies of the killed files: *.killed):\n" + "\n".join(failures))


def sigint_and_resume():
    """SIGINT: exit 130, OUT.partial with status "partial" and fewer games
    than requested, one line telling how to resume; resuming as told
    completes it identically."""
    ref = path("ref.h5")
    run_ok("run", RESUME_EXP, "-o", ref, "-q", "-j", "2")
    out = path("out.h5")
    proc, seen = start_and_stop(RESUME_EXP, out, signal.SIGINT, 1)
    stdout, stderr = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == EXIT_INTERRUPTED, f"exit {proc.returncode}, stderr {stderr!r}"
    assert stdout == "", f"stdout {stdout!r}"
    one_line(stderr, "interrupted run's message")
    partial = out + ".partial"
    assert not os.path.exists(out) and os.path.exists(partial)
    assert attr(partial, "status") == "partial", attr(partial, "status")
    done, requested = attr(partial, "games_complete"), attr(partial, "games_requested")
    assert requested == 400000 and seen <= done < requested, (seen, done, requested)
    print(f"interrupted at {done} of {requested}: {stderr.strip()}")
    told = f"'muster run {RESUME_EXP} --resume {partial}'"
    assert told in stderr, f"the message does not say {told}: {stderr!r}"
    args = ["run", RESUME_EXP, "--resume", partial]
    p = run_ok(*args)
    one_line(p.stdout, "summary")
    assert f"({requested - done} this run)" in p.stdout, p.stdout
    complete(out, 400000)
    same_data(ref, out)


def battle_checkpoints_and_resume():
    """A slow ruleset checkpoints on its own (warmaster-battle: 512 games a
    batch, no --batch): SIGINT after the first checkpoint leaves a partial
    file at a multiple of 512 games; resuming it on one thread gives the
    data of an uninterrupted two-thread run."""
    games = ["-n", "400"]  # 800 games: batches of 512 and 288
    ref = path("ref.h5")
    run_ok("run", BATTLE_EXP, "-o", ref, "-q", "-j", "2", *games)
    out = path("out.h5")
    proc, seen = start_and_stop(BATTLE_EXP, out, signal.SIGINT, 512, "-q", *games, batch=None)
    _, stderr = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == EXIT_INTERRUPTED, f"exit {proc.returncode}, stderr {stderr!r}"
    partial = out + ".partial"
    done = attr(partial, "games_complete")
    assert done == 512, f"games_complete {done}: not the 512-game checkpoint"
    run_ok("run", BATTLE_EXP, "--resume", partial, "-q", "-j", "1", *games)
    complete(out, 800)
    same_data(ref, out, ("/games", "/battle"))


def refuse_existing_output():
    """OUT exists: exit 73, one line, OUT untouched and no OUT.partial;
    --force replaces it."""
    out = path("out.h5")
    with open(out, "w") as f:
        f.write("precious results, not HDF5\n")
    before = sha256(out)
    p = muster("run", THREADS_EXP, "-o", out, "-q")
    assert p.returncode == EXIT_CANTCREAT, show(p)
    one_line(p.stderr, "refusal")
    assert sha256(out) == before, "OUT was modified"
    assert not os.path.exists(out + ".partial"), "OUT.partial created"
    assert sorted(os.listdir(WORK)) == ["out.h5"], os.listdir(WORK)
    run_ok("run", THREADS_EXP, "-o", out, "-q", "--force")
    with open(out, "rb") as f:
        assert f.read(8) == b"\x89HDF\r\n\x1a\n", "OUT was not replaced by an HDF5 file"
    complete(out, 60000)


def refuse_resume_mismatch():
    """Resuming with a different seed, number of games or experiment text:
    exit 65, one line, the partial file untouched and no OUT. (The partial
    file comes from a run stopped by SIGTERM, which must act as SIGINT
    does.)"""
    out = path("out.h5")
    proc, _ = start_and_stop(RESUME_EXP, out, signal.SIGTERM, 1, "-q")
    proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == EXIT_INTERRUPTED, f"SIGTERM: exit {proc.returncode}"
    partial = out + ".partial"
    before = sha256(partial)
    for extra in (["-s", "778"], ["-n", "99999"]):
        p = muster("run", RESUME_EXP, "--resume", partial, "-q", *extra)
        assert p.returncode == EXIT_DATAERR, f"{extra}: {show(p)}"
        one_line(p.stderr, f"resume {extra}")
        assert sha256(partial) == before, f"{extra}: the partial file was modified"
        assert not os.path.exists(out), f"{extra}: OUT created"
    # another experiment text (the same games, one comment more)
    other = path("other.yaml")
    with open(RESUME_EXP) as f, open(other, "w") as g:
        g.write(f.read() + "# another experiment\n")
    p = muster("run", other, "--resume", partial, "-q")
    assert p.returncode == EXIT_DATAERR, f"experiment text: {show(p)}"
    one_line(p.stderr, "resume with another experiment text")
    assert "experiment text differs" in p.stderr, p.stderr
    assert sha256(partial) == before, "experiment text: the partial file was modified"
    assert not os.path.exists(out), "experiment text: OUT created"
    # still resumable with the right arguments
    run_ok("run", RESUME_EXP, "--resume", partial, "-q")
    complete(out, 400000)


def refuse_invalid_experiment():
    """An invalid experiment: exit 65, one line in compiler form, no file.
    A missing one: exit 66, one line, no file."""
    out = path("out.h5")
    p = muster("run", INVALID_EXP, "-o", out)
    assert p.returncode == EXIT_DATAERR, show(p)
    one_line(p.stderr, "invalid experiment")
    assert re.match(re.escape(INVALID_EXP) + r":\d+:\d+: error: ", p.stderr), p.stderr
    assert p.stdout == "", p.stdout
    assert os.listdir(WORK) == [], os.listdir(WORK)
    p = muster("run", path("no-such.yaml"), "-o", out)
    assert p.returncode == EXIT_NOINPUT, show(p)
    one_line(p.stderr, "missing experiment")
    assert p.stdout == "" and os.listdir(WORK) == [], (p.stdout, os.listdir(WORK))


def refuse_resume_onto_existing_output():
    """OUT appeared after the interruption: --resume must not replace it
    (exit 73, OUT and OUT.partial untouched); once OUT is moved away the
    resume completes."""
    out = path("out.h5")
    proc, _ = start_and_stop(RESUME_EXP, out, signal.SIGINT, 1, "-q")
    proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == EXIT_INTERRUPTED, f"exit {proc.returncode}"
    partial = out + ".partial"
    with open(out, "w") as f:
        f.write("results of another run\n")
    before_out, before_partial = sha256(out), sha256(partial)
    p = muster("run", RESUME_EXP, "--resume", partial, "-q")
    assert p.returncode == EXIT_CANTCREAT, show(p)
    one_line(p.stderr, "resume onto an existing OUT")
    assert sha256(out) == before_out, "OUT was replaced"
    assert sha256(partial) == before_partial, "OUT.partial was modified"
    os.rename(out, path("other.h5"))
    run_ok("run", RESUME_EXP, "--resume", partial, "-q")
    complete(out, 400000)


def refuse_missing_directory():
    """-o into a directory that does not exist: exit 73, one line, nothing
    created."""
    out = path("missing/out.h5")
    p = muster("run", THREADS_EXP, "-o", out, "-q")
    assert p.returncode == EXIT_CANTCREAT, show(p)
    one_line(p.stderr, "missing directory")
    assert os.listdir(WORK) == [], os.listdir(WORK)


def names_with_control_characters():
    """A name with a newline, a tab or a backslash (issue 19, point 5): every
    line muster prints stays one line, the name escaped (\\n, \\t, \\\\): an
    invalid experiment, -o into a directory that does not exist, a missing
    --resume file, an interrupted run, refused resumes, `muster info` of the
    partial file, a finished run, a replay, a name too long to open."""
    def esc(name):
        return name.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")

    for name in ("new\nline.yaml", "tab\tand\\back.yaml"):
        exp = path(name)
        shutil.copy(INVALID_EXP, exp)
        p = muster("run", exp, "-o", path("out.h5"))
        assert p.returncode == EXIT_DATAERR, show(p)
        one_line(p.stderr, f"invalid experiment {name!r}")
        assert re.match(re.escape(esc(exp)) + r":\d+:\d+: error: ", p.stderr), p.stderr
        os.remove(exp)
    out = path("mis\nsing/out.h5")
    p = muster("run", THREADS_EXP, "-o", out, "-q")
    assert p.returncode == EXIT_CANTCREAT, show(p)
    one_line(p.stderr, "missing directory with a newline")
    assert p.stderr.startswith(esc(out) + ".partial: error: "), p.stderr
    p = muster("run", THREADS_EXP, "--resume", out + ".partial", "-q")
    assert p.returncode == EXIT_NOINPUT, show(p)
    one_line(p.stderr, "missing --resume file")
    assert p.stderr.startswith(esc(out) + ".partial: error: cannot resume: "), p.stderr
    assert os.listdir(WORK) == [], os.listdir(WORK)
    os.mkdir(path("a\nb"))
    exp, out = path("a\nb/re\tsume.yaml"), path("a\nb/o\tut.h5")
    shutil.copy(RESUME_EXP, exp)
    proc, _ = start_and_stop(exp, out, signal.SIGINT, 1)
    _, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == EXIT_INTERRUPTED, f"exit {proc.returncode}"
    one_line(err, "interrupted")
    assert err.startswith(f"muster run: interrupted: {esc(out)}.partial holds "), err
    assert err.endswith(f"; continue with 'muster run {esc(exp)} --resume {esc(out)}.partial'\n"), err
    # the message of a refused resume names the experiment file
    other = path("a\nb/other\n.yaml")
    with open(exp) as f, open(other, "w") as g:
        g.write(f.read() + "# another text\n")
    p = muster("run", other, "--resume", out + ".partial", "-q")
    assert p.returncode == EXIT_DATAERR, show(p)
    one_line(p.stderr, "resume with another experiment text")
    assert p.stderr.startswith(f"{esc(out)}.partial: error: "), p.stderr
    assert p.stderr.endswith(f"experiment file {esc(other)}\n"), p.stderr
    p = run_ok("info", out + ".partial")  # its header and its experiment_path, one line each
    assert p.stdout.startswith(f"{esc(out)}.partial\n"), p.stdout
    assert f"\n  experiment      {esc(exp)}\n" in p.stdout, p.stdout
    with open(out, "w") as f:
        f.write("another run's results\n")
    p = muster("run", exp, "--resume", out + ".partial", "-q")
    assert p.returncode == EXIT_CANTCREAT, show(p)
    one_line(p.stderr, "resume onto an existing OUT")
    assert p.stderr == f"{esc(out)}: error: cannot resume: the complete file already exists\n", p.stderr
    p = run_ok("run", THREADS_EXP, "-o", path("a\nb/done.h5"), "-n", "100")
    one_line(p.stdout, "summary")
    assert p.stdout.startswith(f"wrote {esc(path('a'))}\\nb/done.h5: "), p.stdout
    exp = path("a\nb/re\tplay.yaml")
    shutil.copy(THREADS_EXP, exp)
    p = run_ok("replay", exp, "--game", "0")
    assert p.stdout.split("\n")[0].endswith(f", experiment {esc(exp)}"), p.stdout
    long_name = path("x\n" + "x" * 4100 + ".yaml")  # refused by its length, before it is opened
    p = muster("run", long_name, "-o", path("out.h5"))
    assert p.returncode == EXIT_NOINPUT, show(p)
    one_line(p.stderr, "a name too long")


def usage_errors():
    """Bad command lines: exit 64, one line on stderr, nothing on stdout,
    no file."""
    out = path("out.h5")
    cases = [
        [],
        [THREADS_EXP, "-o"],
        [THREADS_EXP, "-o", out, "--threads", "0"],
        [THREADS_EXP, "-o", out, "-j", "two"],
        [THREADS_EXP, "-o", out, "--batch", "0"],
        [THREADS_EXP, "-o", out, "-n", "0"],
        [THREADS_EXP, "-o", out, "-s", "-1"],
        [THREADS_EXP, "-o", out, "-s", " -1"],  # strtoull skips the blank and wraps -1
        [THREADS_EXP, "-o", out, "-s", "18446744073709551616"],  # 2^64: ERANGE, not 2^64 - 1
        [THREADS_EXP, "-o", out, "-s", "+5"],
        [THREADS_EXP, "-o", out, "--bogus"],
        [THREADS_EXP, THREADS_EXP, "-o", out],
        [THREADS_EXP, "--resume", out + ".partial", "-o", out],
        [THREADS_EXP, "--resume", out + ".partial", "--force"],
        [THREADS_EXP, "--resume", out],  # not an OUT.partial name
        [THREADS_EXP, "--resume", path("new\nline")],  # the name quoted in the line, escaped
        [THREADS_EXP, path("x\ny.yaml"), "-o", out],
    ]
    for args in cases:
        p = muster("run", *args)
        assert p.returncode == EXIT_USAGE, f"run {args}: {show(p)}"
        one_line(p.stderr, f"run {args}")
        assert p.stdout == "", f"run {args}: stdout {p.stdout!r}"
        assert os.listdir(WORK) == [], f"run {args}: {os.listdir(WORK)}"


def quiet_and_progress():
    """No progress line when stderr is not a terminal (stderr empty, one
    summary line on stdout); -q prints nothing at all; on a terminal the
    progress line appears."""
    p = run_ok("run", THREADS_EXP, "-o", path("a.h5"))
    assert p.stderr == "", f"stderr not a terminal, yet {p.stderr!r}"
    one_line(p.stdout, "summary")
    assert p.stdout.startswith("wrote "), p.stdout
    p = run_ok("run", THREADS_EXP, "-o", path("b.h5"), "-q")
    assert p.stdout == "" and p.stderr == "", show(p)
    # stderr on a pseudo-terminal: the progress line is there
    master, slave = pty.openpty()
    proc = subprocess.Popen([MUSTER, "run", THREADS_EXP, "-o", path("c.h5"), "--batch", "10000"],
                            stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    tty = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        tty += chunk
    os.close(master)
    proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == EXIT_OK, f"exit {proc.returncode}"
    assert b"60000/60000 games" in tty and b"games/s" in tty, f"no progress line on the terminal: {tty!r}"


CASES = {f.__name__: f for f in (thread_invariance, kill_and_resume, sigint_and_resume,
                                 battle_checkpoints_and_resume, refuse_existing_output, refuse_resume_mismatch,
                                 refuse_resume_onto_existing_output, refuse_invalid_experiment,
                                 refuse_missing_directory, names_with_control_characters, usage_errors,
                                 quiet_and_progress)}


def run_cases(cases, argv):
    """Runs the case argv[4] of cases with MUSTER, H5DIFF and H5DUMP from
    argv[1:4], in a fresh directory under the working directory."""
    global MUSTER, H5DIFF, H5DUMP, WORK
    MUSTER, H5DIFF, H5DUMP, case = argv[1:5]
    if case not in cases:
        sys.exit(f"{os.path.basename(argv[0])}: unknown case {case!r}; cases: {', '.join(cases)}")
    WORK = tempfile.mkdtemp(prefix=f"{case}-", dir=os.getcwd())
    t0 = time.monotonic()
    try:
        cases[case]()
    except BaseException:
        print(f"{case}: FAILED; files kept in {WORK}", file=sys.stderr)
        raise
    shutil.rmtree(WORK)
    print(f"{case}: ok in {time.monotonic() - t0:.2f} s")


if __name__ == "__main__":
    run_cases(CASES, sys.argv)
