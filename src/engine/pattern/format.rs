//! The weights file: `OTPW`, a format version (u16), the phase count (u16), the
//! weights per phase (u32), then every weight (phase by phase, hundredths of a disc)
//! as a zigzag varint, a zero followed by a varint run length standing for that many
//! zeros, and last an FNV-1a 64 checksum of everything before it (all little-endian).
//! Version 2 (written since December 2026) stores each phase's weights after the
//! first as their differences from the phase before (neighbouring empties counts are
//! fitted on overlapping positions, so the differences are small, and a phase copied
//! from the one before is a single run of zeros); version 1 stored every weight as it
//! is, and is still read.
//!
//! A file of [`FOUR_EMPTIES_PHASES`] phases (each the weights of four empties counts:
//! 0-3, 4-7, ..., the last from 56 up: the weights trained before December 2026) is
//! read by giving every empties count its phase's weights, so it evaluates exactly as
//! it did.

use super::{PHASES, PatternWeights, layout};

/// The phase count of the weights files of four empties a phase.
pub const FOUR_EMPTIES_PHASES: usize = 15;

/// The file's first bytes.
pub const MAGIC: &[u8; 4] = b"OTPW";
/// The format version this build writes (it reads 1 too).
pub const VERSION: u16 = 2;
/// The version that stores every weight as it is.
const ABSOLUTE: u16 = 1;

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// Not a weights file.
    #[error("not a pattern weights file (it does not start with OTPW)")]
    Magic,
    /// Written by another version.
    #[error("weights format version {found}, this build reads versions {ABSOLUTE} and {VERSION}")]
    Version {
        /// The file's version.
        found: u16,
    },
    /// Made for another pattern set.
    #[error(
        "the file has {phases} phases of {params} weights, this build needs {PHASES} (or {FOUR_EMPTIES_PHASES}) of {expected}"
    )]
    Layout {
        /// The file's phases.
        phases: u16,
        /// The file's weights per phase.
        params: u32,
        /// This build's weights per phase.
        expected: usize,
    },
    /// The checksum does not match: the file is damaged.
    #[error("the checksum does not match: the file is damaged")]
    Checksum,
    /// The data ends early or runs on.
    #[error("the weight data is damaged at byte {at}")]
    Data {
        /// Where the problem is.
        at: usize,
    },
}

/// FNV-1a, 64 bits.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut h = 0xCBF2_9CE4_8422_2325u64;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn get_varint(data: &[u8], at: &mut usize) -> Result<u64, WeightsError> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let &b = data.get(*at).ok_or(WeightsError::Data { at: *at })?;
        *at += 1;
        v |= ((b & 0x7F) as u64) << shift;
        if b & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err(WeightsError::Data { at: *at })
}

/// The file's bytes for `weights`.
pub fn encode(weights: &PatternWeights) -> Vec<u8> {
    encode_params(VERSION, PHASES, &weights.params())
}

