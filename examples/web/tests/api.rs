//! The JSON API against the router, in memory: every call, its errors, and saves that were
//! changed outside the game.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Request, StatusCode};
use chess_web::App;
use chess_web::save::{Sealer, State};
use hmac::{Hmac, Mac};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use sha2::Sha256;
use tower::ServiceExt;

const KEY: [u8; 32] = [3; 32];

/// The position after 1.d4 e6 2.c4 Bb4+ 3.Nc3 Nf6: White's knight on c3 is pinned.
const PINNED: &str = "rnbqk2r/pppp1ppp/4pn2/8/1bPP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4";

/// After 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5: White may castle.
const CASTLE: &str = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

/// A POST to `path` from the client at `from`, as the server passes it to the router.
fn post(path: &str, from: [u8; 4]) -> axum::http::request::Builder {
    Request::post(path).header("content-type", "application/json").extension(ConnectInfo(SocketAddr::from((from, 1))))
}

/// Sends `request` to `router` and returns the status, the headers and the JSON answer.
async fn send(router: Router, request: Request<Body>) -> (StatusCode, HeaderMap, Value) {
    let response = router.oneshot(request).await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let answer =
        serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()));
    (status, headers, answer)
}

/// Posts `body` to `path` and returns the status and the JSON answer.
async fn call(path: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let router = App::new(Sealer::new(KEY)).router();
    let (status, _, answer) = send(router, post(path, [127, 0, 0, 1]).body(body.into()).unwrap()).await;
    (status, answer)
}

