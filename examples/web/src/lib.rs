//! The casual site's chess game as a web page: a small server over chess-core that serves one
//! page (HTML, CSS and JavaScript modules from `static/`, embedded in the binary) and a JSON API.
//!
//! The server keeps no per-user state: every call carries the game as a sealed save (see
//! [`save`]), which the page keeps in its `localStorage`, so any number of servers sharing a
//! key can serve the page. Searches run on the blocking thread pool, at most one per core at a
//! time, so the server stays responsive while the computer thinks; a bounded number wait for
//! their turn, at most one per client. One client cannot hold the server: every connection
//! has its timeouts (see [`Limits`]), and the API answers only the site's own page.
//!
//! # Examples
//!
//! ```no_run
//! # #[tokio::main(flavor = "current_thread")] async fn main() -> std::io::Result<()> {
//! use chess_web::{App, save::Sealer};
//!
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! App::new(Sealer::new([7; 32])).serve(listener).await;
//! # Ok(()) }
//! ```

mod api;
pub mod error;
mod queue;
pub mod save;
pub mod view;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use chess_core::Lang;
use chess_core::book::Book;
use chess_core::syzygy::Tablebase;
use chess_session::{Pace, texts};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;
use tower_http::csrf::CsrfLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use error::ApiError;
use queue::Searches;
use save::Sealer;

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The page's content security policy: its own files only, no inline script or style, no
/// framing, no forms.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'";

/// The server's limits, so that no client can deny service to the others.
///
/// # Examples
///
/// ```
/// use chess_web::Limits;
///
/// let limits = Limits { waiting: 4, ..Limits::default() };
/// assert_eq!(limits.waiting, 4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The time to send a request's headers, from the connection's start or the end of the
    /// previous answer: it also closes idle connections.
    pub header_timeout: Duration,
    /// The time to send a request's body, once its headers are in (408 after it).
    pub body_timeout: Duration,
    /// Connections open at once; more wait to be accepted.
    pub connections: usize,
    /// Searches running at once.
    pub searches: usize,
    /// Searches waiting for their turn, at most one per client; more are refused (503).
    pub waiting: usize,
}

impl Default for Limits {
    /// Ten seconds for headers and for a body, 512 connections, one search per core and 128
    /// waiting per core: a usual move takes milliseconds, so a full queue of them clears within
    /// a second, while each waiting search holds only its game (a few KiB to a few MiB).
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Limits {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            connections: 512,
            searches: cores,
            waiting: 128 * cores,
        }
    }
}

/// What the computer knows beyond its search, shared by every search of the server: an
/// opening book (it plays book moves while a game is in it) and endgame tables (it plays
/// their best move in the endings they hold); hints give them too.
///
/// # Examples
///
/// ```no_run
/// use std::sync::Arc;
/// use chess_core::syzygy::Tablebase;
/// use chess_web::{App, Knowledge, Limits, save::Sealer};
///
/// let mut tables = Tablebase::new();
/// tables.add_directory("/tables/syzygy")?;
/// let knowledge = Knowledge { tablebase: Some(Arc::new(tables)), ..Knowledge::default() };
/// let app = App::with_knowledge(Sealer::new([7; 32]), Limits::default(), knowledge);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Knowledge {
    /// A Polyglot opening book (`--book`).
    pub book: Option<Arc<Book<'static>>>,
    /// Syzygy endgame tables (`--syzygy`).
    pub tablebase: Option<Arc<Tablebase>>,
}

/// The server's shared parts: the key that seals saves, the limits and the searches' queue.
#[derive(Clone)]
pub struct App {
    sealer: Sealer,
    limits: Arc<Limits>,
    searches: Arc<Searches>,
}

impl App {
    /// Makes the server's state with `sealer` and the default [`Limits`].
    pub fn new(sealer: Sealer) -> App {
        App::with_limits(sealer, Limits::default())
    }

    /// Makes the server's state with `sealer` and `limits`.
    pub fn with_limits(sealer: Sealer, limits: Limits) -> App {
        App::with_knowledge(sealer, limits, Knowledge::default())
    }

    /// Makes the server's state with `sealer`, `limits`, and a book or tables for every search.
    pub fn with_knowledge(sealer: Sealer, limits: Limits, knowledge: Knowledge) -> App {
        let searches = Arc::new(Searches::new(limits.searches, limits.waiting, knowledge));
        App { sealer, limits: Arc::new(limits), searches }
    }

