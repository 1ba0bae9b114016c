//! A finished game kept in the journal file, and reading them back.

use std::time::Duration;

use rusqlite::Connection;

use crate::{Damage, JournalErrorKind, Keys, blob, bytes, integer, integrity, mac_blob};

/// A finished game kept in the journal file: its result and the complete PGN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinishedGame {
    /// The last input record of the game.
    pub last_seq: u64,
    /// When the game ended, since the table's epoch.
    pub now: Duration,
    /// PGN result: `1-0`, `0-1`, `1/2-1/2` (or `*`).
    pub result: String,
    /// How the game ended, in words (PGN `Termination`).
    pub termination: String,
    /// The whole game in PGN.
    pub pgn: String,
}

pub(crate) fn read_games(
    conn: &Connection,
    keys: Keys<'_>,
) -> Result<Vec<FinishedGame>, JournalErrorKind> {
    let mut stmt = conn.prepare(&format!(
        "SELECT id, last_seq, now_ms, result, termination, pgn, hash, {} FROM games ORDER BY id",
        keys.version.mac_column()
    ))?;
    let mut rows = stmt.query([])?;
    let mut games = Vec::new();
    let mut index = 0;
    while let Some(r) = rows.next()? {
        index += 1;
        let id = integer(r.get_ref(0)?, "id").unwrap_or(index);
        let game = (|| -> Result<FinishedGame, Damage> {
            let last_seq = integer(r.get_ref(1)?, "last_seq")?;
            let now_ms = integer(r.get_ref(2)?, "now_ms")?;
            let text = |i, column| -> Result<String, Damage> {
                let raw = bytes(
                    r.get_ref(i)
                        .map_err(|e| Damage::Unreadable(crate::Cause::of(e)))?,
                    column,
                )?;
                String::from_utf8(raw).map_err(|_| Damage::Hash)
            };
            let (result, termination, pgn) =
                (text(3, "result")?, text(4, "termination")?, text(5, "pgn")?);
            let hash = blob(r.get_ref(6)?, "hash")?;
            if last_seq < 0 || now_ms < 0 {
                return Err(Damage::Hash);
            }
            let computed =
                integrity::game_hash(last_seq as u64, now_ms as u64, &result, &termination, &pgn);
            if computed[..] != hash[..] {
                return Err(Damage::Hash);
            }
            if let Some(k) = keys.key
                && !mac_blob(r.get_ref(7)?).is_some_and(|m| k.verify("game", &hash, &m))
            {
                return Err(Damage::Forged);
            }
            Ok(FinishedGame {
                last_seq: last_seq as u64,
                now: Duration::from_millis(now_ms as u64),
                result,
                termination,
                pgn,
            })
        })()
        .map_err(|d| JournalErrorKind::Game {
            id,
            reason: d.to_string(),
        })?;
        games.push(game);
    }
    Ok(games)
}
