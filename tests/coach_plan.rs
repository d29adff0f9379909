//! The coach's report and today's plan, on profiles written out by hand: the
//! weakest concept by discs lost per game with the games behind it, its trend and
//! its links (lesson, puzzles at the learner's rating, the learner's own
//! positions); the plan is the same for the same profile, says why each item is on
//! it, changes as expected when a weakness is fixed, and doing an item ticks it off.

use othello_tutor::engine::Square;
use othello_tutor::tutor::coach::plan::{PLAN_PUZZLES, day_of};
use othello_tutor::tutor::coach::report::{RECENT_GAMES, SET_SIZE};
use othello_tutor::tutor::coach::{
    CoachEvent, Concept, GameRecord, LessonRecord, MistakeRecord, Phase, PhaseTally, PlanItem,
    Task, Trend, report,
};
use othello_tutor::tutor::content::load_embedded_puzzles;
use othello_tutor::tutor::content::load_lessons;
use othello_tutor::tutor::leitner::DAY;
use othello_tutor::tutor::lesson::Lesson;
use othello_tutor::tutor::models::coach::today::{build_plan, item_status, plan_for_today};
use othello_tutor::tutor::progress::Progress;
use othello_tutor::tutor::puzzle::{Focus, NearCorner, Puzzle, Theme};
use othello_tutor::tutor::rating::Outcome;
use othello_tutor::tutor::screen::ProgressChange;

/// A day in 2027, at noon.
const NOW: u64 = 20_000 * DAY + DAY / 2;

fn lessons() -> Vec<Lesson> {
    load_lessons().expect("the course loads")
}

fn puzzles() -> Vec<Puzzle> {
    let (puzzles, errors) = load_embedded_puzzles();
    assert!(errors.is_empty(), "{errors:?}");
    puzzles
}

fn t(theme: Theme) -> Concept {
    Concept::Theme(theme)
}

/// A game against `opponent` with these mistakes (concept, discs lost, empties),
/// and ten good moves in each phase.
fn game(opponent: &str, mistakes: &[(Concept, u32, u32)]) -> GameRecord {
    let mut g = GameRecord {
        opponent: opponent.into(),
        learner: "Black".into(),
        ..GameRecord::default()
    };
    for p in Phase::ALL {
        *g.phase_mut(p) = PhaseTally {
            graded: 10,
            good: 10,
            lost: 0,
        };
    }
    for (n, &(concept, lost, empties)) in mistakes.iter().enumerate() {
        let t = g.phase_mut(Phase::of_empties(empties));
        t.graded += 1;
        t.lost += lost;
        g.mistakes.push(MistakeRecord {
            number: 10 + n,
            square: "b2".into(),
            empties,
            lost,
            grade: "blunder".into(),
            concept,
            fact: format!("a fact about {}", concept.name()),
            position: format!("position {n}"),
            ..MistakeRecord::default()
        });
    }
    g
}

/// The profile of a learner who gives corners away: five games against the
/// static-squares partner, an X-square given in four and a corner missed in two,
/// and a little mobility lost in one.
fn corner_giver() -> Progress {
    let mut p = Progress::default();
    let games = [
        vec![(t(Theme::XSquare), 12, 36), (t(Theme::Corner), 6, 30)],
        vec![(t(Theme::XSquare), 10, 33)],
        vec![(t(Theme::Mobility), 4, 45)],
        vec![(t(Theme::XSquare), 14, 28), (t(Theme::Corner), 8, 25)],
        vec![(t(Theme::XSquare), 9, 31), (Concept::Other, 5, 15)],
    ];
    for (i, m) in games.iter().enumerate() {
        let mut g = game("Static squares", m);
        g.at = NOW - DAY * (10 - i as u64);
        p.coach.record(CoachEvent::Game(g));
    }
    p
}

fn plan_of(p: &Progress) -> othello_tutor::tutor::coach::DayPlan {
    let (lessons, puzzles) = (lessons(), puzzles());
    let r = report(&p.coach, &p.puzzles, &lessons, &puzzles);
    build_plan(p, &r, &lessons, NOW)
}

