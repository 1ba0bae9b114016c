//! What `annabella journal replay` ([`shown`]) and `annabella export` ([`review`]) make
//! of a replayed journal. For export: the notes for the user (damage,
//! authentication, a game edited after it ended), whether the journal is damaged, and the
//! game's PGN (the stored finished game, the replayed one, or a salvaged prefix).

use annabella_phonetic::messages::Messages;
use annabella_table::Table;

use crate::closing::Told;

use crate::journal_notice::JournalNotice;
use crate::records::salvage::salvaged;
use crate::session::Resumed;

/// A replayed journal as `annabella export` reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// What to tell the user about the journal, in order.
    pub notes: Vec<JournalNotice>,
    /// The journal is damaged or was edited after its game ended.
    pub damaged: bool,
    /// The game's PGN to export.
    pub pgn: String,
    /// Why the PGN is the stored finished game, when it is.
    pub pgn_note: Option<JournalNotice>,
}

/// Reviews the journal replayed into `table`.
pub fn review(table: &Table, resumed: &Resumed) -> Review {
    let warnings = resumed.warnings();
    let mut notes = resumed.damage_notices();
    notes.extend(resumed.authentication_notice());
    let mut damaged = !warnings.is_empty();
    // The finished game stored when it ended is a witness: records (or settings) edited
    // since, with their hashes made anew, no longer replay to it.
    let witness = warnings
        .is_empty()
        .then(|| resumed.finished_games.last())
        .flatten()
        .filter(|g| g.last_seq == resumed.replayed && g.pgn != table.pgn());
    if let Some(game) = witness {
        notes.push(JournalNotice::EditedAfterGame {
            last_seq: game.last_seq,
        });
        damaged = true;
    }
    // A finished game whose records are damaged: its PGN, stored whole when it ended (a
    // stored game ending after the records read is always named damage by the journal,
    // so a game the stored game says ended is never exported as `*`).
    let stored = (!warnings.is_empty())
        .then(|| resumed.finished_games.last())
        .flatten()
        .filter(|g| g.last_seq > resumed.replayed);
    let (pgn, pgn_note) = match stored.or(witness) {
        Some(game) => (
            game.pgn.clone(),
            Some(JournalNotice::StoredPgn {
                last_seq: game.last_seq,
            }),
        ),
        None if warnings.is_empty() => (table.pgn(), None),
        // The good prefix of a damaged journal: the file itself says so.
        None => (salvaged(&table.pgn(), &warnings.join("; ")), None),
    };
    Review {
        notes,
        damaged,
        pgn,
        pgn_note,
    }
}

/// Why a replayed journal cannot be shown.
#[derive(Debug, thiserror::Error)]
pub enum ShowError {
    /// The journal cannot be read again (for its arbiter's actions and utterances).
    #[error(transparent)]
    Journal(#[from] crate::JournalError),
    /// The view cannot be made JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

/// The table replayed from the journal at `file` as `annabella journal replay` shows it:
/// records, position, moves, clocks, offers, result and the arbiter's actions, one
/// sentence each in the people's language, or (for programs) one JSON object with the
/// table's view and the journal's state.
///
/// # Errors
/// A [`ShowError`] when the journal cannot be read again.
pub fn shown(
    file: &std::path::Path,
    table: &Table,
    resumed: &Resumed,
    told: Told,
) -> Result<Vec<String>, ShowError> {
    let view = table.snapshot();
    let arbiter = crate::console_link::journalled_actions(file)?;
    let language = match told {
        Told::People(language) => language,
        Told::Machine => {
            let mut value = serde_json::to_value(&view)?;
            value["records"] = resumed.replayed.into();
            value["last_ms"] = (table.now().as_millis() as u64).into();
            value["dropped"] = resumed.dropped.as_ref().map(|d| d.seq).into();
            value["damaged"] = resumed.damage.as_ref().map(|d| d.seq).into();
            value["warnings"] = resumed.warnings().into();
            value["authenticated"] = resumed.not_authenticated().is_none().into();
            value["head"] = resumed
                .head
                .as_ref()
                .map(|(seq, hash)| serde_json::json!([seq, hash]))
                .into();
            value["authentication"] = resumed
                .authentication
                .as_ref()
                .map(ToString::to_string)
                .into();
            value["arbiter_actions"] = serde_json::to_value(&arbiter)?;
            value["utterances"] = serde_json::to_value(crate::heard::journalled(file)?)?;
            return Ok(vec![value.to_string()]);
        }
    };
    let m = Messages::get(language);
    let clk = annabella_table::pgn::clk;
    let color = |c: shakmaty::Color| c.fold_wb("white", "black");
    let mut lines = vec![m.text("replay-records", &[("count", resumed.replayed.into())])];
    lines.push(m.text("replay-position", &[("fen", view.fen.to_string().into())]));
    let moves: Vec<String> = view.moves.iter().map(ToString::to_string).collect();
    lines.push(match moves.is_empty() {
        true => m.text("replay-no-moves", &[]),
        false => m.text("replay-moves", &[("moves", moves.join(" ").into())]),
    });
    lines.push(m.text(
        "replay-clocks",
        &[
            ("white", clk(view.white_time).into()),
            ("black", clk(view.black_time).into()),
            ("running", view.running.map_or("none", color).into()),
        ],
    ));
    if let Some(w) = &view.said_words {
        let made = if view.made { "yes" } else { "no" };
        lines.push(m.text(
            "replay-announced",
            &[("said", w.clone().into()), ("made", made.into())],
        ));
    }
    if let Some(c) = view.draw_offer {
        lines.push(m.text("replay-draw-offer", &[("color", color(c).into())]));
    }
    if let Some(r) = &view.result {
        let how = m.text(
            "termination",
            &[("termination", r.termination.to_string().into())],
        );
        lines.push(m.text(
            "play-result",
            &[
                ("result", r.result.to_string().into()),
                ("termination", how.into()),
            ],
        ));
    }
    for a in &arbiter {
        lines.push(m.text(
            "replay-arbiter",
            &[
                ("seq", a.seq.to_string().into()),
                ("at", clk(std::time::Duration::from_millis(a.at_ms)).into()),
                ("by", a.by.clone().into()),
                ("what", a.what.trim_end_matches('.').to_owned().into()),
            ],
        ));
    }
    Ok(lines)
}