/// The file's bytes, in format `version`, for `phases` phases of weights, `params`
/// phase by phase.
fn encode_params(version: u16, phases: usize, params: &[i16]) -> Vec<u8> {
    let n = layout().params;
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&(phases as u16).to_le_bytes());
    out.extend_from_slice(&(n as u32).to_le_bytes());
    let stored: Vec<i32> = if version == ABSOLUTE {
        params.iter().map(|&v| v as i32).collect()
    } else {
        (0..params.len())
            .map(|i| params[i] as i32 - if i >= n { params[i - n] as i32 } else { 0 })
            .collect()
    };
    let mut i = 0;
    while i < stored.len() {
        let v = stored[i];
        if v == 0 {
            let run = stored[i..].iter().take_while(|&&x| x == 0).count();
            out.push(0);
            put_varint(&mut out, run as u64);
            i += run;
        } else {
            let z = (v << 1) ^ (v >> 31);
            put_varint(&mut out, z as u32 as u64);
            i += 1;
        }
    }
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads a weights file, checking its version, layout and checksum.
pub fn decode(bytes: &[u8]) -> Result<PatternWeights, WeightsError> {
    if bytes.len() < 12 || &bytes[..4] != MAGIC {
        return Err(WeightsError::Magic);
    }
    let version = u16::from_le_bytes([bytes[4], bytes[5]]);
    if version != VERSION && version != ABSOLUTE {
        return Err(WeightsError::Version { found: version });
    }
    if bytes.len() < 20 {
        return Err(WeightsError::Data { at: bytes.len() });
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    if checksum(body) != u64::from_le_bytes(sum.try_into().expect("eight bytes")) {
        return Err(WeightsError::Checksum);
    }
    let phases = u16::from_le_bytes([body[6], body[7]]);
    let params = u32::from_le_bytes(body[8..12].try_into().expect("four bytes"));
    let expected = layout().params;
    let four = phases as usize == FOUR_EMPTIES_PHASES;
    if (phases as usize != PHASES && !four) || params as usize != expected {
        return Err(WeightsError::Layout {
            phases,
            params,
            expected,
        });
    }
    let total = phases as usize * expected;
    let mut stored: Vec<i32> = Vec::with_capacity(total);
    let mut at = 12;
    while stored.len() < total {
        let z = get_varint(body, &mut at)?;
        if z == 0 {
            let end = usize::try_from(get_varint(body, &mut at)?)
                .ok()
                .filter(|&run| run > 0)
                .and_then(|run| stored.len().checked_add(run))
                .filter(|&end| end <= total)
                .ok_or(WeightsError::Data { at })?;
            stored.resize(end, 0);
        } else {
            let v = ((z >> 1) as i64) ^ -((z & 1) as i64);
            let v = i32::try_from(v).map_err(|_| WeightsError::Data { at })?;
            stored.push(v);
        }
    }
    if at != body.len() {
        return Err(WeightsError::Data { at });
    }
    // Version 2: each phase after the first adds the one before.
    if version != ABSOLUTE {
        for i in expected..total {
            stored[i] += stored[i - expected];
        }
    }
    let mut values = stored
        .iter()
        .map(|&v| i16::try_from(v).map_err(|_| WeightsError::Data { at }))
        .collect::<Result<Vec<i16>, _>>()?;
    if four {
        // Each empties count takes the weights of its four-empties phase.
        let mut full = Vec::with_capacity(PHASES * expected);
        for e in 0..PHASES {
            let ph = (e / 4).min(FOUR_EMPTIES_PHASES - 1);
            full.extend_from_slice(&values[ph * expected..(ph + 1) * expected]);
        }
        values = full;
    }
    Ok(PatternWeights::from_params(values))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> PatternWeights {
        PatternWeights::from_params(sample_params())
    }

    fn sample_params() -> Vec<i16> {
        let n = PHASES * layout().params;
        (0..n)
            .map(|i| match i % 7 {
                0 => -(i as i64 % 3000) as i16,
                3 => (i as i64 % 5000) as i16,
                _ => 0,
            })
            .collect()
    }

    #[test]
    fn round_trip() {
        let w = sample();
        assert_eq!(
            w.params(),
            sample_params(),
            "the weights read back as given"
        );
        assert_eq!(decode(&encode(&w)).unwrap(), w);
        let zero = PatternWeights::zero();
        assert_eq!(decode(&encode(&zero)).unwrap(), zero);
    }

    #[test]
    fn damage_is_refused() {
        let bytes = encode(&sample());
        let mut flipped = bytes.clone();
        flipped[100] ^= 0x10;
        assert_eq!(decode(&flipped), Err(WeightsError::Checksum));
        assert_eq!(
            decode(&bytes[..bytes.len() - 3]),
            Err(WeightsError::Checksum)
        );
        assert_eq!(decode(b"PNG!...."), Err(WeightsError::Magic));
        let mut other = bytes.clone();
        other[4] = 9;
        assert_eq!(decode(&other), Err(WeightsError::Version { found: 9 }));
        let mut phases = bytes.clone();
        phases[6] = 14;
        let body = phases.len() - 8;
        let sum = checksum(&phases[..body]);
        phases[body..].copy_from_slice(&sum.to_le_bytes());
        assert!(matches!(
            decode(&phases),
            Err(WeightsError::Layout { phases: 14, .. })
        ));
    }

    #[test]
    fn a_file_of_four_empties_a_phase_gives_each_count_its_phase_weights() {
        let n = layout().params;
        // Phase k's weights all read k + 1 (phase 14: from 56 empties up).
        let old: Vec<i16> = (0..FOUR_EMPTIES_PHASES * n)
            .map(|i| (i / n) as i16 + 1)
            .collect();
        let w = decode(&encode_params(VERSION, FOUR_EMPTIES_PHASES, &old))
            .expect("read")
            .params();
        for e in 0..=60u32 {
            let expect = (e / 4).min(14) as i16 + 1;
            let ph = super::super::phase(e);
            assert!(
                w[ph * n..(ph + 1) * n].iter().all(|&v| v == expect),
                "{e} empties"
            );
        }
    }
}