fn tasks(plan: &[PlanItem]) -> Vec<Task> {
    plan.iter()
        .map(|i| match &i.task {
            // The chosen puzzles are checked on their own.
            Task::ConceptPuzzles { concept, count, .. } => Task::ConceptPuzzles {
                concept: *concept,
                count: *count,
                ids: Vec::new(),
            },
            other => other.clone(),
        })
        .collect()
}

#[test]
fn the_weakest_concept_is_the_one_that_costs_the_most_discs_per_game() {
    let p = corner_giver();
    let (lessons, puzzles) = (lessons(), puzzles());
    let r = report(&p.coach, &p.puzzles, &lessons, &puzzles);
    assert_eq!(r.recent_games, 5);
    let order: Vec<(Concept, u32, usize, usize)> = r
        .weaknesses
        .iter()
        .map(|w| (w.concept, w.lost, w.games, w.games_with))
        .collect();
    assert_eq!(
        order,
        [
            (t(Theme::XSquare), 45, 5, 4),
            (t(Theme::Corner), 14, 5, 2),
            (Concept::Other, 5, 5, 1),
            (t(Theme::Mobility), 4, 5, 1),
        ]
    );
    let x = r.weakest().expect("a weakness");
    assert_eq!(x.concept, t(Theme::XSquare));
    assert_eq!(x.per_game(), 9.0);
    assert_eq!(x.mistakes, 4);
    // Its lesson is the course's X- and C-square lesson.
    let lesson = x.lesson.as_ref().expect("a lesson");
    assert_eq!((lesson.id.as_str(), lesson.order), ("x-and-c-squares", 4));
    // The corner's is lesson 3; "other" has none.
    assert_eq!(
        r.weaknesses[1].lesson.as_ref().map(|l| l.id.as_str()),
        Some("corners-stable")
    );
    assert_eq!(r.weaknesses[2].lesson, None);
    assert!(r.weaknesses[2].puzzles.is_empty());
    // The learner's own positions: the latest first.
    let own: Vec<(u64, &str)> = x
        .positions
        .iter()
        .map(|o| (o.game, o.position.as_str()))
        .collect();
    assert_eq!(
        own,
        [
            (4, "position 0"),
            (3, "position 0"),
            (1, "position 0"),
            (0, "position 0")
        ]
    );
    assert_eq!(x.positions[0].phase, Phase::Midgame);
    assert_eq!(x.positions[0].lost, 9);
}

#[test]
fn a_weakness_links_to_puzzles_of_its_concept_at_the_learners_rating() {
    let p = corner_giver();
    let (lessons, puzzles) = (lessons(), puzzles());
    let r = report(&p.coach, &p.puzzles, &lessons, &puzzles);
    let x = r.weakest().expect("a weakness");
    assert_eq!(x.puzzles.len(), SET_SIZE);
    let me = p.puzzles.learner().rating;
    // The X-square weakness is drilled on corner puzzles that offer an X-square to
    // turn down, recounted here from the board.
    let drills = |q: &Puzzle| q.has_theme(Theme::Corner) && x_square_tempts(q);
    let distance = |id: &str| {
        let pz = puzzles.iter().find(|q| q.id == id).expect("a puzzle");
        assert!(drills(pz), "{id}");
        (f64::from(pz.rating) - me).abs()
    };
    let chosen: Vec<f64> = x.puzzles.iter().map(|id| distance(id)).collect();
    let worst = chosen.iter().cloned().fold(0.0, f64::max);
    // No such puzzle left out is nearer the learner's rating.
    let mut others = 0;
    for q in puzzles
        .iter()
        .filter(|q| !q.is_personal() && drills(q) && !x.puzzles.contains(&q.id))
    {
        others += 1;
        assert!((f64::from(q.rating) - me).abs() >= worst, "{}", q.id);
    }
    assert!(others > 100, "{others}");
    // An X-square puzzle (its answer is the X-square) is no drill for this habit.
    assert!(x.puzzles.iter().all(|id| {
        !puzzles
            .iter()
            .any(|q| &q.id == id && q.has_theme(Theme::XSquare))
    }));
}

