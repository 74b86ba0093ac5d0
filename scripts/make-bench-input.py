"""Builds a large PGN input for the benchmarks from a smaller file of games.

usage: python3 scripts/make-bench-input.py SOURCE DEST MB

Writes MB MiB of games to DEST: the games of SOURCE over and over, each copy N with its own
Event (`cN ...`), Round (`N.` prefix), ratings (+ N mod 50) and dates (`19..`/`20..` in turn
for dates written `20..`), so that no two games have the same tags while the moves repeat.
Used by scripts/bench-export.sh and scripts/bench-select.sh (the same input for both).
"""
import re
import sys


def main(src, dst, mb):
    text = open(src, "rb").read()
    games = re.split(rb"\n\n(?=\[Event )", text)
    target, written, copy = mb << 20, 0, 0
    with open(dst, "wb") as out:
        while written < target:
            for game in games:
                game = game.replace(b'[Event "', b'[Event "c%d ' % copy, 1)
                game = game.replace(b'[Round "', b'[Round "%d.' % copy, 1)
                game = re.sub(
                    rb'\[(White|Black)Elo "(\d+)"\]',
                    lambda m: b'[%sElo "%d"]' % (m.group(1), int(m.group(2)) + copy % 50),
                    game,
                )
                game = game.replace(b'[Date "20', b'[Date "%d' % (19 + copy % 2), 1)
                blob = game.rstrip(b"\n") + b"\n\n"
                out.write(blob)
                written += len(blob)
                if written >= target:
                    break
            copy += 1


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
