-- Version 6, the PostgreSQL dialect of ../sqlite/0006_openings.sql: each game's opening as the
-- classifier names it, NULL when none is reached and for the games stored before.
ALTER TABLE games ADD COLUMN opening_eco TEXT;
ALTER TABLE games ADD COLUMN opening_name TEXT;
