//! The start-up check that this CPU can run the instructions the binary was compiled
//! for. The default build is for plain x86-64 and runs anywhere (the engine picks its
//! AVX2 copies at run time, `engine::cpu_dispatch`); a build with
//! `RUSTFLAGS="-C target-cpu=x86-64-v3"` uses AVX2 and BMI2 everywhere, and this
//! check refuses it on a CPU without them.
//!
//! The check follows what the binary was built for (`cfg!(target_feature = ...)`), and
//! it asks the CPU itself with CPUID: `is_x86_feature_detected!` answers "yes" without
//! asking in a build that enables the feature, so it cannot tell.

/// The instruction-set extensions the engine's bitboard code may be compiled for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CpuFeatures {
    /// AVX2 (and the AVX state saved by the operating system).
    pub avx2: bool,
    /// BMI2.
    pub bmi2: bool,
}

impl CpuFeatures {
    /// What this binary was compiled to use, and so needs.
    pub const BUILT_FOR: CpuFeatures = CpuFeatures {
        avx2: cfg!(target_feature = "avx2"),
        bmi2: cfg!(target_feature = "bmi2"),
    };

    /// What this CPU offers, read with CPUID.
    #[cfg(target_arch = "x86_64")]
    #[inline(never)]
    pub fn of_this_cpu() -> CpuFeatures {
        use std::arch::x86_64::{__cpuid, __cpuid_count};
        let max_leaf = __cpuid(0).eax;
        if max_leaf < 7 {
            return CpuFeatures::default();
        }
        let leaf1 = __cpuid(1).ecx;
        // AVX needs the CPU's support (bit 28) and the OS's saving of its state
        // (OSXSAVE, bit 27); AVX2 and BMI2 are bits 5 and 8 of leaf 7's EBX.
        let avx = leaf1 & (1 << 28) != 0 && leaf1 & (1 << 27) != 0;
        let leaf7 = __cpuid_count(7, 0).ebx;
        CpuFeatures {
            avx2: avx && leaf7 & (1 << 5) != 0,
            bmi2: leaf7 & (1 << 8) != 0,
        }
    }

    /// What this CPU offers: elsewhere than x86-64 the binary uses neither extension.
    #[cfg(not(target_arch = "x86_64"))]
    pub fn of_this_cpu() -> CpuFeatures {
        CpuFeatures::default()
    }
}

/// The line that refuses to run a binary built for `built_for` on a CPU with `cpu`,
/// or `None` when it can run. A fixed string: on a CPU without AVX even building a
/// message could run an AVX instruction.
pub fn refusal(built_for: CpuFeatures, cpu: CpuFeatures) -> Option<&'static str> {
    macro_rules! needs {
        ($what:literal) => {
            concat!(
                "othello-tutor: this build needs a CPU with ",
                $what,
                "; rebuild without RUSTFLAGS: cargo build --release\n"
            )
        };
    }
    match (built_for.avx2 && !cpu.avx2, built_for.bmi2 && !cpu.bmi2) {
        (false, false) => None,
        (true, true) => Some(needs!("AVX2 and BMI2")),
        (true, false) => Some(needs!("AVX2")),
        (false, true) => Some(needs!("BMI2")),
    }
}

/// Called first thing in `main`, before any code that may use the extensions: when
/// this CPU cannot run this binary, prints why on standard error and returns `false`.
#[inline(never)]
pub fn check() -> bool {
    let built_for = CpuFeatures::BUILT_FOR;
    if !built_for.avx2 && !built_for.bmi2 {
        return true;
    }
    match refusal(built_for, CpuFeatures::of_this_cpu()) {
        None => true,
        Some(line) => {
            use std::io::Write as _;
            let _ = std::io::stderr().write_all(line.as_bytes());
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: CpuFeatures = CpuFeatures {
        avx2: false,
        bmi2: false,
    };
    const BOTH: CpuFeatures = CpuFeatures {
        avx2: true,
        bmi2: true,
    };

    #[test]
    fn a_baseline_build_runs_anywhere() {
        for cpu in [
            NONE,
            BOTH,
            CpuFeatures {
                avx2: true,
                bmi2: false,
            },
        ] {
            assert_eq!(refusal(NONE, cpu), None);
        }
    }

    #[test]
    fn a_v3_build_needs_both_extensions() {
        let line = refusal(BOTH, NONE).expect("refused");
        assert!(line.contains("needs a CPU with AVX2 and BMI2"), "{line}");
        assert!(line.contains("cargo build --release"), "{line}");
        assert!(line.ends_with('\n') && line.lines().count() == 1);
        let partial = CpuFeatures {
            avx2: true,
            bmi2: false,
        };
        assert!(
            refusal(BOTH, partial)
                .expect("refused")
                .contains("with BMI2;")
        );
        assert_eq!(refusal(BOTH, BOTH), None);
    }

    #[test]
    fn the_check_follows_the_build_not_the_architecture() {
        assert_eq!(CpuFeatures::BUILT_FOR.avx2, cfg!(target_feature = "avx2"));
        assert_eq!(CpuFeatures::BUILT_FOR.bmi2, cfg!(target_feature = "bmi2"));
        // The tests run, so this CPU has what the build uses.
        assert!(check());
    }
}
