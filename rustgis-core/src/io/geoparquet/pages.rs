//! The page headers of a Parquet column chunk, checked before the parquet crate reads its pages.
//!
//! A page header declares how many bytes its page decompresses to, and the parquet crate
//! allocates and zero-fills that much before it decompresses: a 3 KB file whose page claimed
//! 2 GiB made every read allocate (and clear) 2 GiB, 13 s in a debug build (found by fuzzing;
//! an allocation the computer cannot give aborts the program). So each page header is read here
//! (Thrift's compact protocol, read by hand: the parquet crate keeps its reader private) and the
//! page must lie inside its column chunk and decompress to at most [`MAX_PAGE_BYTES`], and to no
//! more than its column chunk declares in all.

use std::fs::File;

/// The most bytes one page may decompress to (writers make pages of about 1 MiB; one value, a
/// huge polygon's WKB, can make a page larger).
pub(crate) const MAX_PAGE_BYTES: i64 = 256 << 20;

/// The longest page header read (its statistics can hold a long minimum and maximum).
const MAX_HEADER: usize = 16 << 20;

/// How deeply the structures inside a page header may nest (a real one nests three deep).
const MAX_STRUCT_DEPTH: usize = 16;

/// Checks every page of the column chunk at `start` (of `length` bytes, inside the file), which
/// declares `declared` bytes uncompressed. The error says what is wrong, at which byte.
pub(super) fn check_chunk(file: &File, start: u64, length: u64, declared: i64) -> Result<(), String> {
    let end = start + length;
    let mut at = start;
    while at < end {
        let header = read_header(file, at, end)?;
        if header.compressed < 0 || header.uncompressed < 0 {
            return Err(format!(
                "the page at byte {at} declares a negative size ({} compressed, {} uncompressed)",
                header.compressed, header.uncompressed
            ));
        }
        let page_end = at + header.len as u64 + header.compressed as u64;
        if page_end > end {
            return Err(format!(
                "the page at byte {at} runs to byte {page_end}, past the end of its column chunk at byte {end}"
            ));
        }
        if header.uncompressed > MAX_PAGE_BYTES || header.uncompressed > declared.max(0) {
            return Err(format!(
                "the page at byte {at} declares {} bytes decompressed, more than {} (RustGIS reads pages of at most \
                 {} MiB, and no page holds more than its column chunk declares): the file is damaged or hostile",
                header.uncompressed,
                declared.clamp(0, MAX_PAGE_BYTES),
                MAX_PAGE_BYTES >> 20
            ));
        }
        at = page_end;
    }
    Ok(())
}

/// What the checks need of a page header, and its length in bytes.
struct Header {
    uncompressed: i64,
    compressed: i64,
    len: usize,
}

/// Reads the page header at `at`, with more of the file each time it needs more (up to
/// [`MAX_HEADER`] or the chunk's end).
fn read_header(file: &File, at: u64, end: u64) -> Result<Header, String> {
    let mut window = 512usize;
    loop {
        let want = window.min(usize::try_from(end - at).unwrap_or(usize::MAX));
        let mut bytes = vec![0u8; want];
        let mut filled = 0;
        while filled < want {
            match super::super::read_at(file, &mut bytes[filled..], at + filled as u64) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(format!("cannot read the page header at byte {at}: {e}")),
            }
        }
        bytes.truncate(filled);
        match parse_header(&bytes) {
            Ok(header) => return Ok(header),
            Err(Problem::Short) if filled == want && want < MAX_HEADER && (at + want as u64) < end => {
                window = window.saturating_mul(8).min(MAX_HEADER);
            }
            Err(Problem::Short) => return Err(format!("the page header at byte {at} is cut short")),
            Err(Problem::Bad(why)) => return Err(format!("the page header at byte {at} is damaged: {why}")),
        }
    }
}

/// Why a header could not be read.
#[derive(Debug, PartialEq)]
enum Problem {
    /// The bytes end before the header does.
    Short,
    /// The bytes are not a page header.
    Bad(String),
}

/// A page header (Thrift compact protocol): fields 2 and 3 are the uncompressed and compressed
/// page sizes (i32); the others are skipped.
fn parse_header(bytes: &[u8]) -> Result<Header, Problem> {
    let mut reader = Compact { bytes, at: 0 };
    let (mut uncompressed, mut compressed) = (None, None);
    let mut last_field = 0i64;
    loop {
        let head = reader.byte()?;
        if head == 0 {
            break;
        }
        let kind = head & 0x0f;
        let delta = i64::from(head >> 4);
        let field = if delta == 0 { reader.zigzag()? } else { last_field + delta };
        last_field = field;
        match (field, kind) {
            (2, 5) => uncompressed = Some(reader.zigzag()?),
            (3, 5) => compressed = Some(reader.zigzag()?),
            _ => reader.skip(kind, 0)?,
        }
    }
    match (uncompressed, compressed) {
        (Some(uncompressed), Some(compressed)) => Ok(Header { uncompressed, compressed, len: reader.at }),
        _ => Err(Problem::Bad("it lacks its page sizes".to_owned())),
    }
}

