-- Version 2: the commands in move comments as columns (they were comment text only).
-- Clock left and time spent after the move, in seconds ([%clk], [%emt]); the engine's eval
-- after the move from White's point of view as the comment writes it ([%eval]): centipawns,
-- or mate in N (negative: Black mates). NULL when the comment has none; games loaded before
-- this version have NULL (load them again to fill them).
ALTER TABLE moves ADD COLUMN clock_seconds DOUBLE PRECISION;
ALTER TABLE moves ADD COLUMN emt_seconds DOUBLE PRECISION;
ALTER TABLE moves ADD COLUMN eval_cp INTEGER;
ALTER TABLE moves ADD COLUMN eval_mate INTEGER;
