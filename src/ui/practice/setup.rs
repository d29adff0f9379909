//! The new-game dialog: colour, opponent, start position, feedback.

use super::open_game;
use crate::engine::players::Strategy;
use crate::engine::{Color, Position};
use crate::tutor::models::practice::{
    self as setup, SETUP_KEYS, SETUP_LEAD, SetupAction, SetupForm, StartChoice,
};
use crate::tutor::screen::footer;
use cursive::Cursive;
use cursive::traits::*;
use cursive::views::{Checkbox, RadioGroup};
use cursive::views::{Dialog, EditView, LinearLayout, OnEventView, SelectView, TextView};
use std::sync::Arc;

/// Name of the new-game dialog.
const SETUP: &str = "practice-setup";

/// Opens the new-game dialog from the initial position.
pub fn open_setup(siv: &mut Cursive) {
    open_setup_from(siv, None);
}

/// Opens the new-game dialog; with `preset` (a position set up in the editor) its
/// start is "this one:" with the position's OBF line filled in.
pub fn open_setup_from(siv: &mut Cursive, preset: Option<Position>) {
    let mut colour = RadioGroup::new();
    // Two players need no opponent: the list is greyed and the Start button takes the
    // focus, so Enter starts the game at once.
    colour.set_on_change(|s, choice: &Option<Color>| {
        let two = choice.is_none();
        s.call_on_name("opponent", |v: &mut SelectView<Strategy>| {
            v.set_enabled(!two)
        });
        if two {
            s.call_on_name(SETUP, |d: &mut Dialog| {
                d.set_focus(cursive::views::DialogFocus::Button(0))
            });
        }
    });
    let mut start = RadioGroup::new();
    let mut opponents = SelectView::<Strategy>::new().autojump();
    let list = setup::opponents();
    for s in &list {
        opponents.add_item(format!("{:<31}{}", s.name(), s.description()), *s);
    }
    // The last game's opponent first (else engine level 3).
    let last = crate::ui::shell::with_progress(siv, |ps| ps.progress.practice_opponent.clone());
    let first = crate::tutor::practice::first_opponent(last.as_deref());
    opponents.set_selection(list.iter().position(|s| *s == first).unwrap_or(0));
    let colour_for_submit = colour.clone();
    let colour_for_text = colour.clone();
    let start_for_text = start.clone();
    let start_for_submit = start.clone();
    opponents.set_on_submit(move |s, _| {
        start_from_dialog(s, &colour_for_submit, &start_for_submit, false, preset)
    });
    let body = LinearLayout::vertical()
        .child(
            LinearLayout::horizontal()
                .child(TextView::new("You play: "))
                .child(colour.button(Some(Color::Black), "Black (first)  "))
                .child(colour.button(Some(Color::White), "White  "))
                .child(colour.button(None, "two players, one keyboard")),
        )
        .child(TextView::new("Opponent (Enter on it starts the game):"))
        .child(opponents.with_name("opponent").scrollable().max_height(9))
        .child(
            LinearLayout::horizontal()
                .child(TextView::new("Start: "))
                .child(start.button(0u8, "initial position  "))
                .child(start.button(1u8, "random opening (XOT)  "))
                .child({
                    let this_one = start.button(2u8, "this one:");
                    if preset.is_some() {
                        this_one.selected()
                    } else {
                        this_one
                    }
                }),
        )
        .child(
            LinearLayout::horizontal()
                .child(TextView::new("Transcript or OBF: "))
                .child(
                    EditView::new()
                        .content(
                            preset
                                .map(|p| crate::engine::notation::to_obf(&p))
                                .unwrap_or_default(),
                        )
                        .on_submit(move |s, _| {
                            start_from_dialog(s, &colour_for_text, &start_for_text, true, preset)
                        })
                        .with_name("start-text")
                        .fixed_width(52),
                ),
        )
        .child(
            LinearLayout::horizontal()
                .child(Checkbox::new().checked().with_name("feedback"))
                .child(TextView::new(" grade my moves as I play (feedback)")),
        )
        .child(crate::ui::host::FooterView::new(|w| {
            footer(SETUP_LEAD, SETUP_KEYS, w)
        }));
    let colour = Arc::new(colour);
    let start = Arc::new(start);
    crate::ui::layer::add_dialog_screen(
        siv,
        crate::tutor::screen::ScreenId::PracticeSetup,
        Dialog::around(body)
            .title("Practice: new game")
            .button("Start", move |s| {
                start_from_dialog(s, &colour, &start, false, preset)
            })
            .button("Back", |s| {
                s.pop_layer();
            })
            .with_name(SETUP)
            .wrap_with(OnEventView::new)
            .on_event(crate::ui::host::event_of(leave_key()), |s| {
                s.pop_layer();
            }),
    );
    let _ = siv.focus_name("opponent");
}

/// The key the table binds to leaving the dialog (Enter is the list's, the text
/// field's and the Start button's own).
fn leave_key() -> crate::tutor::screen::Key {
    SETUP_KEYS
        .iter()
        .find(|b| b.action == SetupAction::Leave)
        .and_then(|b| b.keys.first().copied())
        .unwrap_or(crate::tutor::screen::Key::Esc)
}

pub(super) fn start_from_dialog(
    siv: &mut Cursive,
    colour: &RadioGroup<Option<Color>>,
    start: &RadioGroup<u8>,
    from_text: bool,
    preset: Option<Position>,
) {
    let opponent = siv
        .call_on_name("opponent", |v: &mut SelectView<Strategy>| {
            v.selection().map(|s| *s)
        })
        .flatten()
        .unwrap_or(Strategy::Engine(3));
    let feedback = siv
        .call_on_name("feedback", |c: &mut Checkbox| c.is_checked())
        .unwrap_or(true);
    let text = siv
        .call_on_name("start-text", |e: &mut EditView| e.get_content().to_string())
        .unwrap_or_default();
    let form = SetupForm {
        colour: *colour.selection(),
        opponent,
        // Enter in the transcript field starts from what it holds.
        start: match (from_text, *start.selection()) {
            (true, _) | (false, 2) => StartChoice::Typed,
            (false, 1) => StartChoice::Xot,
            _ => StartChoice::Initial,
        },
        text,
        feedback,
        preset,
    };
    let setup = match form.setup(&mut rand::rng()) {
        Ok(setup) => setup,
        Err(e) => {
            crate::ui::size_guard::add_layer(siv, Dialog::info(e.to_string()));
            return;
        }
    };
    if let Some(name) = form.remembered_opponent() {
        // The dialog offers this opponent first next time.
        crate::ui::shell::with_progress(siv, |ps| {
            ps.progress.practice_opponent = Some(name);
            if let Err(e) = ps.save() {
                ps.notice = Some(format!("Progress could not be saved: {e}"));
            }
        });
    }
    siv.pop_layer();
    open_game(siv, setup);
    crate::ui::shell::show_progress_notice(siv);
}
