//! The searches' queue: a few searches run at once (one per core) and a bounded number wait,
//! at most one of them per client. A free slot goes to the waiting client with the fewest
//! searches running, the first come among equals, so one client asking for many slow searches
//! cannot keep the others waiting. A search stops when its request is dropped (its client went
//! away).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use chess_core::Game;
use chess_core::search::{Searcher, StopHandle};
use tokio::sync::Notify;

use crate::Knowledge;
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
    /// Who runs and who waits.
    state: Mutex<State>,
    /// Told whenever a search ends or a waiting one gives up its place.
    changed: Notify,
    /// The most searches that may run at once.
    max_running: usize,
    /// The most searches that may wait.
    max_waiting: usize,
    /// The book and tables every searcher gets.
    knowledge: Knowledge,
}

/// Who runs and who waits.
#[derive(Default)]
struct State {
    /// The searches running, by client.
    running: HashMap<Client, usize>,
    /// The clients with a search waiting, in order of arrival.
    waiting: Vec<Client>,
}

impl State {
    /// Returns the client whose search runs next: of those waiting, one with the fewest
    /// searches running, the first come of them.
    fn next(&self) -> Option<Client> {
        let running = |client| self.running.get(client).copied().unwrap_or(0);
        self.waiting
            .iter()
            .enumerate()
            .min_by_key(|(order, client)| (running(client), *order))
            .map(|(_, &client)| client)
    }
}

impl Searches {
    /// Lets `max_running` searches run at once and `max_waiting` wait, each with `knowledge`.
    pub(crate) fn new(max_running: usize, max_waiting: usize, knowledge: Knowledge) -> Searches {
        Searches { state: Mutex::default(), changed: Notify::new(), max_running, max_waiting, knowledge }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Runs `search` on `game` for `client` on the blocking pool with a fresh searcher (with the
    /// server's book and tables) once its turn comes, and gives the game back with the result. Refused at once (503) when `client`
    /// already has a search waiting or the queue is full. A free slot goes to the waiting
    /// client with the fewest searches running, so a client that asks for many cannot keep
    /// the others waiting. Dropping the future (as the server does when the client
    /// disconnects) leaves the queue, or stops the search.
    pub(crate) async fn run<R: Send + 'static>(
        self: &Arc<Self>,
        client: Client,
        game: Game,
        search: impl FnOnce(&mut Searcher, &Game) -> R + Send + 'static,
    ) -> Result<(Game, R), ApiError> {
        let slot = self.turn(client).await?;
        let mut searcher = Searcher::with_hash_mb(SEARCH_HASH_MB);
        searcher.set_seed(api::seed());
        searcher.set_book(self.knowledge.book.clone());
        searcher.set_tablebase(self.knowledge.tablebase.clone());
        let _stop = StopOnDrop(searcher.stop_handle());
        let task = tokio::task::spawn_blocking(move || {
            let result = search(&mut searcher, &game);
            drop(slot);
            (game, result)
        });
        task.await.map_err(|_| ApiError::internal())
    }

    /// Waits in the queue for `client`'s turn and returns its slot.
    async fn turn(self: &Arc<Self>, client: Client) -> Result<Slot, ApiError> {
        let place = Place::take(self, client)?;
        loop {
            let changed = self.changed.notified();
            let mut changed = std::pin::pin!(changed);
            changed.as_mut().enable();
            if self.start(client) {
                drop(place);
                return Ok(Slot { searches: Arc::clone(self), client });
            }
            changed.await;
        }
    }

    /// Counts a search of `client` as running if a slot is free and it is `client`'s turn;
    /// tells whether it was.
    fn start(&self, client: Client) -> bool {
        let mut state = self.state();
        let turn = state.running.values().sum::<usize>() < self.max_running && state.next() == Some(client);
        if turn {
            *state.running.entry(client).or_default() += 1;
        }
        turn
    }

    /// Returns how many searches `client` runs now and whether it has one waiting.
    #[cfg(test)]
    pub(crate) fn of(&self, client: Client) -> (usize, bool) {
        let state = self.state();
        (state.running.get(&client).copied().unwrap_or(0), state.waiting.contains(&client))
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
        let mut state = searches.state();
        if state.waiting.len() >= searches.max_waiting || state.waiting.contains(&client) {
            return Err(ApiError::busy());
        }
        state.waiting.push(client);
        Ok(Place { searches, client })
    }
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        self.searches.state().waiting.retain(|&waiting| waiting != self.client);
        self.searches.changed.notify_waiters();
    }
}

/// A running search's slot, freed when dropped.
struct Slot {
    searches: Arc<Searches>,
    client: Client,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut state = self.searches.state();
        if let Some(running) = state.running.get_mut(&self.client) {
            *running -= 1;
            if *running == 0 {
                state.running.remove(&self.client);
            }
        }
        drop(state);
        self.searches.changed.notify_waiters();
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
    use std::time::{Duration, Instant};

    use axum::http::{StatusCode, header};
    use axum::response::IntoResponse;
    use axum::routing::post;
    use tokio::io::AsyncWriteExt;
    use tokio::net::TcpListener;
    use tokio::task::JoinHandle;

    use super::*;
    use crate::save::Sealer;
    use crate::{App, Limits};

    #[test]
    fn clients_are_addresses_and_ipv6_networks() {
        let client = |text: &str| Client::from(text.parse::<SocketAddr>().unwrap());
        assert_eq!(client("192.0.2.7:1000"), client("192.0.2.7:2000"));
        assert_ne!(client("192.0.2.7:1000"), client("192.0.2.8:1000"));
        assert_eq!(client("[2001:db8:1:2::7]:80"), client("[2001:db8:1:2:ffff::1]:81"));
        assert_ne!(client("[2001:db8:1:2::7]:80"), client("[2001:db8:1:3::7]:80"));
        assert_eq!(client("[::ffff:192.0.2.7]:80"), client("192.0.2.7:80"));
    }

