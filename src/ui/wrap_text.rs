//! The text panel beside the board: it wraps each line at word boundaries and keeps
//! a wrapped bullet's indent, so that "  · a long reason" continues under its first
//! word rather than at the left edge.

use cursive::{Printer, Vec2, View};

/// Columns a string takes (the panel's text has no wide characters).
fn cols(s: &str) -> usize {
    s.chars().count()
}

/// Appends a block of message lines to a panel's text: a blank line, then each line
/// on its own; nothing when there are none.
pub fn push_lines(out: &mut String, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    out.push('\n');
    for line in lines {
        out.push_str(line);
        out.push('\n');
    }
}

/// Text wrapped to the width it is given, with hanging indents.
#[derive(Default)]
pub struct WrapText {
    content: String,
    lines: Vec<String>,
    width: usize,
}

impl WrapText {
    /// A panel showing `content`.
    pub fn new(content: impl Into<String>) -> Self {
        WrapText {
            content: content.into(),
            lines: Vec::new(),
            width: 0,
        }
    }

    /// Replaces the text.
    pub fn set_content(&mut self, content: impl Into<String>) {
        self.content = content.into();
        self.width = 0;
    }

    fn rewrap(&mut self, width: usize) {
        if width == self.width && !self.lines.is_empty() {
            return;
        }
        self.width = width;
        self.lines = wrap(&self.content, width);
    }
}

/// Wraps `text` to `width` columns. A line that starts with spaces and an optional
/// bullet (`·`, `-`, `•`) continues at the column of its first word.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut out = Vec::new();
    for line in text.split('\n') {
        let indent_len = line.len() - line.trim_start().len();
        let rest = &line[indent_len..];
        let bullet = ["· ", "- ", "• "]
            .iter()
            .find(|b| rest.starts_with(**b))
            .map(|b| b.len())
            .unwrap_or(0);
        let hang = cols(&line[..indent_len + bullet]).min(width / 2);
        let mut current = String::new();
        let mut current_width = 0;
        let lead = &line[..indent_len + bullet];
        current.push_str(lead);
        current_width += cols(lead);
        let mut first = true;
        for (gap, word) in words(&line[indent_len + bullet..]) {
            let w = cols(word);
            let needed = if first { w } else { gap + w };
            if !first && current_width + needed > width {
                out.push(std::mem::take(&mut current));
                current = " ".repeat(hang);
                current_width = hang;
                first = true;
            }
            if !first {
                current.push_str(&" ".repeat(gap));
                current_width += gap;
            }
            current.push_str(word);
            current_width += w;
            first = false;
        }
        out.push(current);
    }
    out
}

/// The words of `text`, each with the number of spaces before it (kept as written:
/// aligned columns stay aligned).
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut gap = 0;
    for piece in text.split(' ') {
        if piece.is_empty() {
            gap += 1;
        } else {
            out.push((gap.max(1), piece));
            gap = 1;
        }
    }
    // The first word's gap is not printed (the line's lead comes before it).
    out
}

impl View for WrapText {
    fn draw(&self, printer: &Printer) {
        for (i, line) in self.lines.iter().enumerate() {
            printer.print((0, i), line);
        }
    }

    fn layout(&mut self, size: Vec2) {
        self.rewrap(size.x);
    }

    fn required_size(&mut self, constraint: Vec2) -> Vec2 {
        self.rewrap(constraint.x);
        let w = self.lines.iter().map(|l| cols(l)).max().unwrap_or(0);
        Vec2::new(w.min(constraint.x), self.lines.len())
    }
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn bullets_keep_their_indent_when_wrapped() {
        let lines = wrap("d3: best\n  · After d3 White has 3 moves (down from 4)", 24);
        assert_eq!(
            lines,
            [
                "d3: best",
                "  · After d3 White has 3",
                "    moves (down from 4)"
            ]
        );
    }

    #[test]
    fn runs_of_spaces_are_kept() {
        assert_eq!(wrap("Move 3   Black 3", 40), ["Move 3   Black 3"]);
    }

    #[test]
    fn plain_lines_wrap_at_words_and_blank_lines_stay() {
        assert_eq!(
            wrap("one two three\n\nfour", 9),
            ["one two", "three", "", "four"]
        );
    }
}
