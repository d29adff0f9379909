//! The strength estimate: the shipped level ratings table (every rated player, the
//! engine levels in order, made by the command it names), the fit on scripted
//! results, the ladder's games reproducible, the learner's rating moved by scripted
//! practice results and the next level it suggests, and a practice game's result
//! counted once, only when the game is rated.

use crate::common;

use common::models::Driver;
use othello_tutor::engine::Color;
use othello_tutor::engine::players::{MAX_LEVEL, Strategy};
use othello_tutor::tutor::coach::GameResult;
use othello_tutor::tutor::models::practice::{Action, Env, PracticeScreen};
use othello_tutor::tutor::practice::{Practice, Seat, Setup};
use othello_tutor::tutor::screen::{Effect, ProgressChange};
use othello_tutor::tutor::strength::fit::{ANCHOR_RATING, expected_score, fit};
use othello_tutor::tutor::strength::ladder::{
    LADDER_PLAYERS, LADDER_SPAN, LadderSettings, PairResult, ladder_games, pair_results,
    play_ladder_game,
};
use othello_tutor::tutor::strength::{LearnerStrength, LevelRatings, ladder_table};

fn shipped() -> &'static LevelRatings {
    LevelRatings::shipped().expect("the shipped table reads")
}

#[test]
fn the_table_rates_every_player_and_names_its_command() {
    let t = shipped();
    for s in LADDER_PLAYERS {
        let r = t
            .rating_of(s)
            .unwrap_or_else(|| panic!("{} rated", s.name()));
        assert!(r.rating.is_finite() && r.deviation > 0.0, "{r:?}");
        assert!(r.games > 0, "{} played", s.name());
    }
    assert_eq!(t.player.len(), LADDER_PLAYERS.len());
    assert!(
        t.command.starts_with(&format!(
            "othello-lab ladder --games {} --seed {}",
            t.games_per_pair, t.seed
        )),
        "{}",
        t.command
    );
    // Anchored: engine level 1 at 1000.
    assert_eq!(t.anchor, Strategy::Engine(1).name());
    let anchor = t.rating_of(Strategy::Engine(1)).expect("level 1").rating;
    assert!((anchor - ANCHOR_RATING).abs() < 0.05, "{anchor}");
    // The pairs played: each pair at most LADDER_SPAN places apart, games_per_pair each.
    let expected: usize = (0..LADDER_PLAYERS.len())
        .map(|a| (LADDER_PLAYERS.len() - a - 1).min(LADDER_SPAN))
        .sum();
    assert_eq!(t.pair.len(), expected);
    for p in &t.pair {
        assert_eq!(
            (p.wins + p.draws + p.losses) as usize,
            t.games_per_pair,
            "{p:?}"
        );
    }
}

#[test]
fn a_stronger_engine_level_is_rated_higher() {
    let levels = shipped().levels();
    assert_eq!(levels.len(), MAX_LEVEL as usize);
    for w in levels.windows(2) {
        assert!(
            w[1].1.rating > w[0].1.rating,
            "{} ({:.0}) is not above {} ({:.0})",
            w[1].0.name(),
            w[1].1.rating,
            w[0].0.name(),
            w[0].1.rating
        );
    }
}

#[test]
fn the_table_is_the_fit_of_its_own_results() {
    // Refitting the pairs' results the table lists gives its ratings again.
    let t = shipped();
    let index = |name: &str| {
        LADDER_PLAYERS
            .iter()
            .position(|s| s.name() == name)
            .expect("a ladder player")
    };
    let results: Vec<PairResult> = t
        .pair
        .iter()
        .map(|p| PairResult {
            a: index(&p.a),
            b: index(&p.b),
            wins: p.wins,
            draws: p.draws,
            losses: p.losses,
            margin: 0,
        })
        .collect();
    let fitted = fit(
        LADDER_PLAYERS.len(),
        &results,
        index(&t.anchor),
        t.anchor_rating,
    );
    for (s, f) in LADDER_PLAYERS.iter().zip(&fitted) {
        let r = t.rating_of(*s).expect("rated");
        assert!(
            (r.rating - f.rating).abs() < 0.1,
            "{}: {} vs {}",
            s.name(),
            r.rating,
            f.rating
        );
    }
}

#[test]
fn the_fit_on_scripted_results() {
    // Even results: equal ratings. Three players in a chain, each scoring 3 of 4
    // against the one below: evenly spaced, the anchor where it is put.
    let even = [PairResult {
        a: 0,
        b: 1,
        wins: 3,
        draws: 2,
        losses: 3,
        margin: 0,
    }];
    let f = fit(2, &even, 1, 1000.0);
    assert!((f[0].rating - 1000.0).abs() < 1e-6 && (f[1].rating - 1000.0).abs() < 1e-6);
    let chain = [
        PairResult {
            a: 0,
            b: 1,
            wins: 1,
            draws: 0,
            losses: 3,
            margin: 0,
        },
        PairResult {
            a: 1,
            b: 2,
            wins: 1,
            draws: 0,
            losses: 3,
            margin: 0,
        },
    ];
    let f = fit(3, &chain, 0, 1000.0);
    assert_eq!(f[0].rating, 1000.0);
    let (d1, d2) = (f[1].rating - f[0].rating, f[2].rating - f[1].rating);
    assert!(d1 > 100.0 && (d1 - d2).abs() < 1.0, "{f:?}");
    // A player who won every game is still finite (the virtual draw).
    let sweep = [PairResult {
        a: 0,
        b: 1,
        wins: 0,
        draws: 0,
        losses: 10,
        margin: 0,
    }];
    let f = fit(2, &sweep, 0, 1000.0);
    assert!(f[1].rating.is_finite() && f[1].rating > 1400.0, "{f:?}");
    // The model's expected scores.
    assert!((expected_score(1200.0, 1200.0) - 0.5).abs() < 1e-12);
    assert!((expected_score(1400.0, 1000.0) - 10.0 / 11.0).abs() < 1e-12);
}

