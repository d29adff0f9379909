//! Leaving, a new game, the rules and the game-over summary of Potential.

use super::*;

pub(super) fn leave(s: &mut Cursive, shared: &Shared) {
    if !lock(shared).in_progress() {
        close(s, shared);
        return;
    }
    let a = shared.clone();
    let dialog = Dialog::around(TextView::new(
        "Leave this game? It will be lost.\n\nEnter: choose   Tab/arrows: switch   Esc: stay",
    ))
    .title("Leave Potential")
    .button("Leave", move |s| {
        s.pop_layer();
        close(s, &a);
    })
    .button("Stay", |s| {
        s.pop_layer();
    });
    crate::ui::size_guard::add_layer(
        s,
        OnEventView::new(dialog).on_event(Key::Esc, |s| {
            s.pop_layer();
        }),
    );
}

pub(super) fn close(s: &mut Cursive, shared: &Shared) {
    lock(shared).cancel_search();
    s.pop_layer();
}

pub(super) fn ask_new_game(s: &mut Cursive, shared: &Shared) {
    if !lock(shared).in_progress() {
        lock(shared).new_game();
        after_change(s, shared);
        return;
    }
    let a = shared.clone();
    let dialog = Dialog::around(TextView::new(
        "Start a new game? This one will be lost.\n\nEnter: choose   Tab/arrows: switch   Esc: keep playing",
    ))
    .title("New game")
    .button("New game", move |s| {
        s.pop_layer();
        lock(&a).new_game();
        after_change(s, &a);
    })
    .button("Keep playing", |s| {
        s.pop_layer();
    });
    crate::ui::size_guard::add_layer(
        s,
        OnEventView::new(dialog).on_event(Key::Esc, |s| {
            s.pop_layer();
        }),
    );
}

pub(super) fn show_rules(s: &mut Cursive) {
    let text = LinearLayout::vertical()
        .child(ScrollView::new(TextView::new(RULES)).full_height())
        .child(TextView::new(RULES_KEYS));
    let layer = OnEventView::new(Panel::new(text).title("Potential: the rules").max_width(84))
        .on_event(Key::Esc, |s| {
            s.pop_layer();
        })
        .on_event('q', |s| {
            s.pop_layer();
        });
    crate::ui::size_guard::add_layer(s, layer);
}

pub(super) fn show_summary(s: &mut Cursive, shared: &Shared) {
    let text = {
        let st = lock(shared);
        let pos = st.game.position();
        let Some(result) = pos.result() else {
            return;
        };
        let placements = st
            .game
            .moves()
            .iter()
            .filter(|(_, m)| matches!(m, PotentialMove::Place(_)))
            .count();
        let steps = st.game.moves().len() - placements;
        let verdict = match (result.winner(), st.opponent) {
            (None, _) => "Nobody could move: a draw.".to_string(),
            (Some(w), Some(_)) if w == st.human => {
                format!(
                    "You win by {} point{}.",
                    result.points(),
                    plural(result.points())
                )
            }
            (Some(w), Some(_)) => format!(
                "The computer ({w}) wins by {} point{}.",
                result.points(),
                plural(result.points())
            ),
            (Some(w), None) => format!(
                "{w} wins by {} point{}.",
                result.points(),
                plural(result.points())
            ),
        };
        let loser = result.winner().map(|w| w.opponent());
        let stuck = match loser {
            Some(l) => format!("{l} ran out of moves; the run scored {}.", result.points()),
            None => "The side to move was stuck, and so was the other side.".to_string(),
        };
        format!(
            "Result: {result}\n{verdict}\n{stuck}\n\n{placements} placements, {steps} moves, final potential {}.\n\n{SUMMARY_KEYS}",
            pos.potential()
        )
    };
    let a = shared.clone();
    let dialog = Dialog::around(TextView::new(text))
        .title("Game over")
        .button("New game", move |s| {
            s.pop_layer();
            lock(&a).new_game();
            after_change(s, &a);
        })
        .button("Look at the board", |s| {
            s.pop_layer();
        });
    crate::ui::size_guard::add_layer(
        s,
        OnEventView::new(dialog).on_event(Key::Esc, |s| {
            s.pop_layer();
        }),
    );
}

pub(super) fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}
