//! Setting a table up: `annabella init` finds what is plugged in, asks what it cannot find
//! and writes a commented `table.toml` ([`wizard`], [`init`]); `annabella doctor` checks
//! that a configured table is ready, one check per thing it needs, with the fix
//! ([`doctor`]).

pub mod doctor;
pub mod init;
pub mod wizard;