#[test]
fn a_ladder_game_is_the_same_every_time() {
    let settings = LadderSettings {
        games: 2,
        seed: 7,
        first_opening: 3,
    };
    let games = ladder_games(&settings);
    // Two cheap pairs: the flawed strategies among themselves and against level 1.
    let cheap: Vec<_> = games.iter().copied().filter(|g| g.b <= 3).collect();
    let first: Vec<i32> = cheap
        .iter()
        .map(|&g| play_ladder_game(&settings, g))
        .collect();
    let again: Vec<i32> = cheap
        .iter()
        .map(|&g| play_ladder_game(&settings, g))
        .collect();
    assert_eq!(first, again);
    let results = pair_results(&cheap, &first);
    assert_eq!(results.len(), 6);
    // A table made from them rates the players that played and sorts them.
    let table = ladder_table(
        &settings,
        &cheap,
        &first,
        "othello-lab ladder --games 2 --seed 7",
    );
    let text = table.to_toml();
    let back: LevelRatings = toml::from_str(&text).expect("the table reads back");
    assert_eq!(back.pair.len(), 6);
    assert!(back.player.windows(2).all(|w| w[0].rating <= w[1].rating));
}

/// The shipped table's level `n`.
fn level(n: u8) -> f64 {
    shipped()
        .rating_of(Strategy::Engine(n))
        .expect("rated")
        .rating
}

#[test]
fn the_learners_rating_moves_with_scripted_results() {
    let t = shipped();
    let mut s = LearnerStrength::default();
    assert!(
        s.suggestion(t).is_none(),
        "no suggestion before a rated game"
    );
    assert_eq!(s.current().rating, ANCHOR_RATING);
    // A win against level 3 raises it, a loss lowers it, results in order.
    let g = s
        .record(Strategy::Engine(3), GameResult::Won, 10, t)
        .expect("level 3 is rated");
    assert_eq!(g.before, ANCHOR_RATING);
    assert!(g.after > g.before, "{g:?}");
    assert_eq!(g.opponent_rating, level(3));
    let after_win = s.current();
    s.record(Strategy::Engine(3), GameResult::Lost, 20, t);
    assert!(s.current().rating < after_win.rating);
    assert!(
        s.current().deviation < after_win.deviation,
        "more games, surer"
    );
    // A draw against an equal opponent hardly moves it.
    let mut even = LearnerStrength {
        rating: Some(othello_tutor::tutor::rating::Rating::new(
            level(2),
            80.0,
            0.06,
        )),
        ..LearnerStrength::default()
    };
    even.record(Strategy::Engine(2), GameResult::Drawn, 30, t);
    assert!(
        (even.current().rating - level(2)).abs() < 1.0,
        "{:?}",
        even.current()
    );
    assert_eq!(s.count, 2);
    assert_eq!(s.games.len(), 2);
    // The same results give the same rating (no clock, no randomness).
    let mut again = LearnerStrength::default();
    again.record(Strategy::Engine(3), GameResult::Won, 10, t);
    again.record(Strategy::Engine(3), GameResult::Lost, 20, t);
    assert_eq!(again.current(), s.current());
}

#[test]
fn the_next_level_is_the_weakest_rated_above_the_learner() {
    let t = shipped();
    let at = |rating: f64| LearnerStrength {
        rating: Some(othello_tutor::tutor::rating::Rating::new(
            rating, 60.0, 0.06,
        )),
        ..LearnerStrength::default()
    };
    // Just above level 2: level 3 is next, with less than half the points expected.
    let s = at(level(2) + 1.0).suggestion(t).expect("a suggestion");
    assert_eq!(s.level, Strategy::Engine(3));
    assert!(s.expected < 0.5, "{s:?}");
    // Below level 1: level 1.
    let s = at(level(1) - 200.0).suggestion(t).expect("a suggestion");
    assert_eq!(s.level, Strategy::Engine(1));
    // Above every level: the strongest.
    let s = at(level(MAX_LEVEL) + 300.0)
        .suggestion(t)
        .expect("a suggestion");
    assert_eq!(s.level, Strategy::Engine(MAX_LEVEL));
    assert!(s.expected > 0.5);
}

