//! The edges' answers to the configuration's questions, and the edges' setups built from
//! its checked values: the station is where `table.toml` meets the hearing, the Lichess
//! board and the hall's broker, so the configuration depends on none of them.

use std::path::Path;

use annabella_broker::{HallConfig, HallProblem};
use annabella_config::{
    ConfigError, EdgeCheck, EdgeRefusal, HallSettings, HearingSettings, LichessSettings, Problem,
    RawHall, SpeechInput, StationConfig,
};
use annabella_lichess_board::{LICHESS, Origin, OriginError, SeekClock, SeekClockError};
use annabella_speech::{AudioInput, HearingSetup, hearing::DEFAULT_MIN_SNR_DB};

/// The edges' own checks, as the configuration asks them while it reads a file.
#[derive(Debug, Clone, Copy, Default)]
pub struct Edges;

impl EdgeCheck for Edges {
    fn speech_model(&self, dir: &Path) -> Result<(), EdgeRefusal> {
        annabella_speech::check_model_dir(dir).map_err(EdgeRefusal::new)
    }

    fn lichess_origin(&self, url: &str) -> Result<(), EdgeRefusal> {
        Origin::parse(url).map(drop).map_err(EdgeRefusal::new)
    }

    fn lichess_seek(&self, text: &str) -> Result<(), EdgeRefusal> {
        text.parse::<SeekClock>()
            .map(drop)
            .map_err(EdgeRefusal::new)
    }

    fn hall(&self, section: &RawHall, base: &Path) -> Vec<Problem> {
        match broker_section(section).check("hall", base) {
            Ok(_) => Vec::new(),
            Err(problems) => problems.into_iter().map(problem).collect(),
        }
    }
}

/// The broker's own form of the `[hall]` section.
fn broker_section(section: &RawHall) -> annabella_broker::RawHall {
    let RawHall {
        broker,
        table,
        user,
        password,
        tls,
        action_key,
        ca,
        signing_key,
    } = section.clone();
    annabella_broker::RawHall {
        broker,
        table,
        user,
        password,
        tls,
        action_key,
        ca,
        signing_key,
    }
}

fn problem(p: HallProblem) -> Problem {
    Problem {
        key: p.key,
        message: p.message,
    }
}

/// The broker's setup for the configuration's `[hall]`: its address, the table's name,
/// credentials and keys (the signing key read from its file).
///
/// # Errors
/// [`ConfigError`] naming the file's keys, when the section no longer holds (a key file
/// removed since the file was read).
pub fn hall_config(settings: &HallSettings) -> Result<HallConfig, ConfigError> {
    broker_section(&settings.section)
        .check("hall", &settings.base)
        .map_err(|problems| ConfigError {
            path: None,
            problems: problems.into_iter().map(problem).collect(),
        })
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

    fn problems_at_1(text: &str) -> Vec<String> {
        problems(text, Path::new("/tables/1"))
    }

    #[test]
    fn the_hall_section_is_checked_by_the_broker_and_built_for_it() {
        let dir = tempfile::tempdir().unwrap();
        let key_file = dir.path().join("table.key");
        annabella_broker::key_file::write_new_signing_key(
            &annabella_hall_wire::signing::TableSigningKey::generate().unwrap(),
            &key_file,
        )
        .unwrap();
        let key = format!("signing_key = \"{}\"\n", key_file.display());
        let c = config_from_str(
            &format!(
                "[hall]\nbroker = \"mqtt://hall.local:1884\"\ntable = \"3\"\n\
                 action_key = \"00112233445566778899aabbccddeeff\"\n{key}"
            ),
            Path::new("/tables/1"),
        )
        .unwrap();
        let hall = hall_config(&c.hall.unwrap()).unwrap();
        assert_eq!(
            (hall.broker.host.as_str(), hall.broker.port),
            ("hall.local", 1884)
        );
        assert_eq!(hall.table, "3");
        assert!(hall.action_key.is_some());
        assert_eq!(
            problems_at_1(&format!(
                "[game]\ntime_control = \"x\"\n[hall]\nbroker = \"http://h\"\ntable = \"3\"\n{key}"
            ))
            .iter()
            .filter(|p| p.starts_with("hall.") || p.starts_with("game."))
            .map(|p| p.split(':').next().unwrap_or_default())
            .collect::<Vec<_>>(),
            ["game.time_control", "hall.broker"],
            "every problem of every section, each by its key"
        );
        let ca = problems_at_1(&format!(
            "[hall]\nbroker = \"mqtts://h\"\ntable = \"3\"\nca = \"ca.pem\"\n{key}"
        ));
        assert_eq!(ca, ["hall.ca: /tables/1/ca.pem: no such file"]);
        let unsigned = problems_at_1("[hall]\nbroker = \"mqtt://h\"\ntable = \"3\"\n");
        assert_eq!(unsigned.len(), 1, "{unsigned:?}");
        assert!(
            unsigned[0].starts_with("hall.signing_key: /tables/1/table.key: "),
            "{unsigned:?}"
        );
    }
}
