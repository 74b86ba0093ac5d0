"""Typed API of scoresheet (see the docstrings in __init__.py and the README's Python section)."""

import os
from typing import IO, Iterator, List, Literal, Optional, Tuple, Union

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

Source = Union[str, os.PathLike[str], bytes, bytearray, memoryview, IO[bytes]]
"""A PGN source: a path (plain, .gz, .zst, .bz2; compression told by content; "-" is standard
input), bytes, or a binary file object."""

class Tables(Tuple[pyarrow.Table, pyarrow.Table]):
    """(games, moves), with the games left out in ``rejected``."""

    rejected: List[Rejection]
    @property
    def games(self) -> pyarrow.Table:
        """One row per game read (schema version 1 of ``scoresheet export``)."""
    @property
    def moves(self) -> pyarrow.Table:
        """One row per mainline ply of a game read."""

def read_tables(
    source: Source,
    *,
    threads: int = 1,
    fen: bool = False,
    errors: Literal["skip", "raise"] = "skip",
) -> Tables:
    """The ``games`` and ``moves`` tables of ``scoresheet export`` (``fen`` adds
    ``fen_after``), built by ``threads`` workers with the GIL released. Rejected games:
    warned (``RejectedGameWarning``) and listed in ``rejected``, or ``PgnError`` with
    ``errors="raise"``."""

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
    def source(self) -> str:
        """The source's name, as messages give it."""
    def __iter__(self) -> Games: ...
    def __next__(self) -> Game: ...

def read_games(source: Source, *, errors: Literal["skip", "raise"] = "skip") -> Games:
    """Replays the games of ``source`` (the library's replay layer, as every command). A
    game that cannot be replayed is warned about and listed in ``.rejected`` (``"skip"``) or
    raises ``PgnError`` (``"raise"``); iteration goes on after it. Games in = games yielded +
    games rejected. Each game is read with the GIL released; Ctrl-C interrupts."""
