-- Results by opening (ECO code) (twin of crates/scoresheet-db/queries/openings.sql, run by `scoresheet query openings`:
-- same answer).
--
-- Wins, draws and losses from White's point of view, or from the player's. Games without an
-- ECO tag are grouped under "?". Unfinished games (result "*") are left out.
--
-- Run it on a dataset written by `scoresheet export -o DIR` (DuckDB 1.1 or later):
--   duckdb -cmd "SET VARIABLE dataset = 'DIR'" < examples/queries/duckdb/openings.sql
-- and for one player: -cmd "SET VARIABLE player = 'Carlsen, Magnus'" (the name as in the
-- White/Black tags; unset or NULL for every game).
CREATE OR REPLACE TEMP VIEW games AS
    SELECT * FROM read_parquet(getvariable('dataset') || '/games/*.parquet');
CREATE OR REPLACE TEMP VIEW moves AS
    SELECT * FROM read_parquet(getvariable('dataset') || '/moves/*.parquet');
WITH params AS (
    SELECT CAST(getvariable('player') AS VARCHAR) AS player
),
scored AS (
    SELECT
        COALESCE(g.eco, '?') AS eco,
        CASE
            WHEN g.result = '1/2-1/2' THEN 0.5
            WHEN p.player IS NULL OR g.white = p.player
                THEN CASE WHEN g.result = '1-0' THEN 1.0 ELSE 0.0 END
            ELSE CASE WHEN g.result = '0-1' THEN 1.0 ELSE 0.0 END
        END AS score
    FROM games g
    CROSS JOIN params p
    WHERE g.result IN ('1-0', '0-1', '1/2-1/2')
      AND (p.player IS NULL OR g.white = p.player OR g.black = p.player)
)
SELECT
    eco,
    COUNT(*) AS games,
    SUM(CASE WHEN score = 1.0 THEN 1 ELSE 0 END) AS wins,
    SUM(CASE WHEN score = 0.5 THEN 1 ELSE 0 END) AS draws,
    SUM(CASE WHEN score = 0.0 THEN 1 ELSE 0 END) AS losses,
    ROUND(100.0 * AVG(score), 1) AS score_pct
FROM scored
GROUP BY eco
ORDER BY games DESC, eco;
