//! Large zeroed tables taken straight from the system, for the transposition tables.
//!
//! A table is an anonymous memory map: the system hands its pages out zeroed on first
//! use, so a large table costs nothing until used, and on Linux the map is advised
//! onto 2 MB pages *before* any page is touched. (Taken from the allocator instead,
//! a table aligned to a cache line was zeroed by a `memset` at once: every page was
//! then already mapped on 4 KiB pages, and the advice that followed changed nothing.
//! Measured with `/proc/PID/smaps` during `othello-lab bench --only ffo`: the solver's
//! 32 MB table had no huge page before, all of it after.)

use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// Types for which all-zero bytes are a valid value (integers, atomics, arrays and
/// structs of them).
///
/// # Safety
/// Every value of the type must be valid when all its bytes are zero.
// The dead-code lint does not count a use as a bound alone.
#[allow(dead_code)]
pub(crate) unsafe trait ZeroValid {}

// SAFETY: zero is a valid integer and a valid atomic integer.
unsafe impl ZeroValid for u64 {}
// SAFETY: as above.
unsafe impl ZeroValid for std::sync::atomic::AtomicU64 {}
// SAFETY: an array of zero-valid values is zero-valid.
unsafe impl<T: ZeroValid, const N: usize> ZeroValid for [T; N] {}

/// `len` values of `T`, all zero at first, in pages of their own.
pub(crate) struct ZeroedPages<T> {
    ptr: NonNull<T>,
    len: usize,
}

// SAFETY: the pages are owned like a `Box<[T]>`'s memory.
unsafe impl<T: Send> Send for ZeroedPages<T> {}
// SAFETY: as above: shared access gives `&[T]` only.
unsafe impl<T: Sync> Sync for ZeroedPages<T> {}

/// A huge page's size (Linux on x86-64).
const HUGE_PAGE: usize = 2 << 20;

impl<T: ZeroValid> ZeroedPages<T> {
    /// `len` zeroed values (at least one). Aborts, as `Vec` does, when the system has
    /// no memory to give.
    pub(crate) fn new(len: usize) -> ZeroedPages<T> {
        let len = len.max(1);
        let layout = std::alloc::Layout::array::<T>(len).expect("table size fits in memory");
        ZeroedPages {
            ptr: map_zeroed(layout).cast(),
            len,
        }
    }
}

impl<T> ZeroedPages<T> {
    fn bytes(&self) -> usize {
        self.len * std::mem::size_of::<T>()
    }
}

impl<T> Deref for ZeroedPages<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` points to `len` initialised values owned by `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> DerefMut for ZeroedPages<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> std::fmt::Debug for ZeroedPages<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ZeroedPages({} values)", self.len)
    }
}

#[cfg(unix)]
fn map_zeroed(layout: std::alloc::Layout) -> NonNull<u8> {
    let bytes = layout.size();
    // Room to start the table on a huge-page boundary when it spans one.
    let extra = if bytes >= HUGE_PAGE { HUGE_PAGE } else { 0 };
    // SAFETY: an anonymous private map of a non-zero length touches no existing memory.
    let base = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            bytes + extra,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if base == libc::MAP_FAILED {
        std::alloc::handle_alloc_error(layout);
    }
    let start = (base as usize).next_multiple_of(extra.max(1));
    let (head, tail) = (start - base as usize, extra - (start - base as usize));
    // SAFETY: both ranges lie inside the map just made and outside the table's bytes;
    // pages are 4 KiB and `extra` and `bytes + extra` are multiples of them (the map's
    // length is rounded up to whole pages by the system).
    unsafe {
        if head > 0 {
            libc::munmap(base, head);
        }
        if tail > 0 {
            libc::munmap(
                (start + bytes.next_multiple_of(4096)) as *mut libc::c_void,
                tail,
            );
        }
    }
    advise_huge_pages(start as *mut u8, bytes);
    NonNull::new(start as *mut u8).expect("a map is never at address zero")
}

#[cfg(unix)]
impl<T> Drop for ZeroedPages<T> {
    fn drop(&mut self) {
        // SAFETY: the table's own map, made by `map_zeroed` with this length.
        unsafe {
            libc::munmap(self.ptr.as_ptr().cast(), self.bytes());
        }
    }
}

#[cfg(not(unix))]
fn map_zeroed(layout: std::alloc::Layout) -> NonNull<u8> {
    // SAFETY: the layout has a non-zero size.
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
    NonNull::new(ptr).unwrap_or_else(|| std::alloc::handle_alloc_error(layout))
}

#[cfg(not(unix))]
impl<T> Drop for ZeroedPages<T> {
    fn drop(&mut self) {
        let layout = std::alloc::Layout::array::<T>(self.len).expect("as allocated");
        // SAFETY: allocated by `map_zeroed` with this layout.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), layout) }
    }
}

/// Asks Linux to back the `bytes` bytes of a large table from `start` with 2 MB pages
/// (where transparent huge pages are enabled on request): its random accesses then
/// miss the TLB far less often. Only whole huge pages inside the range are advised.
pub(crate) fn advise_huge_pages(start: *mut u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        let (start, end) = (start as usize, start as usize + bytes);
        let first = start.next_multiple_of(HUGE_PAGE);
        if end >= first + HUGE_PAGE {
            let len = (end - first) / HUGE_PAGE * HUGE_PAGE;
            // SAFETY: the range lies inside the table's own allocation, and this advice
            // only changes how the kernel backs those pages, not their contents.
            unsafe {
                libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_starts_zeroed_and_keeps_what_is_written() {
        for len in [1usize, 1000, 3 << 18, (5 << 20) / 8 + 3] {
            let mut t = ZeroedPages::<u64>::new(len);
            assert_eq!(t.len(), len);
            assert!(t.iter().all(|&v| v == 0));
            t[len - 1] = 9;
            t[len / 2] = 7;
            assert_eq!(t[len / 2], 7);
            assert_eq!(
                t.iter().filter(|&&v| v != 0).count(),
                if len > 2 { 2 } else { 1 }
            );
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_large_table_starts_on_a_huge_page_boundary() {
        let t = ZeroedPages::<u64>::new(3 * HUGE_PAGE / 8);
        assert_eq!(t.as_ptr() as usize % HUGE_PAGE, 0);
    }
}
