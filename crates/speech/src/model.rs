//! A Vosk model on disk: checked, loaded, and asked which words it knows.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Why a model could not be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ModelError {
    /// The directory does not exist.
    #[error(
        "no speech model at {0}: run models/fetch.sh (German/English) or scripts/setup.sh (Korean test model)"
    )]
    Missing(PathBuf),
    /// The directory exists but lacks a file every Vosk model has.
    #[error("{dir} is not a Vosk model: {file} is missing")]
    Incomplete {
        /// The model directory.
        dir: PathBuf,
        /// The file that should be there, relative to `dir`.
        file: &'static str,
    },
    /// A big model: its graph is compiled (HCLG.fst), so it cannot take a per-position grammar.
    #[error(
        "{0} is a big Vosk model (graph/HCLG.fst, no graph/HCLr.fst): it ignores runtime grammars; use a small model such as vosk-model-small-de-0.15"
    )]
    NoRuntimeGrammar(PathBuf),
    /// libvosk refused to load it (see its log on stderr).
    #[error("libvosk could not load the model in {0} (corrupt or incompatible files)")]
    LoadFailed(PathBuf),
}

/// Checks the files of a model directory without loading it: present, a Vosk model, and
/// a small model that accepts runtime grammars.
///
/// # Errors
/// [`ModelError::Missing`], [`ModelError::Incomplete`] or [`ModelError::NoRuntimeGrammar`].
pub fn check_model_dir(dir: &Path) -> Result<(), ModelError> {
    if !dir.is_dir() {
        return Err(ModelError::Missing(dir.to_owned()));
    }
    if !dir.join("am/final.mdl").is_file() && !dir.join("final.mdl").is_file() {
        return Err(ModelError::Incomplete {
            dir: dir.to_owned(),
            file: "am/final.mdl",
        });
    }
    if !dir.join("conf/model.conf").is_file() {
        return Err(ModelError::Incomplete {
            dir: dir.to_owned(),
            file: "conf/model.conf",
        });
    }
    let small = dir.join("graph/HCLr.fst").is_file() && dir.join("graph/Gr.fst").is_file();
    if !small {
        if dir.join("graph/HCLG.fst").is_file() {
            return Err(ModelError::NoRuntimeGrammar(dir.to_owned()));
        }
        return Err(ModelError::Incomplete {
            dir: dir.to_owned(),
            file: "graph/HCLr.fst",
        });
    }
    Ok(())
}

/// Progress of [`SpeechModel::load_with_progress`].
#[derive(Debug, Clone, PartialEq)]
pub enum LoadProgress {
    /// Loading begins; the model's files total this many bytes.
    Started {
        /// Size of the model directory.
        bytes: u64,
    },
    /// Loading finished after this long.
    Loaded {
        /// Time spent in libvosk.
        took: Duration,
    },
}

/// A loaded small Vosk model (shared by every recognizer built from it).
pub struct SpeechModel {
    /// libvosk's `find_word` wants exclusive access; recognizers only share it.
    model: std::sync::Mutex<vosk::Model>,
    dir: PathBuf,
}

impl std::fmt::Debug for SpeechModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SpeechModel")
            .field("dir", &self.dir)
            .finish()
    }
}

impl SpeechModel {
    /// Checks and loads the model in `dir` (≈ 1.5 s and 0.5 GB for a small model).
    ///
    /// # Errors
    /// See [`ModelError`].
    pub fn load(dir: impl AsRef<Path>) -> Result<SpeechModel, ModelError> {
        Self::load_with_progress(dir, |_| {})
    }

    /// Like [`SpeechModel::load`], reporting when loading starts and ends (libvosk
    /// loads in one call, so there is nothing in between; a UI shows a spinner).
    ///
    /// # Errors
    /// See [`ModelError`].
    pub fn load_with_progress(
        dir: impl AsRef<Path>,
        mut progress: impl FnMut(LoadProgress),
    ) -> Result<SpeechModel, ModelError> {
        let dir = dir.as_ref();
        check_model_dir(dir)?;
        quiet_vosk();
        progress(LoadProgress::Started {
            bytes: dir_size(dir),
        });
        let start = Instant::now();
        let path = dir
            .to_str()
            .ok_or_else(|| ModelError::LoadFailed(dir.to_owned()))?;
        let model = vosk::Model::new(path).ok_or_else(|| ModelError::LoadFailed(dir.to_owned()))?;
        progress(LoadProgress::Loaded {
            took: start.elapsed(),
        });
        Ok(SpeechModel {
            model: std::sync::Mutex::new(model),
            dir: dir.to_owned(),
        })
    }

    /// The model directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Whether the model's vocabulary has `word` (exact spelling, as the recognizer
    /// outputs it). Grammar words it lacks would be dropped silently by Vosk.
    pub fn knows(&self, word: &str) -> bool {
        !word.is_empty() && self.lock().find_word(word).is_some()
    }

    /// The words of `phrases` that the model does not know, each once, in order.
    pub fn unknown_words<'a>(&self, phrases: impl IntoIterator<Item = &'a str>) -> Vec<String> {
        let mut missing: Vec<String> = Vec::new();
        for phrase in phrases {
            for w in phrase.split_whitespace() {
                if w != "[unk]" && !missing.iter().any(|m| m == w) && !self.knows(w) {
                    missing.push(w.to_owned());
                }
            }
        }
        missing
    }

    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, vosk::Model> {
        // A panic while holding the lock leaves the model intact: find_word reads only.
        self.model
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Keeps libvosk's informational log off stderr (errors still show).
fn quiet_vosk() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| vosk::set_log_level(vosk::LogLevel::Error));
}

fn dir_size(dir: &Path) -> u64 {
    let mut total = 0;
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(e.path()),
                Ok(_) => total += e.metadata().map(|m| m.len()).unwrap_or(0),
                Err(_) => {}
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_dir_names_the_path_and_the_fix() {
        let err = check_model_dir(Path::new("/nonexistent/model")).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("/nonexistent/model") && text.contains("fetch.sh"),
            "{text}"
        );
    }

    #[test]
    fn big_model_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        for f in ["am/final.mdl", "conf/model.conf", "graph/HCLG.fst"] {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, b"x").unwrap();
        }
        let err = check_model_dir(dir.path()).unwrap_err();
        assert!(matches!(err, ModelError::NoRuntimeGrammar(_)), "{err}");
    }

    #[test]
    fn directory_without_acoustic_model_is_incomplete() {
        let dir = tempfile::tempdir().unwrap();
        let err = check_model_dir(dir.path()).unwrap_err();
        assert!(err.to_string().contains("am/final.mdl"), "{err}");
    }
}
