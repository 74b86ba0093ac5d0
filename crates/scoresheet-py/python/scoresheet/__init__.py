"""scoresheet: chess games at Rust speed.

Read PGN (plain, gzip, zstd, bzip2) into the Arrow tables of ``scoresheet export``
(``read_tables``; as a stream of record batches, ``stream_tables``) or as replayed games
(``read_games``). Every game the command-line tool
accepts is read, every game it rejects is reported with the same message: games in = games
read + games reported.

>>> import scoresheet
>>> games, moves = scoresheet.read_tables(b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")
>>> moves.column("san").to_pylist()[-1]
'Qxf7#'
"""

from __future__ import annotations

import json
import os
from typing import IO, TYPE_CHECKING, Any, List, Literal, Optional, Sequence, Union

from . import _scoresheet
from ._errors import (
    IllegalMoveError,
    ParseError,
    PgnError,
    RejectedGameWarning,
    Rejection,
    ScoresheetError,
)
from ._scoresheet import (
    EgdRecords,
    Game,
    Games,
    Ply,
    Position,
    TableStream,
    Vocabulary,
    convert,
    detokenize,
    egd,
    read_games,
    vocab,
)

if TYPE_CHECKING:
    import numpy
    import pyarrow

__version__: str = _scoresheet.__version__

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes]]

OpeningsPaths = Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]]
"""The ``openings`` argument of ``read_tables`` and ``stream_tables``: a path, or paths."""


def _opening_paths(openings: Optional[OpeningsPaths]) -> Optional[List[str]]:
    """``openings`` as a list of paths (``None`` stays ``None``)."""
    if openings is None:
        return None
    if isinstance(openings, (str, bytes, os.PathLike)):
        openings = [openings]
    return [os.fsdecode(path) for path in openings]


