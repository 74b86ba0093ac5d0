-- Average time spent per move, by time control.
--
-- The time a move took is its [%emt] when the comment gives one, else the mover's clock
-- before it ([%clk] after their previous move, or the base time for their first move) plus
-- the increment, minus the clock after it. Moves without clock data are left out; so are
-- time controls that are not "base+increment" (base_seconds is NULL). With a player: their
-- moves only.
--
-- Run it on a dataset written by `scoresheet export -o DIR` (DuckDB 1.1 or later):
--   duckdb -cmd "SET VARIABLE dataset = 'DIR'" < examples/queries/duckdb/time-per-move.sql
-- and for one player: -cmd "SET VARIABLE player = 'Carlsen, Magnus'" (the name as in the
-- White/Black tags; unset or NULL for every game).
CREATE OR REPLACE TEMP VIEW games AS
    SELECT * FROM read_parquet(getvariable('dataset') || '/games/*.parquet');
CREATE OR REPLACE TEMP VIEW moves AS
    SELECT * FROM read_parquet(getvariable('dataset') || '/moves/*.parquet');
WITH params AS (
    SELECT CAST(getvariable('player') AS VARCHAR) AS player
),
timed AS (
    SELECT
        g.time_control,
        m.game_id,
        COALESCE(
            m.emt_seconds,
            COALESCE(
                LAG(m.clock_seconds) OVER (PARTITION BY m.game_id, m.side ORDER BY m.ply),
                g.base_seconds
            ) + g.increment_seconds - m.clock_seconds
        ) AS spent
    FROM moves m
    JOIN games g ON g.game_id = m.game_id
    CROSS JOIN params p
    WHERE g.base_seconds IS NOT NULL
      AND (p.player IS NULL
           OR (m.side = 'w' AND g.white = p.player)
           OR (m.side = 'b' AND g.black = p.player))
)
SELECT
    time_control,
    COUNT(DISTINCT game_id) AS games,
    COUNT(*) AS moves,
    ROUND(AVG(spent), 2) AS avg_seconds,
    ROUND(MEDIAN(spent), 2) AS median_seconds
FROM timed
WHERE spent IS NOT NULL
GROUP BY time_control
ORDER BY games DESC, time_control;
