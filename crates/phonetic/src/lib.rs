//! The spoken language of the table: words heard → [`Utterance`] (a [`SpokenMove`] or a
//! [`Command`]) → [`Verdict`] in a position; a [`Move`](shakmaty::Move) → the words
//! announced ([`render`](fn@render)); and the phrase list a recognizer may hear now ([`grammar`]).
//!
//! Pure: no I/O, no clock. Positions are shakmaty [`Chess`](shakmaty::Chess) values in
//! standard or Chess960 castling mode.
//!
//! ```
//! use annabella_phonetic::{resolve_words, render, Form, Lexicon, Language, Verdict};
//! use shakmaty::Chess;
//! let pos = Chess::default();
//! let de = Lexicon::get(Language::De);
//! let Verdict::Move(m) = resolve_words(&pos, de, "Springer Felix drei") else { panic!() };
//! assert_eq!(render(&pos, m, Lexicon::get(Language::En), Form::Full), "Knight Gustav one Felix three");
//! ```

pub mod answer;
pub mod grammar;
pub mod letters;
pub mod lexicon;
pub mod messages;
mod normalize;
pub mod number;
pub mod parse;
pub mod render;
pub mod resolve;
pub mod spoken_time;
pub mod typed;
pub mod utterance;
pub mod verdict_json;
pub mod voiced;
pub mod word;

pub use grammar::{Grammar, Vocabulary, build_grammar};
pub use letters::{localize_san, piece_letters};
pub use lexicon::{Language, Lexicon, Lookup};
pub use normalize::normalize;
pub use parse::{ParseError, ParseErrorKind, Words, parse};
pub use render::{Form, render, render_words};
pub use resolve::{
    Alternative, Illegal, Missing, NBEST_MARGIN, ResolveError, Verdict, english_piece_name,
    resolve_nbest, resolve_words,
};
pub use utterance::{Analysis, ClaimGround, Command, Side, SpokenMove, Suffix, Utterance};
pub use word::{Keyword, Token, Word};
