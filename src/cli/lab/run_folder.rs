//! A training run's folder read back: its positions and labels (`finished_run`, for
//! `scale`, `train --also` and the outcomes), weights files (`read_weights`,
//! `splice`). The folder's layout is described in [`super::train`].

use super::UserError;
use super::train::{LABELS_PER_CHUNK, io, save};
use othello_tutor::engine::board::Board;
use othello_tutor::engine::pattern::{self, PHASES, PatternWeights, layout};
use std::path::{Path, PathBuf};

/// The positions in the file at `path` (16 bytes each: the side to move's discs, the
/// opponent's), or one line naming the file.
pub(super) fn read_boards(path: &Path) -> Result<Vec<Board>, UserError> {
    let bytes = std::fs::read(path).map_err(io(path))?;
    if bytes.len() % 16 != 0 {
        return Err(UserError(format!(
            "{}: damaged ({} bytes, not a multiple of 16); delete it to make it again",
            path.display(),
            bytes.len()
        )));
    }
    Ok(bytes
        .chunks_exact(16)
        .map(|c| Board {
            player: u64::from_le_bytes(c[..8].try_into().expect("8 bytes")),
            opponent: u64::from_le_bytes(c[8..].try_into().expect("8 bytes")),
        })
        .collect())
}

/// The file bytes of `boards` (as [`read_boards`] reads them).
pub(super) fn board_bytes(boards: &[Board]) -> Vec<u8> {
    let mut out = Vec::with_capacity(boards.len() * 16);
    for b in boards {
        out.extend_from_slice(&b.player.to_le_bytes());
        out.extend_from_slice(&b.opponent.to_le_bytes());
    }
    out
}

/// The labels of `count` positions from their chunk files (`name(c)` for chunk `c`),
/// each checked for its length.
pub(super) fn read_labels(
    name: impl Fn(usize) -> PathBuf,
    count: usize,
) -> Result<Vec<i16>, UserError> {
    let mut all = Vec::with_capacity(count);
    for c in 0..count.div_ceil(LABELS_PER_CHUNK) {
        let path = name(c);
        let bytes = std::fs::read(&path).map_err(io(&path))?;
        let expect = ((c + 1) * LABELS_PER_CHUNK).min(count) - c * LABELS_PER_CHUNK;
        if bytes.len() != expect * 2 {
            return Err(UserError(format!(
                "{}: damaged; delete it to make it again",
                path.display()
            )));
        }
        all.extend(
            bytes
                .chunks_exact(2)
                .map(|b| i16::from_le_bytes([b[0], b[1]])),
        );
    }
    Ok(all)
}

/// The pattern weights in the file at `path` (as `train` writes them), or one line
/// naming the file.
pub fn read_weights(path: &Path) -> Result<PatternWeights, UserError> {
    let bytes = std::fs::read(path).map_err(io(path))?;
    pattern::decode(&bytes).map_err(|e| UserError(format!("{}: {e}", path.display())))
}

/// Writes to `out` the weights of `low` for the phases below `first_high` and those of
/// `high` for the others (to keep the phases one run labelled better).
pub fn splice(low: &Path, high: &Path, first_high: usize, out: &Path) -> Result<(), UserError> {
    let (a, b) = (read_weights(low)?, read_weights(high)?);
    let cut = first_high.min(PHASES) * layout().params;
    let mut params = a.params()[..cut].to_vec();
    params.extend_from_slice(&b.params()[cut..]);
    save(out, &pattern::encode(&PatternWeights::from_params(params)))?;
    let from_low = match first_high.min(PHASES) {
        0 => "no phase".to_string(),
        1 => "phase 0".to_string(),
        k => format!("phases 0-{}", k - 1),
    };
    eprintln!(
        "{from_low} from {}, the rest from {}: written to {}",
        low.display(),
        high.display(),
        out.display()
    );
    Ok(())
}