class Tables(tuple):
    """``(games, moves)``: the two pyarrow Tables, plus ``rejected``, the games left out.

    Unpacks as a pair: ``games, moves = scoresheet.read_tables(path)``."""

    rejected: List[Rejection]

    def __new__(cls, games: Any, moves: Any, rejected: List[Rejection]) -> "Tables":
        self = super().__new__(cls, (games, moves))
        self.rejected = rejected
        return self

    @property
    def games(self) -> "pyarrow.Table":
        """The ``games`` table: one row per game read."""
        return self[0]

    @property
    def moves(self) -> "pyarrow.Table":
        """The ``moves`` table: one row per mainline ply of a game read."""
        return self[1]


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
    """Reads PGN into the ``games`` and ``moves`` tables of ``scoresheet export`` (schema
    version 2, documented in ``docs/export.md``), as pyarrow Tables built in Rust and handed
    over through the Arrow C data interface: ``stream_tables`` collected. In ``moves``,
    ``san`` and ``uci`` are dictionaries whose keys are the moves' token ids (``scoresheet
    vocab san+`` and ``uci``), and the squares, piece codes, move types and ``side`` small
    dictionaries: pandas shows them as categoricals, DuckDB and Polars as strings.

    ``source`` is a path (``str`` or ``os.PathLike``; plain, ``.gz``, ``.zst``, ``.bz2``,
    compression told by content), ``bytes`` or a binary file object, or a table of games
    (see ``Source``; ``movetext_column`` names its movetext column, default ``movetext``).
    ``threads`` workers convert the input in chunks (default: the cores available; the
    tables are the same for any number). ``fen`` adds the ``fen_after`` column to
    ``moves``. A game that cannot be replayed is left out of both tables and, with
    ``errors="skip"``, warned about (``RejectedGameWarning``) and listed in the result's
    ``rejected``; with ``errors="raise"`` the first one raises ``PgnError``.
    ``where`` (an expression of ``scoresheet select --where``, such as
    ``'WhiteElo >= 2500 and Date >= 2020'``) reads only the games whose tags satisfy it, as
    ``--where`` does on every command; a bad expression raises ``ValueError``.
    ``openings`` names ``opening_eco`` and ``opening_name`` in ``games`` with your table
    instead of the shipped one, as ``--openings`` does: a path (``str`` or
    ``os.PathLike``) or a sequence of paths, each a TSV file of the lichess chess-openings
    format or a directory of ``*.tsv`` files, read in order (``None`` or an empty sequence:
    the shipped table). A path that cannot be read raises ``OSError``
    (``FileNotFoundError``, ...), a table that does not read ``ValueError`` naming the
    file, line and byte and what was expected. A table is kept for the rest of the process
    once (a later call with the same table reuses it).
    ``max_game_bytes`` is the largest game read (default 64 MiB, 1 to 1 GiB, as
    ``--max-game-bytes``): a larger one is rejected ("expected a game of at most N bytes")
    and skipped as it streams, so that memory is bounded by it, not by the input (about
    twice the cap with several threads; raise it for a longer annotated game, lower it for
    untrusted input).

    ``columns`` (a sequence of column names of either table) reads only those columns, in
    each table's own order, and ``game_id`` (the key that joins the tables) always; only the
    facts those columns need are computed, so fewer columns read faster. ``None``: every
    column of ``docs/export.md`` but the optional ones, which are asked for by name:
    ``board`` (the board after each move, 64 piece codes a1 to h8, 0 empty, 1-6 White's pawn
    to king, 7-12 Black's), ``castling``, ``en_passant`` and ``fen_after``. An unknown name
    raises ``ValueError`` listing the names. Boards for a model, without a copy:

    >>> import numpy, torch  # doctest: +SKIP
    >>> games, moves = scoresheet.read_tables("games.pgn", columns=["board"])  # doctest: +SKIP
    >>> codes = moves["board"].combine_chunks().flatten().to_numpy()  # doctest: +SKIP
    >>> boards = torch.from_numpy(codes.reshape(-1, 8, 8))  # (plies, 8, 8) uint8, row 0 = rank 1  # doctest: +SKIP

    The GIL is released while reading; Ctrl-C interrupts (``KeyboardInterrupt``). To read
    an input larger than memory, use ``stream_tables``."""
    import pyarrow

    stream = _scoresheet.stream_tables(
        source, threads=threads, fen=fen, errors=errors, where=where,
        movetext_column=movetext_column, openings=_opening_paths(openings),
        columns=_column_names(columns), max_game_bytes=max_game_bytes, stacklevel=2,
    )
    games: List[Any] = []
    moves: List[Any] = []
    with stream:
        for g, m in stream:
            games.append(g)
            moves.append(m)
    return Tables(
        pyarrow.Table.from_batches(games, schema=stream.games_schema),
        pyarrow.Table.from_batches(moves, schema=stream.moves_schema),
        stream.rejected,
    )


def _column_names(columns: Optional[Sequence[str]]) -> Optional[List[str]]:
    """``columns`` as a list of names; a single string is refused (``columns="san"`` would
    otherwise read as the columns ``s``, ``a`` and ``n``)."""
    if columns is None:
        return None
    if isinstance(columns, (str, bytes)):
        raise TypeError("columns: a sequence of column names, such as ['san'], not one string")
    return [str(c) for c in columns]


