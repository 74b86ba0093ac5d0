-- Version 3: positions as the repetition rules see them, their Polyglot key, the move in UCI,
-- column names shared with EGD and the Parquet export, and deduplication by game_id alone.
--
-- moves.position_after held the FEN's en-passant square after every double push, so one
-- position was stored under two texts. From this version it names the square only when an
-- en-passant capture is legal; the loader rewrites the rows of older versions right after this
-- file runs (position_after, and the new uci and position_key), in the same transaction.
ALTER TABLE moves RENAME COLUMN captured_piece TO captured;
-- The move in UCI: e2e4, e7e8q, e1g1 (castling as the king's move; king to rook in Chess960).
ALTER TABLE moves ADD COLUMN uci TEXT;
-- The Polyglot Zobrist key of the position after the move, as a signed 64-bit integer with
-- the key's bits (python-chess: chess.polyglot.zobrist_hash, read as signed).
ALTER TABLE moves ADD COLUMN position_key INTEGER;
-- Positions are looked up and grouped by key: an index on 8-byte integers is a third the size
-- of one on FEN texts, and loads keep their speed as it grows.
DROP INDEX moves_position_after;
CREATE INDEX moves_position_key ON moves (position_key);

-- games.content_hash is no longer UNIQUE: game_id, the primary key, is derived from it, so a
-- stored game is found by its id (and the hash then tells a duplicate from a collision). One
-- index less per game, and the schema distributes on Citus as it is. SQLite drops a constraint
-- by copying the table.
CREATE TABLE games_v3 (
    game_id       INTEGER PRIMARY KEY,
    content_hash  TEXT    NOT NULL,
    event         TEXT,
    site          TEXT,
    date          TEXT,
    round         TEXT,
    white         TEXT,
    black         TEXT,
    result        TEXT    NOT NULL,
    tags          TEXT    NOT NULL,
    ply_count     INTEGER NOT NULL,
    start_fen     TEXT    NOT NULL,
    source_file   TEXT    NOT NULL,
    source_offset INTEGER NOT NULL
);
INSERT INTO games_v3 SELECT game_id, content_hash, event, site, date, round, white, black,
    result, tags, ply_count, start_fen, source_file, source_offset FROM games;
DROP TABLE games;
ALTER TABLE games_v3 RENAME TO games;
CREATE INDEX games_white ON games (white);
CREATE INDEX games_black ON games (black);
CREATE INDEX games_result ON games (result);
CREATE INDEX games_eco ON games ((tags ->> 'ECO'));
