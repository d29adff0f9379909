//! The engine's design, section by section, with its measured figures: the part of
//! the old README that describes the engine's internals. Each section belongs in
//! the module docs of the modules it names; it waits here while those files are
//! edited elsewhere. Doc-only: this module holds no code.
//!
//! # The engine
//!
//! - **Rules**: player/opponent bitboards; move generation by shifts in four line
//!   directions at once; flips by ray masks (the first non-opponent square of each ray).
//! - **Evaluator** (`src/engine/eval.rs`): a weighted sum of named features — mobility,
//!   potential mobility, frontier discs, corners, X- and C-squares next to an empty
//!   corner, stable discs, unbalanced edges, wedges, region parity, discs, tempo — with
//!   one weight set per phase of four empties. `eval::breakdown` gives each feature's
//!   share in discs, which the tutor turns into words.
//! - **Pattern evaluation** (`src/engine/pattern/`, the one the engine plays, hints and
//!   grades with): 46 pattern instances in 11 families — each edge with its two
//!   X-squares, rows and columns 2, 3 and 4, each corner's 3×3 block and its two 2×5
//!   blocks, the diagonals of 4 to 8 squares — read as base-3 configurations on the
//!   board turned by the symmetries, so that all instances of a family share one table
//!   and configurations that are mirror images of each other share one weight (the
//!   evaluation gives the eight images of a position the same value; a test checks it
//!   with random weights); plus a learnt value for each side's mobility and for the
//!   parity of the empties; 113,943 weights per phase, 15 phases of four empties. The
//!   weights are `src/engine/pattern/weights.bin` (format in `pattern/format.rs`:
//!   `OTPW`, version, layout, zero-run varints, an FNV-1a checksum; the build refuses
//!   a damaged file and the program reads it once, on first use). The named-feature
//!   evaluation below stays for the words: `tutor::explain` and `eval::breakdown`.
//! - **Tuning the named features** (`othello-lab tune`, `src/engine/tune.rs`): 3,000 self-play games
//!   between depth-2 engines that play a random move 15% of the time, from XOT
//!   openings; positions sampled at every phase. Phases are fitted from the end of the
//!   game backwards: positions with at most 20 empties are labelled with their exact
//!   score (the solver); earlier ones with a depth-8 search that uses the weights already
//!   fitted for the later phases. Each phase is a ridge-regularised least-squares fit.
//!   The shipped weights (`src/engine/weights.rs`) came from
//!   `othello-lab tune --games 3000 --per-phase 3000` (about 30 minutes); the fit cut
//!   the root-mean-square error against the labels from 13–23 discs to 5–12 discs per
//!   phase.
//! - **Search**: iterative deepening PVS with aspiration windows, a transposition table,
//!   ordering by table move, killers, history and the evaluation after each move; depth,
//!   node and time limits; a stop flag another thread can raise. It hands over to the
//!   exact solver when the search reaches the end of the game. The pattern
//!   configurations are kept along the searched line (`pattern::PatternState`, both
//!   sides' views, updated by each move's square and flipped discs), so a leaf costs a
//!   few additions and 46 lookups instead of reading every instance from the turned
//!   boards (same values; a depth-10 analysis takes about 0.72× the time). Multi-ProbCut
//!   (`src/engine/mpc.rs`, `Searcher::set_selectivity`) can prune forward: a shallow
//!   search predicts the deep one (`deep ≈ a · shallow + b`, error `sigma`, measured per
//!   four empties and depth by `othello-lab calibrate` and shipped in `src/engine/mpc.txt`)
//!   and a node is cut when the prediction lies `t · sigma` beyond the window. The
//!   shallow depth is about half the deep one and of the same parity (14 from 8, 13
//!   from 7, 22 from 12): our evaluation reads about 2.5 discs better for the side to
//!   move after an even number of plies than after an odd one, and across parities the
//!   prediction's error spread was 1.5 to 2 times as large (on 42 positions of 40–52
//!   empties, depth 14 from depth 7: 3.3 discs; from 8: 1.6). Beyond the calibrated
//!   depths (3–12) a search takes the numbers of the deepest calibrated depth of its
//!   parity. Against full-width searches of the same depth, on 80 positions of 52–57
//!   empties reached by random openings, at confidence 2 the mean error went from
//!   0.35–0.45 discs (4–7 positions more than 2 discs off, the worst 6.4) to 0.16–0.21
//!   (at most one, the worst 2.3) at depths 13–15, for the same number of nodes; on 44
//!   positions of 40–52 empties from 0.21/0.25 to 0.15/0.14 discs at depths 14/15, for
//!   1.4 times the nodes. The practice grading on dev-mid (`bench --quality`, depth 14,
//!   confidence 2) agreed with the file's grades for 72.3% of the moves (false alarms
//!   0.9%, misses 1.2%) against 72.5%, 0.9% and 1.4% before; grading one move took a
//!   median 0.25 s (worst 1.4 s) against 0.23 s (1.0 s).
//! - **Matches between evaluations** (`src/engine/duel.rs`, `match patterns features
//!   --depth D`): both sides search to the same fixed depth (no clock) from XOT openings,
//!   each opening with both colours, fresh tables each game, so the result repeats on
//!   any machine; `tests/strength.rs` plays 40 such games at depth 6 and fails the
//!   build if the pattern evaluation scores under 75%.
//! - **Parallel solving** (`src/engine/parallel_solve.rs`, `endgame/shared_table.rs`):
//!   every thread runs the whole solve on one shared, lockless table (each slot has a
//!   version word: a writer claims it with a compare-and-swap, a reader trusts only a
//!   slot whose version is even and unchanged across the read, so a half-written entry
//!   is a miss); from 12 empties up a thread marks the node it searches, and another
//!   thread reaching the same parent searches the other moves first (a simplified
//!   ABDADA). The first thread to prove the score stops the others; each thread's search
//!   is exact, so the score is always the one-thread score (the best move may differ
//!   among equal moves). Each thread runs the selective passes of the one-thread solve
//!   first (below; they store best moves only). `solve` uses it (`--threads N`, default
//!   all cores; `--wld` on one thread) and `bench` prints one-thread and all-thread FFO
//!   figures: on this 2-core machine (background jobs at low priority) FFO #40–#49 took
//!   16.5 s on two threads (31.1 s of CPU, 665 M nodes) against 24.8 s on one (648 M
//!   nodes); the analysis solves each move on one thread, the moves spread over the
//!   threads.
//! - **Endgame solver**: null-window search, full-board keyed table, fastest-first
//!   ordering (fewest replies for the opponent, its corner replies and potential
//!   mobility, the evaluation from 12 empties up, a 2-ply evaluation search from 19
//!   empties and a 3-ply one from 22), enhanced transposition cut-offs,
//!   stability cut-offs, odd-quadrant parity ordering from 6 empties down and
//!   hand-written solvers for the last four squares; the table from 8 empties up, the
//!   child look-ups from 9; flips computed for the eight rays at once in two AVX2
//!   registers (a ray-by-ray fallback without AVX2; every hot function is compiled
//!   for x86-64-v3 and for plain x86-64 and picked at run time, see
//!   [`super::cpu_dispatch`]); from 20 empties, three selective
//!   passes first (MTD(f) with ProbCut on a 1–3 ply evaluation search from 10 empties,
//!   margins 8, 12 and 20 discs) fill the table with best moves and refine the guess,
//!   storing no bound where a selective cut-off was involved. FFO #40–#49 on one thread,
//!   on an AMD EPYC (Zen 5, shared), back to back with the solver of commit bfb0489
//!   (when issue 13 was filed): 23.0–23.2 s of CPU for 648 M nodes against 61.4–61.7 s
//!   for 1,412 M (0.37–0.38×); in a later run 24.8 s against 65.6 s and 70.6 s (the
//!   base run before and after: 0.35–0.38×).
//! - **Analysis**: the value of every legal move, exact near the end, otherwise by a
//!   depth-limited search (the settings table above).
//! - **Move lists and lines**: every move list has room for `board::MAX_MOVES` (64)
//!   moves, more than any position has (the most known is 33–34), and the search's
//!   per-ply arrays room for its deepest ply (`2 × MAX_DEPTH + 2`, passes included).
//!   Every line the search, the analysis and the solver return replays legally
//!   (`Board::legal_prefix` trims anything else), and a solver's line ends the game
//!   with its score. `tests/properties.rs` checks this, and the rules, features and
//!   explanations, on about 20,000 constructed boards with proptest.
//! - **Entry points for the screens**: `players::choose_move` (an engine level's or a
//!   simple strategy's move with its value in discs and whether it is exact; `Player`
//!   uses the same code) and `notation::parse_any` (a GGF game, an OBF line or a
//!   transcript).
//! - **Levels** (practice opponents): Greedy, Static squares, Mobility only, then engine
//!   levels 1–6 (depth 1, 2, 4, 6, 8 with exact endgames from 6, 8, 12, 14, 16 empties;
//!   level 6 searches up to depth 14 within 0.9 s and plays the last 20 moves
//!   perfectly).
//!
//!
//! # Values that repeat, and the settings
//!
//! Analysis values repeat: each move is valued by its own search, with fresh tables,
//! of the position after it turned to a canonical orientation, so a position gets the
//! same values in a fresh process and after hours of use, and the eight symmetric
//! images of a position (the four opening moves, say) get the same values.
//!
//!
//! All three midgame searches are
//! selective (Multi-ProbCut, confidence 2: a node is cut when a shallow search predicts,
//! by more than twice its measured error spread, that the deep one falls outside the
//! window; the exact solver is never selective). They were chosen by measurement on
//! this machine (2 cores, other jobs running; `bench --quality FILE --grading-depth G
//! --grading-exact E --grading-selective T [--grading-time-only]`): on the late
//! positions, grading one move takes a median 0.38 s (worst 6.6 s) at depth 14 / exact
//! 22, and grades agree with the true values for 89.6% of the moves (false alarms
//! 0.5%, misses 0.6%; beyond 22 empties 71.5%, 1.2%, 1.8%; with exact 20 instead it was
//! 76%, 1.1%, 1.4%); on the midgame positions grading one move takes a median 0.27 s
//! (worst 1.2 s). A selective value depends on the search
//! window, so the grade compares the played move with the move that a search of the
//! whole board picks, both valued as `analyze` values a move (another move may then be
//! valued a little higher in the hint). A grade from an estimate says so on screen,
//! and only proved values can say that a move throws a win away.
//! `analyze POSITION --feedback` (or `--hint`) runs the very same code, so any verdict
//! can be checked from the command line; its grade is the practice grade for that move
//! (best, good: up to 2 discs lost, inaccuracy: 3-4, mistake: 5-8, blunder: more, or a
//! proved win thrown away).
//!
//!
//! # perft
//!
//! perft counts follow the common convention: a pass is a ply, and a game that
//! ended before the depth counts as one leaf.
