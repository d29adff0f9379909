//! The position editor's model and keys: the board being set up (any square black,
//! white or empty, the side to move, cleared or the start, pasted from an OBF line
//! or a transcript), what it says about the board, and where it leads (the analysis
//! board, a practice game). One table for the bindings, the footer and the help. No
//! terminal code.

use crate::tutor::screen::{Binding, Key};

/// The position editor's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A black disc on the cursor's square.
    Black,
    /// A white disc on the cursor's square.
    White,
    /// Empty the cursor's square.
    Empty,
    /// Cycle the cursor's square: empty, black, white, empty.
    Cycle,
    /// The other side to move.
    SideToMove,
    /// An empty board.
    Clear,
    /// The start position.
    Start,
    /// Paste an OBF line or a transcript.
    Paste,
    /// Show the board's OBF line to copy.
    ShowObf,
    /// The analysis board on this position.
    Analyze,
    /// A practice game from this position.
    Practice,
    /// Back to the menu.
    Leave,
}

/// The position editor's keys.
pub const KEYS: &[Binding<Action>] = &[
    Binding {
        keys: &[Key::Char('b'), Key::Char('x')],
        action: Action::Black,
        footer: "black",
        help: "a black disc on the cursor's square",
    },
    Binding {
        keys: &[Key::Char('w'), Key::Char('o')],
        action: Action::White,
        footer: "white",
        help: "a white disc on the cursor's square",
    },
    Binding {
        keys: &[Key::Char(' '), Key::Char('.'), Key::Delete, Key::Backspace],
        action: Action::Empty,
        footer: "empty",
        help: "empty the cursor's square (a right click empties the square clicked)",
    },
    Binding {
        keys: &[Key::Enter],
        action: Action::Cycle,
        footer: "cycle",
        help: "cycle the cursor's square: empty, black, white, empty (a click does the same)",
    },
    Binding {
        keys: &[Key::Char('t')],
        action: Action::SideToMove,
        footer: "side to move",
        help: "the other side to move",
    },
    Binding {
        keys: &[Key::Char('c')],
        action: Action::Clear,
        footer: "clear",
        help: "an empty board",
    },
    Binding {
        keys: &[Key::Char('s')],
        action: Action::Start,
        footer: "start position",
        help: "the start position",
    },
    Binding {
        keys: &[Key::Char('v')],
        action: Action::Paste,
        footer: "paste OBF",
        help: "paste an OBF line (64 squares X, O or - from a1 to h8, a space, X or O to move) or a transcript",
    },
    Binding {
        keys: &[Key::Char('y')],
        action: Action::ShowObf,
        footer: "show OBF",
        help: "show the board's OBF line, to copy",
    },
    Binding {
        keys: &[Key::Char('a')],
        action: Action::Analyze,
        footer: "analyze here",
        help: "the analysis board on this position",
    },
    Binding {
        keys: &[Key::Char('p')],
        action: Action::Practice,
        footer: "practice from here",
        help: "a practice game from this position",
    },
    Binding {
        keys: &[Key::Esc, Key::Char('q')],
        action: Action::Leave,
        footer: "menu",
        help: "back to the menu",
    },
];

/// How the editor's cursor moves, as its footer says it.
pub const CURSOR_KEYS: &str = "arrows/hjkl: cursor";

use super::NoWork;
use crate::engine::{Color, Position, Square};
use crate::tutor::editor::Editor;
use crate::tutor::screen::{
    BoardModel, BoardScene, Context, Effect, Route, ScreenId, Shown, Ticket, Verdict,
};

type Effects = Vec<Effect<NoWork>>;

/// The position editor's state and flow.
///
/// ```
/// use othello_tutor::engine::Square;
/// use othello_tutor::tutor::models::editor::{Action, EditorScreen};
/// use othello_tutor::tutor::screen::{BoardModel, Context};
///
/// let mut screen = EditorScreen::new(None);
/// let cx = Context { cursor: Square::A1, now: 0 };
/// screen.act(Action::Black, cx);
/// assert!(screen.shown().panel.contains("Cursor: a1 (black)"));
/// ```
#[derive(Clone, Debug)]
pub struct EditorScreen {
    editor: Editor,
    cursor: Square,
    /// What the latest event did or why it was refused; cleared by the next event.
    message: Option<Verdict>,
}

impl EditorScreen {
    /// The editor on `position` (the start position when `None`), its cursor on d3.
    pub fn new(position: Option<Position>) -> EditorScreen {
        EditorScreen {
            editor: Editor::from_position(&position.unwrap_or_default()),
            cursor: Square::parse("d3").unwrap_or(Square::A1),
            message: None,
        }
    }

    /// The board being edited.
    pub fn editor(&self) -> &Editor {
        &self.editor
    }

    /// Applies `f` to the board at the cursor; the last message goes, and an edit
    /// that changes nothing says so.
    fn edit(&mut self, f: impl FnOnce(&mut Editor, Square)) -> Effects {
        let before = self.editor;
        f(&mut self.editor, self.cursor);
        self.message = (self.editor == before).then(|| {
            Verdict::info(format!(
                "Nothing changed: {} is already {}.",
                self.cursor,
                match self.editor.disc_at(self.cursor) {
                    Some(Color::Black) => "black",
                    Some(Color::White) => "white",
                    None => "empty",
                }
            ))
        });
        Vec::new()
    }

