//! The host of a board screen's model ([`BoardModel`]): it builds the layout (the
//! board, the verdict line under it, the panel, a status line and the footer made
//! from the model's key table), turns keys and clicks into the model's actions, draws
//! what the model shows, and runs the engine work the model asks for through the one
//! worker. It holds no game decision.

use super::board_view::BoardView;
use super::layer::add_screen;
use super::shell::state;
use super::size_guard::SizeGuard;
use super::worker::lock;
use crate::tutor::screen::{
    Answer, AnswerKey, BoardModel, Context, Effect, EngineTask, Key, ScreenId, Ticket, footer,
};
use cursive::event::{Event, Key as CKey};
use cursive::traits::*;
use cursive::views::{Dialog, LinearLayout, OnEventView, Panel, ScrollView, TextView};
use cursive::{Cursive, Printer, Vec2, View};
use std::sync::{Arc, Mutex};

/// How the panel scrolls, as every board screen's footer says it (Tab moves the focus
/// between the board and the panel; the mouse wheel scrolls it too).
pub const PANEL_SCROLL: &str = "Tab+arrows: scroll panel";

/// A model and the engine job running for it.
struct Hosted<M> {
    model: M,
    running: super::worker::Running,
}

impl<M: BoardModel> super::worker::Hosting for Hosted<M> {
    type Output = <M::Task as EngineTask>::Output;
    type Effects = Vec<Effect<M::Task>>;

    fn running(&mut self) -> &mut super::worker::Running {
        &mut self.running
    }

    fn finished(&mut self, ticket: Ticket, output: Self::Output) -> Self::Effects {
        self.model.finished(ticket, output)
    }

    fn failed(&mut self, ticket: Ticket) -> Self::Effects {
        self.model.failed(ticket)
    }
}

/// The one shared state of a hosted screen.
type Shared<M> = Arc<Mutex<Hosted<M>>>;

/// The names of a screen's views: `PREFIX-board`, `-panel`, `-verdict`, `-status`.
pub fn prefix(id: ScreenId) -> &'static str {
    match id {
        ScreenId::Analyze => "analyze",
        ScreenId::Practice => "practice",
        ScreenId::Lesson => "lesson",
        ScreenId::Puzzles => "puzzle",
        ScreenId::Editor => "editor",
        ScreenId::OpeningRehearsal => "opening",
        ScreenId::EndgameDrill => "drill",
        ScreenId::PuzzleRun => "run",
        ScreenId::Mistakes => "mistakes",
        _ => "screen",
    }
}

fn name(id: ScreenId, part: &str) -> String {
    format!("{}-{part}", prefix(id))
}

/// The cursive event of a key of the tables.
pub fn event_of(key: Key) -> Event {
    match key {
        Key::Char(c) => Event::Char(c),
        Key::Enter => Event::Key(CKey::Enter),
        Key::Esc => Event::Key(CKey::Esc),
        Key::Tab => Event::Key(CKey::Tab),
        Key::PageUp => Event::Key(CKey::PageUp),
        Key::PageDown => Event::Key(CKey::PageDown),
        Key::Home => Event::Key(CKey::Home),
        Key::End => Event::Key(CKey::End),
        Key::Left => Event::Key(CKey::Left),
        Key::Right => Event::Key(CKey::Right),
        Key::Up => Event::Key(CKey::Up),
        Key::Down => Event::Key(CKey::Down),
        Key::Delete => Event::Key(CKey::Del),
        Key::Backspace => Event::Key(CKey::Backspace),
    }
}

/// The footer: the key table wrapped to the width the screen gives it.
pub struct FooterView {
    make: Box<dyn Fn(usize) -> String + Send + Sync>,
    text: String,
    width: usize,
}

impl FooterView {
    /// A footer whose text for a width comes from `make`.
    pub fn new(make: impl Fn(usize) -> String + Send + Sync + 'static) -> FooterView {
        FooterView {
            make: Box::new(make),
            text: String::new(),
            width: 0,
        }
    }

    fn rewrap(&mut self, width: usize) {
        if width != self.width || self.text.is_empty() {
            self.width = width;
            self.text = (self.make)(width.max(20));
        }
    }
}

impl View for FooterView {
    fn draw(&self, printer: &Printer) {
        for (i, line) in self.text.lines().enumerate() {
            printer.print((0, i), line);
        }
    }

