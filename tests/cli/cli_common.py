"""Helpers the CLI end-to-end scripts share (standard library only): running
the muster binary and reading the record lines of `muster replay`."""
import subprocess


def runner(muster, timeout):
    """Return (run, ok) for the binary muster: run(*args) gives the
    CompletedProcess (text, captured); ok(*args) asserts exit 0 and gives
    stdout. Each call may take at most timeout seconds."""
    def run(*args):
        return subprocess.run([muster, *map(str, args)], capture_output=True, text=True, timeout=timeout)

    def ok(*args):
        p = run(*args)
        assert p.returncode == 0, f"muster {' '.join(map(str, args))}: exit {p.returncode}, stderr {p.stderr!r}"
        return p.stdout

    return run, ok


def records(text):
    """The 'record NAME V...' lines of a replay as {name: [ints]}."""
    out = {}
    for line in text.splitlines():
        if line.startswith("record "):
            name, *values = line.split()[1:]
            out[name] = [int(v) for v in values]
    return out
