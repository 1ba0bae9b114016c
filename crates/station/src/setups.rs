//! Each edge's setup, built from `table.toml`'s checked values: the configuration knows
//! only its own types, and the station turns them into what the voice, the Braille
//! display and the journal's secret are opened with.

use std::path::PathBuf;

use annabella_braille_display::brlapi::BrlapiSettings;
use annabella_phonetic::Language;
use annabella_voice::{Backend, HearerVoice, VoicePlan};

use crate::config::{BrailleDisplaySettings, StationConfig, VoiceBackend, VoiceSpec};

/// How both players are to be spoken to (`[voice.vi]`, `[voice.sighted]`).
pub fn voice_plan(config: &StationConfig) -> VoicePlan {
    let hearer = |v: &VoiceSpec, language: Language| HearerVoice {
        earcons: v.earcons,
        ..HearerVoice::new(backend(v.backend), language, &v.voice, v.rate)
    };
    VoicePlan {
        vi: hearer(&config.vi_voice, config.game.vi_language),
        sighted: hearer(&config.sighted_voice, config.game.sighted_language),
    }
}

/// The voice edge's back end of the configured name.
pub fn backend(configured: VoiceBackend) -> Backend {
    match configured {
        VoiceBackend::Auto => Backend::Auto,
        VoiceBackend::Speechd => Backend::Speechd,
        VoiceBackend::Tts => Backend::Tts,
        VoiceBackend::Espeak => Backend::Espeak,
        VoiceBackend::Text => Backend::Text,
        VoiceBackend::None => Backend::None,
    }
}

/// The table's secret, the key of its journals' MACs: beside the config, named after it
/// (`table.toml` → `table.secret`; made by `annabella init`, or by the first `play`).
pub fn secret_file(config: &StationConfig) -> PathBuf {
    crate::journal::secret_path(&config.file)
}

/// Where brltty's BrlAPI server is, as `[braille]` gives it.
pub fn brlapi(settings: &BrailleDisplaySettings) -> BrlapiSettings {
    BrlapiSettings {
        host: settings.host.clone(),
        auth: settings.auth.clone(),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    #[test]
    fn the_secret_is_named_after_the_config_file() {
        let text = crate::edges::config_from_str("", Path::new("/tables/1")).unwrap();
        assert_eq!(secret_file(&text), Path::new("/tables/1/table.secret"));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("table-3.toml");
        std::fs::write(&path, "").unwrap();
        let loaded = crate::edges::load_config(&path).unwrap();
        assert_eq!(secret_file(&loaded), dir.path().join("table-3.secret"));
    }

    use super::*;

    #[test]
    fn each_configured_voice_is_the_voice_edges_back_end_of_its_name() {
        let config = crate::edges::config_from_str(
            "[voice.vi]\nbackend = \"espeak\"\nvoice = \"de+f3\"\nrate = 180\nearcons = true\n\
             [voice.sighted]\nbackend = \"none\"\n[language]\nsighted = \"en\"\n",
            Path::new("."),
        )
        .unwrap();
        let plan = voice_plan(&config);
        assert_eq!(plan.vi.backend, Backend::Espeak);
        assert!(plan.vi.earcons);
        assert_eq!(plan.vi.settings.voice.as_deref(), Some("de+f3"));
        assert_eq!(plan.vi.settings.rate, annabella_voice::rate_of_wpm(180));
        assert_eq!(plan.vi.settings.language, "de");
        assert_eq!(plan.sighted.backend, Backend::None);
        assert!(!plan.sighted.earcons);
        assert_eq!(plan.sighted.settings.language, "en");
        for (name, expected) in [
            ("auto", Backend::Auto),
            ("speechd", Backend::Speechd),
            ("speech-dispatcher", Backend::Speechd),
            ("tts", Backend::Tts),
            ("espeak-ng", Backend::Espeak),
            ("text", Backend::Text),
        ] {
            let config = crate::edges::config_from_str(
                &format!("[voice.vi]\nbackend = \"{name}\"\n"),
                Path::new("."),
            )
            .unwrap();
            assert_eq!(voice_plan(&config).vi.backend, expected, "{name}");
        }
    }
}
