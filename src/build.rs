//! Re-run the build when lesson or puzzle files are added or removed, so the
//! embedded content (include_dir) never goes stale; refuse a damaged weights file.

const WEIGHTS: &str = "src/engine/pattern/weights.bin";

fn main() {
    println!("cargo:rerun-if-changed=lessons");
    println!("cargo:rerun-if-changed=puzzles");
    println!("cargo:rerun-if-changed={WEIGHTS}");
    let bytes = std::fs::read(WEIGHTS).unwrap_or_else(|e| panic!("{WEIGHTS}: {e}"));
    if let Err(why) = check_weights(&bytes) {
        panic!("{WEIGHTS} is refused: {why} (make it again with `othello-lab train`)");
    }
}

/// The weights file's magic, version and checksum (the format is described in
/// src/engine/pattern/format.rs; the crate reads the rest at start).
fn check_weights(bytes: &[u8]) -> Result<(), String> {
    if bytes.len() < 20 || &bytes[..4] != b"OTPW" {
        return Err("not a pattern weights file".into());
    }
    let version = u16::from_le_bytes([bytes[4], bytes[5]]);
    // Version 1 stores every weight as it is, version 2 each as its difference from
    // the one before (src/engine/pattern/format.rs reads both).
    if version != 1 && version != 2 {
        return Err(format!(
            "format version {version}, this build reads versions 1 and 2"
        ));
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    let mut h = 0xCBF2_9CE4_8422_2325u64;
    for &b in body {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    if h.to_le_bytes() != sum {
        return Err("the checksum does not match: the file is damaged".into());
    }
    Ok(())
}
