//! The opponent across the board (`[opponent]`): the one seam through which the station
//! plays any kind of opponent — a UCI engine ([`engine`]) or another — in the sighted
//! player's seat, with no sighted board.
//!
//! An [`Opponent`] is made ready before the table opens ([`Opponent::prepare`]: an engine
//! starts and says who it is, its name becomes the player's on the scoresheet), then
//! plays at its [`Seat`] ([`Opponent::play`]): it sees the table's view after every input
//! (the VI player's made moves, the clocks, a draw offer, a question for it, the end of
//! the game) and acts through the seat — its move for the position it saw, its answer to
//! a draw offer, its resignation, a claim, its answer to the VI player's question, or
//! that it is gone. Each act is an ordinary table input, journalled like any other, so a
//! game against an opponent replays from its journal like every game.

use std::{future::Future, pin::Pin, time::Duration};

use annabella_rules::GameResult;
use annabella_table::{
    Advice, ArbiterAction, ClaimKind, Input, OpponentFailure, SightedCommand, TableConfig,
    TableView,
};
use shakmaty::{Color, uci::UciMove};
use tokio::sync::{mpsc, watch};

use crate::shell::Request;

pub mod engine;
pub mod lichess;
pub mod uci;

/// A future an opponent runs on the station's runtime.
pub type OpponentFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Why an opponent could not get ready or play on: one thing, in one sentence (its
/// source kept).
#[derive(Debug, thiserror::Error)]
#[error("the opponent could not play")]
pub struct OpponentError(#[source] pub Box<dyn std::error::Error + Send + Sync>);

/// The opponent's player name as the scoresheet and the PGN give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpponentName(pub String);

/// How an opponent's play ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpponentEnd {
    /// The game is over.
    GameOver,
    /// The station stopped (quit, or every input closed): the game goes on another time.
    Stopped,
    /// The opponent is gone (a crash, a hang, garbage, a lost connection): the table was
    /// told ([`Input::OpponentLost`]) and the game is kept, adjourned.
    Lost(String),
}

/// What the station needs of an opponent.
pub trait Opponent: Send {
    /// Gets ready before the table of `table` opens (an engine starts, answers `uci`,
    /// takes its options, strength and the game's castling rules): its name as a player.
    ///
    /// # Errors
    /// It cannot play (not found, no answer, refused): the table does not open.
    fn prepare<'a>(
        &'a mut self,
        table: &TableConfig,
    ) -> OpponentFuture<'a, Result<OpponentName, OpponentError>>;

    /// Plays at `seat` until the game is over, the station stops or the opponent is
    /// gone; the opponent's own resources (a child process, a connection) end with it.
    fn play(self: Box<Self>, seat: Seat) -> OpponentFuture<'static, OpponentEnd>;

    /// The table's settings this opponent decides once it is ready (an online game's
    /// side, clock, players and page); nothing by default.
    fn settle(&self, _table: &mut TableConfig) {}
}

/// The opponent's seat at the table: the table's view to read and the table's inputs
/// to act with, as the sighted player's.
#[derive(Debug)]
pub struct Seat {
    time: Option<crate::session::TableTime>,
    color: Color,
    config: TableConfig,
    view: watch::Receiver<TableView>,
    requests: mpsc::Sender<Request>,
}

/// The station stopped: nothing more reaches the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the station has stopped")]
pub struct SeatClosed;

impl Seat {
    /// The seat of the player across from the VI player at the table of `config`.
    pub fn new(
        config: TableConfig,
        view: watch::Receiver<TableView>,
        requests: mpsc::Sender<Request>,
    ) -> Seat {
        Seat {
            time: None,
            color: !config.vi_color,
            config,
            view,
            requests,
        }
    }

    /// The same seat, knowing the table's clock (for [`table_ms`](Self::table_ms)).
    #[must_use]
    pub fn timed(self, time: crate::session::TableTime) -> Seat {
        Seat {
            time: Some(time),
            ..self
        }
    }

    /// The table time of `at` in milliseconds (what the journal and the audio record's
    /// index use), when the seat knows the table's clock.
    pub fn table_ms(&self, at: std::time::Instant) -> Option<u64> {
        self.time.as_ref().map(|t| t.ms_of(at))
    }

    /// The opponent's colour.
    pub fn color(&self) -> Color {
        self.color
    }

    /// The table's settings (the time control, the start position, the practice rules).
    pub fn config(&self) -> &TableConfig {
        &self.config
    }

    /// The table as it is now.
    pub fn view(&self) -> TableView {
        self.view.borrow().clone()
    }

    /// Waits for the table's next change (at most `limit`, then the table as it is);
    /// `None` once the station has stopped.
    pub async fn changed(&mut self, limit: Duration) -> Option<TableView> {
        match tokio::time::timeout(limit, self.view.changed()).await {
            Ok(Err(_)) => None,
            Ok(Ok(())) | Err(_) => Some(self.view.borrow_and_update().clone()),
        }
    }

