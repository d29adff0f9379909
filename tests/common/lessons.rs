//! Shared by the lesson tests: the embedded lessons, one step, a check of TOML sources.
#![allow(dead_code)]

use othello_tutor::engine::Square;
use othello_tutor::tutor::content;
use othello_tutor::tutor::files::Source;
use othello_tutor::tutor::lesson::{Lesson, Step};

/// The head of a one-step test lesson file.
pub const HEAD: &str = "id = \"x\"\ntitle = \"X\"\norder = 1\n";

pub fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square name written in the test")
}

pub fn lessons() -> Vec<Lesson> {
    match content::load_lessons() {
        Ok(l) => l,
        Err(errors) => panic!("embedded lessons do not load: {errors:?}"),
    }
}

pub fn lesson(id: &str) -> Lesson {
    lessons()
        .into_iter()
        .find(|l| l.id == id)
        .unwrap_or_else(|| panic!("no lesson {id}"))
}

pub fn step(id: &str, n: usize) -> Step {
    lesson(id).steps[n - 1].clone()
}

pub fn check(sources: &[(&str, &str)]) -> Vec<String> {
    let sources: Vec<Source> = sources
        .iter()
        .map(|(file, text)| Source {
            file: file.to_string(),
            bytes: text.as_bytes().to_vec(),
        })
        .collect();
    let report = content::check_sources(&sources, false, &mut |_| {});
    report.errors.iter().map(|e| e.to_string()).collect()
}
