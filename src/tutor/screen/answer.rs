//! Typed answers on a board screen: the keys a screen takes before its board does
//! ([`AnswerKey`]), and the answer being written ([`TypedAnswer`]).

/// A key of a typed answer (see `BoardModel::answer_key`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerKey {
    /// A character.
    Char(char),
    /// Backspace: the last character erased.
    Erase,
    /// Enter: the answer given.
    Submit,
}

/// A typed answer being written: the characters a screen takes, kept to a length.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TypedAnswer {
    text: String,
}

impl TypedAnswer {
    /// The longest answer kept.
    pub const MAX: usize = 8;

    /// Applies `key` if `allowed` holds its character: `Some(text)` when Enter gives
    /// a non-empty answer, `None` otherwise; whether the key was taken.
    ///
    /// ```
    /// use othello_tutor::tutor::screen::{AnswerKey, TypedAnswer};
    /// let mut t = TypedAnswer::default();
    /// assert_eq!(t.key(AnswerKey::Char('x'), "0123456789"), (false, None));
    /// assert_eq!(t.key(AnswerKey::Char('4'), "0123456789"), (true, None));
    /// assert_eq!(t.text(), "4");
    /// assert_eq!(t.key(AnswerKey::Submit, "0123456789"), (true, Some("4".to_string())));
    /// assert_eq!(t.key(AnswerKey::Submit, "0123456789"), (false, None));
    /// ```
    pub fn key(&mut self, key: AnswerKey, allowed: &str) -> (bool, Option<String>) {
        match key {
            AnswerKey::Char(c) if allowed.contains(c) => {
                if self.text.chars().count() < Self::MAX {
                    self.text.push(c);
                }
                (true, None)
            }
            AnswerKey::Char(_) => (false, None),
            AnswerKey::Erase if !self.text.is_empty() => {
                self.text.pop();
                (true, None)
            }
            AnswerKey::Erase => (false, None),
            AnswerKey::Submit if !self.text.is_empty() => {
                (true, Some(std::mem::take(&mut self.text)))
            }
            AnswerKey::Submit => (false, None),
        }
    }

    /// What is typed so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Forgets what was typed.
    pub fn clear(&mut self) {
        self.text.clear();
    }
}