/// Whether the first position of `q` has a legal move, not an answer, on an X-square
/// next to an empty corner, after which the opponent can take that corner (and
/// could not before): counted from the board, square by square.
fn x_square_tempts(q: &Puzzle) -> bool {
    let step = &q.steps[0];
    let board = step.position.board;
    let xs = [("b2", "a1"), ("g2", "h1"), ("b7", "a8"), ("g7", "h8")];
    xs.iter().any(|&(x, corner)| {
        let (x, corner): (Square, Square) = (x.parse().unwrap(), corner.parse().unwrap());
        board.is_legal(x)
            && !step.accepted.contains(x)
            && board.empty() & corner.bit() != 0
            && !board.opponent_moves().contains(corner)
            && board.play_unchecked(x).legal_moves().contains(corner)
    })
}

#[test]
fn a_trend_needs_enough_games_and_compares_the_two_halves() {
    let mut p = corner_giver();
    let (lessons, puzzles) = (lessons(), puzzles());
    // Five games: an earlier half of 2 and a later half of 3. The X-square cost
    // 22 discs in the first two (11 a game) and 23 in the last three.
    let r = report(&p.coach, &p.puzzles, &lessons, &puzzles);
    let by = |r: &othello_tutor::tutor::coach::CoachReport, c: Concept| {
        r.weaknesses
            .iter()
            .find(|w| w.concept == c)
            .expect("a weakness")
            .trend
    };
    assert_eq!(
        by(&r, t(Theme::XSquare)),
        Trend::Better {
            earlier: 11.0,
            later: 23.0 / 3.0
        }
    );
    // The corner: 6 discs in the first two games, 8 in the last three.
    assert_eq!(
        by(&r, t(Theme::Corner)),
        Trend::Steady {
            earlier: 3.0,
            later: 8.0 / 3.0
        }
    );
    // Five clean games later, the X-square costs nothing in the later half.
    for _ in 0..5 {
        p.coach
            .record(CoachEvent::Game(game("Static squares", &[])));
    }
    let r = report(&p.coach, &p.puzzles, &lessons, &puzzles);
    assert_eq!(r.recent_games, RECENT_GAMES);
    assert_eq!(
        by(&r, t(Theme::XSquare)),
        Trend::Better {
            earlier: 9.0,
            later: 0.0
        }
    );
    // Parity starts to cost discs: worse. Three games are too few for a trend.
    let mut few = Progress::default();
    for lost in [0, 0, 6] {
        let m = [(t(Theme::Parity), lost, 12)];
        few.coach.record(CoachEvent::Game(game(
            "Greedy",
            if lost > 0 { &m } else { &[] },
        )));
    }
    let r = report(&few.coach, &few.puzzles, &lessons, &puzzles);
    assert_eq!(by(&r, t(Theme::Parity)), Trend::TooFew);
    let m = [(t(Theme::Parity), 6, 12)];
    few.coach.record(CoachEvent::Game(game("Greedy", &m)));
    let r = report(&few.coach, &few.puzzles, &lessons, &puzzles);
    assert_eq!(
        by(&r, t(Theme::Parity)),
        Trend::Worse {
            earlier: 0.0,
            later: 6.0
        }
    );
}

#[test]
fn accuracy_by_phase_is_told_game_after_game() {
    let p = corner_giver();
    let (lessons, puzzles) = (lessons(), puzzles());
    let r = report(&p.coach, &p.puzzles, &lessons, &puzzles);
    let mid = r.phase(Phase::Midgame).expect("the midgame");
    assert_eq!(mid.phase, Phase::Midgame);
    // Game 1: two midgame mistakes among 12 moves; game 3 has none in the midgame.
    assert_eq!(
        mid.series,
        [
            Some(100 * 10 / 12),
            Some(100 * 10 / 11),
            Some(100),
            Some(100 * 10 / 12),
            Some(100 * 10 / 11)
        ]
    );
    assert_eq!(mid.recent, Some((100 * 50 / 56, 56)));
    assert_eq!(mid.earlier, None);
    let end = r.phase(Phase::Endgame).expect("the endgame");
    assert_eq!(end.series[4], Some(100 * 10 / 11));
}

