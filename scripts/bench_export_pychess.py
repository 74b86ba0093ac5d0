"""python-chess writing the export's per-move rows (the baseline of scripts/bench-export.sh).

Usage: python3 scripts/bench_export_pychess.py FILE GAMES
Reads the first GAMES games of FILE and builds, per move, the row `scoresheet export` writes
(san, uci, squares, piece, capture, promotion, check, mate, clock, eval, Polyglot key,
halfmove clock, repetition count), then writes them with pyarrow (Parquet, zstd). Prints
`games seconds`."""

import sys
import time

import chess
import chess.pgn
import chess.polyglot
import pyarrow as pa
import pyarrow.parquet as pq


def rows(game, game_id):
    board = game.board()
    seen = {}
    for ply, node in enumerate(game.mainline(), start=1):
        mv = node.move
        san = board.san(mv)
        piece = board.piece_at(mv.from_square)
        captured = board.piece_at(mv.to_square)
        if board.is_en_passant(mv):
            captured = chess.Piece(chess.PAWN, not board.turn)
        board.push(mv)
        key = board._transposition_key()
        seen[key] = seen.get(key, 0) + 1
        score = node.eval()
        book_key = chess.polyglot.zobrist_hash(board)
        yield {
            "game_id": game_id, "ply": ply, "san": san, "uci": mv.uci(),
            "from_square": chess.square_name(mv.from_square),
            "to_square": chess.square_name(mv.to_square),
            "piece": piece.symbol().upper(),
            "captured_piece": captured.symbol().upper() if captured else None,
            "promotion": chess.piece_symbol(mv.promotion).upper() if mv.promotion else None,
            "is_check": board.is_check(), "is_mate": board.is_checkmate(),
            "clock_seconds": node.clock(),
            "eval_cp": score.white().score() if score else None,
            "eval_mate": score.white().mate() if score else None,
            "position_key": book_key - (1 << 64) if book_key >> 63 else book_key,
            "halfmove_clock": board.halfmove_clock, "repetition": seen[key],
        }


def main():
    path, limit = sys.argv[1], int(sys.argv[2])
    start = time.perf_counter()
    out, games = [], 0
    with open(path, encoding="utf-8", errors="replace") as f:
        while games < limit and (game := chess.pgn.read_game(f)) is not None:
            out.extend(rows(game, games))
            games += 1
    pq.write_table(pa.Table.from_pylist(out), "/dev/null", compression="zstd")
    print(games, time.perf_counter() - start)


if __name__ == "__main__":
    main()