    /// Whether the station has stopped.
    pub fn is_closed(&self) -> bool {
        self.requests.is_closed()
    }

    async fn send(&self, input: Input) -> Result<(), SeatClosed> {
        self.requests
            .send(Request::Input(input))
            .await
            .map_err(|_| SeatClosed)
    }

    /// Plays `uci` in the position after `ply` half-moves (not played if the position
    /// changed meanwhile: the VI player took back).
    ///
    /// # Errors
    /// [`SeatClosed`] once the station stopped.
    pub async fn play(&self, uci: UciMove, ply: usize) -> Result<(), SeatClosed> {
        self.send(Input::OpponentMove { uci, ply }).await
    }

    /// Offers a draw (9.1.2).
    ///
    /// # Errors
    /// [`SeatClosed`] once the station stopped.
    pub async fn offer_draw(&self) -> Result<(), SeatClosed> {
        self.send(Input::Sighted(SightedCommand::OfferDraw)).await
    }

    /// Answers the VI player's draw offer.
    ///
    /// # Errors
    /// [`SeatClosed`] once the station stopped.
    pub async fn answer_draw(&self, accept: bool) -> Result<(), SeatClosed> {
        self.send(Input::Sighted(if accept {
            SightedCommand::AcceptDraw
        } else {
            SightedCommand::DeclineDraw
        }))
        .await
    }

    /// Resigns (5.1.2).
    ///
    /// # Errors
    /// [`SeatClosed`] once the station stopped.
    pub async fn resign(&self) -> Result<(), SeatClosed> {
        self.send(Input::Sighted(SightedCommand::Resign)).await
    }

    /// Claims a draw (9.2, 9.3), with the intended move if it is the one that repeats.
    ///
    /// # Errors
    /// [`SeatClosed`] once the station stopped.
    pub async fn claim(
        &self,
        ground: ClaimKind,
        intended: Option<UciMove>,
    ) -> Result<(), SeatClosed> {
        self.send(Input::Sighted(SightedCommand::Claim { ground, intended }))
            .await
    }

    /// Claims that the VI player's flag has fallen (6.8).
    ///
    /// # Errors
    /// [`SeatClosed`] once the station stopped.
    pub async fn claim_flag(&self) -> Result<(), SeatClosed> {
        self.send(Input::Sighted(SightedCommand::ClaimFlag)).await
    }

    /// Answers the VI player's question (the view's `consult`, practice only).
    ///
    /// # Errors
    /// [`SeatClosed`] once the station stopped.
    pub async fn advise(&self, advice: Advice) -> Result<(), SeatClosed> {
        self.send(Input::Advice(advice)).await
    }

    /// Starts the game (6.2) if the table has not: for an opponent whose game began
    /// elsewhere (on Lichess).
    ///
    /// # Errors
    /// [`SeatClosed`] once the station stopped.
    pub async fn start(&self) -> Result<(), SeatClosed> {
        if self.view.borrow().started {
            return Ok(());
        }
        self.send(Input::Start).await
    }

    /// Sets both clocks to the times of a server that keeps the game's clock (Lichess):
    /// the table's clock, its devices and its answers follow it.
    ///
    /// # Errors
    /// [`SeatClosed`] once the station stopped.
    pub async fn set_clocks(&self, white: Duration, black: Duration) -> Result<(), SeatClosed> {
        for (color, time) in [(Color::White, white), (Color::Black, black)] {
            self.send(Input::Arbiter(ArbiterAction::SetTime { color, time }))
                .await?;
        }
        Ok(())
    }

    /// Ends the game with the result a server decided (Lichess: a flag, a victory
    /// claimed, a draw it declared).
    ///
    /// # Errors
    /// [`SeatClosed`] once the station stopped.
    pub async fn declare(&self, result: GameResult) -> Result<(), SeatClosed> {
        self.send(Input::Arbiter(ArbiterAction::DeclareResult { result }))
            .await
    }

    /// Takes the game back to `ply` half-moves: a move the server refused did not happen
    /// (the table tells both players and puts the boards right).
    ///
    /// # Errors
    /// [`SeatClosed`] once the station stopped.
    pub async fn take_back_to(&self, ply: usize) -> Result<(), SeatClosed> {
        self.send(Input::Arbiter(ArbiterAction::RestorePosition { ply }))
            .await
    }

    /// Tells the VI player what the server of an online game said (a takeback asked, the
    /// opponent gone or back, a chat line, a refusal).
    ///
    /// # Errors
    /// [`SeatClosed`] once the station stopped.
    pub async fn online(&self, notice: annabella_table::OnlineNotice) -> Result<(), SeatClosed> {
        self.send(Input::Online(notice)).await
    }

    /// Stops the station (the game ended elsewhere without a result, e.g. aborted).
    pub async fn stop(&self) {
        let _ = self.requests.send(Request::Quit).await;
    }

    /// Says that the opponent is back (after the game was adjourned for it).
    ///
    /// # Errors
    /// [`SeatClosed`] once the station stopped.
    pub async fn back(&self, name: &OpponentName) -> Result<(), SeatClosed> {
        self.send(Input::OpponentBack {
            name: name.0.clone(),
        })
        .await
    }

