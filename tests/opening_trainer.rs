//! The opening trainer's rehearsal and schedule, on named lines whose moves are written
//! out here by hand.

use othello_tutor::engine::book;
use othello_tutor::engine::{Color, Position, Square};
use othello_tutor::tutor::leitner::{DAY, QueueChange};
use othello_tutor::tutor::openings::trainer::start_symmetries;
use othello_tutor::tutor::openings::{
    Attempt, NamedOpening, OpeningProgress, Rehearsal, RehearsalSetup, embedded,
};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square")
}

fn tiger() -> NamedOpening {
    embedded()
        .find("Tiger")
        .expect("the Tiger is named")
        .clone()
}

fn right(rehearsal: &mut Rehearsal, name: &str) {
    assert_eq!(
        rehearsal.try_move(sq(name)),
        Attempt::Right(sq(name)),
        "{name}"
    );
}

fn reply(rehearsal: &mut Rehearsal) -> Square {
    rehearsal.engine_reply().expect("the engine's turn").square
}

#[test]
fn the_tiger_played_through_is_clean_and_finished() {
    let mut rehearsal = Rehearsal::new(RehearsalSetup::new(tiger(), 1));
    assert_eq!(
        rehearsal.setup().learner,
        Color::Black,
        "c4 is Black's move"
    );
    assert_eq!(rehearsal.engine_reply(), None, "Black moves first");
    right(&mut rehearsal, "f5");
    assert_eq!(reply(&mut rehearsal), sq("d6"));
    right(&mut rehearsal, "c3");
    assert_eq!(reply(&mut rehearsal), sq("d3"));
    assert_eq!(rehearsal.expected(), Some(sq("c4")));
    right(&mut rehearsal, "c4");
    assert!(rehearsal.is_finished());
    assert!(!rehearsal.missed());
    assert_eq!(rehearsal.progress(), (5, 5));
    assert_eq!(rehearsal.try_move(sq("b3")), Attempt::NotPlayable, "over");
    assert_eq!(
        embedded()
            .name_of(&rehearsal.position().board)
            .map(|o| o.name.as_str()),
        Some("Tiger")
    );
}

#[test]
fn the_line_turns_with_the_learners_first_move() {
    // The Tiger reflected in the a8-h1 diagonal: f5 d6 c3 d3 c4 becomes d3 c5 f6 f5 e6.
    let mut rehearsal = Rehearsal::new(RehearsalSetup::new(tiger(), 2));
    right(&mut rehearsal, "d3");
    assert_eq!(reply(&mut rehearsal), sq("c5"));
    assert_eq!(rehearsal.expected(), Some(sq("f6")));
    // c6 is legal here (it would be the f5 form's c3 turned the other way).
    assert!(
        matches!(rehearsal.try_move(sq("c6")), Attempt::Wrong(_)),
        "only the turned line counts"
    );
    right(&mut rehearsal, "f6");
    assert_eq!(reply(&mut rehearsal), sq("f5"));
    right(&mut rehearsal, "e6");
    assert!(rehearsal.is_finished());
    assert!(rehearsal.missed(), "one move was off the line");
}

#[test]
fn a_move_off_the_line_is_not_played_and_says_what_the_line_plays() {
    let mut rehearsal = Rehearsal::new(RehearsalSetup::new(tiger(), 3));
    right(&mut rehearsal, "f5");
    reply(&mut rehearsal);
    let before = rehearsal.position();
    // After f5 d6 Black may play c3 (the Tiger), c4, c5, c6 or c7 (counted by hand).
    let legal: Vec<String> = before
        .legal_moves()
        .into_iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(legal, ["c3", "c4", "c5", "c6", "c7"]);
    let Attempt::Wrong(miss) = rehearsal.try_move(sq("c5")) else {
        panic!("c5 is off the Tiger");
    };
    assert_eq!(
        rehearsal.position(),
        before,
        "the wrong move was not played"
    );
    assert!(rehearsal.missed());
    assert_eq!(miss.played, sq("c5"));
    assert_eq!(miss.expected, sq("c3"));
    let moves = book::shipped().expect("the book").lookup(&before.board);
    let value = |s: Square| moves.iter().find(|m| m.square == s).map(|m| m.discs());
    assert_eq!(miss.expected_value, value(sq("c3")));
    assert!(miss.expected_value.is_some(), "c3 is a book move");
    assert_eq!(miss.played_value, value(sq("c5")));
    let after = before.board.play_unchecked(sq("c5"));
    assert_eq!(
        miss.leads_to,
        embedded().name_of(&after).map(|o| o.name.clone())
    );
    // An illegal square is not a miss.
    assert_eq!(rehearsal.try_move(sq("a1")), Attempt::NotPlayable);
    right(&mut rehearsal, "c3");
}

#[test]
fn a_miss_names_the_opening_the_move_leads_to() {
    // After f5 d6 c3 d3, c4 is the Tiger; the learner rehearsing the Aubrey (…c4 b3)
    // plays the Tiger line to c4 and then meets White's b3: rehearsing the Tiger
    // instead, a Black move that reaches another named opening names it.
    let list = embedded();
    let tiger = tiger();
    let after_four: Position = tiger.positions()[4];
    let other = list
        .all()
        .iter()
        .find(|o| {
            o.moves.len() == 5 && o.moves[..4] == tiger.moves[..4] && o.moves[4] != tiger.moves[4]
        })
        .cloned();
    let Some(other) = other else {
        // No second named five-move line after f5 d6 c3 d3 in the list: nothing to test.
        return;
    };
    let mut rehearsal = Rehearsal::new(RehearsalSetup::new(tiger.clone(), 4));
    right(&mut rehearsal, "f5");
    reply(&mut rehearsal);
    right(&mut rehearsal, "c3");
    reply(&mut rehearsal);
    assert_eq!(rehearsal.position(), after_four);
    let Attempt::Wrong(miss) = rehearsal.try_move(other.moves[4]) else {
        panic!("not the Tiger's move");
    };
    assert_eq!(miss.leads_to.as_deref(), Some(other.name.as_str()));
}

