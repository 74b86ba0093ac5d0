"""The book games of crates/scoresheet/tests/data/descriptive/games.tsv read by a second,
independent descriptive reader: the small resolver below, written from the rules of English
descriptive notation (not from scoresheet's reader), with python-chess for the legal moves.

For every row it parses the book's text, collects every legal move of the position that fits
it, asserts that exactly one fits and that python-chess's SAN of that move is the SAN column,
then plays it. Each game is replayed from the start position. Needs neither the scoresheet
binary nor the Python package.

The rules the resolver applies:
- Squares are counted from the mover's side: a file is named by the piece that starts on it
  (QR QKt QB Q K KB KKt KR, with N for Kt), a rank by its number from the mover's first rank;
  `B3`, `Kt1`, `R8` leave the side open (either file fits).
- A piece is named by its letter (P Kt N B R Q K); a Q or K before R, Kt or B names the
  queen's or the king's one, by where it stood at the start of the game; a pawn may be named
  by its file (`QP`, `KtP`, `QBP`, `KKtP`, ...), the file it stands on now.
- `-` moves to an empty square; `x`, `X` or `×` takes the piece named after it (`P`, `QP`,
  `KtP`, `B`, `QKt`, ...), or takes on the square named after it.
- `(Q2)` after the piece names the square it starts from (mover's side; the side may be open).
- `O-O`, `0-0`, `Castles`, `Castles KR` castle king's side; `O-O-O`, `Castles QR` queen's side;
  a bare `Castles` fits either.
- `e.p.` asks for an en passant capture; a promotion is named after the square (`=Q`, `(Q)`).
- `ch`, `+` mark check, `dis. ch` a discovered check, `double ch` a double check, `mate` or `#`
  mate; a move without a mark must not give check. `!` and `?` are comments; spaces are
  ignored."""

import pathlib
import re

import chess
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = ROOT / "crates" / "scoresheet" / "tests" / "data" / "descriptive" / "games.tsv"

# The files by the name of the piece that starts on them, from White's side (a to h).
FILES = {("Q", "R"): 0, ("Q", "Kt"): 1, ("Q", "B"): 2, ("Q", None): 3,
         ("K", None): 4, ("K", "B"): 5, ("K", "Kt"): 6, ("K", "R"): 7}
PIECES = {"P": chess.PAWN, "Kt": chess.KNIGHT, "N": chess.KNIGHT, "B": chess.BISHOP,
          "R": chess.ROOK, "Q": chess.QUEEN, "K": chess.KING}
# A designation: [side Q/K] [file piece R/Kt/N/B] piece letter. `KtP`, `QKtP`, `QP`, `KR`,
# `QKt`, `B`, `K`.
DESIGNATION = re.compile(r"(?P<side>Q|K)?(?P<file>R|Kt|N|B)?(?P<piece>P|Kt|N|B|R|Q|K)")
SQUARE = re.compile(r"(?P<side>Q|K)?(?P<file>R|Kt|N|B)?(?P<rank>[1-8])")
MOVE = re.compile(r"(?P<mover>[KQRBNPt]+)(?:\((?P<origin>[KQRBNt]+[1-8])\))?"
                  r"(?P<sep>[-x])(?P<target>[KQRBNPt]+[1-8]?)"
                  r"(?:=?\(?(?P<promo>Q|R|B|Kt|N)\)?)?")
CASTLES = {"O-O": [True], "0-0": [True], "O-O-O": [False], "0-0-0": [False],
           "Castles": [True, False], "CastlesKR": [True], "CastlesK": [True],
           "CastlesQR": [False], "CastlesQ": [False]}
# Suffixes, longest first; each names what the move must do to the other king.
CHECKS = [("doublech", "double"), ("dis.ch", "discovered"), ("disch", "discovered"),
          ("mate", "mate"), ("ch", "check"), ("++", "double"), ("#", "mate"), ("+", "check")]


class Unreadable(ValueError):
    pass


def normalize(text):
    """The book's text without spaces and comments, captures spelled `x`."""
    text = text.replace("×", "x").replace("X", "x")
    text = re.sub(r"\s+", "", text)
    return re.sub(r"[!?]+", "", text)


def files_of(side, file_piece):
    """The files (0-7) a side and a file piece name: both sides' when the side is open."""
    if file_piece == "N":
        file_piece = "Kt"
    if side is None and file_piece is None:
        return set(range(8))
    sides = [side] if side else ["Q", "K"]
    return {FILES[(s, file_piece)] for s in sides if (s, file_piece) in FILES}


