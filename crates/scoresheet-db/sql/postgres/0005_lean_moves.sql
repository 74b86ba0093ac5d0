-- Version 5, the PostgreSQL dialect of ../sqlite/0005_lean_moves.sql: moves no longer stores
-- fen_before and fen_after; the view moves_fen computes fen_after from the row (the same rule,
-- written with PostgreSQL's string functions). Dropping a column only hides it: rows stored
-- before keep their bytes until the table is rewritten (VACUUM FULL); new rows are smaller.
ALTER TABLE moves DROP COLUMN fen_before;
ALTER TABLE moves DROP COLUMN fen_after;
CREATE VIEW moves_fen AS
SELECT
    moves.*,
    -- position_after without its en-passant field (one character, "-", or a square's two)
    CASE WHEN right(position_after, 2) = ' -'
        THEN left(position_after, -1)
        ELSE left(position_after, -2)
    END
    -- the square a double push skipped, else "-"
    || CASE WHEN piece = 'p'
            AND ((substr(from_square, 2, 1) = '2' AND substr(to_square, 2, 1) = '4')
              OR (substr(from_square, 2, 1) = '7' AND substr(to_square, 2, 1) = '5'))
        THEN substr(to_square, 1, 1) || CASE side WHEN 'w' THEN '3' ELSE '6' END
        ELSE '-'
    END
    -- halfmove clock and fullmove number after the move
    || ' ' || halfmove_clock || ' ' || (move_number + CASE side WHEN 'b' THEN 1 ELSE 0 END)
    AS fen_after
FROM moves;
