//! The position editor's model, driven without a terminal: discs set at the cursor,
//! the cursor told by the board, a bad paste asked again with its reason, refusals
//! said in the verdict line, and every key acting in every state.

use crate::common;

use common::models::{Driver, State, assert_every_key_acts};
use othello_tutor::engine::Square;
use othello_tutor::tutor::models::editor::{Action, EditorScreen, KEYS};
use othello_tutor::tutor::screen::{BoardModel, Effect, Route};

fn editor() -> Driver<EditorScreen> {
    Driver::new(EditorScreen::new(None), Vec::new())
}

#[test]
fn discs_go_where_the_cursor_is_and_messages_go_with_the_next_event() {
    let mut d = editor();
    let a1 = Square::parse("a1").expect("a square");
    d.act_at(Action::Black, a1);
    assert!(d.panel().contains("Cursor: a1 (black)"), "{}", d.panel());
    d.act(Action::Clear);
    d.act(Action::Analyze);
    assert!(
        d.verdict()
            .starts_with("✗ Cannot analyze: the board is empty"),
        "{}",
        d.verdict()
    );
    let e = d.model.cursor_moved(Square::parse("b2").expect("a square"));
    d.run(e);
    assert_eq!(d.verdict(), "", "a cursor move takes the message away");
    assert!(d.panel().contains("Cursor: b2 (empty)"), "{}", d.panel());
    let e = d.model.erase(a1);
    d.run(e);
    assert!(
        d.model.shown().status.starts_with("OBF: ---"),
        "{}",
        d.model.shown().status
    );
}

#[test]
fn a_bad_paste_is_asked_again_with_its_reason() {
    let mut d = editor();
    d.act(Action::Paste);
    assert!(matches!(d.asked.first(), Some(Effect::AskText { .. })));
    d.type_text("XXOO-- X");
    let Some(Effect::AskText { prompt, .. }) = d.asked.first() else {
        panic!("asked again");
    };
    assert!(
        prompt.starts_with("Cannot read it: OBF board has 6 squares, expected 64"),
        "{prompt}"
    );
    d.type_text("f5d6");
    assert_eq!(d.verdict(), "Set up from the pasted line.");
    assert!(d.panel().contains("Black 3 - 3 White"), "{}", d.panel());
}

#[test]
fn analyze_closes_the_editor_and_opens_the_board_there() {
    let mut d = editor();
    d.act(Action::Analyze);
    assert!(matches!(
        d.asked.as_slice(),
        [Effect::Close, Effect::Go(Route::AnalyzeAt(_))]
    ));
}

#[test]
fn every_key_acts_in_every_state() {
    let states: Vec<State<'_, EditorScreen>> = vec![
        ("start position", Box::new(editor)),
        (
            "empty board",
            Box::new(|| {
                let mut d = editor();
                d.act(Action::Clear);
                d
            }),
        ),
    ];
    assert_every_key_acts(KEYS, &states);
}