/// A loaded game, the learner Black against `opponent`, resigned.
fn finished_game(opponent: Strategy) -> Practice {
    let mut p =
        Practice::load("f5 d6 c3 d3 c4", Seat::Human, Seat::Computer(opponent)).expect("a game");
    p.resign();
    p
}

#[test]
fn a_practice_game_counts_once_and_only_when_it_is_rated() {
    // Played on the screen from the start: rated when it ends (a resignation: a loss).
    let setup = Setup::against(Color::Black, Strategy::Engine(2));
    let (model, effects) = PracticeScreen::new_game(setup, Env::default());
    let mut d = Driver::new(model, effects);
    d.act(Action::Resign);
    d.confirm(true);
    let rated: Vec<_> = d
        .asked
        .iter()
        .filter_map(|e| match e {
            Effect::Progress(ProgressChange::PracticeResult {
                opponent, result, ..
            }) => Some((*opponent, *result)),
            _ => None,
        })
        .collect();
    assert_eq!(rated, vec![(Strategy::Engine(2), GameResult::Lost)]);
    assert_eq!(d.progress.strength.count, 1);
    assert!(d.progress.strength.current().rating < ANCHOR_RATING);
    assert!(
        d.model
            .log()
            .iter()
            .any(|l| l.contains("Your playing strength")),
        "{:?}",
        d.model.log()
    );
    // Taken back and ended again: not counted twice.
    d.act(Action::Undo);
    d.act(Action::Resign);
    d.confirm(true);
    assert_eq!(d.progress.strength.count, 1);
    // A loaded game is not rated, nor a game between two people.
    let (model, effects) = PracticeScreen::open(finished_game(Strategy::Engine(2)), Env::default());
    let d = Driver::new(model, effects);
    assert_eq!(d.progress.strength.count, 0);
    let mut two = Setup::against(Color::Black, Strategy::Engine(2));
    two.white = Seat::Human;
    let (model, effects) = PracticeScreen::new_game(two, Env::default());
    let mut d = Driver::new(model, effects);
    d.act(Action::Resign);
    d.confirm(true);
    assert_eq!(d.progress.strength.count, 0);
}

#[test]
fn the_coach_shows_the_strength_and_its_plan_points_to_the_next_level() {
    use othello_tutor::tutor::coach::{Task, report};
    use othello_tutor::tutor::models::coach::strength_line;
    use othello_tutor::tutor::models::coach::today::build_plan;
    use othello_tutor::tutor::progress::Progress;
    let t = shipped();
    let mut p = Progress::default();
    assert!(
        strength_line(&p).contains("none yet"),
        "{}",
        strength_line(&p)
    );
    p.strength
        .record(Strategy::Engine(1), GameResult::Won, 10, t);
    p.strength
        .record(Strategy::Engine(2), GameResult::Won, 20, t);
    let s = p.strength.suggestion(t).expect("a suggestion");
    let line = strength_line(&p);
    assert!(
        line.contains(&format!("Strength {:.0}", p.strength.current().rating)),
        "{line}"
    );
    assert!(line.contains("after 2 rated games"), "{line}");
    assert!(
        line.chars().count() <= 76,
        "fits the coach at 80 columns: {line}"
    );
    let r = report(&p.coach, &p.puzzles, &[], &[]);
    let plan = build_plan(&p, &r, &[], 1000);
    let (opponent, why) = plan
        .items
        .iter()
        .find_map(|i| match &i.task {
            Task::Practice { opponent } => Some((opponent.clone(), i.why.clone())),
            _ => None,
        })
        .expect("a practice item");
    assert_eq!(opponent, s.level.name());
    assert!(why.contains("next level"), "{why}");
}

#[test]
fn with_a_weakness_the_plan_still_points_to_the_next_level() {
    use othello_tutor::tutor::coach::{CoachEvent, Task, game_record, report};
    use othello_tutor::tutor::content::{load_lessons, load_puzzles};
    use othello_tutor::tutor::models::coach::today::build_plan;
    use othello_tutor::tutor::progress::Progress;
    let t = shipped();
    let mut p = Progress::default();
    let record = game_record(
        &common::games::scripted_game(),
        &std::collections::BTreeMap::new(),
        &std::collections::BTreeMap::new(),
        5,
    )
    .expect("a record");
    p.coach.record(CoachEvent::Game(record));
    p.strength
        .record(Strategy::Engine(1), GameResult::Won, 10, t);
    let s = p.strength.suggestion(t).expect("a suggestion");
    let (lessons, puzzles) = (
        load_lessons().expect("lessons"),
        load_puzzles().expect("puzzles"),
    );
    let r = report(&p.coach, &p.puzzles, &lessons, &puzzles);
    assert!(r.weakest().is_some_and(|w| w.lost > 0), "a weakness");
    let plan = build_plan(&p, &r, &lessons, 1000);
    let games: Vec<&str> = plan
        .items
        .iter()
        .filter_map(|i| match &i.task {
            Task::Practice { opponent } => Some(opponent.as_str()),
            _ => None,
        })
        .collect();
    assert!(games.contains(&s.level.name().as_str()), "{plan:?}");
    assert!(
        matches!(plan.items[0].task, Task::LearnMistakes { .. }),
        "{plan:?}"
    );
}
