//! The book file: a versioned header, the entries in key order, a checksum; read with
//! typed errors, never a panic.

use std::path::Path;

use reversi::Square;
use thiserror::Error;

use super::entry::{BookEntry, BookKey, Leaf};
use super::graph::Book;

/// The first 8 bytes of a book file.
pub const BOOK_MAGIC: [u8; 8] = *b"RVRSBOOK";

/// The version of the format written (and the only one read).
pub const BOOK_VERSION: u32 = 1;

/// The bytes of the header: magic, version, entry count.
const HEADER: usize = 16;
/// The bytes of one entry.
pub const ENTRY_BYTES: usize = 24;
/// The bytes of the checksum at the end.
const CHECKSUM: usize = 8;

/// The entry flags: the value is exact; the entry has a leaf; the leaf is exact.
const EXACT: u8 = 1;
const HAS_LEAF: u8 = 2;
const LEAF_EXACT: u8 = 4;

/// The 64-bit FNV-1a hash of `bytes` (offset basis 0xcbf29ce484222325, prime
/// 0x100000001b3), the book file's checksum.
///
/// ```
/// // The published FNV-1a test vectors: "" and "a".
/// assert_eq!(reversi_engine::book::format::fnv1a64(b""), 0xcbf29ce484222325);
/// assert_eq!(reversi_engine::book::format::fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
/// ```
#[must_use]
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ byte as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Why a book file cannot be read.
#[derive(Debug, Error)]
pub enum ReadBookError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file does not start with `BOOK_MAGIC`.
    #[error("not a book file: it starts {found:?}, not \"RVRSBOOK\"")]
    BadMagic {
        /// The file's first (up to 8) bytes.
        found: Vec<u8>,
    },
    /// A version other than `BOOK_VERSION`.
    #[error("book format version {version} is not supported (this program reads version {BOOK_VERSION})")]
    UnsupportedVersion {
        /// The version in the file.
        version: u32,
    },
    /// The file ends before its header, entries and checksum do.
    #[error("truncated at byte {length}: the header and its entries need {needed} bytes")]
    Truncated {
        /// The file's length in bytes.
        length: usize,
        /// The length its header announces (or the header's own length).
        needed: usize,
    },
    /// Bytes after the checksum.
    #[error("{extra} byte{} after the checksum at byte {end}", if *extra == 1 { "" } else { "s" })]
    TrailingBytes {
        /// Where the file should end.
        end: usize,
        /// How many bytes follow.
        extra: usize,
    },
    /// The checksum does not match the bytes before it.
    #[error("checksum mismatch: the file says {stored:#018x}, its bytes hash to {computed:#018x}")]
    Checksum {
        /// The checksum stored at the end.
        stored: u64,
        /// The FNV-1a hash of the bytes before it.
        computed: u64,
    },
    /// An entry is not a valid book position.
    #[error("entry {index} (byte {offset}): {reason}")]
    InvalidEntry {
        /// The entry's index, from 0.
        index: usize,
        /// The entry's first byte in the file.
        offset: usize,
        /// What is wrong with it.
        reason: InvalidEntry,
    },
}

/// What is wrong with a book entry.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InvalidEntry {
    /// A square holds discs of both sides.
    #[error("square {square} holds both sides' discs")]
    Overlap {
        /// The first such square.
        square: Square,
    },
    /// One of the four centre squares is empty (no game reaches that).
    #[error("a centre square is empty")]
    EmptyCentre,
    /// The position is not in its canonical form ([`reversi::Board::canonical`]).
    #[error("the position is not in its canonical form")]
    NotCanonical,
    /// The key is not above the previous entry's (the entries are sorted, unique).
    #[error("the key is not above the previous entry's (entries are sorted and unique)")]
    OutOfOrder,
    /// A value outside -64..=64.
    #[error("value {value} is outside -64..=64")]
    Value {
        /// The value.
        value: i8,
    },
    /// A depth above 60 (no game has more plies to search).
    #[error("depth {depth} is above 60")]
    Depth {
        /// The depth.
        depth: u8,
    },
    /// Flag bits that this version does not define.
    #[error("unknown flag bits {flags:#04x}")]
    Flags {
        /// The flags byte.
        flags: u8,
    },
    /// Reserved bytes (or the leaf bytes of an entry without a leaf) that are not 0.
    #[error("reserved bytes are not zero")]
    Reserved,
    /// The leaf's square is not a legal move of the position.
    #[error("leaf square {index} is not a legal move of the position")]
    LeafSquare {
        /// The byte given for the square.
        index: u8,
    },
}

