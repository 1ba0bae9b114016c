//! Announcements both players can rely on, and the audio record of the game.
//!
//! - [`Speech`]: what is said (words and short pauses); [`Speech::for_move`] phrases a
//!   move with the phonetic renderer, pausing between file and rank.
//! - [`queue::Queue`]: the sans-IO announcement queue of one speaker (priorities,
//!   supersession, stop, skip), time passed in as a value.
//! - [`Announcer`]: the back ends — [`speechd::SpeechDispatcher`] (the speech-dispatcher
//!   client library), [`tts::TtsSpeaker`] (the `tts` crate: the platform's speech or
//!   the screen reader), [`espeak::Espeak`] (espeak-ng) and the in-memory [`Recorder`].
//! - [`Earcon`]: short generated sounds (own move, opponent moved, check, not
//!   understood, low-time tick, arbiter), played through the same queue.
//! - [`record::AudioRecord`]: the audio record of the game (Law D.2.7) with its index.
//! - [`Speakers`]: the queues and back ends of both [`Hearer`]s, driven by the caller.
//! - [`discovery`]: which back end each hearer gets ([`VoicePlan`] → [`Found`]).
//! - [`Herald`]: the speaking thread: announcements in, [`HeraldNews`] (said, done)
//!   out, the audio record kept on the way.
//!
//! ```
//! use std::sync::mpsc;
//! use annabella_phonetic::Language;
//! use annabella_voice::{
//!     Readout, Backend, Hearer, HearerVoice, Herald, HeraldNews, Speech, SpeechdAddress,
//!     VoicePlan,
//! };
//! // Text only: nothing is played, every announcement is reported as said.
//! let voice = HearerVoice::new(Backend::Text, Language::De, "de", None);
//! let plan = VoicePlan { vi: voice.clone(), sighted: voice };
//! let (news, heard) = mpsc::channel();
//! let mut herald = Herald::start(
//!     &plan,
//!     &SpeechdAddress::from_env(),
//!     None,
//!     Box::new(|_| 0),
//!     Box::new(move |n| { let _ = news.send(n); }),
//! )?;
//! herald.say(7, &[Hearer::ViPlayer], |h| Readout::answer(h, Speech::words("Weiß am Zug")));
//! herald.finish();
//! let news: Vec<HeraldNews> = heard.try_iter().collect();
//! assert!(matches!(&news[0], HeraldNews::Said(s) if s.text == "Weiß am Zug"));
//! assert_eq!(news.last(), Some(&HeraldNews::Done(7)));
//! # Ok::<_, annabella_voice::HeraldError>(())
//! ```

pub mod announcer;
pub mod discovery;
pub mod earcon;
pub mod earcon_output;
pub mod espeak;
pub mod headless;
pub mod hearer;
pub mod herald;
pub mod pcm;
pub mod queue;
pub mod read_back;
pub mod record;
pub mod recorder;
pub mod say;
pub mod speakers;
pub mod speech;
pub mod speechd;
pub mod tts;

pub use announcer::{
    Announcer, EventSender, SpeakRequest, SpeechEvent, SpeechEventKind, VoiceError,
};
pub use discovery::{
    Backend, Found, HearerVoice, HeraldError, SpeechdAddress, VoicePlan, rate_of_wpm,
};
pub use earcon::Earcon;
pub use espeak::Espeak;
pub use hearer::{Hearer, Route, Routing, VoiceSettings};
pub use herald::{Herald, HeraldNews, RecordAt, Said};
pub use pcm::Pcm;
pub use queue::{MoveRef, Precedence, Readout};
pub use recorder::{Pace, Recorder, RecorderLog};
pub use speakers::Speakers;
pub use speech::Speech;
