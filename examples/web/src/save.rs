//! The save: the game with its settings (a [`Session`], in the site's save format), travelling
//! between the page and the server as JSON text sealed with a keyed hash, so the server keeps
//! no per-user state and refuses a save changed outside the game.

use chess_session::Session;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::error::ApiError;

/// The save as the page keeps it: the JSON text of a [`Session`] and its seal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// The save as JSON text.
    pub save: String,
    /// The keyed hash of `save`, in hexadecimal.
    pub seal: String,
}

/// Seals saves and opens them, with the server's secret key.
#[derive(Clone)]
pub struct Sealer {
    key: [u8; 32],
}

impl Sealer {
    /// Makes a sealer with `key`: servers that share a key accept each other's saves.
    pub fn new(key: [u8; 32]) -> Sealer {
        Sealer { key }
    }

    /// Writes `save` as the page keeps it.
    pub fn seal(&self, save: &Session) -> State {
        let text = serde_json::to_string(save).expect("a save always serialises");
        State { seal: hex(&self.mac(&text).finalize().into_bytes()), save: text }
    }

    /// Reads a save the page sent back: refused when its seal does not match (changed outside
    /// the game, or sealed by a server with another key) or when it is not a valid game (a
    /// save of the page's first format, without a version, is read too).
    pub fn open(&self, state: &State) -> Result<Session, ApiError> {
        let tag = unhex(&state.seal);
        if tag.is_none_or(|tag| self.mac(&state.save).verify_slice(&tag).is_err()) {
            tracing::warn!("refused a save whose seal does not match");
            return Err(ApiError::bad_request(
                "tampered_save",
                "This saved game was changed outside the game (or saved by another server), so it cannot be continued.",
                "这个存档在游戏之外被改动过（或来自另一台服务器），无法继续。",
            ));
        }
        Session::from_json(&state.save).map_err(|error| {
            ApiError::bad_request(
                "invalid_save",
                format!("This saved game cannot be read: {error}."),
                format!("无法读取这个存档：{error}。"),
            )
        })
    }

    fn mac(&self, text: &str) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        mac.update(text.as_bytes());
        mac
    }
}

/// Writes bytes as lower-case hexadecimal.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Reads lower-case or upper-case hexadecimal; `None` when it is not.
fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexadecimal_round_trips_and_refuses_junk() {
        assert_eq!(hex(&[0, 15, 255]), "000fff");
        assert_eq!(unhex("000fFF"), Some(vec![0, 15, 255]));
        assert_eq!(unhex("abc"), None);
        assert_eq!(unhex("zz"), None);
        assert_eq!(unhex("é0"), None);
        assert_eq!(unhex("+f"), None);
    }
}
