//! [`ParquetEncoding`]: how a declared column is written to Parquet, a leaf that the table
//! declarations and the writer both read.

/// How a column is written to Parquet (`parquet_file::writer_properties` applies it).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ParquetEncoding {
    /// Dictionary-encoded (no for values nearly all distinct or increasing).
    pub(crate) dictionary: bool,
    /// Compressed (no for columns whose pages barely shrink).
    pub(crate) compressed: bool,
    /// `DELTA_BINARY_PACKED` (for values that mostly grow by one).
    pub(crate) delta: bool,
    /// With min/max statistics (the columns a range filter can skip by).
    pub(crate) statistics: bool,
}