/// Writes to `out` the weights of `path` with `group` neighbouring empties counts
/// sharing one set (`PatternWeights::shared_in_groups`) and says how many lookup
/// tables they read before and after.
pub fn share(path: &Path, group: usize, out: &Path) -> Result<(), UserError> {
    let weights = read_weights(path)?;
    let shared = weights.shared_in_groups(group);
    save(out, &pattern::encode(&shared))?;
    eprintln!(
        "{} empties count{} a weight set: {} lookup tables (were {}), written to {}",
        group,
        if group == 1 { "" } else { "s" },
        shared.table_count(),
        weights.table_count(),
        out.display()
    );
    Ok(())
}

/// Positions and their labels (hundredths of a disc), by empties count (0 to 60).
pub type ByEmpties = Vec<(Vec<Board>, Vec<i16>)>;

/// The positions and labels of the finished run in `dir` (its `positions.bin` and
/// `labels/`), by empties count. The labels of each count must be complete under one
/// recipe (one file name pattern: "d5+6" for the mean of depths 5 and 6, none for
/// exact labels); where they are complete under several, `recipe(e)` picks one for
/// `e` empties, and without it (or with a recipe not among them) the error names the
/// folder, the count and the recipes found.
pub fn finished_run(
    dir: &Path,
    recipe: impl Fn(u32) -> Option<String>,
) -> Result<ByEmpties, UserError> {
    use std::collections::BTreeMap;
    let mut by: ByEmpties = vec![(Vec::new(), Vec::new()); 61];
    for b in read_boards(&dir.join("positions.bin"))? {
        by[b.empty_count() as usize].0.push(b);
    }
    // "eEE-CCCC.bin" (exact) or "eEE-<recipe>-CCCC.bin": chunks by count and recipe.
    let labels = dir.join("labels");
    let mut files: BTreeMap<(u32, String), Vec<usize>> = BTreeMap::new();
    for entry in std::fs::read_dir(&labels).map_err(io(&labels))? {
        let name = entry.map_err(io(&labels))?.file_name();
        let Some(stem) = name.to_str().and_then(|n| n.strip_suffix(".bin")) else {
            continue;
        };
        let Some((head, chunk)) = stem.rsplit_once('-') else {
            continue;
        };
        let (e, recipe) = head.split_once('-').unwrap_or((head, ""));
        let (Some(e), Ok(chunk)) = (
            e.strip_prefix('e').and_then(|e| e.parse::<u32>().ok()),
            chunk.parse::<usize>(),
        ) else {
            continue;
        };
        files
            .entry((e, recipe.to_string()))
            .or_default()
            .push(chunk);
    }
    for (e, (boards, out)) in by.iter_mut().enumerate() {
        if boards.is_empty() {
            continue;
        }
        let chunks = boards.len().div_ceil(LABELS_PER_CHUNK);
        let complete: Vec<&String> = files
            .iter()
            .filter(|((fe, _), c)| *fe == e as u32 && c.len() == chunks)
            .map(|((_, recipe), _)| recipe)
            .collect();
        let chosen = match complete[..] {
            [one] => Some(one),
            [] => None,
            _ => {
                let want = recipe(e as u32);
                complete
                    .iter()
                    .copied()
                    .find(|c| Some(c.as_str()) == want.as_deref())
            }
        };
        let Some(recipe) = chosen else {
            let found = |c: &&String| {
                if c.is_empty() {
                    "exact".to_string()
                } else {
                    c.to_string()
                }
            };
            return Err(UserError(format!(
                "{}: the labels of {e} empties are {} (one complete set is needed)",
                labels.display(),
                if complete.is_empty() {
                    "incomplete".to_string()
                } else {
                    format!(
                        "complete under {} recipes ({}; choose one with --recipe)",
                        complete.len(),
                        complete.iter().map(found).collect::<Vec<_>>().join(", ")
                    )
                }
            )));
        };
        let name = |c: usize| {
            if recipe.is_empty() {
                labels.join(format!("e{e:02}-{c:04}.bin"))
            } else {
                labels.join(format!("e{e:02}-{recipe}-{c:04}.bin"))
            }
        };
        *out = read_labels(name, boards.len())?;
    }
    Ok(by)
}
