//! The rows the Library screen's table shows: one per game, its cells in column
//! order, made from the library's entries.

use crate::tutor::library::GameEntry;

/// The table's column headings, in order.
pub const HEADER: [&str; 6] = ["Name", "Date", "Players", "Result", "Moves", "Opening"];

/// A row of the table, its cells in the order of [`HEADER`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    /// Name, date, players, result, moves, opening.
    pub cells: [String; 6],
}

impl Row {
    /// The row of a library entry (a file that does not read says so in the players'
    /// column; [`Row::details`] says why).
    pub fn of(entry: &GameEntry) -> Row {
        let (players, result, moves, opening) = match &entry.problem {
            Some(_) => (
                "unreadable".to_string(),
                String::new(),
                String::new(),
                String::new(),
            ),
            None => (
                entry.players(),
                entry.result.clone(),
                entry.moves.to_string(),
                entry.opening.clone().unwrap_or_else(|| "-".into()),
            ),
        };
        Row {
            cells: [
                entry.name.clone(),
                entry.date.clone(),
                players,
                result,
                moves,
                opening,
            ],
        }
    }

    /// The game in full, for the line under the table: "`NAME`: PLAYERS, RESULT,
    /// N moves, OPENING, DATE" (or why its file does not read).
    pub fn details(entry: &GameEntry) -> String {
        match &entry.problem {
            Some(p) => format!("`{}` does not read: {p}", entry.name),
            None => format!(
                "`{}`: {}, {}, {}, {}, {}",
                entry.name,
                entry.players(),
                if entry.result == "-" {
                    "unfinished"
                } else {
                    &entry.result
                },
                crate::tutor::text::count(entry.moves, "move"),
                entry
                    .opening
                    .as_deref()
                    .unwrap_or(crate::tutor::openings::NO_OPENING),
                entry.date
            ),
        }
    }

    /// The game's name (the first cell).
    pub fn name(&self) -> &str {
        &self.cells[0]
    }
}
