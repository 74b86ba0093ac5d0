"""Columns on demand (`read_tables(columns=...)`, `stream_tables(columns=...)`): a selection holds
exactly the values of the default tables in the columns it names (the facts it leaves out are
not computed, so a wrong dependency between a column and its facts shows here as a wrong
value); the optional `board`, `castling` and `en_passant` columns equal python-chess's
position after every move; bad names are refused with the list of names; every value of every
default column of both tables equals what python-chess and our documented rules give (issue 36).

The comparison with python-chess runs on a sample of the corpus (every 8th game) unless
SCORESHEET_FULL_TESTS=1, when it covers every game."""

import collections
import datetime
import decimal
import io
import pathlib
import re

import chess
import chess.pgn
import chess.polyglot
import pytest

from conftest import FULL_TESTS, game_texts, import_scoresheet, stride

scoresheet = import_scoresheet()

# The facts the GPL per-ply reader gives, as our columns (the benchmark's selection).
PEER_COLUMNS = [
    "game_id", "ply", "side", "from_square", "to_square", "promotion", "clock_seconds",
    "eval_cp", "eval_mate", "halfmove_clock", "board", "castling", "en_passant",
]


@pytest.fixture(scope="module")
def default_tables(corpus):
    return scoresheet.read_tables(corpus, threads=2)


@pytest.mark.parametrize("threads", [1, 2])
def test_selection_equals_the_default_tables(corpus, default_tables, threads):
    games, moves = default_tables
    chosen = scoresheet.read_tables(
        corpus, threads=threads, columns=["white_elo", "san", "opening_eco", *PEER_COLUMNS])
    g, m = chosen
    assert g.column_names == ["game_id", "white_elo", "opening_eco"]
    assert m.column_names == [
        "game_id", "ply", "side", "san", "from_square", "to_square", "promotion",
        "clock_seconds", "eval_cp", "eval_mate", "halfmove_clock", "castling", "en_passant",
        "board"]
    assert [x.message for x in chosen.rejected] == [x.message for x in default_tables.rejected]
    assert g.num_rows == games.num_rows and m.num_rows == moves.num_rows
    for name in g.column_names:
        assert g[name].to_pylist() == games[name].to_pylist(), name
    for name in m.column_names:
        if name in moves.column_names:
            assert m[name].to_pylist() == moves[name].to_pylist(), name


def test_each_column_alone_equals_the_default(corpus, default_tables):
    """Each default column read alone (with game_id): its facts are the ones it declares.
    On the corpus's first 400 games (one read a column)."""
    first = default_tables.games["source_offset"][400].as_py()
    head = pathlib.Path(corpus).read_bytes()[:first]
    games, moves = scoresheet.read_tables(head, threads=2)
    assert games.num_rows > 300
    for table, name in [("moves", n) for n in moves.column_names] + [
            ("games", n) for n in games.column_names]:
        alone = scoresheet.read_tables(head, threads=2, columns=[name])
        got = alone.moves if table == "moves" else alone.games
        want = moves if table == "moves" else games
        assert got[name].to_pylist() == want[name].to_pylist(), f"{table}.{name}"


def test_stream_tables_takes_columns(corpus):
    reader = scoresheet.stream_tables(corpus, table="moves", columns=["to_square"])
    assert reader.schema.names == ["game_id", "to_square"]
    rows = sum(batch.num_rows for batch in reader)
    assert rows == scoresheet.read_tables(corpus, columns=["ply"]).moves.num_rows


def test_bad_columns_are_refused():
    with pytest.raises(ValueError, match=r'no column "sna" in the games or moves table.*san'):
        scoresheet.read_tables(b"1. e4 *", columns=["ply", "sna"])
    with pytest.raises(TypeError, match="not one string"):
        scoresheet.read_tables(b"1. e4 *", columns="san")


def sample(corpus, games, Visitor=chess.pgn.GameBuilder):
    """(game row, python-chess game) for every 8th game (every game with
    SCORESHEET_FULL_TESTS=1), each game's text cut from the input at its source_offset and read
    by python-chess with `Visitor`."""
    offsets = [g["source_offset"] for g in games]
    for i, text in game_texts(corpus, offsets, stride(8)):
        yield games[i], chess.pgn.read_game(io.StringIO(text), Visitor=Visitor)


