//! A damaged model never crashes annabella: a file whose size differs from the model's
//! manifest is named before libvosk sees it, and a model without a manifest is tried in a
//! child process first. The damage is a real one: the Korean test model's recognition
//! graph cut short, as an interrupted download or copy leaves it.

mod common;

use std::path::Path;

use annabella_speech::{MANIFEST, ModelError, SpeechModel, check_manifest};

/// A copy of the test model (symbolic links to its files) whose `graph/HCLr.fst` is cut
/// to its first 100 kB; with the original's manifest when `manifest`.
fn damaged_model(dir: &Path, manifest: bool) {
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
                let bytes = std::fs::read(entry.path()).unwrap();
                std::fs::write(&target, &bytes[..100_000]).unwrap();
            } else if rel != Path::new(MANIFEST) || manifest {
                std::os::unix::fs::symlink(entry.path(), &target).unwrap();
            }
        }
    }
}

#[test]
fn a_truncated_file_is_named_from_the_manifest_before_loading() {
    let dir = tempfile::tempdir().unwrap();
    damaged_model(dir.path(), true);
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

#[test]
fn without_a_manifest_a_crash_of_libvosk_is_caught_in_a_trial_load() {
    let dir = tempfile::tempdir().unwrap();
    damaged_model(dir.path(), false);
    let err = SpeechModel::load(dir.path()).unwrap_err();
    let ModelError::Crashed { complaint, .. } = &err else {
        panic!("expected a crash caught in the trial load, got {err}");
    };
    let complaint = complaint.as_deref().unwrap_or_default();
    assert!(complaint.contains("HCLr.fst"), "{err}");
}

#[test]
fn the_intact_model_matches_its_manifest_byte_for_byte() {
    let dir = common::model_dir();
    assert!(
        check_manifest(&dir, true).unwrap(),
        "scripts/setup.sh writes the test model's manifest"
    );
}
