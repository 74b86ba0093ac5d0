#!/usr/bin/env python3
"""Times the Python package against python-chess on one PGN file and prints the ratios.

1. `scoresheet.read_tables(path)` (the `games` and `moves` Arrow tables, with `fen_after`)
   against python-chess doing the same per-ply work: read each game, and for every mainline
   ply its SAN, UCI and FEN into lists (target: at least 100x).
2. Iterating `scoresheet.read_games(path)` and taking each game's mainline SANs against
   `chess.pgn.read_game` and the mainline's SANs (target: at least 20x).

The machines are shared and noisy: only the ratios of one run mean anything. scoresheet runs
ROUNDS times (the median counts); python-chess, about a minute a run, runs once.

usage: scripts/bench-python.py [FILE] [ROUNDS]
  FILE    default ../shared/data/pgn/real.pgn (3,970 games)
  ROUNDS  default 5
Needs: chess==1.11.2 and the package built with the `dist` profile of Cargo.toml (whole-program
optimisation, as every benchmark): MATURIN_PEP517_ARGS="--profile dist" pip install
--no-build-isolation --force-reinstall ./crates/scoresheet-py
"""

import pathlib
import statistics
import sys
import time

import chess.pgn

import scoresheet

ROOT = pathlib.Path(__file__).resolve().parents[1]
FILE = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared/data/pgn/real.pgn"
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 5


def timed(f):
    started = time.perf_counter()
    out = f()
    return time.perf_counter() - started, out


def ours_tables():
    games, moves = scoresheet.read_tables(FILE, fen=True)
    return games.num_rows, moves.num_rows


def chess_tables():
    sans, ucis, fens, games = [], [], [], 0
    with open(FILE, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games += 1
            board = game.board()
            for move in game.mainline_moves():
                sans.append(board.san(move))
                ucis.append(move.uci())
                board.push(move)
                fens.append(board.fen())
    return games, len(sans)


def ours_games():
    games = plies = 0
    for game in scoresheet.read_games(FILE):
        games += 1
        plies += len([p.san for p in game.plies])
    return games, plies


def chess_games():
    games = plies = 0
    with open(FILE, encoding="utf-8", errors="replace") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games += 1
            board = game.board()
            sans = []
            for move in game.mainline_moves():
                sans.append(board.san(move))
                board.push(move)
            plies += len(sans)
    return games, plies


def compare(name, ours, theirs, target):
    runs = [timed(ours) for _ in range(ROUNDS)]
    ours_s = statistics.median(t for t, _ in runs)
    theirs_s, theirs_out = timed(theirs)
    assert runs[0][1] == theirs_out, (name, runs[0][1], theirs_out)
    ratio = theirs_s / ours_s
    games, plies = theirs_out
    verdict = "ok" if ratio >= target else "BELOW TARGET"
    print(f"{name}: {games} games, {plies} plies; scoresheet {ours_s:.3f} s (median of "
          f"{ROUNDS}), python-chess {theirs_s:.2f} s: {ratio:.0f}x (target {target}x, {verdict})")
    return ratio


def main():
    print(f"file: {FILE} ({FILE.stat().st_size / 1e6:.1f} MB); scoresheet {scoresheet.__version__}, "
          f"python-chess {chess.__version__}")
    compare("read_tables vs python-chess SAN/UCI/FEN per ply", ours_tables, chess_tables, 100)
    compare("read_games vs chess.pgn.read_game mainline SANs", ours_games, chess_games, 20)


if __name__ == "__main__":
    main()