    fn panel(&self) -> String {
        let editor = &self.editor;
        let mut out = String::new();
        out.push_str(&format!("{} to move (t: switch)\n", editor.to_move()));
        let (b, w) = editor.counts();
        out.push_str(&format!("Black {b} - {w} White, {} empty\n", 64 - b - w));
        out.push_str(&format!(
            "Legal moves: Black {}, White {}\n",
            editor.mobility(Color::Black),
            editor.mobility(Color::White)
        ));
        let on = match editor.disc_at(self.cursor) {
            Some(Color::Black) => "black",
            Some(Color::White) => "white",
            None => "empty",
        };
        out.push_str(&format!("Cursor: {} ({on})\n", self.cursor));
        match editor.validate() {
            Ok(_) => out.push_str("Ready: a analyzes it, p starts a game from it.\n"),
            Err(e) => out.push_str(&format!("Not playable yet: {e}.\n")),
        }
        out
    }

    fn paste(&mut self, problem: Option<String>) -> Effects {
        let mut prompt = String::from(
            "An OBF line (64 squares X, O or -, a1 to h8, then X or O to move),\n\
             or a transcript from the start (f5d6c3…):",
        );
        if let Some(p) = problem {
            prompt = format!("Cannot read it: {p}\n{prompt}");
        }
        vec![Effect::AskText {
            title: "Paste a position".into(),
            prompt,
            initial: String::new(),
        }]
    }
}

impl BoardModel for EditorScreen {
    type Action = Action;
    type Task = NoWork;

    fn id(&self) -> ScreenId {
        ScreenId::Editor
    }

    fn keys(&self) -> &'static [Binding<Action>] {
        KEYS
    }

    fn lead(&self) -> String {
        CURSOR_KEYS.to_string()
    }

    fn editing(&self) -> bool {
        true
    }

    fn act(&mut self, action: Action, context: Context) -> Effects {
        self.cursor = context.cursor;
        match action {
            Action::Black => self.edit(|e, sq| e.set(sq, Some(Color::Black))),
            Action::White => self.edit(|e, sq| e.set(sq, Some(Color::White))),
            Action::Empty => self.edit(|e, sq| e.set(sq, None)),
            Action::Cycle => self.edit(|e, sq| {
                e.cycle(sq);
            }),
            Action::SideToMove => self.edit(|e, _| e.toggle_to_move()),
            Action::Clear => {
                self.edit(|e, _| e.clear());
                if self.message.is_some() {
                    self.message = Some(Verdict::info("The board is already empty."));
                }
                Vec::new()
            }
            Action::Start => {
                self.edit(|e, _| e.reset_to_start());
                if self.message.is_some() {
                    self.message = Some(Verdict::info("This is already the start position."));
                }
                Vec::new()
            }
            Action::Paste => {
                self.message = None;
                self.paste(None)
            }
            Action::ShowObf => {
                self.message = None;
                vec![Effect::Show {
                    title: "OBF".into(),
                    text: format!(
                        "The board as an OBF line (select it with the mouse to copy it;\n\
                         many terminals need Shift held while selecting):\n\n{}",
                        self.editor.to_obf()
                    ),
                }]
            }
            Action::Analyze => match self.editor.validate() {
                Ok(position) => vec![Effect::Close, Effect::Go(Route::AnalyzeAt(position))],
                Err(e) => {
                    self.message = Some(Verdict::wrong(format!("Cannot analyze: {e}.")));
                    Vec::new()
                }
            },
            Action::Practice => match self.editor.validate() {
                Ok(position) => {
                    self.message = None;
                    vec![Effect::Go(Route::PracticeSetupFrom(position))]
                }
                Err(e) => {
                    self.message = Some(Verdict::wrong(format!("Cannot practice: {e}.")));
                    Vec::new()
                }
            },
            Action::Leave => vec![Effect::Go(Route::Menu)],
        }
    }

    fn choose(&mut self, square: Square, _context: Context) -> Effects {
        self.cursor = square;
        self.edit(|e, sq| {
            e.cycle(sq);
        })
    }

    fn cursor_moved(&mut self, square: Square) -> Effects {
        self.cursor = square;
        self.message = None;
        Vec::new()
    }

    fn erase(&mut self, square: Square) -> Effects {
        self.cursor = square;
        self.edit(|e, sq| e.set(sq, None))
    }

    fn finished(&mut self, _ticket: Ticket, _output: ()) -> Effects {
        Vec::new()
    }

    fn failed(&mut self, _ticket: Ticket) -> Effects {
        Vec::new()
    }

    fn text_entered(&mut self, text: Option<String>) -> Effects {
        let Some(text) = text else {
            return Vec::new();
        };
        match Editor::from_obf(&text) {
            Ok(editor) => {
                self.editor = editor;
                self.message = Some(Verdict::info("Set up from the pasted line."));
                Vec::new()
            }
            Err(e) => self.paste(Some(e.to_string())),
        }
    }

    fn wanted(&self) -> Option<Ticket> {
        None
    }

    fn shown(&self) -> Shown {
        Shown {
            board: BoardScene::plain(self.editor.position()),
            title: "Position editor".into(),
            panel: self.panel(),
            verdict: self.message.clone(),
            status: format!("OBF: {}", self.editor.to_obf()),
            input: None,
        }
    }
}