#[test]
fn the_engine_opens_in_any_of_the_four_orientations_when_the_learner_is_white() {
    // The Perpendicular line f5 d6 ends with White's move.
    let perpendicular = embedded()
        .all()
        .iter()
        .find(|o| o.moves.len() == 2 && o.moves[1] == sq("d6"))
        .expect("f5 d6 is named")
        .clone();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut rehearsal = Rehearsal::new(RehearsalSetup::new(perpendicular.clone(), seed));
        assert_eq!(rehearsal.setup().learner, Color::White);
        assert!(!rehearsal.learner_to_move());
        let first = reply(&mut rehearsal);
        seen.insert(first.to_string());
        let s = start_symmetries()
            .into_iter()
            .find(|&s| othello_tutor::engine::symmetry::square(sq("f5"), s) == first)
            .expect("a first move of the line");
        let expected = othello_tutor::engine::symmetry::square(sq("d6"), s);
        assert_eq!(rehearsal.expected(), Some(expected));
        assert_eq!(rehearsal.try_move(expected), Attempt::Right(expected));
        assert!(rehearsal.is_finished() && !rehearsal.missed());
    }
    let all: std::collections::BTreeSet<String> = ["c4", "d3", "e6", "f5"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(seen, all, "every orientation comes up over 40 seeds");
}

#[test]
fn side_lines_leave_the_named_line_for_book_moves_and_the_learner_follows_the_book() {
    let book = book::shipped().expect("the book");
    // A long line gives the engine several turns to deviate.
    let long = embedded()
        .all()
        .iter()
        .max_by_key(|o| o.moves.len())
        .expect("lines")
        .clone();
    let mut deviated = 0;
    for seed in 0..60 {
        let mut setup = RehearsalSetup::new(long.clone(), seed);
        setup.side_lines = true;
        let learner = setup.learner;
        let mut rehearsal = Rehearsal::new(setup);
        let mut guard = 0;
        while !rehearsal.is_finished() && guard < 80 {
            guard += 1;
            if rehearsal.position().to_move == learner {
                let expected = rehearsal.expected().expect("a move to play");
                assert_eq!(rehearsal.try_move(expected), Attempt::Right(expected));
            } else {
                let before = rehearsal.position().board;
                let was_on_line = rehearsal.on_line();
                let r = rehearsal.engine_reply().expect("the engine answers");
                let moves = book.lookup(&before);
                let best = moves[0].value;
                let m = moves
                    .iter()
                    .find(|m| m.square == r.square)
                    .expect("the engine plays book moves");
                // The line's own move may be weaker; any other is within the margin.
                if r.side_line || !was_on_line {
                    assert!(best - m.value <= othello_tutor::tutor::openings::BOOK_MARGIN);
                }
                if r.side_line {
                    deviated += 1;
                    assert!(!rehearsal.on_line());
                }
            }
        }
        assert!(rehearsal.is_finished());
        assert!(!rehearsal.missed());
    }
    assert!(deviated > 0, "some rehearsal met a side line");
}

#[test]
fn the_schedule_brings_a_missed_line_back_sooner() {
    let t0 = 1_000_000;
    let mut p = OpeningProgress::default();
    assert_eq!(p.record("Tiger", false, t0), QueueChange::ToFirstBox);
    assert_eq!(p.record("Heath", true, t0), QueueChange::MovedUp(1));
    let tiger = p.review.get("Tiger").expect("queued").due;
    let heath = p.review.get("Heath").expect("queued").due;
    assert_eq!(tiger, t0 + DAY);
    assert_eq!(heath, t0 + 3 * DAY);
    assert!(tiger < heath);
    assert_eq!(p.due_count(t0), 0);
    assert_eq!(p.due_count(t0 + DAY), 1);
    let rec = p.line("Tiger").expect("recorded");
    assert_eq!((rec.rehearsals, rec.clean, rec.last), (1, 0, t0));
    // "A random line" serves the due line first.
    let mut rng = StdRng::seed_from_u64(7);
    let next = p.next_line(embedded(), t0 + DAY, &mut rng).expect("a line");
    assert_eq!(next.name, "Tiger");
    // A clean review when due moves it up; before it is due nothing changes.
    assert_eq!(p.record("Tiger", true, t0 + DAY), QueueChange::MovedUp(1));
    assert_eq!(p.record("Heath", true, t0 + DAY), QueueChange::Unchanged);
    // With nothing due, a line never rehearsed.
    for _ in 0..20 {
        let next = p.next_line(embedded(), t0 + DAY, &mut rng).expect("a line");
        assert!(p.line(&next.name).is_none(), "{} was rehearsed", next.name);
    }
}

#[test]
fn the_opening_progress_is_saved_with_the_rest() {
    use othello_tutor::tutor::progress::{Progress, ProgressStore};
    let dir = std::env::temp_dir().join(format!("ot-opening-progress-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = ProgressStore::new(&dir);
    let mut progress = Progress::default();
    progress.openings.record("Tiger", false, 5 * DAY);
    progress.openings.record("Heath", true, 5 * DAY);
    store.save(&progress).expect("saved");
    let back = store.load().expect("read");
    assert_eq!(back.notice(), None);
    assert_eq!(back.progress.openings, progress.openings);
    assert_eq!(back.progress, progress);
    let _ = std::fs::remove_dir_all(&dir);
}
