//! The library's modules form no cycle, and the arrows point down only
//! (`ui → tutor → engine`, with `potential` beside `tutor`): read from the source's
//! `crate::` and `super::` paths, each file counted as the module at the second level
//! it belongs to (`tutor::puzzle` for every file under `src/tutor/puzzle/`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The library's top modules, lowest first: a module may use those before it.
const LAYERS: [&str; 4] = ["engine", "potential", "tutor", "ui"];

/// A source file: its module path (`["tutor", "puzzle", "read"]`) and its text.
struct File {
    module: Vec<String>,
    text: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a source folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn library_files() -> Vec<File> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    for top in LAYERS {
        let mut paths = Vec::new();
        rust_files(&src.join(top), &mut paths);
        let single = src.join(format!("{top}.rs"));
        if single.is_file() {
            paths.push(single);
        }
        for path in paths {
            let rel = path.strip_prefix(&src).expect("under src");
            let mut module: Vec<String> = rel
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|m| m == "mod") {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).expect("readable source");
            out.push(File { module, text });
        }
    }
    out
}

/// The module a path names at the second level, when that is a module (a path to an
/// item of a top module, such as `crate::engine::Board`, names no second-level one).
fn node_of(path: &[String], modules: &BTreeSet<String>) -> Option<String> {
    let node = path.iter().take(2).cloned().collect::<Vec<_>>().join("::");
    modules.contains(&node).then_some(node)
}

/// The paths a line names, resolved from `module`: `crate::a::b` is `[a, b]`,
/// `super::x` in `tutor::puzzle::read` is `[tutor, puzzle, x]`.
fn paths_in(line: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = line.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while i < bytes.len() {
        let starts = (bytes[i..].starts_with(b"crate::") || bytes[i..].starts_with(b"super::"))
            && (i == 0 || !ident(bytes[i - 1]) && bytes[i - 1] != b':');
        if !starts {
            i += 1;
            continue;
        }
        // Read `seg::seg::…` while it goes on.
        let mut segs = Vec::new();
        let mut j = i;
        loop {
            let k = j + line[j..].bytes().take_while(|&c| ident(c)).count();
            if k == j {
                break;
            }
            segs.push(line[j..k].to_string());
            if line[k..].starts_with("::") {
                j = k + 2;
            } else {
                j = k;
                break;
            }
        }
        i = j.max(i + 1);
        let mut resolved: Vec<String> = if segs[0] == "crate" {
            Vec::new()
        } else {
            module.to_vec()
        };
        for s in segs.into_iter().skip_while(|s| s == "crate") {
            if s == "super" {
                resolved.pop();
            } else {
                resolved.push(s);
            }
        }
        out.push(resolved);
    }
    out
}

/// Which second-level module uses which, from the files' code (comments left out).
fn edges(files: &[File]) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeSet<String> = files
        .iter()
        .filter(|f| f.module.len() >= 2)
        .map(|f| f.module[..2].join("::"))
        .collect();
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        let from = f
            .module
            .iter()
            .take(2)
            .cloned()
            .collect::<Vec<_>>()
            .join("::");
        for line in f.text.lines() {
            let code = line.split("//").next().unwrap_or_default();
            for path in paths_in(code, &f.module) {
                if let Some(to) = node_of(&path, &modules)
                    && to != from
                {
                    out.entry(from.clone()).or_default().insert(to);
                }
            }
        }
    }
    out
}

/// A cycle of the graph (its modules in order, the first repeated at the end), if any.
fn find_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(node.to_string(), Mark::Open);
        stack.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            match marks.get(next) {
                Some(Mark::Open) => {
                    let at = stack.iter().position(|n| n == next).unwrap_or(0);
                    let mut cycle = stack[at..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(Mark::Done) => {}
                None => {
                    if let Some(c) = visit(next, edges, marks, stack) {
                        return Some(c);
                    }
                }
            }
        }
        stack.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in edges.keys() {
        if !marks.contains_key(node) {
            let mut stack = Vec::new();
            if let Some(c) = visit(node, edges, &mut marks, &mut stack) {
                return Some(c);
            }
        }
    }
    None
}

fn file(module: &str, text: &str) -> File {
    File {
        module: module.split("::").map(String::from).collect(),
        text: text.to_string(),
    }
}

#[test]
fn the_checker_reads_paths_and_finds_a_planted_cycle() {
    let module: Vec<String> = ["tutor", "puzzle", "read"].map(String::from).to_vec();
    assert_eq!(
        paths_in(
            "use super::model::Puzzle; let x = crate::engine::board::flips(p);",
            &module
        ),
        [
            vec!["tutor", "puzzle", "model", "Puzzle"],
            vec!["engine", "board", "flips"],
        ]
        .map(|p| p.into_iter().map(String::from).collect::<Vec<_>>())
        .to_vec()
    );
    let planted = [
        file("tutor::a", "use crate::tutor::b::X;"),
        file("tutor::b::inner", "use super::super::c::Y;"),
        file(
            "tutor::c",
            "fn f() { crate::tutor::a::g() } // crate::tutor::d",
        ),
        file("tutor::d", "use crate::tutor::a;"),
    ];
    let e = edges(&planted);
    assert!(!e.contains_key("tutor::c") || !e["tutor::c"].contains("tutor::d"));
    assert_eq!(
        find_cycle(&e),
        Some(
            ["tutor::a", "tutor::b", "tutor::c", "tutor::a"]
                .map(String::from)
                .to_vec()
        )
    );
    let fixed = [
        file("tutor::a", "use crate::tutor::b::X;"),
        file("tutor::b", "use crate::engine::board::Y;"),
    ];
    assert_eq!(find_cycle(&edges(&fixed)), None);
}

#[test]
fn the_library_has_no_module_cycle() {
    let files = library_files();
    assert!(files.len() > 100, "only {} files read", files.len());
    let e = edges(&files);
    assert!(
        e.values().map(BTreeSet::len).sum::<usize>() > 100,
        "too few uses found: the reader is broken"
    );
    if let Some(cycle) = find_cycle(&e) {
        panic!("a module cycle: {}", cycle.join(" → "));
    }
}

#[test]
fn the_arrows_point_down_only() {
    let rank = |node: &str| {
        LAYERS
            .iter()
            .position(|l| node.split("::").next() == Some(*l))
    };
    let mut up = Vec::new();
    for (from, tos) in edges(&library_files()) {
        for to in tos {
            if let (Some(a), Some(b)) = (rank(&from), rank(&to))
                && b > a
            {
                up.push(format!("{from} → {to}"));
            }
        }
    }
    assert!(up.is_empty(), "uses that point up: {}", up.join(", "));
}
