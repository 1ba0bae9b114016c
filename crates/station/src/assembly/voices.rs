//! The voices part of [`Station::start`](super::Station::start): the herald that speaks
//! the table's announcements and records them.

use std::path::Path;

use annabella_voice::{Herald, HeraldNews, RecordAt, SpeechdAddress, VoicePlan};
use tokio::sync::mpsc;

use super::StationError;
use crate::session::TableTime;

/// Starts the voices (recording them in `dir`, continued when the journal is), their
/// news going to `news`; says on the log which back ends speak.
pub(super) fn open(
    voices: &VoicePlan,
    dir: &Path,
    continue_journal: bool,
    time: TableTime,
    news: mpsc::Sender<HeraldNews>,
) -> Result<Herald, StationError> {
    let record_at = RecordAt {
        dir: dir.to_path_buf(),
        continue_existing: continue_journal,
    };
    let herald = Herald::start(
        voices,
        &SpeechdAddress::from_env(),
        Some(&record_at),
        Box::new(move |at| time.ms_of(at)),
        Box::new(move |news_item| {
            let _ = news.blocking_send(news_item);
        }),
    )?;
    tracing::info!("announcements: {}", herald.describe(voices));
    Ok(herald)
}
