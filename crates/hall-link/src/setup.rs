//! Setting a table up for the hall: its key pair beside its table.toml, and the lines
//! the hall's administrator adds — the table's broker user (password file), its ACL
//! block, and its public key in the hall's tables file. `annabella init` makes the keys
//! and prints the lines; the tests configure their broker from the same functions.

use std::path::{Path, PathBuf};

use annabella_broker::config::DEFAULT_SIGNING_KEY;
use annabella_hall_wire::{
    signing::{KeyFileError, TablePublicKey, TableSigningKey},
    topic::{Kind, topic},
};

/// The hall's user at the broker.
pub const HALL_USER: &str = "annabella-hall";

/// The public half's file beside the private `table.key`.
pub const PUBLIC_KEY_FILE: &str = "table.pub";

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

/// The table's key pair in `dir`: made (private half mode 0600, public half beside it)
/// unless `table.key` is there already. Returns the public half and whether it was made.
///
/// # Errors
/// The key cannot be made, written or read.
pub fn table_keys(dir: &Path) -> Result<(TablePublicKey, bool), KeyFileError> {
    let private = dir.join(DEFAULT_SIGNING_KEY);
    if private.exists() {
        return Ok((TableSigningKey::read(&private)?.public(), false));
    }
    let key = TableSigningKey::generate()?;
    key.write_new(&private)?;
    let public = dir.join(PUBLIC_KEY_FILE);
    std::fs::write(&public, format!("{}\n", key.public())).map_err(|error| KeyFileError::Io {
        path: public.clone(),
        error,
    })?;
    Ok((key.public(), true))
}

/// What the administrator does for a new table `table` whose private key is `key`.
pub fn instructions(table: &str, public: &TablePublicKey, key: &Path) -> String {
    let user = table_user(table);
    format!(
        "For the hall (table {table}):\n\
         1. The table's broker user (on the broker; it asks for a password):\n\
         \x20  mosquitto_passwd /etc/mosquitto/annabella/passwd {user}\n\
         2. Add to /etc/mosquitto/annabella/acl, then `systemctl reload mosquitto`:\n\
         {acl}\
         3. Add to the hall's tables file (annabella hall --tables FILE):\n\
         {entry}\
         4. In this table.toml:\n\
         [hall]\n\
         broker = \"mqtt://HALL:1883\"\n\
         table = \"{table}\"\n\
         user = \"{user}\"\n\
         password = \"…\"\n\
         signing_key = \"{key}\"\n",
        acl = indent(&acl_block(table)),
        entry = indent(&tables_entry(table, public)),
        key = key.display(),
    )
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("   {l}\n")).collect()
}

/// Where `table.key` goes for the config `config`.
pub fn key_path(config: &Path) -> PathBuf {
    config
        .parent()
        .unwrap_or(Path::new("."))
        .join(DEFAULT_SIGNING_KEY)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_made_once_and_the_lines_name_the_table() {
        let dir = tempfile::tempdir().unwrap();
        let (public, made) = table_keys(dir.path()).unwrap();
        assert!(made);
        let (again, made) = table_keys(dir.path()).unwrap();
        assert_eq!((again, made), (public, false), "never replaced");
        let written: TablePublicKey = std::fs::read_to_string(dir.path().join(PUBLIC_KEY_FILE))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(written, public);
        let text = instructions("3", &public, &dir.path().join("table.key"));
        assert!(text.contains("topic write annabella/view/3"), "{text}");
        assert!(text.contains("topic read annabella/action/3"), "{text}");
        assert!(!text.contains("annabella/+"), "{text}");
        assert!(
            text.contains(&format!("public_key = \"{public}\"")),
            "{text}"
        );
    }
}