def squares_of(text, color):
    """The squares a descriptive square names, counted from `color`'s side."""
    m = SQUARE.fullmatch(text)
    if not m or (m["side"] is None and m["file"] is None):
        raise Unreadable(f"{text!r} is no square")
    rank = int(m["rank"]) - 1
    if color == chess.BLACK:
        rank = 7 - rank
    return {chess.square(f, rank) for f in files_of(m["side"], m["file"])}


def designation(text):
    """(piece type, side of origin or None, pawn files or None) of a piece designation."""
    m = DESIGNATION.fullmatch(text)
    if not m:
        raise Unreadable(f"{text!r} names no piece")
    piece = PIECES[m["piece"]]
    if piece == chess.PAWN:
        return piece, None, files_of(m["side"], m["file"])
    if m["file"] is not None or (m["side"] and piece in (chess.QUEEN, chess.KING)):
        raise Unreadable(f"{text!r} names no piece")
    return piece, m["side"], None


def origin_side(square):
    """The side (Q or K) of a rook's, knight's or bishop's starting square."""
    return "Q" if chess.square_file(square) < 4 else "K"


def fits_piece(board, origins, square, wanted):
    """Whether the piece on `square` is the one `wanted` (a designation) names."""
    piece_type, side, pawn_files = wanted
    if board.piece_type_at(square) != piece_type:
        return False
    if pawn_files is not None and chess.square_file(square) not in pawn_files:
        return False
    return side is None or origin_side(origins[square]) == side


def parse(text):
    """The book's move as a dict of what a legal move must be."""
    flat = normalize(text)
    spec = {"check": None, "ep": False}
    for suffix, kind in CHECKS:
        if flat.endswith(suffix):
            spec["check"], flat = kind, flat[: -len(suffix)]
            break
    flat = flat.rstrip(",")
    if flat.endswith("e.p."):
        spec["ep"], flat = True, flat[: -len("e.p.")].rstrip(",")
    if flat in CASTLES:
        spec["castles"] = CASTLES[flat]
        return spec
    m = MOVE.fullmatch(flat)
    if not m:
        raise Unreadable(f"{text!r} is no descriptive move")
    spec.update(mover=designation(m["mover"]), origin=m["origin"], capture=m["sep"] == "x",
                target=m["target"], promo=PIECES[m["promo"]] if m["promo"] else None)
    return spec


def gives(board, move, kind):
    """Whether `move` does what the check suffix `kind` says (None: no check at all)."""
    after = board.copy(stack=False)
    after.push(move)
    checkers = after.checkers()
    if kind is None:
        return not checkers
    if kind == "mate":
        return after.is_checkmate()
    if kind == "double":
        return len(checkers) >= 2
    if kind == "discovered":
        return bool(checkers) and any(sq != move.to_square for sq in checkers)
    return bool(checkers)


def fits(board, origins, move, spec):
    color = board.turn
    if "castles" in spec:
        return any(board.is_kingside_castling(move) if kingside
                   else board.is_queenside_castling(move) for kingside in spec["castles"])
    if board.is_castling(move):
        return False
    if not fits_piece(board, origins, move.from_square, spec["mover"]):
        return False
    if spec["origin"] and move.from_square not in squares_of(spec["origin"], color):
        return False
    if spec["ep"] and not board.is_en_passant(move):
        return False
    if move.promotion and move.promotion != (spec["promo"] or chess.QUEEN):
        return False  # a promotion the book does not name is to a queen
    if spec["promo"] and not move.promotion:
        return False
    if not spec["capture"]:
        return not board.is_capture(move) and move.to_square in squares_of(spec["target"], color)
    if not board.is_capture(move):
        return False
    if spec["target"][-1].isdigit():  # `x` and a square: a capture on that square
        return move.to_square in squares_of(spec["target"], color)
    taken = move.to_square
    if board.is_en_passant(move):
        taken = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
    return fits_piece(board, origins, taken, designation(spec["target"]))


def resolve(board, origins, text):
    """Every legal move of the position that fits the book's text."""
    spec = parse(text)
    return [m for m in board.legal_moves
            if fits(board, origins, m, spec) and gives(board, m, spec["check"])]


