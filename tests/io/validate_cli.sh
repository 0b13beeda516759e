#!/bin/sh
# `muster validate` end to end: each file of bad/ gives exactly its line of
# bad/expected.txt on stderr, nothing on stdout, and exit 65; valid files
# print "FILE: ok"; the exit status is the worst outcome; usage errors
# exit 64. Usage (from tests/io): validate_cli.sh PATH/TO/muster
set -u
muster=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0

# expect NAME STATUS STDOUT STDERR -- ARGS...: runs `muster validate ARGS`
# and compares its status and its whole stdout and stderr.
expect() {
    name=$1 want_rc=$2 want_out=$3 want_err=$4
    shift 5
    "$muster" validate "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ -n "$want_out" ]; then printf '%s\n' "$want_out" >"$tmp/want_out"; else : >"$tmp/want_out"; fi
    if [ -n "$want_err" ]; then printf '%s\n' "$want_err" >"$tmp/want_err"; else : >"$tmp/want_err"; fi
    if [ "$rc" != "$want_rc" ] || ! cmp -s "$tmp/out" "$tmp/want_out" || ! cmp -s "$tmp/err" "$tmp/want_err"; then
        echo "FAIL: $name: status $rc (want $want_rc)"
        echo "--- stdout:"; cat "$tmp/out"; echo "--- want:"; cat "$tmp/want_out"
        echo "--- stderr:"; cat "$tmp/err"; echo "--- want:"; cat "$tmp/want_err"
        failures=$((failures + 1))
    fi
}

grep -v '^#' bad/expected.txt >"$tmp/cases"
n=0
while IFS= read -r line; do
    file=${line%%:*}
    expect "$file" 65 "" "$line" -- "$file"
    n=$((n + 1))
done <"$tmp/cases"
[ "$n" -ge 19 ] || { echo "FAIL: only $n cases in bad/expected.txt"; failures=$((failures + 1)); }

good=../../experiments/examples/drill-minimal.yaml
expect "valid file" 0 "$good: ok" "" -- "$good"
expect "two valid files" 0 "$good: ok
good/full.yaml: ok" "" -- "$good" good/full.yaml
expect "unreadable file" 66 "" "missing.yaml: error: cannot read: No such file or directory" -- missing.yaml
expect "valid and unreadable" 66 "$good: ok" "missing.yaml: error: cannot read: No such file or directory" \
    -- missing.yaml "$good"
expect "invalid beats unreadable" 65 "$good: ok" "missing.yaml: error: cannot read: No such file or directory
$(grep '^bad/schema-2.yaml:' bad/expected.txt)" -- missing.yaml bad/schema-2.yaml "$good"
# Not regular files and huge files are refused before anything is read
# (a FIFO with no writer would block; /dev/zero never ends).
mkfifo "$tmp/fifo.yaml"
expect "a FIFO" 66 "" "$tmp/fifo.yaml: error: cannot read: not a regular file" -- "$tmp/fifo.yaml"
expect "a device" 66 "" "/dev/zero: error: cannot read: not a regular file" -- /dev/zero
expect "a directory" 66 "" "bad: error: cannot read: not a regular file" -- bad
truncate -s 16777217 "$tmp/huge.yaml"
expect "a file over 16 MiB" 65 "" "$tmp/huge.yaml: error: the file has 16777217 bytes; an input file may have at most 16777216" \
    -- "$tmp/huge.yaml"
# Names with control characters or a backslash (issue 19, point 5): each
# message stays one line, the name escaped (\n, \t, \\, \xNN) before its
# :LINE:COL: ("a\nb.yaml:1:9: error: ...").
nl=$(printf '\nx'); nl=${nl%x}
tab=$(printf '\t')
bad_line=$(grep '^bad/schema-2.yaml:' bad/expected.txt)
bad_rest=${bad_line#bad/schema-2.yaml}
cp bad/schema-2.yaml "$tmp/new${nl}line.yaml"
expect "an invalid file named with a newline" 65 "" "$tmp/new\\nline.yaml$bad_rest" -- "$tmp/new${nl}line.yaml"
cp bad/schema-2.yaml "$tmp/tab${tab}and\\back.yaml"
expect "an invalid file named with a tab and a backslash" 65 "" "$tmp/tab\\tand\\\\back.yaml$bad_rest" \
    -- "$tmp/tab${tab}and\\back.yaml"
cp bad/schema-2.yaml "$tmp/esc$(printf '\033')[31m.yaml"
expect "an invalid file named with ESC" 65 "" "$tmp/esc\\x1b[31m.yaml$bad_rest" -- "$tmp/esc$(printf '\033')[31m.yaml"
expect "an unreadable file named with a newline" 66 "" \
    "$tmp/no\\nsuch.yaml: error: cannot read: No such file or directory" -- "$tmp/no${nl}such.yaml"
cp "$good" "$tmp/ok${nl}file.yaml"
expect "a valid file named with a newline" 0 "$tmp/ok\\nfile.yaml: ok" "" -- "$tmp/ok${nl}file.yaml"
# a scenario path made of the experiment's directory (a newline) and the
# file's text (a backslash; a string in a file cannot hold a control character)
mkdir "$tmp/d${nl}ir"
sed 's|^scenario: .*|scenario: "no\\\\such.yaml"|' ../../experiments/examples/battle-minimal.yaml >"$tmp/d${nl}ir/battle.yaml"
expect "a scenario named with a backslash, in a directory named with a newline" 65 "" \
    "$tmp/d\\nir/battle.yaml:24:11: error: cannot read scenario '$tmp/d\\nir/no\\\\such.yaml': No such file or directory (scenario)" \
    -- "$tmp/d${nl}ir/battle.yaml"
expect "no file" 64 "" "muster validate: error: no experiment file given (see 'muster validate --help')" --
expect "unknown option" 64 "" "muster validate: error: unknown option '--strict' (see 'muster validate --help')" \
    -- --strict "$good"

"$muster" validate --help >"$tmp/out" 2>"$tmp/err"
if [ $? -ne 0 ] || [ -s "$tmp/err" ] || ! grep -q '^Usage: muster validate FILE\.\.\.$' "$tmp/out"; then
    echo "FAIL: --help"; failures=$((failures + 1))
fi

[ "$failures" -eq 0 ] && echo "ok: $n invalid files and 18 other checks"
[ "$failures" -eq 0 ]
