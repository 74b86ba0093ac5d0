//! Opening PGN input: files or standard input, plain or compressed.
//!
//! Compression is detected by the first bytes (never by file name): gzip (`1f 8b`, all members
//! of a multi-member file), zstd (`28 b5 2f fd`, all frames), bzip2 (`42 5a 68`, all streams).
//! xz (`fd 37 7a 58 5a 00`) is recognised and refused. Anything else is read as it is.
//!
//! A Parquet file (`PAR1`, [`is_parquet`]) is a table of games, not PGN text: this crate does
//! not read it, and [`decompress`] refuses it with an error saying so. `scoresheet-export`'s
//! `table_input` module reads it (one game per row) and is what the CLI and the Python package
//! open every input with, asking [`is_parquet`] first: the rule "what is this input" is this
//! module's, the Parquet decoder the caller's (it needs arrow and parquet, which this crate
//! leaves out).
//! Without the `compression` feature (on by default) gzip, zstd and bzip2 are refused too.
//!
//! ```
//! # #[cfg(feature = "compression")] {
//! use std::io::{Read, Write};
//! use scoresheet_pgn::input::{decompress, Compression};
//!
//! let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
//! gz.write_all(b"1. e4 *\n")?;
//! let bytes = gz.finish()?;
//! assert_eq!(Compression::detect(&bytes), Compression::Gzip);
//!
//! let mut text = String::new();
//! decompress(std::io::Cursor::new(bytes))?.read_to_string(&mut text)?;
//! assert_eq!(text, "1. e4 *\n");
//! # }
//! # Ok::<_, std::io::Error>(())
//! ```

use std::{
    fs::File,
    io::{self, BufReader, Read},
    path::Path,
};

#[cfg(feature = "compression")]
use std::io::BufRead;

/// A compression format, told by magic bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Compression {
    /// Not compressed (or not a known format).
    None,
    /// gzip.
    Gzip,
    /// Zstandard.
    Zstd,
    /// bzip2.
    Bzip2,
    /// xz, recognised but not supported.
    Xz,
}

impl Compression {
    /// The format whose magic bytes `start` begins with.
    pub fn detect(start: &[u8]) -> Compression {
        if start.starts_with(&[0x1f, 0x8b]) {
            Compression::Gzip
        } else if start.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Compression::Zstd
        } else if start.starts_with(b"BZh") {
            Compression::Bzip2
        } else if start.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0x00]) {
            Compression::Xz
        } else {
            Compression::None
        }
    }
}

/// Whether `start`, an input's first bytes, begins a Parquet file (the magic `PAR1`).
pub fn is_parquet(start: &[u8]) -> bool {
    start.starts_with(b"PAR1")
}

/// Opens `path` (or standard input for `-`) and decompresses it if needed; see the
/// [module docs](self).
///
/// # Errors
///
/// When the file cannot be opened or read, is a directory, or is xz-compressed.
pub fn open_input(path: impl AsRef<Path>) -> io::Result<Box<dyn Read + Send>> {
    decompress(open_raw(path)?.0)
}

/// Opens `path` (or standard input for `-`) without decompressing it, with the file's size
/// when it is a regular file (for progress over the bytes as stored).
///
/// # Errors
///
/// When the file cannot be opened or is a directory.
pub fn open_raw(path: impl AsRef<Path>) -> io::Result<(Box<dyn Read + Send>, Option<u64>)> {
    let path = path.as_ref();
    if path == Path::new("-") {
        return Ok((Box::new(io::stdin()), None));
    }
    if path.is_dir() {
        let message = format!("{} is a directory", path.display());
        return Err(io::Error::new(io::ErrorKind::IsADirectory, message));
    }
    let file = File::open(path)?;
    let size = file
        .metadata()
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.len());
    Ok((Box::new(file), size))
}

/// Wraps `src` in the decoder its first bytes call for.
///
/// # Errors
///
/// When reading the first bytes fails, the input is xz-compressed (or, without the
/// `compression` feature, compressed at all), or it is a Parquet file (`Unsupported`; see the
/// [module docs](self)).
pub fn decompress<R: Read + Send + 'static>(src: R) -> io::Result<Box<dyn Read + Send>> {
    decompress_detected(src).map(|(src, _)| src)
}