    /// The opponent is gone (`reason`, one sentence): the table stops the clocks and
    /// tells the VI player, then the station stops with the game kept, adjourned, to be
    /// resumed with the same opponent or another (`play --resume`).
    pub async fn lost(&self, reason: &str) -> OpponentEnd {
        self.lost_with(reason, None).await
    }

    /// The opponent is gone, as [`lost`](Self::lost), with the kind of `failure` the
    /// table says in its own language (`reason` stays the program's words, for the log).
    pub async fn lost_with(&self, reason: &str, failure: Option<OpponentFailure>) -> OpponentEnd {
        let reason = strip_controls(reason);
        tracing::error!("the opponent is gone: {reason}; the game is kept, adjourned");
        let _ = self
            .send(Input::OpponentLost {
                reason: reason.clone(),
                failure,
            })
            .await;
        // The table's announcement is journalled first; then the station stops.
        let _ = self.requests.send(Request::Quit).await;
        OpponentEnd::Lost(reason)
    }
}

/// `text` as one line of printable characters (an engine's or a server's words go to
/// the journal, a voice and a terminal).
pub fn strip_controls(text: &str) -> String {
    let line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(300)
        .collect();
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An opponent made ready, and its name.
pub(crate) type Ready = (Box<dyn Opponent>, OpponentName);

/// Makes the opponent ready on the station's `runtime` before the table opens, naming
/// its player in `table` (the station's hook).
///
/// # Errors
/// [`OpponentError`]: it cannot play; the table does not open.
pub(crate) fn prepare(
    runtime: &tokio::runtime::Runtime,
    opponent: Option<Box<dyn Opponent>>,
    table: &mut TableConfig,
) -> Result<Option<Ready>, OpponentError> {
    let Some(mut opponent) = opponent else {
        return Ok(None);
    };
    let name = runtime.block_on(opponent.prepare(table))?;
    name_the_player(table, &name);
    opponent.settle(table);
    Ok(Some((opponent, name)))
}

/// Seats the ready opponent at the running table (the station's hook): a game adjourned
/// for its opponent hears first that this one is back (before any other input), then
/// the opponent plays on the station's runtime.
pub(crate) fn seat(
    runtime: &tokio::runtime::Runtime,
    (opponent, name): Ready,
    config: TableConfig,
    view: watch::Receiver<TableView>,
    requests: mpsc::Sender<Request>,
    time: crate::session::TableTime,
) -> tokio::task::JoinHandle<OpponentEnd> {
    let now = view.borrow().clone();
    if now.opponent_lost.is_some() && now.result.is_none() {
        // The station's queue is empty yet: this is its first input.
        let _ = requests.try_send(Request::Input(Input::OpponentBack { name: name.0 }));
    }
    let seat = Seat::new(config, view, requests).timed(time);
    runtime.spawn(opponent.play(seat))
}

/// Waits (a little) for the opponent's play to end once the table stopped: an engine
/// is told to quit and ended.
pub(crate) fn ended(
    runtime: &tokio::runtime::Runtime,
    play: tokio::task::JoinHandle<OpponentEnd>,
) -> Option<OpponentEnd> {
    runtime
        .block_on(async { tokio::time::timeout(Duration::from_secs(5), play).await })
        .ok()
        .and_then(Result::ok)
}

/// The opponent that `[opponent]` describes.
pub fn from_config(opponent: &crate::config::Opponent) -> Box<dyn Opponent> {
    match opponent {
        crate::config::Opponent::Engine(settings) => {
            Box::new(engine::EngineOpponent::new(settings.clone()))
        }
        crate::config::Opponent::Lichess(settings) => {
            Box::new(lichess::LichessOpponent::new(settings.clone()))
        }
    }
}

/// `config` with the opponent's `name` as its player's, unless the file names that
/// player already.
pub fn name_the_player(config: &mut TableConfig, name: &OpponentName) {
    let player = match config.vi_color {
        Color::White => &mut config.event.black,
        Color::Black => &mut config.event.white,
    };
    if player.trim().is_empty() || player == "?" {
        player.clone_from(&name.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engines_words_become_one_printable_line() {
        assert_eq!(
            strip_controls("Stockfish\n\u{1b}[31m crashed\t(core)"),
            "Stockfish [31m crashed (core)"
        );
        assert_eq!(strip_controls(&"x".repeat(1000)).len(), 300);
    }

    #[test]
    fn the_engine_is_named_only_where_the_file_names_nobody() {
        let mut config = TableConfig::default();
        let name = OpponentName("Stockfish 15.1".into());
        name_the_player(&mut config, &name);
        assert_eq!(config.event.black, "Stockfish 15.1");
        config.vi_color = Color::Black;
        config.event.white = "Hausrechner".into();
        name_the_player(&mut config, &name);
        assert_eq!(config.event.white, "Hausrechner");
    }
}
