-- Positions a player reached most often in games they lost, by Polyglot key (twin of
-- crates/scoresheet-db/queries/losing-positions.sql, which groups by FEN: the same games and counts, keyed so that the
-- positions join with opening books and python-chess's chess.polyglot.zobrist_hash).
--
-- A position is counted once per game. The first four moves (eight plies) are left out:
-- nearly every game of an opening passes through them. Without a player: the losing side of
-- every decisive game. Positions seen in only one lost game are not listed. `book_key` is the
-- key as an opening book writes it (unsigned, hexadecimal).
--
-- Run it on a dataset written by `scoresheet export -o DIR` (DuckDB 1.1 or later):
--   duckdb -cmd "SET VARIABLE dataset = 'DIR'" < examples/queries/duckdb/losing-positions.sql
-- and for one player: -cmd "SET VARIABLE player = 'Carlsen, Magnus'" (the name as in the
-- White/Black tags; unset or NULL for every game).
CREATE OR REPLACE TEMP VIEW games AS
    SELECT * FROM read_parquet(getvariable('dataset') || '/games/*.parquet');
CREATE OR REPLACE TEMP VIEW moves AS
    SELECT * FROM read_parquet(getvariable('dataset') || '/moves/*.parquet');
WITH params AS (
    SELECT CAST(getvariable('player') AS VARCHAR) AS player
),
lost AS (
    SELECT g.game_id
    FROM games g
    CROSS JOIN params p
    WHERE (g.result = '0-1' AND (p.player IS NULL OR g.white = p.player))
       OR (g.result = '1-0' AND (p.player IS NULL OR g.black = p.player))
)
SELECT
    m.position_key,
    COUNT(DISTINCT m.game_id) AS lost_games,
    MIN(m.ply) AS earliest_ply,
    printf('%016x', m.position_key) AS book_key
FROM moves m
JOIN lost l ON l.game_id = m.game_id
WHERE m.ply > 8
GROUP BY m.position_key
HAVING COUNT(DISTINCT m.game_id) > 1
ORDER BY lost_games DESC, earliest_ply, m.position_key
LIMIT 20;