/// [`decompress`], saying which compression it found (a compressed input's checksums verify
/// it: a database load takes back what it stored from an input that fails them).
///
/// # Errors
///
/// As [`decompress`].
pub fn decompress_detected<R: Read + Send + 'static>(
    mut src: R,
) -> io::Result<(Box<dyn Read + Send>, Compression)> {
    let mut head = Vec::with_capacity(6);
    (&mut src).take(6).read_to_end(&mut head)?;
    if is_parquet(&head) {
        let message = "the input is a Parquet file: read it as a table of games \
                       (scoresheet_export::table_input), not as PGN text";
        return Err(io::Error::new(io::ErrorKind::Unsupported, message));
    }
    let compression = Compression::detect(&head);
    let src = io::Cursor::new(head).chain(src);
    let buffered = || BufReader::with_capacity(64 * 1024, src);
    let src: Box<dyn Read + Send> = match compression {
        #[cfg(feature = "compression")]
        Compression::Gzip => Box::new(Members::<_, Gzip>::new(buffered())),
        #[cfg(feature = "compression")]
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(buffered())?),
        #[cfg(feature = "compression")]
        Compression::Bzip2 => Box::new(Members::<_, Bzip2>::new(buffered())),
        Compression::Xz => {
            let message = "xz-compressed input is not supported";
            return Err(io::Error::new(io::ErrorKind::Unsupported, message));
        }
        #[cfg(not(feature = "compression"))]
        Compression::Gzip | Compression::Zstd | Compression::Bzip2 => {
            let name = match compression {
                Compression::Gzip => "gzip",
                Compression::Zstd => "zstd",
                _ => "bzip2",
            };
            let message = format!("{name}-compressed input needs the `compression` feature");
            return Err(io::Error::new(io::ErrorKind::Unsupported, message));
        }
        Compression::None => Box::new(buffered().into_inner()),
    };
    Ok((src, compression))
}

/// A compressed format made of members (gzip) or streams (bzip2) that may follow one another.
#[cfg(feature = "compression")]
trait Format {
    type Decoder<R: BufRead>: Read;
    const MAGIC: &'static [u8];
    const NAME: &'static str;
    fn decoder<R: BufRead>(src: R) -> Self::Decoder<R>;
    fn into_inner<R: BufRead>(decoder: Self::Decoder<R>) -> R;
}

#[cfg(feature = "compression")]
struct Gzip;

#[cfg(feature = "compression")]
impl Format for Gzip {
    type Decoder<R: BufRead> = flate2::bufread::GzDecoder<R>;
    const MAGIC: &'static [u8] = &[0x1f, 0x8b];
    const NAME: &'static str = "gzip";
    fn decoder<R: BufRead>(src: R) -> Self::Decoder<R> {
        flate2::bufread::GzDecoder::new(src)
    }
    fn into_inner<R: BufRead>(decoder: Self::Decoder<R>) -> R {
        decoder.into_inner()
    }
}

#[cfg(feature = "compression")]
struct Bzip2;

#[cfg(feature = "compression")]
impl Format for Bzip2 {
    type Decoder<R: BufRead> = bzip2::bufread::BzDecoder<R>;
    const MAGIC: &'static [u8] = b"BZh";
    const NAME: &'static str = "bzip2";
    fn decoder<R: BufRead>(src: R) -> Self::Decoder<R> {
        bzip2::bufread::BzDecoder::new(src)
    }
    fn into_inner<R: BufRead>(decoder: Self::Decoder<R>) -> R {
        decoder.into_inner()
    }
}

/// Decodes the members of a file one after the other, so that every member decoded before
/// something that is not one (junk appended, a damaged member) is handed out whole before the
/// error: a multi-member decoder would lose the bytes decoded in the read call that fails.
#[cfg(feature = "compression")]
struct Members<R: BufRead, F: Format> {
    decoder: Option<F::Decoder<R>>,
}

#[cfg(feature = "compression")]
impl<R: BufRead, F: Format> Members<R, F> {
    fn new(src: R) -> Members<R, F> {
        Members {
            decoder: Some(F::decoder(src)),
        }
    }
}

