//! The start position from a FEN and the Chess960 flag: one policy for every caller.
//!
//! Castling rights a standard game can have are read in standard mode. Rights only
//! Chess960 can have (a rook not on its corner, Shredder letters for such a rook) are
//! refused without the Chess960 flag, with an error naming the FEN; with the flag, the
//! FEN is read with Chess960 castling. A PGN with `[Variant "Chess960"]` sets the flag.

use std::fmt;

use shakmaty::{CastlingMode, Chess, fen::Fen};

/// Why a FEN is not a start position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartError {
    /// The FEN's castling rights are Chess960's, and the game is not Chess960.
    NeedsChess960 {
        /// The FEN as given.
        fen: String,
    },
    /// The FEN is no legal position.
    Illegal {
        /// The FEN as given.
        fen: String,
        /// shakmaty's reason.
        why: String,
    },
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::NeedsChess960 { fen } => write!(
                f,
                "the position {} has castling rights only Chess960 can have; \
                 mark the game as Chess960",
                crate::printable(fen)
            ),
            StartError::Illegal { fen, why } => write!(
                f,
                "the position {} is not legal: {}",
                crate::printable(fen),
                crate::printable(why)
            ),
        }
    }
}

impl std::error::Error for StartError {}

/// The castling mode of a game: Chess960's when `chess960`, else the standard one.
pub fn castling_mode(chess960: bool) -> CastlingMode {
    if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

/// The start position of `fen`: Chess960 castling when `chess960`, else standard
/// castling, refusing rights only Chess960 can have.
///
/// # Errors
///
/// [`StartError::NeedsChess960`] or [`StartError::Illegal`], naming the FEN.
pub fn start_position(fen: &Fen, chess960: bool) -> Result<Chess, StartError> {
    match fen.clone().into_position::<Chess>(castling_mode(chess960)) {
        Ok(pos) => Ok(pos),
        Err(_)
            if !chess960
                && fen
                    .clone()
                    .into_position::<Chess>(CastlingMode::Chess960)
                    .is_ok() =>
        {
            Err(StartError::NeedsChess960 {
                fen: fen.to_string(),
            })
        }
        Err(e) => Err(StartError::Illegal {
            fen: fen.to_string(),
            why: e.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Position, Square};

    fn fen(s: &str) -> Fen {
        s.parse().unwrap()
    }

    #[test]
    fn standard_rights_are_read_in_standard_mode_and_in_chess960() {
        let f = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let pos = start_position(&f, false).unwrap();
        assert_eq!(pos.castles().mode(), CastlingMode::Standard);
        let pos = start_position(&f, true).unwrap();
        assert_eq!(pos.castles().mode(), CastlingMode::Chess960);
    }

    #[test]
    fn chess960_rights_need_the_flag_and_the_error_names_the_fen() {
        let text = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
        let err = start_position(&fen(text), false).unwrap_err();
        assert_eq!(
            err,
            StartError::NeedsChess960 {
                fen: fen(text).to_string()
            }
        );
        assert!(
            err.to_string()
                .contains("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN"),
            "{err}"
        );
        let pos = start_position(&fen(text), true).unwrap();
        assert!(
            pos.castles()
                .has(shakmaty::Color::White, shakmaty::CastlingSide::KingSide)
        );
        assert_eq!(
            pos.board().king_of(shakmaty::Color::White),
            Some(Square::F1)
        );
    }

    #[test]
    fn an_illegal_position_is_refused_in_both_modes() {
        let text = "8/8/8/8/8/8/8/8 w - - 0 1";
        for chess960 in [false, true] {
            let err = start_position(&fen(text), chess960).unwrap_err();
            assert!(matches!(err, StartError::Illegal { .. }), "{err:?}");
            assert!(err.to_string().contains(text), "{err}");
        }
    }
}
