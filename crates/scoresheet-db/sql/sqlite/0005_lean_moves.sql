-- Version 5: moves no longer stores the two FENs of each move (fen_before, fen_after), which
-- were half of every row's bytes. Both follow from what the row keeps:
--
-- * fen_after is position_after with the en-passant field as EGD writes it (the square behind
--   every double push, even when no capture is possible) and the two counters;
-- * fen_before is the previous ply's fen_after, or games.start_fen for ply 1.
--
-- The view moves_fen is moves with fen_after computed (the same text EGD writes); the rule
-- lives here and in ../postgres/0005_lean_moves.sql, and `scoresheet` reads stored games back
-- through it. For fen_before use
--   COALESCE(LAG(fen_after) OVER (PARTITION BY game_id ORDER BY ply), games.start_fen).
ALTER TABLE moves DROP COLUMN fen_before;
ALTER TABLE moves DROP COLUMN fen_after;
CREATE VIEW moves_fen AS
SELECT
    moves.*,
    -- position_after without its en-passant field (one character, "-", or a square's two)
    CASE WHEN substr(position_after, -2) = ' -'
        THEN substr(position_after, 1, length(position_after) - 1)
        ELSE substr(position_after, 1, length(position_after) - 2)
    END
    -- the square a double push skipped, else "-"
    || CASE WHEN piece = 'p'
            AND ((substr(from_square, 2, 1) = '2' AND substr(to_square, 2, 1) = '4')
              OR (substr(from_square, 2, 1) = '7' AND substr(to_square, 2, 1) = '5'))
        THEN substr(to_square, 1, 1) || CASE side WHEN 'w' THEN '3' ELSE '6' END
        ELSE '-'
    END
    -- halfmove clock and fullmove number after the move
    || ' ' || halfmove_clock || ' ' || (move_number + (side = 'b')) AS fen_after
FROM moves;
