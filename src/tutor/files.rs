//! Reading content files from a directory (lessons and puzzles given on the command
//! line instead of the embedded ones).

use std::path::Path;

/// A directory's label for file names and errors: its last component.
pub fn dir_label(dir: &Path) -> String {
    dir.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| dir.display().to_string())
}

/// The `*.toml` files of `dir`, sorted by name, as (`<dir label>/<file>`, bytes).
pub fn toml_files_in(dir: &Path) -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let label = dir_label(dir);
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "toml") && path.is_file() {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            files.push((format!("{label}/{name}"), std::fs::read(&path)?));
        }
    }
    files.sort();
    Ok(files)
}
