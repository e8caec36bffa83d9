//! The search plays by the game's rules: under the casual rules Expert steers a won position
//! away from the 60-ply no-progress draw and a lost one into it, takes a perpetual-check or
//! check-limit draw when losing, and judges repetitions by `Position::repetition_key`, as the
//! game does. Every position and line below was checked by hand; the moves are exact.

use chess_core::search::{Level, Score, SearchLimits, SearchResult, Searcher};
use chess_core::{Color, Game, Position, Rules, Termination};

/// Searches the current position of `game` as Expert with its own limits (depth 4).
fn expert(game: &Game) -> SearchResult {
    let mut searcher = Searcher::with_hash_mb(4);
    searcher.set_level(Level::Expert);
    searcher.search_game(game, &Level::Expert.limits(), &mut ())
}

/// Starts a game from `fen` under `rules` and plays `moves` (SAN).
fn game(fen: &str, rules: Rules, moves: &[&str]) -> Game {
    let mut game = Game::from_position_with_rules(fen.parse().unwrap(), rules);
    for san in moves {
        game.push_san(san).unwrap();
    }
    game
}

/// Returns the SAN of the best move, in the game's current position.
fn best_san(game: &Game, result: &SearchResult) -> String {
    game.position().san(result.best_move.unwrap()).to_string()
}

#[test]
fn winning_side_makes_progress_before_the_casual_no_progress_draw() {
    // Queen and pawn against king, 58 plies without progress, White to move: under the casual
    // rules any quiet White move lets any quiet Black reply reach 60 plies, a draw. Only a pawn
    // move now keeps the win; under the FIDE rules (100 plies) the queen move is better.
    let fen = "4k3/8/8/8/8/8/7P/3QK3 w - - 58 80";
    let casual = game(fen, Rules::casual(), &[]);
    let result = expert(&casual);
    assert_eq!(best_san(&casual, &result), "h4");
    assert!(result.score > Score::Cp(900), "{:?}", result.score);

    let fide = game(fen, Rules::fide(), &[]);
    let result = expert(&fide);
    assert_eq!(best_san(&fide, &result), "Qd6");
    assert!(result.score > Score::Cp(900), "{:?}", result.score);
}

#[test]
fn losing_side_steers_into_the_casual_no_progress_draw() {
    // Rook against queen and pawn, 57 plies without progress, Black to move. Rh3 blocks the
    // h-pawn: White then has no pawn move and no capture, and Black's next quiet move reaches
    // 60 plies. Under the FIDE rules that is no draw and Black plays on.
    let fen = "4k2r/8/8/8/8/8/7P/3QK3 b - - 57 80";
    let casual = game(fen, Rules::casual(), &[]);
    let result = expert(&casual);
    assert_eq!(best_san(&casual, &result), "Rh3");
    assert_eq!(result.score, Score::Cp(0));
    // Playing the line out ends the game by the no-progress rule.
    let mut line = casual.clone();
    for &m in &result.pv {
        line.push(m).unwrap();
    }
    assert_eq!(line.outcome().map(|o| o.termination), Some(Termination::NoProgress));

    let fide = game(fen, Rules::fide(), &[]);
    let result = expert(&fide);
    assert_eq!(best_san(&fide, &result), "Ke7");
    assert!(result.score < Score::Cp(-500), "{:?}", result.score);
}

#[test]
fn king_bishop_and_knight_get_their_own_no_progress_count() {
    // Casual rules: 60 plies, but 100 for K+B+N v K. At 59 plies a quiet move does not draw
    // K+B+N v K, but does draw K+B+R v K; at 99 plies K+B+N v K is drawn too.
    let rules = Rules::casual();
    let kbn = game("8/8/8/4k3/8/8/8/2BNK3 w - - 59 100", rules, &[]);
    assert!(expert(&kbn).score > Score::Cp(500), "{:?}", expert(&kbn).score);
    let kbr = game("8/8/8/4k3/8/8/8/2BRK3 w - - 59 100", rules, &[]);
    assert_eq!(expert(&kbr).score, Score::Cp(0));
    let kbn_late = game("8/8/8/4k3/8/8/8/2BNK3 w - - 99 100", rules, &[]);
    assert_eq!(expert(&kbn_late).score, Score::Cp(0));
}

