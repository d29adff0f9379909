//! Text for the screens, with no terminal behind it: wrapping at word boundaries
//! with hanging indents, and counts written in the grammar of their number.

/// Columns a string takes (the screens' text has no wide characters).
fn cols(s: &str) -> usize {
    s.chars().count()
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

/// `count` followed by `noun`, made plural when the count is not one: "1 game",
/// "2 games", "0 games". `noun` is the singular; nouns with an irregular plural use
/// [`count_with`].
///
/// ```
/// use othello_tutor::tutor::text::count;
/// assert_eq!(count(1, "game"), "1 game");
/// assert_eq!(count(3, "error"), "3 errors");
/// assert_eq!(count(0, "move"), "0 moves");
/// ```
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `count` followed by `singular` or `plural` as the number asks.
///
/// ```
/// use othello_tutor::tutor::text::count_with;
/// assert_eq!(count_with(1, "puzzle", "puzzles"), "1 puzzle");
/// assert_eq!(count_with(2, "empty square", "empty squares"), "2 empty squares");
/// ```
pub fn count_with(n: usize, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n == 1 { singular } else { plural })
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
