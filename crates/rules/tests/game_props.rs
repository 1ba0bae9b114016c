//! Random games: the game agrees with shakmaty where both define an ending, and counts
//! repetitions as a naive recount over FEN strings does.

use annabella_rules::{
    Edition, Game, RateOfPlay, Termination,
    shakmaty::{Chess, EnPassantMode, Position, fen::Fen},
};
use proptest::prelude::*;

/// Law 9.2.3 identity by text: board, side to move, castling rights, legal en passant.
fn identity(pos: &Chess) -> String {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_agree_with_shakmaty(choices in prop::collection::vec(any::<u16>(), 1..400)) {
        let mut game = Game::new(Edition::Laws2023, RateOfPlay::Standard);
        let mut seen = vec![identity(game.position())];
        for (ply, choice) in choices.into_iter().enumerate() {
            let pos = game.position().clone();
            // Prefer quiet moves now and then so repetitions and long stretches happen.
            let legal = pos.legal_moves();
            let quiet: Vec<_> = legal.iter().filter(|m| !m.is_zeroing()).collect();
            let m = if choice % 3 != 0 && !quiet.is_empty() {
                *quiet[usize::from(choice) % quiet.len()]
            } else {
                legal[usize::from(choice) % legal.len()]
            };
            let ended = game.play(m).unwrap();
            let after = game.position();
            let id = identity(after);
            let window = after.halfmoves() as usize + 1;
            let naive = seen[seen.len().saturating_sub(window - 1)..].iter().filter(|s| **s == id).count() + 1;
            seen.push(id);
            prop_assert_eq!(game.repetitions(), naive, "ply {}", ply);
            match ended.map(|o| o.termination) {
                Some(Termination::Checkmate) => prop_assert!(after.is_checkmate()),
                Some(Termination::Stalemate) => prop_assert!(after.is_stalemate()),
                Some(Termination::FivefoldRepetition) => prop_assert!(naive >= 5),
                Some(Termination::SeventyFiveMoves) => prop_assert!(after.halfmoves() >= 150 && !after.is_checkmate()),
                Some(Termination::DeadPosition) => prop_assert!(!after.is_checkmate() && !after.is_stalemate()),
                Some(other) => prop_assert!(false, "unexpected {}", other),
                None => {
                    prop_assert!(!after.is_game_over(), "shakmaty ends it at ply {}: {:?}", ply, after.outcome());
                    prop_assert!(naive < 5 && after.halfmoves() < 150);
                }
            }
            if ended.is_some() {
                break;
            }
        }
    }
}
