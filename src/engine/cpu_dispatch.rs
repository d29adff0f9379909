//! One build for every x86-64, with the speed of an AVX2 build where the CPU has it.
//!
//! The crate is compiled for the plain x86-64 instruction set, so the program starts
//! on any 64-bit x86 CPU. The engine's hot functions (the move generator's callers,
//! the searches, the solver, the evaluation) are each compiled twice by
//! `cpu_dispatch!`: once for x86-64-v3 (AVX2, BMI1/2, LZCNT, POPCNT, the CPUs of
//! 2013 on) and once plain. A call checks once which copy this CPU runs (a load
//! of a flag set at the first call, and a branch that is always predicted). Inside the
//! fast copy every inlined helper (the legal moves, the flips, the bit counts) is
//! compiled for v3 too, and the flips use their AVX2 form.
//!
//! Measured on this project's machine (AMD EPYC, `farm-bench -n 3`, CPU seconds, this
//! build against a build for x86-64-v3 alone): perft 12 3.25 s against 3.24 s, FFO
//! #40–#49 on one thread 1.05×, the depth-12 midgame search 1.05×; the plain copy
//! (`OTHELLO_TUTOR_PORTABLE=1`) takes 6.1 s for perft 12. Both copies give the same
//! values and the same node counts.
//!
//! The dispatcher is always inlined, and the fast copy may be: a call from inside a
//! fast copy then becomes the flag's load, a branch and a direct call of (or the
//! inlined) fast copy, where before the fast copies called the dispatcher as a
//! function of its own at every node of the solver. Measured on FFO #40–#49, one
//! thread (`farm-bench -n 3 --vs`, December 2026, with the selective passes' even
//! tests of the same commit series): 0.98× the time (pairs 0.971–0.997), within the
//! noise. Making the legal-move generator always inlined rather than dispatched
//! cost 1.07× the time (the null-window search grew with a copy at every call).

use std::sync::atomic::{AtomicU8, Ordering};

/// 0: not checked yet; 1: the plain copies; 2: the x86-64-v3 copies.
static LEVEL: AtomicU8 = AtomicU8::new(0);

/// Whether this CPU runs the fast (x86-64-v3) copies of the hot functions.
#[inline(always)]
pub fn fast() -> bool {
    match LEVEL.load(Ordering::Relaxed) {
        2 => true,
        1 => false,
        _ => check(),
    }
}

#[cold]
fn check() -> bool {
    let fast = detect();
    LEVEL.store(if fast { 2 } else { 1 }, Ordering::Relaxed);
    fast
}

/// Whether the value of `OTHELLO_TUTOR_PORTABLE` asks for the plain copy: any value
/// but the empty one (set to nothing, the variable reads as unset, as `NO_COLOR` does).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn asks_for_plain(value: Option<&std::ffi::OsStr>) -> bool {
    value.is_some_and(|v| !v.is_empty())
}

#[cfg(target_arch = "x86_64")]
fn detect() -> bool {
    if asks_for_plain(std::env::var_os("OTHELLO_TUTOR_PORTABLE").as_deref()) {
        return false;
    }
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("popcnt")
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> bool {
    false
}

/// Which copy of the hot code runs, in words ("x86-64-v3 (AVX2, BMI2)" or "plain
/// x86-64"), for the benchmark and `--version`.
pub fn level_name() -> &'static str {
    if fast() {
        "x86-64-v3 (AVX2, BMI2)"
    } else {
        "plain x86-64"
    }
}