#[cfg(feature = "compression")]
impl<R: BufRead, F: Format> Read for Members<R, F> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let Some(decoder) = self.decoder.as_mut() else {
                return Ok(0);
            };
            let n = decoder.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            // The member ended: another one, the end, or bytes that are no member.
            let Some(decoder) = self.decoder.take() else {
                return Ok(0);
            };
            let mut src = F::into_inner(decoder);
            let next = src.fill_buf()?;
            if next.is_empty() {
                return Ok(0);
            }
            if !next.starts_with(&F::MAGIC[..next.len().min(F::MAGIC.len())]) {
                let message = format!("bytes after the last {} member are not {0} data", F::NAME);
                return Err(io::Error::new(io::ErrorKind::InvalidData, message));
            }
            self.decoder = Some(F::decoder(src));
        }
    }
}

#[cfg(all(test, feature = "compression"))]
mod tests {
    use std::io::Write;

    use super::*;

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(data).expect("in memory");
        encoder.finish().expect("in memory")
    }

    fn bzip2(data: &[u8]) -> Vec<u8> {
        let mut encoder = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
        encoder.write_all(data).expect("in memory");
        encoder.finish().expect("in memory")
    }

    fn read_all(bytes: Vec<u8>) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        decompress(io::Cursor::new(bytes))?.read_to_end(&mut out)?;
        Ok(out)
    }

    #[test]
    fn ok_decompress() {
        let text = b"[Event \"A\"]\n\n1. e4 *\n".to_vec();
        let zstd = zstd::encode_all(&text[..], 1).expect("in memory");
        let two_members = [gzip(b"1. e4 *\n"), gzip(b"1. d4 *\n")].concat();
        let cases: [(Vec<u8>, Compression, &[u8]); 6] = [
            (text.clone(), Compression::None, &text),
            (gzip(&text), Compression::Gzip, &text),
            (zstd, Compression::Zstd, &text),
            (bzip2(&text), Compression::Bzip2, &text),
            (two_members, Compression::Gzip, b"1. e4 *\n1. d4 *\n"),
            (b"1.".to_vec(), Compression::None, b"1."),
        ];
        for (input, compression, want) in cases {
            assert_eq!(Compression::detect(&input), compression);
            assert_eq!(read_all(input).expect("valid input"), want);
        }
    }

    #[test]
    fn err_decompress() {
        let xz = vec![0xfd, b'7', b'z', b'X', b'Z', 0x00, 1, 2];
        let err = read_all(xz).expect_err("xz is refused");
        assert_eq!(err.kind(), io::ErrorKind::Unsupported);
        let parquet = b"PAR1\x15\x04".to_vec();
        let err = read_all(parquet).expect_err("Parquet is not PGN text");
        assert_eq!(err.kind(), io::ErrorKind::Unsupported);
        assert!(err.to_string().contains("Parquet"), "{err}");
        let mut truncated = gzip(&[b'x'; 1000]);
        truncated.truncate(truncated.len() / 2);
        assert!(read_all(truncated).is_err());
    }

    #[test]
    fn err_open_input_directory() {
        let err = open_input(env!("CARGO_MANIFEST_DIR"))
            .err()
            .expect("a directory");
        assert!(err.to_string().ends_with("is a directory"), "{err}");
        assert_eq!(err.kind(), io::ErrorKind::IsADirectory);
    }

    /// Bytes after the last member that are not a member: every member's data is handed out,
    /// then the error.
    #[test]
    fn err_junk_after_members_keeps_their_data() {
        let text = b"1. e4 *\n1. d4 *\n";
        let cases = [
            (
                "gzip",
                [gzip(&text[..8]), gzip(&text[8..]), b"junk".to_vec()].concat(),
            ),
            (
                "bzip2",
                [bzip2(&text[..8]), bzip2(&text[8..]), b"junk".to_vec()].concat(),
            ),
            ("gzip, one junk byte", [gzip(text), b"j".to_vec()].concat()),
        ];
        for (why, bytes) in cases {
            let mut out = Vec::new();
            let err = decompress(io::Cursor::new(bytes))
                .expect("header")
                .read_to_end(&mut out)
                .expect_err(why);
            assert_eq!(err.kind(), io::ErrorKind::InvalidData, "{why}");
            assert_eq!(out, text, "{why}");
        }
    }
}