    fn layout(&mut self, size: Vec2) {
        self.rewrap(size.x);
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        self.rewrap(constraint.x);
        let w = self
            .text
            .lines()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        Vec2::new(w.min(constraint.x), self.text.lines().count())
    }
}

/// Opens `model`'s screen (on top of the others) and carries out `effects` (the work
/// the model asked for when it was made).
pub fn open_board<M: BoardModel>(siv: &mut Cursive, model: M, effects: Vec<Effect<M::Task>>) {
    let plain = state(siv).options.plain;
    let id = model.id();
    let keys = model.keys();
    let lead = model.lead();
    let shown = model.shown();
    let shared: Shared<M> = Arc::new(Mutex::new(Hosted {
        model,
        running: super::worker::Running::default(),
    }));
    let mut board = BoardView::new(shown.board.position, plain);
    if lock(&shared).model.editing() {
        board.set_editing(true);
        let moved = shared.clone();
        board.set_on_cursor(Arc::new(move |s: &mut Cursive, sq| {
            let effects = lock(&moved).model.cursor_moved(sq);
            apply(s, &moved, effects);
        }));
        let erased = shared.clone();
        board.set_on_erase(Arc::new(move |s: &mut Cursive, sq| {
            let effects = lock(&erased).model.erase(sq);
            apply(s, &erased, effects);
        }));
    }
    {
        let shared = shared.clone();
        board.set_on_square(Arc::new(move |s: &mut Cursive, sq| {
            let now = super::shell::now(s);
            let effects = lock(&shared).model.choose(sq, Context { cursor: sq, now });
            apply(s, &shared, effects);
        }));
    }
    let left = LinearLayout::vertical()
        .child(Panel::new(board.with_name(name(id, "board"))))
        .child(
            TextView::new("")
                .with_name(name(id, "verdict"))
                .max_width(super::board_view::BOARD_SIZE.x + 2),
        );
    let right = Panel::new(ScrollView::new(
        super::wrap_text::WrapText::new("").with_name(name(id, "panel")),
    ))
    .title(shown.title.clone())
    .full_width();
    let body = LinearLayout::vertical()
        .child(
            LinearLayout::horizontal()
                .child(left)
                .child(right)
                .full_height(),
        )
        .child(TextView::new("").with_name(name(id, "status")))
        .child(input_row(id))
        .child(FooterView::new(move |w| {
            footer(&format!("{lead}; {PANEL_SCROLL}"), keys, w)
        }));
    let mut view = OnEventView::new(body);
    answer_keys(&mut view, id, &shared);
    for binding in keys {
        for &key in binding.keys {
            let shared = shared.clone();
            let action = binding.action;
            let board_name = name(id, "board");
            view.set_on_event(event_of(key), move |s| {
                let cursor = s
                    .call_on_name(&board_name, |b: &mut BoardView| b.cursor())
                    .unwrap_or(crate::engine::Square::A1);
                let now = super::shell::now(s);
                let effects = lock(&shared).model.act(action, Context { cursor, now });
                apply(s, &shared, effects);
            });
        }
    }
    let ticking = lock(&shared).model.ticking();
    add_screen(siv, id, SizeGuard::new(view));
    super::board_view::fit_boards(siv);
    let _ = siv.focus_name(&name(id, "board"));
    if ticking {
        start_ticker(siv, Arc::downgrade(&shared));
    }
    apply(siv, &shared, effects);
}

/// How often a screen with a clock is told the time.
const TICK: std::time::Duration = std::time::Duration::from_millis(250);

/// Tells the model the time every [`TICK`] until its screen is gone.
fn start_ticker<M: BoardModel>(siv: &mut Cursive, weak: std::sync::Weak<Mutex<Hosted<M>>>) {
    let sink = siv.cb_sink().clone();
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(TICK);
            if weak.strong_count() == 0 {
                break;
            }
            let w = weak.clone();
            let sent = sink.send(Box::new(move |s: &mut Cursive| {
                if let Some(shared) = w.upgrade() {
                    let now = super::shell::now(s);
                    let effects = lock(&shared).model.tick(now);
                    apply(s, &shared, effects);
                }
            }));
            if sent.is_err() {
                break;
            }
        }
    });
}

