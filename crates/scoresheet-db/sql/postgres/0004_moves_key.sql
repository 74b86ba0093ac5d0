-- Version 4, the PostgreSQL dialect: nothing to change. On SQLite the key of moves became a
-- unique index named moves_pkey (so that a bulk load can drop it and build it at its end);
-- PostgreSQL's PRIMARY KEY constraint is already backed by an index of that name, which a
-- bulk load drops and adds back with the constraint.
SELECT 1;
