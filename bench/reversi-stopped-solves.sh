#!/usr/bin/env bash
# Runs the property test of stopped two-thread solves (crates/reversi-engine/src/solver/tests.rs,
# `stopped_two_thread_solves_never_answer_a_worse_move`) RUNS times in a row, CASES cases a
# run, in release, and stops at the first failure: a race between the threads of a stopped
# solve shows only now and then, so one passing run proves little.
#
# Usage: bench/reversi-stopped-solves.sh [RUNS [CASES]]     (default 200 48; by hand, not CI:
# about 12 s a run on two cores)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-200}
cases=${2:-48}
bin=$(cargo test --release -p reversi-engine --lib --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "reversi_engine" and m["profile"]["test"] and m.get("executable"):
        print(m["executable"])')
log=$(mktemp)
for i in $(seq 1 "$runs"); do
    if ! PROPTEST_CASES=$cases "$bin" --exact solver::tests::stopped_two_thread_solves_never_answer_a_worse_move >"$log" 2>&1; then
        cat "$log"
        echo "run $i of $runs failed (log above)"
        exit 1
    fi
    if ! grep -q "test result: ok. 1 passed" "$log"; then
        cat "$log"
        echo "run $i of $runs: the property test did not run (renamed or moved?)"
        exit 1
    fi
    if grep -q "Saving this" "$log"; then
        cat "$log"
        echo "run $i of $runs: a case failed before shrinking passed (log above)"
        exit 1
    fi
done
rm -f "$log"
echo "$runs runs of $cases cases passed"
