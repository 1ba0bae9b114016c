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
    /// A file of the model differs from its manifest (`annabella-manifest.txt`).
    #[error("{}: {file} is damaged ({why}); fetch the model again (models/fetch.sh)", dir.display())]
    Damaged {
        /// The model directory.
        dir: PathBuf,
        /// The damaged file, relative to `dir`.
        file: String,
        /// What differs.
        why: String,
    },
    /// The manifest itself cannot be read.
    #[error("{}: line {line}: {why}", path.display())]
    BadManifest {
        /// The manifest file.
        path: PathBuf,
        /// The line (from 1).
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// libvosk crashed reading a model that has no manifest (found by a trial load in a
    /// freshly executed child process, so annabella itself goes on).
    #[error(
        "libvosk crashed reading the model in {} ({why}): a file in it is damaged; fetch it again (models/fetch.sh){}",
        dir.display(),
        complaint.as_deref().map(|c| format!("; libvosk said: {c}")).unwrap_or_default()
    )]
    Crashed {
        /// The model directory.
        dir: PathBuf,
        /// How the trial load ended.
        why: String,
        /// libvosk's first error lines, which usually name the file.
        complaint: Option<String>,
    },
}

/// The name of the manifest `models/manifest.py` writes into a model directory: size,
/// SHA-256 and path of every file.
pub const MANIFEST: &str = "annabella-manifest.txt";

/// One file listed in a model's manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManifestEntry {
    /// Size in bytes.
    pub size: u64,
    /// SHA-256, lower-case hex.
    pub sha256: String,
    /// Path relative to the model directory.
    pub path: String,
}

/// Reads the manifest of the model in `dir`, if it has one.
///
/// # Errors
/// [`ModelError::BadManifest`] naming the line that does not read.
pub fn read_manifest(dir: &Path) -> Result<Option<Vec<ManifestEntry>>, ModelError> {
    let path = dir.join(MANIFEST);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => {
            return Err(ModelError::BadManifest {
                path,
                line: 0,
                why: e.to_string(),
            });
        }
    };
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let bad = |why: &str| ModelError::BadManifest {
            path: path.clone(),
            line: i + 1,
            why: why.to_owned(),
        };
        let mut parts = line.splitn(3, ' ');
        let (Some(size), Some(sha256), Some(file)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(bad("expected: size sha256 path"));
        };
        let size = size.parse().map_err(|_| bad("the size is not a number"))?;
        if sha256.len() != 64 || !sha256.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad("the SHA-256 is not 64 hex digits"));
        }
        if file.split('/').any(|c| c == ".." || c.is_empty()) {
            return Err(bad("the path leaves the model directory"));
        }
        entries.push(ManifestEntry {
            size,
            sha256: sha256.to_ascii_lowercase(),
            path: file.to_owned(),
        });
    }
    Ok(Some(entries))
}

/// Checks every file of the model in `dir` against its manifest: present and of the listed
/// size, and with `deep` also of the listed SHA-256 (reads the whole model: ≈ 1 s).
/// Returns false when the model has no manifest.
///
/// # Errors
/// [`ModelError::Damaged`] naming the first file that differs, or
/// [`ModelError::BadManifest`].
pub fn check_manifest(dir: &Path, deep: bool) -> Result<bool, ModelError> {
    check_entries(dir, deep, sha256_file)
}

/// Checks every file of the model in `dir` against its manifest, SHA-256 included, as
/// [`check_manifest`] with `deep`; a digest is computed again only for a file whose size,
/// modification time or inode changed since it was last computed (the verdicts are kept
/// in the user's cache directory, `annabella/model-sha256.txt`), so start-up stays fast.
/// Returns false when the model has no manifest.
///
/// # Errors
/// As [`check_manifest`].
pub fn check_manifest_cached(dir: &Path) -> Result<bool, ModelError> {
    let mut cache = DigestCache::open();
    let checked = check_entries(dir, true, |path| cache.digest(path));
    cache.save();
    checked
}