def piece_code(piece):
    """Our board code of a python-chess piece: 0 none, 1-6 White pawn to king, 7-12 Black's."""
    if piece is None:
        return 0
    return piece.piece_type + (0 if piece.color == chess.WHITE else 6)


def test_board_castling_en_passant_equal_python_chess(corpus):
    tables = scoresheet.read_tables(
        corpus, columns=["source_offset", "ply_count", "board", "castling", "en_passant"])
    games = tables.games.to_pylist()
    boards = tables.moves["board"].combine_chunks()
    # The documented route to NumPy: no copy, (plies, 64) uint8.
    codes = boards.flatten().to_numpy().reshape(-1, 64)
    assert codes.dtype.name == "uint8" and codes.shape == (tables.moves.num_rows, 64)
    castling = tables.moves["castling"].to_pylist()
    en_passant = tables.moves["en_passant"].to_pylist()
    first = {}
    row = 0
    for g in games:
        first[g["source_offset"]] = row
        row += g["ply_count"]
    checked = 0
    for g, game in sample(corpus, sorted(games, key=lambda g: g["source_offset"])):
        board = game.board()
        row = first[g["source_offset"]]
        nodes = list(game.mainline())
        assert len(nodes) == g["ply_count"]
        for node in nodes:
            board.push(node.move)
            want = [piece_code(board.piece_at(sq)) for sq in chess.SQUARES]
            assert codes[row].tolist() == want, (g["source_offset"], node.ply())
            assert castling[row] == board.fen().split()[2]
            ep = board.fen(en_passant="legal").split()[3]
            assert en_passant[row] == (None if ep == "-" else ep[0])
            row += 1
            checked += 1
    assert checked >= 10_000


def test_scan_tables_reads_only_what_the_query_uses(corpus, monkeypatch):
    """A Polars query over scan_tables asks the reader for the columns it uses and no
    other, and gives what read_tables gives."""
    pl = pytest.importorskip("polars")
    asked = []
    stream_tables = scoresheet.stream_tables

    def spy(*args, **kwargs):
        asked.append(kwargs.get("columns"))
        return stream_tables(*args, **kwargs)

    monkeypatch.setattr(scoresheet, "stream_tables", spy)
    lazy = scoresheet.scan_tables(corpus)
    assert asked == []  # nothing read before collect
    got = lazy.select("san").filter(pl.col("san") == "e4").collect()
    assert asked == [["san"]]
    moves = scoresheet.read_tables(corpus, columns=["san"]).moves
    want = sum(1 for s in moves["san"].to_pylist() if s == "e4")
    assert got.height == want > 0 and got.columns == ["san"]
    # A filter on a column not selected reads that column too; head stops early.
    asked.clear()
    first = lazy.filter(pl.col("ply") == 1).select("to_square").head(5).collect()
    assert [sorted(c) for c in asked] == [["ply", "to_square"]]
    assert first["to_square"].cast(pl.Utf8).to_list() == (
        pl.from_arrow(scoresheet.read_tables(corpus, columns=["ply", "to_square"]).moves)
        .filter(pl.col("ply") == 1)["to_square"].cast(pl.Utf8).head(5).to_list())
    games = scoresheet.scan_tables(corpus, table="games").select(pl.len()).collect()
    assert games.item() == scoresheet.read_tables(corpus, columns=["ply"]).games.num_rows


@pytest.mark.parametrize("tag,marker,want", [
    ("?", "1-0", "1-0"), ("*", "0-1", "0-1"), ("1-0", "*", "1-0"), ("?", "*", "*"),
    ("1/2-1/2", "1-0", "1/2-1/2"), (None, "1/2-1/2", "1/2-1/2"),
])
def test_one_result_rule_in_every_reader(tmp_path, tag, marker, want):
    """The documented rule (a decided Result tag, else a decided marker, else *) in every
    reader of the package."""
    tags = '[Event "e"]\n' + (f'[Result "{tag}"]\n' if tag is not None else "")
    pgn = (tags + f"\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {marker}\n\n").encode()
    games, _ = scoresheet.read_tables(pgn, columns=["result"])
    assert games["result"].to_pylist() == [want]
    assert [g.result for g in scoresheet.read_games(pgn)] == [want]
    records = list(scoresheet.egd(pgn))
    assert [r["game_tags"]["Result"] for r in records] == [want], records


