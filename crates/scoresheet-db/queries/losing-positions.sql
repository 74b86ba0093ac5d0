-- Positions a player reached most often in games they lost.
--
-- A position is the FEN after a move without its move counters, with the en-passant square
-- only when a capture there is legal (moves.position_after: equal exactly when the repetition
-- rules call positions equal), counted once per game. The first four moves (eight plies) are left out: nearly every game of an
-- opening passes through them. Without --player: the losing side of every decisive game.
-- Positions seen in only one lost game are not listed.
--
-- $1: the player's name as in the White/Black tags, or NULL for every game.
WITH params AS (
    SELECT CAST($1 AS TEXT) AS player
),
lost AS (
    SELECT g.game_id
    FROM games g
    CROSS JOIN params p
    WHERE (g.result = '0-1' AND (p.player IS NULL OR g.white = p.player))
       OR (g.result = '1-0' AND (p.player IS NULL OR g.black = p.player))
)
SELECT
    m.position_after AS position,
    COUNT(DISTINCT m.game_id) AS lost_games,
    MIN(m.ply) AS earliest_ply
FROM moves m
JOIN lost l ON l.game_id = m.game_id
WHERE m.ply > 8
GROUP BY m.position_after
HAVING COUNT(DISTINCT m.game_id) > 1
ORDER BY lost_games DESC, earliest_ply, position
LIMIT 20;
