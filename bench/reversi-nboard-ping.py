#!/usr/bin/env python3
"""How fast `reversi-engine --nboard` answers a `ping` sent while it searches.

Starts the engine, sends `set depth 30` and a search command (`go` by default, or e.g.
`hint 10`), waits 0.5 s, sends `ping 7` and measures, from outside, the time until the
`pong 7` line arrives (the protocol wants the search's own answer first: the `===` line
or the hint lines so far). Prints the first transcript's start and end, then the median
and the largest of TRIES tries.

Usage: bench/reversi-nboard-ping.py [ENGINE [TRIES [COMMAND]]]
  (default: target/release/reversi-engine, 20, go; build it with
  `cargo build --release -p reversi-cli --bin reversi-engine`)

The engine runs with `--no-book` when it takes it: the start position is in its built-in
book, which would answer `go` at once, with no search to stop.
"""
import os
import select
import statistics
import subprocess
import sys
import time

from reversi_engine_flags import no_book


engine = sys.argv[1] if len(sys.argv) > 1 else "target/release/reversi-engine"
tries = int(sys.argv[2]) if len(sys.argv) > 2 else 20
command = sys.argv[3] if len(sys.argv) > 3 else "go"
flags = no_book(engine)
waits = []
for t in range(tries):
    p = subprocess.Popen([engine, "--nboard", *flags], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    fd = p.stdout.fileno()
    p.stdin.write(f"nboard 2\nset depth 30\n{command}\n".encode())
    time.sleep(0.5)
    sent = time.time()
    p.stdin.write(b"ping 7\n")
    out = b""
    while b"pong 7" not in out:
        ready, _, _ = select.select([fd], [], [], 30)
        if not ready:
            sys.exit(f"no pong within 30 s: {out.decode()[-300:]}")
        chunk = os.read(fd, 65536)
        if not chunk:
            sys.exit("the engine ended before answering")
        out += chunk
    waits.append((time.time() - sent) * 1000)
    p.stdin.write(b"quit\n")
    p.wait(timeout=30)
    if t == 0:
        lines = out.decode().splitlines()
        print("first transcript:", lines[:2], "...", lines[-3:])
print(f"{command}: pong after a median {statistics.median(waits):.1f} ms, at most {max(waits):.1f} ms, {tries} tries")