#[test]
fn the_plan_is_the_same_every_time_for_the_same_profile() {
    let p = corner_giver();
    let first = plan_of(&p);
    for _ in 0..3 {
        assert_eq!(plan_of(&p), first);
    }
    assert_eq!(first.day, day_of(NOW));
    assert_eq!(first.from, p.coach.next);
    // Kept for its day: the same plan comes back, later that day, even after the
    // profile has moved on; the next day a new one is made.
    let mut kept = p.clone();
    kept.coach.record(CoachEvent::Plan(first.clone()));
    kept.coach.record(CoachEvent::Game(game(
        "Greedy",
        &[(t(Theme::Parity), 30, 10)],
    )));
    let (lessons, puzzles) = (lessons(), puzzles());
    let r = report(&kept.coach, &kept.puzzles, &lessons, &puzzles);
    assert_eq!(
        plan_for_today(&kept, &r, &lessons, NOW + 3600),
        (first.clone(), false)
    );
    let (next_day, new) = plan_for_today(&kept, &r, &lessons, NOW + DAY);
    assert!(new);
    assert_eq!(next_day.day, first.day + 1);
    assert_eq!(next_day.from, kept.coach.next);
}

#[test]
fn the_plan_works_on_the_weakest_concept_and_says_why() {
    let p = corner_giver();
    let plan = plan_of(&p);
    assert_eq!(
        tasks(&plan.items),
        [
            Task::Lesson {
                id: "x-and-c-squares".into(),
                title: "X-squares and C-squares".into(),
                order: 4
            },
            Task::ConceptPuzzles {
                concept: t(Theme::XSquare),
                count: PLAN_PUZZLES,
                ids: Vec::new()
            },
            Task::Practice {
                opponent: "Static squares".into()
            },
        ]
    );
    let why: Vec<&str> = plan.items.iter().map(|i| i.why.as_str()).collect();
    assert!(
        why[0].starts_with(
            "X-square cost you 9.0 discs a game over your last 5 graded games (in 4 of them)"
        ),
        "{}",
        why[0]
    );
    assert!(
        why[1].contains(
            "the corner puzzles with an X-square to turn down nearest your rating (1500), new ones first"
        ),
        "{}",
        why[1]
    );
    assert!(
        why[2].contains("beat the static-squares partner, who loves corners"),
        "{}",
        why[2]
    );
}

#[test]
fn the_plan_moves_on_when_the_weakness_is_fixed() {
    let mut p = corner_giver();
    let before = plan_of(&p);
    // Ten games in which the X-square costs nothing, but the learner's moves give
    // the opponent mobility: the X-square leaves the recent games.
    for _ in 0..RECENT_GAMES {
        p.coach.record(CoachEvent::Game(game(
            "Engine level 2",
            &[(t(Theme::Mobility), 5, 38)],
        )));
    }
    let after = plan_of(&p);
    assert_ne!(after, before);
    assert_eq!(
        tasks(&after.items),
        [
            Task::Lesson {
                id: "mobility".into(),
                title: "Mobility: leave your opponent only bad moves".into(),
                order: 6
            },
            Task::ConceptPuzzles {
                concept: t(Theme::Mobility),
                count: PLAN_PUZZLES,
                ids: Vec::new()
            },
            Task::Practice {
                opponent: "Mobility only".into()
            },
        ]
    );
}

