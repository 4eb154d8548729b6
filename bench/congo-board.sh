#!/usr/bin/env bash
# Throughput of congo-board against the idiomatic C++ solution (g++ -O2) on the same
# input: N random FENs (default 10^6) from bench/gen_congo_fens.py. Prints wall time,
# peak memory and whether the outputs agree. Usage: bench/congo-board.sh [N] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000000}
seed=${2:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cargo build --release --quiet --bin congo-board
g++ -O2 -o "$tmp/congo_board_cpp" bench/congo_board.cpp
python3 bench/gen_congo_fens.py "$n" "$seed" > "$tmp/in.txt"
echo "input: $n FENs, $(wc -c < "$tmp/in.txt") bytes; load: $(uptime)"
timer=/usr/bin/time
if [ ! -x "$timer" ]; then
    echo "needs GNU time (/usr/bin/time): apt-get install time" >&2
    exit 1
fi
run() { # name command...
    local name=$1
    shift
    for i in 1 2 3; do
        "$timer" -f "$name run $i: %e s wall, %U s user, %S s system, %M KB peak RSS" "$@" < "$tmp/in.txt" > "$tmp/$name.out"
    done
}
run rust target/release/congo-board
run cpp "$tmp/congo_board_cpp"
if cmp -s "$tmp/rust.out" "$tmp/cpp.out"; then
    echo "outputs identical ($(wc -c < "$tmp/rust.out") bytes)"
else
    echo "OUTPUTS DIFFER" >&2
    exit 1
fi
