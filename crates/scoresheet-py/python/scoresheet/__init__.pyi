"""Typed API of scoresheet (see the docstrings in __init__.py and the README's Python section)."""

import os
from typing import IO, Any, Iterator, List, Literal, Optional, Sequence, Tuple, Union, overload

import numpy

import pyarrow

from ._errors import (
    IllegalMoveError as IllegalMoveError,
    ParseError as ParseError,
    PgnError as PgnError,
    RejectedGameWarning as RejectedGameWarning,
    Rejection as Rejection,
    ScoresheetError as ScoresheetError,
)

__version__: str

Source = Union[
    str, os.PathLike[str], bytes, bytearray, memoryview, IO[bytes],
    pyarrow.Table, pyarrow.RecordBatch, pyarrow.RecordBatchReader, pyarrow.ChunkedArray,
    pyarrow.Array,
]
"""A PGN source: a path (plain, .gz, .zst, .bz2; compression told by content; "-" is standard
input), bytes, or a binary file object; or a table of games, one per row: a Parquet file (a
path or bytes, told by content), a pyarrow ``Table``, ``RecordBatch``, ``RecordBatchReader``
(anything with ``__arrow_c_stream__``), or a ``ChunkedArray``/``Array`` of movetext. A table's
``movetext`` column (or the one every reader's ``movetext_column=`` names) holds each game's
movetext (or whole PGN), the other columns are its tags (``scoresheet_export::table_input``);
game N is row N-1, and messages about it say so (``row 4: game 5 ...``, ``Rejection.row``). A
table without that column, or with a column that cannot be a tag, raises ``ValueError`` naming
the column before any row is read. A ``str`` is always a path: pass PGN
text as bytes (``text.encode()``). A path that cannot be opened raises ``FileNotFoundError``,
``IsADirectoryError`` or ``PermissionError`` (``errno``, ``filename``)."""

OpeningsPaths = Union[str, os.PathLike[str], Sequence[Union[str, os.PathLike[str]]]]
"""The ``openings`` argument of ``read_tables`` and ``stream_tables``: a path or paths, each a
TSV file of the lichess chess-openings format or a directory of ``*.tsv`` files."""

class Tables(Tuple[pyarrow.Table, pyarrow.Table]):
    """(games, moves), with the games left out in ``rejected``."""

    rejected: List[Rejection]
    @property
    def games(self) -> pyarrow.Table:
        """One row per game read (schema version 2 of ``scoresheet export``)."""
    @property
    def moves(self) -> pyarrow.Table:
        """One row per mainline ply of a game read; ``san``, ``uci``, the squares and codes
        are dictionaries (a ``san`` or ``uci`` key is the move's token id)."""

def read_tables(
    source: Source,
    *,
    threads: Optional[int] = None,
    fen: bool = False,
    errors: Literal["skip", "raise"] = "skip",
    where: Optional[str] = None,
    movetext_column: Optional[str] = None,
    openings: Optional[OpeningsPaths] = None,
    max_game_bytes: Optional[int] = None,
    columns: Optional[Sequence[str]] = None,
) -> Tables:
    """The ``games`` and ``moves`` tables of ``scoresheet export`` (``fen`` adds
    ``fen_after``), built by ``threads`` workers (default: the cores available; the
    tables are the same for any count) with the GIL released: ``stream_tables`` collected.
    Rejected games: warned (``RejectedGameWarning``) and listed in ``rejected``, or
    ``PgnError`` with ``errors="raise"``. ``where``: only the games whose tags satisfy this
    expression (``scoresheet select --where``); ``ValueError`` when it does not read.
    ``movetext_column``: a table source's movetext column (default ``movetext``).
    ``openings``: your table (paths of lichess-format TSV files or directories of them, read
    in order) names ``opening_eco``/``opening_name`` instead of the shipped one, as
    ``--openings`` does; a path that cannot be read raises ``OSError``
    (``FileNotFoundError``), a table that does not read ``ValueError`` naming the file, line
    and byte. A table is kept for the rest of the process once."""

