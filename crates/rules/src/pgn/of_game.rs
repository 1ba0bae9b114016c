//! Writing a game as PGN (the scoresheet of Law 8, in export format) with the one writer,
//! [`PgnWriter`].

use shakmaty::san::SanPlus;

use super::PgnWriter;
use crate::Game;

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
        let mut pgn = PgnWriter::new();
        for (name, value) in tags.iter().filter(|(name, _)| name != "Result") {
            pgn.tag(name, value);
        }
        pgn.tag("Result", &result);
        if *self.start() != shakmaty::Chess::default() {
            pgn.setup_tags(self.start(), false);
        }
        let mut pos = self.start().clone();
        let moves = self.moves().iter().enumerate().map(|(ply, &m)| {
            let san = SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string();
            (san, comment(ply))
        });
        pgn.moves(self.start(), moves.collect::<Vec<_>>());
        pgn.finish(&result)
    }
}