# Every default column of the two tables, in order: the test below checks each of them (a
# column added to the defaults fails it until it is checked too).
GAMES_DEFAULT = [
    "game_id", "event", "site", "date", "round", "white", "black", "result", "white_elo",
    "black_elo", "eco", "opening", "opening_eco", "opening_name", "termination", "time_control",
    "base_seconds", "increment_seconds", "utc_timestamp", "ply_count", "start_fen", "tags",
    "source_file", "source_offset",
]
MOVES_DEFAULT = [
    "game_id", "ply", "move_number", "side", "san", "uci", "from_square", "to_square", "piece",
    "captured", "promotion", "move_type", "is_check", "is_mate", "clock_seconds", "emt_seconds",
    "eval_cp", "eval_mate", "position_key", "halfmove_clock", "repetition",
]
ROSTER = {"Event": "event", "Site": "site", "Date": "date", "Round": "round", "White": "white",
          "Black": "black"}
SEVEN_TAGS = {*ROSTER, "Result"}
DECIDED = ("1-0", "0-1", "1/2-1/2")
OPENINGS = (pathlib.Path(__file__).resolve().parents[2]
            / "crates" / "scoresheet-pgn" / "data" / "openings")


class RawGameBuilder(chess.pgn.GameBuilder):
    """python-chess's game without the seven-tag roster filled in (a missing tag stays
    missing), with the tags as the text gives them, in order (`raw_tags`), and the mainline's
    termination marker (`marker`, None when there is none): python-chess's headers change
    `Result` to the marker when the tag is `*` or missing."""

    def __init__(self):
        super().__init__(Game=chess.pgn.Game.without_tag_roster)

    def begin_game(self):
        super().begin_game()
        self.game.raw_tags = []
        self.game.marker = None

    def visit_header(self, tagname, tagvalue):
        self.game.raw_tags.append((tagname, tagvalue))
        super().visit_header(tagname, tagvalue)

    def visit_result(self, result):
        self.game.marker = result
        super().visit_result(result)


def egd_code(piece, square):
    """EGD's uncoloured piece code (`p N Bl Bd R Q K`), a bishop by the colour of `square`."""
    if piece == chess.BISHOP:
        return "Bl" if chess.BB_SQUARES[square] & chess.BB_LIGHT_SQUARES else "Bd"
    return "pNBRQK"[piece - 1]


# The comment commands as `scoresheet_pgn::annotation` documents them (its grammar): python-chess
# reads the first command of a comment, we write the last (`egd::json`: "When a move's comments
# hold a clock, elapsed time or evaluation more than once, the last one is written"); python-chess
# reads a clock as a float sum, we keep milliseconds exactly and write them over 1000.
WS = r"[ \t\r\n\f]"
TIME_COMMAND = r"\[%{}" + WS + r"+(\d+):(\d{{1,2}}):(\d{{1,2}})(?:\.(\d{{0,3}}))?" + WS + r"*\]"
CLK = re.compile(TIME_COMMAND.format("clk"), re.ASCII)
EMT = re.compile(TIME_COMMAND.format("emt"), re.ASCII)
EVAL = re.compile(r"\[%eval" + WS + r"+(?:#([+-]?\d+)|([+-]?(?:\d+(?:\.\d*)?|\.\d+)))"
                  r"(?:,(\d+))?" + WS + r"*\]", re.ASCII)


def time_command(regex, comment):
    """The last well-formed clock or elapsed time of the comment, seconds (ms / 1000)."""
    value = None
    for hours, minutes, seconds, fraction in regex.findall(comment):
        if int(hours) <= 999_999 and int(minutes) < 60 and int(seconds) < 60:
            ms = ((int(hours) * 60 + int(minutes)) * 60 + int(seconds)) * 1000
            value = (ms + int((fraction or "").ljust(3, "0"))) / 1000
    return value