/// Posts `body` and expects success.
async fn ok(path: &str, body: Value) -> Value {
    let (status, answer) = call(path, body.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    answer
}

/// Posts `body` and expects an error with `status` and `code`; returns its English message.
async fn refused(path: &str, body: Value, status: StatusCode, code: &str) -> String {
    let (got, answer) = call(path, body.to_string()).await;
    assert_eq!((got, answer["error"]["code"].as_str()), (status, Some(code)), "{path}: {answer}");
    assert!(!answer["error"]["message"]["zh"].as_str().unwrap().is_empty());
    answer["error"]["message"]["en"].as_str().unwrap().to_string()
}

/// Starts a game.
async fn new_game(rules: &str, side: &str, fen: Option<&str>) -> Value {
    let mut body = json!({ "rules": rules, "side": side, "level": "beginner" });
    if let Some(fen) = fen {
        body["fen"] = json!(fen);
    }
    ok("/api/new", body).await
}

/// Plays a move by squares and returns the answer.
async fn play(answer: &Value, from: &str, to: &str) -> Value {
    ok("/api/play", json!({ "state": answer["state"], "from": from, "to": to })).await
}

#[tokio::test]
async fn a_new_game_shows_the_start_position() {
    let answer = new_game("fide", "white", None).await;
    let view = &answer["view"];
    assert_eq!(view["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(view["legal"].as_array().unwrap().len(), 20);
    assert_eq!((view["pieces"]["e1"].as_str(), view["pieces"]["d8"].as_str()), (Some("K"), Some("q")));
    assert_eq!(view["pieces"].as_object().unwrap().len(), 32);
    assert_eq!(
        (view["turn"].as_str(), view["side"].as_str(), view["rules"].as_str()),
        (Some("white"), Some("white"), Some("fide"))
    );
    assert_eq!((view["level"].as_str(), view["hints_left"].as_u64()), (Some("beginner"), Some(3)));
    assert_eq!((view["computer_to_move"].as_bool(), view["can_undo"].as_bool()), (Some(false), Some(false)));
    assert!(view["outcome"].is_null() && view["last_move"].is_null() && view["check"].is_null());
    // The save is chess-core's game with the page's settings.
    let save: Value = serde_json::from_str(answer["state"]["save"].as_str().unwrap()).unwrap();
    assert_eq!(save["game"]["moves"], json!([]));
    assert_eq!(save["side"], "white");
}

#[tokio::test]
async fn new_games_refuse_bad_settings() {
    let message = refused(
        "/api/new",
        json!({"rules": "fide", "side": "white", "level": "master"}),
        StatusCode::BAD_REQUEST,
        "bad_request",
    )
    .await;
    assert_eq!(message, "The levels are beginner, normal and expert.");
    let (_, answer) = call("/api/new", json!({"rules": "fide", "side": "white", "level": "master"}).to_string()).await;
    assert_eq!(answer["error"]["message"]["zh"], "级别只有入门、普通和高手。");
    let message = refused(
        "/api/new",
        json!({"rules": "house", "side": "white", "level": "normal"}),
        StatusCode::BAD_REQUEST,
        "bad_request",
    )
    .await;
    assert!(message.contains("unknown variant `house`"), "{message}");
    let body = json!({"rules": "fide", "side": "both", "level": "normal", "fen": "8/8/8/8/8/8/8/8 w - - 0 1"});
    let message = refused("/api/new", body, StatusCode::BAD_REQUEST, "invalid_fen").await;
    assert!(message.contains("white has no king"), "{message}");
}

#[tokio::test]
async fn destinations_mark_captures_en_passant_and_castling() {
    let start = new_game("fide", "white", None).await;
    let answer = ok("/api/destinations", json!({"state": start["state"], "from": "e2"})).await;
    let squares: Vec<&str> =
        answer["destinations"].as_array().unwrap().iter().map(|d| d["to"].as_str().unwrap()).collect();
    assert_eq!(squares, ["e3", "e4"]);
    // White's pawn on e5 may take d6 en passant.
    let ep = new_game("fide", "both", Some("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")).await;
    let answer = ok("/api/destinations", json!({"state": ep["state"], "from": "e5"})).await;
    assert_eq!(
        answer["destinations"],
        json!([
            {"from": "e5", "to": "e6", "san": "e6", "capture": false, "en_passant": false, "castle": false, "promotion": false},
            {"from": "e5", "to": "d6", "san": "exd6", "capture": true, "en_passant": true, "castle": false, "promotion": false},
        ])
    );
    let castle = new_game("fide", "both", Some(CASTLE)).await;
    let answer = ok("/api/destinations", json!({"state": castle["state"], "from": "e1"})).await;
    let mut kinds: Vec<(String, bool)> = answer["destinations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["to"].as_str().unwrap().to_string(), d["castle"].as_bool().unwrap()))
        .collect();
    kinds.sort();
    assert_eq!(kinds, [("e2".to_string(), false), ("f1".to_string(), false), ("g1".to_string(), true)]);
    // A pinned piece has none.
    let pinned = new_game("fide", "both", Some(PINNED)).await;
    assert_eq!(
        ok("/api/destinations", json!({"state": pinned["state"], "from": "c3"})).await["destinations"],
        json!([])
    );
    refused(
        "/api/destinations",
        json!({"state": pinned["state"], "from": "z9"}),
        StatusCode::BAD_REQUEST,
        "bad_request",
    )
    .await;
}

#[tokio::test]
async fn moves_are_played_by_squares_and_illegal_ones_say_why() {
    let game = new_game("fide", "both", None).await;
    let answer = play(&game, "e2", "e4").await;
    assert_eq!(answer["played"]["san"], "e4");
    assert_eq!(answer["played"]["text"], json!({"en": "White pawn e2 to e4", "zh": "白方兵从e2走到e4"}));
    assert_eq!(answer["view"]["last_move"], json!({"from": "e2", "to": "e4"}));
    assert_eq!(answer["view"]["moves"], json!(["e4"]));
    assert_eq!(answer["view"]["fen"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");

    let pinned = new_game("fide", "both", Some(PINNED)).await;
    let (status, answer) =
        call("/api/play", json!({"state": pinned["state"], "from": "c3", "to": "e4"}).to_string()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer["error"],
        json!({"code": "illegal_move", "message": {"en": "the knight on c3 is pinned by the bishop on b4", "zh": "c3上的马被b4上的象牵制"}})
    );
}

#[tokio::test]
async fn castling_by_the_kings_two_squares_or_the_rook() {
    let game = new_game("fide", "both", Some(CASTLE)).await;
    for to in ["g1", "h1"] {
        let answer = play(&game, "e1", to).await;
        assert_eq!(answer["played"]["san"], "O-O");
        assert_eq!(
            (answer["view"]["pieces"]["g1"].as_str(), answer["view"]["pieces"]["f1"].as_str()),
            (Some("K"), Some("R"))
        );
        assert_eq!(answer["view"]["last_move"], json!({"from": "e1", "to": "g1"}));
    }
}

#[tokio::test]
async fn promotion_needs_its_piece() {
    let game = new_game("fide", "both", Some("8/P7/8/8/8/8/8/k6K w - - 0 1")).await;
    let destinations = ok("/api/destinations", json!({"state": game["state"], "from": "a7"})).await;
    assert_eq!(destinations["destinations"].as_array().unwrap().len(), 1, "one entry for the four pieces");
    assert_eq!(destinations["destinations"][0]["promotion"], true);
    let body = json!({"state": game["state"], "from": "a7", "to": "a8"});
    let message = refused("/api/play", body, StatusCode::UNPROCESSABLE_ENTITY, "missing_promotion").await;
    assert!(message.contains("promot"), "{message}");
    let knight = ok("/api/play", json!({"state": game["state"], "from": "a7", "to": "a8", "promotion": "n"})).await;
    assert_eq!((knight["played"]["san"].as_str(), knight["view"]["pieces"]["a8"].as_str()), (Some("a8=N"), Some("N")));
    let body = json!({"state": game["state"], "from": "a7", "to": "a8", "promotion": "k"});
    let message = refused("/api/play", body, StatusCode::BAD_REQUEST, "bad_request").await;
    assert_eq!(message, "A pawn promotes to q, r, b or n, not 'k'.");
}

#[tokio::test]
async fn the_computer_answers_on_its_turn_only() {
    let game = new_game("fide", "black", None).await;
    assert_eq!(game["view"]["computer_to_move"], true);
    let message = refused(
        "/api/play",
        json!({"state": game["state"], "from": "e7", "to": "e5"}),
        StatusCode::CONFLICT,
        "not_your_turn",
    )
    .await;
    assert_eq!(message, "It is the computer's turn.");
    refused("/api/hint", json!({"state": game["state"]}), StatusCode::CONFLICT, "not_your_turn").await;
    let answer = ok("/api/computer", json!({"state": game["state"]})).await;
    assert_eq!(answer["view"]["moves"].as_array().unwrap().len(), 1);
    assert_eq!(answer["view"]["turn"], "black");
    assert_eq!(answer["view"]["computer_to_move"], false);
    assert_eq!(answer["search"]["depth"], 2, "a beginner looks two plies ahead");
    let wait = &answer["wait"];
    assert!((2.0..=5.0).contains(&wait["real"].as_f64().unwrap()), "{wait}");
    assert!((1.0..=2.0).contains(&wait["fast"].as_f64().unwrap()), "{wait}");
    assert_eq!(wait["instant"], 0.0);
    refused("/api/computer", json!({"state": answer["state"]}), StatusCode::CONFLICT, "not_computers_turn").await;
    let two = new_game("fide", "both", None).await;
    refused("/api/computer", json!({"state": two["state"]}), StatusCode::CONFLICT, "not_computers_turn").await;
}

#[tokio::test]
async fn three_hints_a_game_and_the_same_one_again_is_free() {
    let mut game = new_game("fide", "both", None).await;
    for (used, (from, to)) in [("e2", "e4"), ("e7", "e5"), ("g1", "f3")].into_iter().enumerate() {
        let hinted = ok("/api/hint", json!({"state": game["state"]})).await;
        assert_eq!(hinted["view"]["hints_left"], 2 - used as u64);
        let again = ok("/api/hint", json!({"state": hinted["state"]})).await;
        assert_eq!(
            (again["hint"].clone(), again["view"]["hints_left"].clone()),
            (hinted["hint"].clone(), json!(2 - used as u64))
        );
        assert_eq!(hinted["view"]["hint"], hinted["hint"]);
        let hint = &hinted["hint"];
        assert!(
            hint["text"]["en"].as_str().unwrap().starts_with("White")
                || hint["text"]["en"].as_str().unwrap().starts_with("Black")
        );
        assert!(!hint["text"]["zh"].as_str().unwrap().is_empty());
        game = play(&hinted, from, to).await;
        assert!(game["view"]["hint"].is_null(), "a hint belongs to its position");
    }
    let message = refused("/api/hint", json!({"state": game["state"]}), StatusCode::CONFLICT, "no_hints_left").await;
    assert_eq!(message, "You have used all 3 hints of this game.");
}

#[tokio::test]
async fn undo_takes_back_a_move_and_the_computers_reply() {
    let game = new_game("fide", "white", None).await;
    refused("/api/undo", json!({"state": game["state"]}), StatusCode::CONFLICT, "nothing_to_undo").await;
    let mine = play(&game, "e2", "e4").await;
    // While the computer is to move, only the player's move.
    let undone = ok("/api/undo", json!({"state": mine["state"]})).await;
    assert_eq!((undone["undone"].as_u64(), undone["view"]["moves"].as_array().unwrap().len()), (Some(1), 0));
    let replied = ok("/api/computer", json!({"state": mine["state"]})).await;
    assert_eq!(replied["view"]["can_undo"], true);
    let undone = ok("/api/undo", json!({"state": replied["state"]})).await;
    assert_eq!(undone["undone"], 2);
    assert_eq!(undone["view"]["fen"], game["view"]["fen"]);
    // Two players: one ply.
    let two = play(&new_game("fide", "both", None).await, "d2", "d4").await;
    let two = play(&two, "d7", "d5").await;
    assert_eq!(ok("/api/undo", json!({"state": two["state"]})).await["view"]["moves"], json!(["d4"]));
}

#[tokio::test]
async fn a_hint_does_not_outlive_an_undo() {
    // Black's hint after 1.e4; then 1.e4 is taken back and 1.d4 played: the same ply, another position.
    let after_e4 = play(&new_game("fide", "both", None).await, "e2", "e4").await;
    let hinted = ok("/api/hint", json!({"state": after_e4["state"]})).await;
    assert!(!hinted["view"]["hint"].is_null());
    let undone = ok("/api/undo", json!({"state": hinted["state"]})).await;
    let after_d4 = play(&undone, "d2", "d4").await;
    assert!(after_d4["view"]["hint"].is_null(), "{}", after_d4["view"]["hint"]);
    assert_eq!(after_d4["view"]["hints_left"], 2);
}

#[tokio::test]
async fn resigning_follows_the_rules() {
    let fide = new_game("fide", "white", None).await;
    let answer = ok("/api/resign", json!({"state": fide["state"]})).await;
    let outcome = &answer["view"]["outcome"];
    assert_eq!((outcome["result"].as_str(), outcome["winner"].as_str()), (Some("0-1"), Some("black")));
    assert_eq!(outcome["text"], json!({"en": "White resigns: Black wins.", "zh": "白方认输，黑方获胜。"}));
    assert_eq!(answer["view"]["legal"], json!([]));
    refused(
        "/api/play",
        json!({"state": answer["state"], "from": "e2", "to": "e4"}),
        StatusCode::CONFLICT,
        "game_over",
    )
    .await;
    let casual = new_game("casual", "white", None).await;
    let message = refused(
        "/api/resign",
        json!({"state": casual["state"]}),
        StatusCode::UNPROCESSABLE_ENTITY,
        "event_not_allowed",
    )
    .await;
    assert_eq!(message, "Under these rules you may resign only after 15 moves; you have made 0.");
}

#[tokio::test]
async fn draw_offers_between_two_players_and_against_the_computer() {
    let two = new_game("fide", "both", None).await;
    let offered = ok("/api/draw", json!({"state": two["state"]})).await;
    assert_eq!((offered["accepted"].clone(), offered["view"]["draw_offer"].clone()), (Value::Null, json!("white")));
    let declined = ok("/api/draw_answer", json!({"state": offered["state"], "accept": false})).await;
    assert!(declined["view"]["draw_offer"].is_null() && declined["view"]["outcome"].is_null());
    refused(
        "/api/draw_answer",
        json!({"state": declined["state"], "accept": true}),
        StatusCode::CONFLICT,
        "no_draw_offer",
    )
    .await;
    let agreed = ok("/api/draw_answer", json!({"state": offered["state"], "accept": true})).await;
    assert_eq!(agreed["view"]["outcome"]["text"]["en"], "Draw by agreement.");
    assert_eq!(agreed["view"]["outcome"]["result"], "1/2-1/2");

    // Against the computer the answer comes at once: lost, it accepts; winning, it declines.
    let lost = new_game("fide", "white", Some("4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1")).await;
    let answer = ok("/api/draw", json!({"state": lost["state"]})).await;
    assert_eq!(answer["accepted"], true);
    assert_eq!(answer["view"]["outcome"]["text"]["en"], "Draw by agreement.");
    let winning = new_game("fide", "white", Some("qqq1k3/8/8/8/8/8/8/4K3 w - - 0 1")).await;
    let answer = ok("/api/draw", json!({"state": winning["state"]})).await;
    assert_eq!(answer["accepted"], false);
    assert!(answer["view"]["draw_offer"].is_null() && answer["view"]["outcome"].is_null());
    let casual = new_game("casual", "both", None).await;
    let message =
        refused("/api/draw", json!({"state": casual["state"]}), StatusCode::UNPROCESSABLE_ENTITY, "event_not_allowed")
            .await;
    assert_eq!(message, "Under these rules you may offer a draw only after 15 moves; you have made 0.");
}

#[tokio::test]
async fn a_finished_game_refuses_moves_and_shows_its_end() {
    let game = fools_mate().await;
    let view = &game["view"];
    assert_eq!(view["moves"], json!(["f3", "e5", "g4", "Qh4#"]));
    assert_eq!(view["check"], "e1");
    assert_eq!(view["outcome"]["text"], json!({"en": "Checkmate! Black wins.", "zh": "将死！黑方获胜。"}));
    assert_eq!(view["computer_to_move"], false);
    refused("/api/play", json!({"state": game["state"], "from": "a2", "to": "a3"}), StatusCode::CONFLICT, "game_over")
        .await;
    refused("/api/hint", json!({"state": game["state"]}), StatusCode::CONFLICT, "game_over").await;
}

/// Plays fool's mate (1.f3 e5 2.g4 Qh4#) in a game of two players.
async fn fools_mate() -> Value {
    let mut game = new_game("fide", "both", None).await;
    for (from, to) in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")] {
        game = play(&game, from, to).await;
    }
    game
}

#[tokio::test]
async fn review_gives_every_position_from_the_start() {
    let game = fools_mate().await;
    let answer = ok("/api/review", json!({"state": game["state"]})).await;
    let positions = answer["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 5, "the start and one per move");
    assert_eq!(positions[0]["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(positions[0]["last_move"].is_null() && positions[0]["check"].is_null());
    assert_eq!(positions[1]["last_move"], json!({"from": "f2", "to": "f3"}));
    assert_eq!((positions[1]["pieces"]["f3"].as_str(), positions[1]["pieces"].get("f2")), (Some("P"), None));
    // The last is the view's own board.
    for field in ["fen", "pieces", "last_move", "check"] {
        assert_eq!(positions[4][field], game["view"][field], "{field}");
    }
    assert_eq!(positions[4]["check"], "e1");
}

#[tokio::test]
async fn pgn_has_the_players_the_moves_the_result_and_the_termination() {
    let game = fools_mate().await;
    let pgn = ok("/api/pgn", json!({"state": game["state"]})).await["pgn"].as_str().unwrap().to_string();
    for tag in [
        "[Event \"chess-web game, FIDE rules\"]",
        "[White \"Player\"]",
        "[Black \"Player\"]",
        "[Result \"0-1\"]",
        "[Termination \"normal\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    assert!(pgn.contains("\n[Date \"20"), "{pgn}");
    assert!(pgn.ends_with("\n\n1. f3 e5 2. g4 Qh4# {black wins by checkmate} 0-1\n"), "{pgn}");
    // A game going on is written with its result unknown; the computer is named with its level.
    let going = new_game("casual", "black", None).await;
    let pgn = ok("/api/pgn", json!({"state": going["state"]})).await["pgn"].as_str().unwrap().to_string();
    assert!(pgn.contains("[White \"Computer (Beginner)\"]\n[Black \"Player\"]\n[Result \"*\"]"), "{pgn}");
    assert!(pgn.contains("casual rules") && pgn.ends_with("\n\n*\n"), "{pgn}");
}

#[tokio::test]
async fn captures_and_material_are_counted() {
    let mut game = new_game("fide", "both", None).await;
    // 1.Nc3 d5 2.Nxd5 Qxd5 3.e4 Qxe4+: Black takes the knight, then a pawn.
    let moves = [("b1", "c3"), ("d7", "d5"), ("c3", "d5"), ("d8", "d5"), ("e2", "e4"), ("d5", "e4")];
    for (from, to) in moves {
        game = play(&game, from, to).await;
    }
    // Least valuable first, whatever the order taken.
    assert_eq!(game["view"]["captured"], json!({"white": ["p"], "black": ["P", "N"]}));
    assert_eq!(game["view"]["material"], -3);
}

#[tokio::test]
async fn changed_saves_are_refused_with_a_clear_message() {
    let game = play(&new_game("fide", "both", None).await, "e2", "e4").await;
    let state = &game["state"];
    // A move changed in the save text.
    let changed = json!({"save": state["save"].as_str().unwrap().replace("e2e4", "e2e3"), "seal": state["seal"]});
    let message = refused("/api/view", json!({"state": changed}), StatusCode::BAD_REQUEST, "tampered_save").await;
    assert_eq!(
        message,
        "This saved game was changed outside the game (or saved by another server), so it cannot be continued."
    );
    // More hints, a seal that is not hexadecimal, or none.
    let more_hints = json!({"save": state["save"].as_str().unwrap().replace("\"hints_used\":0", "\"hints_used\":-9"), "seal": state["seal"]});
    refused("/api/hint", json!({"state": more_hints}), StatusCode::BAD_REQUEST, "tampered_save").await;
    let junk = json!({"save": state["save"], "seal": "zz"});
    refused("/api/view", json!({"state": junk}), StatusCode::BAD_REQUEST, "tampered_save").await;
    refused("/api/view", json!({"state": {"save": state["save"]}}), StatusCode::BAD_REQUEST, "bad_request").await;
    // Sealed by a server with another key.
    let other: State = serde_json::from_value(state.clone()).unwrap();
    assert_eq!(Sealer::new([4; 32]).open(&other).unwrap_err().code, "tampered_save");
    // Sealed with the right key (HMAC-SHA256 of the text, in hexadecimal) but not a legal game:
    // chess-core's replay refuses it.
    assert_eq!(Sealer::new(KEY).seal(&Sealer::new(KEY).open(&other).unwrap()).seal, other.seal);
    let text = other.save.replace("\"moves\":[\"e2e4\"]", "\"moves\":[\"e2e5\"]");
    let body = json!({"state": seal(&text)});
    let message = refused("/api/view", body, StatusCode::BAD_REQUEST, "invalid_save").await;
    assert!(message.starts_with("This saved game cannot be read:") && message.contains("e2e5"), "{message}");
}

/// Seals `text` as the server with [`KEY`] does (HMAC-SHA256, in hexadecimal).
fn seal(text: &str) -> Value {
    let mut mac = Hmac::<Sha256>::new_from_slice(&KEY).unwrap();
    mac.update(text.as_bytes());
    let seal: String = mac.finalize().into_bytes().iter().map(|byte| format!("{byte:02x}")).collect();
    json!({"save": text, "seal": seal})
}

#[tokio::test]
async fn a_save_of_the_pages_first_format_goes_on() {
    // The page's first saves had no version, language, pace, clock or board side (chess-session
    // reads a literal one in its tests): a save of now, with a hint, without them.
    let hinted =
        ok("/api/hint", json!({"state": play(&new_game("casual", "both", None).await, "e2", "e4").await["state"]}))
            .await;
    let mut first: Value = serde_json::from_str(hinted["state"]["save"].as_str().unwrap()).unwrap();
    for key in ["version", "lang", "pace", "clock", "flipped"] {
        first.as_object_mut().unwrap().remove(key).unwrap();
    }
    let text = first.to_string();
    let shown = ok("/api/view", json!({"state": seal(&text)})).await;
    assert_eq!((shown["view"]["moves"].clone(), shown["view"]["hints_left"].as_u64()), (json!(["e4"]), Some(2)));
    // Its hint is shown again free, and the state comes back in the current format.
    let again = ok("/api/hint", json!({"state": seal(&text)})).await;
    assert_eq!((again["hint"].clone(), again["view"]["hints_left"].as_u64()), (hinted["hint"].clone(), Some(2)));
    let save: Value = serde_json::from_str(again["state"]["save"].as_str().unwrap()).unwrap();
    assert_eq!((save["version"].as_u64(), save["hints_used"].as_u64()), (Some(2), Some(1)));
    // A save of a version the server does not know is refused with a message that says so.
    first["version"] = json!(9);
    let message =
        refused("/api/view", json!({"state": seal(&first.to_string())}), StatusCode::BAD_REQUEST, "invalid_save").await;
    assert!(message.contains("version 9"), "{message}");
}

#[tokio::test]
async fn bad_requests_say_what_is_wrong() {
    let (status, answer) = call("/api/play", "{bad").await;
    assert_eq!((status, answer["error"]["code"].as_str()), (StatusCode::BAD_REQUEST, Some("bad_request")));
    let message = answer["error"]["message"]["en"].as_str().unwrap();
    assert!(message.contains("line 1 column 2"), "{message}");
    let (status, answer) = call("/api/nothing", "{}").await;
    assert_eq!((status, answer["error"]["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")));
    let (status, _) = call("/api/new", vec![0xffu8, 0xfe]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // A body over the 256 KiB limit is refused in the API's own form.
    let (status, answer) = call("/api/view", vec![b' '; 257 << 10]).await;
    assert_eq!((status, answer["error"]["code"].as_str()), (StatusCode::PAYLOAD_TOO_LARGE, Some("too_large")));
    assert!(answer["error"]["message"]["en"].as_str().unwrap().starts_with("The request cannot be read: "), "{answer}");
    // The API is called with POST.
    let router = App::new(Sealer::new(KEY)).router();
    let response = router.oneshot(Request::get("/api/new").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let answer: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(answer["error"]["code"], "method_not_allowed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_computer_moves_at_once_all_answer() {
    let game = new_game("fide", "black", None).await;
    let calls = (0..16).map(|_| {
        let state = game["state"].clone();
        tokio::spawn(async move { ok("/api/computer", json!({"state": state})).await })
    });
    for call in calls {
        let answer = call.await.unwrap();
        assert_eq!(answer["view"]["moves"].as_array().unwrap().len(), 1);
    }
}

#[tokio::test]
async fn the_page_and_its_files_are_served_from_the_binary() {
    let get = |path: String| async move {
        let router = App::new(Sealer::new(KEY)).router();
        let response = router.oneshot(Request::get(path.as_str()).body(Body::empty()).unwrap()).await.unwrap();
        let status = response.status();
        let kind = response.headers().get("content-type").map(|v| v.to_str().unwrap().to_string());
        (status, kind, response.into_body().collect().await.unwrap().to_bytes())
    };
    let file = |name: &str| std::fs::read(format!("{}/static/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let (status, kind, page) = get("/".into()).await;
    assert_eq!((status, kind.as_deref()), (StatusCode::OK, Some("text/html; charset=utf-8")));
    assert_eq!(page, file("index.html"));
    let page = String::from_utf8(page.to_vec()).unwrap();
    assert!(page.contains("/static/main.js") && page.contains("/static/style.css"));
    for (name, kind) in [
        ("main.js", "text/javascript; charset=utf-8"),
        ("style.css", "text/css; charset=utf-8"),
        ("pieces.svg", "image/svg+xml"),
        ("noto-sans-sc-subset.woff2", "font/woff2"),
        ("noto-sans-sc-OFL.txt", "text/plain; charset=utf-8"),
    ] {
        let (status, served_kind, body) = get(format!("/static/{name}")).await;
        assert_eq!((status, served_kind.as_deref(), body.to_vec()), (StatusCode::OK, Some(kind), file(name)), "{name}");
    }
    // The texts the site's policy decides are made by the server, with the rules' numbers.
    let (status, kind, script) = get("/static/policy.js".into()).await;
    assert_eq!((status, kind.as_deref()), (StatusCode::OK, Some("text/javascript; charset=utf-8")));
    let script = String::from_utf8(script.to_vec()).unwrap();
    let policy: Value = serde_json::from_str(
        script.lines().find_map(|line| line.strip_prefix("export const POLICY = ")).unwrap().trim_end_matches(';'),
    )
    .unwrap();
    assert!(policy["en"]["casualNote"].as_str().unwrap().starts_with("resign or offer a draw only after 15 moves, "));
    assert!(policy["zh"]["casualNote"].as_str().unwrap().starts_with("走满15步才能认输或提和"));
    assert_eq!(
        (policy["en"]["paceReal"].as_str(), policy["zh"]["paceFast"].as_str()),
        (Some("real (waits 2-5 s, like a person)"), Some("较快（1-2秒）"))
    );
    assert_eq!(policy["en"]["paceNames"], json!({"real": "real", "fast": "faster", "instant": "instant"}));
    // The levels' names are chess-core's, as the casual site gives them.
    assert_eq!(policy["en"]["levelNames"], json!({"beginner": "Beginner", "normal": "Normal", "expert": "Expert"}));
    assert_eq!(policy["zh"]["levelNames"], json!({"beginner": "入门", "normal": "普通", "expert": "高手"}));
    assert_eq!(get("/static/nothing.js".into()).await.0, StatusCode::NOT_FOUND);
    assert_eq!(get("/static/..%2FCargo.toml".into()).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn padded_bodies_are_refused() {
    let game = new_game("fide", "both", None).await;
    let padding = "x".repeat(1000);
    let body = json!({"state": game["state"], "padding": padding});
    let message = refused("/api/view", body, StatusCode::BAD_REQUEST, "bad_request").await;
    assert!(message.contains("unknown field `padding`"), "{message}");
    let state = json!({"save": game["state"]["save"], "seal": game["state"]["seal"], "padding": padding});
    let message = refused("/api/computer", json!({"state": state}), StatusCode::BAD_REQUEST, "bad_request").await;
    assert!(message.contains("unknown field `padding`"), "{message}");
    let body = json!({"state": game["state"], "from": "e2", "to": "e4", "padding": padding});
    refused("/api/play", body, StatusCode::BAD_REQUEST, "bad_request").await;
    let body = json!({"rules": "fide", "side": "white", "level": "normal", "padding": padding});
    refused("/api/new", body, StatusCode::BAD_REQUEST, "bad_request").await;
}

#[tokio::test]
async fn the_api_takes_json_only() {
    let body = json!({"rules": "fide", "side": "white", "level": "normal"}).to_string();
    let with_type = |kind: Option<&str>| {
        let request = Request::post("/api/new").extension(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 1))));
        let request = match kind {
            Some(kind) => request.header("content-type", kind),
            None => request,
        };
        request.body(Body::from(body.clone())).unwrap()
    };
    for kind in
        [Some("text/plain"), Some("application/x-www-form-urlencoded"), Some("multipart/form-data; boundary=x"), None]
    {
        let (status, _, answer) = send(App::new(Sealer::new(KEY)).router(), with_type(kind)).await;
        assert_eq!(
            (status, answer["error"]["code"].as_str()),
            (StatusCode::UNSUPPORTED_MEDIA_TYPE, Some("not_json")),
            "{kind:?}"
        );
    }
    let (status, _, _) =
        send(App::new(Sealer::new(KEY)).router(), with_type(Some("Application/JSON; charset=utf-8"))).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn cross_site_calls_are_refused_and_answers_carry_no_cors_headers() {
    let body = json!({"rules": "fide", "side": "white", "level": "normal"}).to_string();
    let call_with = |headers: &[(&'static str, &'static str)]| {
        let mut request = post("/api/new", [127, 0, 0, 1]).header("host", "127.0.0.1:8080");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        send(App::new(Sealer::new(KEY)).router(), request.body(Body::from(body.clone())).unwrap())
    };
    let refused: [&[(&str, &str)]; 4] = [
        &[("origin", "http://evil.example")],
        &[("origin", "http://127.0.0.1:8081")],
        &[("sec-fetch-site", "cross-site"), ("origin", "http://evil.example")],
        &[("sec-fetch-site", "same-site")],
    ];
    for headers in refused {
        let (status, answer_headers, answer) = call_with(headers).await;
        assert_eq!(
            (status, answer["error"]["code"].as_str()),
            (StatusCode::FORBIDDEN, Some("cross_origin")),
            "{headers:?}"
        );
        assert!(!answer_headers.keys().any(|name| name.as_str().starts_with("access-control-")), "{answer_headers:?}");
    }
    let allowed: [&[(&str, &str)]; 3] = [
        &[],
        &[("origin", "http://127.0.0.1:8080")],
        &[("sec-fetch-site", "same-origin"), ("origin", "http://127.0.0.1:8080")],
    ];
    for headers in allowed {
        let (status, answer_headers, _) = call_with(headers).await;
        assert_eq!(status, StatusCode::OK, "{headers:?}");
        assert!(!answer_headers.keys().any(|name| name.as_str().starts_with("access-control-")), "{answer_headers:?}");
        assert_eq!(answer_headers["x-content-type-options"], "nosniff");
    }
    // The page may be opened from anywhere, and says what it may load.
    let request = Request::get("/").header("sec-fetch-site", "cross-site").body(Body::empty()).unwrap();
    let response = App::new(Sealer::new(KEY)).router().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    let policy = response.headers()["content-security-policy"].to_str().unwrap();
    assert!(policy.starts_with("default-src 'self';") && policy.contains("frame-ancestors 'none'"), "{policy}");
}

/// A position where a search is slow: fourteen queens, where it runs to its node cap.
const QUEENS: &str = "qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - - 0 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_players_moves_are_answered_while_an_attacker_loops_slow_searches() {
    // Two searches at once; the attacker asks for eight slow ones at a time, again and again.
    let limits = chess_web::Limits { searches: 2, ..chess_web::Limits::default() };
    let router = App::with_limits(Sealer::new(KEY), limits).router();
    let attack = ok("/api/new", json!({"rules": "fide", "side": "black", "level": "expert", "fen": QUEENS})).await;
    let body = json!({"state": attack["state"]}).to_string();
    let answered = Arc::new(Mutex::new(Vec::<Instant>::new()));
    let attackers: Vec<_> = (0..8)
        .map(|_| {
            let (router, body, answered) = (router.clone(), body.clone(), Arc::clone(&answered));
            tokio::spawn(async move {
                loop {
                    let request = post("/api/computer", [10, 0, 0, 66]).body(Body::from(body.clone())).unwrap();
                    let (status, headers, _) = send(router.clone(), request).await;
                    if status == StatusCode::OK {
                        answered.lock().unwrap().push(Instant::now());
                    } else {
                        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
                        assert_eq!(headers["retry-after"], "1");
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                }
            })
        })
        .collect();
    // The player's computer moves each wait for one of the two slow searches running when it
    // came to end (the free slot is the player's: the attacker has searches running, the
    // player none); the other may end while the player's runs, and one more may have ended
    // just before it came; however many the attacker asks for.
    let mut game = new_game("fide", "white", None).await;
    let (mut most_passed, mut slowest) = (0, Duration::ZERO);
    for _ in 0..3 {
        // The first legal move: the Beginner's replies vary, and may give check.
        let first = &game["view"]["legal"][0];
        game = play(&game, first["from"].as_str().unwrap(), first["to"].as_str().unwrap()).await;
        let started = Instant::now();
        let request =
            post("/api/computer", [10, 0, 0, 7]).body(Body::from(json!({"state": game["state"]}).to_string()));
        let (status, _, answer) = send(router.clone(), request.unwrap()).await;
        let ended = Instant::now();
        assert_eq!(status, StatusCode::OK, "{answer}");
        let passed = answered.lock().unwrap().iter().filter(|&&at| at > started && at < ended).count();
        (most_passed, slowest) = (most_passed.max(passed), slowest.max(ended - started));
        game = answer;
    }
    for attacker in attackers {
        attacker.abort();
    }
    eprintln!("the player's slowest move took {slowest:?}; at most {most_passed} slow searches ended meanwhile");
    assert!(most_passed <= 3, "{most_passed} slow searches ended while the player waited");
}

/// Posts `body` to `path` on `app` and expects success.
async fn ok_on(app: &App, path: &str, body: Value) -> Value {
    let request = post(path, [127, 0, 0, 1]).body(Body::from(body.to_string())).unwrap();
    let (status, _, answer) = send(app.clone().router(), request).await;
    assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    answer
}

#[tokio::test]
async fn with_a_book_the_computer_plays_book_moves() {
    let key = chess_core::Position::new().zobrist_key();
    let entry = |raw_move: u16, weight: u16| chess_core::book::Entry { key, raw_move, weight, learn: 0 }.to_bytes();
    let book = chess_core::book::Book::from_vec([entry(0x031c, 3), entry(0x02db, 1)].concat()).unwrap();
    let knowledge = chess_web::Knowledge { book: Some(Arc::new(book)), ..Default::default() };
    let app = App::with_knowledge(Sealer::new(KEY), chess_web::Limits::default(), knowledge);
    let game = ok_on(&app, "/api/new", json!({ "rules": "casual", "side": "black", "level": "beginner" })).await;
    let answer = ok_on(&app, "/api/computer", json!({"state": game["state"]})).await;
    assert_eq!((answer["search"]["book"].clone(), answer["search"]["depth"].clone()), (json!(true), json!(0)));
    assert!(matches!(answer["played"]["san"].as_str(), Some("e4" | "d4")), "{}", answer["played"]);
    // Without a book, a search.
    let answer = ok("/api/computer", json!({"state": game["state"]})).await;
    assert_eq!((answer["search"]["book"].clone(), answer["search"]["tablebase"].clone()), (json!(false), json!(false)));
}

#[tokio::test]
async fn with_syzygy_tables_the_computer_plays_their_moves_and_hints_say_so() {
    let Some(src) = std::env::var_os("PYTHON_CHESS_SRC") else {
        eprintln!("skipped: PYTHON_CHESS_SRC is not set (python-chess's sdist holds the tables)");
        return;
    };
    let dir = std::path::PathBuf::from(src).join("data/syzygy/regular");
    if !dir.join("KQvK.rtbw").is_file() {
        eprintln!("skipped: no Syzygy tables in {}", dir.display());
        return;
    }
    let mut tables = chess_core::syzygy::Tablebase::new();
    tables.add_directory(&dir).unwrap();
    let knowledge = chess_web::Knowledge { tablebase: Some(Arc::new(tables)), ..Default::default() };
    let app = App::with_knowledge(Sealer::new(KEY), chess_web::Limits::default(), knowledge);
    let kqvk = "8/8/8/8/3k4/8/8/KQ6 w - - 0 1";
    let new = |side: &str| json!({ "rules": "fide", "side": side, "level": "beginner", "fen": kqvk });
    let game = ok_on(&app, "/api/new", new("black")).await;
    let answer = ok_on(&app, "/api/computer", json!({"state": game["state"]})).await;
    assert_eq!(answer["search"]["tablebase"], true, "{answer}");
    let game = ok_on(&app, "/api/new", new("white")).await;
    let hinted = ok_on(&app, "/api/hint", json!({"state": game["state"]})).await;
    let text = &hinted["hint"]["text"];
    assert!(text["en"].as_str().unwrap().ends_with("; a won endgame: mate follows"), "{text}");
    assert!(text["zh"].as_str().unwrap().ends_with("；残局必胜：将杀在后"), "{text}");
}
