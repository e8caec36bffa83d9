//! `AnyPosition` and `Game<AnyPosition>`: one game model for boards that play as python-chess
//! plays (moves into check, null moves, edits), judged like any `Game`.

use chess_core::{
    AnyPosition, CastlingMode, Color, EventKind, FreePosition, Game, Judging, Move, Outcome, Position, Rules, Setup,
    Square, Termination,
};
use proptest::prelude::*;

fn position_of(fen: &str) -> AnyPosition {
    AnyPosition::new(Setup::from_fen(fen).unwrap(), CastlingMode::Standard)
}

/// A game recording past its end, as python-chess boards play.
fn board_game(fen: &str, rules: Rules) -> Game<AnyPosition> {
    Game::from_position_with_rules(position_of(fen), rules).with_judging(Judging::Record)
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn a_position_recurs_two_plies_after_two_null_moves() {
    // A game of moves repeats a position four plies later at the earliest; two null moves
    // repeat it at once, and the game counts them (in short windows too) from the first.
    let mut game = board_game(START, Rules::fide());
    game.push_pseudo_legal(Move::new(Square::G1, Square::F3));
    for (null_moves, count) in [(1, 1), (2, 2), (4, 3), (6, 4)] {
        while game.moves().len() < 1 + null_moves {
            game.push_pseudo_legal(Move::NULL);
        }
        assert_eq!(game.repetition_count(), count, "after {null_moves} null moves");
    }
    game.push_pseudo_legal(Move::new(Square::G8, Square::F6));
    assert_eq!(game.repetition_count(), 1);
}

#[test]
fn a_setup_is_legal_only_as_it_is() {
    assert!(position_of(START).legal().is_some());
    // Too much material and an impossible check are legal positions to play on.
    assert!(position_of("4k3/8/8/8/8/8/QQQQ1QQQ/QQQQK3 w - - 0 1").legal().is_some());
    // Castling rights without their rook stay as set: a `Free` one, playable once repaired.
    let bad_rights = position_of("4k3/8/8/8/8/8/8/4K3 w K - 0 1");
    assert!(bad_rights.legal().is_none());
    assert_eq!(bad_rights.to_setup(), Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap());
    assert_eq!(bad_rights.to_position().unwrap().to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    // No king: no legal position, even repaired.
    assert!(position_of("8/8/8/8/8/8/8/K7 w - - 0 1").to_position().is_err());
}

#[test]
fn moves_into_check_and_passes_in_check_leave_a_free_position_and_return() {
    let mut pos = position_of("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    let into_check = Move::new(chess_core::Square::E1, chess_core::Square::D1);
    assert_eq!(pos.pseudo_legal_move(into_check.from(), into_check.to(), None), Some(into_check));
    pos.play_pseudo_legal(into_check);
    assert!(pos.legal().is_none(), "the side not to move is in check");
    // Black's rook retreats: a legal position again.
    pos.play_unchecked(Move::new(chess_core::Square::D2, chess_core::Square::H2));
    assert!(pos.legal().is_some());
    // White passes while in check? Not in check now; pass, then Black checks and White passes.
    pos.play_unchecked(Move::NULL);
    assert!(pos.legal().is_some());
    pos.play_unchecked(Move::new(chess_core::Square::H2, chess_core::Square::H1));
    assert!(pos.is_check());
    pos.play_unchecked(Move::NULL);
    assert!(pos.legal().is_none(), "White passed in check");
    assert_eq!(pos.to_setup().to_string(), "4k3/8/8/8/8/8/8/3K3r b - - 5 3");
}

/// A walk mixing legal moves, moves into check and null moves, chosen by `seed`.
fn walk(game: &mut Game<AnyPosition>, free: &mut FreePosition, seed: u64, plies: usize) -> Vec<AnyPosition> {
    let mut state = seed | 1;
    let mut seen = vec![*game.position()];
    for _ in 0..plies {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let pseudo = game.position().pseudo_legal_moves();
        let m = match state % 8 {
            0 => Move::NULL,
            _ if pseudo.is_empty() => Move::NULL,
            _ => pseudo[(state / 8 % pseudo.len() as u64) as usize],
        };
        game.push_pseudo_legal(m);
        free.play_unchecked(m);
        assert_eq!(game.position().to_setup(), free.to_setup(), "after {m:?}");
        let (mut ours, mut theirs) = (game.position().legal_moves(), free.legal_moves());
        game.position().sort_like_python_chess(&mut ours, true);
        free.sort_like_python_chess(&mut theirs, true);
        assert_eq!(ours, theirs);
        assert_eq!(game.position().repetition_key(), free.repetition_key());
        seen.push(*game.position());
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `Game<AnyPosition>` plays as `FreePosition` plays, and `undo` restores every position.
    #[test]
    fn pseudo_legal_walks_play_as_free_positions_and_undo_exactly(seed in any::<u64>()) {
        let mut game = board_game(START, Rules::fide());
        let mut free = FreePosition::from(Position::new());
        let seen = walk(&mut game, &mut free, seed, 40);
        for expected in seen.iter().rev().skip(1) {
            prop_assert!(game.undo().is_some());
            prop_assert_eq!(game.position(), expected);
        }
        prop_assert_eq!(game.undo(), None);
    }

    /// A game of legal moves, with events, survives the trip to `Game<AnyPosition>` and back,
    /// and any section of it has the positions and moves of that part.
    #[test]
    fn legal_games_convert_both_ways_and_sections_keep_their_part(seed in any::<u64>(), start in 0usize..30) {
        let mut game = Game::new().with_judging(Judging::Record);
        for pos in common::random_line(Position::new(), seed, 30).windows(2) {
            let m = pos[0].legal_moves().into_iter().find(|&m| {
                let mut child = pos[0];
                child.play_unchecked(m);
                child == pos[1]
            }).unwrap();
            game.push(m).unwrap();
            if game.moves().len() == 3 {
                game.apply(EventKind::OfferDraw(game.position().turn())).unwrap();
            }
        }
        let any_game = Game::<AnyPosition>::from(game.clone());
        prop_assert_eq!(any_game.to_legal_game(), Some(game.clone()));
        let plies = game.moves().len();
        let part = any_game.section(start..plies);
        let first = start.min(plies);
        prop_assert_eq!(part.moves(), &game.moves()[first..]);
        prop_assert_eq!(part.start_position().legal(), game.positions().nth(first));
        prop_assert_eq!(part.position().legal(), Some(game.position()));
        prop_assert_eq!(part.events().len(), usize::from(first <= 3 && plies >= 3));
    }
}

mod common;

#[test]
fn an_edit_keeps_the_moves_and_is_judged_but_is_no_legal_game() {
    let mut game = board_game(START, Rules::casual());
    game.push_san("e4").unwrap();
    let mut setup = game.position().to_setup();
    setup.halfmove_clock = 59;
    game.edit_position(AnyPosition::new(setup, CastlingMode::Standard));
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.position().halfmove_clock(), 59);
    assert_eq!(game.outcome(), None);
    game.push_san("Nf6").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::draw(Termination::NoProgress)));
    assert_eq!(game.to_legal_game(), None);
}

/// An edited start position is judged in full, whatever moves were taken back before the
/// edit: a K v K start stays the game's end when a later edit brings material back.
#[test]
fn an_edited_start_is_judged_in_full_after_an_undo() {
    let mut game = board_game(START, Rules::fide());
    game.push_san("Nf3").unwrap();
    game.undo();
    game.edit_position(position_of("4k3/8/8/8/8/8/8/4K3 w - - 5 1"));
    game.push_san("Kd2").unwrap();
    game.edit_position(position_of("4k3/8/8/8/8/8/3K4/3Q4 b - - 6 1"));
    assert_eq!(game.position_outcome(), None);
    assert_eq!(game.outcome(), Some(Outcome::draw(Termination::InsufficientMaterial)));
}

#[test]
fn null_moves_and_moves_into_check_are_no_legal_game() {
    let mut game = board_game(START, Rules::fide());
    game.push_pseudo_legal(Move::NULL);
    assert_eq!(game.to_legal_game(), None);
    game.undo();
    assert!(game.to_legal_game().is_some());
}

#[test]
fn changing_the_rules_judges_every_position_again() {
    let knights = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
    let mut game = board_game(START, Rules::fide());
    for san in knights {
        game.push_san(san).unwrap();
    }
    assert_eq!(game.outcome(), None);
    assert_eq!(game.occurrences(game.position().repetition_key()), 3);
    game.set_rules(Rules::casual());
    assert_eq!(game.outcome(), Some(Outcome::draw(Termination::ThreefoldRepetition)));
    let mut casual = board_game(START, Rules::casual());
    for san in knights {
        casual.push_san(san).unwrap();
    }
    assert_eq!(game, casual);
}

#[test]
fn the_position_outcome_is_the_current_positions_only() {
    let mut game = board_game(START, Rules::fide());
    let knights = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for san in knights.iter().cycle().take(16) {
        game.push_san(san).unwrap();
    }
    let fivefold = Some(Outcome::draw(Termination::FivefoldRepetition));
    assert_eq!((game.outcome(), game.position_outcome()), (fivefold, fivefold));
    game.push_san("e4").unwrap();
    // The game records past its first end; the position itself is no end.
    assert_eq!((game.outcome(), game.position_outcome()), (fivefold, None));
    // A position one reversible move away: how often it occurred before.
    let mut after = *game.position();
    after.play_unchecked(after.parse_san("Nf6").unwrap());
    assert_eq!(game.occurrences(after.repetition_key()), 0);
    assert_eq!(game.checks_received(Color::White), 0);
}

/// How many of the last `window` positions of `game` have the repetition key `key`.
fn counted_in_window(game: &Game<AnyPosition>, key: u64, window: usize) -> u32 {
    game.positions().rev().take(window).filter(|pos| pos.repetition_key() == key).count() as u32
}

#[test]
fn repetitions_are_counted_through_edits_null_moves_and_undos() {
    // Kings and knights, so that positions recur in windows short and long; now and then a
    // move taken back or a null move, and in the second half an edit, as python-chess boards
    // allow.
    let mut game = board_game("n3k3/8/8/8/8/8/8/4K1N1 w - - 0 1", Rules::fide());
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    for step in 0..4_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let choice = if step < 2_000 { state % 38 } else { state % 40 };
        let pseudo = game.position().pseudo_legal_moves();
        if choice < 12 && !game.moves().is_empty() {
            game.undo();
        } else if choice >= 38 && !game.moves().is_empty() {
            // An earlier position's placement, or the side to move changed. The clock stays:
            // repetitions are counted within the plies it gives, and an edited clock (which
            // python-chess boards would not count by either) makes those spans disagree.
            let mut setup = if choice == 38 {
                game.positions().nth((state >> 8) as usize % game.moves().len()).unwrap().to_setup()
            } else {
                let mut setup = game.position().to_setup();
                setup.turn = !setup.turn;
                setup
            };
            setup.halfmove_clock = game.position().halfmove_clock();
            setup.ep_square = None;
            game.edit_position(AnyPosition::new(setup, CastlingMode::Standard));
        } else if choice == 12 || pseudo.is_empty() {
            game.push_pseudo_legal(Move::NULL);
        } else {
            game.push_pseudo_legal(pseudo[(state >> 32) as usize % pseudo.len()]);
        }
        let current = *game.position();
        let plies = game.moves().len();
        let window = (current.halfmove_clock() as usize).min(plies);
        let key = current.repetition_key();
        assert_eq!(game.repetition_count(), counted_in_window(&game, key, window + 1), "step {step}");
        for m in current.pseudo_legal_moves() {
            let mut child = current;
            child.play_pseudo_legal(m);
            let key = child.repetition_key();
            let child_window = (child.halfmove_clock() as usize).min(plies + 1);
            assert_eq!(game.occurrences(key), counted_in_window(&game, key, child_window), "step {step}, {m:?}");
        }
    }
}

#[test]
fn an_edit_of_the_side_to_move_can_repeat_the_position_a_ply_before() {
    // A pass, then the side to move set back: the position of one ply before, a repetition
    // an odd number of plies away, which alternating turns never make.
    let mut game = board_game("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", Rules::fide());
    game.push_pseudo_legal(Move::NULL);
    let mut setup = game.position().to_setup();
    setup.turn = Color::White;
    game.edit_position(AnyPosition::new(setup, CastlingMode::Standard));
    assert_eq!(game.repetition_count(), 2);
    game.push_pseudo_legal(Move::NULL);
    game.push_pseudo_legal(Move::NULL);
    assert_eq!(game.repetition_count(), 3);
    // A section of the game holds the edited position too.
    assert_eq!(game.section(0..3).repetition_count(), 3);
}