def stream_tables(
    source: Source,
    *,
    table: Optional[Literal["games", "moves"]] = None,
    threads: Optional[int] = None,
    fen: bool = False,
    errors: Literal["skip", "raise"] = "skip",
    where: Optional[str] = None,
    movetext_column: Optional[str] = None,
    openings: Optional[OpeningsPaths] = None,
    max_game_bytes: Optional[int] = None,
    columns: Optional[Sequence[str]] = None,
) -> Union["pyarrow.RecordBatchReader", TableStream]:
    """Streams the ``games`` and ``moves`` tables of ``read_tables`` as record batches, with
    memory bounded by the batches in flight (a few per thread), not by the input.

    With ``table="moves"`` (or ``"games"``): a ``pyarrow.RecordBatchReader`` of that table,
    which DuckDB (``duckdb.sql("select ... from reader")``), Polars (``pl.from_arrow``),
    ``pyarrow.dataset.write_dataset`` and a plain ``for batch in reader`` loop consume as it
    streams. With ``table=None``: a ``TableStream``, an iterator of ``(games, moves)`` pairs
    of ``pyarrow.RecordBatch`` holding the same games (each game's moves in the batch of its
    game row), with ``rejected``, ``games_read`` and ``not_selected`` counting so far, and
    ``reader(table)`` giving one table's ``RecordBatchReader``.

    The arguments are those of ``read_tables``; the batches, put together, are its tables.
    The input is opened (and the ``openings`` table read) at once (a missing file raises
    ``FileNotFoundError`` here, a bad table ``ValueError``), then read
    by a thread of its own as the batches are taken. A rejected game is warned about
    (``RejectedGameWarning``) when the batch after it is taken; with ``errors="raise"`` that
    batch raises ``PgnError`` instead. An input that cannot be read on raises (``OSError``,
    ``PgnError``) after the batches before the error. Errors keep their types through the
    reader (pyarrow raises them as they are; DuckDB wraps them in its own error). The stream
    ends at the first error. Waiting for a batch releases the GIL; Ctrl-C raises
    ``KeyboardInterrupt`` (the stream can be read on after it). Stopping early stops the
    reading thread and frees the batches in flight: dropping the reader or the stream (the
    end of a function, ``del``), or the stream's ``close()`` or ``with`` block. A
    ``RecordBatchReader``'s own ``close()`` does not reach the stream (pyarrow keeps the
    iterator it reads until the reader is dropped); to stop at a known point, take the
    reader from a stream in a ``with`` block:

    >>> with scoresheet.stream_tables("games.pgn.zst") as stream:  # doctest: +SKIP
    ...     for batch in stream.reader("moves"):
    ...         sans = batch.column("san")
    ...         if done(sans):
    ...             break
    """
    stream = _scoresheet.stream_tables(
        source, threads=threads, fen=fen, errors=errors, where=where,
        movetext_column=movetext_column, openings=_opening_paths(openings),
        columns=_column_names(columns), max_game_bytes=max_game_bytes,
    )
    if table is None:
        return stream
    return stream.reader(table)


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
) -> "polars.LazyFrame":
    """One table of ``read_tables`` as a ``polars.LazyFrame`` (a Polars IO source over
    ``stream_tables``): nothing is read until the frame is collected, and then only the
    columns the query uses (its projection, and the columns its filter reads) are read, so
    only the facts they need are computed, as ``pl.scan_parquet`` reads only what it needs.
    The frame's columns are ``columns`` (default: the table's default columns; name the
    optional ``board``, ``castling``, ``en_passant`` here to have them); a filter is applied
    to each batch as it streams, and a ``limit``/``head`` stops the reading once it has its
    rows. The other arguments are those of ``read_tables``; rejected games are warned about
    (``RejectedGameWarning``) as the batches after them are read, or raise with
    ``errors="raise"``.

    >>> import polars as pl  # doctest: +SKIP
    >>> (scoresheet.scan_tables("games.pgn.zst").filter(pl.col("san") == "e4")  # doctest: +SKIP
    ...  .group_by("ply").len().collect())
    """
    import polars as pl
    from polars.io.plugins import register_io_source

    if table not in ("games", "moves"):
        raise ValueError(f"table: 'games' or 'moves', not {table!r}")
    names = _column_names(columns)
    games_schema, moves_schema = _scoresheet.table_schemas(columns=names, fen=fen)
    arrow_schema = games_schema if table == "games" else moves_schema
    schema = pl.from_arrow(arrow_schema.empty_table()).schema
    paths = _opening_paths(openings)

    def read(with_columns, predicate, n_rows, batch_size):
        wanted = list(with_columns) if with_columns is not None else list(schema.names())
        read_names = list(wanted)
        if predicate is not None:
            read_names += [n for n in predicate.meta.root_names() if n not in read_names]
        reader = stream_tables(
            source, table=table, columns=read_names, threads=threads, errors=errors,
            where=where, movetext_column=movetext_column, openings=paths,
        )
        left = n_rows
        for batch in reader:
            frame = pl.from_arrow(batch)
            if predicate is not None:
                frame = frame.filter(predicate)
            frame = frame.select(wanted)
            if left is not None:
                frame = frame.head(left)
                left -= frame.height
            yield frame
            if left is not None and left <= 0:
                break

    return register_io_source(read, schema=schema)