impl Book {
    /// The book as a file, version 1 (all numbers little-endian):
    ///
    /// | bytes | what |
    /// |---|---|
    /// | 0..8 | the magic `RVRSBOOK` |
    /// | 8..12 | the version, `u32` = 1 |
    /// | 12..16 | the entry count N, `u32` |
    /// | 16..16 + 24 N | the entries, in increasing (player, opponent) order |
    /// | the last 8 | the 64-bit FNV-1a hash of every byte before it ([`fnv1a64`]) |
    ///
    /// An entry (24 bytes): the key's player bitboard (`u64`) and opponent bitboard
    /// (`u64`), bit `rank * 8 + file` (a1 = 0, h8 = 63), a canonical position with the
    /// side to move as "player"; the value (`i8`, discs for the side to move, -64 to
    /// 64); the depth (`u8`, 0 to 60); the flags (`u8`: 1 = value exact, 2 = has a
    /// leaf, 4 = leaf exact); the leaf's square (`u8`, 0 to 63, on the key's board) and value (`i8`),
    /// both 0 without a leaf; 3 reserved bytes, 0.
    ///
    /// ```
    /// use reversi_engine::Book;
    /// let bytes = Book::new().to_bytes();
    /// assert_eq!(bytes.len(), 16 + 8);
    /// assert_eq!(&bytes[..8], b"RVRSBOOK");
    /// assert_eq!(Book::from_bytes(&bytes)?, Book::new());
    /// # Ok::<_, reversi_engine::ReadBookError>(())
    /// ```
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let entries = self.entries();
        let mut bytes = Vec::with_capacity(HEADER + entries.len() * ENTRY_BYTES + CHECKSUM);
        bytes.extend_from_slice(&BOOK_MAGIC);
        bytes.extend_from_slice(&BOOK_VERSION.to_le_bytes());
        bytes.extend_from_slice(&(entries.len() as u32).to_le_bytes());
        for (key, entry) in entries {
            bytes.extend_from_slice(&encode(key, &entry));
        }
        let checksum = fnv1a64(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        bytes
    }

    /// Reads a book file ([`Book::to_bytes`] describes the format). The whole file is
    /// checked before any entry is used: a book with a wrong entry could play a wrong
    /// move, so one bad entry rejects the file.
    ///
    /// # Errors
    /// [`ReadBookError`]: bad magic, unsupported version, truncated, trailing bytes,
    /// checksum mismatch, or the first invalid entry with its index and byte offset.
    ///
    /// ```
    /// use reversi_engine::{Book, ReadBookError};
    /// let bytes = Book::new().to_bytes();
    /// let error = Book::from_bytes(&bytes[..20]).unwrap_err();
    /// assert!(matches!(error, ReadBookError::Truncated { length: 20, needed: 24 }));
    /// assert_eq!(error.to_string(), "truncated at byte 20: the header and its entries need 24 bytes");
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, ReadBookError> {
        let count = read_header(bytes)?;
        let end = HEADER + count * ENTRY_BYTES;
        let stored = u64::from_le_bytes(bytes[end..end + CHECKSUM].try_into().unwrap_or([0; 8]));
        let computed = fnv1a64(&bytes[..end]);
        if stored != computed {
            return Err(ReadBookError::Checksum { stored, computed });
        }
        let mut book = Book::new();
        let mut previous = None;
        for index in 0..count {
            let offset = HEADER + index * ENTRY_BYTES;
            let (key, entry) =
                decode(&bytes[offset..offset + ENTRY_BYTES], previous).map_err(|reason| {
                    ReadBookError::InvalidEntry {
                        index,
                        offset,
                        reason,
                    }
                })?;
            previous = Some(key);
            book.insert_key(key, entry);
        }
        Ok(book)
    }

    /// Reads the book file at `path` ([`Book::from_bytes`]).
    ///
    /// # Errors
    /// [`ReadBookError::Io`] when the file cannot be read, else [`Book::from_bytes`]'s.
    pub fn read(path: &Path) -> Result<Book, ReadBookError> {
        let bytes = std::fs::read(path).map_err(|source| ReadBookError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Book::from_bytes(&bytes)
    }

    /// Writes the book to `path` ([`Book::to_bytes`]), through a temporary file
    /// beside it renamed over it, so a reader never sees half a book.
    ///
    /// # Errors
    /// [`ReadBookError::Io`] when the file cannot be written.
    pub fn write(&self, path: &Path) -> Result<(), ReadBookError> {
        let io = |source| ReadBookError::Io {
            path: path.display().to_string(),
            source,
        };
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".tmp");
        std::fs::write(&temporary, self.to_bytes()).map_err(io)?;
        std::fs::rename(&temporary, path).map_err(io)
    }
}