class TableStream(Iterator[Tuple[pyarrow.RecordBatch, pyarrow.RecordBatch]]):
    """The stream of ``stream_tables(table=None)``: ``(games, moves)`` pairs of record
    batches holding the same games, read by a thread of its own as they are taken."""

    @property
    def games_schema(self) -> pyarrow.Schema:
        """The ``games`` table's schema (every ``games`` batch has it)."""
    @property
    def moves_schema(self) -> pyarrow.Schema:
        """The ``moves`` table's schema (every ``moves`` batch has it)."""
    @property
    def rejected(self) -> List[Rejection]:
        """The games rejected so far (``errors="skip"``), as their batches were taken."""
    @property
    def games_read(self) -> int:
        """The games in the batches taken so far."""
    @property
    def not_selected(self) -> int:
        """The games left out by ``where`` so far."""
    @property
    def source(self) -> str:
        """The source's name, as in messages."""
    def reader(self, table: Literal["games", "moves"]) -> pyarrow.RecordBatchReader:
        """One table's batches, read from this stream (the other table's are dropped)."""
    def close(self) -> None:
        """Stops reading: the reading thread has ended when this returns."""
    def __enter__(self) -> TableStream: ...
    def __exit__(self, *exc: Any) -> bool: ...
    def __iter__(self) -> TableStream: ...
    def __next__(self) -> Tuple[pyarrow.RecordBatch, pyarrow.RecordBatch]: ...

@overload
def stream_tables(
    source: Source,
    *,
    table: Literal["games", "moves"],
    threads: Optional[int] = None,
    fen: bool = False,
    errors: Literal["skip", "raise"] = "skip",
    where: Optional[str] = None,
    movetext_column: Optional[str] = None,
    openings: Optional[OpeningsPaths] = None,
    max_game_bytes: Optional[int] = None,
    columns: Optional[Sequence[str]] = None,
) -> pyarrow.RecordBatchReader: ...
@overload
def stream_tables(
    source: Source,
    *,
    table: None = None,
    threads: Optional[int] = None,
    fen: bool = False,
    errors: Literal["skip", "raise"] = "skip",
    where: Optional[str] = None,
    movetext_column: Optional[str] = None,
    openings: Optional[OpeningsPaths] = None,
    max_game_bytes: Optional[int] = None,
    columns: Optional[Sequence[str]] = None,
) -> TableStream:
    """The tables of ``read_tables`` as record batches, memory bounded by the batches in
    flight (a few per thread), not by the input: with ``table``, a
    ``pyarrow.RecordBatchReader`` of that table (for DuckDB, Polars, pyarrow.dataset, a
    training loop); without, a ``TableStream`` of ``(games, moves)`` pairs. Arguments as for
    ``read_tables``. The input is opened and the ``openings`` table read at once
    (``FileNotFoundError``, or ``ValueError`` for a bad table, here); a rejected game
    is warned about as its batch is taken, or raises ``PgnError`` there with
    ``errors="raise"``; errors keep their types through the reader; the stream ends at the
    first error. Ctrl-C raises ``KeyboardInterrupt``. Dropping the reader or the stream, or
    the stream's ``close()`` or ``with`` block, stops the reading thread (a
    ``RecordBatchReader``'s own ``close()`` does not: pyarrow keeps the iterator it reads
    until the reader is dropped)."""

class Ply:
    """One mainline move of a ``Game``."""

    ply: int
    """1 for the game's first move."""
    san: str
    """SAN with ``+``/``#`` as the standard writes it (``--`` for a null move)."""
    uci: str
    """UCI: ``e2e4``, ``e7e8q``, castling ``e1g1`` (``e1h1`` in Chess960), ``0000`` for a null move."""
    clock: Optional[float]
    """``[%clk]`` after the move: the mover's clock, in seconds."""
    emt: Optional[float]
    """``[%emt]``: the time the move took, in seconds."""
    eval_cp: Optional[int]
    """``[%eval]`` in centipawns, White's point of view."""
    eval_mate: Optional[int]
    """``[%eval #n]``: mate in n, negative when Black mates."""
    comment: Optional[str]
    """The comments' text after the move, commands cut out, joined by a space."""
    nags: List[int]
    """The NAGs after the move (glyphs as their numbers: ``!`` is 1, ``?!`` is 6)."""
    line: int
    """Line of the move token, from 1."""
    column: int
    """Column of the move token, from 1, in bytes."""
    byte: int
    """Byte offset of the move token in the (decompressed) input."""

