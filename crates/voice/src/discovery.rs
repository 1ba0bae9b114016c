//! Which back end each hearer gets: the configured [`Backend`] (`auto` takes the
//! running screen reader on Windows, else speech-dispatcher when its socket answers,
//! else espeak-ng, else text), resolved at start into what was [`Found`] and why.

use std::{
    io::{Read, Write},
    os::unix::net::UnixStream,
    path::{Path, PathBuf},
    time::Duration,
};

use annabella_phonetic::Language;
use serde::{Deserialize, Serialize};

use crate::{Espeak, VoiceSettings, espeak};

/// How a hearer is to hear announcements, as configured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Backend {
    /// The best available: the screen reader (Windows), else speech-dispatcher, else
    /// espeak-ng, else text.
    Auto,
    /// speech-dispatcher.
    Speechd,
    /// The `tts` crate: the platform's speech (speech-dispatcher on Linux, WinRT on
    /// Windows, AVFoundation on macOS), or the running screen reader on Windows.
    Tts,
    /// espeak-ng.
    Espeak,
    /// Printed text only.
    Text,
    /// Silent (e.g. the sighted player reads the console).
    None,
}

/// One hearer's voice as configured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HearerVoice {
    /// The configured back end (`auto` is resolved at start).
    pub backend: Backend,
    /// Language, voice name, rate.
    pub settings: VoiceSettings,
    /// Whether the hearer gets earcons (short sounds for events).
    pub earcons: bool,
}

impl HearerVoice {
    /// `backend` speaking `language`; `voice` is a back end voice name (one named like
    /// the language is the language's default voice), `wpm` espeak-ng-style words per
    /// minute.
    pub fn new(backend: Backend, language: Language, voice: &str, wpm: Option<u32>) -> Self {
        let mut settings = VoiceSettings::for_language(language);
        if !voice.eq_ignore_ascii_case(language.code()) {
            settings.voice = Some(voice.to_owned());
        }
        if let Some(wpm) = wpm {
            settings.rate = rate_of_wpm(wpm);
        }
        HearerVoice {
            backend,
            settings,
            earcons: false,
        }
    }
}

/// How both hearers are to be spoken to, before the back ends are looked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoicePlan {
    /// The VI player.
    pub vi: HearerVoice,
    /// The sighted player.
    pub sighted: HearerVoice,
}

impl VoicePlan {
    /// The same voices for the languages the table speaks (a continued journal keeps
    /// its own languages).
    pub fn with_languages(mut self, vi: Language, sighted: Language) -> VoicePlan {
        self.vi.settings.language = vi.code().to_owned();
        self.sighted.settings.language = sighted.code().to_owned();
        self
    }

    /// Text only for both (no sound, no audio record).
    pub fn text(mut self) -> VoicePlan {
        self.vi.backend = Backend::Text;
        self.sighted.backend = Backend::Text;
        self
    }
}

/// espeak-ng-style words per minute → the voice crate's rate (-100 … 100, 175 wpm = 0).
pub fn rate_of_wpm(wpm: u32) -> i8 {
    let wpm = i64::from(wpm);
    let rate = if wpm >= 175 {
        ((wpm - 175) * 100 + 87) / 175
    } else {
        -(((175 - wpm) * 100 + 47) / 95)
    };
    rate.clamp(-100, 100) as i8
}

/// A back end as found at start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Found {
    /// speech-dispatcher.
    Speechd,
    /// The platform's speech through the `tts` crate.
    Tts,
    /// The running screen reader through the `tts` crate (Windows: NVDA, JAWS).
    ScreenReader,
    /// espeak-ng on the sound device.
    EspeakSpeaker,
    /// espeak-ng into the audio record only (no sound device).
    EspeakRecord,
    /// Printed text only.
    Text,
    /// Silent.
    None,
}

impl Found {
    /// The back end's name for messages.
    pub fn name(self) -> &'static str {
        match self {
            Found::Speechd => "speech-dispatcher",
            Found::Tts => "tts (the platform's speech)",
            Found::ScreenReader => "tts (the running screen reader)",
            Found::EspeakSpeaker => "espeak-ng",
            Found::EspeakRecord => "espeak-ng (into the audio record: no sound device)",
            Found::Text => "text",
            Found::None => "none",
        }
    }

    /// Whether it makes sound (or audio for the record).
    pub fn audible(self) -> bool {
        matches!(
            self,
            Found::Speechd
                | Found::Tts
                | Found::ScreenReader
                | Found::EspeakSpeaker
                | Found::EspeakRecord
        )
    }

    /// Whether two hearers with these back ends share one output (one queue).
    pub fn same_output(self, other: Found) -> bool {
        self == other || (!self.audible() && !other.audible())
    }
}