#[test]
fn a_plan_made_before_a_weakness_came_up_is_made_again_the_same_day() {
    let (lessons, puzzles) = (lessons(), puzzles());
    // Morning: no graded game yet, so the plan asks for one (and the next lesson).
    let mut p = Progress::default();
    let r = report(&p.coach, &p.puzzles, &lessons, &puzzles);
    let (morning, new) = plan_for_today(&p, &r, &lessons, NOW);
    assert!(new);
    assert_eq!(morning.weakness, None);
    p.coach.record(CoachEvent::Plan(morning.clone()));
    // Later that day, games with corners given through X-squares.
    for (i, m) in [[(t(Theme::XSquare), 12, 36)], [(t(Theme::XSquare), 10, 33)]]
        .iter()
        .enumerate()
    {
        let mut g = game("Static squares", m);
        g.at = NOW + 600 * (i as u64 + 1);
        p.coach.record(CoachEvent::Game(g));
    }
    let r = report(&p.coach, &p.puzzles, &lessons, &puzzles);
    let (evening, new) = plan_for_today(&p, &r, &lessons, NOW + 3 * 3600);
    assert!(new, "the morning's plan came back: {evening:?}");
    assert_eq!(evening.day, morning.day);
    assert_eq!(evening.weakness, Some(t(Theme::XSquare)));
    let titles: Vec<String> = evening.items.iter().map(|i| i.task.title()).collect();
    assert!(
        titles.contains(&"Lesson 4: X-squares and C-squares".to_string()),
        "{titles:?}"
    );
    assert!(
        titles.contains(&"Try 5 corner puzzles with an X-square to turn down".to_string()),
        "{titles:?}"
    );
    // Kept, it comes back unchanged while the weakest concept stays.
    p.coach.record(CoachEvent::Plan(evening.clone()));
    let r = report(&p.coach, &p.puzzles, &lessons, &puzzles);
    assert_eq!(
        plan_for_today(&p, &r, &lessons, NOW + 4 * 3600),
        (evening, false)
    );
}

#[test]
fn a_lesson_gone_through_since_the_weakness_began_is_not_asked_again() {
    let mut p = corner_giver();
    p.coach.record(CoachEvent::Lesson(LessonRecord {
        lesson: "x-and-c-squares".into(),
        step: 2,
        answered: true,
        solved: true,
        ..LessonRecord::default()
    }));
    let plan = plan_of(&p);
    assert!(
        !plan
            .items
            .iter()
            .any(|i| matches!(i.task, Task::Lesson { .. })),
        "{:?}",
        plan.items
    );
    assert!(matches!(
        plan.items[0].task,
        Task::ConceptPuzzles { concept, .. } if concept == t(Theme::XSquare)
    ));
}

#[test]
fn due_reviews_come_first() {
    let mut p = corner_giver();
    for id in ["a", "b", "c"] {
        p.puzzles.review.fail(id, NOW - 2 * DAY);
    }
    p.puzzles.review.fail("later", NOW);
    p.openings.record("Tiger", false, NOW - 2 * DAY);
    let plan = plan_of(&p);
    assert_eq!(plan.items[0].task, Task::ReviewPuzzles { count: 3 });
    assert!(
        plan.items[0].why.starts_with("3 puzzles are due"),
        "{}",
        plan.items[0].why
    );
    assert_eq!(plan.items[1].task, Task::ReviewOpenings { count: 1 });
    assert!(matches!(plan.items[2].task, Task::Lesson { .. }));
}

#[test]
fn with_no_graded_game_the_plan_asks_for_one_and_the_next_lesson() {
    let mut p = Progress::default();
    p.lesson_mut("rules").finish(3);
    let plan = plan_of(&p);
    assert_eq!(
        tasks(&plan.items),
        [
            Task::Lesson {
                id: "most-discs".into(),
                title: "Why the most discs is not the best".into(),
                order: 2
            },
            Task::Practice {
                opponent: "Engine level 3".into()
            },
        ]
    );
    assert!(plan.items[1].why.starts_with("No graded game yet"));
}

