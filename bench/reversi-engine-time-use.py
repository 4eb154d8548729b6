#!/usr/bin/env python3
"""How much of its time a GTP Reversi engine uses in the midgame, timed from outside.

Usage: bench/reversi-engine-time-use.py ENGINE SECONDS GAMES

Game k opens with 8 random legal plies (seeded by k: squares tried in a shuffled order
with `play`, the first one the engine accepts played), then the engine plays both sides
with `time_settings 0 SECONDS 1` and `genmove` until 20 empties are left. Each of those genmove
answers is timed from sending the command to reading the answer's blank line; passes
are not counted. Prints the number of moves and the mean, median, least and greatest
share of SECONDS they took. (The engine's GTP `time_settings 0 T 1` gives a move T
less a tenth, at most 20 ms: reversi-engine's help.) The engine runs with `--no-book`
when it takes it (reversi-engine plays from its built-in opening book by default): the
searches' time is measured.
"""
import random
import subprocess
import sys
import time

from reversi_engine_flags import no_book


SQUARES = [f + r for r in "12345678" for f in "abcdefgh"]


def main():
    exe, seconds, games = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    shares = []
    flags = no_book(exe)
    for game in range(games):
        rng = random.Random(game)
        engine = subprocess.Popen([exe, "--gtp", *flags], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)

        def ask(command):
            engine.stdin.write(command + "\n")
            engine.stdin.flush()
            lines = []
            while True:
                line = engine.stdout.readline()
                if line in ("\n", ""):
                    return "".join(lines)
                lines.append(line)

        colour, empties = "b", 60
        for _ in range(8):
            order = SQUARES[:]
            rng.shuffle(order)
            if any(ask(f"play {colour} {square}").startswith("=") for square in order):
                empties -= 1
            else:
                ask(f"play {colour} pass")
            colour = "w" if colour == "b" else "b"
        ask(f"time_settings 0 {seconds} 1")
        while empties > 20:
            start = time.perf_counter()
            answer = ask(f"genmove {colour}")
            took = time.perf_counter() - start
            if "pass" not in answer:
                shares.append(took / seconds)
                empties -= 1
            colour = "w" if colour == "b" else "b"
        ask("quit")
        engine.wait()
    shares.sort()
    mean = sum(shares) / len(shares)
    print(f"{exe} {seconds} s: {len(shares)} midgame moves, mean {100 * mean:.1f}% of the "
          f"time, median {100 * shares[len(shares) // 2]:.1f}%, least {100 * shares[0]:.1f}%, "
          f"most {100 * shares[-1]:.1f}%")


if __name__ == "__main__":
    main()
