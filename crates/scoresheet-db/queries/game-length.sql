-- Average game length by time control.
--
-- Length in plies (half-moves) and in moves, grouped by the TimeControl tag ("600+5" is ten
-- minutes plus five seconds a move; "-" is no clock). Games without the tag are under "?".
--
-- $1: the player's name as in the White/Black tags, or NULL for every game.
WITH params AS (
    SELECT CAST($1 AS TEXT) AS player
)
SELECT
    COALESCE(g.tags ->> 'TimeControl', '?') AS time_control,
    COUNT(*) AS games,
    ROUND(CAST(AVG(g.ply_count) AS NUMERIC), 1) AS avg_plies,
    ROUND(CAST(AVG(g.ply_count) / 2.0 AS NUMERIC), 1) AS avg_moves,
    MAX(g.ply_count) AS max_plies
FROM games g
CROSS JOIN params p
WHERE p.player IS NULL OR g.white = p.player OR g.black = p.player
GROUP BY COALESCE(g.tags ->> 'TimeControl', '?')
ORDER BY games DESC, time_control;
