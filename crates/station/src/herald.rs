//! The herald: speaks the table's announcements through the best back end available
//! and keeps the audio record of the game (Law D.2.7: the VI player may keep the score
//! on a recording).
//!
//! Back ends, best first: espeak-ng (through `annabella_voice::espeak`, rendered to the
//! audio record `announcements.wav` with an index `announcements.jsonl` of
//! `{start_ms, end_ms, id, to, text}`), else text only. Every announcement is also
//! printed by the shell. Each spoken announcement is reported back as done so the table
//! can open the microphone again.

use std::{
    io::{BufWriter, Write},
    path::{Path, PathBuf},
    sync::mpsc,
    thread,
};

use annabella_phonetic::Language;
use annabella_table::{Announcement, Listener};
use annabella_voice::{Speech, VoiceSettings, espeak};

/// Which back end speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Herald {
    /// espeak-ng, into the audio record.
    Espeak,
    /// Printed text only.
    Text,
}

impl Herald {
    /// The best back end that works here: espeak-ng when its program runs, else text.
    pub fn best() -> Herald {
        if espeak::Espeak::check().is_ok() {
            Herald::Espeak
        } else {
            Herald::Text
        }
    }

    /// The back end's name.
    pub fn name(self) -> &'static str {
        match self {
            Herald::Espeak => "espeak-ng",
            Herald::Text => "text",
        }
    }
}

/// A running herald: announcements in, done ids out.
#[derive(Debug)]
pub struct Voice {
    jobs: Option<mpsc::Sender<Announcement>>,
    thread: Option<thread::JoinHandle<()>>,
    /// The audio record, if any.
    pub record: Option<PathBuf>,
}

/// Where an announcement was spoken in the audio record.
#[derive(Debug, serde::Serialize)]
struct IndexLine<'a> {
    start_ms: u64,
    end_ms: u64,
    id: u64,
    to: Listener,
    text: &'a str,
}

impl Voice {
    /// Starts the herald. With espeak-ng the audio record goes to `dir`; `done` receives
    /// the id of every announcement once it has been spoken (or failed).
    pub fn start(
        herald: Herald,
        dir: &Path,
        vi: Language,
        sighted: Language,
        done: impl Fn(u64) + Send + 'static,
    ) -> Voice {
        let (tx, rx) = mpsc::channel::<Announcement>();
        let record = (herald == Herald::Espeak).then(|| dir.join("announcements.wav"));
        let index = dir.join("announcements.jsonl");
        let wav = record.clone();
        let thread = thread::Builder::new()
            .name("annabella-herald".into())
            .spawn(move || {
                let mut writer: Option<hound::WavWriter<BufWriter<std::fs::File>>> = None;
                let mut index = wav
                    .as_ref()
                    .and_then(|_| std::fs::File::create(&index).ok())
                    .map(BufWriter::new);
                let mut position_ms = 0u64;
                for a in rx {
                    if let Some(wav) = &wav {
                        let language = match a.to {
                            Listener::SightedPlayer => sighted,
                            _ => vi,
                        };
                        let settings = VoiceSettings::for_language(language);
                        if let Ok(pcm) = espeak::render(&Speech::words(a.text.clone()), &settings) {
                            if writer.is_none() {
                                let spec = hound::WavSpec {
                                    channels: 1,
                                    sample_rate: pcm.rate,
                                    bits_per_sample: 16,
                                    sample_format: hound::SampleFormat::Int,
                                };
                                writer = hound::WavWriter::create(wav, spec).ok();
                            }
                            if let Some(w) = writer.as_mut() {
                                for &s in &pcm.samples {
                                    let _ = w.write_sample(s);
                                }
                                let _ = w.flush();
                            }
                            let end = position_ms + pcm.duration_ms();
                            if let Some(i) = index.as_mut() {
                                let line = IndexLine {
                                    start_ms: position_ms,
                                    end_ms: end,
                                    id: a.id,
                                    to: a.to,
                                    text: &a.text,
                                };
                                let _ = serde_json::to_writer(&mut *i, &line);
                                let _ = i.write_all(b"\n");
                                let _ = i.flush();
                            }
                            position_ms = end;
                        }
                    }
                    done(a.id);
                }
                if let Some(w) = writer {
                    let _ = w.finalize();
                }
            })
            .expect("a thread starts");
        Voice {
            jobs: Some(tx),
            thread: Some(thread),
            record,
        }
    }

    /// Queues an announcement.
    pub fn say(&self, announcement: Announcement) {
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(announcement);
        }
    }

    /// Finishes what is queued and closes the audio record.
    pub fn finish(&mut self) {
        self.jobs.take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Voice {
    fn drop(&mut self) {
        self.finish();
    }
}
