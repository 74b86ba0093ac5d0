-- Score when queens are traded versus when they are not (twin of crates/scoresheet-db/queries/queen-trades.sql, the
-- SQLite/PostgreSQL version run by `scoresheet query queen-trades`: same answer).
--
-- A game trades queens when both sides capture a queen (a move with captured = 'Q' by
-- White and one by Black). A win scores 1, a draw 1/2, from White's point of view, or from the
-- player's. Unfinished games (result "*") are left out.
--
-- Run it on a dataset written by `scoresheet export -o DIR` (DuckDB 1.1 or later):
--   duckdb -cmd "SET VARIABLE dataset = 'DIR'" < examples/queries/duckdb/queen-trades.sql
-- and for one player: -cmd "SET VARIABLE player = 'Carlsen, Magnus'" (the name as in the
-- White/Black tags; unset or NULL for every game).
CREATE OR REPLACE TEMP VIEW games AS
    SELECT * FROM read_parquet(getvariable('dataset') || '/games/*.parquet');
CREATE OR REPLACE TEMP VIEW moves AS
    SELECT * FROM read_parquet(getvariable('dataset') || '/moves/*.parquet');
WITH params AS (
    SELECT CAST(getvariable('player') AS VARCHAR) AS player
),
queen_trades AS (
    SELECT game_id
    FROM moves
    WHERE captured = 'Q'
    GROUP BY game_id
    HAVING COUNT(DISTINCT side) = 2
),
scored AS (
    SELECT
        CASE WHEN q.game_id IS NULL THEN 'no' ELSE 'yes' END AS queens_traded,
        CASE
            WHEN g.result = '1/2-1/2' THEN 0.5
            WHEN p.player IS NULL OR g.white = p.player
                THEN CASE WHEN g.result = '1-0' THEN 1.0 ELSE 0.0 END
            ELSE CASE WHEN g.result = '0-1' THEN 1.0 ELSE 0.0 END
        END AS score
    FROM games g
    CROSS JOIN params p
    LEFT JOIN queen_trades q ON q.game_id = g.game_id
    WHERE g.result IN ('1-0', '0-1', '1/2-1/2')
      AND (p.player IS NULL OR g.white = p.player OR g.black = p.player)
)
SELECT
    queens_traded,
    COUNT(*) AS games,
    SUM(CASE WHEN score = 1.0 THEN 1 ELSE 0 END) AS wins,
    SUM(CASE WHEN score = 0.5 THEN 1 ELSE 0 END) AS draws,
    SUM(CASE WHEN score = 0.0 THEN 1 ELSE 0 END) AS losses,
    ROUND(100.0 * AVG(score), 1) AS score_pct
FROM scored
GROUP BY queens_traded
ORDER BY queens_traded;
