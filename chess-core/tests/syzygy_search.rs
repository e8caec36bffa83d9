//! The computer player with Syzygy tables ($PYTHON_CHESS_SRC/data/syzygy/regular, from
//! python-chess's sdist): it plays the tables' best move where they hold the position, scores
//! positions they hold inside the tree, and its hints say so. Skipped, with a message, without
//! the tables.
#![cfg(all(feature = "syzygy", feature = "search"))]

use std::path::PathBuf;
use std::sync::Arc;

use chess_core::search::{HintReason, Level, Score, SearchLimits, Searcher};
use chess_core::syzygy::{Tablebase, Wdl};
use chess_core::{Game, Lang, Position, Rules};

fn tables() -> Option<Arc<Tablebase>> {
    let Some(src) = std::env::var_os("PYTHON_CHESS_SRC") else {
        eprintln!("skipped: PYTHON_CHESS_SRC is not set (python-chess's sdist holds the tables)");
        return None;
    };
    let dir = PathBuf::from(src).join("data/syzygy/regular");
    if !dir.join("KQvK.rtbw").is_file() {
        eprintln!("skipped: no Syzygy tables in {}", dir.display());
        return None;
    }
    let mut tables = Tablebase::new();
    assert!(tables.add_directory(&dir).expect("the tables directory reads") >= 60);
    Some(Arc::new(tables))
}

fn searcher(tables: &Arc<Tablebase>) -> Searcher {
    let mut searcher = Searcher::with_hash_mb(1);
    searcher.set_tablebase(Some(Arc::clone(tables)));
    searcher
}

