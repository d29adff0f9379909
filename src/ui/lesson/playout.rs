//! Play-out steps: the learner plays a position out against the stated opponent,
//! which replies off the UI thread, until the goal is reached or spoiled.

use super::*;

pub(super) fn play_out_move(siv: &mut Cursive, shared: &Shared, sq: Square) {
    let reply = {
        let mut st = lock(shared);
        let Step::PlayOut(po) = st.step().clone() else {
            return;
        };
        if st.attempts.is_done() {
            st.feedback.push("This step is done: n goes on.".into());
            None
        } else {
            let Some(play) = st.play.as_mut() else { return };
            if play.busy {
                return;
            }
            let pos = play.game.current();
            if play.spoiled {
                // The missed goal's board was kept on screen: set it up again.
                play.game = Game::new(po.setup.position);
                play.spoiled = false;
                st.feedback = vec!["Set up again: try once more.".into()];
                None
            } else if pos.to_move != po.learner() {
                None
            } else if let Err(e) = play.game.play(Move::Place(sq)) {
                st.feedback = vec![e.to_string()];
                None
            } else {
                // A new move: what was said of the last one is old news.
                st.feedback.clear();
                Some(po)
            }
        }
    };
    let Some(po) = reply else {
        refresh(siv, shared);
        return;
    };
    after_play_out_move(siv, shared, po);
}

/// Checks the goal; if the game goes on, lets the opponent reply off the UI thread.
pub(super) fn after_play_out_move(
    siv: &mut Cursive,
    shared: &Shared,
    po: crate::tutor::lesson::PlayOut,
) {
    let opponent_pos = {
        let mut st = lock(shared);
        let Some(play) = st.play.as_mut() else { return };
        // Forced passes.
        while play.game.current().must_pass() {
            if play.game.play(Move::Pass).is_err() {
                break;
            }
        }
        let status = po.status(&play.game);
        let current = play.game.current();
        match status {
            GoalStatus::Achieved(msg) => {
                st.attempts.record(true);
                st.feedback = vec![format!("✓ {msg}"), po.explain.clone()];
                None
            }
            GoalStatus::Failed(why) => {
                let action = st.attempts.record(false);
                let verdict = Verdict {
                    correct: false,
                    legal: true,
                    why: vec![why],
                    reveal: Vec::new(),
                    loss: None,
                };
                respond(&mut st, action, &verdict, &po.explain, po.hint(), po.hint());
                if action != NextAction::Reveal {
                    st.feedback.push(
                        "The final board stays on screen: Enter or a click sets the position up again."
                            .into(),
                    );
                    if let Some(play) = st.play.as_mut() {
                        play.spoiled = true;
                    }
                }
                None
            }
            GoalStatus::Ongoing => {
                if current.to_move != po.learner() && !current.is_game_over() {
                    play.busy = true;
                    Some(current)
                } else {
                    None
                }
            }
        }
    };
    refresh(siv, shared);
    let Some(pos) = opponent_pos else { return };
    let engine = state(siv).engine;
    let sink = siv.cb_sink().clone();
    let s2 = shared.clone();
    let strategy = po.opponent();
    let job = engine.spawn(
        &sink,
        move |searcher: &mut Searcher| {
            choose_move(searcher, &pos.board, strategy, &mut rand::rng())
        },
        move |s: &mut Cursive, job: &Job, result| {
            {
                let mut st = lock(&s2);
                let Some(play) = st.play.as_mut() else { return };
                if play.job.as_ref().map(|j| j.id) != Some(job.id) {
                    return;
                }
                play.busy = false;
                play.job = None;
                if let Some(choice) = result {
                    let _ = play.game.play(Move::Place(choice.square));
                }
            }
            after_play_out_move(s, &s2, po);
        },
        {
            let s3 = shared.clone();
            move |s: &mut Cursive| {
                if let Some(play) = lock(&s3).play.as_mut() {
                    play.busy = false;
                    play.job = None;
                }
                refresh(s, &s3);
            }
        },
    );
    if let Some(play) = lock(shared).play.as_mut() {
        play.job = Some(job);
    }
}
