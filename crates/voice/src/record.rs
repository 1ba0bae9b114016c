//! The audio record of the game (Law D.2.7: the VI player may keep the score on an
//! audio recording): every announcement, and when enabled every player utterance,
//! appended to one WAV file, with an index of JSON lines that maps each stretch of
//! the file to the moment in the game and the move.
//!
//! The WAV header is brought up to date after every entry and the index line is
//! written after its audio and synced, so a crash loses at most the entry being
//! written; [`AudioRecord::open`] continues an existing record.

use std::{
    fs::{File, OpenOptions},
    io::{self, BufWriter, Read, Seek, SeekFrom, Write},
    path::{Path, PathBuf},
    time::Duration,
};

use serde::{Deserialize, Serialize};

use crate::{
    announcer::VoiceError,
    espeak::{self, Pcm},
    hearer::{Hearer, VoiceSettings},
    queue::{MoveRef, Outcome, Report},
    speech::Speech,
};

/// Sample rate of the record (espeak-ng's own rate, so announcements are not resampled).
pub const RATE: u32 = 22050;

/// Silence between two entries, in milliseconds.
pub const GAP_MS: u64 = 300;

/// The free space the audio record leaves on its disk (the journal, written on the same
/// disk, must never starve): an entry that would leave less is not written, and the record
/// stops ([`VoiceError::DiskReserve`]).
pub const DISK_RESERVE: u64 = 64 * 1024 * 1024;

/// Free bytes on the file system of `path` (unknown off Unix).
fn free_bytes(path: &Path) -> Option<u64> {
    #[cfg(unix)]
    {
        let fs = nix::sys::statvfs::statvfs(path).ok()?;
        Some(fs.blocks_available().saturating_mul(fs.fragment_size()))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Who is heard in an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// An announcement of the assistant.
    Announcement,
    /// A player speaking (from the speech front end).
    Player,
    /// An earcon (the index's `text` names its kind).
    Earcon,
}

/// One line of the index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexEntry {
    /// Start of the entry in the WAV file, in milliseconds.
    pub start_ms: u64,
    /// End of the entry in the WAV file, in milliseconds.
    pub end_ms: u64,
    /// When it was said, in milliseconds of game time (as the caller counts it).
    pub time_ms: u64,
    /// The move number it belongs to.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none", default)]
    pub move_number: Option<u32>,
    /// "white" or "black": who made that move.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub side: Option<String>,
    /// Announcement or player utterance.
    pub source: Source,
    /// The listener (announcement) or the speaker (player utterance).
    pub listener: Hearer,
    /// The words.
    pub text: String,
    /// How an announcement ended, when not said to the end (e.g. "superseded").
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub outcome: Option<Outcome>,
}

/// What an entry is about (everything but its place in the file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryInfo {
    /// Game time in milliseconds.
    pub time_ms: u64,
    /// The move it belongs to.
    pub move_ref: Option<MoveRef>,
    /// Announcement or player.
    pub source: Source,
    /// Hearer (or the player speaking).
    pub listener: Hearer,
    /// The words.
    pub text: String,
    /// How it ended, when not said to the end.
    pub outcome: Option<Outcome>,
}

impl EntryInfo {
    /// The entry for a queue report, at game time `time_ms`.
    pub fn from_report(report: &Report, time_ms: u64) -> Self {
        Self {
            time_ms,
            move_ref: report.move_ref,
            source: Source::Announcement,
            listener: report.listener,
            text: report.text.clone(),
            outcome: (report.outcome != Outcome::Spoken).then_some(report.outcome),
        }
    }
}

/// An open audio record: the WAV file and its index.
pub struct AudioRecord {
    wav_path: PathBuf,
    index_path: PathBuf,
    wav: hound::WavWriter<BufWriter<File>>,
    index: File,
    samples: u64,
    reserve: u64,
}

impl std::fmt::Debug for AudioRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AudioRecord")
            .field("wav", &self.wav_path)
            .field("index", &self.index_path)
            .field("samples", &self.samples)
            .finish()
    }
}

fn file_error(path: &Path) -> impl FnOnce(io::Error) -> VoiceError + '_ {
    move |source| VoiceError::File {
        path: path.to_owned(),
        source,
    }
}

fn wav_error(path: &Path) -> impl FnOnce(hound::Error) -> VoiceError + '_ {
    move |source| VoiceError::Wav {
        path: path.to_owned(),
        source,
    }
}

fn spec() -> hound::WavSpec {
    hound::WavSpec {
        channels: 1,
        sample_rate: RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    }
}

