//! Dead positions (Law 5.2.2) and one-sided unwinnability (Laws 6.9, 5.1.2, 7.5.5) on the
//! 1,803 labelled positions of the Chess Unwinnability Analyzer's test vectors.

use annabella_rules::{
    Edition, Game, RateOfPlay, Termination, Winnability,
    shakmaty::{Chess, Color, Position, uci::UciMove},
    unwinnable::{is_dead_position, position_for_question, winnability},
};

/// Every vector through the same reading as `annabella unwinnable --fen`; some are
/// constructed positions with more material than a game can reach, or checks no last move
/// could give: the question still stands, and the reading says so.
fn vectors() -> Vec<(String, String, Chess)> {
    let mut unreachable = 0;
    let vectors: Vec<_> = include_str!("data/unwinnability-vectors.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let (label, fen) = line.split_at(2);
            let fen = fen.trim();
            let (pos, why) = position_for_question(fen, false).unwrap_or_else(|e| panic!("{e}"));
            unreachable += usize::from(why.is_some());
            (label.to_owned(), fen.to_owned(), pos)
        })
        .collect();
    assert!(unreachable >= 83, "{unreachable} unreachable vectors");
    vectors
}

/// Plays the helpmate and checks it really mates the other side.
fn assert_mates(pos: &Chess, color: Color, line: &[UciMove], fen: &str) {
    let mut pos = pos.clone();
    for uci in line {
        let m = uci
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("{fen}: helpmate move {uci} illegal: {e}"));
        pos.play_unchecked(m);
    }
    assert!(
        pos.is_checkmate() && pos.turn() == !color,
        "{fen}: helpmate does not mate"
    );
}

#[test]
fn every_vector_gets_its_labelled_verdict_for_both_sides() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 1803);
    let mut wrong = Vec::new();
    for (label, fen, pos) in &vectors {
        for (color, can) in [
            (Color::White, &label[..1] == "W"),
            (Color::Black, &label[1..] == "B"),
        ] {
            match winnability(pos, color) {
                Winnability::Winnable(line) if can => assert_mates(pos, color, &line, fen),
                Winnability::Unwinnable if !can => {}
                other => wrong.push(format!("{label} {fen} {color}: {}", other.as_str())),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong verdicts:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn dead_positions_end_the_game_and_only_they_do() {
    let mut wrong = Vec::new();
    for (label, fen, pos) in vectors() {
        let dead = label == "--";
        if is_dead_position(&pos) != dead {
            wrong.push(format!("{label} {fen}"));
        }
        let game = Game::from_position(pos.clone(), Edition::Laws2023, RateOfPlay::Standard);
        let ended_dead = game.outcome().map(|o| o.termination) == Some(Termination::DeadPosition);
        // Mate and stalemate come first; otherwise the game's verdict is the label's.
        if !pos.legal_moves().is_empty() && ended_dead != dead {
            wrong.push(format!("game: {label} {fen}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