/// Compiles a function twice, for x86-64-v3 and plain, and calls the copy this CPU
/// runs (see the module doc). The function's parameters are `name: Type` (no
/// patterns; rebind with `let mut` inside), with `&self` or `&mut self` first in a
/// method. Write `fn name / fast_name / plain_name (…)`: the two copies' names.
///
/// ```ignore
/// cpu_dispatch! {
///     /// Counts the discs.
///     pub fn count / count_v3 / count_plain (bits: u64) -> u32 {
///         bits.count_ones()
///     }
/// }
/// ```
macro_rules! cpu_dispatch {
    ($(#[$m:meta])* $vis:vis fn $name:ident / $fast:ident / $plain:ident
        (&mut $s:ident $(, $arg:ident : $ty:ty)* $(,)?) $(-> $ret:ty)? $body:block) => {
        $(#[$m])*
        #[inline(always)]
        $vis fn $name(&mut $s $(, $arg: $ty)*) $(-> $ret)? {
            #[cfg(target_arch = "x86_64")]
            if $crate::engine::cpu_dispatch::fast() {
                // SAFETY: the CPU has every feature the fast copy is compiled for.
                return unsafe { $s.$fast($($arg),*) };
            }
            $s.$plain($($arg),*)
        }
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
        #[allow(clippy::too_many_arguments)]
        #[inline]
        fn $fast(&mut $s $(, $arg: $ty)*) $(-> $ret)? $body
        #[allow(clippy::too_many_arguments)]
        fn $plain(&mut $s $(, $arg: $ty)*) $(-> $ret)? $body
    };
    ($(#[$m:meta])* $vis:vis fn $name:ident / $fast:ident / $plain:ident
        (&$s:ident $(, $arg:ident : $ty:ty)* $(,)?) $(-> $ret:ty)? $body:block) => {
        $(#[$m])*
        #[inline(always)]
        $vis fn $name(&$s $(, $arg: $ty)*) $(-> $ret)? {
            #[cfg(target_arch = "x86_64")]
            if $crate::engine::cpu_dispatch::fast() {
                // SAFETY: the CPU has every feature the fast copy is compiled for.
                return unsafe { $s.$fast($($arg),*) };
            }
            $s.$plain($($arg),*)
        }
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
        #[allow(clippy::too_many_arguments)]
        #[inline]
        fn $fast(&$s $(, $arg: $ty)*) $(-> $ret)? $body
        #[allow(clippy::too_many_arguments)]
        fn $plain(&$s $(, $arg: $ty)*) $(-> $ret)? $body
    };
    ($(#[$m:meta])* $vis:vis fn $name:ident / $fast:ident / $plain:ident
        ($($arg:ident : $ty:ty),* $(,)?) $(-> $ret:ty)? $body:block) => {
        $(#[$m])*
        #[inline(always)]
        $vis fn $name($($arg: $ty),*) $(-> $ret)? {
            #[cfg(target_arch = "x86_64")]
            if $crate::engine::cpu_dispatch::fast() {
                // SAFETY: the CPU has every feature the fast copy is compiled for.
                return unsafe { $fast($($arg),*) };
            }
            $plain($($arg),*)
        }
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
        #[allow(clippy::too_many_arguments)]
        #[inline]
        fn $fast($($arg: $ty),*) $(-> $ret)? $body
        #[allow(clippy::too_many_arguments)]
        fn $plain($($arg: $ty),*) $(-> $ret)? $body
    };
}
pub(crate) use cpu_dispatch;

#[cfg(test)]
mod tests {
    use super::*;

    cpu_dispatch! {
        fn both_copies / both_v3 / both_plain (x: u64) -> u32 {
            x.count_ones() + x.trailing_zeros()
        }
    }

    #[test]
    fn both_copies_agree() {
        for x in [
            0u64,
            1,
            0x8000_0000_0000_0000,
            0x0123_4567_89ab_cdef,
            u64::MAX,
        ] {
            let plain = both_plain(x);
            assert_eq!(both_copies(x), plain);
            if fast() {
                // SAFETY: checked just above.
                assert_eq!(unsafe { both_v3(x) }, plain);
            }
        }
    }

    #[test]
    fn only_a_value_asks_for_the_plain_copy() {
        use std::ffi::OsStr;
        assert!(!asks_for_plain(None));
        assert!(!asks_for_plain(Some(OsStr::new(""))));
        assert!(asks_for_plain(Some(OsStr::new("1"))));
        assert!(asks_for_plain(Some(OsStr::new("yes"))));
    }
}
