//! Announcements both players can rely on, and the audio record of the game.
//!
//! - [`Speech`]: what is said (words and short pauses); [`Speech::for_move`] phrases a
//!   move with the phonetic renderer, pausing between file and rank.
//! - [`answer`]: clock and move-count answers in words (given only when asked).
//! - [`queue::Queue`]: the sans-IO announcement queue of one speaker (priorities,
//!   supersession, stop, skip), time passed in as a value.
//! - [`Announcer`]: the back ends — the in-memory [`Recorder`] here, more below.
//! - [`Speakers`]: the shell driving queues and back ends for both [`Listener`]s.

pub mod announcer;
pub mod answer;
pub mod espeak;
pub mod listener;
pub mod number;
pub mod queue;
pub mod recorder;
pub mod speakers;
pub mod speech;

pub use announcer::{Announcer, EventSender, SpeechEvent, SpeechEventKind, VoiceError};
pub use listener::{Listener, Route, Routing, VoiceSettings};
pub use queue::{Announcement, MoveRef, Priority};
pub use recorder::{Pace, Recorder, RecorderLog};
pub use speakers::Speakers;
pub use speech::Speech;
