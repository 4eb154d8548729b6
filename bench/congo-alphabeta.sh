#!/usr/bin/env bash
# Wall time of congo-alphabeta (Part V, depth 4) on each shared sample, one process per
# sample as a judge runs it, timed from outside (process start included). Prints the best
# and worst of R runs (default 10) and the answer. Usage: bench/congo-alphabeta.sh [R]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
cargo build --release --quiet --bin congo-alphabeta
echo "load: $(uptime)"
grep -v '^#' crates/congo/tests/data/part4-part5-eval-search.txt |
while IFS='|' read -r edition fen _; do
    edition=$(echo "$edition" | xargs)
    fen=$(echo "$fen" | xargs)
    args=()
    if [ "$edition" = 2021 ]; then args=(--edition 2021); fi
    best=
    worst=0
    for _ in $(seq "$runs"); do
        start=$(date +%s%N)
        answer=$(printf '1\n%s\n' "$fen" | target/release/congo-alphabeta "${args[@]}")
        us=$((($(date +%s%N) - start) / 1000))
        if [ -z "$best" ] || [ "$us" -lt "$best" ]; then best=$us; fi
        if [ "$us" -gt "$worst" ]; then worst=$us; fi
    done
    printf '%s | %-45s -> %6s  best %5.1f ms, worst %5.1f ms\n' "$edition" "$fen" "$answer" \
        "$(echo "$best / 1000" | bc -l)" "$(echo "$worst / 1000" | bc -l)"
done
