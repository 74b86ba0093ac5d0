-- Version 4: the key of moves, (game_id, ply), becomes a unique index of its own, moves_pkey,
-- instead of the table's PRIMARY KEY clause. SQLite stores both the same way (a rowid table
-- plus an index on the key), but an index can be dropped: a load into an empty database drops
-- it and builds it once at its end, by a sort, instead of inserting every row into it at a
-- random place (a fifth of the time of inserting moves; more as the table outgrows the cache).
-- Rows stay unique meanwhile: a game's moves are written in the transaction that adds the game
-- to games, whose primary key stays. SQLite drops a constraint by copying the table.
CREATE TABLE moves_v4 (
    game_id               INTEGER NOT NULL,
    ply                   INTEGER NOT NULL,
    move_number           INTEGER NOT NULL,
    side                  TEXT    NOT NULL,
    san                   TEXT    NOT NULL,
    lran                  TEXT    NOT NULL,
    from_square           TEXT    NOT NULL,
    to_square             TEXT    NOT NULL,
    piece                 TEXT    NOT NULL,
    move_type             TEXT    NOT NULL,
    captured              TEXT,
    promotion             TEXT,
    fen_before            TEXT    NOT NULL,
    fen_after             TEXT    NOT NULL,
    position_after        TEXT    NOT NULL,
    is_check              BOOLEAN NOT NULL,
    is_mate               BOOLEAN NOT NULL,
    halfmove_clock        INTEGER NOT NULL,
    repetition            INTEGER NOT NULL,
    fifty_move_claimable  BOOLEAN NOT NULL,
    seventy_five_move     BOOLEAN NOT NULL,
    fivefold              BOOLEAN NOT NULL,
    stalemate             BOOLEAN NOT NULL,
    insufficient_material BOOLEAN NOT NULL,
    meta                  TEXT,
    clock_seconds         REAL,
    emt_seconds           REAL,
    eval_cp               INTEGER,
    eval_mate             INTEGER,
    uci                   TEXT,
    position_key          INTEGER
);
INSERT INTO moves_v4 SELECT game_id, ply, move_number, side, san, lran, from_square, to_square,
    piece, move_type, captured, promotion, fen_before, fen_after, position_after, is_check,
    is_mate, halfmove_clock, repetition, fifty_move_claimable, seventy_five_move, fivefold,
    stalemate, insufficient_material, meta, clock_seconds, emt_seconds, eval_cp, eval_mate, uci,
    position_key FROM moves ORDER BY game_id, ply;
DROP TABLE moves;
ALTER TABLE moves_v4 RENAME TO moves;
CREATE UNIQUE INDEX moves_pkey ON moves (game_id, ply);
CREATE INDEX moves_position_key ON moves (position_key);
