//! The application: the theme, the main menu, and the one place that opens screens
//! (every screen asks for another through [`super::nav::go`]).

use super::engine::Engine;
use super::nav::Route;
use super::shell::{AppState, UiOptions, state};
use super::size_guard::SizeGuard;
use super::{
    analyze, coach, editor, help, lesson, library, mistakes, openings, potential, practice,
    progress, puzzles, review,
};
use crate::tutor::models::menu::{self, MENU_KEYS, MenuChoice, MenuOutcome};
use cursive::Cursive;
use cursive::event::{Event, Key};
use cursive::theme::{BorderStyle, Color, Palette, PaletteColor, Theme};
use cursive::traits::*;
use cursive::views::{Dialog, LinearLayout, OnEventView, SelectView, TextView};
use std::sync::Arc;

/// Builds the whole interface on `siv`: theme, main menu and global keys.
/// `main` and the tests call this same function.
pub fn build(siv: &mut Cursive, options: UiOptions) {
    siv.set_theme(theme(options.plain));
    let engine = Engine::new(options.table_mb);
    siv.set_user_data(AppState {
        options,
        engine,
        progress: Arc::default(),
        clock: Arc::default(),
        navigate: open_route,
    });
    siv.add_global_callback(Event::Key(Key::F1), help::show);
    siv.add_global_callback(Event::WindowResize, super::board_view::fit_boards);
    show_menu(siv);
    tell_if_read_only(siv);
}

/// Says so over the menu when this tutor opened its data directory read-only
/// (another tutor holds it: see [`crate::tutor::lock`]).
fn tell_if_read_only(siv: &mut Cursive) {
    let explicit = state(siv).options.data_dir;
    let Ok(dir) = crate::tutor::progress::data_dir(explicit.as_deref()) else {
        return;
    };
    if let Some(reason) = crate::tutor::lock::read_only_reason(&dir) {
        crate::ui::size_guard::add_layer(
            siv,
            Dialog::info(format!(
                "{}.\nThis tutor opens read-only: your progress, saved games and library \
                 changes are not saved here. Close the other one, then start again to save.",
                capitalised(&reason)
            ))
            .title("Read-only"),
        );
    }
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn theme(plain: bool) -> Theme {
    let mut palette = Palette::terminal_default();
    if plain {
        for c in [
            PaletteColor::Highlight,
            PaletteColor::HighlightInactive,
            PaletteColor::TitlePrimary,
            PaletteColor::TitleSecondary,
        ] {
            palette[c] = Color::TerminalDefault;
        }
    }
    Theme {
        shadow: false,
        borders: BorderStyle::Simple,
        palette,
    }
}

/// Shows the main menu (replacing every screen): its rows, keys and footer come
/// from [`MENU_KEYS`].
pub fn show_menu(siv: &mut Cursive) {
    while siv.pop_layer().is_some() {}
    let mut select = SelectView::<MenuChoice>::new();
    for binding in MENU_KEYS {
        select.add_item(menu::row(binding), binding.action);
    }
    select.set_on_submit(|s, &choice| open_entry(s, choice));
    let mut view = OnEventView::new(select.with_name("menu"));
    for binding in MENU_KEYS {
        let choice = binding.action;
        for &key in binding.keys {
            view.set_on_event(crate::ui::host::event_of(key), move |s| {
                open_entry(s, choice)
            });
        }
    }
    let body = LinearLayout::vertical()
        .child(TextView::new(
            "Learn Othello strategy: lessons, puzzles and coached games.\n ",
        ))
        .child(view)
        .child(TextView::new(format!(" \n{}", menu::footer())));
    crate::ui::layer::add_screen(
        siv,
        crate::tutor::screen::ScreenId::Menu,
        SizeGuard::new(Dialog::around(body).title("othello-tutor").full_screen()),
    );
}

fn open_entry(siv: &mut Cursive, choice: MenuChoice) {
    match menu::choose(choice, state(siv).options.plain) {
        MenuOutcome::Open(route) => open_route(siv, route),
        MenuOutcome::Quit => siv.quit(),
    }
}

/// Opens the screen a route names: the only function that opens screens.
fn open_route(siv: &mut Cursive, route: Route) {
    match route {
        Route::Menu => show_menu(siv),
        Route::Lessons(select) => lesson::open_list(siv, select.as_deref()),
        Route::Lesson(id) => lesson::open_by_id(siv, &id),
        Route::Puzzles(run) => puzzles::open(siv, run),
        Route::PuzzleMode(mode) => puzzles::open_mode(siv, mode),
        Route::PracticeSetup => practice::open_setup(siv),
        Route::Practice(setup) => practice::open_game(siv, *setup),
        Route::Analyze => analyze::open(siv),
        Route::AnalyzeAt(position) => analyze::open_at(siv, position),
        Route::Editor(position) => editor::open(siv, position),
        Route::PracticeSetupFrom(position) => practice::open_setup_from(siv, Some(position)),
        Route::AnalyzeGame(game) => analyze::open_game_over(siv, *game),
        Route::Library => library::open(siv),
        Route::Openings(select) => openings::open(siv, select.as_deref()),
        Route::Review(input) => review::open(siv, *input),
        Route::Potential(options) => potential::open_with(siv, options),
        Route::Progress => progress::open(siv),
        Route::Coach => coach::open(siv),
        Route::FocusPuzzles(focus) => puzzles::open_focus(siv, focus),
        Route::Mistakes(run) => mistakes::open(siv, *run),
        Route::Help => help::show(siv),
    }
}
