#!/usr/bin/env python3
"""Whether two builds of `reversi-engine` play the same games at a fixed node budget.

A refactor that keeps the search's behaviour (the same nodes in the same order) plays
the very same moves: each of GAMES seeded random 8-ply openings is played out by the
engine against itself over GTP (`genmove` for both sides, `--nodes NODES` a move), once
by each build, and the two transcripts of answers are compared game by game.

Usage: bench/reversi-same-games.py OLD NEW [NODES [GAMES [SEED]]]  (20000, 30, 7)

Each build runs with `--no-book` when it takes it (reversi-engine plays from its
built-in opening book by default): the searches are compared, not the book.
"""
import os
import subprocess
import sys
import tempfile

from reversi_engine_flags import no_book


def openings(games, plies, seed):
    """GAMES seeded random openings of PLIES moves, as GTP `play`s: the first moves of
    `reversi-records generate`'s random games (reversi::random), converted to
    transcripts by `reversi-records convert` (this script carries no rules)."""
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "reversi-records"], check=True)
    records = "target/release/reversi-records"
    with tempfile.TemporaryDirectory() as folder:
        wtb = os.path.join(folder, "games.wtb")
        subprocess.run([records, "generate", "--games", str(games), "--seed", str(seed),
                        "--output", wtb], check=True, capture_output=True)
        text = subprocess.run([records, "convert", "--to", "transcript", wtb], check=True,
                              capture_output=True, text=True).stdout
    result = []
    for line in text.split():
        # No side passes in the first plies of a game, so the colours alternate.
        moves = [line[i:i + 2] for i in range(0, 2 * plies, 2)]
        result.append([("b" if n % 2 == 0 else "w", m) for n, m in enumerate(moves)])
    return result


def game(engine, nodes, plays):
    commands = [f"play {c} {m}" for c, m in plays]
    colour = "b" if len(plays) % 2 == 0 else "w"
    for _ in range(60):
        commands.append(f"genmove {colour}")
        colour = "w" if colour == "b" else "b"
    commands += ["showboard", "quit"]
    out = subprocess.run([engine, "--nodes", str(nodes), *no_book(engine)],
                         input="\n".join(commands) + "\n", capture_output=True, text=True,
                         check=True).stdout
    return [line for line in out.split("\n") if line.startswith("=") and len(line) > 1]


# Engine paths as given, before the working folder becomes the repository's root.
old, new = (os.path.abspath(a) if os.path.exists(a) else a for a in sys.argv[1:3])
nodes = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
games = int(sys.argv[4]) if len(sys.argv) > 4 else 30
seed = int(sys.argv[5]) if len(sys.argv) > 5 else 7
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
differ = 0
for g, plays in enumerate(openings(games, 8, seed)):
    if game(old, nodes, plays) != game(new, nodes, plays):
        differ += 1
        print(f"game {g} differs")
print(f"{games - differ} of {games} games the same at {nodes} nodes a move")
sys.exit(1 if differ else 0)