def tokenize(moves: Union[Sequence[str], Game], vocab: Union[Vocabulary, str]) -> "numpy.ndarray":
    """Token ids (a NumPy int32 array) of moves: strings of the vocabulary's notation, or a
    ``Game`` (its mainline in SAN, or in UCI with standard castling, as ``scoresheet
    tokenize``). A vocabulary without symbols reads ``Nf3+`` as ``Nf3``. A move not in the
    vocabulary (a null move, a Chess960 castling in UCI) raises ``ValueError``."""
    import numpy

    return numpy.frombuffer(_scoresheet.tokenize_bytes(moves, vocab), dtype="<i4").astype(
        numpy.int32, copy=False
    )


UNK_TOKEN = "[UNK]"
"""The Hugging Face tokenizer's unknown token: id ``len(vocab)``."""
PAD_TOKEN = "[PAD]"
"""The Hugging Face tokenizer's padding token: id ``len(vocab) + 1``."""


def write_hf_tokenizer(vocab: Union[Vocabulary, str], path: Union[str, "os.PathLike[str]"]) -> None:
    """Writes a Hugging Face ``tokenizer.json`` for a vocabulary: a WordLevel model whose ids
    are the vocabulary's (the same as ``tokenize``), a ``WhitespaceSplit`` pre-tokenizer (a
    move list is one string of moves separated by whitespace; the ``Whitespace``
    pre-tokenizer would cut ``Nf3+`` into ``Nf3`` and ``+``), and two special tokens after the
    moves: ``[UNK]`` (id ``len(vocab)``) and ``[PAD]`` (``len(vocab) + 1``, also set as the
    padding token). ERAN strings hold spaces, so ERAN vocabularies are refused (``ValueError``).

    >>> from tokenizers import Tokenizer  # doctest: +SKIP
    >>> scoresheet.write_hf_tokenizer("san", "tokenizer.json")  # doctest: +SKIP
    >>> Tokenizer.from_file("tokenizer.json").encode("e4 e5 Nf3").ids  # doctest: +SKIP
    [26, 27, 218]
    """
    v = vocab if isinstance(vocab, Vocabulary) else _scoresheet.vocab(vocab)
    strings = v.strings()
    if any(" " in s for s in strings):
        raise ValueError(f"vocabulary {v.name}: its strings hold spaces, which a "
                         "whitespace-split tokenizer cannot keep")
    n = len(strings)
    special = [(n, UNK_TOKEN), (n + 1, PAD_TOKEN)]
    model_vocab = {s: i for i, s in enumerate(strings)}
    model_vocab.update({token: i for i, token in special})
    tokenizer = {
        "version": "1.0",
        "truncation": None,
        "padding": {
            "strategy": "BatchLongest", "direction": "Right", "pad_to_multiple_of": None,
            "pad_id": n + 1, "pad_type_id": 0, "pad_token": PAD_TOKEN,
        },
        "added_tokens": [
            {"id": i, "content": token, "single_word": False, "lstrip": False,
             "rstrip": False, "normalized": False, "special": True}
            for i, token in special
        ],
        "normalizer": None,
        "pre_tokenizer": {"type": "WhitespaceSplit"},
        "post_processor": None,
        "decoder": None,
        "model": {"type": "WordLevel", "vocab": model_vocab, "unk_token": UNK_TOKEN},
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(tokenizer, f, ensure_ascii=False)


__all__ = [
    "PAD_TOKEN",
    "UNK_TOKEN",
    "EgdRecords",
    "Game",
    "Games",
    "IllegalMoveError",
    "ParseError",
    "PgnError",
    "Ply",
    "Position",
    "RejectedGameWarning",
    "Rejection",
    "ScoresheetError",
    "TableStream",
    "Tables",
    "Vocabulary",
    "convert",
    "detokenize",
    "egd",
    "read_games",
    "read_tables",
    "scan_tables",
    "stream_tables",
    "tokenize",
    "vocab",
    "write_hf_tokenizer",
]
