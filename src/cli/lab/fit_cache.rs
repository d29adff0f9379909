//! The fitted weights of each phase, kept in a training run's folder (`fits/`) so
//! that a run stopped during a fit goes on where it stopped: a fit of 29 million
//! positions takes hours on this machine, and a phase is the unit of its work.
//!
//! A phase's file is named by a hash of everything its fit reads (the starting
//! weights, every sample's position, label and weight, the ridge and the iteration
//! count), so a fit of other data or settings never reads it; the fit is
//! deterministic, so a file read back is the fit that would be made again.

use super::UserError;
use othello_tutor::engine::train::{FitReport, Sample};
use othello_tutor::tutor::files::write_atomic;
use std::path::{Path, PathBuf};

/// The folder of fitted phases of one training run.
pub struct FitCache {
    dir: PathBuf,
}

/// 64-bit FNV-1a, fed piece by piece.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xCBF2_9CE4_8422_2325)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
}

/// What a phase's fit reads: its samples, its starting weights and the settings.
pub struct FitInput<'a> {
    /// The phase.
    pub phase: usize,
    /// The samples fitted.
    pub samples: &'a [Sample],
    /// The phase's weights before the fit.
    pub start: &'a [f32],
    /// The ridge strength.
    pub ridge: f64,
    /// The conjugate-gradient iterations.
    pub iterations: usize,
}

impl FitInput<'_> {
    /// The hash naming the fit's file.
    fn key(&self) -> u64 {
        let mut h = Fnv::new();
        h.bytes(&(self.phase as u64).to_le_bytes());
        h.bytes(&self.ridge.to_le_bytes());
        h.bytes(&(self.iterations as u64).to_le_bytes());
        h.bytes(&(self.samples.len() as u64).to_le_bytes());
        for s in self.samples {
            h.bytes(&s.board.player.to_le_bytes());
            h.bytes(&s.board.opponent.to_le_bytes());
            h.bytes(&s.label.to_le_bytes());
            h.bytes(&s.weight.to_le_bytes());
        }
        for w in self.start {
            h.bytes(&w.to_le_bytes());
        }
        h.0
    }
}

/// The report's three figures, then the weights: 8 + 8 + 8 + 4 per weight bytes.
const HEADER: usize = 24;

impl FitCache {
    /// The cache in the run folder `run`.
    pub fn new(run: &Path) -> FitCache {
        FitCache {
            dir: run.join("fits"),
        }
    }

    /// The fit of `input` by `fit` (the phase's weights and its report), read back
    /// where it was made before, else made and kept. A file that cannot be read back
    /// whole is made again; one that cannot be written is an error naming it.
    pub fn fit(
        &self,
        kind: &str,
        input: &FitInput,
        fit: impl FnOnce() -> (Vec<f32>, FitReport),
    ) -> Result<(Vec<f32>, FitReport), UserError> {
        let path = self.dir.join(format!(
            "{kind}-e{:02}-{:016x}.bin",
            input.phase,
            input.key()
        ));
        if let Some(found) = read(&path, input.start.len()) {
            return Ok(found);
        }
        let (w, report) = fit();
        let mut bytes = Vec::with_capacity(HEADER + 4 * w.len());
        bytes.extend_from_slice(&(report.positions as u64).to_le_bytes());
        bytes.extend_from_slice(&report.rms.to_le_bytes());
        bytes.extend_from_slice(&(report.iterations as u64).to_le_bytes());
        for v in &w {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| UserError(format!("{}: {e}", self.dir.display())))?;
        write_atomic(&path, &bytes).map_err(|e| UserError(e.to_string()))?;
        Ok((w, report))
    }
}

/// A kept fit of `n` weights, if the file is there and whole.
fn read(path: &Path, n: usize) -> Option<(Vec<f32>, FitReport)> {
    let bytes = std::fs::read(path).ok()?;
    if bytes.len() != HEADER + 4 * n {
        return None;
    }
    let word = |i: usize| <[u8; 8]>::try_from(&bytes[i..i + 8]).expect("8 bytes");
    let report = FitReport {
        positions: u64::from_le_bytes(word(0)) as usize,
        rms: f64::from_le_bytes(word(8)),
        iterations: u64::from_le_bytes(word(16)) as usize,
    };
    let w = bytes[HEADER..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
        .collect();
    Some((w, report))
}

#[cfg(test)]
mod tests {
    use super::*;
    use othello_tutor::engine::board::Board;

    fn sample(label: f32) -> Sample {
        Sample {
            board: Board::start(),
            label,
            weight: 1.0,
        }
    }

    #[test]
    fn a_fit_is_made_once_and_read_back_and_other_data_makes_its_own() {
        let dir = std::env::temp_dir().join(format!("ot-fit-cache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let cache = FitCache::new(&dir);
        let samples = [sample(1.5), sample(-2.0)];
        let start = [0.0f32, 0.25, -1.0];
        let input = FitInput {
            phase: 7,
            samples: &samples,
            start: &start,
            ridge: 2.0,
            iterations: 150,
        };
        let made = || {
            (
                vec![1.0f32, -0.5, 3.25],
                FitReport {
                    positions: 2,
                    rms: 0.75,
                    iterations: 12,
                },
            )
        };
        let first = cache.fit("final", &input, made).expect("fit");
        let again = cache
            .fit("final", &input, || panic!("fitted twice"))
            .expect("read back");
        assert_eq!(again.0, first.0);
        assert_eq!(
            (again.1.positions, again.1.rms, again.1.iterations),
            (2, 0.75, 12)
        );
        // Another label, another ridge or another start is another fit.
        let other = [sample(1.5), sample(-1.0)];
        for changed in [
            FitInput {
                samples: &other,
                ..input
            },
            FitInput {
                ridge: 1.0,
                ..input
            },
            FitInput {
                start: &[0.0, 0.25, -0.5],
                ..input
            },
        ] {
            let mut called = false;
            cache
                .fit("final", &changed, || {
                    called = true;
                    made()
                })
                .expect("fit");
            assert!(called);
        }
        // A damaged file is fitted again.
        for entry in std::fs::read_dir(dir.join("fits")).expect("fits") {
            std::fs::write(entry.expect("entry").path(), b"short").expect("write");
        }
        let mut called = false;
        let refitted = cache
            .fit("final", &input, || {
                called = true;
                made()
            })
            .expect("fit");
        assert!(called);
        assert_eq!(refitted.0, first.0);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
