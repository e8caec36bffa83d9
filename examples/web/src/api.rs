//! The JSON API: one handler per call, each reading the page's sealed save, asking chess-core,
//! and answering with the new save and what the page shows.

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request, State as Shared};
use axum::http::{HeaderValue, StatusCode, header};
use chess_core::pgn::{FromGameOptions, PgnGame};
use chess_core::search::Level;
use chess_core::{Color, Lang, Position, Role, Square};
use chess_session::{Draw, Pace, Refusal, RulesChoice, Session, Settings, Side};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::App;
use crate::error::ApiError;
use crate::queue::Client;
use crate::save::State;
use crate::view::{Played, View, legal_moves, positions};

/// An answer: the JSON body, or the error.
type Answer = Result<Json<Value>, ApiError>;

/// A request's body, read whole. Refused in the API's error form when it is not declared as
/// JSON (415), is larger than [`MAX_BODY`] (413), or does not arrive within the body timeout
/// (408).
pub(crate) struct Body(Bytes);

/// The largest request body: more than the save of the longest game the 75-move rule allows
/// (about 17,700 plies: 175 KiB) or of a 1,000-move game with a draw offered and declined at
/// every move (140 KiB); anything larger is padding.
pub(crate) const MAX_BODY: usize = 256 << 10;

impl FromRequest<App> for Body {
    type Rejection = ApiError;

    async fn from_request(request: Request, app: &App) -> Result<Body, ApiError> {
        if !is_json(request.headers().get(header::CONTENT_TYPE)) {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "not_json",
                "The API takes a JSON body, sent with Content-Type: application/json.",
                "接口只接受 JSON 请求体，须带 Content-Type: application/json。",
            ));
        }
        let read = tokio::time::timeout(app.limits.body_timeout, Bytes::from_request(request, app));
        let Ok(bytes) = read.await else {
            return Err(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "slow_request",
                "The request's body came too slowly.",
                "请求体传送得太慢。",
            ));
        };
        bytes.map(Body).map_err(|rejection| {
            let why = rejection.body_text();
            let code = if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE { "too_large" } else { "bad_request" };
            ApiError::new(
                rejection.status(),
                code,
                format!("The request cannot be read: {why}."),
                format!("无法读取请求：{why}。"),
            )
        })
    }
}

/// Tells whether a `Content-Type` says JSON (`application/json`, with any parameters).
fn is_json(kind: Option<&HeaderValue>) -> bool {
    let essence = kind.and_then(|kind| kind.to_str().ok()).and_then(|kind| kind.split(';').next());
    essence.is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// Reads a request body as JSON, naming what is wrong (and where) when it cannot. The body is
/// dropped here, before any search waits for its turn.
fn parse<T: DeserializeOwned>(body: Body) -> Result<T, ApiError> {
    serde_json::from_slice(&body.0).map_err(|error| {
        ApiError::bad_request(
            "bad_request",
            format!("The request is not what this call expects: {error}."),
            format!("请求的内容不符合要求：{error}。"),
        )
    })
}

/// A request that carries only the save.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveOnly {
    state: State,
}

/// Answers with the sealed save, the view and `extra` fields.
fn answer(app: &App, save: &Session, extra: Value) -> Answer {
    let mut body = json!({ "state": app.sealer.seal(save), "view": View::new(save) });
    if let (Some(body), Value::Object(extra)) = (body.as_object_mut(), extra) {
        body.extend(extra);
    }
    Ok(Json(body))
}

/// Reads the save of a request that carries only that.
fn open(app: &App, body: Body) -> Result<Session, ApiError> {
    let request: SaveOnly = parse(body)?;
    app.sealer.open(&request.state)
}

/// The levels the site offers (Master, the full-strength search, is the UCI engine's).
pub(crate) const LEVELS: [Level; 3] = [Level::Beginner, Level::Normal, Level::Expert];

/// A new game's settings.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    rules: RulesChoice,
    side: Side,
    level: Level,
    fen: Option<String>,
}

/// `new`: starts a game.
pub(crate) async fn new_game(Shared(app): Shared<App>, body: Body) -> Answer {
    let request: NewGame = parse(body)?;
    if !LEVELS.contains(&request.level) {
        let [beginner, normal, expert] = LEVELS.map(|level| level.text(Lang::Zh).to_string());
        return Err(ApiError::bad_request(
            "bad_request",
            "The levels are beginner, normal and expert.",
            format!("级别只有{beginner}、{normal}和{expert}。"),
        ));
    }
    let start = match &request.fen {
        None => Position::new(),
        Some(fen) => Position::from_fen(fen).map_err(|error| {
            ApiError::bad_request(
                "invalid_fen",
                format!("This position cannot be played: {error}."),
                format!("无法从这个局面开始：{error}。"),
            )
        })?,
    };
    let settings = Settings { side: request.side, level: request.level, rules: request.rules, ..Settings::default() };
    answer(&app, &Session::new(settings, start), json!({}))
}

