//! Who an opaque token was (issue 34 §6): a token that is no JWT names no
//! subject, and `/v2/token/me` may be slow or missing. What it answered is
//! remembered, keyed by a keyed hash of the token (HMAC-SHA-256 under a
//! random key of this machine), so the next start knows the account at
//! once; the token itself is never written.
//!
//! Two private files of the state folder (`local_files`: 0700, 0600, no
//! link followed), each replaced whole (a temporary file renamed over it):
//! - `token-key`: the key, 32 random bytes as 64 hex digits;
//! - `known-tokens.json`: the keyed hashes and the accounts they were
//!   (account hashes, never a token), the newest last, [`MAX_KNOWN`] at most.
//!
//! A file that does not read (corrupt, too big, refused) is passed over
//! with its reason in the log: a corrupt key is replaced by a new one
//! (what was remembered under the old one is then simply not found), a
//! corrupt list is read as empty and replaced at the next answer.

use crate::local_files::{self, PrivateFileError, open_private, read_text_at_most};
use crate::secret::Token;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The key's file in the state folder.
pub const KEY_FILE: &str = "token-key";
/// The list's file in the state folder.
pub const LIST_FILE: &str = "known-tokens.json";
/// The most tokens remembered: the oldest go first.
pub const MAX_KNOWN: usize = 64;
/// More than the list ever holds ([`MAX_KNOWN`] entries of two hashes).
const LIST_SIZE_LIMIT: u64 = 64 * 1024;
const KEY_BYTES: usize = 32;