class Game:
    """A replayed game: tags, start position, result, mainline, where it is in the input."""

    @property
    def tags(self) -> dict[str, str]:
        """The tag pairs, in file order (of a repeated tag, the first)."""
    @property
    def start_fen(self) -> str:
        """The position before the first move (from the FEN tag, else the standard one)."""
    @property
    def result(self) -> str:
        """The Result tag, else the termination marker, else ``*``."""
    @property
    def plies(self) -> List[Ply]:
        """The mainline (a new list at each access)."""
    @property
    def number(self) -> int:
        """The game's number in the input, from 1 (rejected games counted)."""
    @property
    def line(self) -> int:
        """The line on which the game starts."""
    @property
    def byte(self) -> int:
        """The byte offset of the game's first byte in the (decompressed) input."""
    def sans(self) -> List[str]:
        """The mainline in SAN."""
    def ucis(self) -> List[str]:
        """The mainline in UCI."""
    def fens(self, en_passant: Literal["always", "legal"] = "always") -> List[str]:
        """The FEN after each ply; ``en_passant="legal"`` writes the square only when a
        capture is legal (as python-chess's ``Board.fen()``)."""
    def __len__(self) -> int: ...

class Games(Iterator[Game]):
    """The iterator of ``read_games``."""

    @property
    def rejected(self) -> List[Rejection]:
        """The games rejected so far (``errors="skip"``)."""
    @property
    def games_read(self) -> int:
        """The games yielded so far."""
    @property
    def not_selected(self) -> int:
        """The games left out by ``where`` so far."""
    @property
    def source(self) -> str:
        """The source's name, as messages give it."""
    def __iter__(self) -> Games: ...
    def __next__(self) -> Game: ...

def scan_tables(
    source: Source,
    *,
    table: Literal["games", "moves"] = "moves",
    columns: Optional[Sequence[str]] = None,
    threads: Optional[int] = None,
    fen: bool = False,
    errors: Literal["skip", "raise"] = "skip",
    where: Optional[str] = None,
    movetext_column: Optional[str] = None,
    openings: Optional[OpeningsPaths] = None,
) -> Any:
    """One table of ``read_tables`` as a ``polars.LazyFrame``: only the columns a query uses
    are read (and only their facts computed); filters apply batch by batch as it streams."""
    ...

def read_games(
    source: Source,
    *,
    errors: Literal["skip", "raise"] = "skip",
    where: Optional[str] = None,
    movetext_column: Optional[str] = None,
    max_game_bytes: Optional[int] = None,
) -> Games:
    """Replays the games of ``source`` (the library's replay layer, as every command);
    with ``where`` (an expression of ``scoresheet select --where``) only the games whose
    tags satisfy it, the others never replayed and counted in ``not_selected``. A
    game that cannot be replayed is warned about and listed in ``.rejected`` (``"skip"``) or
    raises ``PgnError`` (``"raise"``); iteration goes on after it. Games in = games yielded +
    games rejected + games not selected. An input that cannot be read on raises after the games before it, as in
    ``read_tables``: ``OSError`` for an I/O error (a damaged compressed file), ``PgnError``
    for UTF-16. Each game is read with the GIL released; Ctrl-C interrupts.
    ``max_game_bytes`` (default 64 MiB) caps a game's size as in ``read_tables``."""

class EgdRecords(Iterator[dict[str, Any]]):
    """The iterator of ``egd``: one EGD record (a dict) per game converted."""

    @property
    def rejected(self) -> List[Rejection]:
        """The games rejected so far (``errors="skip"``)."""
    @property
    def not_selected(self) -> int:
        """The games left out by ``where`` so far."""
    def __iter__(self) -> EgdRecords: ...
    def __next__(self) -> dict[str, Any]: ...

def egd(
    source: Source,
    *,
    extended: bool = False,
    errors: Literal["skip", "raise"] = "skip",
    where: Optional[str] = None,
    movetext_column: Optional[str] = None,
    max_game_bytes: Optional[int] = None,
) -> EgdRecords:
    """EGD records, the objects ``scoresheet egd`` writes (format specified in the
    ``scoresheet_pgn::egd::json`` docs), as dicts; ``extended`` as ``--extended``. Rejected
    games, an input that cannot be read on, ``where`` and ``max_game_bytes``, as for
    ``read_games``."""

Notation = str
"""A notation name, as the command-line tool's flags take them: ``san``, ``lan``, ``uci``,
``eran``, ``eran-short``, ``quantum``, ``quantum-recirq`` (ReCirq's ``g1f3:JUMP:BASIC``),
``figurine``, ``figurine-black``, ``figurine-side``, ``iccf``, ``smith``, and ``san-CODE``/``lan-CODE`` (ISO 639-1: ``san-de``, ``lan-ru``)."""

