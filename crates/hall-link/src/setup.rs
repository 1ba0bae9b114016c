//! Setting a table up for the hall: its key pair beside its table.toml, and the lines
//! the hall's administrator adds — the table's broker user (password file), its ACL
//! block, and its public key in the hall's tables file. `annabella init` makes the keys
//! and prints the lines; the tests configure their broker from the same functions.

use std::path::{Path, PathBuf};

use annabella_broker::{
    config::DEFAULT_SIGNING_KEY,
    key_file::{self, KeyFileError},
};
use annabella_hall_wire::{
    signing::{TablePublicKey, TableSigningKey},
    topic::{Kind, topic},
};

/// The hall's user at the broker.
pub const HALL_USER: &str = "annabella-hall";

/// Table `table`'s user at the broker.
pub fn table_user(table: &str) -> String {
    format!("annabella-table-{table}")
}

/// The ACL block of table `table`: it publishes its own topics only and reads its own
/// action topic only.
pub fn acl_block(table: &str) -> String {
    let mut s = format!("user {}\n", table_user(table));
    for kind in Kind::ALL.into_iter().filter(|&k| k != Kind::Action) {
        s.push_str(&format!("topic write {}\n", topic(kind, table)));
    }
    s.push_str(&format!("topic read {}\n", topic(Kind::Action, table)));
    s
}

/// Table `table`'s entry in the hall's tables file (`annabella hall --tables`).
pub fn tables_entry(table: &str, public: &TablePublicKey) -> String {
    format!("[tables.\"{table}\"]\npublic_key = \"{public}\"\n")
}

/// The table's key pair: the private half at `private` (made, mode 0600, unless it is
/// there already) and the public half beside it ([`public_key_path`]). Returns the
/// public half and whether it was made.
///
/// # Errors
/// The key cannot be read, made or written.
pub fn table_keys(private: &Path) -> Result<(TablePublicKey, bool), KeyFileError> {
    if private.exists() {
        return Ok((key_file::read_signing_key(private)?.public(), false));
    }
    let key = TableSigningKey::generate()?;
    key_file::write_new_signing_key(&key, private)?;
    let public = public_key_path(private);
    std::fs::write(&public, format!("{}\n", key.public())).map_err(|error| KeyFileError::Io {
        path: public.clone(),
        error,
    })?;
    Ok((key.public(), true))
}

/// The public half's file beside the private key (`table-1.key` → `table-1.pub`).
pub fn public_key_path(private: &Path) -> PathBuf {
    private.with_extension("pub")
}

/// What the hall's administrator does for a new table `table` (the `[hall]` block is
/// in the table's file already: `annabella init --hall-table`).
pub fn instructions(table: &str, public: &TablePublicKey) -> String {
    let user = table_user(table);
    format!(
        "For the hall (table {table}):\n\
         1. The table's broker user (on the broker; it asks for a password, the one in the \
         table's [hall] block):\n\
         \x20  mosquitto_passwd /etc/mosquitto/annabella/passwd {user}\n\
         2. Add to /etc/mosquitto/annabella/acl, then `systemctl reload mosquitto`:\n\
         {acl}\
         3. Add to the hall's tables file (annabella hall --tables FILE):\n\
         {entry}",
        acl = indent(&acl_block(table)),
        entry = indent(&tables_entry(table, public)),
    )
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("   {l}\n")).collect()
}

/// The table's private signing key beside its config, named after it: `table.toml` →
/// `table.key` (as before), `/etc/annabella/table-1.toml` → `/etc/annabella/table-1.key`.
/// Tables configured in one folder never share a key.
pub fn key_path(config: &Path) -> PathBuf {
    match config.file_stem() {
        Some(_) => config.with_extension("key"),
        None => config.join(DEFAULT_SIGNING_KEY),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_made_once_and_the_lines_name_the_table() {
        let dir = tempfile::tempdir().unwrap();
        let private = key_path(&dir.path().join("table-3.toml"));
        assert!(private.ends_with("table-3.key"));
        let (public, made) = table_keys(&private).unwrap();
        assert!(made);
        let (again, made) = table_keys(&private).unwrap();
        assert_eq!((again, made), (public, false), "never replaced");
        let written: TablePublicKey = std::fs::read_to_string(dir.path().join("table-3.pub"))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(written, public);
        // Another table in the same folder has a key of its own.
        let (other, _) = table_keys(&key_path(&dir.path().join("table-4.toml"))).unwrap();
        assert_ne!(other, public);
        let text = instructions("3", &public);
        assert!(text.contains("topic write annabella/view/3"), "{text}");
        assert!(text.contains("topic read annabella/action/3"), "{text}");
        assert!(!text.contains("annabella/+"), "{text}");
        assert!(
            text.contains(&format!("public_key = \"{public}\"")),
            "{text}"
        );
    }
}
