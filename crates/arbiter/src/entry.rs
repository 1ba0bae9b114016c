//! One scoresheet entry: what a player wrote for one ply, read as SAN (English or German
//! piece letters) or UCI, then resolved against a position.

use std::{fmt, str::FromStr};

use shakmaty::{Chess, Move, Position, san::San, uci::UciMove};

/// A scoresheet entry whose notation was read: SAN or UCI, not yet checked for legality.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Entry {
    /// Standard algebraic notation ("Nf3", "exd5", "O-O", "e8=Q"); German piece letters
    /// (K D T L S) are read as K Q R B N.
    San(San),
    /// UCI long algebraic notation ("g1f3", "e7e8q").
    Uci(UciMove),
}

/// A scoresheet entry that is neither SAN nor UCI.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unreadable move {:?}: not SAN or UCI", annabella_rules::excerpt(.text))]
pub struct ParseEntryError {
    /// The entry as written.
    pub text: String,
}

/// Why an entry does not give a move in the position.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum EntryError {
    /// Neither SAN nor UCI.
    #[error("unreadable")]
    Unreadable,
    /// No legal move fits the entry.
    #[error("illegal")]
    Illegal,
    /// More than one legal move fits the entry (SAN without the needed disambiguation).
    #[error("ambiguous")]
    Ambiguous,
}

/// Strips what does not change the move: check and mate marks, annotation glyphs, "e.p.",
/// and writes castling with letters O.
fn normalize(text: &str) -> String {
    let mut s: String = text.trim().to_owned();
    for suffix in ["e.p.", "ep", " "] {
        if let Some(stripped) = s.strip_suffix(suffix) {
            s = stripped.trim_end().to_owned();
        }
    }
    let s = s.trim_end_matches(['+', '#', '!', '?', '‼', '⁇', '⁈', '⁉']);
    s.replace('0', "O")
}

/// German piece letters (Dame, Turm, Läufer, Springer) to English ones.
fn from_german(s: &str) -> Option<String> {
    let map = |c: char| match c {
        'D' => Some('Q'),
        'T' => Some('R'),
        'L' => Some('B'),
        'S' => Some('N'),
        _ => None,
    };
    if !s.chars().any(|c| map(c).is_some()) {
        return None;
    }
    Some(s.chars().map(|c| map(c).unwrap_or(c)).collect())
}

/// "e8Q" → "e8=Q" (the equals sign is often left out on paper).
fn promotion_sign(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let n = b.len();
    (n >= 3 && matches!(b[n - 2], b'1' | b'8') && b"QRBN".contains(&b[n - 1]))
        .then(|| format!("{}={}", &s[..n - 1], &s[n - 1..]))
}

impl FromStr for Entry {
    type Err = ParseEntryError;

    fn from_str(text: &str) -> Result<Entry, ParseEntryError> {
        let s = normalize(text);
        let err = || ParseEntryError {
            text: text.to_owned(),
        };
        if s.is_empty() || !s.is_ascii() {
            return Err(err());
        }
        if let Ok(uci) = s.parse::<UciMove>()
            && !matches!(uci, UciMove::Null)
        {
            return Ok(Entry::Uci(uci));
        }
        if let Ok(san) = s.parse::<San>()
            && !matches!(san, San::Null)
        {
            return Ok(Entry::San(san));
        }
        let english = from_german(&s).unwrap_or_else(|| s.clone());
        for candidate in [Some(english.clone()), promotion_sign(&english)]
            .into_iter()
            .flatten()
        {
            if let Ok(san) = candidate.parse::<San>()
                && !matches!(san, San::Null)
            {
                return Ok(Entry::San(san));
            }
        }
        Err(err())
    }
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::San(san) => write!(f, "{san}"),
            Entry::Uci(uci) => write!(f, "{uci}"),
        }
    }
}

impl Entry {
    /// The legal move this entry names in `pos`.
    ///
    /// # Errors
    /// [`EntryError::Illegal`] or [`EntryError::Ambiguous`].
    ///
    /// # Examples
    /// ```
    /// use annabella_arbiter::Entry;
    /// use shakmaty::{Chess, Square};
    /// let pos = Chess::default();
    /// let m = "Sf3".parse::<Entry>()?.to_move(&pos).expect("legal");
    /// assert_eq!(m.to(), Square::F3);
    /// # Ok::<_, annabella_arbiter::ParseEntryError>(())
    /// ```
    pub fn to_move(&self, pos: &Chess) -> Result<Move, EntryError> {
        match self {
            Entry::San(san) => san.to_move(pos).map_err(|e| match e {
                shakmaty::san::SanError::AmbiguousSan => EntryError::Ambiguous,
                shakmaty::san::SanError::IllegalSan => EntryError::Illegal,
            }),
            Entry::Uci(uci) => uci.to_move(pos).map_err(|_| EntryError::Illegal),
        }
    }
}

/// Reads and resolves one written entry in `pos`.
///
/// # Errors
/// [`EntryError::Unreadable`] when the text is neither SAN nor UCI, otherwise as
/// [`Entry::to_move`].
pub fn resolve_entry(pos: &Chess, text: &str) -> Result<Move, EntryError> {
    let entry: Entry = text.parse().map_err(|_| EntryError::Unreadable)?;
    let m = entry.to_move(pos)?;
    debug_assert!(pos.is_legal(m));
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, Square, fen::Fen};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("position")
    }

    #[test]
    fn reads_san_uci_german_and_decorations() {
        let start = Chess::default();
        for (text, to) in [
            ("Nf3", Square::F3),
            ("Sf3", Square::F3),
            ("g1f3", Square::F3),
            ("Nf3+", Square::F3),
            ("Nf3!?", Square::F3),
            (" e4 ", Square::E4),
            ("e2e4", Square::E4),
        ] {
            let m = resolve_entry(&start, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(m.to(), to, "{text}");
        }
    }

    #[test]
    fn castling_with_zeros_and_letters() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for text in ["O-O", "0-0", "e1g1", "O-O+"] {
            let m = resolve_entry(&p, text).expect(text);
            assert!(m.is_castle(), "{text}");
            assert_eq!(m.castling_side(), Some(shakmaty::CastlingSide::KingSide));
        }
        let m = resolve_entry(&p, "0-0-0").expect("long");
        assert_eq!(
            m.castling_side(),
            Some(shakmaty::CastlingSide::QueenSide),
            "0-0-0"
        );
    }

    #[test]
    fn german_promotion() {
        let p = pos("8/P6k/8/8/8/8/8/K7 w - - 0 1");
        let m = resolve_entry(&p, "a8D").expect("a8D");
        assert_eq!(m.promotion(), Some(shakmaty::Role::Queen));
        let m = resolve_entry(&p, "a8=S").expect("a8=S");
        assert_eq!(m.promotion(), Some(shakmaty::Role::Knight));
    }

    #[test]
    fn errors_name_the_kind() {
        let start = Chess::default();
        assert_eq!(resolve_entry(&start, "Zz9"), Err(EntryError::Unreadable));
        assert_eq!(resolve_entry(&start, ""), Err(EntryError::Unreadable));
        assert_eq!(resolve_entry(&start, "--"), Err(EntryError::Unreadable));
        assert_eq!(resolve_entry(&start, "Nf4"), Err(EntryError::Illegal));
        assert_eq!(resolve_entry(&start, "e2e5"), Err(EntryError::Illegal));
        let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        assert_eq!(resolve_entry(&p, "Nd2"), Err(EntryError::Ambiguous));
        assert!(resolve_entry(&p, "Nbd2").is_ok());
    }
}