/// `view`: shows a saved game (to continue it).
pub(crate) async fn view(Shared(app): Shared<App>, body: Body) -> Answer {
    let save = open(&app, body)?;
    answer(&app, &save, json!({}))
}

/// A square asked about.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PieceSquare {
    state: State,
    from: Square,
}

/// `destinations`: the legal moves of one piece.
pub(crate) async fn destinations(Shared(app): Shared<App>, body: Body) -> Answer {
    let request: PieceSquare = parse(body)?;
    let save = app.sealer.open(&request.state)?;
    let moves = if save.game.is_over() { Vec::new() } else { legal_moves(save.game.position(), Some(request.from)) };
    Ok(Json(json!({ "destinations": moves })))
}

/// A move asked for by squares.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayMove {
    state: State,
    from: Square,
    to: Square,
    promotion: Option<String>,
}

/// `play`: the player's move.
pub(crate) async fn play(Shared(app): Shared<App>, body: Body) -> Answer {
    let request: PlayMove = parse(body)?;
    let mut save = app.sealer.open(&request.state)?;
    if save.game.is_over() {
        return Err(ApiError::game_over());
    }
    if save.computer_to_move() {
        return Err(Refusal::NotYourTurn.into());
    }
    let promotion = match request.promotion.as_deref() {
        None => None,
        Some(name) => Some(promotion_role(name)?),
    };
    let position = *save.game.position();
    let m = position.resolve_move(request.from, request.to, promotion).map_err(ApiError::illegal)?;
    save.game.push(m).map_err(|_| ApiError::game_over())?;
    answer(&app, &save, json!({ "played": Played::new(&position, m) }))
}

/// Reads the piece a pawn promotes to: `q`, `r`, `b` or `n`.
fn promotion_role(name: &str) -> Result<Role, ApiError> {
    let role = name.chars().next().filter(|_| name.len() == 1).and_then(Role::from_char);
    role.filter(|role| matches!(role, Role::Queen | Role::Rook | Role::Bishop | Role::Knight)).ok_or_else(|| {
        ApiError::bad_request(
            "bad_request",
            format!("A pawn promotes to q, r, b or n, not '{name}'."),
            format!("兵只能升变为 q、r、b 或 n，不能是“{name}”。"),
        )
    })
}

/// `computer`: the computer's move, searched on the blocking pool.
pub(crate) async fn computer(Shared(app): Shared<App>, client: Client, body: Body) -> Answer {
    let mut save = open(&app, body)?;
    if save.game.is_over() {
        return Err(ApiError::game_over());
    }
    if !save.computer_to_move() {
        return Err(ApiError::conflict("not_computers_turn", "It is not the computer's turn.", "现在不轮到电脑走棋。"));
    }
    let level = save.settings.level;
    let (game, (result, seconds)) = app
        .searches
        .run(client, save.game, move |searcher, game| {
            searcher.set_level(level);
            let started = Instant::now();
            let result = searcher.play(game);
            (result, started.elapsed().as_secs_f64())
        })
        .await?;
    save.game = game;
    let Some(m) = result.best_move else { return Err(ApiError::game_over()) };
    let position = *save.game.position();
    save.game.push(m).map_err(|_| ApiError::game_over())?;
    let unit = seed() as f64 / u64::MAX as f64;
    let wait: serde_json::Map<String, Value> = Pace::ALL
        .iter()
        .map(|pace| (pace.word().to_string(), json!(pace.wait(&position, m, unit).as_secs_f64())))
        .collect();
    answer(
        &app,
        &save,
        json!({
            "played": Played::new(&position, m),
            "search": {
                "depth": result.depth,
                "seconds": seconds,
                "book": result.from_book,
                "tablebase": result.from_tablebase,
            },
            "wait": wait,
        }),
    )
}

