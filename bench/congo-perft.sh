#!/usr/bin/env bash
# Times the release congo-perft from outside: perft 5 and 6 from the start position
# (9404326 and 247900251 leaves), three runs each, with the machine load.
# Usage: bench/congo-perft.sh [DEPTH...]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin congo-perft
depths=("$@")
[ ${#depths[@]} -eq 0 ] && depths=(5 6)
echo "load: $(uptime)"
for depth in "${depths[@]}"; do
    for i in 1 2 3; do
        start=$(date +%s.%N)
        leaves=$(target/release/congo-perft "$depth" | tail -1)
        end=$(date +%s.%N)
        secs=$(echo "$end - $start" | bc -l 2>/dev/null || python3 -c "print($end - $start)")
        rate=$(python3 -c "print(f'{$leaves / ($secs) / 1e6:.0f}')")
        printf 'perft %s: %s leaves in %.3f s (%s M leaves/s)\n' "$depth" "$leaves" "$secs" "$rate"
    done
done