/// The typed answer's line (empty while the model asks for none).
fn input_row(id: ScreenId) -> impl View {
    TextView::new("").with_name(name(id, "input"))
}

/// Sends the keys of a typed answer (characters, Backspace, Enter) to the model before
/// the board sees them, when the model takes them; characters only while the board
/// is not in the middle of a square's name.
fn answer_keys<M: BoardModel, V: View>(
    view: &mut OnEventView<V>,
    id: ScreenId,
    shared: &Shared<M>,
) {
    let shared = shared.clone();
    let board_name = name(id, "board");
    let trigger = cursive::event::EventTrigger::from_fn(|e| {
        matches!(
            e,
            Event::Char(_) | Event::Key(CKey::Backspace) | Event::Key(CKey::Enter)
        )
    });
    view.set_on_pre_event_inner(trigger, move |v, e| {
        let key = match *e {
            Event::Char(c) => {
                let naming = v
                    .call_on_name(&board_name, |b: &mut BoardView| !b.typed().is_empty())
                    .unwrap_or(false);
                if naming {
                    return None;
                }
                AnswerKey::Char(c)
            }
            Event::Key(CKey::Backspace) => AnswerKey::Erase,
            Event::Key(CKey::Enter) => AnswerKey::Submit,
            _ => return None,
        };
        let effects = lock(&shared).model.answer_key(key)?;
        let shared = shared.clone();
        let effects = Mutex::new(Some(effects));
        Some(cursive::event::EventResult::with_cb(move |s| {
            let effects = lock(&effects).take().unwrap_or_default();
            apply(s, &shared, effects)
        }))
    });
}

/// Carries out the model's effects, cancels work the model no longer waits for, and
/// draws the screen.
fn apply<M: BoardModel>(siv: &mut Cursive, shared: &Shared<M>, effects: Vec<Effect<M::Task>>) {
    let mut queue: std::collections::VecDeque<_> = effects.into();
    while let Some(effect) = queue.pop_front() {
        match effect {
            Effect::Run(ticket, task) => run(siv, shared, ticket, task),
            Effect::Go(route) => super::nav::go(siv, route),
            Effect::Close => {
                siv.pop_layer();
            }
            Effect::AskText {
                title,
                prompt,
                initial,
            } => ask_text(siv, shared, &title, &prompt, &initial),
            Effect::Confirm { text, yes, no } => confirm(siv, shared, &text, &yes, &no),
            Effect::Choose {
                title,
                text,
                items,
                keys,
                input,
            } => choose(siv, shared, &title, &text, items, &keys, input),
            Effect::Progress(change) => {
                let (applied, error) = super::shell::with_progress(siv, |ps| {
                    let applied = change.apply(&mut ps.progress);
                    (applied, ps.save().err().map(|e| e.to_string()))
                });
                // What the model says to the outcome comes before its other effects.
                let effects = lock(shared).model.progress_saved(applied, error);
                for effect in effects.into_iter().rev() {
                    queue.push_front(effect);
                }
            }
            Effect::Show { title, text } => {
                super::size_guard::add_layer(
                    siv,
                    OnEventView::new(
                        Dialog::around(ScrollView::new(TextView::new(text)))
                            .title(format!("{title}   (Esc: back)"))
                            .button("Back", |s| {
                                s.pop_layer();
                            }),
                    )
                    .on_event(CKey::Esc, |s| {
                        s.pop_layer();
                    }),
                );
            }
        }
    }
    // Work the model no longer waits for is cancelled here, and only here.
    {
        let mut hosted = lock(shared);
        let wanted = hosted.model.wanted();
        hosted.running.keep_only(wanted);
    }
    draw(siv, shared);
}

fn run<M: BoardModel>(siv: &mut Cursive, shared: &Shared<M>, ticket: Ticket, task: M::Task) {
    let engine = state(siv).engine;
    let sink = siv.cb_sink().clone();
    let (done, failed) = super::worker::ends(shared, ticket, apply);
    let job = engine.spawn(&sink, move |searcher| task.run(searcher), done, failed);
    let mut hosted = lock(shared);
    hosted.running.start(ticket, job);
}