#[test]
fn doing_an_item_ticks_it_off() {
    let mut p = corner_giver();
    let plan = plan_of(&p);
    p.coach.record(CoachEvent::Plan(plan.clone()));
    let status = |p: &Progress, n: usize| item_status(&plan, &plan.items[n], p, NOW);
    for n in 0..plan.items.len() {
        assert!(!status(&p, n).ticked(), "item {n} is not done yet");
    }
    // The lesson, to its end.
    p.coach.record(CoachEvent::Lesson(LessonRecord {
        lesson: "x-and-c-squares".into(),
        step: 3,
        answered: true,
        finished: false,
        ..LessonRecord::default()
    }));
    assert!(!status(&p, 0).ticked(), "a step is not the whole lesson");
    p.coach.record(CoachEvent::Lesson(LessonRecord {
        lesson: "x-and-c-squares".into(),
        step: 9,
        finished: true,
        ..LessonRecord::default()
    }));
    assert!(status(&p, 0).ticked());
    // The puzzles, each attempt recorded as the puzzle screen records it.
    let Task::ConceptPuzzles { ids, count, .. } = &plan.items[1].task else {
        panic!("the puzzles item");
    };
    let all = puzzles();
    for (n, id) in ids.iter().enumerate() {
        let puzzle = all.iter().find(|q| &q.id == id).expect("a puzzle").clone();
        ProgressChange::PuzzleResult {
            puzzle: Box::new(puzzle),
            outcome: if n % 2 == 0 {
                Outcome::Solved
            } else {
                Outcome::Missed
            },
            now: NOW + n as u64,
        }
        .apply(&mut p);
        assert_eq!(status(&p, 1).done, n as u32 + 1);
    }
    assert_eq!(status(&p, 1).of, *count);
    assert!(status(&p, 1).ticked());
    // A game against another opponent does not tick the game off; one against the
    // partner does.
    p.coach.record(CoachEvent::Game(game("Greedy", &[])));
    assert!(!status(&p, 2).ticked());
    p.coach
        .record(CoachEvent::Game(game("Static squares", &[])));
    assert!(status(&p, 2).ticked());
    // The puzzle attempts were recorded with their themes, phase and the rating.
    let last = p.coach.puzzles.last().expect("recorded");
    assert!(last.concepts.contains(&t(Theme::XSquare)));
    assert_eq!(last.rating, p.puzzles.rating);
}

#[test]
fn reviewing_the_due_puzzles_ticks_the_review_off() {
    let mut p = Progress::default();
    let all = puzzles();
    let due: Vec<Puzzle> = all.iter().take(2).cloned().collect();
    for q in &due {
        p.puzzles.review.fail(&q.id, NOW - 2 * DAY);
    }
    let plan = plan_of(&p);
    assert_eq!(plan.items[0].task, Task::ReviewPuzzles { count: 2 });
    p.coach.record(CoachEvent::Plan(plan.clone()));
    // A puzzle that was not due does not count.
    ProgressChange::PuzzleResult {
        puzzle: Box::new(all[5].clone()),
        outcome: Outcome::Solved,
        now: NOW,
    }
    .apply(&mut p);
    assert_eq!(item_status(&plan, &plan.items[0], &p, NOW).done, 0);
    for q in &due {
        ProgressChange::PuzzleResult {
            puzzle: Box::new(q.clone()),
            outcome: Outcome::Solved,
            now: NOW,
        }
        .apply(&mut p);
    }
    let s = item_status(&plan, &plan.items[0], &p, NOW);
    assert!(s.ticked(), "{s:?}");
}

mod screen {
    //! The coach screen's model on the same profile.

    use super::*;
    use othello_tutor::tutor::models::coach::charts::{LEVELS, NO_MOVE, RATING_ROWS};
    use othello_tutor::tutor::models::coach::{CoachAction, CoachScreen, Outcome, Page, Row};
    use othello_tutor::tutor::practice::Seat;
    use othello_tutor::tutor::screen::Route;

    /// The row of `concept` among the screen's weaknesses.
    fn row_of(model: &CoachScreen, concept: Concept) -> usize {
        model
            .report()
            .weaknesses
            .iter()
            .position(|w| w.concept == concept)
            .unwrap_or_else(|| panic!("no row for {concept}"))
    }

    fn screen(p: &Progress) -> (CoachScreen, bool) {
        let (model, keep) = CoachScreen::new(p, &lessons(), &puzzles(), NOW);
        (model, keep.is_some())
    }

