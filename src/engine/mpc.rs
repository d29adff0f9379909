//! Multi-ProbCut: before searching a node to depth `d`, a shallow search to depth
//! `shallow(d)` predicts the deep value (`deep ≈ a · shallow + b`, error spread
//! `sigma`); when the prediction lies beyond the window by more than `t · sigma`, the
//! node is cut without the deep search. The table of `a`, `b` and `sigma` per number
//! of empties and depth is measured on training positions by `othello-lab calibrate` and shipped in `mpc.txt`.

use std::sync::OnceLock;

/// The shallowest depth that is ever cut.
pub const MIN_DEPTH: u32 = 3;
/// The deepest depth with its own calibration (deeper ones use this one's).
pub const MAX_CALIBRATED: u32 = 12;
/// Empties per row of the table.
pub const BUCKET: u32 = 4;
/// Rows of the table (0-3 empties, 4-7, ...).
pub const BUCKETS: usize = 16;

/// The depth of the shallow search that predicts a `depth` search: about half of it,
/// of the same parity (rounded up to it). Our evaluation reads about 2.5 discs better
/// for the side to move after an even number of plies than after an odd one, so a
/// prediction across parities errs far more: on 42 positions of 40-52 empties, the
/// error spread of depth 14 from depth 7 was 3.3 discs, from depth 8 1.6 and from
/// depth 6 2.4.
pub const fn shallow(depth: u32) -> u32 {
    if depth < 4 {
        return 1;
    }
    let half = depth / 2;
    if half % 2 == depth % 2 {
        half
    } else {
        half + 1
    }
}

/// The calibrated depth whose numbers a `depth` search uses: itself, or beyond the
/// calibration the deepest one of the same parity (so that its prediction is
/// between searches of one parity too).
const fn calibrated(depth: u32) -> u32 {
    if depth <= MAX_CALIBRATED {
        depth
    } else if depth % 2 == MAX_CALIBRATED % 2 {
        MAX_CALIBRATED
    } else {
        MAX_CALIBRATED - 1
    }
}

/// One prediction: deep value ≈ `a` · shallow value + `b`, with error spread `sigma`
/// (hundredths of a disc).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cut {
    /// The shallow search's depth.
    pub shallow: u32,
    /// The slope.
    pub a: f32,
    /// The offset.
    pub b: f32,
    /// The standard deviation of the prediction's error.
    pub sigma: f32,
}

/// How sure a cut must be: the prediction must lie beyond the window by this many
/// error spreads (`t`), in hundredths. Higher cuts less, and errs less.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Confidence(pub u16);

impl Confidence {
    /// The number of error spreads.
    pub fn t(self) -> f32 {
        self.0 as f32 / 100.0
    }

    /// The selectivity a searcher takes ([`crate::engine::search::Searcher::set_selectivity`]):
    /// the shipped calibration with this confidence.
    pub fn selectivity(self) -> (std::sync::Arc<Table>, f32) {
        (shipped_arc(), self.t())
    }
}

/// The calibration: `cuts[bucket][depth - MIN_DEPTH]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    cuts: Vec<[Option<Cut>; (MAX_CALIBRATED - MIN_DEPTH + 1) as usize]>,
}

/// Why the calibration text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("mpc table line {line}: {what}")]
pub struct TableError {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong.
    pub what: String,
}

impl Table {
    /// An empty table (no cuts).
    pub fn empty() -> Table {
        Table {
            cuts: vec![[None; (MAX_CALIBRATED - MIN_DEPTH + 1) as usize]; BUCKETS],
        }
    }

    /// Sets the prediction for positions in `bucket` searched to `depth`.
    pub fn set(&mut self, bucket: usize, depth: u32, cut: Cut) {
        self.cuts[bucket][(depth - MIN_DEPTH) as usize] = Some(cut);
    }

    /// The prediction for a `depth` search of a position with `empties` empties.
    #[inline]
    pub fn get(&self, empties: u32, depth: u32) -> Option<Cut> {
        if depth < MIN_DEPTH {
            return None;
        }
        let bucket = ((empties / BUCKET) as usize).min(BUCKETS - 1);
        let d = calibrated(depth);
        self.cuts[bucket][(d - MIN_DEPTH) as usize].map(|c| Cut {
            shallow: shallow(depth),
            ..c
        })
    }

    /// The text form: one line per entry, "bucket depth a b sigma"; `#` starts a comment.
    pub fn to_text(&self) -> String {
        let mut out = String::from("# bucket(empties/4) depth a b sigma(hundredths of a disc)\n");
        for (bucket, row) in self.cuts.iter().enumerate() {
            for (i, cut) in row.iter().enumerate() {
                if let Some(c) = cut {
                    let depth = i as u32 + MIN_DEPTH;
                    out.push_str(&format!(
                        "{bucket} {depth} {:.4} {:.1} {:.1}\n",
                        c.a, c.b, c.sigma
                    ));
                }
            }
        }
        out
    }