/// Why the herald could not start.
#[derive(Debug, thiserror::Error)]
#[error("voice.{hearer}: {message}")]
pub struct HeraldError {
    /// `vi` or `sighted` (the config section).
    pub hearer: &'static str,
    /// What is wrong.
    pub message: String,
    /// The error behind it, when there is one (its words are `message`).
    #[source]
    pub cause: Option<Box<dyn std::error::Error + Send + Sync>>,
}

impl HeraldError {
    /// `hearer`'s voice failed with `message` (no error behind it).
    pub fn new(hearer: &'static str, message: impl Into<String>) -> HeraldError {
        HeraldError {
            hearer,
            message: message.into(),
            cause: None,
        }
    }

    /// `hearer`'s voice failed with `cause`, whose words are the message.
    pub fn with_cause(
        hearer: &'static str,
        cause: impl std::error::Error + Send + Sync + 'static,
    ) -> HeraldError {
        HeraldError {
            hearer,
            message: cause.to_string(),
            cause: Some(Box::new(cause)),
        }
    }
}

/// Where a speech-dispatcher client connects: `SPEECHD_ADDRESS` as read from the
/// environment (or given by a test), else the user's runtime directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpeechdAddress(pub Option<String>);

impl SpeechdAddress {
    /// The address of this process's environment.
    pub fn from_env() -> SpeechdAddress {
        SpeechdAddress(std::env::var("SPEECHD_ADDRESS").ok())
    }

    /// The unix socket (`None` for an inet address or no runtime directory).
    fn socket(&self) -> Option<PathBuf> {
        if let Some(address) = &self.0 {
            return address.strip_prefix("unix_socket:").map(PathBuf::from);
        }
        let runtime = std::env::var_os("XDG_RUNTIME_DIR")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cache")))?;
        Some(runtime.join("speech-dispatcher/speechd.sock"))
    }

    /// Whether a speech-dispatcher answers there (without starting one).
    pub fn answers(&self) -> bool {
        let Some(socket) = self.socket() else {
            // An inet address: let the client library try.
            return self
                .0
                .as_deref()
                .is_some_and(|a| a.starts_with("inet_socket:"));
        };
        let Ok(mut stream) = UnixStream::connect(&socket) else {
            return false;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
        if stream.write_all(b"QUIT\r\n").is_err() {
            return false;
        }
        let mut reply = [0u8; 3];
        stream.read_exact(&mut reply).is_ok() && reply.iter().all(u8::is_ascii_digit)
    }
}

/// Whether espeak-ng can play aloud here (an ALSA card or a PulseAudio server).
pub(crate) fn sound_device() -> bool {
    let alsa = std::fs::read_to_string("/proc/asound/cards")
        .is_ok_and(|c| !c.trim().is_empty() && !c.contains("no soundcards"));
    let pulse = std::env::var_os("PULSE_SERVER").is_some()
        || std::env::var_os("XDG_RUNTIME_DIR")
            .is_some_and(|d| Path::new(&d).join("pulse/native").exists());
    alsa || pulse
}

/// A back end as found at start, and why it was taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The back end.
    pub found: Found,
    /// Why (for `auto`: what was there and what was not).
    pub why: String,
}