    #[test]
    fn the_list_holds_the_plan_then_the_costly_concepts() {
        let p = corner_giver();
        let (model, new) = screen(&p);
        assert!(new, "a new plan is handed over to be kept");
        let rows = model.rows();
        let texts: Vec<&str> = rows.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(
            &texts[..3],
            [
                "[ ] Lesson 4: X-squares and C-squares",
                "[ ] Try 5 corner puzzles with an X-square to turn down  0/5",
                "[ ] Play a graded game against Static squares",
            ]
        );
        assert!(
            texts[3].starts_with(" •  X-square       9.0 a game ############## 4 of 5 games"),
            "{}",
            texts[3]
        );
        assert_eq!(rows[3].1, Row::Weakness(0));
        assert_eq!(rows.len(), 3 + model.report().weaknesses.len());
        // The line under the list: why the item is there; a concept's figures.
        assert_eq!(model.detail(Row::Item(0)), model.plan().items[0].why);
        assert!(
            model.detail(Row::Weakness(1)).starts_with(
                "Corner: 2.8 discs a game over your last 5 graded games (in 2 of them), 2 mistakes"
            ),
            "{}",
            model.detail(Row::Weakness(1))
        );
        assert!(model.heading().contains("5 graded games"));
        // Kept for the day: the same screen later makes no new plan.
        let mut kept = p.clone();
        kept.coach.record(CoachEvent::Plan(model.plan().clone()));
        let (again, new) = screen(&kept);
        assert!(!new);
        assert_eq!(again.plan(), model.plan());
    }

    #[test]
    fn on_the_charts_enter_and_a_line_said_bring_the_plan_back() {
        // The charts hide the list and the line under it: Enter there does nothing
        // to the hidden row, it brings the plan back; a line said comes with it.
        let (mut model, _) = screen(&corner_giver());
        model.act(CoachAction::Charts, None);
        assert_eq!(model.page(), Page::Charts);
        assert!(matches!(
            model.act(CoachAction::Open, Some(Row::Item(0))),
            Outcome::Redraw
        ));
        assert_eq!(model.page(), Page::Plan);
        // "Other" has no lesson: the line that says so is on the plan's page.
        let other = row_of(&model, Concept::Other);
        model.act(CoachAction::Charts, None);
        assert!(matches!(
            model.act(CoachAction::Lesson, Some(Row::Weakness(other))),
            Outcome::Say(_)
        ));
        assert_eq!(model.page(), Page::Plan);
        // A screen opened from the charts leaves the page as it was.
        model.act(CoachAction::Charts, None);
        assert!(matches!(
            model.act(CoachAction::Puzzles, Some(Row::Weakness(0))),
            Outcome::Go(_)
        ));
        assert_eq!(model.page(), Page::Charts);
    }

    #[test]
    fn each_plan_item_opens_what_it_asks_for() {
        let (mut model, _) = screen(&corner_giver());
        let go = |o: Outcome| match o {
            Outcome::Go(r) => r,
            other => panic!("a screen to open, not {other:?}"),
        };
        assert!(matches!(
            go(model.act(CoachAction::Open, Some(Row::Item(0)))),
            Route::Lesson(id) if id == "x-and-c-squares"
        ));
        assert!(matches!(
            go(model.act(CoachAction::Open, Some(Row::Item(1)))),
            Route::FocusPuzzles(Focus::Tempted(NearCorner::X))
        ));
        let Route::Practice(setup) = go(model.act(CoachAction::Open, Some(Row::Item(2)))) else {
            panic!("a practice game");
        };
        assert_eq!(setup.black, Seat::Human);
        assert_eq!(
            setup.white,
            Seat::Computer(othello_tutor::engine::players::Strategy::StaticSquares)
        );
        assert!(setup.feedback, "graded");
        // A concept: its lesson, its puzzles, the learner's own positions.
        let corner = Some(Row::Weakness(1));
        assert!(matches!(
            go(model.act(CoachAction::Lesson, corner)),
            Route::Lesson(id) if id == "corners-stable"
        ));
        assert!(matches!(
            go(model.act(CoachAction::Puzzles, corner)),
            Route::FocusPuzzles(Focus::Theme(Theme::Corner))
        ));
        // On a plan item, l and p are the plan's concept's.
        assert!(matches!(
            go(model.act(CoachAction::Lesson, Some(Row::Item(2)))),
            Route::Lesson(id) if id == "x-and-c-squares"
        ));
        // "Other" has no lesson: said, not opened.
        let other = row_of(&model, Concept::Other);
        assert!(matches!(
            model.act(CoachAction::Lesson, Some(Row::Weakness(other))),
            Outcome::Say(s) if s.contains("no checked fact")
        ));
        assert!(matches!(
            model.act(CoachAction::Open, Some(Row::Weakness(0))),
            Outcome::Show { title, text } if title == "X-square"
                && text.contains("The earlier half of those games: 11.0 discs a game; the later half: 7.7.")
        ));
        // c switches to the charts and back.
        assert!(matches!(
            model.act(CoachAction::Charts, None),
            Outcome::Redraw
        ));
        assert_eq!(model.page(), Page::Charts);
        model.act(CoachAction::Charts, None);
        assert_eq!(model.page(), Page::Plan);
        assert!(matches!(
            model.act(CoachAction::Leave, None),
            Outcome::Leave
        ));
    }

