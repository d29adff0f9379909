//! The new-game dialog: colour, opponent, start position, feedback.

use super::open_game;
use crate::engine::players::MAX_LEVEL;
use crate::engine::players::Strategy;
use crate::engine::{Color, Position};
use crate::tutor::openings::random_xot;
use crate::tutor::practice::{Seat, Setup};
use cursive::Cursive;
use cursive::event::Key;
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
    let mut list = vec![
        Strategy::Greedy,
        Strategy::StaticSquares,
        Strategy::MobilityOnly,
    ];
    list.extend((1..=MAX_LEVEL).map(Strategy::Engine));
    for s in list {
        opponents.add_item(format!("{:<31}{}", s.name(), s.description()), s);
    }
    // The last game's opponent first (else engine level 3).
    let last = crate::ui::shell::with_progress(siv, |ps| ps.progress.practice_opponent.clone())
        .and_then(|name| Strategy::from_name(&name));
    let at = list_position(last.unwrap_or(Strategy::Engine(3)));
    opponents.set_selection(at);
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
        .child(TextView::new(
            "Tab/arrows: move   Space: choose   Enter on an opponent or Start: start   Esc: back",
        ));
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
            .on_event(Key::Esc, |s| {
                s.pop_layer();
            }),
    );
    let _ = siv.focus_name("opponent");
}

/// Where `strategy` stands in the dialog's list of opponents.
fn list_position(strategy: Strategy) -> usize {
    match strategy {
        Strategy::Greedy => 0,
        Strategy::StaticSquares => 1,
        Strategy::MobilityOnly => 2,
        Strategy::Engine(level) => 2 + level.clamp(1, MAX_LEVEL) as usize,
    }
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
    let choice = *colour.selection();
    let mut setup = if choice.is_none() {
        Setup {
            black: Seat::Human,
            white: Seat::Human,
            start: Position::start(),
            start_name: "the initial position".into(),
            feedback,
        }
    } else {
        Setup::against(choice.unwrap_or(Color::Black), opponent)
    };
    setup.feedback = feedback;
    // Enter in the transcript field starts from what it holds.
    let start_choice = if from_text { 2 } else { *start.selection() };
    match start_choice {
        1 => {
            let (name, pos) = random_xot(&mut rand::rng());
            setup.start = pos;
            setup.start_name = format!("the XOT opening {name}");
        }
        2 => match crate::engine::notation::parse_position(&text) {
            Ok(pos) if !pos.is_game_over() => {
                setup.start = pos;
                setup.start_name = if Some(pos) == preset {
                    "an edited position".into()
                } else {
                    "a pasted position".into()
                };
            }
            Ok(_) => {
                crate::ui::size_guard::add_layer(
                    siv,
                    Dialog::info("That position is already finished."),
                );
                return;
            }
            Err(e) => {
                crate::ui::size_guard::add_layer(
                    siv,
                    Dialog::info(format!("That start cannot be read: {e}")),
                );
                return;
            }
        },
        _ => {}
    }
    if choice.is_some() {
        // The dialog offers this opponent first next time.
        crate::ui::shell::with_progress(siv, |ps| {
            ps.progress.practice_opponent = Some(opponent.name());
            if let Err(e) = ps.save() {
                ps.notice = Some(format!("Progress could not be saved: {e}"));
            }
        });
    }
    siv.pop_layer();
    open_game(siv, setup);
    crate::ui::shell::show_progress_notice(siv);
}