impl AudioRecord {
    /// Starts a new record (replacing files of the same names).
    ///
    /// # Errors
    /// When a file cannot be created.
    pub fn create(wav: impl Into<PathBuf>, index: impl Into<PathBuf>) -> Result<Self, VoiceError> {
        let (wav_path, index_path) = (wav.into(), index.into());
        let wav = hound::WavWriter::create(&wav_path, spec()).map_err(wav_error(&wav_path))?;
        let index = File::create(&index_path).map_err(file_error(&index_path))?;
        Ok(Self {
            wav_path,
            index_path,
            wav,
            index,
            samples: 0,
            reserve: DISK_RESERVE,
        })
    }

    /// Continues an existing record (after a restart), or creates it if missing. A
    /// torn last index line (cut off by a crash) is removed.
    ///
    /// # Errors
    /// When a file cannot be opened, the WAV is not a record (mono 16-bit at
    /// [`RATE`]), or an index line before the last one is damaged.
    pub fn open(wav: impl Into<PathBuf>, index: impl Into<PathBuf>) -> Result<Self, VoiceError> {
        let (wav_path, index_path) = (wav.into(), index.into());
        if !wav_path.exists() {
            return Self::create(wav_path, index_path);
        }
        let existing = hound::WavReader::open(&wav_path).map_err(wav_error(&wav_path))?;
        if existing.spec() != spec() {
            return Err(VoiceError::BadAudio(format!(
                "{}: not a record (want mono 16-bit {RATE} Hz, found {:?})",
                wav_path.display(),
                existing.spec()
            )));
        }
        let samples = u64::from(existing.len());
        drop(existing);
        let wav = hound::WavWriter::append(&wav_path).map_err(wav_error(&wav_path))?;
        let mut index = OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(&index_path)
            .map_err(file_error(&index_path))?;
        let mut text = String::new();
        index
            .read_to_string(&mut text)
            .map_err(file_error(&index_path))?;
        if !text.is_empty() && !text.ends_with('\n') {
            // A torn last line: cut it off.
            let keep = text.rfind('\n').map_or(0, |i| i + 1);
            index
                .set_len(keep as u64)
                .map_err(file_error(&index_path))?;
            text.truncate(keep);
        }
        parse_index(&text, &index_path)?;
        index
            .seek(SeekFrom::End(0))
            .map_err(file_error(&index_path))?;
        Ok(Self {
            wav_path,
            index_path,
            wav,
            index,
            samples,
            reserve: DISK_RESERVE,
        })
    }

    /// The free space this record leaves on its disk (default [`DISK_RESERVE`]).
    pub fn with_reserve(mut self, bytes: u64) -> Self {
        self.reserve = bytes;
        self
    }

    /// The length of the record so far, in milliseconds.
    pub fn duration_ms(&self) -> u64 {
        self.samples * 1000 / u64::from(RATE)
    }

    /// Appends audio (resampled to [`RATE`] if needed) after a short gap, then its index
    /// line. Returns the line written.
    ///
    /// # Errors
    /// When a file cannot be written, or [`VoiceError::DiskReserve`] (nothing written)
    /// when the entry would leave less free space than the reserve: the caller finishes
    /// the record there.
    pub fn append(&mut self, pcm: &Pcm, info: EntryInfo) -> Result<IndexEntry, VoiceError> {
        let samples = resample(pcm, RATE);
        let needed = (samples.len() as u64 + GAP_MS * u64::from(RATE) / 1000) * 2 + 4096;
        if let Some(free) = free_bytes(&self.wav_path)
            && free < self.reserve.saturating_add(needed)
        {
            return Err(VoiceError::DiskReserve {
                path: self.wav_path.clone(),
                free,
                reserve: self.reserve,
            });
        }
        if self.samples > 0 {
            let gap = GAP_MS * u64::from(RATE) / 1000;
            for _ in 0..gap {
                self.wav
                    .write_sample(0i16)
                    .map_err(wav_error(&self.wav_path))?;
            }
            self.samples += gap;
        }
        let start = self.samples;
        for s in &samples {
            self.wav
                .write_sample(*s)
                .map_err(wav_error(&self.wav_path))?;
        }
        self.samples += samples.len() as u64;
        self.wav.flush().map_err(wav_error(&self.wav_path))?;
        let entry = IndexEntry {
            start_ms: start * 1000 / u64::from(RATE),
            end_ms: self.duration_ms(),
            time_ms: info.time_ms,
            move_number: info.move_ref.map(|m| m.number),
            side: info.move_ref.map(|m| {
                match m.color {
                    shakmaty::Color::White => "white",
                    shakmaty::Color::Black => "black",
                }
                .to_owned()
            }),
            source: info.source,
            listener: info.listener,
            text: info.text,
            outcome: info.outcome,
        };
        let mut line = serde_json::to_string(&entry)
            .map_err(|e| VoiceError::BadAudio(format!("index entry: {e}")))?;
        line.push('\n');
        self.index
            .write_all(line.as_bytes())
            .and_then(|()| self.index.sync_data())
            .map_err(file_error(&self.index_path))?;
        Ok(entry)
    }

