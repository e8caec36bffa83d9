//! The searches' queue: a few searches run at once (one per core), a bounded number wait for
//! their turn in order of arrival, at most one of them per client, and a search stops when its
//! request is dropped (its client went away).

use std::collections::HashSet;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use chess_core::Game;
use chess_core::search::{Searcher, StopHandle};
use tokio::sync::Semaphore;

use crate::api;
use crate::error::ApiError;

/// The transposition table of each search, in MiB: small, as many games share the server.
const SEARCH_HASH_MB: usize = 4;

/// Who asks: the client's IP address; for IPv6 its /64 network, which one host usually has
/// whole (so that a host cannot take a place in the queue for each of its addresses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Client(IpAddr);

impl From<SocketAddr> for Client {
    fn from(address: SocketAddr) -> Client {
        Client(match address.ip().to_canonical() {
            IpAddr::V6(ip) => IpAddr::V6((u128::from(ip) & !0 << 64).into()),
            ip => ip,
        })
    }
}

/// Reads the client from the connection's address (which the server adds to every request).
impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Client, ApiError> {
        let ConnectInfo(address) =
            ConnectInfo::<SocketAddr>::from_request_parts(parts, state).await.map_err(|_| ApiError::internal())?;
        Ok(Client::from(address))
    }
}

/// The searches of the whole server.
pub(crate) struct Searches {
    /// One permit per search allowed to run at once.
    running: Arc<Semaphore>,
    /// The clients with a search waiting for a permit.
    waiting: Mutex<HashSet<Client>>,
    /// The most searches that may wait.
    max_waiting: usize,
}

impl Searches {
    /// Lets `running` searches run at once and `max_waiting` wait.
    pub(crate) fn new(running: usize, max_waiting: usize) -> Searches {
        Searches { running: Arc::new(Semaphore::new(running)), waiting: Mutex::default(), max_waiting }
    }

    /// Runs `search` on `game` for `client` on the blocking pool with a fresh searcher once its
    /// turn comes, and gives the game back with the result. Refused at once (503) when `client`
    /// already has a search waiting or the queue is full. Dropping the future (as the server
    /// does when the client disconnects) leaves the queue, or stops the search.
    pub(crate) async fn run<R: Send + 'static>(
        &self,
        client: Client,
        game: Game,
        search: impl FnOnce(&mut Searcher, &Game) -> R + Send + 'static,
    ) -> Result<(Game, R), ApiError> {
        let place = Place::take(self, client)?;
        let permit = self.running.clone().acquire_owned().await.map_err(|_| ApiError::internal())?;
        drop(place);
        let mut searcher = Searcher::with_hash_mb(SEARCH_HASH_MB);
        searcher.set_seed(api::seed());
        let _stop = StopOnDrop(searcher.stop_handle());
        let task = tokio::task::spawn_blocking(move || {
            let result = search(&mut searcher, &game);
            drop(permit);
            (game, result)
        });
        task.await.map_err(|_| ApiError::internal())
    }

    /// Returns how many more searches could start now and how many wait.
    #[cfg(test)]
    pub(crate) fn free_and_waiting(&self) -> (usize, usize) {
        (self.running.available_permits(), self.waiting.lock().unwrap_or_else(PoisonError::into_inner).len())
    }
}

/// A client's place in the queue, given up when dropped.
struct Place<'a> {
    searches: &'a Searches,
    client: Client,
}

impl Place<'_> {
    /// Takes a place for `client`, if it has none and the queue has room.
    fn take(searches: &Searches, client: Client) -> Result<Place<'_>, ApiError> {
        let mut waiting = searches.waiting.lock().unwrap_or_else(PoisonError::into_inner);
        if waiting.len() >= searches.max_waiting || !waiting.insert(client) {
            return Err(ApiError::busy());
        }
        Ok(Place { searches, client })
    }
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        self.searches.waiting.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.client);
    }
}

/// Stops a search when dropped: when its request's future is dropped, or (harmlessly) once it
/// has ended.
struct StopOnDrop(StopHandle);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clients_are_addresses_and_ipv6_networks() {
        let client = |text: &str| Client::from(text.parse::<SocketAddr>().unwrap());
        assert_eq!(client("192.0.2.7:1000"), client("192.0.2.7:2000"));
        assert_ne!(client("192.0.2.7:1000"), client("192.0.2.8:1000"));
        assert_eq!(client("[2001:db8:1:2::7]:80"), client("[2001:db8:1:2:ffff::1]:81"));
        assert_ne!(client("[2001:db8:1:2::7]:80"), client("[2001:db8:1:3::7]:80"));
        assert_eq!(client("[::ffff:192.0.2.7]:80"), client("192.0.2.7:80"));
    }
}