/// The entry count of a file, once its magic, version and length are checked.
fn read_header(bytes: &[u8]) -> Result<usize, ReadBookError> {
    let magic = &bytes[..bytes.len().min(8)];
    if magic != &BOOK_MAGIC[..magic.len()] {
        return Err(ReadBookError::BadMagic {
            found: magic.to_vec(),
        });
    }
    if bytes.len() < HEADER {
        return Err(ReadBookError::Truncated {
            length: bytes.len(),
            needed: HEADER + CHECKSUM,
        });
    }
    let word =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let version = word(8);
    if version != BOOK_VERSION {
        return Err(ReadBookError::UnsupportedVersion { version });
    }
    let count = word(12) as usize;
    let needed = count
        .saturating_mul(ENTRY_BYTES)
        .saturating_add(HEADER + CHECKSUM);
    if bytes.len() < needed {
        return Err(ReadBookError::Truncated {
            length: bytes.len(),
            needed,
        });
    }
    if bytes.len() > needed {
        return Err(ReadBookError::TrailingBytes {
            end: needed,
            extra: bytes.len() - needed,
        });
    }
    Ok(count)
}

/// The 24 bytes of an entry.
fn encode(key: BookKey, entry: &BookEntry) -> [u8; ENTRY_BYTES] {
    let mut bytes = [0; ENTRY_BYTES];
    bytes[..8].copy_from_slice(&key.player.to_le_bytes());
    bytes[8..16].copy_from_slice(&key.opponent.to_le_bytes());
    bytes[16] = entry.value as u8;
    bytes[17] = entry.depth;
    let mut flags = if entry.exact { EXACT } else { 0 };
    if let Some(leaf) = entry.leaf {
        flags |= HAS_LEAF | if leaf.exact { LEAF_EXACT } else { 0 };
        bytes[19] = leaf.square.index() as u8;
        bytes[20] = leaf.value as u8;
    }
    bytes[18] = flags;
    bytes
}

/// The entry of 24 bytes, checked (`previous`: the key before it).
fn decode(bytes: &[u8], previous: Option<BookKey>) -> Result<(BookKey, BookEntry), InvalidEntry> {
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
    let key = BookKey {
        player: word(0),
        opponent: word(8),
    };
    let Some(board) = key.board() else {
        let first = (key.player & key.opponent).trailing_zeros() as usize;
        return Err(
            Square::from_index(first).map_or(InvalidEntry::EmptyCentre, |square| {
                InvalidEntry::Overlap { square }
            }),
        );
    };
    const CENTRE: u64 = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);
    if (key.player | key.opponent) & CENTRE != CENTRE {
        return Err(InvalidEntry::EmptyCentre);
    }
    if BookKey::of(&board).0 != key {
        return Err(InvalidEntry::NotCanonical);
    }
    if previous.is_some_and(|previous| key <= previous) {
        return Err(InvalidEntry::OutOfOrder);
    }
    let value = |byte: u8| {
        let value = byte as i8;
        if (-64..=64).contains(&value) {
            Ok(value)
        } else {
            Err(InvalidEntry::Value { value })
        }
    };
    if bytes[17] > 60 {
        return Err(InvalidEntry::Depth { depth: bytes[17] });
    }
    let flags = bytes[18];
    if flags & !(EXACT | HAS_LEAF | LEAF_EXACT) != 0 {
        return Err(InvalidEntry::Flags { flags });
    }
    if bytes[21..].iter().any(|&b| b != 0)
        || (flags & HAS_LEAF == 0 && (bytes[19] != 0 || bytes[20] != 0 || flags & LEAF_EXACT != 0))
    {
        return Err(InvalidEntry::Reserved);
    }
    let leaf = if flags & HAS_LEAF != 0 {
        let square = Square::from_index(bytes[19] as usize)
            .filter(|&square| board.legal_moves().contains(square))
            .ok_or(InvalidEntry::LeafSquare { index: bytes[19] })?;
        Some(Leaf {
            square,
            value: value(bytes[20])?,
            exact: flags & LEAF_EXACT != 0,
        })
    } else {
        None
    };
    let entry = BookEntry {
        value: value(bytes[16])?,
        depth: bytes[17],
        exact: flags & EXACT != 0,
        leaf,
    };
    Ok((key, entry))
}