#[test]
fn checkmate_comes_before_the_casual_no_progress_draw() {
    // 59 plies: Qg7# is the sixtieth ply and a mate, every other move draws.
    let casual = game("7k/8/5KQ1/8/8/8/8/8 w - - 59 120", Rules::casual(), &[]);
    let result = expert(&casual);
    assert_eq!(best_san(&casual, &result), "Qg7#");
    assert_eq!(result.score, Score::Mate(1));
}

/// Black's queen checks White's king up the board; White, two rooks up, only moves its king.
const CHECKS_START: &str = "3q3k/ppp3pp/8/8/4K3/8/8/RR1Q4 b - - 0 1";

/// Eight consecutive checks by Black (no position repeats; 16 plies without progress).
const EIGHT_CHECKS: [&str; 16] = [
    "Qh4+", "Kd3", "Qg3+", "Kc2", "Qf2+", "Kc1", "Qe3+", "Kb2", "Qc1+", "Ka2", "Qd2+", "Ka3", "Qc1+", "Kb3", "Qb2+",
    "Ka4",
];

#[test]
fn losing_side_gives_the_tenth_consecutive_check_under_casual_rules() {
    // After eight consecutive checks, Black (two rooks down) checks twice more: b5+ (the
    // ninth) Ka5 Qb4+ (the tenth) draws by perpetual check. The search counts on from the
    // game's streak of eight. Under the FIDE rules there is no such draw.
    let casual = game(CHECKS_START, Rules::casual(), &EIGHT_CHECKS);
    assert_eq!(casual.checks_received(Color::White), 8);
    let result = expert(&casual);
    assert_eq!(result.score, Score::Cp(0));
    let mut line = casual.clone();
    let sans: Vec<String> = result
        .pv
        .iter()
        .map(|&m| {
            let san = line.position().san(m).to_string();
            line.push(m).unwrap();
            san
        })
        .collect();
    assert_eq!(sans, ["b5+", "Ka5", "Qb4+"]);
    assert_eq!(line.consecutive_checks(), 10);
    assert_eq!(line.outcome().map(|o| o.termination), Some(Termination::PerpetualCheck));

    let fide = game(CHECKS_START, Rules::fide(), &EIGHT_CHECKS);
    let result = expert(&fide);
    assert_eq!(best_san(&fide, &result), "Qf6");
    assert!(result.score < Score::Cp(-500), "{:?}", result.score);
}

#[test]
fn losing_side_gives_the_thirtieth_check_under_casual_rules() {
    // Twenty-nine checks by Black, never ten in a row (three pawn moves break the streaks and
    // reset the no-progress count), and no position three times. The thirtieth check draws by
    // the check limit; under the FIDE rules Black, two rooks down, is lost.
    let mut moves = EIGHT_CHECKS.to_vec();
    moves.extend([
        "Qa3+", "Kb5", "b6", "Kc4", "Qc1+", "Kb3", "Qb2+", "Ka4", "Qa3+", "Kb5", "Qb2+", "Kc4", "Qc3+", "Kb5", "Qb4+",
        "Ka6", "Qa3+", "Kb7", "Qf3+", "Ka6", "Qe2+", "Kb7", "b5", "Ka6", "Qa2+", "Kb7", "Qd5+", "Ka6", "Qc6+", "Ka5",
        "Qc3+", "Ka6", "Qa5+", "Kb7", "Qb6+", "Ka8", "Qc6+", "Kb8", "Qe8+", "Kb7", "Qc6+", "Kc8", "b4", "Kb8", "Qb5+",
        "Ka8", "Qe8+", "Kb7",
    ]);
    let casual = game(CHECKS_START, Rules::casual(), &moves);
    assert_eq!(casual.position().to_fen(), "4q2k/pKp3pp/8/8/1p6/8/8/RR1Q4 b - - 5 33");
    assert_eq!((casual.checks_received(Color::White), casual.consecutive_checks()), (29, 0));
    let result = expert(&casual);
    assert_eq!(result.score, Score::Cp(0));
    assert_eq!(best_san(&casual, &result), "Qb5+");
    let mut after = casual.clone();
    after.push(result.best_move.unwrap()).unwrap();
    assert_eq!(after.outcome().map(|o| o.termination), Some(Termination::CheckLimit));

    let fide = game(CHECKS_START, Rules::fide(), &moves);
    let result = expert(&fide);
    assert!(result.score < Score::Cp(-500), "{:?}", result.score);
}