    #[test]
    fn the_learners_own_positions_open_on_the_analysis_board() {
        let mut p = Progress::default();
        let start = othello_tutor::engine::Position::start();
        let obf = othello_tutor::engine::notation::to_obf(&start);
        let mut g = game("Greedy", &[(t(Theme::Corner), 9, 30)]);
        g.mistakes[0].position = obf;
        p.coach.record(CoachEvent::Game(g));
        let (mut model, _) = screen(&p);
        let Outcome::Choose { items, .. } =
            model.act(CoachAction::Positions, Some(Row::Weakness(0)))
        else {
            panic!("the positions");
        };
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].0, "move 10 vs Greedy: b2 lost 9 discs (midgame)");
        assert!(matches!(&items[0].1, Route::AnalyzeAt(pos) if *pos == start));
    }

    #[test]
    fn a_new_learner_is_told_how_to_begin() {
        let (mut model, _) = screen(&Progress::default());
        assert!(model.report().weaknesses.is_empty());
        assert!(matches!(
            model.act(CoachAction::Positions, None),
            Outcome::Say(s) if s.starts_with("No concept has cost you discs yet")
        ));
        assert!(
            model
                .charts(76)
                .contains("No mistake in your graded games yet.")
        );
        assert!(model.charts(76).contains("No rated puzzle yet."));
    }

    #[test]
    fn the_charts_are_characters_that_fit_80_columns() {
        let mut p = corner_giver();
        for (n, r) in [1500.0, 1550.0, 1525.0, 1600.0].into_iter().enumerate() {
            p.coach.record(CoachEvent::Puzzle(
                othello_tutor::tutor::coach::PuzzleRecord {
                    id: format!("p{n}"),
                    rated: true,
                    rating: r,
                    ..Default::default()
                },
            ));
        }
        let (model, _) = screen(&p);
        let text = model.charts(76);
        for line in text.lines() {
            assert!(line.chars().count() <= 76, "{line}");
        }
        // The bars: X-square's is the longest, the others in proportion.
        let bar = |name: &str| {
            text.lines()
                .find(|l| l.trim_start().starts_with(name))
                .map(|l| l.matches('#').count())
                .unwrap_or_else(|| panic!("{name}: {text}"))
        };
        assert_eq!(bar("X-square"), 32);
        assert_eq!(bar("Corner"), (32.0_f64 * 14.0 / 45.0).round() as usize);
        // A mark per game: the midgame's five games.
        let mid = text
            .lines()
            .find(|l| l.trim_start().starts_with("Midgame"))
            .expect("the midgame");
        let marks: String = mid
            .chars()
            .filter(|c| LEVELS.contains(c) || *c == NO_MOVE)
            .collect();
        assert_eq!(marks.chars().count(), 5, "{mid}");
        assert!(mid.contains("last 5: 89% of 56 moves"), "{mid}");
        // The rating chart: the highest on top, the lowest at the bottom, one mark
        // per rated puzzle.
        let chart: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("PUZZLE RATING"))
            .skip(1)
            .collect();
        assert_eq!(chart.len(), RATING_ROWS);
        assert!(chart[0].trim_start().starts_with("1600 |"), "{}", chart[0]);
        assert!(chart[RATING_ROWS - 1].trim_start().starts_with("1500 |"));
        let marks: usize = chart.iter().map(|l| l.matches('•').count()).sum();
        assert_eq!(marks, 4);
        assert!(chart[0].ends_with("|   •"), "{}", chart[0]);
    }
}