    /// Returns the router: `GET /`, `GET /static/<name>` (and `policy.js`, made from the site's
    /// policy) and `POST /api/<call>`, with an
    /// access log line per request (the `tracing` event `answered`), security headers on
    /// every answer, and cross-site calls refused. Its requests need their client's address
    /// ([`ConnectInfo<SocketAddr>`](ConnectInfo)), as [`App::serve`] gives them.
    pub fn router(self) -> Router {
        Router::new()
            .route("/", get(|| asset(Path("index.html".to_string()))))
            .route("/static/policy.js", get(policy_script))
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
            .route("/api/review", post(api::review))
            .route("/api/pgn", post(api::pgn))
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
            .layer(DefaultBodyLimit::max(api::MAX_BODY))
            .layer(CsrfLayer::new().with_rejection_response(|_| ApiError::cross_origin().into_response()))
            .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
            .layer(SetResponseHeaderLayer::overriding(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(CONTENT_SECURITY_POLICY),
            ))
            .layer(
                TraceLayer::new_for_http()
                    .make_span_with(|request: &Request| {
                        let client = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip());
                        let client = client.map_or_else(|| "-".to_string(), |ip| ip.to_string());
                        tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), %client)
                    })
                    .on_request(())
                    .on_response(|response: &Response, latency: Duration, _: &tracing::Span| {
                        let ms = latency.as_secs_f64() * 1e3;
                        tracing::info!(status = response.status().as_u16(), ms = %format_args!("{ms:.1}"), "answered");
                    })
                    .on_failure(()),
            )
            .with_state(self)
    }

    /// Serves [`App::router`] on `listener` within the [`Limits`]: at most `connections`
    /// connections at once (more wait in the listener's backlog), each closed when a
    /// request's headers take longer than `header_timeout` or it stays idle that long.
    /// Runs until the process ends.
    pub async fn serve(self, listener: TcpListener) {
        let limits = Arc::clone(&self.limits);
        serve_router(listener, self.router(), &limits).await
    }
}

/// Serves `router` on `listener` within `limits` (see [`App::serve`]).
async fn serve_router(mut listener: TcpListener, router: Router, limits: &Limits) {
    let connections = Arc::new(Semaphore::new(limits.connections));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
    loop {
        let Ok(permit) = connections.clone().acquire_owned().await else { return };
        let (stream, address) = axum::serve::Listener::accept(&mut listener).await;
        let router = router.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(ConnectInfo(address));
            router.clone().oneshot(request.map(axum::body::Body::new))
        });
        let connection = http.serve_connection(TokioIo::new(stream), service);
        tokio::spawn(async move {
            // A connection ends with an error when its client is too slow or goes away.
            let _ = connection.await;
            drop(permit);
        });
    }
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
        Some("woff2") => "font/woff2",
        Some("txt") => "text/plain; charset=utf-8",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    };
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], *bytes).into_response()
}

/// Serves `static/policy.js`, made from the site's policy (chess-session): the page's texts in
/// English and Chinese that the rules and the policy's numbers decide, `POLICY.en.casualNote`
/// and the computer's paces, and the levels' names (chess-core's), so that the page says what
/// the terminal game says.
async fn policy_script() -> Response {
    let texts = |lang: Lang| {
        let names: serde_json::Map<String, serde_json::Value> =
            Pace::ALL.iter().map(|pace| (pace.word().to_string(), pace.name(lang).into())).collect();
        let level_names: serde_json::Map<String, serde_json::Value> =
            api::LEVELS.iter().map(|&level| (view::level_word(level), level.text(lang).to_string().into())).collect();
        serde_json::json!({
            "casualNote": texts::casual_rules_text(lang),
            "paceReal": Pace::Real.describe(lang),
            "paceFast": Pace::Fast.describe(lang),
            "paceInstant": Pace::Instant.describe(lang),
            "paceNames": names,
            "levelNames": level_names,
        })
    };
    let policy = serde_json::json!({ "en": texts(Lang::En), "zh": texts(Lang::Zh) });
    let script =
        format!("// Made by the server from the site's policy (chess-session).\nexport const POLICY = {policy};\n");
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8"), (header::CACHE_CONTROL, "no-cache")], script)
        .into_response()
}
