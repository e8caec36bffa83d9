//! The JSON API: one handler per call, each reading the page's sealed save, asking chess-core,
//! and answering with the new save and what the page shows.

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request, State as Shared};
use axum::http::{HeaderValue, StatusCode, header};
use chess_core::search::Level;
use chess_core::{Color, Game, Position, Role, Square};
use chess_play::{HINT_LEVEL, HINTS_PER_GAME, Pace, RulesChoice, Side};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::App;
use crate::error::ApiError;
use crate::queue::Client;
use crate::save::{Save, State};
use crate::view::{GivenHint, Played, Texts, View, legal_moves};

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
fn answer(app: &App, save: &Save, extra: Value) -> Answer {
    let mut body = json!({ "state": app.sealer.seal(save), "view": View::new(save) });
    if let (Some(body), Value::Object(extra)) = (body.as_object_mut(), extra) {
        body.extend(extra);
    }
    Ok(Json(body))
}

/// Reads the save of a request that carries only that.
fn open(app: &App, body: Body) -> Result<Save, ApiError> {
    let request: SaveOnly = parse(body)?;
    app.sealer.open(&request.state)
}

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
    if request.level == Level::Master {
        return Err(ApiError::bad_request(
            "bad_request",
            "The levels are beginner, normal and expert.",
            "级别只有初级、中级和高级。",
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
    let game = Game::from_position_with_rules(start, request.rules.rules());
    let save = Save { side: request.side, level: request.level, rules: request.rules, hints_used: 0, hint: None, game };
    answer(&app, &save, json!({}))
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
        return Err(not_your_turn());
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

/// The error when the player asks for something on the computer's turn.
fn not_your_turn() -> ApiError {
    ApiError::conflict("not_your_turn", "It is the computer's turn.", "现在轮到电脑走棋。")
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
    let level = save.level;
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
        .map(|pace| (pace_name(*pace).to_string(), json!(pace.wait(&position, m, unit).as_secs_f64())))
        .collect();
    answer(
        &app,
        &save,
        json!({
            "played": Played::new(&position, m),
            "search": { "depth": result.depth, "seconds": seconds },
            "wait": wait,
        }),
    )
}

/// The name of a pace in the API.
fn pace_name(pace: Pace) -> &'static str {
    match pace {
        Pace::Real => "real",
        Pace::Fast => "fast",
        Pace::Instant => "instant",
    }
}

/// `hint`: a suggested move, up to [`HINTS_PER_GAME`] a game; the same one again is free.
pub(crate) async fn hint(Shared(app): Shared<App>, client: Client, body: Body) -> Answer {
    let mut save = open(&app, body)?;
    if let Some(hint) = save.current_hint().cloned() {
        return answer(&app, &save, json!({ "hint": hint }));
    }
    if save.game.is_over() {
        return Err(ApiError::game_over());
    }
    if save.computer_to_move() {
        return Err(not_your_turn());
    }
    if save.hints_used >= HINTS_PER_GAME {
        return Err(ApiError::conflict(
            "no_hints_left",
            format!("You have used all {HINTS_PER_GAME} hints of this game."),
            format!("本局的{HINTS_PER_GAME}次提示已经用完。"),
        ));
    }
    let (game, hint) = app.searches.run(client, save.game, |searcher, game| searcher.hint(game, HINT_LEVEL)).await?;
    save.game = game;
    let hint = hint.ok_or_else(ApiError::game_over)?;
    let given = GivenHint {
        ply: save.game.moves().len(),
        from: hint.mv.from(),
        to: hint.mv.destination(),
        san: hint.san.clone(),
        text: Texts::of(&hint),
    };
    save.hints_used += 1;
    save.hint = Some(given.clone());
    answer(&app, &save, json!({ "hint": given }))
}

/// `undo`: takes back the player's last move (and the computer's reply on the player's turn).
pub(crate) async fn undo(Shared(app): Shared<App>, body: Body) -> Answer {
    let mut save = open(&app, body)?;
    let plies = save.side.undo_plies(save.game.position().turn());
    if save.game.moves().len() < plies {
        return Err(ApiError::conflict("nothing_to_undo", "There is no move to take back.", "没有可以悔的棋。"));
    }
    let undone = save.game.undo_n(plies);
    // A hint is kept for its ply; once moves are taken back, that ply may come with another
    // position.
    save.hint = None;
    answer(&app, &save, json!({ "undone": undone }))
}

/// `resign`: the player (with two players, the side to move) resigns.
pub(crate) async fn resign(Shared(app): Shared<App>, body: Body) -> Answer {
    let mut save = open(&app, body)?;
    let player = save.player();
    save.game.resign(player).map_err(|error| ApiError::refused(&error))?;
    answer(&app, &save, json!({}))
}

/// `draw`: claims a draw when the rules allow one, else offers one; the computer answers at once.
pub(crate) async fn draw(Shared(app): Shared<App>, client: Client, body: Body) -> Answer {
    let mut save = open(&app, body)?;
    let player = save.player();
    if save.game.can_claim_draw() {
        save.game.claim_draw(player).map_err(|error| ApiError::refused(&error))?;
        return answer(&app, &save, json!({ "accepted": true }));
    }
    save.game.offer_draw(player).map_err(|error| ApiError::refused(&error))?;
    if save.side == Side::Both {
        return answer(&app, &save, json!({ "accepted": null }));
    }
    let level = save.level;
    let (game, accepted) = app
        .searches
        .run(client, save.game, move |searcher, game| {
            searcher.set_level(level);
            chess_play::accepts_draw(searcher, game)
        })
        .await?;
    save.game = game;
    answer_draw(&mut save, !player, accepted)?;
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
    let Some(offerer) = save.game.draw_offer() else {
        return Err(ApiError::conflict("no_draw_offer", "No draw has been offered.", "没有人提和。"));
    };
    answer_draw(&mut save, !offerer, request.accept)?;
    answer(&app, &save, json!({}))
}

/// Records `answerer`'s answer to the pending draw offer.
fn answer_draw(save: &mut Save, answerer: Color, accept: bool) -> Result<(), ApiError> {
    let result = if accept { save.game.accept_draw(answerer).map(drop) } else { save.game.decline_draw(answerer) };
    result.map_err(|error| ApiError::refused(&error))
}

/// A number that differs from one call to the next (for the computer's random choices).
pub(crate) fn seed() -> u64 {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |time| time.as_nanos() as u64);
    nanos.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}