/// The remembered tokens of one state folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownTokens {
    dir: PathBuf,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct List {
    version: u32,
    tokens: Vec<Known>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Known {
    /// The keyed hash of the token.
    token: String,
    /// The account it was (`Session::account`'s hash).
    account: String,
}

const VERSION: u32 = 1;

impl KnownTokens {
    pub fn new(dir: PathBuf) -> Self {
        Self { dir }
    }

    /// The state folder's (`config::state_dir`).
    pub fn of_env(env: &dyn Fn(&str) -> Option<String>) -> Self {
        Self::new(crate::config::state_dir(env))
    }

    fn key_path(&self) -> PathBuf {
        self.dir.join(KEY_FILE)
    }

    fn list_path(&self) -> PathBuf {
        self.dir.join(LIST_FILE)
    }

    /// `token` hashed under this machine's key (made when there is none,
    /// or in place of a corrupt one): 32 bytes in hex. None when no key
    /// can be read or made (logged): then nothing is remembered.
    pub fn keyed_hash(&self, token: &Token) -> Option<String> {
        let key = match self.key() {
            Ok(key) => key,
            Err(why) => {
                tracing::warn!(path = %self.key_path().display(), %why, "no key for the token's hash");
                return None;
            }
        };
        let mut mac = Hmac::<Sha256>::new_from_slice(&key).expect("HMAC takes a key of any size");
        mac.update(token.expose().as_bytes());
        Some(hex(&mac.finalize().into_bytes()))
    }

    /// The key: read, else made (a corrupt one passed over and replaced).
    fn key(&self) -> Result<Vec<u8>, String> {
        let path = self.key_path();
        match read_private(&path, 1024) {
            Ok(Some(text)) => match parse_key(&text) {
                Ok(key) => return Ok(key),
                Err(why) => {
                    tracing::warn!(path = %path.display(), %why, "token key passed over: a new one is made");
                    return self.new_key(true);
                }
            },
            Ok(None) => {}
            Err(why) => return Err(why),
        }
        self.new_key(false)
    }

    /// A new random key written whole; over a corrupt one with `replace`,
    /// else only where none is (another crmdeck's key made meanwhile wins,
    /// and is read).
    fn new_key(&self, replace: bool) -> Result<Vec<u8>, String> {
        let mut key = vec![0u8; KEY_BYTES];
        getrandom::fill(&mut key).map_err(|error| format!("no random bytes: {error}"))?;
        let text = format!("{}\n", hex(&key));
        let path = self.key_path();
        match write_private(&path, text.as_bytes(), replace) {
            Ok(()) => Ok(key),
            Err(WriteError::Exists) => {
                let text = read_private(&path, 1024)?.ok_or("the key vanished")?;
                parse_key(&text)
            }
            Err(WriteError::Failed(why)) => Err(why),
        }
    }

    /// The account `keyed` (a [`keyed_hash`](Self::keyed_hash)) was last
    /// seen to be; None when not remembered (or the list does not read:
    /// logged).
    pub fn remembered(&self, keyed: &str) -> Option<String> {
        let list = self.list();
        let known = list
            .tokens
            .iter()
            .rev()
            .find(|known| known.token == keyed)?;
        Some(known.account.clone())
    }

    /// The list, or an empty one when it does not read (logged).
    fn list(&self) -> List {
        let path = self.list_path();
        let read = read_private(&path, LIST_SIZE_LIMIT).and_then(|text| match text {
            None => Ok(List::default()),
            Some(text) => parse_list(&text),
        });
        read.unwrap_or_else(|why| {
            tracing::warn!(path = %path.display(), %why, "known tokens passed over");
            List::default()
        })
    }

    /// Remembers that `keyed` is `account`: the list replaced whole, the
    /// oldest dropped past [`MAX_KNOWN`]. A failure is logged (the next
    /// start merely asks again).
    pub fn remember(&self, keyed: &str, account: &str) {
        let mut list = self.list();
        if list
            .tokens
            .last()
            .is_some_and(|last| last.token == keyed && last.account == account)
        {
            return;
        }
        list.version = VERSION;
        list.tokens.retain(|known| known.token != keyed);
        list.tokens.push(Known {
            token: keyed.to_owned(),
            account: account.to_owned(),
        });
        let over = list.tokens.len().saturating_sub(MAX_KNOWN);
        list.tokens.drain(..over);
        let json = serde_json::to_vec(&list).expect("plain data");
        if let Err(WriteError::Failed(why)) = write_private(&self.list_path(), &json, true) {
            tracing::warn!(path = %self.list_path().display(), %why, "known tokens not written");
        }
    }
}

fn parse_key(text: &str) -> Result<Vec<u8>, String> {
    let text = text.trim_end_matches('\n');
    let bytes = unhex(text).ok_or("not hexadecimal digits")?;
    if bytes.len() != KEY_BYTES {
        return Err(format!("{} bytes, not {KEY_BYTES}", bytes.len()));
    }
    Ok(bytes)
}

fn parse_list(text: &str) -> Result<List, String> {
    let list: List = serde_json::from_str(text).map_err(|error| format!("not a list: {error}"))?;
    if list.version != VERSION {
        return Err(format!("version {}, not {VERSION}", list.version));
    }
    Ok(list)
}

/// A private file's text; None when there is none.
fn read_private(path: &Path, limit: u64) -> Result<Option<String>, String> {
    let file = match open_private(path, OpenOptions::new().read(true)) {
        Ok(file) => file,
        Err(PrivateFileError::Io(error)) if error.kind() == io::ErrorKind::NotFound => {
            return Ok(None);
        }
        Err(error) => return Err(error.to_string()),
    };
    let text = read_text_at_most(file, limit).map_err(|error| error.to_string())?;
    let text = text.ok_or_else(|| format!("larger than {}", local_files::size_label(limit)))?;
    Ok(Some(text))
}

enum WriteError {
    /// Not replaced: `replace` was false and the file is there.
    Exists,
    Failed(String),
}

/// Writes `contents` as the private file `path`, whole: into a temporary
/// file (0600, same folder) renamed over it, or linked where none is
/// (without `replace`).
fn write_private(path: &Path, contents: &[u8], replace: bool) -> Result<(), WriteError> {
    let failed = |error: &dyn std::fmt::Display| WriteError::Failed(error.to_string());
    let dir = path.parent().ok_or_else(|| failed(&"no folder"))?;
    local_files::private_dir(dir).map_err(|error| failed(&error))?;
    let mut file = tempfile::Builder::new()
        .prefix(".known-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|error| failed(&error))?;
    file.write_all(contents).map_err(|error| failed(&error))?;
    file.as_file().sync_all().map_err(|error| failed(&error))?;
    let persisted = if replace {
        file.persist(path).map(drop)
    } else {
        file.persist_noclobber(path).map(drop)
    };
    match persisted {
        Ok(()) => Ok(()),
        Err(error) if error.error.kind() == io::ErrorKind::AlreadyExists => Err(WriteError::Exists),
        Err(error) => Err(failed(&error.error)),
    }
}

fn hex(bytes: &[u8]) -> String {
    hex::encode(bytes)
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    hex::decode(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn a_token_is_remembered_by_its_keyed_hash_in_private_files_never_itself() {
        let root = tempfile::tempdir().unwrap();
        let known = KnownTokens::new(root.path().join("crmdeck"));
        let token = Token::new("opaque-0123456789abcdef");
        let keyed = known.keyed_hash(&token).expect("a key made");
        assert_eq!(keyed.len(), 64);
        assert_eq!(
            known.keyed_hash(&token),
            Some(keyed.clone()),
            "the same key read back"
        );
        assert_ne!(
            known.keyed_hash(&Token::new("another")),
            Some(keyed.clone())
        );
        assert_eq!(known.remembered(&keyed), None);
        known.remember(&keyed, "account-a");
        assert_eq!(known.remembered(&keyed).as_deref(), Some("account-a"));
        known.remember(&keyed, "account-b");
        assert_eq!(known.remembered(&keyed).as_deref(), Some("account-b"));
        for file in [KEY_FILE, LIST_FILE] {
            let path = known.dir.join(file);
            assert_eq!(mode(&path), 0o600, "{file}");
            let bytes = std::fs::read(&path).unwrap();
            let text = String::from_utf8_lossy(&bytes);
            assert!(!text.contains("opaque-0123456789abcdef"), "{file}: {text}");
        }
        assert_eq!(mode(&known.dir), 0o700);
        // Another machine (another key) hashes the same token otherwise.
        let elsewhere = KnownTokens::new(root.path().join("elsewhere"));
        assert_ne!(elsewhere.keyed_hash(&token), Some(keyed));
    }

    #[test]
    fn a_corrupt_key_or_list_is_passed_over_and_replaced_whole() {
        let root = tempfile::tempdir().unwrap();
        let known = KnownTokens::new(root.path().join("crmdeck"));
        let token = Token::new("opaque-token");
        let keyed = known.keyed_hash(&token).unwrap();
        known.remember(&keyed, "account-a");
        // A list cut in the middle: read as empty, then replaced whole.
        let list = known.dir.join(LIST_FILE);
        let text = std::fs::read(&list).unwrap();
        std::fs::write(&list, &text[..text.len() / 2]).unwrap();
        assert_eq!(known.remembered(&keyed), None);
        known.remember(&keyed, "account-b");
        assert_eq!(known.remembered(&keyed).as_deref(), Some("account-b"));
        // A key of the wrong length: a new key, so the old hash is unknown.
        std::fs::write(known.dir.join(KEY_FILE), "abcd\n").unwrap();
        let rekeyed = known.keyed_hash(&token).expect("a new key made");
        assert_ne!(rekeyed, keyed);
        assert_eq!(known.remembered(&rekeyed), None);
        let key = std::fs::read_to_string(known.dir.join(KEY_FILE)).unwrap();
        assert_eq!(parse_key(&key).map(|k| k.len()), Ok(KEY_BYTES));
    }

    #[test]
    fn the_list_keeps_the_newest_tokens_only() {
        let root = tempfile::tempdir().unwrap();
        let known = KnownTokens::new(root.path().to_path_buf());
        for n in 0..MAX_KNOWN + 3 {
            known.remember(&format!("t{n}"), &format!("a{n}"));
        }
        assert_eq!(known.remembered("t0"), None);
        assert_eq!(known.remembered("t2"), None);
        assert_eq!(known.remembered("t3").as_deref(), Some("a3"));
        let last = format!("t{}", MAX_KNOWN + 2);
        assert!(known.remembered(&last).is_some());
    }
}
