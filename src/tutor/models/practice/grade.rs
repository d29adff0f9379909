//! The verdict line of a practice grade: the grade's summary line
//! ([`crate::tutor::feedback::summary_line`]) with its mark.

use crate::tutor::feedback::{Feedback, Grade, summary_line};
use crate::tutor::screen::{Mark, Verdict};

/// The verdict line of a grade: ✓ for a book, best or good move, ✗ for an error.
pub(super) fn grade_verdict(fb: &Feedback) -> Verdict {
    let mark = match fb.grade {
        Grade::Book | Grade::Best | Grade::Good => Mark::Right,
        _ if fb.grade.is_error() => Mark::Wrong,
        _ => Mark::Info,
    };
    Verdict {
        mark,
        text: summary_line(fb),
    }
}
