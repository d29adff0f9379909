//! The practice screen's keys: hint, markers, undo and redo, the best move, feedback
//! on or off, a new game, resigning and leaving.

use super::*;
use crate::tutor::text::count;

pub(super) fn hint(siv: &mut Cursive, shared: &Shared) {
    let pos = {
        let st = lock(shared);
        if !st.practice.human_to_move() || st.busy != Busy::Idle {
            drop(st);
            log(shared, "A hint is for your own turn.");
            refresh(siv, shared);
            return;
        }
        st.practice.position()
    };
    run_job(
        siv,
        shared,
        Busy::Hinting,
        move |searcher| hint_values(searcher, &pos.board),
        |st, result| {
            if let Ok(values) = result {
                st.hint = Some(values);
            }
            None
        },
        false,
    );
}

pub(super) fn toggle_markers(siv: &mut Cursive, _shared: &Shared) {
    siv.call_on_name(BOARD, |b: &mut BoardView| b.set_show_legal(!b.show_legal()));
}

pub(super) fn undo(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        cancel_job(&mut st);
        st.hint = None;
        st.show_best = false;
        st.summary_shown = false;
        st.last_reply = None;
        if st.practice.undo() == 0 {
            drop(st);
            log(shared, "Nothing to take back.");
        } else {
            drop(st);
            log(shared, "Taken back.");
        }
    }
    refresh(siv, shared);
    continue_game(siv, shared);
}

pub(super) fn redo(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        cancel_job(&mut st);
        st.hint = None;
        let replayed = st.practice.redo();
        drop(st);
        if replayed == 0 {
            log(shared, "Nothing to replay.");
        } else {
            log(shared, format!("Replayed {}.", count(replayed, "move")));
        }
    }
    refresh(siv, shared);
    continue_game(siv, shared);
}

pub(super) fn show_best(siv: &mut Cursive, shared: &Shared) {
    lock(shared).show_best = true;
    refresh(siv, shared);
}

pub(super) fn toggle_feedback(siv: &mut Cursive, shared: &Shared) {
    {
        let mut st = lock(shared);
        let on = !st.practice.setup().feedback;
        st.practice.set_feedback(on);
    }
    refresh(siv, shared);
}

pub(super) fn new_game(siv: &mut Cursive, shared: &Shared) {
    cancel_job(&mut lock(shared));
    siv.pop_layer();
    open_setup(siv);
}

pub(super) fn resign(siv: &mut Cursive, shared: &Shared) {
    let s1 = shared.clone();
    crate::ui::size_guard::add_layer(
        siv,
        Dialog::text("Resign this game?")
            .button("Resign", move |s| {
                s.pop_layer();
                {
                    let mut st = lock(&s1);
                    cancel_job(&mut st);
                    st.practice.resign();
                }
                refresh(s, &s1);
                show_summary(s, &s1);
            })
            .button("Keep playing", |s| {
                s.pop_layer();
            }),
    );
}

pub(super) fn leave(siv: &mut Cursive, shared: &Shared) {
    let in_progress = {
        let st = lock(shared);
        !st.practice.is_over() && !st.practice.game().is_empty()
    };
    let s1 = shared.clone();
    let go = move |s: &mut Cursive| {
        cancel_job(&mut lock(&s1));
        crate::ui::nav::menu(s);
    };
    if in_progress {
        crate::ui::size_guard::add_layer(
            siv,
            Dialog::text("Leave this game? It is not saved (w saves it).")
                .button("Leave", go)
                .button("Stay", |s| {
                    s.pop_layer();
                }),
        );
    } else {
        go(siv);
    }
}
