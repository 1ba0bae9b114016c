//! Writing a game as PGN (the scoresheet of Law 8, in export format).

use std::fmt::Write as _;

use shakmaty::{CastlingMode, Color, EnPassantMode, Position, fen::Fen, san::SanPlus};

use super::Game;

impl Game {
    /// The game as PGN: the tags given, `SetUp`/`FEN`/`Variant` when the start is not the
    /// standard one, the moves in SAN, and the result (`*` while the game goes on).
    ///
    /// # Examples
    ///
    /// ```
    /// use annabella_rules::{Game, Edition, RateOfPlay, shakmaty::{san::San}};
    /// let mut game = Game::new(Edition::Laws2023, RateOfPlay::Standard);
    /// game.play("e4".parse::<San>()?.to_move(game.position())?)?;
    /// let pgn = game.pgn(&[("White".into(), "Anna".into())]);
    /// assert!(pgn.starts_with("[White \"Anna\"]\n[Result \"*\"]\n\n1. e4 *"), "{pgn}");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn pgn(&self, tags: &[(String, String)]) -> String {
        self.pgn_with_comments(tags, |_| None)
    }

    /// Like [`Game::pgn`], with a comment after each ply where `comment(ply)` gives one
    /// (for example `[%clk 1:29:57]`; ply 0 is the first move).
    pub fn pgn_with_comments(
        &self,
        tags: &[(String, String)],
        comment: impl Fn(usize) -> Option<String>,
    ) -> String {
        let result = self
            .outcome()
            .map_or_else(|| "*".to_owned(), |o| o.result.to_string());
        let mut out = String::new();
        for (name, value) in tags {
            if name != "Result" {
                let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
            }
        }
        let _ = writeln!(out, "[Result \"{result}\"]");
        if self.start != shakmaty::Chess::default() {
            if self.start.castles().mode() == CastlingMode::Chess960 {
                let _ = writeln!(out, "[Variant \"Chess960\"]");
            }
            let fen = Fen::from_position(&self.start, EnPassantMode::Legal);
            let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{fen}\"]");
        }
        out.push('\n');
        let mut pos = self.start.clone();
        let mut line = String::new();
        let push = |token: &str, out: &mut String, line: &mut String| {
            if !line.is_empty() && line.len() + 1 + token.len() > 79 {
                out.push_str(line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(token);
        };
        for (ply, &m) in self.moves().iter().enumerate() {
            let number = pos.fullmoves();
            if pos.turn() == Color::White {
                push(&format!("{number}."), &mut out, &mut line);
            } else if ply == 0 {
                push(&format!("{number}..."), &mut out, &mut line);
            }
            let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
            push(&san.to_string(), &mut out, &mut line);
            if let Some(text) = comment(ply) {
                push(
                    &format!("{{ {} }}", text.replace('}', ")")),
                    &mut out,
                    &mut line,
                );
            }
        }
        push(&result, &mut out, &mut line);
        out.push_str(&line);
        out.push('\n');
        out
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}