/// A reader of Thrift's compact protocol over a slice.
struct Compact<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Compact<'_> {
    fn byte(&mut self) -> Result<u8, Problem> {
        let byte = *self.bytes.get(self.at).ok_or(Problem::Short)?;
        self.at += 1;
        Ok(byte)
    }

    fn varint(&mut self) -> Result<u64, Problem> {
        let mut value = 0u64;
        for shift in (0..70).step_by(7) {
            let byte = self.byte()?;
            value |= u64::from(byte & 0x7f) << shift.min(63);
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(Problem::Bad("a number runs past ten bytes".to_owned()))
    }

    fn zigzag(&mut self) -> Result<i64, Problem> {
        let raw = self.varint()?;
        Ok((raw >> 1) as i64 ^ -((raw & 1) as i64))
    }

    fn advance(&mut self, n: u64) -> Result<(), Problem> {
        let n = usize::try_from(n).map_err(|_| Problem::Short)?;
        if self.bytes.len() - self.at < n {
            // The caller reads more of the file; a length past the largest header is damage.
            return if n > MAX_HEADER {
                Err(Problem::Bad(format!("a value claims {n} bytes")))
            } else {
                Err(Problem::Short)
            };
        }
        self.at += n;
        Ok(())
    }

    /// Skips a value of Thrift compact type `kind`.
    fn skip(&mut self, kind: u8, depth: usize) -> Result<(), Problem> {
        match kind {
            1 | 2 => Ok(()),
            3 => self.advance(1),
            4..=6 => self.varint().map(|_| ()),
            7 => self.advance(8),
            8 => {
                let len = self.varint()?;
                self.advance(len)
            }
            9 | 10 => {
                let head = self.byte()?;
                let element = head & 0x0f;
                let mut count = u64::from(head >> 4);
                if count == 15 {
                    count = self.varint()?;
                }
                if count > (MAX_HEADER as u64) {
                    return Err(Problem::Bad(format!("a list claims {count} items")));
                }
                for _ in 0..count {
                    // In lists, booleans take a byte each.
                    if matches!(element, 1 | 2) { self.advance(1)? } else { self.skip(element, depth)? }
                }
                Ok(())
            }
            11 => {
                let count = self.varint()?;
                if count == 0 {
                    return Ok(());
                }
                if count > (MAX_HEADER as u64) {
                    return Err(Problem::Bad(format!("a map claims {count} entries")));
                }
                let kinds = self.byte()?;
                for _ in 0..count {
                    self.skip(kinds >> 4, depth)?;
                    self.skip(kinds & 0x0f, depth)?;
                }
                Ok(())
            }
            12 => {
                if depth >= MAX_STRUCT_DEPTH {
                    return Err(Problem::Bad(format!("structures nest deeper than {MAX_STRUCT_DEPTH}")));
                }
                let mut last_field = 0i64;
                loop {
                    let head = self.byte()?;
                    if head == 0 {
                        return Ok(());
                    }
                    let delta = i64::from(head >> 4);
                    last_field = if delta == 0 { self.zigzag()? } else { last_field + delta };
                    self.skip(head & 0x0f, depth + 1)?;
                }
            }
            other => Err(Problem::Bad(format!("unknown value type {other}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compact-protocol page header: type 0 (data page), the two sizes, a data page header
    /// (struct 5) with two i32 fields, then the end.
    fn header(uncompressed: i32, compressed: i32) -> Vec<u8> {
        let zigzag = |v: i32| -> Vec<u8> {
            let mut raw = ((v << 1) ^ (v >> 31)) as u32;
            let mut out = Vec::new();
            loop {
                if raw < 0x80 {
                    out.push(raw as u8);
                    return out;
                }
                out.push((raw as u8 & 0x7f) | 0x80);
                raw >>= 7;
            }
        };
        let mut out = vec![0x15];
        out.extend(zigzag(0));
        out.push(0x15);
        out.extend(zigzag(uncompressed));
        out.push(0x15);
        out.extend(zigzag(compressed));
        out.push(0x2c); // field 5 (3 + 2), a struct
        out.push(0x15);
        out.extend(zigzag(100));
        out.push(0x15);
        out.extend(zigzag(0));
        out.push(0);
        out.push(0);
        out
    }

    #[test]
    fn a_page_headers_sizes_and_length_are_read() {
        let bytes = header(65_536, 1_000);
        let read = parse_header(&bytes).expect("a header");
        assert_eq!((read.uncompressed, read.compressed, read.len), (65_536, 1_000, bytes.len()));
    }

    #[test]
    fn a_page_declaring_two_gib_decompressed_is_refused_before_it_is_read() {
        let dir = std::env::temp_dir().join(format!("rustgis-pages-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("chunk.bin");
        let mut bytes = header(i32::MAX, 10);
        bytes.extend_from_slice(&[0u8; 10]);
        crate::io::atomic::write_bytes(&path, true, &bytes).expect("written");
        let file = File::open(&path).expect("opens");
        let error = check_chunk(&file, 0, bytes.len() as u64, i64::MAX).expect_err("refused");
        std::fs::remove_dir_all(&dir).expect("cleans up");
        assert!(error.contains("declares 2147483647 bytes decompressed"), "{error}");
        let fits = header(1_000, 10);
        assert!(parse_header(&fits).is_ok());
    }

    #[test]
    fn a_header_cut_short_asks_for_more_and_garbage_is_refused() {
        let bytes = header(65_536, 1_000);
        assert_eq!(parse_header(&bytes[..bytes.len() - 3]).err(), Some(Problem::Short));
        assert!(matches!(parse_header(&[0x1f, 0, 0]), Err(Problem::Bad(_))));
    }
}
