//! "Potential", the second game of the reference texts: rules, move generation and AI.
