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
import functools
import random
import subprocess
import sys


@functools.lru_cache(maxsize=None)
def no_book(engine):
    """`["--no-book"]` when `engine` takes it (reversi-engine plays from its built-in
    opening book unless told `--no-book`), so that its searches are what is measured;
    nothing for builds from before that option."""
    try:
        text = subprocess.run([engine, "--help"], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return ["--no-book"] if "--no-book" in text else []


DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def flips(board, x, y, me):
    found = []
    for dx, dy in DIRECTIONS:
        i, j, run = x + dx, y + dy, []
        while 0 <= i < 8 and 0 <= j < 8 and board[j][i] == -me:
            run.append((i, j))
            i, j = i + dx, j + dy
        if run and 0 <= i < 8 and 0 <= j < 8 and board[j][i] == me:
            found += run
    return found


def opening(rng, plies):
    """Random legal plies from the start (Black e4/d5, White d4/e5), as GTP `play`s."""
    board = [[0] * 8 for _ in range(8)]
    board[3][3] = board[4][4] = -1
    board[3][4] = board[4][3] = 1
    me, plays = 1, []
    for _ in range(plies):
        moves = [(x, y) for y in range(8) for x in range(8) if board[y][x] == 0 and flips(board, x, y, me)]
        if not moves:
            break
        x, y = rng.choice(moves)
        for i, j in flips(board, x, y, me):
            board[j][i] = me
        board[y][x] = me
        plays.append(("b" if me == 1 else "w", "abcdefgh"[x] + str(y + 1)))
        me = -me
    return plays


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


old, new = sys.argv[1], sys.argv[2]
nodes = int(sys.argv[3]) if len(sys.argv) > 3 else 20000
games = int(sys.argv[4]) if len(sys.argv) > 4 else 30
rng = random.Random(int(sys.argv[5]) if len(sys.argv) > 5 else 7)
differ = 0
for g in range(games):
    plays = opening(rng, 8)
    if game(old, nodes, plays) != game(new, nodes, plays):
        differ += 1
        print(f"game {g} differs")
print(f"{games - differ} of {games} games the same at {nodes} nodes a move")
sys.exit(1 if differ else 0)
