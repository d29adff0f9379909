//! Teaching logic on top of the engine: explanations, feedback, lessons, puzzles, progress.
