"""The exceptions of scoresheet, and the record of a rejected game.

Every error the library raises about its input is a ``ScoresheetError`` (and a ``ValueError``):
``ParseError`` for text that does not parse, ``IllegalMoveError`` for a move that is not one
legal move in the position, ``PgnError`` for a game that cannot be replayed. Usage errors
(a bad argument) are plain ``ValueError``/``TypeError``; a file that cannot be read is an
``OSError``, and one that cannot be opened its subclass (``FileNotFoundError``,
``IsADirectoryError``, ``PermissionError``) with ``errno`` and ``filename``."""

from __future__ import annotations

from typing import NamedTuple, Optional


class ScoresheetError(ValueError):
    """Base class of the errors about the input: a move, a FEN, a game."""


class ParseError(ScoresheetError):
    """Text that does not parse in a notation.

    Attributes: ``notation`` (``"san"``, ``"uci"``, ``"fen"``, ...), ``offset`` (the byte
    offset in ``input`` where parsing stopped) and ``input`` (the text)."""

    def __init__(self, message: str, notation: str, offset: int, input: str) -> None:
        super().__init__(message)
        self.notation = notation
        self.offset = offset
        self.input = input


class IllegalMoveError(ScoresheetError):
    """A well-formed move that is not one legal move in the position (illegal, or ambiguous).

    Attributes: ``move`` (as written), ``fen`` (the position before it, en-passant square
    after any double push) and ``reason`` (why, as the command-line tool says it)."""

    def __init__(self, message: str, move: str, fen: str, reason: str) -> None:
        super().__init__(message)
        self.move = move
        self.fen = fen
        self.reason = reason


class PgnError(ScoresheetError):
    """A game that could not be replayed (``errors="raise"``).

    Attributes: ``source`` (the input's name), ``game`` (its number in the input, from 1),
    ``line``, ``column`` (from 1, in bytes) and ``byte`` of the token that rejected it,
    ``reason`` (why, without the location), ``message`` (the library's whole message, the
    one the command-line tool prints after the input's name) and ``row``: when the input is
    a table of games (a Parquet file, a pyarrow table or array), the game's row, counted from
    0 (``game - 1``), which the message names first (``row 4: game 5 ...``; the line and
    column are then those of the row's games rendered as PGN); ``None`` for PGN text."""

    def __init__(
        self,
        source: str,
        game: int,
        line: int,
        column: int,
        byte: int,
        reason: str,
        message: str,
        row: Optional[int] = None,
    ) -> None:
        super().__init__(f"{source}: {message}")
        self.source = source
        self.game = game
        self.line = line
        self.column = column
        self.byte = byte
        self.reason = reason
        self.message = message
        self.row = row


class RejectedGameWarning(UserWarning):
    """Warned once for each game left out with ``errors="skip"``."""


class Rejection(NamedTuple):
    """A game left out with ``errors="skip"``: where and why (see ``PgnError``)."""

    source: str
    game: int
    line: int
    column: int
    byte: int
    reason: str
    message: str
    row: Optional[int] = None

    def __str__(self) -> str:
        return f"{self.source}: {self.message}"


for _cls in (ScoresheetError, ParseError, IllegalMoveError, PgnError, RejectedGameWarning,
             Rejection):
    _cls.__module__ = "scoresheet"
