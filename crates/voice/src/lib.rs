//! Announcements both players can rely on, and the audio record of the game.
//!
//! - [`Speech`]: what is said (words and short pauses); [`Speech::for_move`] phrases a
//!   move with the phonetic renderer, pausing between file and rank.
//! - [`queue::Queue`]: the sans-IO announcement queue of one speaker (priorities,
//!   supersession, stop, skip), time passed in as a value.
//! - [`Announcer`]: the back ends — [`speechd::SpeechDispatcher`] (tts crate),
//!   [`espeak::Espeak`] (espeak-ng) and the in-memory [`Recorder`].
//! - [`record::AudioRecord`]: the audio record of the game (Law D.2.7) with its index.
//! - [`Speakers`]: the shell driving queues and back ends for both [`Listener`]s.

pub mod announcer;
pub mod espeak;
pub mod headless;
pub mod listener;
pub mod queue;
pub mod record;
pub mod recorder;
pub mod speakers;
pub mod speech;
pub mod speechd;

pub use announcer::{Announcer, EventSender, SpeechEvent, SpeechEventKind, VoiceError};
pub use listener::{Listener, Route, Routing, VoiceSettings};
pub use queue::{Announcement, MoveRef, Priority};
pub use recorder::{Pace, Recorder, RecorderLog};
pub use speakers::Speakers;
pub use speech::Speech;
