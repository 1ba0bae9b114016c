//! The two hearers at the table and where their announcements go.

use std::fmt;

use annabella_phonetic::{Form, Language};
use serde::{Deserialize, Serialize};

/// Who an announcement is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hearer {
    /// The visually impaired player: read-back of their own move, the opponent's moves,
    /// answers to their questions, clock notices.
    ViPlayer,
    /// The sighted player: the VI player's moves.
    SightedPlayer,
}

impl Hearer {
    /// Both hearers.
    pub const ALL: [Hearer; 2] = [Hearer::ViPlayer, Hearer::SightedPlayer];
}

impl fmt::Display for Hearer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Hearer::ViPlayer => "vi_player",
            Hearer::SightedPlayer => "sighted_player",
        })
    }
}

/// How one listener's announcements sound.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoiceSettings {
    /// Language of the voice, as a BCP 47 / espeak-ng code ("de", "en", "lt").
    pub language: String,
    /// A voice name of the back end (speech-dispatcher voice, espeak-ng variant
    /// such as "de+f3"); `None` takes the language's default voice.
    pub voice: Option<String>,
    /// Speech rate, -100 (slowest) … 0 (normal) … 100 (fastest).
    pub rate: i8,
    /// Volume, 0 … 100.
    pub volume: u8,
}

impl VoiceSettings {
    /// The default voice for a lexicon's language at normal rate and full volume.
    pub fn for_language(language: Language) -> Self {
        Self {
            language: language.code().to_owned(),
            voice: None,
            rate: 0,
            volume: 100,
        }
    }

    /// espeak-ng words per minute for [`VoiceSettings::rate`]: 175 at 0, 80 at -100, 350 at 100.
    pub fn espeak_words_per_minute(&self) -> u32 {
        let rate = i32::from(self.rate.clamp(-100, 100));
        if rate >= 0 {
            (175 + rate * 175 / 100) as u32
        } else {
            (175 + rate * 95 / 100) as u32
        }
    }

    /// The espeak-ng voice argument: the named voice, else the language code.
    pub fn espeak_voice(&self) -> &str {
        self.voice.as_deref().unwrap_or(&self.language)
    }
}

/// Where each listener is heard and how: an output (speaker) index, a voice, and the
/// scheme moves are phrased in.
///
/// Two hearers on the same output share one speaker and one queue; on different
/// outputs they are heard independently (e.g. an earpiece for the VI player).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// Index of the output (back end) this listener hears.
    pub output: usize,
    /// The voice used for this listener.
    pub voice: VoiceSettings,
    /// The lexicon moves are said in (de = FIDE scheme; lt/lv/hu piece names).
    pub scheme: Language,
    /// Short (SAN-like) or full from-to announcements.
    pub form: Form,
}

impl Route {
    /// Output `output`, the scheme's default voice, short announcements.
    pub fn new(output: usize, scheme: Language) -> Self {
        Self {
            output,
            voice: VoiceSettings::for_language(scheme),
            scheme,
            form: Form::Short,
        }
    }
}

/// The routes of both hearers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Routing {
    /// Route of [`Hearer::ViPlayer`].
    pub vi_player: Route,
    /// Route of [`Hearer::SightedPlayer`].
    pub sighted_player: Route,
}

impl Routing {
    /// Both hearers on output 0 with the same voice (its language is the scheme,
    /// German when it names none of de/en/lt/lv/hu).
    pub fn shared(voice: VoiceSettings) -> Self {
        let scheme = scheme_of(&voice);
        let route = Route {
            output: 0,
            voice,
            scheme,
            form: Form::Short,
        };
        Self {
            vi_player: route.clone(),
            sighted_player: route,
        }
    }

    /// The VI player on output 0, the sighted player on output 1, each with a voice.
    pub fn separate(vi_player: VoiceSettings, sighted_player: VoiceSettings) -> Self {
        Self {
            vi_player: Route {
                output: 0,
                scheme: scheme_of(&vi_player),
                voice: vi_player,
                form: Form::Short,
            },
            sighted_player: Route {
                output: 1,
                scheme: scheme_of(&sighted_player),
                voice: sighted_player,
                form: Form::Short,
            },
        }
    }

    /// The route of a listener.
    pub fn route(&self, listener: Hearer) -> &Route {
        match listener {
            Hearer::ViPlayer => &self.vi_player,
            Hearer::SightedPlayer => &self.sighted_player,
        }
    }

    /// The number of outputs the routes use (highest index + 1).
    pub fn outputs(&self) -> usize {
        self.vi_player.output.max(self.sighted_player.output) + 1
    }
}

/// The lexicon for a voice's language: its primary subtag if it is one of ours, else
/// the FIDE scheme (German).
fn scheme_of(voice: &VoiceSettings) -> Language {
    let primary = voice.language.split(['-', '_']).next().unwrap_or("");
    Language::ALL
        .into_iter()
        .find(|l| l.code().eq_ignore_ascii_case(primary))
        .unwrap_or(Language::De)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn espeak_rate_mapping() {
        let mut v = VoiceSettings::for_language(Language::De);
        assert_eq!(v.espeak_words_per_minute(), 175);
        v.rate = 100;
        assert_eq!(v.espeak_words_per_minute(), 350);
        v.rate = -100;
        assert_eq!(v.espeak_words_per_minute(), 80);
        v.rate = i8::MIN;
        assert_eq!(v.espeak_words_per_minute(), 80);
        assert_eq!(v.espeak_voice(), "de");
        v.voice = Some("de+f3".into());
        assert_eq!(v.espeak_voice(), "de+f3");
    }

    #[test]
    fn routing_outputs() {
        let de = VoiceSettings::for_language(Language::De);
        let en = VoiceSettings::for_language(Language::En);
        assert_eq!(Routing::shared(de.clone()).outputs(), 1);
        let r = Routing::separate(de.clone(), en.clone());
        assert_eq!(r.outputs(), 2);
        assert_eq!(r.route(Hearer::SightedPlayer).voice, en);
        assert_eq!(r.route(Hearer::ViPlayer).voice, de);
        assert_eq!(r.route(Hearer::SightedPlayer).scheme, Language::En);
        let mut lt = VoiceSettings::for_language(Language::Lt);
        lt.language = "lt-LT".into();
        assert_eq!(Routing::shared(lt).vi_player.scheme, Language::Lt);
        let mut other = VoiceSettings::for_language(Language::De);
        other.language = "fr".into();
        assert_eq!(Routing::shared(other).vi_player.scheme, Language::De);
    }
}
