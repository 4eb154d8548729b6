#!/usr/bin/env bash
# Builds "Edax0" (Edax 4.6 with a zero-weight evaluation file) and times reversi-solve
# against it on FFO #FIRST..#LAST with bench/reversi-solve-vs-edax.sh.
#
# Edax is GPL and is not part of this repository. This script only builds it from its own
# sources, outside the repository's sources, to measure against. Its real weights file ships
# only in release archives; a zero-weight file keeps every exact solve exact (the weights only
# order the moves) at the cost of more nodes.
#
# Usage: bench/edax0.sh [FIRST [LAST]]        (default 40 44; the issue's ranges: 40 44, 40 49)
#   EDAX_SRC   a folder holding Edax's sources (its src/ and Makefile); else EDAX_GIT is cloned
#   EDAX_GIT   the repository to clone (default https://github.com/abulmo/edax-reversi)
#   EDAX_DIR   where Edax0 is built (default target/edax0); kept, so a second run only times
#   Other variables (SOLVE, RUNS, WHOLE, EDAX_ARGS, SOLVE_ARGS) go to reversi-solve-vs-edax.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${EDAX_DIR:-target/edax0}
bin=$dir/bin/lEdax-x86-64-v3
if [ ! -x "$bin" ]; then
    mkdir -p "$dir"
    if [ -n "${EDAX_SRC:-}" ]; then
        cp -R "$EDAX_SRC"/. "$dir"/
    else
        git clone --depth 1 "${EDAX_GIT:-https://github.com/abulmo/edax-reversi}" "$dir"
    fi
    mkdir -p "$dir/bin"
    (cd "$dir/src" && make build ARCH=x86-64-v3 CC=gcc OS=linux)
fi
weights=$dir/data/eval.dat
if [ ! -s "$weights" ]; then
    mkdir -p "$dir/data"
    # The header Edax checks ("XADELAVE", then the little-endian u32s 4, 6, 0), then zeros
    # up to the 13,952,436 bytes of a real weights file.
    python3 - "$weights" <<'PY'
import struct, sys
head = b"XADELAVE" + struct.pack("<III", 4, 6, 0)
with open(sys.argv[1], "wb") as f:
    f.write(head + bytes(13952436 - len(head)))
PY
fi
EDAX=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin") exec bench/reversi-solve-vs-edax.sh "$@"