fn ask_text<M: BoardModel>(
    siv: &mut Cursive,
    shared: &Shared<M>,
    title: &str,
    prompt: &str,
    initial: &str,
) {
    let submit = shared.clone();
    super::text_dialog::ask_text(
        siv,
        title,
        prompt,
        "screen-input",
        initial,
        "OK",
        move |s, text| {
            s.pop_layer();
            let effects = lock(&submit).model.text_entered(Some(text.to_string()));
            apply(s, &submit, effects);
        },
    );
}

fn confirm<M: BoardModel>(siv: &mut Cursive, shared: &Shared<M>, text: &str, yes: &str, no: &str) {
    let (on_yes, on_no) = (shared.clone(), shared.clone());
    super::size_guard::add_layer(
        siv,
        Dialog::text(text)
            .button(yes, move |s| {
                s.pop_layer();
                let effects = lock(&on_yes).model.confirmed(true);
                apply(s, &on_yes, effects);
            })
            .button(no, move |s| {
                s.pop_layer();
                let effects = lock(&on_no).model.confirmed(false);
                apply(s, &on_no, effects);
            }),
    );
}

/// Asks for one of `items` (each with its key, if any) or, with `input`, a typed line.
fn choose<M: BoardModel>(
    siv: &mut Cursive,
    shared: &Shared<M>,
    title: &str,
    text: &str,
    items: Vec<String>,
    keys: &[Option<Key>],
    input: Option<String>,
) {
    use cursive::views::{EditView, SelectView};
    let answer = |shared: &Shared<M>| {
        let shared = shared.clone();
        move |s: &mut Cursive, a: Answer| {
            s.pop_layer();
            let effects = lock(&shared).model.chosen(a);
            apply(s, &shared, effects);
        }
    };
    let mut list = SelectView::<usize>::new();
    for (i, item) in items.into_iter().enumerate() {
        list.add_item(item, i);
    }
    let on_item = answer(shared);
    list.set_on_submit(move |s, &i| on_item(s, Answer::Item(i)));
    let mut body = LinearLayout::vertical().child(TextView::new(text));
    if !list.is_empty() {
        body.add_child(list.scrollable().max_height(12));
    }
    if let Some(prompt) = input {
        let on_text = answer(shared);
        body.add_child(TextView::new(format!(" \n{prompt}")));
        body.add_child(
            EditView::new()
                .on_submit(move |s, t| on_text(s, Answer::Text(t.to_string())))
                .fixed_width(70),
        );
    }
    let on_cancel = answer(shared);
    let mut view = OnEventView::new(
        Dialog::around(body)
            .title(format!("{title}   (Enter: choose   Esc: close)"))
            .button("Close", move |s| on_cancel(s, Answer::Cancel)),
    );
    let on_esc = answer(shared);
    view.set_on_event(CKey::Esc, move |s| on_esc(s, Answer::Cancel));
    for (i, key) in keys.iter().enumerate() {
        if let Some(key) = key {
            let on_key = answer(shared);
            view.set_on_event(event_of(*key), move |s| on_key(s, Answer::Item(i)));
        }
    }
    super::size_guard::add_layer(siv, view);
}

/// Draws what the model shows.
fn draw<M: BoardModel>(siv: &mut Cursive, shared: &Shared<M>) {
    let (id, shown) = {
        let hosted = lock(shared);
        (hosted.model.id(), hosted.model.shown())
    };
    siv.call_on_name(&name(id, "board"), |b: &mut BoardView| {
        let c = b.cursor();
        b.set_position(shown.board.position, shown.board.last, &shown.board.flips);
        b.set_labels(&shown.board.labels);
        b.set_highlights(&shown.board.highlights);
        b.set_show_legal(shown.board.markers);
        b.set_cursor(c);
    });
    siv.call_on_name(&name(id, "panel"), |t: &mut super::wrap_text::WrapText| {
        t.set_content(shown.panel)
    });
    let verdict = shown.verdict.map(|v| v.line()).unwrap_or_default();
    siv.call_on_name(&name(id, "verdict"), |t: &mut TextView| {
        t.set_content(verdict)
    });
    siv.call_on_name(&name(id, "status"), |t: &mut TextView| {
        t.set_content(shown.status)
    });
    siv.call_on_name(&name(id, "input"), |t: &mut TextView| {
        t.set_content(shown.input.unwrap_or_default())
    });
}
