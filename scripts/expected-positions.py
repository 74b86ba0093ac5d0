#!/usr/bin/env python3
"""Expected position facts for the scoresheet-db tests, computed by python-chess (not scoresheet).

    python3 scripts/expected-positions.py crates/scoresheet-db/tests/data/real-200.pgn \
        > crates/scoresheet-db/tests/data/real-200.positions.txt

Needs python-chess (pip install chess; 1.11.2 was used). For every position after a mainline
move it counts the distinct positions two ways: with the en-passant square only when a capture
is legal (the repetition rules; `Board.epd()`), and with it after every double push
(`Board.epd(en_passant="fen")`). It then lists sample positions with their Polyglot key
(`chess.polyglot.zobrist_hash`, printed as a signed 64-bit integer): every position whose
en-passant square differs between the two ways, and every 50th of the others.

Output lines: `distinct_legal N`, `distinct_fen N`, `plies N`, then `key EPD;SIGNED_KEY` lines.
"""
import sys

import chess
import chess.pgn
import chess.polyglot


def signed(key):
    return key - (1 << 64) if key >= (1 << 63) else key


def main(path):
    legal, fen, samples = set(), set(), {}
    plies = 0
    with open(path, encoding="utf-8", errors="replace") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                plies += 1
                a, b = board.epd(), board.epd(en_passant="fen")
                legal.add(a)
                fen.add(b)
                if a != b or plies % 50 == 0:
                    samples[a] = signed(chess.polyglot.zobrist_hash(board))
    print(f"distinct_legal {len(legal)}")
    print(f"distinct_fen {len(fen)}")
    print(f"plies {plies}")
    for epd, key in sorted(samples.items()):
        print(f"key {epd};{key}")


if __name__ == "__main__":
    main(sys.argv[1])