/// `hint`: a suggested move, up to [`chess_session::HINTS_PER_GAME`] a game; the same one again
/// is free.
pub(crate) async fn hint(Shared(app): Shared<App>, client: Client, body: Body) -> Answer {
    let mut save = open(&app, body)?;
    if let Some(hint) = save.ask_hint()? {
        return answer(&app, &save, json!({ "hint": hint }));
    }
    let (game, found) = app.searches.run(client, save.game, chess_session::search_hint).await?;
    save.game = game;
    let given = save.give_hint(found)?.clone();
    answer(&app, &save, json!({ "hint": given }))
}

/// `undo`: takes back the player's last move (and the computer's reply on the player's turn).
pub(crate) async fn undo(Shared(app): Shared<App>, body: Body) -> Answer {
    let mut save = open(&app, body)?;
    let undone = save.undo()?;
    answer(&app, &save, json!({ "undone": undone }))
}

/// `resign`: the player (with two players, the side to move) resigns.
pub(crate) async fn resign(Shared(app): Shared<App>, body: Body) -> Answer {
    let mut save = open(&app, body)?;
    save.resign()?;
    answer(&app, &save, json!({}))
}

/// `draw`: claims a draw when the rules allow one, else offers one; the computer answers at once.
pub(crate) async fn draw(Shared(app): Shared<App>, client: Client, body: Body) -> Answer {
    let mut save = open(&app, body)?;
    if save.draw()? == Draw::Claimed {
        return answer(&app, &save, json!({ "accepted": true }));
    }
    if save.settings.side == Side::Both {
        return answer(&app, &save, json!({ "accepted": null }));
    }
    let level = save.settings.level;
    let (game, accepted) = app
        .searches
        .run(client, save.game, move |searcher, game| {
            searcher.set_level(level);
            chess_session::accepts_draw(searcher, game)
        })
        .await?;
    save.game = game;
    save.answer_draw(accepted)?;
    answer(&app, &save, json!({ "accepted": accepted }))
}

/// An answer to a draw offer.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawAnswer {
    state: State,
    accept: bool,
}

/// `draw_answer`: the other player accepts or declines the pending draw offer.
pub(crate) async fn draw_answer(Shared(app): Shared<App>, body: Body) -> Answer {
    let request: DrawAnswer = parse(body)?;
    let mut save = app.sealer.open(&request.state)?;
    save.answer_draw(request.accept)?;
    answer(&app, &save, json!({}))
}

/// `review`: every position of the game, for stepping through its moves.
pub(crate) async fn review(Shared(app): Shared<App>, body: Body) -> Answer {
    let save = open(&app, body)?;
    Ok(Json(json!({ "positions": positions(&save.game) })))
}

/// `pgn`: the game as PGN, with its players, today's date, its result and how it ended.
pub(crate) async fn pgn(Shared(app): Shared<App>, body: Body) -> Answer {
    let save = open(&app, body)?;
    let mut pgn = PgnGame::from_game_with(&save.game, FromGameOptions::new().with_end_comment());
    let computer = format!("Computer ({})", save.settings.level.text(Lang::En));
    let human = save.settings.side.human();
    let player = |color: Color| if human.is_some_and(|human| human != color) { computer.as_str() } else { "Player" };
    let rules = match save.settings.rules {
        RulesChoice::Fide => "FIDE rules",
        RulesChoice::Casual => "casual rules",
    };
    pgn.set_tag("Event", &format!("chess-web game, {rules}"));
    pgn.set_tag("Site", "chess-web");
    pgn.set_tag("Date", &pgn_date(SystemTime::now()));
    pgn.set_tag("White", player(Color::White));
    pgn.set_tag("Black", player(Color::Black));
    Ok(Json(json!({ "pgn": pgn.to_pgn() })))
}

/// Writes the day of `time` (in UTC) as PGN dates are written: `2026.12.02`.
fn pgn_date(time: SystemTime) -> String {
    // Howard Hinnant's civil_from_days, on days since 1970-01-01.
    let days = time.duration_since(UNIX_EPOCH).map_or(0, |since| since.as_secs() / 86_400) as i64 + 719_468;
    let (era, day_of_era) = (days.div_euclid(146_097), days.rem_euclid(146_097));
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// A number that differs from one call to the next (for the computer's random choices).
pub(crate) fn seed() -> u64 {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |time| time.as_nanos() as u64);
    nanos.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn pgn_dates_are_the_utc_day() {
        let day = |seconds: u64| pgn_date(UNIX_EPOCH + Duration::from_secs(seconds));
        assert_eq!(day(0), "1970.01.01");
        assert_eq!(day(951_782_400), "2000.02.29");
        assert_eq!(day(1_796_083_199), "2026.11.30");
    }
}
