-- How often the evaluation drops by 200 centipawns or more on a move, by the mover's clock
-- left after it.
--
-- A drop is the change of [%eval] (White's point of view, as written) from the move before to
-- this move, against the mover: for White before - after, for Black after - before. Moves
-- where either evaluation is missing or a mate score, or without [%clk], are left out. With a
-- player: their moves only.
--
-- Run it on a dataset written by `scoresheet export -o DIR` (DuckDB 1.1 or later):
--   duckdb -cmd "SET VARIABLE dataset = 'DIR'" < examples/queries/duckdb/eval-drops.sql
-- and for one player: -cmd "SET VARIABLE player = 'Carlsen, Magnus'" (the name as in the
-- White/Black tags; unset or NULL for every game).
CREATE OR REPLACE TEMP VIEW games AS
    SELECT * FROM read_parquet(getvariable('dataset') || '/games/*.parquet');
CREATE OR REPLACE TEMP VIEW moves AS
    SELECT * FROM read_parquet(getvariable('dataset') || '/moves/*.parquet');
WITH params AS (
    SELECT CAST(getvariable('player') AS VARCHAR) AS player
),
evals AS (
    SELECT
        m.game_id,
        m.side,
        m.clock_seconds,
        m.eval_cp,
        LAG(m.eval_cp) OVER (PARTITION BY m.game_id ORDER BY m.ply) AS eval_before,
        LAG(m.eval_mate) OVER (PARTITION BY m.game_id ORDER BY m.ply) AS mate_before
    FROM moves m
),
drops AS (
    SELECT
        CASE
            WHEN e.clock_seconds < 10 THEN '1: under 10 s'
            WHEN e.clock_seconds < 30 THEN '2: 10-30 s'
            WHEN e.clock_seconds < 60 THEN '3: 30-60 s'
            ELSE '4: over 60 s'
        END AS clock_left,
        CASE WHEN e.side = 'w' THEN e.eval_before - e.eval_cp
             ELSE e.eval_cp - e.eval_before END >= 200 AS dropped
    FROM evals e
    JOIN games g ON g.game_id = e.game_id
    CROSS JOIN params p
    WHERE e.eval_cp IS NOT NULL AND e.eval_before IS NOT NULL AND e.clock_seconds IS NOT NULL
      AND (p.player IS NULL
           OR (e.side = 'w' AND g.white = p.player)
           OR (e.side = 'b' AND g.black = p.player))
)
SELECT
    clock_left,
    COUNT(*) AS moves,
    SUM(CASE WHEN dropped THEN 1 ELSE 0 END) AS drops,
    ROUND(100.0 * AVG(CASE WHEN dropped THEN 1.0 ELSE 0.0 END), 1) AS drop_pct
FROM drops
GROUP BY clock_left
ORDER BY clock_left;
