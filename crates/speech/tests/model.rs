//! A damaged model never crashes annabella: a file whose size or SHA-256 differs from the
//! model's manifest is named before libvosk sees it (a model without a manifest is tried
//! in a freshly executed child first: `tests/listen.rs` at the root runs that through the
//! `annabella` binary). The damage is a real one: the Korean test model's recognition
//! graph cut short, as an interrupted download or copy leaves it, or its header smashed
//! at the same size.

mod common;

use std::path::Path;

use annabella_speech::{MANIFEST, ModelError, SpeechModel, check_manifest};

/// How `graph/HCLr.fst` is damaged in the copy.
#[derive(Clone, Copy)]
enum Harm {
    /// Cut to its first 100 kB.
    Truncated,
    /// Its first 64 bytes smashed, the size kept.
    Smashed,
}

/// A copy of the test model (symbolic links to its files) whose `graph/HCLr.fst` is
/// damaged; with the original's manifest when `manifest`.
fn damaged_model(dir: &Path, manifest: bool, harm: Harm) {
    let original = common::model_dir();
    let mut stack = vec![original.clone()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let entry = entry.unwrap();
            let rel = entry.path().strip_prefix(&original).unwrap().to_owned();
            let target = dir.join(&rel);
            if entry.file_type().unwrap().is_dir() {
                std::fs::create_dir_all(&target).unwrap();
                stack.push(entry.path());
            } else if rel == Path::new("graph/HCLr.fst") {
                let mut bytes = std::fs::read(entry.path()).unwrap();
                match harm {
                    Harm::Truncated => bytes.truncate(100_000),
                    Harm::Smashed => bytes[..64].fill(0xA5),
                }
                std::fs::write(&target, &bytes).unwrap();
            } else if rel != Path::new(MANIFEST) || manifest {
                std::os::unix::fs::symlink(entry.path(), &target).unwrap();
            }
        }
    }
}

#[test]
fn a_truncated_file_is_named_from_the_manifest_before_loading() {
    let dir = tempfile::tempdir().unwrap();
    damaged_model(dir.path(), true, Harm::Truncated);
    let err = SpeechModel::load(dir.path()).unwrap_err();
    match &err {
        ModelError::Damaged { file, why, .. } => {
            assert_eq!(file, "graph/HCLr.fst");
            assert!(why.contains("100000 bytes"), "{why}");
        }
        other => panic!("expected the damaged file to be named, got {other}"),
    }
    assert!(err.to_string().contains("models/fetch.sh"), "{err}");
}

/// Issue 26, item 4: a same-size file with a smashed header segfaulted libvosk; its
/// SHA-256 is checked at every load, so it is named before libvosk reads it.
#[test]
fn a_same_size_smashed_file_is_named_by_its_sha256_before_loading() {
    let dir = tempfile::tempdir().unwrap();
    damaged_model(dir.path(), true, Harm::Smashed);
    assert!(
        check_manifest(dir.path(), false).unwrap(),
        "the sizes alone agree"
    );
    let err = SpeechModel::load(dir.path()).unwrap_err();
    match &err {
        ModelError::Damaged { file, why, .. } => {
            assert_eq!(file, "graph/HCLr.fst");
            assert!(why.contains("SHA-256"), "{why}");
        }
        other => panic!("expected the damaged file to be named, got {other}"),
    }
}

#[test]
fn the_intact_model_matches_its_manifest_byte_for_byte() {
    let dir = common::model_dir();
    assert!(
        check_manifest(&dir, true).unwrap(),
        "scripts/setup.sh writes the test model's manifest"
    );
}
