//! Inputs for the fuzz tests: arbitrary bytes, and valid files mutated by a few
//! random edits (bytes set, inserted, deleted, repeated, cut off, and tokens that
//! readers find hard: huge numbers, brackets, quotes, newlines, multi-byte
//! characters). A checksummed binary file can have its checksum fixed after the
//! edits, so that the edits reach the reader behind the checksum.

use proptest::prelude::*;
use std::path::PathBuf;

/// Text that readers find hard, inserted whole.
pub const TOKENS: &[&str] = &[
    "",
    "0",
    "-1",
    "60",
    "65",
    "255",
    "65536",
    "4294967296",
    "99999999999999999999999",
    "-9223372036854775809",
    "1e999",
    "nan",
    "[",
    "]",
    "[[",
    "]]",
    "\\",
    "\"",
    "'''",
    "\"\"\"",
    "\n",
    "\r\n",
    "=",
    "{",
    "}",
    "(;",
    ";)",
    ")",
    "(",
    "[[step]]",
    "[[puzzle]]",
    "version = 7\n",
    "PA",
    "pass",
    "--",
    "%",
    ":",
    ";",
    ",",
    "#",
    " ",
    "\t",
    "\u{0}",
    "é",
    "€",
    "😀",
    "\u{FEFF}",
    "\u{301}",
];

/// One edit of a file's bytes; positions and lengths are taken modulo the file's.
#[derive(Clone, Debug)]
pub enum Edit {
    /// Sets the byte at a position.
    Set(usize, u8),
    /// XORs the byte at a position with a bit.
    Flip(usize, u8),
    /// Inserts bytes at a position.
    Insert(usize, Vec<u8>),
    /// Inserts one of [`TOKENS`] at a position.
    Token(usize, usize),
    /// Deletes up to 16 bytes from a position.
    Delete(usize, usize),
    /// Repeats up to 64 bytes from a position, just after them.
    Repeat(usize, usize),
    /// Cuts the file at a position.
    Truncate(usize),
}

/// A random edit.
pub fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Edit::Set(at, b)),
        2 => (any::<usize>(), 0..8u8).prop_map(|(at, bit)| Edit::Flip(at, 1 << bit)),
        1 => (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(at, b)| Edit::Insert(at, b)),
        3 => (any::<usize>(), any::<usize>()).prop_map(|(at, k)| Edit::Token(at, k)),
        2 => (any::<usize>(), 1..16usize).prop_map(|(at, n)| Edit::Delete(at, n)),
        1 => (any::<usize>(), 1..64usize).prop_map(|(at, n)| Edit::Repeat(at, n)),
        1 => any::<usize>().prop_map(Edit::Truncate),
    ]
}

/// `base` with `edits` applied in order.
pub fn apply(base: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut out = base.to_vec();
    for e in edits {
        let len = out.len();
        let at = |p: usize| if len == 0 { 0 } else { p % (len + 1) };
        match e {
            Edit::Set(p, b) if len > 0 => out[p % len] = *b,
            Edit::Flip(p, bit) if len > 0 => out[p % len] ^= bit,
            Edit::Set(..) | Edit::Flip(..) => out.push(0),
            Edit::Insert(p, bytes) => {
                let p = at(*p);
                out.splice(p..p, bytes.iter().copied());
            }
            Edit::Token(p, k) => {
                let p = at(*p);
                out.splice(p..p, TOKENS[k % TOKENS.len()].bytes());
            }
            Edit::Delete(p, n) => {
                let p = at(*p);
                let end = (p + n).min(len);
                out.drain(p..end);
            }
            Edit::Repeat(p, n) => {
                let p = at(*p);
                let end = (p + n).min(len);
                let copy: Vec<u8> = out[p..end].to_vec();
                out.splice(end..end, copy);
            }
            Edit::Truncate(p) => out.truncate(at(*p)),
        }
    }
    out
}

/// `base` after one to five random edits.
pub fn mutated(base: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(edit(), 1..6).prop_map(move |edits| apply(&base, &edits))
}

/// `base` after one to five random edits, read as text (bytes that are not UTF-8
/// become U+FFFD).
pub fn mutated_text(base: &str) -> impl Strategy<Value = String> {
    mutated(base.as_bytes().to_vec()).prop_map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// Arbitrary bytes, up to `max` of them.
pub fn bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(any::<u8>(), 0..max)
}

/// FNV-1a, 64 bits: the checksum of the weights and book files (a public
/// algorithm, written here so the tests need nothing private).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = 0xCBF2_9CE4_8422_2325u64;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

/// Rewrites the last 8 bytes as the FNV-1a checksum of the others (little-endian),
/// when there are enough bytes.
pub fn fix_checksum(bytes: &mut [u8]) {
    if bytes.len() >= 8 {
        let (body, sum) = bytes.split_at_mut(bytes.len() - 8);
        sum.copy_from_slice(&fnv1a(body).to_le_bytes());
    }
}

/// A fresh, empty directory for one case (numbered: cases may run in parallel
/// test threads), removed by [`CaseDir`]'s drop.
pub struct CaseDir(pub PathBuf);

static NEXT_CASE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl CaseDir {
    /// A new empty directory named after `what`.
    pub fn new(what: &str) -> CaseDir {
        let n = NEXT_CASE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("othello-fuzz-{what}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        CaseDir(dir)
    }

    /// Every file under the directory (recursively) with its bytes, sorted by path.
    pub fn snapshot(&self) -> Vec<(PathBuf, Vec<u8>)> {
        fn walk(dir: &std::path::Path, out: &mut Vec<(PathBuf, Vec<u8>)>) {
            let Ok(read) = std::fs::read_dir(dir) else {
                return;
            };
            for e in read.flatten() {
                let p = e.path();
                if p.is_dir() {
                    walk(&p, out);
                } else if let Ok(b) = std::fs::read(&p) {
                    out.push((p, b));
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.0, &mut out);
        out.sort();
        out
    }
}

impl Drop for CaseDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
