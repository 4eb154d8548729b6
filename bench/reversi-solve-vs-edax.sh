#!/usr/bin/env bash
# Times the release reversi-solve against an Edax binary on the FFO endgame positions
# #FIRST..#LAST (default 40 44; 40 49 is the issue's second range), one thread each, side by
# side: for every position one process of ours and one of Edax, alternating which goes first.
# Each process's CPU time (user+sys, from wait4, so start-up included for both) and node count
# are printed per position, then the sums, the ratios of the sums (ours / Edax) and nodes per
# second, also less each program's start-up cost (one process on a one-empty position).
# Both answers are checked against the exact score and best moves of the FFO data file
# crates/reversi-engine/tests/data/ffo-40-59.txt.
#
# Edax is GPL and is not part of this repository: build it yourself from its own
# instructions (https://github.com/abulmo/edax-reversi) and give the path of the binary.
# It must find its weights file data/eval.dat in the binary's folder or its parent; Edax is
# run from that folder.
#
# Usage: EDAX=/path/to/lEdax-x86-64-v3 bench/reversi-solve-vs-edax.sh [FIRST [LAST]]
#   EDAX_ARGS   Edax's options (default "-n 1 -l 60": one thread, exact at every depth)
#   SOLVE_ARGS  reversi-solve's options (default "--progress": its node count on standard error)
#   RUNS        how many times each position is timed, the least CPU time kept (default 1)
#   SOLVE       an already-built reversi-solve to time instead of building this checkout's
#   WHOLE       if set, also times one process of each over the whole range (CPU only)
# Cargo's own variables apply to the build: Edax's recipe builds it for x86-64-v3, so the
# same instruction set for ours is RUSTFLAGS="-C target-cpu=x86-64-v3" (with a
# CARGO_TARGET_DIR of its own, to keep the default build's target/ as it is).
set -euo pipefail
cd "$(dirname "$0")/.."
first=${1:-40}
last=${2:-$first}
[ $# -lt 1 ] && last=44
runs=${RUNS:-1}
data=crates/reversi-engine/tests/data/ffo-40-59.txt
if [ -z "${EDAX:-}" ] || [ ! -x "$EDAX" ]; then
    echo "set EDAX to the path of an Edax binary built from its own instructions" >&2
    exit 2
fi
if [ "$first" -lt 40 ] || [ "$last" -gt 59 ] || [ "$first" -gt "$last" ]; then
    echo "FFO range must lie within 40..59 (got $first..$last)" >&2
    exit 2
fi
edax=$(cd "$(dirname "$EDAX")" && pwd)/$(basename "$EDAX")
edax_dir=$(dirname "$edax")
[ -e "$edax_dir/data/eval.dat" ] || edax_dir=$(dirname "$edax_dir")
if [ ! -e "$edax_dir/data/eval.dat" ]; then
    echo "no data/eval.dat next to $edax or in its parent folder" >&2
    exit 2
fi
read -r -a edax_args <<< "${EDAX_ARGS:--n 1 -l 60}"
read -r -a solve_args <<< "${SOLVE_ARGS:-"--progress"}"

if [ -n "${SOLVE:-}" ]; then
    ours=$(cd "$(dirname "$SOLVE")" && pwd)/$(basename "$SOLVE")
else
    cargo build --release --quiet -p reversi-cli --bin reversi-solve
    ours=$(cd "${CARGO_TARGET_DIR:-target}/release" && pwd)/reversi-solve
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu DIR STDIN CMD...: runs CMD in DIR with STDIN, its output in $tmp/out and $tmp/err;
# prints the child's user+sys CPU seconds.
cpu() {
    python3 - "$@" <<'EOF'
import os, subprocess, sys
cwd, stdin, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
tmp = os.environ["TMP_DIR"]
with open(stdin) as i, open(tmp + "/out", "w") as o, open(tmp + "/err", "w") as e:
    p = subprocess.Popen(cmd, cwd=cwd, stdin=i, stdout=o, stderr=e)
    _, status, ru = os.wait4(p.pid, 0)
if os.waitstatus_to_exitcode(status) != 0:
    sys.exit(f"{cmd[0]} failed (status {status}): {open(tmp + '/err').read()[-500:]}")
print(f"{ru.ru_utime + ru.ru_stime:.3f}")
EOF
}
export TMP_DIR=$tmp

# best_of RUNS DIR STDIN CMD...: the least CPU time of RUNS runs (the outputs of the last).
best_of() {
    local n=$1 best= t
    shift
    for _ in $(seq "$n"); do
        t=$(cpu "$@")
        if [ -z "$best" ] || python3 -c "import sys; sys.exit(not $t < $best)"; then best=$t; fi
    done
    echo "$best"
}

# run_ours FILE / run_edax FILE: time one process on FILE (positions one a line, without /
# with Edax's `;`); set *_cpu, *_move, *_score and *_nodes (the first position's answer).
run_ours() {
    ours_cpu=$(best_of "$runs" "$PWD" "$1" "$ours" "${solve_args[@]}")
    read -r ours_move ours_score < "$tmp/out"
    ours_nodes=$(python3 -c '
import re, sys
err = sys.stdin.read()
m = re.search(r"nodes\W{0,3}(\d[\d,_]*)", err) or re.search(r"(\d[\d,_]*)\s*nodes", err)
print(re.sub(r"[,_]", "", m.group(1)) if m else "?")' < "$tmp/err")
}
run_edax() {
    edax_cpu=$(best_of "$runs" "$edax_dir" /dev/null "$edax" -solve "$1" "${edax_args[@]}")
    read -r edax_move edax_score edax_nodes < <(python3 -c '
import re, sys
m = re.search(r"^\s*\d+\|\s*\d+\s+([+-]?\d+)\s+[\d:.]+\s+(\d+)(?:\s+\d+)?\s+(\S+)", sys.stdin.read(), re.M)
print(m.group(3).lower(), "%+d" % int(m.group(1)), m.group(2)) if m else print("? ? ?")' < "$tmp/out")
}

echo "load: $(uptime)"
if [ -n "${SOLVE:-}" ]; then
    built="given by SOLVE"
else
    built="built from $(git log -1 --format='%h %s' | cut -c1-60)$(git diff --quiet HEAD || echo ' + changes')"
fi
echo "ours: $ours ${solve_args[*]} ($built)"
echo "edax: $edax ${edax_args[*]} (run in $edax_dir)"
# Start-up cost: a position with one empty square (h8, X to move, +64), one process each.
startup=XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-
echo "$startup X" > "$tmp/startup.txt"
echo "$startup X;" > "$tmp/startup.obf"
run_ours "$tmp/startup.txt"
run_edax "$tmp/startup.obf"
ours_startup=$ours_cpu
edax_startup=$edax_cpu
printf 'start-up (1 empty, one process): ours %.3f s (%s %s), edax %.3f s (%s %s)\n' \
    "$ours_cpu" "$ours_move" "$ours_score" "$edax_cpu" "$edax_move" "$edax_score"
printf '%3s %2s %5s | %-9s %14s %9s | %-9s %14s %9s | %6s\n' \
    '#' 'E' 'exact' 'ours' 'nodes' 'cpu s' 'edax' 'nodes' 'cpu s' 'ratio'
rows=$tmp/rows
: > "$rows"
: > "$tmp/range.txt"
: > "$tmp/range.obf"
k=0
grep -v '^#' "$data" | while read -r board side score best _; do
    k=$((k + 1))
    n=$((39 + k))
    { [ "$n" -lt "$first" ] || [ "$n" -gt "$last" ]; } && continue
    empties=$(echo "$board" | tr -cd '-' | wc -c)
    echo "$board $side" > "$tmp/line.txt"
    echo "$board $side;" > "$tmp/line.obf"
    cat "$tmp/line.txt" >> "$tmp/range.txt"
    cat "$tmp/line.obf" >> "$tmp/range.obf"
    if [ $((k % 2)) -eq 1 ]; then
        run_ours "$tmp/line.txt"; run_edax "$tmp/line.obf"
    else
        run_edax "$tmp/line.obf"; run_ours "$tmp/line.txt"
    fi
    ratio=$(python3 -c "print(f'{$ours_cpu / $edax_cpu:.2f}' if $edax_cpu > 0 else '-')")
    mark=
    case ",$best," in *",$ours_move,"*) ;; *) mark=" ours: move not best" ;; esac
    [ "$ours_score" = "$score" ] || mark="$mark ours: score wrong"
    [ "$edax_score" = "$score" ] || mark="$mark edax: score wrong"
    printf '%3s %2s %5s | %-4s %4s %14s %9.3f | %-4s %4s %14s %9.3f | %6s%s\n' \
        "$n" "$empties" "$score" "$ours_move" "$ours_score" "$ours_nodes" "$ours_cpu" \
        "$edax_move" "$edax_score" "$edax_nodes" "$edax_cpu" "$ratio" "$mark"
    echo "$ours_nodes $ours_cpu $edax_nodes $edax_cpu ${mark:+bad}" >> "$rows"
done
whole=
if [ -n "${WHOLE:-}" ]; then
    run_edax "$tmp/range.obf"
    whole_edax=$edax_cpu
    run_ours "$tmp/range.txt"
    whole="$ours_cpu $whole_edax"
fi
python3 - "$rows" "$ours_startup" "$edax_startup" $whole <<'EOF'
import sys
rows = [l.split() for l in open(sys.argv[1])]
os_, es = float(sys.argv[2]), float(sys.argv[3])
def total(i):
    vals = [r[i] for r in rows]
    return sum(float(v) for v in vals) if all(v != "?" for v in vals) else None
on, oc, en, ec = (total(i) for i in range(4))
k = len(rows)
print(f"sum of {k}: ours {on or 0:,.0f} nodes {oc:.3f} s | edax {en:,.0f} nodes {ec:.3f} s")
print(f"cpu ratio ours/edax: {oc / ec:.3f}", end="")
print(f", nodes ratio: {on / en:.3f}" if on else "")
oc1, ec1 = oc - k * os_, ec - k * es
print(f"less start-up: ours {oc1:.3f} s, edax {ec1:.3f} s, cpu ratio {oc1 / ec1:.3f}")
if on:
    print(f"nodes per second (less start-up): ours {on / oc1 / 1e6:.1f} M, edax {en / ec1 / 1e6:.1f} M")
if len(sys.argv) > 4:
    wo, we = float(sys.argv[4]), float(sys.argv[5])
    print(f"one process for the range: ours {wo:.3f} s, edax {we:.3f} s, cpu ratio {wo / we:.3f}")
bad = sum(1 for r in rows if len(r) > 4)
if bad:
    print(f"{bad} position(s) answered wrongly (see the rows)")
    sys.exit(1)
EOF