fn check_entries(
    dir: &Path,
    deep: bool,
    mut digest: impl FnMut(&Path) -> std::io::Result<String>,
) -> Result<bool, ModelError> {
    let Some(entries) = read_manifest(dir)? else {
        return Ok(false);
    };
    let damaged = |file: &str, why: String| ModelError::Damaged {
        dir: dir.to_owned(),
        file: file.to_owned(),
        why,
    };
    for entry in &entries {
        let path = dir.join(&entry.path);
        let size = match std::fs::metadata(&path) {
            Ok(m) if m.is_file() => m.len(),
            Ok(_) => return Err(damaged(&entry.path, "it is not a file".into())),
            Err(_) => return Err(damaged(&entry.path, "it is missing".into())),
        };
        if size != entry.size {
            return Err(damaged(
                &entry.path,
                format!("{size} bytes, the manifest says {}", entry.size),
            ));
        }
        if deep {
            let digest = digest(&path).map_err(|e| damaged(&entry.path, e.to_string()))?;
            if digest != entry.sha256 {
                return Err(damaged(
                    &entry.path,
                    "its SHA-256 differs from the manifest's".into(),
                ));
            }
        }
    }
    Ok(true)
}

/// SHA-256 digests of model files computed before, keyed by the file's real path, inode,
/// size and modification time.
struct DigestCache {
    file: Option<PathBuf>,
    known: std::collections::HashMap<PathBuf, (u64, u64, u128, String)>,
    changed: bool,
}

impl DigestCache {
    /// The cache of this user (`$XDG_CACHE_HOME` or `~/.cache`), empty when there is none.
    fn open() -> DigestCache {
        let file = std::env::var_os("XDG_CACHE_HOME")
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cache")))
            .map(|d| d.join("annabella/model-sha256.txt"));
        let mut known = std::collections::HashMap::new();
        if let Some(text) = file.as_ref().and_then(|f| std::fs::read_to_string(f).ok()) {
            for line in text.lines() {
                let mut parts = line.splitn(5, ' ');
                let fields = (
                    parts.next().and_then(|v| v.parse().ok()),
                    parts.next().and_then(|v| v.parse().ok()),
                    parts.next().and_then(|v| v.parse().ok()),
                    parts.next(),
                    parts.next(),
                );
                if let (Some(inode), Some(size), Some(mtime), Some(sha), Some(path)) = fields {
                    known.insert(PathBuf::from(path), (inode, size, mtime, sha.to_owned()));
                }
            }
        }
        DigestCache {
            file,
            known,
            changed: false,
        }
    }

    /// The file's digest: the cached one while its inode, size and mtime are the same.
    fn digest(&mut self, path: &Path) -> std::io::Result<String> {
        use std::os::unix::fs::MetadataExt;
        let real = std::fs::canonicalize(path)?;
        let meta = std::fs::metadata(&real)?;
        let mtime = u128::try_from(meta.mtime()).unwrap_or(0) * 1_000_000_000
            + u128::try_from(meta.mtime_nsec()).unwrap_or(0);
        let key = (meta.ino(), meta.len(), mtime);
        if let Some((inode, size, when, sha)) = self.known.get(&real)
            && (*inode, *size, *when) == key
        {
            return Ok(sha.clone());
        }
        let sha = sha256_file(&real)?;
        self.known.insert(real, (key.0, key.1, key.2, sha.clone()));
        self.changed = true;
        Ok(sha)
    }

    /// Writes the cache back whole (a new file renamed into place); a cache that cannot be
    /// written only costs the next start the digests.
    fn save(&self) {
        let Some(file) = self.file.as_ref().filter(|_| self.changed) else {
            return;
        };
        let text: String = self
            .known
            .iter()
            .filter_map(|(path, (inode, size, mtime, sha))| {
                let path = path.to_str().filter(|p| !p.contains('\n'))?;
                Some(format!("{inode} {size} {mtime} {sha} {path}\n"))
            })
            .collect();
        let Some(parent) = file.parent() else { return };
        let _ = std::fs::create_dir_all(parent);
        let fresh = parent.join(format!(".model-sha256.{}", std::process::id()));
        if std::fs::write(&fresh, text).is_ok() && std::fs::rename(&fresh, file).is_err() {
            let _ = std::fs::remove_file(&fresh);
        }
    }
}

