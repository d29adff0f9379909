//! Driving a screen's model without a terminal: its engine work runs at once on the
//! calling thread, as the interface's worker would run it.

use othello_tutor::engine::Square;
use othello_tutor::engine::search::Searcher;
use othello_tutor::tutor::progress::Progress;
use othello_tutor::tutor::screen::{BoardModel, Context, Effect, EngineTask};

/// A model and what its last effects asked for besides engine work.
pub struct Driver<M: BoardModel> {
    pub model: M,
    searcher: Searcher,
    /// Effects other than engine work, from the last action.
    pub asked: Vec<Effect<M::Task>>,
    /// The time the actions happen at.
    pub now: u64,
    /// The learner's progress, as the model's changes left it (saved without fail).
    pub progress: Progress,
}

impl<M: BoardModel> Driver<M> {
    /// Drives `model`, first carrying out `effects`.
    pub fn new(model: M, effects: Vec<Effect<M::Task>>) -> Driver<M> {
        let mut d = Driver {
            model,
            searcher: Searcher::new(4, 4),
            asked: Vec::new(),
            now: 1_800_000_000,
            progress: Progress::default(),
        };
        d.run(effects);
        d
    }

    /// Carries out `effects`: engine work runs now and its output goes back.
    pub fn run(&mut self, effects: Vec<Effect<M::Task>>) {
        self.asked.clear();
        let mut pending = effects;
        while !pending.is_empty() {
            let mut next = Vec::new();
            for e in pending {
                match e {
                    Effect::Run(ticket, task) => {
                        let out = task.run(&mut self.searcher);
                        next.extend(self.model.finished(ticket, out));
                    }
                    Effect::Progress(change) => {
                        let applied = change.clone().apply(&mut self.progress);
                        self.asked.push(Effect::Progress(change));
                        next.extend(self.model.progress_saved(applied, None));
                    }
                    other => self.asked.push(other),
                }
            }
            pending = next;
        }
    }

    /// The effects of an action, without running its engine work.
    pub fn act_only(&mut self, action: M::Action) -> Vec<Effect<M::Task>> {
        let now = self.now;
        self.model.act(
            action,
            Context {
                cursor: Square::A1,
                now,
            },
        )
    }

    /// An action with the cursor on `cursor`, its work run.
    pub fn act_at(&mut self, action: M::Action, cursor: Square) {
        let now = self.now;
        let e = self.model.act(action, Context { cursor, now });
        self.run(e);
    }

    /// An action, its work run.
    pub fn act(&mut self, action: M::Action) {
        self.act_at(action, Square::A1);
    }

    /// A square chosen on the board, its work run.
    pub fn choose(&mut self, sq: &str) {
        let cursor = Square::parse(sq).expect("a square");
        let now = self.now;
        let e = self.model.choose(cursor, Context { cursor, now });
        self.run(e);
    }

    /// Typed text, its work run.
    pub fn type_text(&mut self, text: &str) {
        let e = self.model.text_entered(Some(text.to_string()));
        self.run(e);
    }

    /// An answer typed in the screen's answer line, its work run.
    pub fn typed(&mut self, text: &str) {
        let e = self.model.typed(text.to_string());
        self.run(e);
    }

    /// The answer to the dialog the last action opened, its work run.
    pub fn answer(&mut self, answer: othello_tutor::tutor::screen::Answer) {
        let e = self.model.chosen(answer);
        self.run(e);
    }

    /// Yes or no to the confirmation the last action asked for, its work run.
    pub fn confirm(&mut self, yes: bool) {
        let e = self.model.confirmed(yes);
        self.run(e);
    }

    /// The verdict line's text ("" when none).
    pub fn verdict(&self) -> String {
        self.model
            .shown()
            .verdict
            .map(|v| v.line())
            .unwrap_or_default()
    }

    /// The panel's text.
    pub fn panel(&self) -> String {
        self.model.shown().panel
    }
}

/// A named state of a screen, and how to make it.
pub type State<'a, M> = (&'a str, Box<dyn Fn() -> Driver<M>>);

/// Every key of `table`, in each of `states` (a name and a way to make the state),
/// changes what is shown or asks for something (a dialog, another screen, engine
/// work): none does nothing.
pub fn assert_every_key_acts<M: BoardModel>(
    table: &[othello_tutor::tutor::screen::Binding<M::Action>],
    states: &[State<'_, M>],
) where
    M::Action: Copy,
{
    for (state, make) in states {
        for binding in table {
            let mut d = make();
            let before = d.model.shown();
            let effects = d.act_only(binding.action);
            let after = d.model.shown();
            assert!(
                !effects.is_empty() || before != after,
                "{state}: {:?} ({}) did nothing",
                binding.action,
                binding.keys_label()
            );
        }
    }
}