    /// Reads the text form.
    pub fn parse(text: &str) -> Result<Table, TableError> {
        let mut table = Table::empty();
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let err = |what: &str| TableError {
                line: n + 1,
                what: what.to_string(),
            };
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.len() != 5 {
                return Err(err("expected five fields: bucket depth a b sigma"));
            }
            let bucket: usize = f[0].parse().map_err(|_| err("bucket is not a number"))?;
            let depth: u32 = f[1].parse().map_err(|_| err("depth is not a number"))?;
            if bucket >= BUCKETS || !(MIN_DEPTH..=MAX_CALIBRATED).contains(&depth) {
                return Err(err("bucket or depth out of range"));
            }
            let num = |s: &str| s.parse::<f32>().ok().filter(|v| v.is_finite());
            let (Some(a), Some(b), Some(sigma)) = (num(f[2]), num(f[3]), num(f[4])) else {
                return Err(err("a, b and sigma must be numbers"));
            };
            if a <= 0.0 || sigma <= 0.0 {
                return Err(err("a and sigma must be positive"));
            }
            table.set(
                bucket,
                depth,
                Cut {
                    shallow: shallow(depth),
                    a,
                    b,
                    sigma,
                },
            );
        }
        Ok(table)
    }
}

/// The shipped calibration.
pub fn shipped() -> &'static Table {
    shipped_static()
}

/// The shipped calibration, shared.
pub fn shipped_arc() -> std::sync::Arc<Table> {
    shipped_static().clone()
}

fn shipped_static() -> &'static std::sync::Arc<Table> {
    static TABLE: OnceLock<std::sync::Arc<Table>> = OnceLock::new();
    TABLE.get_or_init(|| match Table::parse(include_str!("mpc.txt")) {
        Ok(t) => std::sync::Arc::new(t),
        Err(e) => panic!("src/engine/mpc.txt: {e}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip_and_errors() {
        let mut t = Table::empty();
        t.set(
            5,
            8,
            Cut {
                shallow: 4,
                a: 0.95,
                b: 12.0,
                sigma: 250.0,
            },
        );
        let back = Table::parse(&t.to_text()).unwrap();
        assert_eq!(back.get(21, 8).map(|c| c.sigma), Some(250.0));
        assert_eq!(back.get(21, 9), None);
        // Deeper than the calibration: the numbers of the deepest row of the same
        // parity, its own shallow depth.
        for (depth, sigma) in [(MAX_CALIBRATED, 300.0), (MAX_CALIBRATED - 1, 280.0)] {
            t.set(
                5,
                depth,
                Cut {
                    shallow: shallow(depth),
                    a: 1.0,
                    b: 0.0,
                    sigma,
                },
            );
        }
        assert_eq!(
            t.get(20, 20).map(|c| (c.shallow, c.sigma)),
            Some((10, 300.0))
        );
        assert_eq!(
            t.get(20, 22).map(|c| (c.shallow, c.sigma)),
            Some((12, 300.0))
        );
        assert_eq!(
            t.get(20, 23).map(|c| (c.shallow, c.sigma)),
            Some((11, 280.0))
        );
        assert_eq!(
            t.get(20, 25).map(|c| (c.shallow, c.sigma)),
            Some((13, 280.0))
        );
        assert_eq!(Table::parse("1 2 3").unwrap_err().line, 1);
        assert!(Table::parse("# c\n3 5 1.0 0 -2").is_err());
        assert!(Table::parse("99 5 1.0 0 2").is_err());
    }

    #[test]
    fn the_shallow_search_is_about_half_as_deep_and_of_the_same_parity() {
        assert_eq!(shallow(3), 1);
        let by_hand = [
            (4, 2),
            (5, 3),
            (6, 4),
            (7, 3),
            (8, 4),
            (9, 5),
            (10, 6),
            (14, 8),
        ];
        for (depth, want) in by_hand {
            assert_eq!(shallow(depth), want, "depth {depth}");
        }
        for depth in MIN_DEPTH..=60 {
            let s = shallow(depth);
            assert_eq!(s % 2, depth % 2, "depth {depth}: shallow {s}");
            assert!(
                s >= depth / 2 && s <= depth / 2 + 1 && s < depth,
                "depth {depth}"
            );
            assert_eq!(calibrated(depth) % 2, depth % 2, "depth {depth}");
        }
    }

    #[test]
    fn the_shipped_table_reads() {
        let _ = shipped();
    }
}