    /// Appends what the queue reports as said (to the end or until cut off), rendered
    /// with espeak-ng in the listener's voice, at its game time since `game_start` (a time
    /// of the queue's, as the report's).
    /// Announcements dropped before they began are not in the audio; `None` then.
    ///
    /// # Errors
    /// When espeak-ng fails or a file cannot be written.
    pub fn append_report(
        &mut self,
        report: &Report,
        game_start: Duration,
        voice: &VoiceSettings,
    ) -> Result<Option<IndexEntry>, VoiceError> {
        let Some(started) = report.started else {
            return Ok(None);
        };
        let pcm = espeak::render(&Speech::words(report.text.as_str()), voice)?;
        let time_ms = started.saturating_sub(game_start).as_millis();
        let info = EntryInfo::from_report(report, u64::try_from(time_ms).unwrap_or(u64::MAX));
        self.append(&pcm, info).map(Some)
    }

    /// Finishes the WAV file.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn finish(self) -> Result<(), VoiceError> {
        let path = self.wav_path;
        self.wav.finalize().map_err(wav_error(&path))
    }
}

/// Linear resampling to `rate` (player utterances arrive at 16 kHz).
fn resample(pcm: &Pcm, rate: u32) -> Vec<i16> {
    if pcm.rate == rate || pcm.rate == 0 || pcm.samples.is_empty() {
        return pcm.samples.clone();
    }
    let n_out = (pcm.samples.len() as u64 * u64::from(rate) / u64::from(pcm.rate)) as usize;
    let step = f64::from(pcm.rate) / f64::from(rate);
    let last = pcm.samples.len() - 1;
    (0..n_out)
        .map(|i| {
            let x = i as f64 * step;
            let j = (x as usize).min(last);
            let k = (j + 1).min(last);
            let frac = x - j as f64;
            let a = f64::from(pcm.samples[j]);
            let b = f64::from(pcm.samples[k]);
            (a + (b - a) * frac).round() as i16
        })
        .collect()
}

fn parse_index(text: &str, path: &Path) -> Result<Vec<IndexEntry>, VoiceError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| VoiceError::Index {
                path: path.to_owned(),
                line: i + 1,
                message: e.to_string(),
            })
        })
        .collect()
}

/// Reads an index file.
///
/// # Errors
/// When it cannot be read, or a line is not an index entry (naming the line).
pub fn read_index(path: &Path) -> Result<Vec<IndexEntry>, VoiceError> {
    let text = std::fs::read_to_string(path).map_err(file_error(path))?;
    parse_index(&text, path)
}