def play(board, origins, move):
    """Pushes `move`, keeping `origins` (square -> the square its piece started on)."""
    if board.is_castling(move):
        rank = chess.square_rank(move.from_square)
        kingside = board.is_kingside_castling(move)
        rook_from = chess.square(7 if kingside else 0, rank)
        rook_to = chess.square(5 if kingside else 3, rank)
        origins[rook_to] = origins.pop(rook_from)
    elif board.is_en_passant(move):
        origins.pop(chess.square(chess.square_file(move.to_square),
                                 chess.square_rank(move.from_square)))
    origins.pop(move.to_square, None)
    origins[move.to_square] = origins.pop(move.from_square)
    board.push(move)


def start():
    board = chess.Board()
    return board, {sq: sq for sq in chess.SQUARES if board.piece_at(sq)}


def load_games():
    games = {}
    lines = [line for line in GAMES.read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    header = lines[0].split("\t")
    assert header == ["game", "number", "side", "book", "san"], header
    for line in lines[1:]:
        game, number, side, book, san = line.split("\t")
        games.setdefault(game, []).append((int(number), side, book, san))
    return games


GAME_ROWS = load_games()


def test_the_file_holds_the_four_book_games():
    assert sorted(GAME_ROWS) == ["capablanca-1", "capablanca-2", "capablanca-5", "lasker-31"]


@pytest.mark.parametrize("game", sorted(GAME_ROWS))
def test_book_game_reads_as_its_san_column(game):
    board, origins = start()
    for number, side, book, san in GAME_ROWS[game]:
        where = f"{game}, move {number} {'White' if side == 'w' else 'Black'}, book {book!r}"
        expected_turn = chess.WHITE if side == "w" else chess.BLACK
        assert board.turn == expected_turn and board.fullmove_number == number, \
            f"{where}: the rows are out of order (position has move {board.fullmove_number})"
        try:
            found = resolve(board, origins, book)
        except Unreadable as e:
            pytest.fail(f"{where}: {e}")
        sans = [board.san(m) for m in found]
        assert len(found) == 1, f"{where}: fits {len(found)} legal moves {sans}, not one"
        assert sans[0] == san, f"{where}: reads as {sans[0]}, the SAN column says {san}"
        play(board, origins, found[0])


@pytest.mark.parametrize("moves, text, expected", [
    ([], "P-K4", ["e4"]),
    (["e4"], "P-K4", ["e5"]),  # Black counts from his own side
    ([], "Kt-B3", ["Nc3", "Nf3"]),  # the side left open: both fit
    ([], "QKt-B3", ["Nc3"]),
    (["e4", "d5"], "PxP", ["exd5"]),
    (["e4", "d5"], "P-Q4", ["d4"]),
    (["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], "B-R4", ["Ba4"]),
    (["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], "B x Kt", ["Bxc6"]),
    (["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], "BxQKt", ["Bxc6"]),
    (["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], "BxKKt", []),  # that knight is the queen's
    (["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5", "d5", "exd5"], "Kt x P", ["Nxd5"]),
    (["e4", "e5", "Bc4", "Nc6"], "B x P ch", ["Bxf7+"]),
    (["e4", "e5", "Bc4", "Nc6"], "B x P", []),  # unmarked, so no check
    (["e4", "d5", "e5", "f5"], "P x P e.p.", ["exf6"]),
    (["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"], "Castles", ["O-O"]),
    (["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"], "O - O", ["O-O"]),
    (["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"], "Q x B P mate", ["Qxf7#"]),
    (["d4", "e5", "dxe5", "d6", "exd6", "Be7"], "PxB", ["dxe7"]),
    (["d4", "e5", "dxe5", "d6", "exd6", "Be7"], "PxBch", []),  # dxe7 gives no check
    # A rook keeps its name where it goes: the queen's rook on h3 is still the QR.
    (["a4", "a5", "Ra3", "b6", "Rh3", "c6"], "QR-R4", ["Rh4"]),
    (["a4", "a5", "Ra3", "b6", "Rh3", "c6"], "KR-R4", []),
    (["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6"], "KR-K1", ["Re1"]),
    (["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6"], "R(B1)-K1", ["Re1"]),
])
def test_resolver_rules(moves, text, expected):
    board, origins = start()
    for san in moves:
        play(board, origins, board.parse_san(san))
    assert sorted(board.san(m) for m in resolve(board, origins, text)) == sorted(expected)
