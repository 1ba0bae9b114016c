//! Hears the visually impaired player: audio in, Vosk recognition against the phrases
//! that are legal now, utterances with timings out.
//!
//! - [`SpeechModel`]: a small Vosk model, checked and loaded; probes words (`find_word`).
//! - [`Decoder`]: one recognizer for one phrase list: partial and final readings,
//!   n-best with scores, word timings, per-word confidence.
//! - [`Listener`]: the sans-IO core: PCM chunks with their capture time in; voice
//!   activity detection, endpointing, early finalization, push-to-talk, muting while our
//!   own announcement plays; [`Event`]s out, each utterance a [`Heard`] resolved by
//!   annabella-phonetic against the position.
//!
//! ```no_run
//! use std::{sync::Arc, time::Instant};
//! use annabella_speech::{Event, ListenFor, Listener, ListenerConfig, SpeechModel};
//! use annabella_phonetic::Language;
//! let model = Arc::new(SpeechModel::load("models/vosk-model-small-de-0.15")?);
//! let listen_for = ListenFor::Moves { position: shakmaty::Chess::default(), language: Language::De };
//! let mut listener = Listener::new(model, listen_for, ListenerConfig::default(), Instant::now())?;
//! # let chunk = [0i16; 320];
//! listener.handle_audio(Instant::now(), &chunk)?; // 16 kHz mono, as it arrives
//! while let Some(event) = listener.poll_event() {
//!     if let Event::Heard(heard) = event {
//!         println!("{} -> {:?}", heard.text, heard.resolution);
//!     }
//! }
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

pub mod audio;
pub mod decoder;
pub mod listener;
pub mod model;
pub mod vad;

pub use audio::{AudioError, AudioSource, Chunk, MicSource, PcmSource, WavSource};
pub use decoder::{DecodeError, Decoder, GrammarError, HeardWord, Reading, SAMPLE_RATE};
pub use listener::{EndedBy, Event, Heard, Input, ListenFor, Listener, ListenerConfig, Mode};
pub use model::{
    LoadProgress, MANIFEST, ManifestEntry, ModelError, SpeechModel, check_manifest,
    check_model_dir, read_manifest, trial_load,
};