/// The entry heard at `ms` into the record, or the last one before it (in a gap).
pub fn entry_at(entries: &[IndexEntry], ms: u64) -> Option<&IndexEntry> {
    entries.iter().rev().find(|e| e.start_ms <= ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(rate: u32, ms: u64) -> Pcm {
        let n = rate as u64 * ms / 1000;
        Pcm {
            rate,
            samples: (0..n).map(|i| ((i % 50) as i16 - 25) * 400).collect(),
        }
    }

    fn info(text: &str, n: u32) -> EntryInfo {
        EntryInfo {
            time_ms: u64::from(n) * 10_000,
            move_ref: Some(MoveRef {
                number: n,
                color: shakmaty::Color::White,
            }),
            source: Source::Announcement,
            listener: Hearer::SightedPlayer,
            text: text.into(),
            outcome: None,
        }
    }

    #[test]
    fn entries_map_times_to_moves_and_the_file_stays_valid() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (wav, idx) = (dir.path().join("r.wav"), dir.path().join("r.jsonl"));
        let mut r = AudioRecord::create(&wav, &idx).expect("create");
        let a = r.append(&tone(RATE, 1000), info("Eva vier", 1)).expect("a");
        // A player's utterance at 16 kHz is resampled.
        let mut p = info("Eva fünf", 1);
        p.source = Source::Player;
        p.listener = Hearer::ViPlayer;
        let b = r.append(&tone(16000, 500), p).expect("b");
        assert_eq!((a.start_ms, a.end_ms), (0, 1000));
        assert_eq!(b.start_ms, 1000 + GAP_MS);
        assert_eq!(b.end_ms, 1000 + GAP_MS + 500);
        // Valid before finish (header kept up to date).
        let len = hound::WavReader::open(&wav).expect("wav").len();
        assert_eq!(u64::from(len), r.duration_ms() * u64::from(RATE) / 1000);
        let entries = read_index(&idx).expect("index");
        assert_eq!(entries, [a.clone(), b.clone()]);
        assert_eq!(
            entry_at(&entries, 500).map(|e| e.text.as_str()),
            Some("Eva vier")
        );
        assert_eq!(
            entry_at(&entries, 1100).map(|e| e.text.as_str()),
            Some("Eva vier")
        );
        assert_eq!(
            entry_at(&entries, 1400).map(|e| e.source),
            Some(Source::Player)
        );
        let line = std::fs::read_to_string(&idx).expect("read");
        assert!(
            line.starts_with(r#"{"start_ms":0,"end_ms":1000,"time_ms":10000,"move":1,"side":"white","source":"announcement","listener":"sighted_player","text":"Eva vier"}"#),
            "{line}"
        );
        r.finish().expect("finish");
    }

    /// Issue 26, item 9: the record stops before its disk's free space falls below the
    /// reserve kept for the journal, writing nothing of the refused entry.
    #[test]
    fn an_entry_that_would_eat_into_the_reserve_is_refused() {
        let dir = tempfile::tempdir().expect("dir");
        let (wav, index) = (dir.path().join("r.wav"), dir.path().join("r.jsonl"));
        let free = free_bytes(dir.path()).expect("statvfs works here");
        let mut record = AudioRecord::create(&wav, &index)
            .expect("create")
            .with_reserve(free / 2);
        // 2 s of audio take ≈ 88 kB: they fit above the reserve.
        record
            .append(&tone(RATE, 2000), info("eins", 1))
            .expect("fits");
        let before = record.duration_ms();
        let mut record = record.with_reserve(free.saturating_mul(2));
        let e = record
            .append(&tone(RATE, 2000), info("zwei", 2))
            .unwrap_err();
        assert!(matches!(e, VoiceError::DiskReserve { .. }), "{e}");
        assert!(e.to_string().contains("kept for the journal"), "{e}");
        assert_eq!(record.duration_ms(), before, "nothing of it was written");
        record.finish().expect("finish");
        assert_eq!(read_index(&index).expect("index").len(), 1);
        let reader = hound::WavReader::open(&wav).expect("a valid WAV");
        assert_eq!(
            u64::from(reader.duration()) * 1000 / u64::from(RATE),
            before
        );
    }

    #[test]
    fn open_continues_and_cuts_a_torn_line() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (wav, idx) = (dir.path().join("r.wav"), dir.path().join("r.jsonl"));
        let mut r = AudioRecord::create(&wav, &idx).expect("create");
        r.append(&tone(RATE, 200), info("a", 1)).expect("a");
        drop(r); // no finish: as after a crash
        // A crash in the middle of an index line.
        let mut f = OpenOptions::new().append(true).open(&idx).expect("open");
        f.write_all(br#"{"start_ms":5"#).expect("torn");
        drop(f);
        let mut r = AudioRecord::open(&wav, &idx).expect("reopen");
        assert_eq!(r.duration_ms(), 200);
        let b = r.append(&tone(RATE, 200), info("b", 2)).expect("b");
        assert_eq!(b.start_ms, 200 + GAP_MS);
        r.finish().expect("finish");
        let entries = read_index(&idx).expect("index");
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[1].move_number, Some(2));
    }

    #[test]
    fn damaged_index_is_named_with_its_line() {
        let dir = tempfile::tempdir().expect("tempdir");
        let idx = dir.path().join("bad.jsonl");
        std::fs::write(&idx, "{\"start_ms\":0}\nnot json\n").expect("write");
        let err = read_index(&idx).expect_err("bad");
        let msg = err.to_string();
        assert!(msg.contains("bad.jsonl:1:"), "{msg}");
        let wav = dir.path().join("x.wav");
        std::fs::write(&wav, b"not a wav").expect("write");
        let err = AudioRecord::open(&wav, &idx).expect_err("bad wav");
        assert!(err.to_string().contains("x.wav"), "{err}");
    }

    #[test]
    fn resampling_keeps_the_length_in_time() {
        let p = tone(16000, 1000);
        assert_eq!(resample(&p, RATE).len(), RATE as usize);
        let same = tone(RATE, 10);
        assert_eq!(resample(&same, RATE), same.samples);
    }
}