    #[test]
    fn a_busy_answer_says_when_to_try_again() {
        let response = ApiError::busy().into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "1");
        assert_eq!(response.headers()[header::CONTENT_TYPE], "application/json");
    }

    /// A search that ends only when it is stopped (or, so that a failed test ends, after a
    /// minute).
    fn until_stopped(searcher: &mut Searcher, _: &Game) {
        let (stop, started) = (searcher.stop_handle(), Instant::now());
        while !stop.is_stopped() && started.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// The client at `127.0.0.<n>`.
    fn client(n: u8) -> Client {
        Client::from(SocketAddr::from(([127, 0, 0, n], 1)))
    }

    /// Starts a search that runs until stopped, for `client`.
    fn spin(searches: &Arc<Searches>, client: Client) -> JoinHandle<Result<(), ApiError>> {
        let searches = Arc::clone(searches);
        tokio::spawn(async move { searches.run(client, Game::new(), until_stopped).await.map(drop) })
    }

    /// Waits (up to ten seconds) until each client has its searches running and waiting,
    /// `(client, running, waiting)`.
    async fn settle(searches: &Searches, expected: &[(Client, usize, bool)]) {
        let started = Instant::now();
        loop {
            let now: Vec<_> = expected.iter().map(|&(client, _, _)| (client, searches.of(client))).collect();
            if now.iter().zip(expected).all(|((_, now), &(_, running, waiting))| *now == (running, waiting)) {
                return;
            }
            assert!(started.elapsed() < Duration::from_secs(10), "{now:?}, not {expected:?}");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// Checks that a search for `client` is refused as busy (at once: within ten seconds).
    async fn refused_at_once(searches: &Arc<Searches>, client: Client) {
        let search = searches.run(client, Game::new(), until_stopped);
        let answer = tokio::time::timeout(Duration::from_secs(10), search).await.expect("not refused at once");
        assert_eq!(answer.map(drop).unwrap_err(), ApiError::busy());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_queue_is_bounded_one_place_a_client_and_dropped_searches_leave_it() {
        let searches = Arc::new(Searches::new(1, 2, Knowledge::default()));
        let (a, b, c, d) = (client(1), client(2), client(3), client(4));
        let first = spin(&searches, a);
        settle(&searches, &[(a, 1, false)]).await;
        let second = spin(&searches, b);
        settle(&searches, &[(b, 0, true)]).await;
        // One waiting search a client: the second is refused at once.
        refused_at_once(&searches, b).await;
        let third = spin(&searches, c);
        settle(&searches, &[(c, 0, true)]).await;
        // The queue is full.
        refused_at_once(&searches, d).await;
        // A waiting request dropped (its client gone) gives its place up.
        third.abort();
        settle(&searches, &[(c, 0, false)]).await;
        let fourth = spin(&searches, d);
        settle(&searches, &[(d, 0, true)]).await;
        // A running one dropped is stopped: its slot goes to the first come, b.
        first.abort();
        settle(&searches, &[(a, 0, false), (b, 1, false), (d, 0, true)]).await;
        second.abort();
        settle(&searches, &[(b, 0, false), (d, 1, false)]).await;
        fourth.abort();
        settle(&searches, &[(d, 0, false)]).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_free_slot_goes_to_the_client_with_the_fewest_searches_running() {
        let searches = Arc::new(Searches::new(2, 8, Knowledge::default()));
        let (attacker, player) = (client(1), client(2));
        // One at a time: two searches of one client started together may find its place in
        // the queue taken by the other and be refused as busy (one waiting search a client).
        let mut attacks = vec![spin(&searches, attacker)];
        settle(&searches, &[(attacker, 1, false)]).await;
        attacks.push(spin(&searches, attacker));
        settle(&searches, &[(attacker, 2, false)]).await;
        attacks.push(spin(&searches, attacker));
        settle(&searches, &[(attacker, 2, true)]).await;
        let play = spin(&searches, player);
        settle(&searches, &[(player, 0, true)]).await;
        // The player came after the attacker's third search, but runs first.
        attacks.remove(0).abort();
        settle(&searches, &[(attacker, 1, true), (player, 1, false)]).await;
        play.abort();
        settle(&searches, &[(attacker, 2, false), (player, 0, false)]).await;
        for attack in attacks {
            attack.abort();
        }
        settle(&searches, &[(attacker, 0, false)]).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_client_that_disconnects_leaves_the_queue_and_its_search_stops() {
        let limits = Limits { searches: 1, ..Limits::default() };
        let app = App::with_limits(Sealer::new([1; 32]), limits.clone());
        let searches = Arc::clone(&app.searches);
        let spinner = Arc::clone(&searches);
        let router = app.router().route(
            "/spin",
            post(move |client: Client| async move { spinner.run(client, Game::new(), until_stopped).await.map(drop) }),
        );
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { crate::serve_router(listener, router, &limits).await });
        let request = |from: u8| async move {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(SocketAddr::from(([127, 0, 0, from], 0))).unwrap();
            let mut stream = socket.connect(address).await.unwrap();
            stream.write_all(b"POST /spin HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n").await.unwrap();
            stream
        };
        let running = request(1).await;
        settle(&searches, &[(client(1), 1, false)]).await;
        let waiting = request(2).await;
        settle(&searches, &[(client(2), 0, true)]).await;
        drop(waiting);
        settle(&searches, &[(client(2), 0, false)]).await;
        drop(running);
        settle(&searches, &[(client(1), 0, false)]).await;
    }
}