/// The back end `hearer` (`vi`, `sighted`) gets for `voice`, and why.
///
/// # Errors
/// espeak-ng was asked for and is missing or lacks the voice.
pub fn find(
    hearer: &'static str,
    voice: &HearerVoice,
    speechd: &SpeechdAddress,
) -> Result<Choice, HeraldError> {
    let fail = |message: String| HeraldError::new(hearer, message);
    let espeak = || {
        Espeak::check().map_err(|e| fail(format!("{e} (scripts/setup.sh installs espeak-ng)")))?;
        espeak::check_voice(&voice.settings).map_err(|e| HeraldError::with_cause(hearer, e))?;
        Ok::<_, HeraldError>(if sound_device() {
            Found::EspeakSpeaker
        } else {
            Found::EspeakRecord
        })
    };
    let chose = |found: Found, why: &str| Choice {
        found,
        why: why.to_owned(),
    };
    let address = speechd
        .0
        .as_deref()
        .unwrap_or("the user's runtime directory");
    Ok(match voice.backend {
        Backend::Auto if crate::tts::screen_reader_running() => {
            chose(Found::ScreenReader, "a screen reader is running")
        }
        Backend::Auto if speechd.answers() => Choice {
            found: Found::Speechd,
            why: format!("speech-dispatcher answers at {address}"),
        },
        // Off Linux the platform's own speech comes before espeak-ng.
        Backend::Auto if cfg!(any(windows, target_os = "macos")) => {
            chose(Found::Tts, "no screen reader runs")
        }
        Backend::Auto => match espeak() {
            Ok(found) => Choice {
                found,
                why: format!(
                    "no speech-dispatcher answers at {address}; espeak-ng is installed{}",
                    if found == Found::EspeakRecord {
                        ", but there is no sound device"
                    } else {
                        ""
                    }
                ),
            },
            Err(e) => Choice {
                found: Found::Text,
                why: format!(
                    "no speech-dispatcher answers at {address}, and {}",
                    e.message
                ),
            },
        },
        Backend::Speechd => chose(Found::Speechd, "configured"),
        Backend::Tts if crate::tts::screen_reader_running() => chose(
            Found::ScreenReader,
            "configured, and a screen reader is running",
        ),
        Backend::Tts => chose(Found::Tts, "configured"),
        Backend::Espeak => chose(espeak()?, "configured"),
        Backend::Text => chose(Found::Text, "configured"),
        Backend::None => chose(Found::None, "configured"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_per_minute_become_the_same_espeak_rate() {
        for wpm in [80, 120, 160, 175, 200, 260, 300, 350] {
            let mut v = VoiceSettings::for_language(Language::De);
            v.rate = rate_of_wpm(wpm);
            let back = v.espeak_words_per_minute();
            assert!(
                back.abs_diff(wpm) <= 1,
                "{wpm} wpm → rate {} → {back}",
                v.rate
            );
        }
        assert_eq!(rate_of_wpm(175), 0);
        assert_eq!(rate_of_wpm(80), -100);
        assert_eq!(rate_of_wpm(350), 100);
    }

    #[test]
    fn a_voice_named_like_the_language_is_the_default_voice() {
        let de = HearerVoice::new(Backend::Auto, Language::De, "de", None);
        assert_eq!(de.settings, VoiceSettings::for_language(Language::De));
        let f3 = HearerVoice::new(Backend::Auto, Language::De, "de+f3", Some(300));
        assert_eq!(f3.settings.voice.as_deref(), Some("de+f3"));
        assert_eq!(f3.settings.rate, 71);
    }

    #[test]
    fn no_speech_dispatcher_socket_means_it_does_not_answer() {
        let dir = tempfile::tempdir().unwrap();
        let none = dir.path().join("none");
        let address = SpeechdAddress(Some(format!("unix_socket:{}", none.display())));
        assert!(!address.answers());
        let voice = HearerVoice::new(Backend::Auto, Language::De, "de", None);
        let choice = find("vi", &voice, &address).unwrap();
        assert_ne!(choice.found, Found::Speechd);
        assert!(
            choice.why.starts_with("no speech-dispatcher answers"),
            "{choice:?}"
        );
    }

    #[test]
    fn a_running_speech_dispatcher_answers() {
        let speechd = crate::headless::HeadlessSpeechd::start()
            .expect("speech-dispatcher and espeak-ng: run scripts/setup.sh");
        let address = SpeechdAddress(Some(speechd.address()));
        // Its socket is there before it answers; on a busy machine that takes a moment.
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        while !address.answers() {
            assert!(
                std::time::Instant::now() < deadline,
                "no answer within 20 s"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let voice = HearerVoice::new(Backend::Auto, Language::De, "de", None);
        let choice = find("vi", &voice, &address).unwrap();
        assert_eq!(choice.found, Found::Speechd);
        assert!(choice.why.contains("answers at unix_socket:"), "{choice:?}");
    }
}
