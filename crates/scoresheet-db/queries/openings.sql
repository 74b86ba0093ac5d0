-- Results by opening (ECO code).
--
-- Wins, draws and losses from White's point of view, or with --player from that player's.
-- Games without an ECO tag are grouped under "?". Unfinished games (result "*") are left out.
--
-- $1: the player's name as in the White/Black tags, or NULL for every game.
WITH params AS (
    SELECT CAST($1 AS TEXT) AS player
),
scored AS (
    SELECT
        COALESCE(g.tags ->> 'ECO', '?') AS eco,
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
    ROUND(CAST(100.0 * AVG(score) AS NUMERIC), 1) AS score_pct
FROM scored
GROUP BY eco
ORDER BY games DESC, eco;
