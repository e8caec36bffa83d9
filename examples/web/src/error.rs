//! The API's errors: an HTTP status, a stable code and the message in both languages.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chess_core::IllegalMoveReason;
use chess_session::texts::refusal_text;
use chess_session::{HINTS_PER_GAME, Refusal, Texts};
use serde::Serialize;

/// A refused request: answered with its status and
/// `{"error": {"code": "...", "message": {"en": "...", "zh": "..."}}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ApiError {
    /// The HTTP status.
    #[serde(skip)]
    pub status: StatusCode,
    /// A stable snake-case name of what went wrong (`illegal_move`, `tampered_save`, ...).
    pub code: &'static str,
    /// What went wrong, for the player.
    pub message: Texts,
}

impl ApiError {
    /// A refusal with `status`, `code` and the message in English and Chinese.
    pub fn new(status: StatusCode, code: &'static str, en: impl Into<String>, zh: impl Into<String>) -> ApiError {
        ApiError { status, code, message: Texts { en: en.into(), zh: zh.into() } }
    }

    /// A request the server cannot read (400).
    pub fn bad_request(code: &'static str, en: impl Into<String>, zh: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, en, zh)
    }

    /// A request that is not allowed in the game's state now (409).
    pub fn conflict(code: &'static str, en: impl Into<String>, zh: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, en, zh)
    }

    /// A move the rules forbid, with the reason (422).
    pub fn illegal(reason: IllegalMoveReason) -> ApiError {
        let code = if reason.kind() == chess_core::IllegalMoveKind::MustPromote {
            "missing_promotion"
        } else {
            "illegal_move"
        };
        ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, code, message: Texts::of(&reason) }
    }

    /// The game has ended (409).
    pub fn game_over() -> ApiError {
        ApiError::conflict("game_over", "The game is over.", "对局已经结束。")
    }

    /// Too many searches wait, or this client already has one waiting (503, with
    /// `Retry-After`).
    pub fn busy() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "The server is busy; please try again in a moment.",
            "服务器正忙，请稍后再试。",
        )
    }

    /// A call from a page of another site (403).
    pub fn cross_origin() -> ApiError {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "cross_origin",
            "The API answers only this site's own page.",
            "接口只回应本站自己的页面。",
        )
    }

    /// The server failed (500): a search that could not run, or a request without its
    /// connection's address.
    pub fn internal() -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal_error",
            "The server could not answer this request; please try again.",
            "服务器无法回应这个请求，请再试一次。",
        )
    }
}

impl From<Refusal> for ApiError {
    /// Answers a request the site's policy refuses (409), or a resignation, draw offer, claim
    /// or answer the rules refuse (422).
    fn from(refusal: Refusal) -> ApiError {
        match refusal {
            Refusal::GameOver => ApiError::game_over(),
            Refusal::NotYourTurn => {
                ApiError::conflict("not_your_turn", "It is the computer's turn.", "现在轮到电脑走棋。")
            }
            Refusal::NoHintsLeft => ApiError::conflict(
                "no_hints_left",
                format!("You have used all {HINTS_PER_GAME} hints of this game."),
                format!("本局的{HINTS_PER_GAME}次提示已经用完。"),
            ),
            Refusal::NothingToUndo => {
                ApiError::conflict("nothing_to_undo", "There is no move to take back.", "没有可以悔的棋。")
            }
            Refusal::NoDrawOffer => ApiError::conflict("no_draw_offer", "No draw has been offered.", "没有人提和。"),
            Refusal::Event(error) => ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                code: "event_not_allowed",
                message: Texts::with(|lang| refusal_text(&error, lang)),
            },
        }
    }
}

/// The seconds a client is asked to wait before trying a busy server again.
pub const RETRY_AFTER_SECONDS: u64 = 1;

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry = (self.status == StatusCode::SERVICE_UNAVAILABLE)
            .then(|| [(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECONDS))]);
        (self.status, retry, axum::Json(serde_json::json!({ "error": self }))).into_response()
    }
}
