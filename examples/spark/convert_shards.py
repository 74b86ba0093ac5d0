"""PGN shards, or Parquet files of games, to the scoresheet Parquet dataset with PySpark.

Each shard is read by `scoresheet.read_tables` inside a `mapInArrow` task, and Spark writes
the rows as `OUT/games/` and `OUT/moves/`: the tables, columns and types of `scoresheet export`
(schema version 2), readable as one table each by DuckDB, pyarrow, Polars and Spark. A shard
is a PGN file (plain or .gz/.zst/.bz2), or a Parquet file of games, one per row (told by
content): lichess's files on Hugging Face (`Lichess/standard-chess-games`, a `movetext` column
and the tags as columns) are shards as they are, with nothing to cut.

    python examples/spark/convert_shards.py --master 'local[2]' -o OUT shard-*.pgn.zst
    python examples/spark/convert_shards.py --master 'local[2]' -o OUT train-*.parquet
    spark-submit examples/spark/convert_shards.py -o hdfs:///lichess/2024-01 hdfs:///pgn/2024-01/*.pgn.zst

Shard paths are opened by the executors: on a cluster they must be on a file system every
executor sees (HDFS, S3, a shared mount; see README.md). One task converts one shard, so
shards of about the same size keep the executors evenly busy.

Each shard is read twice, once per table (the games pass is cached for the report): it keeps
each table a plain Spark write with Spark's commit protocol, so retried and speculative tasks
leave no duplicate rows. A task holds its shard's tables in memory (about 7.4 bytes of Arrow
per byte of PGN): cut shards of about 100 MB.
"""

import argparse
import os
import sys

import pyarrow as pa
import pyarrow.dataset as pads
import pyarrow.fs as pafs
import scoresheet
from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.pandas.types import from_arrow_schema

# The column that marks a rejected game in the games pass (dropped before writing).
REJECTED = "_rejected"


def open_shard(path):
    """A path scoresheet opens itself (PGN or Parquet, told by content), or for a URI
    (hdfs://, s3://, gs://...) pyarrow's file systems: a Parquet file's record batches, else a
    binary stream that scoresheet decompresses."""
    if "://" not in path:
        return path
    fs, inner = pafs.FileSystem.from_uri(path)
    with fs.open_input_stream(inner, compression=None) as head:
        parquet = head.read(4) == b"PAR1"
    if parquet:
        return pads.dataset(inner, filesystem=fs, format="parquet").scanner().to_reader()
    return fs.open_input_stream(inner, compression=None)


def schemas(fen):
    """The tables' Arrow schemas, from an empty read (so they are scoresheet's own), and the
    games pass's: every games column nullable, plus the rejection message. The dictionary
    columns of moves (san, uci, squares, piece codes: schema version 2) as their values' type,
    as Spark holds them and `scoresheet export` writes them."""
    games, moves = scoresheet.read_tables(b"", fen=fen)
    loose = pa.schema([f.with_nullable(True) for f in games.schema]
                      + [pa.field(REJECTED, pa.string())])
    plain = pa.schema([f.with_type(f.type.value_type) if pa.types.is_dictionary(f.type) else f
                       for f in moves.schema])
    return games.schema, plain, loose


def games_pass(fen, loose):
    """mapInArrow: shard paths in; the games rows out, and one row per rejected game (only
    `source_file` and the message set), so that nothing read is lost."""
    def convert(batches):
        for batch in batches:
            for path in batch.column("path").to_pylist():
                tables = scoresheet.read_tables(open_shard(path), fen=fen)
                games = tables.games.append_column(
                    REJECTED, pa.nulls(tables.games.num_rows, pa.string()))
                yield from games.cast(loose).to_batches()
                if tables.rejected:
                    yield pa.RecordBatch.from_pylist(
                        [{"source_file": path, REJECTED: r.message} for r in tables.rejected],
                        schema=loose)
    return convert


def moves_pass(fen, schema):
    """mapInArrow: shard paths in; the moves rows out, in `schema` (text for dictionaries)."""
    def convert(batches):
        for batch in batches:
            for path in batch.column("path").to_pylist():
                tables = scoresheet.read_tables(open_shard(path), fen=fen)
                yield from tables.moves.cast(schema).to_batches()
    return convert


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("shards", nargs="+",
                        help="PGN files or Parquet files of games, one Spark task each")
    parser.add_argument("-o", "--output", required=True, help="dataset directory (or URI)")
    parser.add_argument("--fen", action="store_true", help="add fen_after to moves")
    parser.add_argument("--master", help="Spark master when not run by spark-submit")
    parser.add_argument("--mode", default="errorifexists",
                        help="Spark save mode when OUT exists (overwrite to replace it)")
    args = parser.parse_args(argv)

    # Spark's Python workers run $PYSPARK_PYTHON, else `python3` from PATH: for a virtual
    # environment's python run by its path (not activated) that is another Python, without
    # scoresheet (ModuleNotFoundError in every task). With a local master the workers run on
    # this machine, so this interpreter serves them; a cluster's executors have their own
    # (spark.pyspark.python, README.md), which this does not guess.
    if args.master and args.master.startswith("local"):
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = SparkSession.builder.appName("scoresheet-export")
    if args.master:
        builder = builder.master(args.master)
    spark = (builder
             .config("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS")
             .config("spark.sql.session.timeZone", "UTC")
             .getOrCreate())
    out = args.output.rstrip("/")
    _, moves_schema, loose = schemas(args.fen)
    paths = spark.createDataFrame([(p,) for p in args.shards], "path string")
    paths = paths.repartition(len(args.shards))

    # Games (kept, for the rejections after the write), then moves: each shard read twice.
    games = paths.mapInArrow(games_pass(args.fen, loose), from_arrow_schema(loose)).cache()
    (games.where(F.col(REJECTED).isNull()).drop(REJECTED)
     .write.mode(args.mode).option("compression", "zstd").parquet(f"{out}/games"))
    rejected = games.where(F.col(REJECTED).isNotNull()).select("source_file", REJECTED).collect()
    exported = games.where(F.col(REJECTED).isNull()).count()
    (paths.mapInArrow(moves_pass(args.fen, moves_schema), from_arrow_schema(moves_schema))
     .write.mode(args.mode).option("compression", "zstd").parquet(f"{out}/moves"))
    spark.stop()

    for row in rejected:
        print(f"error: {row['source_file']}: {row[REJECTED]}", file=sys.stderr)
    print(f"convert_shards: {exported + len(rejected)} games in: {exported} exported, "
          f"{len(rejected)} reported as errors", file=sys.stderr)
    return 1 if rejected else 0


if __name__ == "__main__":
    sys.exit(main())
