-- Version 6: each game's opening as the classifier names it (the ECO code and name of the
-- last position of the lichess openings table its mainline reaches in its first 40 plies,
-- as `scoresheet select --classify` writes them), beside the ECO and Opening tags as written
-- (which stay in tags). NULL when no named position is reached, and for the games stored
-- before this version (not replayed here; a load skips games already stored).
ALTER TABLE games ADD COLUMN opening_eco TEXT;
ALTER TABLE games ADD COLUMN opening_name TEXT;
