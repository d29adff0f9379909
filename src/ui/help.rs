//! The help screen: keys, how to read the board, and what the grades mean.

use crate::tutor::feedback::{GOOD_MAX_LOSS, INACCURACY_MAX_LOSS, MISTAKE_MAX_LOSS};
use cursive::Cursive;
use cursive::event::Key;
use cursive::traits::*;
use cursive::views::{Dialog, OnEventView, ScrollView, TextView};

/// The help text.
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

IN A PRACTICE GAME
  t  hint: every legal move's value written on the board
       (exact = proved to the end of the game; dN = searched N moves deep)
  u  undo (take back your last move and the reply)   r  redo
  s  show the best move and why (after a graded move)
  i  feedback on or off (off: a test-yourself game)
  n  new game   x  resign   w  save the game   o  open a saved game
  v  review: your mistakes, your accuracy, jump to a position
  Esc or q  back to the menu

GRADES
  After each of your moves the engine compares it with the best move and
  counts the discs it loses at the end of the game (with best play after):
  best         as good as the best move
  good         loses at most {GOOD_MAX_LOSS} discs
  inaccuracy   loses at most {INACCURACY_MAX_LOSS} discs
  mistake      loses at most {MISTAKE_MAX_LOSS} discs
  blunder      loses more than {MISTAKE_MAX_LOSS} discs, or throws a win away
               (into a draw or a loss)
  Near the end (16 empty squares or fewer for grades, 18 for hints)
  the values are exact; before that they come from a search and are
  estimates.

EVERYWHERE
  F1  this help   Esc  back   the bottom lines list each screen's keys
"
    )
}

/// Shows the help screen on top of the current one.
pub fn show(siv: &mut Cursive) {
    crate::ui::size_guard::add_layer(
        siv,
        Dialog::around(ScrollView::new(TextView::new(text())).max_height(20))
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
