//! The practice screen's keys come from one table: letters typed as a move never fire
//! a command, the game-over dialog uses the game's letters, and a message never
//! outlives what it describes.

use crate::common;

use common::{Harness, practice, vs_level};
use othello_tutor::tutor::models::practice::{Action, GAME_OVER_KEYS, KEYS, OverAction};

#[test]
fn letters_typed_as_a_move_fire_no_command() {
    let mut h = Harness::new(100, 30);
    practice(&mut h, vs_level(1, false));
    h.wait_for("Your move, Black");
    // "at" is no square: the t must not ask for a hint.
    h.keys("at");
    for _ in 0..20 {
        h.keys("");
    }
    let t = h.text();
    assert!(!t.contains("Hint (") && !t.contains("for a hint"), "{t}");
    // A square typed after it still plays.
    h.keys("f5");
    h.send(cursive::event::Event::Key(cursive::event::Key::Enter));
    h.wait_for("Black plays f5.");
}

#[test]
fn after_undo_and_redo_the_status_says_replayed() {
    let mut h = Harness::new(100, 30);
    practice(&mut h, vs_level(1, false));
    h.keys("f5");
    h.send(cursive::event::Event::Key(cursive::event::Key::Enter));
    h.wait_for("White plays");
    h.wait_for("Your move, Black");
    h.keys("u");
    h.wait_for("Taken back.");
    h.keys("r");
    let t = h.wait_for("Replayed 2 moves.");
    // The status line (under the board and panel) says what happened last; the
    // panel's log keeps the history.
    assert!(t.lines().any(|l| l.starts_with("Replayed 2 moves.")), "{t}");
    assert!(!t.lines().any(|l| l.starts_with("Taken back.")), "{t}");
}

#[test]
fn the_game_over_dialog_uses_the_games_letters() {
    let key_of = |a: Action| {
        KEYS.iter()
            .find(|b| b.action == a)
            .map(|b| b.keys_label())
            .expect("bound")
    };
    let over_key = |a: OverAction| {
        GAME_OVER_KEYS
            .iter()
            .find(|b| b.action == a)
            .map(|b| b.keys_label())
            .expect("bound")
    };
    assert_eq!(over_key(OverAction::Puzzles), key_of(Action::Puzzles));
    assert_eq!(over_key(OverAction::Review), key_of(Action::Review));
    assert_eq!(over_key(OverAction::NewGame), key_of(Action::NewGame));
}

#[test]
fn the_new_game_dialog_offers_the_last_opponent_first() {
    use cursive::views::SelectView;
    use othello_tutor::engine::players::Strategy;
    let dir = common::temp_data_dir("last-opponent");
    let selected = |h: &mut Harness| {
        h.siv()
            .call_on_name("opponent", |v: &mut SelectView<Strategy>| {
                v.selection().map(|s| *s)
            })
            .flatten()
    };
    {
        let mut h = Harness::with_dir(100, 30, dir.clone());
        h.keys("3");
        assert_eq!(selected(&mut h), Some(Strategy::Engine(3)));
        // Mobility only stands just above level 1, three rows above level 3.
        for _ in 0..3 {
            h.send(cursive::event::Event::Key(cursive::event::Key::Up));
        }
        assert_eq!(selected(&mut h), Some(Strategy::MobilityOnly));
        h.send(cursive::event::Event::Key(cursive::event::Key::Enter));
        h.wait_for("Mobility only");
    }
    // A new session on the same data offers Mobility only first.
    let mut h = Harness::with_dir(100, 30, dir);
    h.keys("3");
    assert_eq!(selected(&mut h), Some(Strategy::MobilityOnly));
}

/// "Two players" needs no opponent: choosing it greys the list and puts the focus on
/// Start, so Enter starts the game.
#[test]
fn two_players_start_with_enter_without_an_opponent() {
    let mut h = Harness::with_dir(100, 30, common::temp_data_dir("two-players"));
    h.keys("3");
    let t = h.text();
    let (row, line) = t
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("two players, one keyboard"))
        .expect("the colour row");
    let col = line
        .chars()
        .collect::<String>()
        .find("( ) two players")
        .map(|byte| line[..byte].chars().count())
        .expect("the radio button");
    h.click(cursive::Vec2::new(col + 1, row));
    let enabled = h
        .siv()
        .call_on_name(
            "opponent",
            |v: &mut cursive::views::SelectView<othello_tutor::engine::players::Strategy>| {
                v.is_enabled()
            },
        )
        .expect("the list");
    assert!(!enabled, "the opponent list is greyed for two players");
    h.send(cursive::event::Event::Key(cursive::event::Key::Enter));
    let t = h.text();
    assert!(
        !t.contains("Practice: new game"),
        "Enter started the game\n{t}"
    );
    assert!(
        t.contains("Black ●: you") && t.contains("White ○: you"),
        "{t}"
    );
}
