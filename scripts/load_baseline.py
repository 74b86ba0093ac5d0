#!/usr/bin/env python3
"""Baseline for scripts/bench-load.sh: python-chess 1.11.2 with sqlite3 or psycopg 3.

Does what `scoresheet load` does, the usual Python way: read each game with
chess.pgn.read_game, denormalize every mainline ply (SAN, LRAN, UCI, squares, EGD piece codes,
move type, captured piece, promotion, the position after it (en-passant square only when legal)
and its Polyglot key, check, mate, halfmove clock, repetition count, stalemate, insufficient
material, clock, elapsed move time and eval from the comments, NAGs and comments), hash the
game, and insert into the same schema (crates/scoresheet-db/sql/, every migration applied) with
executemany, one transaction per 1000 games.

usage: load_baseline.py sqlite PATH.db FILE.pgn
       load_baseline.py postgres URL FILE.pgn
"""

import collections
import hashlib
import json
import pathlib
import sys
import time

import chess
import chess.pgn
import chess.polyglot

ROSTER = ["Event", "Site", "Date", "Round", "White", "Black"]
SCHEMA = pathlib.Path(__file__).resolve().parent.parent / "crates/scoresheet-db/sql"
BATCH = 1000


def piece_code(piece_type, square):
    if piece_type == chess.BISHOP:
        return "Bl" if chess.BB_SQUARES[square] & chess.BB_LIGHT_SQUARES else "Bd"
    return {chess.PAWN: "p", chess.KNIGHT: "N", chess.ROOK: "R", chess.QUEEN: "Q", chess.KING: "K"}[piece_type]


def letter(piece_type):
    return "" if piece_type == chess.PAWN else chess.piece_symbol(piece_type).upper()


def denormalize(game, source, offset):
    board = game.board()
    start_fen = board.fen(en_passant="fen")
    seen = collections.Counter([board._transposition_key()])
    moves, sans = [], []
    for ply, node in enumerate(game.mainline(), 1):
        move = node.move
        uci = move.uci()
        san = board.san(move)
        moved = board.piece_type_at(move.from_square)
        castle = board.is_castling(move)
        ep = board.is_en_passant(move)
        captured = chess.PAWN if ep else (None if castle else board.piece_type_at(move.to_square))
        if castle:
            lran = "O-O" if chess.square_file(move.to_square) > 4 else "O-O-O"
            kind = "short_castle" if lran == "O-O" else "long_castle"
        else:
            lran = letter(moved) + chess.square_name(move.from_square)
            lran += ("x" + letter(captured)) if captured else "-"
            lran += chess.square_name(move.to_square)
            if move.promotion:
                lran += "=" + letter(move.promotion)
            kind = ("ep_capture" if ep else "promotion_capture" if move.promotion and captured
                    else "promotion" if move.promotion else "capture" if captured else "move")
        board.push(move)
        if board.halfmove_clock == 0:
            seen.clear()
        seen[board._transposition_key()] += 1
        position_after = " ".join(board.fen(en_passant="legal").split(" ")[:4])
        key = chess.polyglot.zobrist_hash(board)
        key = key - (1 << 64) if key >= 1 << 63 else key
        check, mate = board.is_check(), board.is_checkmate()
        clock, repetition = board.halfmove_clock, seen[board._transposition_key()]
        meta = None
        if node.nags or node.comment:
            meta = json.dumps({"nags": sorted(node.nags), "glyphs": [], "comments": [node.comment.strip()]})
        clk, emt, ev = node.clock(), node.emt(), node.eval()
        eval_cp = ev.white().score() if ev is not None else None
        eval_mate = ev.white().mate() if ev is not None else None
        moves.append((
            ply, board.fullmove_number if board.turn == chess.BLACK else board.fullmove_number - 1,
            "b" if board.turn == chess.WHITE else "w", san, lran,
            chess.square_name(move.from_square), chess.square_name(move.to_square),
            piece_code(moved, move.from_square),
            kind, piece_code(captured, move.to_square) if captured else None,
            piece_code(move.promotion, move.to_square) if move.promotion else None,
            position_after, check, mate, clock, repetition,
            clock >= 100, clock >= 150 and not mate, repetition >= 5, board.is_stalemate(),
            board.is_insufficient_material(), meta, clk, emt, eval_cp, eval_mate, uci, key,
        ))
        sans.append(san)
    tags = dict(game.headers)
    text = "".join(f"{k}\0{v}\0" for k, v in sorted(tags.items())) + "\x1e" + start_fen + " " + " ".join(sans)
    digest = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=16).digest(), "big")
    game_id = digest >> 65
    others = {k: v for k, v in tags.items() if k not in ROSTER and k != "Result"}
    row = (game_id, f"{digest:032x}", *(tags.get(t) for t in ROSTER), tags.get("Result", "*"),
           json.dumps(others), len(moves), start_fen, source, offset)
    return row, [(game_id, *m) for m in moves]


def main():
    kind, target, path = sys.argv[1:4]
    started = time.perf_counter()
    if kind == "sqlite":
        import sqlite3
        conn = sqlite3.connect(target)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        for migration in sorted((SCHEMA / "sqlite").glob("*.sql")):
            conn.executescript(migration.read_text())
        mark = "?"
    else:
        import psycopg
        conn = psycopg.connect(target)
        for migration in sorted((SCHEMA / "postgres").glob("*.sql")):
            conn.execute(migration.read_text())
        conn.commit()
        mark = "%s"
    game_sql = (f"INSERT INTO games (game_id, content_hash, event, site, date, round, white, black, result, "
                f"tags, ply_count, start_fen, source_file, source_offset) VALUES ({', '.join([mark] * 14)}) "
                f"ON CONFLICT DO NOTHING")
    move_sql = (f"INSERT INTO moves (game_id, ply, move_number, side, san, lran, from_square, to_square, piece, "
                f"move_type, captured, promotion, position_after, is_check, is_mate, halfmove_clock, "
                f"repetition, fifty_move_claimable, seventy_five_move, fivefold, stalemate, "
                f"insufficient_material, meta, clock_seconds, emt_seconds, eval_cp, eval_mate, uci, position_key) "
                f"VALUES ({', '.join([mark] * 29)}) ON CONFLICT DO NOTHING")
    games = moves = 0
    batch_games, batch_moves = [], []

    def flush():
        cur = conn.cursor()
        cur.executemany(game_sql, batch_games)
        cur.executemany(move_sql, batch_moves)
        conn.commit()
        batch_games.clear()
        batch_moves.clear()

    with open(path, encoding="utf-8", errors="replace") as pgn:
        while True:
            offset = pgn.tell()
            game = chess.pgn.read_game(pgn)
            if game is None:
                break
            row, plies = denormalize(game, path, offset)
            batch_games.append(row)
            batch_moves.extend(plies)
            games += 1
            moves += len(plies)
            if len(batch_games) >= BATCH:
                flush()
    flush()
    conn.close()
    print(f"python-chess + {kind}: {games} games, {moves} moves in {time.perf_counter() - started:.2f} s")


if __name__ == "__main__":
    main()