#[test]
fn repetition_by_repetition_key_ignores_an_en_passant_square_no_pawn_can_use() {
    // White has just played e2-e4; Black's d4 pawn is pinned by the rook on d1, so d4xe3 is
    // illegal and the position after Ke8 Na3 Kd8 Nb1 is the same one (its Zobrist key differs).
    // Black, a queen for a knight up, has repeated twice; White's Nb1 makes it three times.
    let pinned = "3k3r/8/8/8/3pP2q/8/8/KN1R4 b - e3 0 1";
    let cycle = ["Ke8", "Na3", "Kd8", "Nb1", "Ke8", "Na3", "Kd8"];
    assert_eq!(game(pinned, Rules::casual(), &cycle[..4]).repetition_count(), 2);
    for rules in [Rules::casual(), Rules::fide()] {
        let repeated = game(pinned, rules, &cycle);
        let result = expert(&repeated);
        assert_eq!(best_san(&repeated, &result), "Nb1");
        assert_eq!(result.score, Score::Cp(0));
    }

    // With the rook on c1 instead, d4xe3 is legal: the start position differs from the later
    // ones, Nb1 only repeats twice, and White, lost, plays on.
    let legal = "3k3r/8/8/8/3pP2q/8/8/KNR5 b - e3 0 1";
    assert_eq!(game(legal, Rules::casual(), &cycle[..4]).repetition_count(), 1);
    let not_repeated = game(legal, Rules::casual(), &cycle);
    let result = expert(&not_repeated);
    assert_eq!(best_san(&not_repeated, &result), "Nc4");
    assert!(result.score < Score::Cp(-500), "{:?}", result.score);

    // `Searcher::search` with the repetition keys of the game sees the twofold repetition
    // after one round (any repetition is a draw there); with Zobrist keys the start position
    // keeps its en-passant square and nothing repeats.
    let once = game(pinned, Rules::fide(), &cycle[..3]);
    let before: Vec<&Position> = once.positions().collect();
    let before = &before[..before.len() - 1];
    let mut searcher = Searcher::with_hash_mb(4);
    searcher.set_level(Level::Expert);
    let keys: Vec<u64> = before.iter().map(|p| p.repetition_key()).collect();
    let result = searcher.search(once.position(), &keys, &Level::Expert.limits(), &mut ());
    assert_eq!(best_san(&once, &result), "Nb1");
    assert_eq!(result.score, Score::Cp(0));
    searcher.new_game();
    let zobrist: Vec<u64> = before.iter().map(|p| p.zobrist_key()).collect();
    assert_ne!(zobrist[0], keys[0]);
    let result = searcher.search(once.position(), &zobrist, &Level::Expert.limits(), &mut ());
    assert!(result.score < Score::Cp(-500), "{:?}", result.score);
}

#[test]
fn search_without_a_game_keeps_the_fide_rules() {
    // The casual 60-ply count means nothing to `search`: 58 plies and the queen move stays best.
    let position: Position = "4k3/8/8/8/8/8/7P/3QK3 w - - 58 80".parse().unwrap();
    let mut searcher = Searcher::with_hash_mb(4);
    searcher.set_level(Level::Expert);
    let result = searcher.search(&position, &[], &Level::Expert.limits(), &mut ());
    assert_eq!(position.san(result.best_move.unwrap()).to_string(), "Qd6");
    // The fifty-move rule still draws at 100 plies, checkmate first.
    let drawn: Position = "8/8/8/4k3/8/8/3QK3/8 w - - 99 120".parse().unwrap();
    assert_eq!(searcher.search(&drawn, &[], &SearchLimits::depth(4), &mut ()).score, Score::Cp(0));
}
