//! The VI player's utterances as table inputs. The speech crate hears
//! ([`annabella_speech::Hearing`]); each utterance becomes the same table input as typed
//! words ([`Input::Heard`] with the recognizer's n-best readings) and its timings
//! ([`HeardTiming`]), which the shell journals beside it. While the recognizer takes the
//! final result of a leaf, [`read_back_ahead`] gives the words the table would read back
//! for it, so the voice can render them ahead.

use std::{
    path::Path,
    time::{Duration, Instant},
};

use annabella_speech::Heard;
use annabella_table::{AnnounceKind, Audience, Effect, Hypothesis, Input, Table};
use serde::Serialize;

use crate::session::TableTime;

use annabella_view::line::HeardTiming;

/// The table input and timings of one utterance, whose times count from the hearing's
/// `epoch`.
pub fn heard(h: &Heard, time: TableTime, epoch: Instant) -> (Input, HeardTiming) {
    let table_ms = |at: Duration| time.ms_of(epoch + at);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let alternatives = h
        .alternatives
        .iter()
        .map(|r| Hypothesis {
            text: r.text.clone(),
            score: r.probability,
        })
        .collect::<Vec<_>>();
    let alternatives = if alternatives.is_empty() {
        vec![Hypothesis {
            text: h.text.clone(),
            score: 1.0,
        }]
    } else {
        alternatives
    };
    let timing = HeardTiming {
        speech_start_ms: table_ms(h.speech_start),
        last_word_end_ms: table_ms(h.last_word_end),
        final_ms: table_ms(h.final_at),
        speech_end_to_final_ms: ms(h.speech_end_to_final()),
        decode_ms: ms(h.decode),
        rtf: h.rtf(),
        ended_by: serde_json::to_value(h.ended_by)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
        words: h.text.clone(),
        audio: Vec::new(),
    };
    (Input::Heard { alternatives }, timing)
}

/// The words the table would read back to the VI player if the utterance's result were
/// `phrase`, ruled on a copy of `table` at `now` (the table itself is untouched): what
/// to render ahead while the final result is taken. `None` when the copy reads nothing
/// back. The announcement spoken is always the real table's: a rendering ahead plays
/// only when its words are exactly those.
pub fn read_back_ahead(table: &Table, now: Duration, phrase: &str) -> Option<String> {
    let mut copy = table.clone();
    while copy.poll_effect().is_some() {}
    let heard = Input::Heard {
        alternatives: vec![Hypothesis {
            text: phrase.to_owned(),
            score: 1.0,
        }],
    };
    copy.handle(now, heard).ok()?;
    std::iter::from_fn(|| copy.poll_effect()).find_map(|e| match e {
        Effect::Announce(a) if a.kind == AnnounceKind::ReadBack && a.to == Audience::ViPlayer => {
            Some(a.text)
        }
        _ => None,
    })
}

/// The journal meta key of the timings of record `seq` (a `heard` input).
pub fn timing_key(seq: u64) -> String {
    format!("heard.{seq}")
}

/// One journalled utterance: its record number and timings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JournalledUtterance {
    /// The `heard` record.
    pub seq: u64,
    /// Its timings.
    pub timing: HeardTiming,
}

/// The timings journalled beside the `heard` records of a journal (read-only).
///
/// # Errors
/// The journal cannot be opened or a stored timing does not decode.
pub fn journalled(path: &Path) -> Result<Vec<JournalledUtterance>, crate::JournalError> {
    let (journal, recovery) =
        crate::Journal::<Input>::open(path, crate::journal::OpenMode::ReadOnly)?;
    let mut out = Vec::new();
    for r in &recovery.records {
        if matches!(r.input, Input::Heard { .. })
            && let Some(timing) = journal.meta::<HeardTiming>(&timing_key(r.seq))?
        {
            out.push(JournalledUtterance { seq: r.seq, timing });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use annabella_table::{Table, TableConfig};

    use super::*;

    fn said_to_vi(table: &mut Table) -> Vec<String> {
        std::iter::from_fn(|| table.poll_effect())
            .filter_map(|e| match e {
                Effect::Announce(a) if a.to == Audience::ViPlayer => Some(a.text),
                _ => None,
            })
            .collect()
    }

    /// The words ruled on a copy are the very words the table then reads back, and the
    /// copy leaves the table as it was.
    #[test]
    fn the_words_ahead_are_the_tables_own_read_back() {
        let mut table = Table::new(TableConfig::default()).unwrap();
        let s = |secs| Duration::from_secs(secs);
        table.handle(s(1), Input::Start).unwrap();
        said_to_vi(&mut table);
        let ahead = read_back_ahead(&table, s(3), "springer felix drei");
        assert!(
            said_to_vi(&mut table).is_empty(),
            "the table itself said nothing"
        );
        let heard = |text: &str| Input::Heard {
            alternatives: vec![Hypothesis {
                text: text.to_owned(),
                score: 1.0,
            }],
        };
        table.handle(s(3), heard("springer felix drei")).unwrap();
        let said = said_to_vi(&mut table);
        let ahead = ahead.expect("a read-back");
        assert!(ahead.contains("Felix drei"), "{ahead}");
        assert_eq!(said.first(), Some(&ahead));
        // Words the table does not take as a move are no read-back to render.
        assert_eq!(read_back_ahead(&table, s(4), "springer felix sechs"), None);
    }
}
