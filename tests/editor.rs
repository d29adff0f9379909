//! The editor's model on real positions: every FFO test position, set up from its
//! OBF line, validates into that very position and writes the same line back; and a
//! board edited square by square from empty equals the one read from OBF.

use othello_tutor::engine::notation::{parse_obf_file, to_obf};
use othello_tutor::engine::{Color, Square};
use othello_tutor::tutor::editor::{Editor, SetupError};

fn ffo() -> Vec<othello_tutor::engine::notation::ObfRecord> {
    let mut all = Vec::new();
    for text in [
        include_str!("data/fforum-1-19.obf"),
        include_str!("data/fforum-20-39.obf"),
        include_str!("data/fforum-40-59.obf"),
    ] {
        all.extend(parse_obf_file(text).expect("the FFO files read"));
    }
    all
}

#[test]
fn every_ffo_position_round_trips_and_validates() {
    let records = ffo();
    assert_eq!(records.len(), 59);
    for rec in records {
        let obf = to_obf(&rec.position);
        let editor = Editor::from_obf(&obf).expect("reads");
        assert_eq!(editor.to_obf(), obf);
        assert_eq!(editor.validate(), Ok(rec.position), "{obf}");
    }
}

#[test]
fn square_by_square_equals_the_obf_line() {
    for rec in ffo() {
        let mut editor = Editor::default();
        editor.clear();
        for sq in Square::all() {
            editor.set(sq, rec.position.disc_at(sq));
        }
        editor.set_to_move(rec.position.to_move);
        assert_eq!(editor.validate(), Ok(rec.position));
        // The other side to move: still playable, or refused with the reason.
        editor.toggle_to_move();
        match editor.validate() {
            Ok(p) => assert_eq!(p.to_move, rec.position.to_move.opposite()),
            Err(SetupError::NoMoveForSideToMove { side, moves }) => {
                assert_eq!(side, rec.position.to_move.opposite());
                assert!(moves > 0);
            }
            Err(e) => panic!("{e}"),
        }
    }
    // Colour is kept per square.
    let mut e = Editor::default();
    e.clear();
    let a1 = Square::parse("a1").expect("a square");
    e.set(a1, Some(Color::White));
    assert_eq!(e.disc_at(a1), Some(Color::White));
}
