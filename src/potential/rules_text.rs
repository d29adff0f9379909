//! The rules of Potential in the learner's words, for the rules screen.

/// The rules of Potential as the learner reads them on the rules screen.
pub const RULES_TEXT: &str = "\
POTENTIAL

A game for two on a grid with no edges. White and Black each hold the same \
number of pieces: 12 each is the usual game, 6 each is a short one, and \
anything from 3 to 25 each is allowed.

Two cells are neighbours when they touch along a side (direct neighbours) \
or only at a corner (diagonal neighbours). Color plays no part in this: \
every piece counts, whoever owns it.

1. Building the group. White puts the first piece on the centre, 0,0. \
Then the players take turns putting one piece each on any empty cell that \
touches at least one piece already down, of either color. When all pieces \
are down they form one connected group.

2. Moving. White moves first again. On your turn you pick up one of your \
own pieces and put it down on any empty cell (it does not have to be near), \
following three conditions:
  - Keep the group whole. If taking the piece away would cut the group in \
two, the piece is bound and cannot move at all, not even to a cell that \
would join the parts again.
  - Land next to the group: the new cell must touch at least one other \
piece.
  - Lose potential: at the new cell the piece must have fewer neighbours \
than where it stands now, or the same number with fewer of them direct. \
The cell it leaves does not count as a neighbour of the new cell.

A piece that touches just one other piece, at a corner, can never move: it \
has no potential left. Every move lowers the total potential of the group, \
so the game always ends.

3. The end. If it is your turn and none of your pieces can move (each is \
bound or out of potential), you lose. Your opponent then keeps moving alone, \
as many times as possible, one point per move; your pieces stay where they \
are even if they could move again. That count is the winning margin. If \
the opponent cannot move even once, the game is drawn.

4. Handicap. Before the game the players may agree to add some points to \
the weaker player's result at the end.

ON THE SCREEN

The numbers along the edges are the real coordinates: x to the right, y \
upwards, with 0,0 where the first piece went. A move is written x,y-x,y.

  O X   White and Black pieces
  o x   pieces that cannot move now (bound or out of potential)
  [ ]   the cursor        < >   the piece you picked up
  ( )   the last piece placed or moved, and : the cell it left
  *     where the picked-up piece may go
  +     where you may place a piece

The side panel shows the phase, whose turn it is, pieces still in hand, the \
group's potential, how many pieces each side can move, the score of a run, \
and the neighbour count of the cell under the cursor.";
