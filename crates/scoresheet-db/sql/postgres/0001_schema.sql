-- scoresheet database schema, version 1, PostgreSQL dialect.
--
-- The same tables, columns and indexes as ../sqlite/0001_schema.sql; only the types differ:
-- here booleans are BOOLEAN and the tags jsonb (SQLite: 0/1 integers and JSON text), and FENs
-- compare byte by byte (COLLATE "C", as SQLite's BINARY): the position index then needs no
-- locale-aware comparisons.

-- One row per game.
CREATE TABLE games (
    -- The high 63 bits of content_hash: equal games get equal ids, in every database.
    game_id       BIGINT  PRIMARY KEY,
    -- XXH3-128 of the sorted tags, the start FEN and the SAN moves, as 32 hex digits.
    -- The UNIQUE constraint makes loading the same games twice add nothing.
    content_hash  TEXT    NOT NULL UNIQUE,
    -- The seven-tag roster (NULL when the tag is missing; result is "*" when unknown).
    event         TEXT,
    site          TEXT,
    date          TEXT,
    round         TEXT,
    white         TEXT,
    black         TEXT,
    result        TEXT    NOT NULL,
    -- Every other tag, as a JSON object: {"ECO": "B01", "TimeControl": "180+0", ...}.
    tags          JSONB   NOT NULL,
    ply_count     INTEGER NOT NULL,
    -- The position before the first move (the FEN tag, or the standard start).
    start_fen     TEXT    NOT NULL,
    -- Where the game was read: file name as given, and byte offset after decompression.
    source_file   TEXT    NOT NULL,
    source_offset BIGINT  NOT NULL
);

-- One row per mainline ply: the EGD record of the move, flattened.
CREATE TABLE moves (
    -- The game (games.game_id). Not declared as a foreign key: checking it row by row doubles
    -- PostgreSQL's load time, and the loader writes a game and its moves in one transaction.
    game_id               BIGINT  NOT NULL,
    -- 1 for the first move of the game, counting plies.
    ply                   INTEGER NOT NULL,
    -- The fullmove number and side of the EGD key ("12b" is move_number 12, side 'b').
    move_number           INTEGER NOT NULL,
    side                  TEXT    NOT NULL,
    san                   TEXT    NOT NULL,
    lran                  TEXT    NOT NULL,
    from_square           TEXT    NOT NULL,
    to_square             TEXT    NOT NULL,
    -- EGD piece codes: p N Bl Bd R Q K (not coloured).
    piece                 TEXT    NOT NULL,
    -- move, capture, ep_capture, promotion, promotion_capture, short_castle, long_castle.
    move_type             TEXT    NOT NULL,
    captured_piece        TEXT,
    promotion             TEXT,
    fen_before            TEXT    COLLATE "C" NOT NULL,
    fen_after             TEXT    COLLATE "C" NOT NULL,
    -- fen_after without the halfmove clock and fullmove number: equal positions, equal text.
    position_after        TEXT    COLLATE "C" NOT NULL,
    -- Features of the position after the move (EGD end_position.features, extended).
    is_check              BOOLEAN NOT NULL,
    is_mate               BOOLEAN NOT NULL,
    halfmove_clock        INTEGER NOT NULL,
    repetition            INTEGER NOT NULL,
    fifty_move_claimable  BOOLEAN NOT NULL,
    seventy_five_move     BOOLEAN NOT NULL,
    fivefold              BOOLEAN NOT NULL,
    stalemate             BOOLEAN NOT NULL,
    insufficient_material BOOLEAN NOT NULL,
    -- EGD move meta as JSON, {"nags": [1], "glyphs": ["!"], "comments": ["..."]}, or NULL.
    meta                  JSONB,
    PRIMARY KEY (game_id, ply)
);

CREATE INDEX games_white ON games (white);
CREATE INDEX games_black ON games (black);
CREATE INDEX games_result ON games (result);
CREATE INDEX games_eco ON games ((tags ->> 'ECO'));
CREATE INDEX moves_position_after ON moves (position_after);
