//! The edges' answers to the configuration's questions, and the edges' setups built from
//! its checked values: the station is where `table.toml` meets the hearing and the
//! Lichess board, so the configuration depends on neither.

use std::path::Path;

use annabella_config::{
    ConfigError, EdgeCheck, HearingSettings, LichessSettings, SpeechInput, StationConfig,
};
use annabella_lichess_board::{LICHESS, Origin, OriginError, SeekClock, SeekClockError};
use annabella_speech::{AudioInput, HearingSetup, hearing::DEFAULT_MIN_SNR_DB};

/// The edges' own checks, as the configuration asks them while it reads a file.
#[derive(Debug, Clone, Copy, Default)]
pub struct Edges;

impl EdgeCheck for Edges {
    fn speech_model(&self, dir: &Path) -> Result<(), String> {
        annabella_speech::check_model_dir(dir).map_err(|e| e.to_string())
    }

    fn lichess_origin(&self, url: &str) -> Result<(), String> {
        Origin::parse(url).map(drop).map_err(|e| e.to_string())
    }

    fn lichess_seek(&self, text: &str) -> Result<(), String> {
        text.parse::<SeekClock>()
            .map(drop)
            .map_err(|e| e.to_string())
    }
}

/// Reads and checks the table's file at `path`, the edges answering what only they know.
///
/// # Errors
/// [`ConfigError`] naming the file and every problem in it.
pub fn load_config(path: &Path) -> Result<StationConfig, ConfigError> {
    StationConfig::load(path, &Edges)
}

/// Checks TOML text as [`load_config`] does a file; relative paths are taken from `base`.
///
/// # Errors
/// [`ConfigError`] listing every problem.
pub fn config_from_str(text: &str, base: &Path) -> Result<StationConfig, ConfigError> {
    StationConfig::from_toml_str(text, base, &Edges)
}

/// The hearing's setup for the configuration's `[speech]` section.
pub fn hearing_setup(settings: &HearingSettings) -> HearingSetup {
    HearingSetup {
        model: settings.model.clone(),
        input: match &settings.input {
            SpeechInput::Mic(device) => AudioInput::Mic(device.clone()),
            SpeechInput::Wav(path) => AudioInput::Wav(path.clone()),
            SpeechInput::Stdin => AudioInput::Stdin,
        },
        push_to_talk: settings.push_to_talk,
        trailing_silence: settings.trailing_silence,
        leaf_silence: settings.leaf_silence,
        min_snr_db: settings.min_snr_db.unwrap_or(DEFAULT_MIN_SNR_DB),
    }
}

/// Why the Lichess settings could not become the board's (a file changed after it was
/// checked, or settings made by hand).
#[derive(Debug, thiserror::Error)]
pub enum LichessSettingsError {
    /// `lichess_url` is no address the token may go to.
    #[error("opponent.lichess_url: {0}")]
    Origin(#[from] OriginError),
    /// `seek` is no time control of a seek.
    #[error("opponent.seek: {0}")]
    Seek(#[from] SeekClockError),
}

/// The Lichess board's address and seek for the configuration's `[opponent]` section.
///
/// # Errors
/// [`LichessSettingsError`] when either is not one the board takes.
pub fn lichess_origin_and_seek(
    settings: &LichessSettings,
) -> Result<(Origin, Option<SeekClock>), LichessSettingsError> {
    let origin = Origin::parse(settings.origin.as_deref().unwrap_or(LICHESS))?;
    let seek = settings
        .seek
        .as_deref()
        .map(str::parse::<SeekClock>)
        .transpose()?;
    Ok((origin, seek))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(text: &str, base: &Path) -> Vec<String> {
        config_from_str(text, base)
            .unwrap_err()
            .problems
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_model_directory_is_checked_by_the_hearing_and_named_at_its_key() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("m")).unwrap();
        // An empty directory is not a model; the files of a small model make one.
        let got = problems("[speech]\nmodel = \"m\"\n", dir.path());
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(got[0].starts_with("speech.model: "), "{got:?}");
        assert!(got[0].contains("is not a Vosk model"), "{got:?}");
        for f in [
            "am/final.mdl",
            "conf/model.conf",
            "graph/HCLr.fst",
            "graph/Gr.fst",
        ] {
            let p = dir.path().join("m").join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "").unwrap();
        }
        let c = config_from_str("[speech]\nmodel = \"m\"\n", dir.path()).unwrap();
        let annabella_config::SpeechSource::Vosk(settings) = &c.speech else {
            panic!("{:?}", c.speech);
        };
        assert_eq!(
            hearing_setup(settings),
            HearingSetup {
                model: dir.path().join("m"),
                input: AudioInput::Mic(None),
                push_to_talk: false,
                trailing_silence: std::time::Duration::from_millis(600),
                leaf_silence: std::time::Duration::from_millis(100),
                min_snr_db: DEFAULT_MIN_SNR_DB,
            }
        );
    }

    #[test]
    fn a_lichess_address_and_seek_are_checked_by_the_board_and_built_for_it() {
        let base = Path::new("/etc/annabella");
        let got = problems(
            "[devices]\ndgt = \"none\"\n[opponent]\nlichess_token_file = \"t\"\n\
             lichess_url = \"http://lichess.org\"\nseek = \"3\"\n",
            base,
        );
        assert!(
            got.iter().any(|p| p.starts_with("opponent.lichess_url: ")),
            "{got:?}"
        );
        assert!(
            got.iter()
                .any(|p| p.starts_with("opponent.seek: ") && p.contains("15+10")),
            "{got:?}"
        );
        let c = config_from_str(
            "[devices]\ndgt = \"none\"\n[opponent]\nlichess_token_file = \"t\"\nseek = \"15+10\"\n",
            base,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let Some(annabella_config::Opponent::Lichess(l)) = &c.opponent else {
            panic!("{:?}", c.opponent);
        };
        let (origin, seek) = lichess_origin_and_seek(l).unwrap();
        assert_eq!(origin, Origin::parse(LICHESS).unwrap());
        assert_eq!(
            seek,
            Some(SeekClock {
                minutes: 15,
                increment: 10
            })
        );
    }
}