fn sha256_file(path: &Path) -> std::io::Result<String> {
    use sha2::{Digest, Sha256};
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        match file.read(&mut buf)? {
            0 => break,
            n => hasher.update(&buf[..n]),
        }
    }
    Ok(hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// The hidden subcommand of the `annabella` binary that trial-loads a model: `annabella
/// trial-load-model DIR` runs [`trial_load_here`] and exits with its code.
pub const TRIAL_LOAD_COMMAND: &str = "trial-load-model";

/// The exit code of a trial load libvosk refused without crashing.
const REFUSED: u8 = 10;

/// The child's side of a trial load: loads the model in `dir` in this process, builds a
/// recognizer with and without a grammar and decodes a moment of silence. Returns the
/// exit code for the parent: 0 when it loaded. A damaged file may crash this process.
pub fn trial_load_here(dir: &Path) -> u8 {
    vosk::set_log_level(vosk::LogLevel::Error);
    let Some(path) = dir.to_str() else {
        return REFUSED;
    };
    match vosk::Model::new(path) {
        None => REFUSED,
        Some(model) => {
            let plain = vosk::Recognizer::new(&model, SAMPLE_RATE_HZ);
            let grammar = vosk::Recognizer::new_with_grammar(&model, SAMPLE_RATE_HZ, &["[unk]"]);
            for mut r in [plain, grammar].into_iter().flatten() {
                let _ = r.accept_waveform(&[0i16; 1600]);
                let _ = r.final_result();
            }
            0
        }
    }
}

/// Loads the model in `dir` in a child process — a fresh exec of this program's
/// [`TRIAL_LOAD_COMMAND`], never a `fork()` of a multi-threaded process — so a damaged
/// file that would crash libvosk crashes the child, and annabella reports it instead of
/// dying.
///
/// # Errors
/// [`ModelError::Crashed`] (with libvosk's first error lines) or [`ModelError::LoadFailed`].
pub fn trial_load(dir: &Path) -> Result<(), ModelError> {
    let program = std::env::current_exe().map_err(|e| ModelError::Crashed {
        dir: dir.to_owned(),
        why: format!("cannot find this program to run the trial load: {e}"),
        complaint: None,
    })?;
    trial_load_with(&program, dir)
}

/// [`trial_load`] with `program` (the `annabella` binary) run as
/// `program trial-load-model DIR`.
///
/// # Errors
/// As [`trial_load`].
pub fn trial_load_with(program: &Path, dir: &Path) -> Result<(), ModelError> {
    use std::os::unix::process::ExitStatusExt;
    let crashed = |why: String, complaint: Option<String>| ModelError::Crashed {
        dir: dir.to_owned(),
        why,
        complaint,
    };
    let out = std::process::Command::new(program)
        .arg(TRIAL_LOAD_COMMAND)
        .arg(dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .output()
        .map_err(|e| crashed(format!("cannot run {}: {e}", program.display()), None))?;
    let log = String::from_utf8_lossy(&out.stderr);
    // libvosk's first error lines name the file it could not read.
    let errors: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("ERROR"))
        .map(str::trim)
        .take(3)
        .collect();
    let complaint = (!errors.is_empty()).then(|| errors.join(" | "));
    match (out.status.code(), out.status.signal()) {
        (Some(0), _) => Ok(()),
        (Some(code), _) if code == i32::from(REFUSED) => {
            Err(ModelError::LoadFailed(dir.to_owned()))
        }
        (Some(code), _) => Err(crashed(
            format!("the trial load exited with code {code}"),
            complaint,
        )),
        (None, Some(signal)) => {
            let name = nix::sys::signal::Signal::try_from(signal)
                .map_or_else(|_| format!("signal {signal}"), |s| format!("{s:?}"));
            Err(crashed(format!("{name} in a trial load"), complaint))
        }
        (None, None) => Err(crashed(
            format!("the trial load ended as {}", out.status),
            complaint,
        )),
    }
}

/// The sample rate the trial load decodes at.
const SAMPLE_RATE_HZ: f32 = 16_000.0;

/// Checks the files of a model directory without loading it: present, a Vosk model, a
/// small model that accepts runtime grammars, and — when it has a manifest — every file of
/// the size the manifest lists.
///
/// # Errors
/// [`ModelError::Missing`], [`ModelError::Incomplete`], [`ModelError::NoRuntimeGrammar`],
/// [`ModelError::Damaged`] or [`ModelError::BadManifest`].
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
    check_manifest(dir, false)?;
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
        // Every file's SHA-256 against the manifest (cached by inode, size and mtime).
        if !check_manifest_cached(dir)? {
            // Without a manifest a damaged file is found only by libvosk, which may crash
            // on it: let it crash in a child first.
            trial_load(dir)?;
        }
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
