//! The help screen: the keys and ideas of the screen it is opened on first, then
//! how to read the board, how to play a move and what the grades mean.

use crate::tutor::feedback::{GOOD_MAX_LOSS, INACCURACY_MAX_LOSS, MISTAKE_MAX_LOSS};
use crate::tutor::models::{analysis, editor, lesson, library, potential, practice, puzzles};
use crate::tutor::screen::{BOARD_KEYS, ScreenId, help_lines};
use crate::tutor::settings;
use cursive::Cursive;
use cursive::event::Key;
use cursive::traits::*;
use cursive::views::{Dialog, OnEventView, ScrollView};

/// The section of the help about `screen` itself: its heading, what it is for, and
/// its keys (from the screen's key table) wrapped to `width` columns.
fn screen_text(screen: ScreenId, width: usize) -> String {
    let keys = |table: Vec<String>| table.join("\n");
    match screen {
        ScreenId::Analyze => format!(
            "{}\n  Every legal move of the position shown is valued ({}); the values are the ones `othello-tutor analyze` prints. Playing a move on the board starts a variation from the position shown. The line under the board is the position in OBF.\n  {}\n{}\n",
            screen.heading(),
            settings::describe(&settings::ANALYSIS),
            BOARD_KEYS,
            keys(help_lines(analysis::KEYS, width)),
        ),
        ScreenId::Puzzles
        | ScreenId::PuzzleModes
        | ScreenId::PuzzleRun
        | ScreenId::EndgameDrill => puzzles_text(width),
        ScreenId::OpeningRehearsal => format!(
            "{}\n  You play the side that makes the line's last move; the engine answers with the line (the book). A move off the line is not played: you see the line's move, both moves' book values and the opening your move leads to, then play the line's move to go on. A line played without a miss comes back in {} days, then later each time; a missed line comes back the next day.\n  {}\n{}\n",
            screen.heading(),
            crate::tutor::leitner::BOX_DAYS[1],
            BOARD_KEYS,
            keys(help_lines(
                crate::tutor::models::opening::OPENING_KEYS,
                width
            )),
        ),
        ScreenId::Editor => format!(
            "{}\n  Set up any position, then analyze it or play it. A board that cannot be played from is refused with the reason: no disc, discs of one colour only, no move for either side (the game is over), or no move for the side to move (t fixes that).\n  {}\n{}\n",
            screen.heading(),
            editor::CURSOR_KEYS,
            keys(help_lines(editor::KEYS, width)),
        ),
        ScreenId::Lessons => format!(
            "{}\n  The course, one idea per lesson. Stars: three for {}; two for {}; one for {}.\n{}\n",
            screen.heading(),
            crate::tutor::lesson::THREE_STARS,
            crate::tutor::lesson::TWO_STARS,
            crate::tutor::lesson::ONE_STAR,
            keys(help_lines(lesson::LIST_KEYS, width)),
        ),
        ScreenId::Lesson => format!(
            "{}\n  Questions: type the number (for a choice, the number of the option) and Enter; a choice of squares can also be clicked on the board. Find-a-move and play-out steps: play on the board. A missed play-out keeps its board on screen: Enter or a click sets it up again.\n  {}; {}\n{}\n",
            screen.heading(),
            BOARD_KEYS,
            lesson::ANSWER_KEYS,
            keys(help_lines(lesson::STEP_KEYS, width)),
        ),
        ScreenId::Practice => format!(
            "{}\n  Play against an engine level, a flawed strategy or a friend; with feedback on, each of your moves is graded with its reasons.\n  {}\n{}\n  At the end of the game:\n{}\n",
            screen.heading(),
            BOARD_KEYS,
            keys(help_lines(practice::KEYS, width)),
            keys(help_lines(practice::GAME_OVER_KEYS, width)),
        ),
        ScreenId::Review => format!(
            "\
THE GAME REVIEW
  Every move of both sides valued as the practice feedback values it
  (the book in the opening, exact from {} empties, searched before),
  with each side's accuracy overall and by phase (opening: {} or more
  empties, endgame: {} or fewer) and the biggest swings first.
  The graph: Black's value after each move; under it ? inaccuracy,
  x mistake, X blunder, ^ the move shown.
{}
",
            settings::FEEDBACK_EXACT_EMPTIES,
            crate::tutor::game_review::OPENING_MIN_EMPTIES,
            crate::tutor::game_review::ENDGAME_MAX_EMPTIES,
            keys(help_lines(crate::tutor::models::review::REVIEW_KEYS, width)),
        ),
        ScreenId::Menu => format!(
            "{}\n  Each entry opens a screen; choose one with Up/Down and Enter, its key, or the mouse.\n{}\n",
            screen.heading(),
            crate::tutor::models::menu::MENU_KEYS
                .iter()
                .flat_map(|b| {
                    let text = format!("{}  {}: {}", b.keys_label(), b.footer, b.help);
                    crate::tutor::text::wrap(&text, width - 5)
                        .into_iter()
                        .enumerate()
                        .map(|(i, l)| format!("{}{l}", if i == 0 { "  " } else { "     " }))
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
                .join("\n"),
        ),
        ScreenId::Openings => section(
            screen,
            "Choose a named line or a random one (due reviews come first); letters typed anywhere search the lines by name, alias or moves. Each row gives the line's name, when it comes back for review (new, tried, learned, due) and its moves.",
            crate::tutor::models::openings_list::LIST_LEAD,
            crate::tutor::models::openings_list::LIST_KEYS,
            width,
        ),
        ScreenId::PracticeSetup => section(
            screen,
            "Choose your colour and the opponent: an engine level (1 plays almost at random, higher levels search deeper) or a flawed strategy to learn to punish; or a second player at this keyboard. The start: the initial position, a random XOT opening, or a transcript or OBF line typed in.",
            practice::SETUP_LEAD,
            practice::SETUP_KEYS,
            width,
        ),
        ScreenId::Progress => section(
            screen,
            "Your lessons (stars and where you are), your puzzle rating, the puzzles and opening lines due for review.",
            crate::tutor::models::progress_page::PAGE_LEAD,
            crate::tutor::models::progress_page::PAGE_KEYS,
            width,
        ),
        ScreenId::Coach => section(
            screen,
            "Today's plan, made from what the coach has seen of you and your review schedules: each item says why it is there and is ticked off when you do it. Then the concepts that cost you discs in your last graded practice games, the most costly first, with how many games had them and whether they are getting better. A mistake counts for a concept only when a checked fact of the move or its refutation names it; the others count as \"other\". c shows the charts: discs per concept, accuracy by phase (the share of your graded moves that were book, best or good) game by game, your puzzle rating. The line above the plan gives your playing strength (from your practice results against the rated engine levels and flawed strategies) and the next level to play; after a game, the plan first asks its mistakes back (learn from your mistakes).",
            crate::tutor::models::coach::COACH_LEAD,
            crate::tutor::models::coach::COACH_KEYS,
            width,
        ),
        ScreenId::Mistakes => section(
            screen,
            &format!(
                "After a practice game (l at its end, or in its review; or the coach's plan), each of your moves graded inaccuracy, mistake or blunder is asked back on the position before it, with nothing of the answer shown. Your answer is graded as practice grades a move: one that loses at most {} against the best (book, best or good) solves it and it leaves the queue; otherwise you see the refutation of your answer, and the mistake goes into your spaced review as a puzzle of its own.",
                crate::tutor::text::count(GOOD_MAX_LOSS as usize, "disc")
            ),
            BOARD_KEYS,
            crate::tutor::models::mistakes::MISTAKES_KEYS,
            width,
        ),
        ScreenId::Library => format!(
            "{}\n  Your saved games (w in a practice game saves one) and the games you import, newest first: the name, the date, the players, the result (B+16: Black won by 16 discs), the moves and the opening. A deleted game goes to the trash, never away at once; emptying the trash (after a confirmation) deletes its games for good. When a second tutor has the data directory, this one opens it read-only: every change is refused with the reason.\n  {}; PgUp/PgDn, Home/End: scroll\n{}\n  In the trash:\n{}\n",
            screen.heading(),
            library::LEAD,
            keys(help_lines(library::LIST_KEYS, width)),
            keys(help_lines(library::TRASH_KEYS, width)),
        ),
        ScreenId::Potential => section(
            screen,
            "First both sides place their pieces one by one, each touching the group. Then each moves a piece to a cell with a lower potential (5 for each neighbouring piece, 1 more for each side-by-side one), never splitting the group. Stuck loses; the other side then runs alone and scores a point per move.",
            potential::CURSOR_KEYS,
            potential::POTENTIAL_KEYS,
            width,
        ),
    }
}

/// A screen's section: its heading, what it is for, how to move about it (`lead`) and
/// its table's keys.
fn section<A>(
    screen: ScreenId,
    about: &str,
    lead: &str,
    table: &[crate::tutor::screen::Binding<A>],
    width: usize,
) -> String {
    format!(
        "{}\n  {about}\n  {lead}\n{}\n",
        screen.heading(),
        help_lines(table, width).join("\n")
    )
}

/// The puzzle trainer's section (also the modes'): keys from its table, the rating
/// rules and the modes' numbers from the code that applies them.
fn puzzles_text(width: usize) -> String {
    use crate::tutor::puzzle::{drill, timed};
    use crate::tutor::rating::{NEAR_MISS_DISCS, PROVISIONAL_FACTOR, PROVISIONAL_RESULTS};
    let days: Vec<String> = crate::tutor::leitner::BOX_DAYS
        .iter()
        .map(|d| d.to_string())
        .collect();
    format!(
        "{}\n  Play the move on the board; a puzzle with a line goes on with the engine's replies. Your rating and each puzzle's rating move with every result; a missed puzzle comes back for review (after {} days).\n  Rating rules: a near miss (within {} of the best, exact puzzles) counts as half a result; a puzzle whose theme gives the answer away (the only corner move of a corner puzzle, ...) moves both ratings half as much; a puzzle you have seen before is unrated; your first {} rated results move your rating {} times as fast.\n  {}\n{}\n  The unrated modes (m; 1-3 or Enter, Esc back):\n  Storm: as many as you can in {}:{:02}, rising in rating; a miss costs {} s (a near miss {} s). Streak: rising rating to the first miss. Both keep your best.\n{}\n  Endgame drill: {}-{} empties; type the final score with best play (+4, -2, or 34-30 with Black first) and Enter, or play it out on the board against perfect defence. Then the solver's score and line.\n{}\n",
        ScreenId::Puzzles.heading(),
        days.join(", "),
        crate::tutor::text::count(NEAR_MISS_DISCS as usize, "disc"),
        PROVISIONAL_RESULTS,
        PROVISIONAL_FACTOR,
        BOARD_KEYS,
        help_lines(puzzles::KEYS, width).join("\n"),
        timed::STORM_SECONDS / 60,
        timed::STORM_SECONDS % 60,
        timed::STORM_PENALTY,
        timed::STORM_NEAR_MISS_PENALTY,
        help_lines(crate::tutor::models::runs::RUN_KEYS, width).join("\n"),
        drill::MIN_EMPTIES,
        drill::MAX_EMPTIES,
        help_lines(crate::tutor::models::drill::DRILL_KEYS, width).join("\n"),
    )
}

/// The width the help's text is wrapped to (the help dialog at 80 columns).
pub const WIDTH: usize = 70;

/// The help text for `screen`: its own section first, then the general one.
pub fn text_for(screen: ScreenId) -> String {
    format!("{}\n{}", screen_text(screen, WIDTH), text())
}

/// The general help text.
pub fn text() -> String {
    format!(
        "\
THE BOARD
  Columns a-h run left to right, rows 1-8 top to bottom; a square
  is named by both, like f5. Black moves first.
  ●  a black disc          ○/●  a white disc (○ without colours)
  +  a legal move for the side to move (m: markers on and off)
  [●] the last move        (●)  a disc it flipped
  >·< a square the lesson points at
  +4  a hint: the value of a move there, in discs, for the mover

PLAYING A MOVE
  Arrow keys or h j k l move the cursor; Enter or Space plays.
  Or click a square with the mouse.
  Or type the square's name, such as f5, then Enter.

GRADES
  After each of your moves the engine compares it with the best move and
  counts the discs it loses at the end of the game (with best play after):
  best         as good as the best move
  good         loses at most {GOOD_MAX_LOSS} discs
  inaccuracy   loses at most {INACCURACY_MAX_LOSS} discs
  mistake      loses at most {MISTAKE_MAX_LOSS} discs
  blunder      loses more than {MISTAKE_MAX_LOSS} discs, or throws a win away
               (into a draw or a loss)
  Near the end ({} empty squares or fewer for grades, {} for hints,
  {} on the analysis board) the values are exact; before that they
  come from a search ({} plies for grades, {} for hints, {} on the
  analysis board) and are estimates. A grade near the end that takes
  longer than {} s to prove is first given from a {}-ply search, then
  made exact while you think.

EVERYWHERE
  F1  this help   Esc  back   the bottom lines list each screen's keys
",
        settings::FEEDBACK_EXACT_EMPTIES,
        settings::HINT_EXACT_EMPTIES,
        settings::ANALYSIS_EXACT_EMPTIES,
        settings::FEEDBACK_DEPTH,
        settings::HINT_DEPTH,
        settings::ANALYSIS_DEPTH,
        settings::GRADING_WAIT.as_secs_f64(),
        settings::INTERIM_ANALYSIS.depth,
    )
}

/// Shows the help of the screen on top.
pub fn show(siv: &mut Cursive) {
    let screen = crate::ui::layer::top_screen(siv);
    crate::ui::size_guard::add_layer(
        siv,
        Dialog::around(
            ScrollView::new(crate::ui::wrap_text::WrapText::new(text_for(screen))).max_height(20),
        )
        .title("Help   (Up/Down: scroll   Esc: back)")
        .button("Back", |s| {
            s.pop_layer();
        })
        .wrap_with(OnEventView::new)
        .on_event(Key::Esc, |s| {
            s.pop_layer();
        })
        .on_event('q', |s| {
            s.pop_layer();
        }),
    );
}