def eval_command(comment):
    """(centipawns, mate) of the last well-formed evaluation: pawns times 100, rounded half
    away from zero past two decimals; a mate as written (`#-3` is -3)."""
    value = (None, None)
    for mate, pawns, depth in EVAL.findall(comment):
        if depth and int(depth) > 4_294_967_295:
            continue
        if mate:
            number, candidate = int(mate), (None, int(mate))
        else:
            cp = (decimal.Decimal(pawns) * 100).quantize(0, rounding=decimal.ROUND_HALF_UP)
            number, candidate = int(cp), (int(cp), None)
        if -2**31 <= number < 2**31:  # out of range: stays in the text (never in the corpus)
            value = candidate
    return value


def timestamp_of(tags):
    """`utc_timestamp` as `scoresheet_pgn::tag_value::utc_timestamp` documents it: `UTCDate`
    with `UTCTime` (midnight when the time is missing or not `HH:MM:SS`), else `Date` at
    midnight; a date complete `YYYY.MM.DD` (also `-` or `/`) and valid, else None (Python's
    calendar starts at year 1, ours at 0: no such date in the corpus)."""
    def day(text):
        m = re.fullmatch(r"(\d{4})([./-])(\d\d)\2(\d\d)", (text or "").strip(), re.ASCII)
        try:
            return m and datetime.datetime(int(m[1]), int(m[3]), int(m[4]),
                                           tzinfo=datetime.timezone.utc)
        except ValueError:
            return None

    utc = day(tags.get("UTCDate"))
    if utc:
        t = re.fullmatch(r"(\d\d):(\d\d):(\d\d)", (tags.get("UTCTime") or "").strip(), re.ASCII)
        if t and int(t[1]) < 24 and int(t[2]) < 60 and int(t[3]) < 60:
            utc += datetime.timedelta(hours=int(t[1]), minutes=int(t[2]), seconds=int(t[3]))
        return utc
    return day(tags.get("Date"))


def time_control_of(text):
    """(base, increment) of `base` or `base+increment` (increment 0 when not written), as
    `tag_value::TimeControl::parse` documents it; (None, None) for any other form."""
    m = re.fullmatch(r"(\d+)(?:\+(\d+))?", text.strip(), re.ASCII) if text is not None else None
    if not m or int(m[1]) >= 2**31 or int(m[2] or 0) >= 2**31:
        return None, None
    return int(m[1]), int(m[2] or 0)


def elo_of(text):
    """A rating: 1 to 5 ASCII digits, surrounding spaces allowed."""
    m = re.fullmatch(r"[0-9]{1,5}", text.strip()) if text is not None else None
    return int(m[0]) if m else None


def repetition_key(board):
    """A position as `repetition` compares them: pieces, side to move, castling rights and the
    en-passant square only where a capture is legal."""
    return tuple(board.fen(en_passant="legal").split()[:4])


def opening_key(board):
    """A position as the openings table keys it: placement, side to move, castling rights."""
    return " ".join(board.fen().split()[:3])


@pytest.fixture(scope="module")
def openings_table():
    """The shipped openings table read from its data files (`eco`, `name`, `pgn` from the
    start position; files by name, rows in order), replayed with python-chess:
    position -> (eco, name)."""
    table = {}
    for path in sorted(OPENINGS.glob("*.tsv")):
        lines = path.read_text(encoding="utf-8").splitlines()
        assert lines[0] == "eco\tname\tpgn"
        for line in lines[1:]:
            eco, name, pgn = line.split("\t")
            board = chess.Board()
            for token in pgn.split():
                if not token[0].isdigit():
                    board.push_san(token)
            # Several rows reaching one position: the first one read names it (the
            # format's docs, `select/openings/table.rs`).
            table.setdefault(opening_key(board), (eco, name))
    assert len(table) > 3_000
    return table


