//! Re-run the build when lesson or puzzle files are added or removed, so the
//! embedded content (include_dir) never goes stale.
fn main() {
    println!("cargo:rerun-if-changed=lessons");
    println!("cargo:rerun-if-changed=puzzles");
}
