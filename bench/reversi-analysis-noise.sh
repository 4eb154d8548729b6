#!/usr/bin/env bash
# The noise of a timed analysis: reversi-analyse scores the same games twice at the same
# time a position (TIME, default 1 s, its default), then once at twice that time, and
# the losses of each searched move are compared: run 1 against run 2 (the same search
# again), and run 1 against run 3 (a search one ply or so deeper). A searched loss that
# changes by up to D discs when the position is searched again cannot tell a mistake
# from the search's noise: reversi-analyse's default --mistake-threshold is chosen above
# that (crates/reversi-engine/RESULTS.md, "Noise of an analysis").
#
# Usage: bench/reversi-analysis-noise.sh [LINES [TIME]]   (by hand on an idle machine, not
# CI: LINES openings of tools/reversi-cli/book/openings-named.txt, default 16, each played
# as written; 4 x the plies x TIME seconds)
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-16}
time=${2:-1}
cargo build --release -q -p reversi-cli
exe=target/release/reversi-analyse
dir=$(mktemp -d)
grep -v '^#' tools/reversi-cli/book/openings-named.txt | awk '{print $1}' | head -n "$lines" >"$dir/games.txt"
for run in 1 2; do
    "$exe" --json --time "$time" --mistake-threshold 0 "$dir/games.txt" >"$dir/run$run.jsonl"
done
double=$(python3 -c "print(2 * $time)")
"$exe" --json --time "$double" --mistake-threshold 0 "$dir/games.txt" >"$dir/run3.jsonl"
python3 - "$dir/run1.jsonl" "$dir/run2.jsonl" "$dir/run3.jsonl" <<'EOF'
import json, sys
runs = [[json.loads(line) for line in open(path)] for path in sys.argv[1:4]]
def compare(title, first, second):
    diffs, losses = [], []
    for game1, game2 in zip(first, second):
        for p1, p2 in zip(game1["plies"], game2["plies"]):
            if p1["loss"] is None or p1["exact"] or p2["exact"]:
                continue
            diffs.append(abs(p1["loss"] - p2["loss"]))
            losses.append((p1["loss"], p2["loss"]))
    diffs.sort()
    def pct(q):
        return diffs[min(len(diffs) - 1, int(q * len(diffs)))]
    print(f"{title}: {len(diffs)} searched moves")
    print("  |loss difference| in discs: median %.2f, 90%% %.2f, 95%% %.2f, 99%% %.2f, max %.2f"
          % (pct(0.5), pct(0.9), pct(0.95), pct(0.99), diffs[-1]))
    for threshold in (0, 0.5, 1, 1.5, 2, 2.5, 3, 4):
        one = sum((a > threshold) != (b > threshold) for a, b in losses)
        both = sum(a > threshold and b > threshold for a, b in losses)
        print(f"  threshold {threshold}: a mistake in both {both}, in one only {one}")
compare("run 1 against run 2 (the same time)", runs[0], runs[1])
compare("run 1 against run 3 (twice the time)", runs[0], runs[2])
EOF
rm -r "$dir"