def test_every_default_column_equals_python_chess(corpus, openings_table):
    """Every value of every default column, games and moves, equals what python-chess and our
    documented rules give, game by game and ply by ply, on the sample of `sample()`."""
    tables = scoresheet.read_tables(corpus, threads=2)
    games_table, moves_table = tables
    assert games_table.column_names == GAMES_DEFAULT
    assert moves_table.column_names == MOVES_DEFAULT
    assert len(tables.rejected) == 0
    games = games_table.to_pylist()

    # source_offset: each game's first byte; every game of the corpus starts with its Event tag.
    data = pathlib.Path(corpus).read_bytes()
    starts = [m.start() for m in re.finditer(rb"^\[Event ", data, re.MULTILINE)]
    assert [g["source_offset"] for g in games] == starts
    assert {g["source_file"] for g in games} == {str(corpus)}
    # The moves of each game are consecutive rows, in the games' order.
    first, row = {}, 0
    for g in games:
        first[g["source_offset"]] = row
        row += g["ply_count"]
    assert row == moves_table.num_rows
    ids = moves_table["game_id"].to_numpy()

    sampled = list(sample(corpus, games, Visitor=RawGameBuilder))
    rows = [first[g["source_offset"]] + i for g, _ in sampled for i in range(g["ply_count"])]
    moves = moves_table.take(rows).to_pylist()

    # game_id: XXH3 of the sorted tags, start FEN and SAN moves (no XXH3 here to recompute it):
    # it is the same on every row of a game, and two games share an id exactly when those agree.
    content_of_id = {}
    checked = 0
    cases = collections.Counter()  # the kinds of value the sample holds (it must hold each)
    at = 0
    for g, game in sampled:
        where = g["source_offset"]
        nodes = list(game.mainline())
        assert not game.errors, (where, game.errors)
        tags = dict(game.raw_tags)
        assert len(tags) == len(game.raw_tags), (where, "a tag given twice")

        # games: the tags as written, their typed values, the result rule.
        for tag, column in ROSTER.items():
            assert g[column] == tags.get(tag), (where, column)
        for tag, column in [("ECO", "eco"), ("Opening", "opening"), ("Termination", "termination"),
                            ("TimeControl", "time_control")]:
            assert g[column] == tags.get(tag), (where, column)
        assert g["tags"] == [(k, v) for k, v in game.raw_tags if k not in SEVEN_TAGS], where
        tag_result = tags.get("Result")
        want_result = (tag_result if tag_result in DECIDED
                       else game.marker if game.marker in DECIDED else "*")
        assert g["result"] == want_result, where
        assert g["white_elo"] == elo_of(tags.get("WhiteElo")), where
        assert g["black_elo"] == elo_of(tags.get("BlackElo")), where
        assert (g["base_seconds"], g["increment_seconds"]) == time_control_of(
            tags.get("TimeControl")), where
        assert g["utc_timestamp"] == timestamp_of(tags), where
        assert g["ply_count"] == len(nodes), where
        board = game.board()
        # The start FEN with its en-passant square as the FEN tag writes it (python-chess keeps it).
        assert g["start_fen"] == board.fen(en_passant="fen"), where

        # moves, ply by ply; the openings search on the way (positions after plies 1 to 40, the
        # start position too: the last one the table names).
        opening = openings_table.get(opening_key(board))
        seen = collections.Counter([repetition_key(board)])
        sans = []
        for ply, node in enumerate(nodes, 1):  # (python-chess's node.ply() counts from a FEN's)
            m = moves[at]
            at += 1
            move = node.move
            here = (where, ply)
            assert m["game_id"] == g["game_id"], here
            assert m["ply"] == ply, here
            assert m["move_number"] == board.fullmove_number, here
            assert m["side"] == ("w" if board.turn == chess.WHITE else "b"), here
            san = board.san(move)  # canonical, with + or # from the position, as ours
            assert m["san"] == san, here
            sans.append(san)
            assert m["uci"] == move.uci(), here  # standard chess: castling e1g1
            assert m["from_square"] == chess.square_name(move.from_square), here
            assert m["to_square"] == chess.square_name(move.to_square), here
            assert m["piece"] == egd_code(board.piece_type_at(move.from_square),
                                          move.from_square), here
            if board.is_en_passant(move):
                captured = "p"
            elif board.is_capture(move):
                captured = egd_code(board.piece_type_at(move.to_square), move.to_square)
            else:
                captured = None
            assert m["captured"] == captured, here
            assert m["promotion"] == (egd_code(move.promotion, move.to_square)
                                      if move.promotion else None), here
            if board.is_castling(move):
                kind = "short_castle" if board.is_kingside_castling(move) else "long_castle"
            elif move.promotion:
                kind = "promotion_capture" if captured else "promotion"
            elif board.is_en_passant(move):
                kind = "ep_capture"
            else:
                kind = "capture" if captured else "move"
            assert m["move_type"] == kind, here
            cases[kind] += 1

            board.push(move)
            assert m["is_check"] == board.is_check(), here
            assert m["is_mate"] == board.is_checkmate(), here
            assert m["halfmove_clock"] == board.halfmove_clock, here
            key = chess.polyglot.zobrist_hash(board)
            assert m["position_key"] & 0xFFFF_FFFF_FFFF_FFFF == key, here
            assert m["position_key"] == key - (1 << 64 if key >= 1 << 63 else 0), here
            # repetition: this position's occurrences in the game so far (the start counted),
            # positions equal in pieces, side to move, castling rights and the en-passant
            # square only where a capture is legal (`egd::json`'s definition).
            position = repetition_key(board)
            seen[position] += 1
            assert m["repetition"] == seen[position], here
            cases["mate"] += board.is_checkmate()
            cases["check"] += board.is_check()
            cases["repetition 3"] += seen[position] >= 3
            cases["legal en passant"] += position[3] != "-"
            cases["promotion to a bishop or knight"] += move.promotion in (
                chess.BISHOP, chess.KNIGHT)
            if ply <= 40:
                opening = openings_table.get(opening_key(board), opening)

            # Comment commands: the comments after the move in the mainline (python-chess's
            # node.comment; those before the first move are the game's, recorded by neither).
            comment = node.comment
            clock, emt = time_command(CLK, comment), time_command(EMT, comment)
            assert m["clock_seconds"] == clock, here
            assert m["emt_seconds"] == emt, here
            assert (m["eval_cp"], m["eval_mate"]) == eval_command(comment), here
            # The same reading as python-chess's where there is one command of each.
            if len(CLK.findall(comment)) == 1:
                assert node.clock() == pytest.approx(clock, abs=1e-9), here
            if len(EVAL.findall(comment)) == 1:
                score = node.eval().white()
                assert (score.score(), score.mate()) == eval_command(comment), here
            cases["clock"] += clock is not None
            cases["clock with tenths"] += clock is not None and clock != int(clock)
            cases["eval_cp"] += m["eval_cp"] is not None
            cases["eval_mate < 0"] += (m["eval_mate"] or 0) < 0
            cases["eval_mate > 0"] += (m["eval_mate"] or 0) > 0
            checked += 1

        assert (g["opening_eco"], g["opening_name"]) == (opening or (None, None)), where
        cases["opening named" if opening else "no opening"] += 1
        cases["FEN tag"] += "FEN" in tags
        cases["UTCTime"] += "UTCTime" in tags
        cases["Date only"] += "UTCDate" not in tags and g["utc_timestamp"] is not None
        cases["no timestamp"] += g["utc_timestamp"] is None
        cases["rating not a number"] += "WhiteElo" in tags and g["white_elo"] is None
        cases["TimeControl base only"] += g["base_seconds"] is not None and "+" not in tags[
            "TimeControl"]
        cases["TimeControl base+increment"] += g["increment_seconds"] is not None
        cases["no TimeControl"] += "TimeControl" not in tags
        # game_id: one per game, and equal ids exactly for equal content.
        content = (tuple(sorted((k, v) for k, v in game.raw_tags if k != "Result")),
                   want_result, board.root().fen(en_passant="fen"), tuple(sans))
        assert content_of_id.setdefault(g["game_id"], content) == content, where
        assert 0 <= g["game_id"] < 2**63
        row0 = first[where]
        assert (ids[row0:row0 + len(nodes)] == g["game_id"]).all(), where
    assert at == len(moves)
    assert len(set(content_of_id.values())) == len(content_of_id)
    assert checked >= 10_000 and len(sampled) >= 400
    # Every kind of value is met (the sample has no FEN tag, hence no game without an
    # opening, and no underpromotion: the whole corpus has 18 and 8).
    rare = {"FEN tag", "no opening", "promotion to a bishop or knight"}
    kinds = {"move", "capture", "ep_capture", "promotion", "promotion_capture", "short_castle",
             "long_castle", "check", "mate", "repetition 3", "legal en passant", "clock",
             "clock with tenths", "eval_cp", "eval_mate < 0", "eval_mate > 0", "opening named",
             "UTCTime", "Date only", "no timestamp", "rating not a number",
             "TimeControl base only", "TimeControl base+increment", "no TimeControl",
             *(rare if FULL_TESTS else ())}
    assert {k for k in kinds if cases[k] == 0} == set(), cases