fn pos(fen: &str) -> Position {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

const KQVK: &str = "8/8/8/8/3k4/8/8/KQ6 w - - 0 1";
const KRVK: &str = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";
/// Drawn: the rooks trade or the defender holds.
const KRVKR: &str = "8/8/4k3/8/8/2r5/8/R3K3 w - - 0 1";

#[test]
fn the_searcher_plays_a_dtz_optimal_winning_move_without_searching() {
    let Some(tables) = tables() else { return };
    for fen in [KQVK, KRVK, "8/8/8/8/8/3k4/8/KQ6 b - - 0 1"] {
        let position = pos(fen);
        let best = tables.best_moves(&position).unwrap();
        for level in [Level::Beginner, Level::Master] {
            let mut searcher = searcher(&tables);
            searcher.set_level(level);
            let result = searcher.play(&Game::from_position(position));
            assert!(result.from_tablebase && !result.from_book && result.nodes == 0, "{fen}: {result:?}");
            assert!(best.contains(&result.best_move.unwrap()), "{fen}: {result:?} not in {best:?}");
            let wdl = tables.probe_wdl(&position).unwrap();
            assert_eq!(result.score > Score::Cp(10_000), wdl == Wdl::Win, "{fen}: {result:?}");
            assert_eq!(result.score < Score::Cp(-10_000), wdl == Wdl::Loss, "{fen}: {result:?}");
            assert!(!result.score.is_mate());
        }
    }
}

#[test]
fn a_game_against_itself_mates_within_the_dtz_bound() {
    let Some(tables) = tables() else { return };
    for fen in [KQVK, KRVK, "8/8/8/8/8/2k5/8/K2R4 w - - 0 1", "1k6/8/8/8/8/8/6Q1/7K w - - 0 1"] {
        let mut game = Game::from_position(pos(fen));
        let dtz = tables.probe_dtz(game.position()).unwrap().0;
        assert!(dtz > 0, "{fen}: {dtz}");
        let mut searcher = searcher(&tables);
        let mut plies = 0;
        while !game.position().is_checkmate() {
            let result = searcher.search_game(&game, &SearchLimits::nodes(1_000), &mut ());
            assert!(result.from_tablebase, "{fen} after {plies} plies: {result:?}");
            game.push(result.best_move.unwrap()).unwrap();
            plies += 1;
            // The tables round DTZ up by at most one ply.
            assert!(plies <= dtz + 1, "{fen}: no mate within {dtz} plies: {}", game.position());
        }
        assert!(game.outcome().is_some());
    }
}

#[test]
fn hints_say_won_or_drawn_endgame_in_english_and_chinese() {
    let Some(tables) = tables() else { return };
    let mut searcher = searcher(&tables);
    let won = Game::from_position(pos(KQVK));
    let hint = searcher.hint(&won, Level::Beginner).unwrap();
    assert_eq!(hint.reason, Some(HintReason::WonEndgame));
    assert!(hint.to_string().ends_with("; a won endgame: mate follows"), "{hint}");
    assert!(hint.text(Lang::Zh).to_string().ends_with("；残局必胜：将杀在后"), "{}", hint.text(Lang::Zh));

    let drawn = Game::from_position(pos(KRVKR));
    assert_eq!(tables.probe_wdl(drawn.position()), Ok(Wdl::Draw));
    let hint = searcher.hint(&drawn, Level::Master).unwrap();
    assert_eq!(hint.reason, Some(HintReason::DrawnEndgame));
    assert_eq!(hint.score, Score::Cp(0));
    assert!(hint.to_string().ends_with("; a drawn endgame"), "{hint}");
    assert!(hint.text(Lang::Zh).to_string().ends_with("；和棋残局"), "{}", hint.text(Lang::Zh));

    // The losing side defends.
    let lost = Game::from_position(pos("8/8/8/8/8/3k4/8/KQ6 b - - 0 1"));
    assert_eq!(searcher.hint(&lost, Level::Normal).unwrap().reason, Some(HintReason::BestDefence));
}

#[test]
fn under_the_casual_no_progress_count_a_slow_win_is_a_draw() {
    let Some(tables) = tables() else { return };
    let start = pos(KRVK);
    let dtz = tables.probe_dtz(&start).unwrap().0 as u32;
    assert!(dtz > 10, "{dtz}");
    // 60 plies without progress draw casual games; the fifty-move rule allows 100.
    let late: Position = pos(&format!("8/8/8/4k3/8/8/8/R3K3 w - - {} 40", 60 - dtz + 5));
    let mut searcher = searcher(&tables);
    let fide = searcher.search_game(&Game::from_position(late), &SearchLimits::depth(2), &mut ());
    assert!(fide.from_tablebase && fide.score > Score::Cp(10_000), "{fide:?}");
    let casual = Game::from_position_with_rules(late, Rules::casual());
    let result = searcher.search_game(&casual, &SearchLimits::depth(2), &mut ());
    assert!(result.from_tablebase && result.score == Score::Cp(0), "{result:?}");
    assert!(tables.best_moves(&late).unwrap().contains(&result.best_move.unwrap()));
    assert_eq!(searcher.hint(&casual, Level::Normal).unwrap().reason, Some(HintReason::DrawnEndgame));

    // King, bishop and knight against king have 100 plies under the casual rules: 40 plies
    // gone and a mate or capture 53 plies away still lose for Black.
    let kbnvk = pos("8/2K5/4B3/3N4/8/8/4k3/8 b - - 40 60");
    assert_eq!(tables.probe_dtz(&kbnvk).unwrap().0, -53);
    let casual = Game::from_position_with_rules(kbnvk, Rules::casual());
    let result = searcher.search_game(&casual, &SearchLimits::depth(2), &mut ());
    assert!(result.from_tablebase && result.score < Score::Cp(-10_000), "{result:?}");
}

#[test]
fn positions_reached_by_a_capture_score_by_the_tables_inside_the_tree() {
    let Some(tables) = tables() else { return };
    // Five pieces: more than these tables hold, so the root is searched; Qxd5 leaves KQPvK.
    let position = pos("3k4/8/8/3r4/8/8/P7/3Q2K1 w - - 0 1");
    assert_eq!(tables.max_pieces(), 4);
    let mut searcher = searcher(&tables);
    let result = searcher.search(&position, &[], &SearchLimits::depth(3), &mut ());
    assert!(!result.from_tablebase && result.nodes > 0);
    assert_eq!(position.san(result.best_move.unwrap()).to_string(), "Qxd5+");
    assert!(matches!(result.score, Score::Cp(cp) if cp > 20_000), "{result:?}");

    let mut plain = Searcher::with_hash_mb(1);
    let unaided = plain.search(&position, &[], &SearchLimits::depth(3), &mut ());
    assert!(matches!(unaided.score, Score::Cp(cp) if cp < 20_000), "{unaided:?}");
}

#[test]
fn a_node_limit_of_one_still_gives_a_move() {
    let Some(tables) = tables() else { return };
    for fen in [KQVK, KRVKR, "3k4/8/8/3r4/8/8/P7/3Q2K1 w - - 0 1"] {
        let position = pos(fen);
        let result = searcher(&tables).search(&position, &[], &SearchLimits::nodes(1), &mut ());
        assert!(result.best_move.is_some() && result.nodes <= 1, "{fen}: {result:?}");
    }
}

#[test]
fn several_lines_a_mate_search_and_root_moves_follow_the_search_rules() {
    let Some(tables) = tables() else { return };
    let position = pos(KQVK);
    let mut searcher = searcher(&tables);
    let lines = SearchLimits { multi_pv: 3, ..SearchLimits::depth(3) };
    let result = searcher.search(&position, &[], &lines, &mut ());
    assert!(!result.from_tablebase && result.lines.len() == 3, "{result:?}");
    let mate = searcher.search(&position, &[], &SearchLimits::mate(10), &mut ());
    assert!(!mate.from_tablebase && mate.score.is_mate(), "{mate:?}");
    // Only a king move allowed: the tables' best is a queen move, so the search decides.
    let king_move = position.parse_san("Ka2").unwrap();
    let limits = SearchLimits { root_moves: vec![king_move], ..SearchLimits::depth(2) };
    let result = searcher.search(&position, &[], &limits, &mut ());
    assert_eq!(result.best_move, Some(king_move));
}

#[test]
fn the_probe_limit_keeps_larger_positions_out_of_the_tables() {
    let Some(tables) = tables() else { return };
    let mut searcher = searcher(&tables);
    searcher.set_tablebase_probe_limit(3);
    let game = |fen| Game::from_position(pos(fen));
    assert!(searcher.search_game(&game(KQVK), &SearchLimits::depth(2), &mut ()).from_tablebase);
    assert!(!searcher.search_game(&game(KRVKR), &SearchLimits::depth(2), &mut ()).from_tablebase);
    // Inside the tree too: Qxd5 leaves four pieces.
    let position = pos("3k4/8/8/3r4/8/8/P7/3Q2K1 w - - 0 1");
    let result = searcher.search(&position, &[], &SearchLimits::depth(3), &mut ());
    assert!(matches!(result.score, Score::Cp(cp) if cp < 20_000), "{result:?}");
}

#[test]
fn without_tables_nothing_changes() {
    let Some(tables) = tables() else { return };
    let game = Game::from_position(pos(KQVK));
    let limits = SearchLimits::depth(4);
    let mut fresh = Searcher::with_hash_mb(1);
    let mut removed = searcher(&tables);
    removed.set_tablebase(None);
    assert!(removed.tablebase().is_none());
    let (a, b) = (fresh.search_game(&game, &limits, &mut ()), removed.search_game(&game, &limits, &mut ()));
    assert!(!a.from_tablebase && a.nodes > 0);
    assert_eq!((a.best_move, a.score, a.nodes, a.pv), (b.best_move, b.score, b.nodes, b.pv));
    // Castling rights keep a position out of the tables.
    let castling = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(!searcher(&tables).search(&castling, &[], &limits, &mut ()).from_tablebase);
}
