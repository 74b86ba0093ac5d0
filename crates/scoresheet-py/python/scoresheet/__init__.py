"""scoresheet: chess games at Rust speed.

Read PGN (plain, gzip, zstd, bzip2) into the Arrow tables of ``scoresheet export``
(``read_tables``) or as replayed games (``read_games``). Every game the command-line tool
accepts is read, every game it rejects is reported with the same message: games in = games
read + games reported.

>>> import scoresheet
>>> games, moves = scoresheet.read_tables(b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")
>>> moves.column("san").to_pylist()[-1]
'Qxf7#'
"""

from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING, Any, List, Literal, Union

from . import _scoresheet
from ._errors import (
    IllegalMoveError,
    ParseError,
    PgnError,
    RejectedGameWarning,
    Rejection,
    ScoresheetError,
)
from ._scoresheet import Game, Games, Ply, read_games

if TYPE_CHECKING:
    import pyarrow

__version__: str = _scoresheet.__version__

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes]]


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
    threads: int = 1,
    fen: bool = False,
    errors: Literal["skip", "raise"] = "skip",
) -> Tables:
    """Reads PGN into the ``games`` and ``moves`` tables of ``scoresheet export`` (schema
    version 1, documented in ``docs/export.md``), as pyarrow Tables built in Rust and handed
    over through the Arrow C stream interface.

    ``source`` is a path (``str`` or ``os.PathLike``; plain, ``.gz``, ``.zst``, ``.bz2``,
    compression told by content), ``bytes`` or a binary file object. ``threads`` workers
    convert the input in chunks (the tables are the same for any number). ``fen`` adds the
    ``fen_after`` column to ``moves``. A game that cannot be replayed is left out of both
    tables and, with ``errors="skip"``, warned about (``RejectedGameWarning``) and listed in
    the result's ``rejected``; with ``errors="raise"`` the first one raises ``PgnError``.

    The GIL is released while reading; Ctrl-C interrupts (``KeyboardInterrupt``)."""
    games, moves, rejected = _scoresheet.read_tables(
        source, threads=threads, fen=fen, errors=errors
    )
    return Tables(games.read_all(), moves.read_all(), rejected)


__all__ = [
    "Game",
    "Games",
    "IllegalMoveError",
    "ParseError",
    "PgnError",
    "Ply",
    "RejectedGameWarning",
    "Rejection",
    "ScoresheetError",
    "Tables",
    "read_games",
    "read_tables",
]