def convert(
    moves: List[str],
    *,
    from_: Notation,
    to: Notation,
    fen: Optional[str] = None,
    chess960: bool = False,
    lang: Optional[str] = None,
) -> List[str]:
    """Plays ``moves`` (read leniently in ``from_``) from ``fen`` (else the start position)
    and writes each in ``to``, as ``scoresheet convert``. ``chess960`` writes castling as king
    takes rook; ``lang`` gives SAN and LAN a language's piece letters. Raises ``ParseError``
    or ``IllegalMoveError`` at the first bad move."""

class Position:
    """A legal position (standard chess or Chess960)."""

    def __init__(self, fen: Optional[str] = None, *, chess960: bool = False) -> None:
        """The position of ``fen`` (strict; ``ParseError`` with notation ``fen`` when it does
        not parse or is illegal), else the start position."""
    def fen(self, en_passant: Literal["always", "legal"] = "always") -> str:
        """The FEN (en-passant square after any double push, or only when capturable)."""
    def legal_moves(self, notation: Notation = "uci") -> List[str]:
        """Every legal move written in ``notation``, sorted by UCI."""
    def play(self, move_: str, notation: Notation = "san") -> str:
        """Plays a move; returns it in UCI. ``ParseError``/``IllegalMoveError`` if it is not
        one legal move."""
    def format(self, move_: str, notation: Notation) -> str:
        """Writes a legal move given in UCI in ``notation``."""
    def parse(self, move_: str, notation: Notation = "san") -> str:
        """Reads a move written in ``notation``; returns it in UCI."""
    @property
    def turn(self) -> Literal["w", "b"]:
        """The side to move."""
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_stalemate(self) -> bool: ...
    def copy(self) -> Position: ...

class Vocabulary:
    """Every string a notation can write for a legal move, in token-id order. A sequence of
    those strings: ``len(v)``, ``s in v``, ``v[5]`` (the string of token id 5; negative
    indexes count from the end), ``list(v)``, ``v.index(s)`` (the token id of ``s``)."""

    @property
    def name(self) -> str:
        """``san``, ``san+``, ``uci``, ``lan``, ``lan+``, ``eran`` or ``eran-short``."""
    def strings(self) -> List[str]:
        """The strings, id 0 first."""
    def token_id(self, s: str) -> Optional[int]: ...
    def token_str(self, id: int) -> Optional[str]: ...
    def witness(self, s: str) -> Optional[Tuple[str, str]]:
        """``(fen, uci)``: a legal position and the move written ``s`` there."""
    def __len__(self) -> int: ...
    def __contains__(self, s: str) -> bool: ...
    def __getitem__(self, index: int) -> str:
        """The string of token id ``index`` (negative: from the end). ``IndexError`` past
        either end."""
    def __iter__(self) -> Iterator[str]:
        """The strings, id 0 first."""
    def index(self, s: str) -> int:
        """The token id of ``s``. ``ValueError`` when ``s`` is not in the vocabulary."""

def vocab(name: str, with_symbols: bool = False) -> Vocabulary:
    """The vocabulary ``name`` (``san``, ``uci``, ``lan``, ``eran``, ``eran-short``;
    ``with_symbols`` or ``san+``/``lan+`` for SAN and LAN with ``+``/``#``), as ``scoresheet
    vocab``."""

def tokenize(moves: Union[Sequence[str], Game], vocab: Union[Vocabulary, str]) -> numpy.ndarray:
    """Token ids (int32) of moves, or of a game's mainline (SAN, or UCI with standard
    castling, as ``scoresheet tokenize``). ``ValueError`` for a move not in the vocabulary."""

def detokenize(ids: Sequence[int], vocab: Union[Vocabulary, str]) -> List[str]:
    """The strings of token ids. ``ValueError`` for an id past the vocabulary."""

UNK_TOKEN: str
PAD_TOKEN: str

def write_hf_tokenizer(vocab: Union[Vocabulary, str], path: Union[str, os.PathLike[str]]) -> None:
    """Writes a Hugging Face ``tokenizer.json`` (WordLevel, WhitespaceSplit; ids as
    ``tokenize``; ``[UNK]`` = ``len(vocab)``, ``[PAD]`` = ``len(vocab) + 1``)."""
