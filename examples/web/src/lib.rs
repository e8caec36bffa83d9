//! The casual site's chess game as a web page: a small server over chess-core that serves one
//! page (HTML, CSS and JavaScript modules from `static/`, embedded in the binary) and a JSON API.
//!
//! The server keeps no per-user state: every call carries the game as a sealed save (see
//! [`save`]), which the page keeps in its `localStorage`, so any number of servers sharing a
//! key can serve the page. Searches run on the blocking thread pool, at most one per core at a
//! time, so the server stays responsive while the computer thinks.
//!
//! # Examples
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")] async fn main() {
//! use chess_web::{App, save::Sealer};
//!
//! let app = App::new(Sealer::new([7; 32]));
//! let router = app.router();
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
//! # drop((router, listener));
//! // axum::serve(listener, router).await
//! # }
//! ```

mod api;
pub mod error;
pub mod save;
pub mod view;

use std::sync::Arc;

use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use chess_core::Game;
use chess_core::search::Searcher;
use tokio::sync::Semaphore;

use error::ApiError;
use save::Sealer;

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The transposition table of each search, in MiB: small, as many games share the server.
const SEARCH_HASH_MB: usize = 4;

/// The server's shared parts: the key that seals saves and the permits to search.
#[derive(Clone)]
pub struct App {
    sealer: Sealer,
    searches: Arc<Semaphore>,
}

impl App {
    /// Makes the server's state with `sealer`; as many searches run at once as there are cores.
    pub fn new(sealer: Sealer) -> App {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        App { sealer, searches: Arc::new(Semaphore::new(cores)) }
    }

    /// Returns the router: `GET /`, `GET /static/<name>` and `POST /api/<call>`.
    pub fn router(self) -> Router {
        Router::new()
            .route("/", get(|| asset(Path("index.html".to_string()))))
            .route("/static/{name}", get(asset))
            .route("/api/new", post(api::new_game))
            .route("/api/view", post(api::view))
            .route("/api/destinations", post(api::destinations))
            .route("/api/play", post(api::play))
            .route("/api/computer", post(api::computer))
            .route("/api/hint", post(api::hint))
            .route("/api/undo", post(api::undo))
            .route("/api/resign", post(api::resign))
            .route("/api/draw", post(api::draw))
            .route("/api/draw_answer", post(api::draw_answer))
            .fallback(|| async {
                ApiError::new(StatusCode::NOT_FOUND, "not_found", "There is no such page.", "没有这个页面。")
            })
            .method_not_allowed_fallback(|| async {
                ApiError::new(
                    StatusCode::METHOD_NOT_ALLOWED,
                    "method_not_allowed",
                    "The page is read with GET, the API called with POST.",
                    "页面用 GET 读取，接口用 POST 调用。",
                )
            })
            .with_state(self)
    }

    /// Runs `search` on `game` on the blocking pool with a fresh searcher, once a permit is
    /// free; gives the game back with the result.
    async fn search<R: Send + 'static>(
        &self,
        game: Game,
        search: impl FnOnce(&mut Searcher, &Game) -> R + Send + 'static,
    ) -> Result<(Game, R), ApiError> {
        let permit = self.searches.clone().acquire_owned().await.map_err(|_| busy())?;
        let task = tokio::task::spawn_blocking(move || {
            let mut searcher = Searcher::with_hash_mb(SEARCH_HASH_MB);
            searcher.set_seed(api::seed());
            let result = search(&mut searcher, &game);
            drop(permit);
            (game, result)
        });
        task.await.map_err(|_| busy())
    }
}

/// The error when a search could not run (the server is shutting down, or the search failed).
fn busy() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "search_failed",
        "The computer could not think about this move; please try again.",
        "电脑无法思考这一步，请再试一次。",
    )
}

/// Serves one file of `static/` with its content type.
async fn asset(Path(name): Path<String>) -> Response {
    let Some((_, bytes)) = ASSETS.iter().find(|(file, _)| *file == name) else {
        return (StatusCode::NOT_FOUND, "no such file").into_response();
    };
    let kind = match name.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    };
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], *bytes).into_response()
}
