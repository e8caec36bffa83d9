//! Games: history, undo and redo, repetition, material, and every way a game ends under the
//! FIDE and casual rules, with the boundaries of each threshold.

use chess_core::{
    Color, EventError, EventKind, Game, Judging, Move, Outcome, Position, PushError, Role, Rules, Square, Standing,
    Termination,
};

/// The Opera game (Morphy v Duke of Brunswick and Count Isouard, Paris 1858): castling,
/// captures, checks and a mate, with no repetition.
const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 \
                     O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

/// Knights out and back: the start position again after every four plies.
const SHUFFLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

fn setup(fen: &str, rules: Rules) -> Game {
    Game::from_position_with_rules(fen.parse().expect("valid FEN"), rules)
}

fn play(game: &mut Game, sans: &str) {
    for san in sans.split_whitespace() {
        game.push_san(san).unwrap_or_else(|error| panic!("{san}: {error}"));
    }
}

/// Plays the first `plies` moves of the Opera game.
fn opera(rules: Rules, plies: usize) -> Game {
    let mut game = Game::with_rules(rules);
    play(&mut game, &OPERA.split_whitespace().take(plies).collect::<Vec<_>>().join(" "));
    game
}

fn shuffle(game: &mut Game, plies: usize) {
    for san in SHUFFLE.iter().cycle().take(plies) {
        game.push_san(san).unwrap();
    }
}

fn draw(termination: Termination) -> Option<Outcome> {
    Some(Outcome::draw(termination))
}

fn win(termination: Termination, winner: Color) -> Option<Outcome> {
    Some(Outcome::win(termination, winner))
}

// --- Rules presets -------------------------------------------------------------------------

#[test]
fn presets_have_the_documented_thresholds() {
    let fide = Rules::fide();
    assert_eq!(fide.fifty_move_plies, Some(100));
    assert_eq!(fide.seventy_five_move_plies, Some(150));
    assert_eq!((fide.no_progress_plies, fide.no_progress_plies_kbn_v_k), (None, None));
    assert_eq!((fide.repetitions_to_claim, fide.repetitions_to_draw), (Some(3), Some(5)));
    assert_eq!((fide.perpetual_checks, fide.check_limit), (None, None));
    assert!(!fide.extended_insufficient_material);
    assert_eq!((fide.resign_after_moves, fide.draw_offer_after_moves, fide.draw_offers_per_player), (0, 0, None));
    assert_eq!(fide.timeout_void_moves, None);
    assert!(fide.timeout_draw_if_opponent_cannot_mate);
    assert_eq!(Rules::default(), fide);

    let casual = Rules::casual();
    assert_eq!((casual.fifty_move_plies, casual.seventy_five_move_plies), (None, None));
    assert_eq!((casual.no_progress_plies, casual.no_progress_plies_kbn_v_k), (Some(60), Some(100)));
    assert_eq!((casual.repetitions_to_claim, casual.repetitions_to_draw), (None, Some(3)));
    assert_eq!((casual.perpetual_checks, casual.check_limit), (Some(10), Some(30)));
    assert!(casual.extended_insufficient_material);
    assert_eq!(
        (casual.resign_after_moves, casual.draw_offer_after_moves, casual.draw_offers_per_player),
        (15, 15, Some(3))
    );
    assert_eq!(casual.timeout_void_moves, Some(5));
    assert!(!casual.timeout_draw_if_opponent_cannot_mate);
}

// --- Checkmate, stalemate, insufficient material --------------------------------------------

#[test]
fn checkmate_under_both_presets() {
    for rules in [Rules::fide(), Rules::casual()] {
        let mut game = Game::with_rules(rules);
        play(&mut game, "f3 e5 g4");
        assert_eq!(game.outcome(), None);
        assert_eq!(game.result(), "*");
        play(&mut game, "Qh4#");
        assert_eq!(game.outcome(), win(Termination::Checkmate, Color::Black));
        assert_eq!(game.result(), "0-1");
        assert!(game.is_over());

        let game = opera(rules, 33);
        assert_eq!(game.outcome(), win(Termination::Checkmate, Color::White));
        assert_eq!(game.result(), "1-0");
    }
}

#[test]
fn stalemate_under_both_presets() {
    for rules in [Rules::fide(), Rules::casual()] {
        let mut game = setup("k7/8/8/1Q6/8/8/8/7K w - - 0 1", rules);
        play(&mut game, "Qb6");
        assert_eq!(game.outcome(), draw(Termination::Stalemate));
        assert_eq!(game.result(), "1/2-1/2");
    }
}

#[test]
fn insufficient_material_fide_cases_under_both_presets() {
    for rules in [Rules::fide(), Rules::casual()] {
        // The king takes the last rook: K v K.
        let mut game = setup("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", rules);
        assert_eq!(game.outcome(), None);
        play(&mut game, "Kxd2");
        assert_eq!(game.outcome(), draw(Termination::InsufficientMaterial));
        // K+B v K+B with bishops on squares of one colour is dead under FIDE too.
        let game = setup("4k3/8/8/8/5b2/8/8/2B1K3 w - - 0 1", rules);
        assert_eq!(game.outcome(), draw(Termination::InsufficientMaterial));
    }
}

#[test]
fn extended_insufficient_material_only_under_casual_rules() {
    let casual_only = [
        "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",  // K+N+N v K
        "4k3/8/8/2n5/8/8/8/4KN2 w - - 0 1",  // K+N v K+N
        "4k3/8/8/2b5/8/8/8/4KN2 w - - 0 1",  // K+N v K+B
        "4k3/8/8/3b4/8/8/8/2B1K3 w - - 0 1", // K+B v K+B, opposite colours
    ];
    for fen in casual_only {
        assert_eq!(setup(fen, Rules::fide()).outcome(), None, "{fen}");
        assert_eq!(setup(fen, Rules::casual()).outcome(), draw(Termination::InsufficientMaterial), "{fen}");
    }
    // Reached by a capture: K+N v K+N after the king takes a rook.
    let mut game = setup("4k3/8/8/8/8/2n5/3r4/4KN2 w - - 0 1", Rules::casual());
    play(&mut game, "Kxd2");
    assert_eq!(game.outcome(), draw(Termination::InsufficientMaterial));
    // Not drawn: K+B+N v K, K+N+N v K+P, K+B+B v K.
    for fen in
        ["4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1", "4k3/7p/8/8/8/8/8/1N2KN2 w - - 0 1", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"]
    {
        assert_eq!(setup(fen, Rules::casual()).outcome(), None, "{fen}");
    }
}

// --- Move-count rules -------------------------------------------------------------------------

#[test]
fn fifty_move_rule_is_claimable_under_fide_at_100_plies() {
    let mut game = setup("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", Rules::fide());
    play(&mut game, "Ra2");
    assert_eq!(game.position().halfmove_clock(), 99);
    assert!(!game.can_claim_fifty_moves());
    assert_eq!(game.claim_draw(Color::Black), Err(EventError::NoDrawToClaim));
    play(&mut game, "Kd7");
    assert_eq!(game.position().halfmove_clock(), 100);
    assert!(game.can_claim_fifty_moves());
    assert!(game.can_claim_draw());
    assert!(!game.can_claim_threefold_repetition());
    // Claimable, not automatic: the game goes on until someone claims.
    assert_eq!(game.outcome(), None);
    assert_eq!(game.claim_draw(Color::White), Ok(Outcome::draw(Termination::FiftyMoves)));
    assert_eq!(game.outcome(), draw(Termination::FiftyMoves));
    assert_eq!(game.result(), "1/2-1/2");
    assert!(!game.can_claim_draw());
    assert_eq!(game.events()[0].kind, EventKind::ClaimDraw(Color::White));
}

#[test]
fn standing_reports_the_claimable_draw_until_it_is_claimed_or_passed() {
    // Fifty moves: claimable from the 100th ply, automatic at the 150th.
    let mut game = setup("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", Rules::fide());
    play(&mut game, "Ra2");
    assert_eq!(game.standing(), Standing::Ongoing);
    play(&mut game, "Kd7");
    assert_eq!(game.standing(), Standing::Claimable(Termination::FiftyMoves));
    assert_eq!(game.standing().outcome_by_rules(), draw(Termination::FiftyMoves));
    game.claim_draw(Color::White).unwrap();
    assert_eq!(game.standing(), Standing::Ended(Outcome::draw(Termination::FiftyMoves)));
    let mut game = setup("4k3/8/8/8/8/8/8/R3K3 w - - 148 100", Rules::fide());
    play(&mut game, "Ra2 Kd7");
    assert_eq!(game.standing(), Standing::Ended(Outcome::draw(Termination::SeventyFiveMoves)));
    // Threefold repetition: claimable under FIDE, automatic under the casual rules.
    let mut game = Game::new();
    shuffle(&mut game, 8);
    assert_eq!(game.standing(), Standing::Claimable(Termination::ThreefoldRepetition));
    game.undo();
    assert_eq!(game.standing(), Standing::Ongoing);
    let mut game = Game::with_rules(Rules::casual());
    shuffle(&mut game, 8);
    assert_eq!(game.standing(), Standing::Ended(Outcome::draw(Termination::ThreefoldRepetition)));
    // A game recording past its end keeps reporting that end.
    let mut game = Game::new().with_judging(Judging::Record);
    shuffle(&mut game, 17);
    assert_eq!(game.standing(), Standing::Ended(Outcome::draw(Termination::FivefoldRepetition)));
}

#[test]
fn seventy_five_move_rule_is_automatic_under_fide_at_150_plies() {
    let mut game = setup("4k3/8/8/8/8/8/8/R3K3 w - - 148 100", Rules::fide());
    play(&mut game, "Ra2");
    assert_eq!(game.outcome(), None);
    assert!(game.can_claim_fifty_moves());
    play(&mut game, "Kd7");
    assert_eq!(game.position().halfmove_clock(), 150);
    assert_eq!(game.outcome(), draw(Termination::SeventyFiveMoves));
    assert!(!game.can_claim_draw());
    assert!(matches!(game.push_san("Ra3"), Err(PushError::GameOver(_))));
}

#[test]
fn seventy_five_move_rule_yields_to_a_mate_on_the_150th_ply() {
    let mut game = setup("k7/8/1K6/8/8/8/8/7R w - - 149 100", Rules::fide());
    play(&mut game, "Rh8#");
    assert_eq!(game.position().halfmove_clock(), 150);
    assert_eq!(game.outcome(), win(Termination::Checkmate, Color::White));
}

#[test]
fn no_progress_rule_draws_casual_games_at_the_60th_ply() {
    let mut game = setup("4k3/8/8/8/8/8/8/R3K3 w - - 58 60", Rules::casual());
    play(&mut game, "Ra2");
    assert_eq!(game.position().halfmove_clock(), 59);
    assert_eq!(game.outcome(), None);
    assert!(!game.can_claim_draw());
    play(&mut game, "Kd7");
    assert_eq!(game.outcome(), draw(Termination::NoProgress));
    // FIDE: nothing happens at 60 plies.
    let mut game = setup("4k3/8/8/8/8/8/8/R3K3 w - - 59 60", Rules::fide());
    play(&mut game, "Ra2");
    assert_eq!(game.outcome(), None);
}

#[test]
fn no_progress_limit_is_100_plies_for_king_bishop_knight_against_king() {
    let mut game = setup("4k3/8/8/8/8/8/8/2B1KN2 w - - 59 60", Rules::casual());
    play(&mut game, "Bd2");
    assert_eq!(game.position().halfmove_clock(), 60);
    assert_eq!(game.outcome(), None);
    let mut game = setup("4k3/8/8/8/8/8/8/2B1KN2 w - - 98 80", Rules::casual());
    play(&mut game, "Bd2");
    assert_eq!(game.outcome(), None);
    play(&mut game, "Kd7");
    assert_eq!(game.position().halfmove_clock(), 100);
    assert_eq!(game.outcome(), draw(Termination::NoProgress));
    // With a black pawn on the board the ordinary 60-ply limit applies.
    let game = setup("4k3/7p/8/8/8/8/8/2B1KN2 w - - 60 80", Rules::casual());
    assert_eq!(game.outcome(), draw(Termination::NoProgress));
}

// --- Repetition ---------------------------------------------------------------------------------

#[test]
fn threefold_repetition_is_claimable_under_fide() {
    let mut game = Game::new();
    shuffle(&mut game, 4);
    assert_eq!(game.repetition_count(), 2);
    assert!(!game.can_claim_threefold_repetition());
    shuffle(&mut game, 4);
    assert_eq!(game.repetition_count(), 3);
    assert!(game.can_claim_threefold_repetition());
    assert!(!game.can_claim_fifty_moves());
    assert_eq!(game.outcome(), None);
    assert_eq!(game.claim_draw(Color::White), Ok(Outcome::draw(Termination::ThreefoldRepetition)));
    assert_eq!(game.result(), "1/2-1/2");
}

#[test]
fn threefold_repetition_is_automatic_under_casual_rules() {
    let mut game = Game::with_rules(Rules::casual());
    shuffle(&mut game, 7);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.repetition_count(), 2); // the position after Nf3 Nf6 Ng1, twice
    play(&mut game, "Ng8"); // the start position for the third time
    assert_eq!(game.repetition_count(), 3);
    assert_eq!(game.outcome(), draw(Termination::ThreefoldRepetition));
    assert!(!game.can_claim_draw());
}

#[test]
fn fivefold_repetition_is_automatic_under_fide() {
    let mut game = Game::new();
    shuffle(&mut game, 12);
    assert_eq!(game.repetition_count(), 4);
    assert_eq!(game.outcome(), None);
    shuffle(&mut game, 3);
    assert_eq!(game.outcome(), None);
    play(&mut game, "Ng8");
    assert_eq!(game.repetition_count(), 5);
    assert_eq!(game.outcome(), draw(Termination::FivefoldRepetition));
}

#[test]
fn repetitions_are_counted_only_since_the_last_irreversible_move() {
    let mut game = Game::new();
    shuffle(&mut game, 4);
    play(&mut game, "e4 e5");
    shuffle(&mut game, 8);
    // The position after e4 e5 recurs twice more; the start position no longer can.
    assert_eq!(game.repetition_count(), 3);
    let counts: Vec<u32> = (0..game.moves().len())
        .map(|_| {
            let count = game.repetition_count();
            game.undo();
            count
        })
        .collect();
    // From the last position back to the first: the start position's second occurrence (after
    // 4 plies) is not matched by anything after the pawn moves.
    assert_eq!(counts, [3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 2, 1, 1, 1]);
}

/// How many times the current position has occurred since the last capture or pawn move,
/// counted from the positions alone.
fn counted_repetitions(game: &Game) -> u32 {
    let positions: Vec<&Position> = game.positions().collect();
    let current = positions[positions.len() - 1];
    let window = positions.len().min(current.halfmove_clock() as usize + 1);
    positions[positions.len() - window..].iter().filter(|pos| pos.repetition_key() == current.repetition_key()).count()
        as u32
}

#[test]
fn random_pushes_and_undos_count_repetitions_as_a_replay_does() {
    // Kings and knights only, so that positions recur; a move taken back now and then, as a
    // search or a perft loop over a Python board does, and two in a row sometimes.
    for rules in [Rules::fide(), Rules::casual()] {
        let mut game = setup("n3k3/8/8/8/8/8/8/4K1N1 w - - 0 1", rules).with_judging(Judging::Record);
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        for step in 0..3_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            if state % 5 < 2 && !game.moves().is_empty() {
                game.undo();
            } else {
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    game.undo();
                    continue;
                }
                game.push(moves[(state >> 32) as usize % moves.len()]).unwrap();
            }
            let mut replay = setup("n3k3/8/8/8/8/8/8/4K1N1 w - - 0 1", rules).with_judging(Judging::Record);
            for &m in game.moves() {
                replay.push(m).unwrap();
            }
            assert_eq!(game.repetition_count(), counted_repetitions(&game), "step {step}");
            assert_eq!(game, replay, "step {step}");
            assert_eq!(game.repetition_count(), replay.repetition_count(), "step {step}");
            assert_eq!(game.outcome(), replay.outcome(), "step {step}");
            for m in game.position().legal_moves() {
                let mut child = *game.position();
                child.play_unchecked(m);
                let key = child.repetition_key();
                assert_eq!(game.occurrences(key), replay.occurrences(key), "step {step}");
            }
        }
    }
}

#[test]
fn repetition_uses_the_fide_identity_for_en_passant() {
    // After 1. e4 no black pawn can take en passant: the position equals the one reached
    // later with the same placement and no en-passant square.
    let mut game = setup("4k3/8/8/8/8/8/4P3/4K1N1 w - - 0 1", Rules::casual());
    play(&mut game, "e4 Kd8 Nf3 Ke8 Ng1 Kd8 Nf3 Ke8 Ng1");
    assert_eq!(game.repetition_count(), 3);
    assert_eq!(game.outcome(), draw(Termination::ThreefoldRepetition));
    // With a black pawn ready to take en passant the first position is different.
    let mut game = setup("4k3/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1", Rules::casual());
    play(&mut game, "e4 Kd8 Nf3 Ke8 Ng1 Kd8 Nf3 Ke8 Ng1");
    assert_eq!(game.repetition_count(), 2);
    assert_eq!(game.outcome(), None);
}

// --- Checks ------------------------------------------------------------------------------------

/// Ten queen checks in a row, none of them mate and no position repeated.
const TEN_CHECKS: &str = "Qe8+ Kh7 Qe4+ Kg8 Qh7+ Kf8 Qg8+ Ke7 Qxf7+ Kd6 Qd5+ Kc7 Qc4+ Kb6 Qb3+ Ka5 Qa2+ Kb4 Qb1+";
const TEN_CHECKS_FEN: &str = "6k1/5pp1/7p/8/8/8/5PPP/4Q1K1 w - - 0 1";

#[test]
fn perpetual_check_draws_casual_games_at_the_tenth_consecutive_check() {
    let sans: Vec<&str> = TEN_CHECKS.split_whitespace().collect();
    let mut game = setup(TEN_CHECKS_FEN, Rules::casual());
    play(&mut game, &sans[..17].join(" "));
    assert_eq!(game.consecutive_checks(), 9);
    assert_eq!(game.outcome(), None);
    play(&mut game, sans[17]);
    assert_eq!(game.consecutive_checks(), 0); // Black's move
    assert_eq!(game.outcome(), None);
    play(&mut game, sans[18]);
    assert_eq!(game.consecutive_checks(), 10);
    assert_eq!(game.checks_received(Color::Black), 10);
    assert_eq!(game.outcome(), draw(Termination::PerpetualCheck));
    // FIDE knows no such rule.
    let mut game = setup(TEN_CHECKS_FEN, Rules::fide());
    play(&mut game, TEN_CHECKS);
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_quiet_move_restarts_the_check_count() {
    let mut game = setup(TEN_CHECKS_FEN, Rules::casual());
    play(&mut game, "Qe8+ Kh7 Qe4+ Kg8 h3 Kf8 Qe5 Kg8 Qe8+");
    assert_eq!(game.consecutive_checks(), 1);
    assert_eq!(game.checks_received(Color::Black), 3);
    game.undo();
    assert_eq!(game.checks_received(Color::Black), 2);
}

/// Thirty checks on Black in 64 plies, never ten in a row, with pawn moves against the no-progress rule.
const THIRTY_CHECKS: &str = "Qe2+ Kd7 Qd1+ Kc6 Qc2+ Kb5 Qb3+ Ka5 Qa4+ Kb6 Qb3+ Kc5 Qc2+ Kb4 Qa4+ Kc5 Qb5+ Kd4 a3 Ke3 \
                             Qe2+ Kd4 Qd1+ Ke3 Qb3+ Kd4 Qa4+ Kd3 Qd1+ Kc4 Qc2+ Kd4 Qd3+ Kc5 Qc2+ Kb5 Qb3+ Ka5 g3 Ka6 \
                             Qa4+ Kb6 Qb3+ Ka5 Qd5+ Ka4 Qc4+ Ka5 Qc3+ Ka4 Qd4+ Kb3 Qc3+ Ka2 Qb3+ Ka1 Qd1+ Ka2 b3 Kb2 \
                             Qc2+ Ka1 Qd1+ Ka2 Qc2+";
const THIRTY_CHECKS_FEN: &str = "r3k3/pp4pp/8/8/8/8/PP4PP/3QK2R w K - 0 1";

#[test]
fn check_limit_draws_casual_games_at_the_thirtieth_check() {
    let sans: Vec<&str> = THIRTY_CHECKS.split_whitespace().collect();
    assert_eq!(sans.len(), 65);
    let mut game = setup(THIRTY_CHECKS_FEN, Rules::casual());
    play(&mut game, &sans[..64].join(" "));
    assert_eq!(game.checks_received(Color::Black), 29);
    assert_eq!(game.outcome(), None);
    play(&mut game, sans[64]);
    assert_eq!(game.checks_received(Color::Black), 30);
    assert_eq!(game.checks_received(Color::White), 0);
    assert_eq!(game.outcome(), draw(Termination::CheckLimit));
    let mut game = setup(THIRTY_CHECKS_FEN, Rules::fide());
    play(&mut game, THIRTY_CHECKS);
    assert_eq!(game.outcome(), None);
}

// --- Events ------------------------------------------------------------------------------------

#[test]
fn resigning_is_allowed_after_15_moves_under_casual_rules() {
    let mut game = opera(Rules::casual(), 28);
    assert_eq!(
        game.resign(Color::White),
        Err(EventError::ResignTooEarly { color: Color::White, made: 14, required: 15 })
    );
    play(&mut game, "Bxd7+");
    assert_eq!(
        game.resign(Color::Black),
        Err(EventError::ResignTooEarly { color: Color::Black, made: 14, required: 15 })
    );
    assert_eq!(game.outcome(), None);
    assert!(game.events().is_empty());
    assert_eq!(game.resign(Color::White), Ok(Outcome::win(Termination::Resignation, Color::Black)));
    assert_eq!(game.result(), "0-1");
    assert!(matches!(game.push_san("Nxd7"), Err(PushError::GameOver(_))));

    let mut game = opera(Rules::casual(), 30);
    assert_eq!(game.resign(Color::Black), Ok(Outcome::win(Termination::Resignation, Color::White)));
    assert_eq!(game.result(), "1-0");
}

#[test]
fn resigning_is_allowed_at_once_under_fide() {
    let mut game = Game::new();
    assert_eq!(game.resign(Color::White), Ok(Outcome::win(Termination::Resignation, Color::Black)));
    assert_eq!(game.outcome(), win(Termination::Resignation, Color::Black));
    assert_eq!(
        game.resign(Color::Black),
        Err(EventError::GameOver(Outcome::win(Termination::Resignation, Color::Black)))
    );
}

#[test]
fn draw_offers_are_allowed_after_15_moves_three_times_under_casual_rules() {
    let mut game = opera(Rules::casual(), 29);
    assert_eq!(
        game.offer_draw(Color::Black),
        Err(EventError::DrawOfferTooEarly { color: Color::Black, made: 14, required: 15 })
    );
    assert_eq!(game.accept_draw(Color::White), Err(EventError::NoDrawOffer));
    assert_eq!(game.decline_draw(Color::Black), Err(EventError::NoDrawOffer));
    // First offer, declined.
    assert_eq!(game.offer_draw(Color::White), Ok(()));
    assert_eq!(game.draw_offer(), Some(Color::White));
    assert_eq!(game.offer_draw(Color::White), Err(EventError::DrawOfferPending(Color::White)));
    assert_eq!(game.decline_draw(Color::White), Err(EventError::OwnDrawOffer(Color::White)));
    assert_eq!(game.accept_draw(Color::White), Err(EventError::OwnDrawOffer(Color::White)));
    assert_eq!(game.decline_draw(Color::Black), Ok(()));
    assert_eq!(game.draw_offer(), None);
    play(&mut game, "Nxd7");
    // Second offer: the offerer's own move keeps it open, the opponent's move lets it lapse.
    assert_eq!(game.offer_draw(Color::White), Ok(()));
    assert_eq!(game.offer_draw(Color::Black), Err(EventError::DrawOfferPending(Color::White)));
    play(&mut game, "Qb8+");
    assert_eq!(game.draw_offer(), Some(Color::White));
    play(&mut game, "Nxb8");
    assert_eq!(game.draw_offer(), None);
    // Third offer, then no more.
    assert_eq!(game.offer_draw(Color::White), Ok(()));
    assert_eq!(game.draw_offers_by(Color::White), 3);
    assert_eq!(game.decline_draw(Color::Black), Ok(()));
    assert_eq!(game.offer_draw(Color::White), Err(EventError::TooManyDrawOffers { color: Color::White, limit: 3 }));
    // Black still has its three.
    assert_eq!(game.offer_draw(Color::Black), Ok(()));
    assert_eq!(game.accept_draw(Color::Black), Err(EventError::OwnDrawOffer(Color::Black)));
    assert_eq!(game.accept_draw(Color::White), Ok(Outcome::draw(Termination::DrawAgreement)));
    assert_eq!(game.result(), "1/2-1/2");
    let kinds: Vec<EventKind> = game.events().iter().map(|event| event.kind).collect();
    assert_eq!(
        kinds,
        [
            EventKind::OfferDraw(Color::White),
            EventKind::DeclineDraw(Color::Black),
            EventKind::OfferDraw(Color::White),
            EventKind::OfferDraw(Color::White),
            EventKind::DeclineDraw(Color::Black),
            EventKind::OfferDraw(Color::Black),
            EventKind::AcceptDraw(Color::White),
        ]
    );
    assert_eq!(game.events().iter().map(|event| event.ply).collect::<Vec<_>>(), [29, 29, 30, 32, 32, 32, 32]);
}

#[test]
fn draw_offers_are_unlimited_under_fide() {
    let mut game = Game::new();
    for _ in 0..4 {
        assert_eq!(game.offer_draw(Color::White), Ok(()));
        assert_eq!(game.decline_draw(Color::Black), Ok(()));
    }
    assert_eq!(game.offer_draw(Color::Black), Ok(()));
    assert_eq!(game.accept_draw(Color::White), Ok(Outcome::draw(Termination::DrawAgreement)));
}

#[test]
fn timeout_within_the_first_five_moves_voids_casual_games() {
    let mut game = opera(Rules::casual(), 10);
    assert_eq!(game.moves_by(Color::White), 5);
    assert_eq!(game.timeout(Color::White), Ok(Outcome::draw(Termination::Aborted)));
    assert_eq!(game.result(), "*");
    assert!(game.is_over());
    assert!(!game.outcome().unwrap().is_draw());

    let mut game = opera(Rules::casual(), 11);
    assert_eq!(game.timeout(Color::Black), Ok(Outcome::draw(Termination::Aborted)));

    let mut game = opera(Rules::casual(), 11);
    assert_eq!(game.moves_by(Color::White), 6);
    assert_eq!(game.timeout(Color::White), Ok(Outcome::win(Termination::Timeout, Color::Black)));
    assert_eq!(game.result(), "0-1");
}

#[test]
fn timeout_loses_under_fide_unless_the_opponent_cannot_mate() {
    let mut game = Game::new();
    assert_eq!(game.timeout(Color::White), Ok(Outcome::win(Termination::Timeout, Color::Black)));

    let pos = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1";
    assert_eq!(game_timeout(pos, Rules::fide(), Color::Black), Outcome::win(Termination::Timeout, Color::White));
    assert_eq!(game_timeout(pos, Rules::fide(), Color::White), Outcome::draw(Termination::Timeout));
    // A lone knight cannot mate a king with only a queen to help.
    let pos = "4k3/8/8/8/8/8/8/q2NK3 b - - 0 1";
    assert_eq!(game_timeout(pos, Rules::fide(), Color::Black), Outcome::draw(Termination::Timeout));
    assert_eq!(game_timeout(pos, Rules::fide(), Color::White), Outcome::win(Termination::Timeout, Color::Black));
    // Casual rules: a timeout after five moves loses even when the opponent has a lone king.
    let mut game = setup("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", Rules::casual());
    play(&mut game, "Kf8 Qd2 Kg8 Qd3 Kh8 Qd4+ Kg8 Qc4+ Kh8 Qc3+ Kg8 Qb3+");
    assert_eq!(game.moves_by(Color::White), 6);
    assert_eq!(game.timeout(Color::White), Ok(Outcome::win(Termination::Timeout, Color::Black)));
}

fn game_timeout(fen: &str, rules: Rules, color: Color) -> Outcome {
    let mut game = setup(fen, rules);
    let outcome = game.timeout(color).unwrap();
    assert_eq!(game.outcome(), Some(outcome));
    outcome
}

#[test]
fn forfeit_loses_under_both_presets() {
    for rules in [Rules::fide(), Rules::casual()] {
        let mut game = Game::with_rules(rules);
        play(&mut game, "e4");
        assert_eq!(game.forfeit(Color::Black), Ok(Outcome::win(Termination::Forfeit, Color::White)));
        assert_eq!(game.result(), "1-0");
        assert_eq!(
            game.forfeit(Color::White),
            Err(EventError::GameOver(Outcome::win(Termination::Forfeit, Color::White)))
        );
    }
}

// --- Pushing, game over, undo and redo ------------------------------------------------------

#[test]
fn push_refuses_illegal_moves_and_moves_after_the_end() {
    let mut game = Game::new();
    assert!(matches!(game.push(Move::new(Square::E2, Square::E5)), Err(PushError::Illegal(_))));
    assert!(matches!(game.push_san("Ke2"), Err(PushError::San(_))));
    assert!(matches!(game.push_uci("e2e5"), Err(PushError::Uci(_))));
    assert!(matches!(game.push_uci("e2"), Err(PushError::Uci(_))));
    assert_eq!(game.moves(), []);
    assert_eq!(game.push_uci("e2e4"), Ok(Move::new(Square::E2, Square::E4)));
    // Castling given as the king taking its rook, or in UCI as a two-square king step.
    let mut castle = setup("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Rules::fide());
    castle.push(Move::new(Square::E1, Square::H1)).unwrap();
    assert_eq!(castle.last_move(), Some(Move::castle(Square::E1, Square::H1)));
    assert_eq!(castle.push_uci("e8c8"), Ok(Move::castle(Square::E8, Square::A8)));

    let mut game = Game::new();
    play(&mut game, "f3 e5 g4 Qh4#");
    let mate = Outcome::win(Termination::Checkmate, Color::Black);
    assert_eq!(game.push_san("a3"), Err(PushError::GameOver(mate)));
    assert_eq!(game.push_uci("a2a3"), Err(PushError::GameOver(mate)));
    assert_eq!(game.push(Move::new(Square::A2, Square::A3)), Err(PushError::GameOver(mate)));
    assert_eq!(game.offer_draw(Color::White), Err(EventError::GameOver(mate)));
    assert_eq!(game.timeout(Color::Black), Err(EventError::GameOver(mate)));
    assert_eq!(game.moves().len(), 4);
    assert_eq!(PushError::GameOver(mate).to_string(), "the game is over: black wins by checkmate");
    // Recording past the end, a mated side still has no move.
    let mut recorded = game.clone().with_judging(Judging::Record);
    assert_eq!(recorded.push(Move::new(Square::A2, Square::A3)), Err(PushError::GameOver(mate)));

    // After a resignation: the end comes before the move's legality when judging; a recorded
    // game goes on with legal moves only.
    let mut game = Game::new();
    play(&mut game, "e4");
    let resigned = game.resign(Color::Black).unwrap();
    assert_eq!(game.push(Move::new(Square::E7, Square::E5)), Err(PushError::GameOver(resigned)));
    assert_eq!(game.push(Move::new(Square::E7, Square::E4)), Err(PushError::GameOver(resigned)));
    let mut recorded = game.with_judging(Judging::Record);
    assert!(matches!(recorded.push(Move::new(Square::E7, Square::E4)), Err(PushError::Illegal(_))));
    assert_eq!(recorded.push(Move::new(Square::E7, Square::E5)), Ok(()));
    assert_eq!(recorded.outcome(), Some(resigned));
}

/// Pushes `san`, takes it back, and checks that everything is as before.
fn assert_undo_restores(fen: &str, san: &str) {
    let mut game = setup(fen, Rules::fide());
    let before = *game.position();
    let m = game.push_san(san).unwrap();
    assert_ne!(game.position().to_fen(), fen);
    assert_eq!(game.undo(), Some(m));
    assert_eq!(game.position().to_fen(), fen);
    assert_eq!(game.position().zobrist_key(), before.zobrist_key());
    assert_eq!(*game.position(), before);
    assert_eq!(game.moves(), []);
    assert_eq!(game.redo(), Some(m));
    assert_eq!(game.last_move(), Some(m));
}

#[test]
fn undo_restores_the_exact_position() {
    // Castling both ways, with the rights of both sides.
    assert_undo_restores("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 3 10", "O-O");
    assert_undo_restores("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 3 10", "O-O-O");
    // Promotion, with and without a capture.
    assert_undo_restores("1n2k3/P7/8/8/8/8/8/4K3 w - - 5 40", "a8=Q+");
    assert_undo_restores("1n2k3/P7/8/8/8/8/8/4K3 w - - 5 40", "axb8=N");
    // En passant.
    assert_undo_restores("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6");
    // A capture that resets the clock and removes a castling right.
    assert_undo_restores("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 7 20", "Rxa8+");
}

#[test]
fn undo_and_redo_walk_through_the_history() {
    let mut game = opera(Rules::fide(), 33);
    let fens: Vec<String> = game.positions().map(Position::to_fen).collect();
    assert_eq!(fens.len(), 34);
    assert_eq!(game.undo_n(10), 10);
    assert_eq!(game.position().to_fen(), fens[23]);
    assert_eq!(game.outcome(), None);
    assert!(game.redo().is_some());
    assert_eq!(game.positions().len(), 25);
    assert_eq!(game.position().to_fen(), fens[24]);
    // A new move forgets what could be redone.
    game.undo();
    play(&mut game, "h6");
    assert_eq!(game.redo(), None);
    // Undo to the start and past it.
    assert_eq!(game.undo_n(100), 24);
    assert_eq!(game.undo(), None);
    assert_eq!(game.position(), game.start_position());
    assert_eq!(game.position(), &Position::new());
    while game.redo().is_some() {}
    assert_eq!(game.moves().len(), 24);
    assert_eq!(game.last_move(), Some(Move::new(Square::H7, Square::H6)));
}

#[test]
fn undo_takes_back_the_events_after_the_last_move() {
    let mut game = opera(Rules::fide(), 4);
    assert_eq!(game.offer_draw(Color::White), Ok(()));
    play(&mut game, "d4");
    assert_eq!(game.resign(Color::Black), Ok(Outcome::win(Termination::Resignation, Color::White)));
    // Undo takes back the resignation together with the move it followed.
    assert_eq!(game.undo(), Some(Move::new(Square::D2, Square::D4)));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.events().len(), 1);
    assert_eq!(game.draw_offer(), Some(Color::White));
    // Recording an event forgets the moves that could be redone.
    assert_eq!(game.decline_draw(Color::Black), Ok(()));
    assert_eq!(game.redo(), None);
    play(&mut game, "d4 Bg4");
    assert_eq!(game.result(), "*");
}

#[test]
fn history_accessors() {
    let mut game = Game::default();
    assert_eq!(game.last_move(), None);
    assert_eq!(game.positions().len(), 1);
    play(&mut game, "e4 e5 Nf3");
    assert_eq!(game.moves_by(Color::White), 2);
    assert_eq!(game.moves_by(Color::Black), 1);
    let sans: Vec<String> =
        game.positions().zip(game.moves()).map(|(position, &m)| position.san(m).to_string()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3"]);
    assert_eq!(game.positions().last(), Some(game.position()));
    // A game set up with Black to move counts Black's moves first.
    let mut game = setup("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", Rules::fide());
    play(&mut game, "Kd7");
    assert_eq!((game.moves_by(Color::Black), game.moves_by(Color::White)), (1, 0));
}

// --- Material -----------------------------------------------------------------------------------

#[test]
fn material_counts_captures_and_the_balance() {
    let game = opera(Rules::fide(), 33);
    use Role::*;
    assert_eq!(game.captured_by(Color::White), [Pawn, Bishop, Pawn, Pawn, Knight, Rook]);
    assert_eq!(game.captured_by(Color::Black), [Knight, Pawn, Knight, Rook, Bishop, Queen]);
    // On the board White has R, B and 7 pawns; Black Q, R, B, N and 5 pawns.
    assert_eq!(game.material(Color::White), 5 + 3 + 7);
    assert_eq!(game.material(Color::Black), 9 + 5 + 3 + 3 + 5);
    assert_eq!(game.material_balance(), -10);
    let start = Game::new();
    assert_eq!(start.material(Color::White), 39);
    assert_eq!(start.material_balance(), 0);
    // En passant captures a pawn.
    let mut game = setup("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", Rules::fide());
    play(&mut game, "exd6");
    assert_eq!(game.captured_by(Color::White), [Pawn]);
    assert_eq!(game.material_balance(), 1);
}

// --- Saving a game (serde) ------------------------------------------------------------------------

#[cfg(feature = "serde")]
mod saving {
    use super::*;

    #[test]
    fn json_round_trip_continues_the_game() {
        // Castling, en passant and a promotion, then a declined draw offer, under casual rules.
        let mut game = Game::with_rules(Rules { check_limit: Some(20), ..Rules::casual() });
        play(&mut game, "e4 Nf6 e5 d5 exd6 Bg4 Nf3 Nc6 Be2 Qd7 O-O O-O-O dxc7 Qd5 cxd8=Q+ Kxd8");
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(
            json,
            concat!(
                r#"{"start":{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","chess960":false},"#,
                r#""moves":["e2e4","g8f6","e4e5","d7d5","e5d6","c8g4","g1f3","b8c6","f1e2","d8d7","e1h1","e8a8","#,
                r#""d6c7","d7d5","c7d8q","c8d8"],"#,
                r#""rules":{"fifty_move_plies":null,"seventy_five_move_plies":null,"no_progress_plies":60,"#,
                r#""no_progress_plies_kbn_v_k":100,"repetitions_to_claim":null,"repetitions_to_draw":3,"#,
                r#""perpetual_checks":10,"check_limit":20,"extended_insufficient_material":true,"#,
                r#""resign_after_moves":15,"draw_offer_after_moves":15,"draw_offers_per_player":3,"#,
                r#""timeout_void_moves":5,"timeout_draw_if_opponent_cannot_mate":false},"#,
                r#""events":[],"judging":"enforce"}"#
            )
        );
        let mut back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.position().to_fen(), game.position().to_fen());
        assert_eq!(back.position().zobrist_key(), game.position().zobrist_key());
        // The saved game goes on.
        play(&mut back, "Nc3");
        assert_eq!(back.moves().len(), 17);
    }

    #[test]
    fn json_round_trip_keeps_events_and_the_outcome() {
        let mut game = opera(Rules::casual(), 29);
        game.offer_draw(Color::White).unwrap();
        game.decline_draw(Color::Black).unwrap();
        play(&mut game, "Nxd7");
        game.offer_draw(Color::Black).unwrap();
        game.accept_draw(Color::White).unwrap();
        let json = serde_json::to_string(&game).unwrap();
        assert!(json.ends_with(
            r#""events":[{"ply":29,"event":"offer_draw","color":"white"},{"ply":29,"event":"decline_draw","color":"black"},{"ply":30,"event":"offer_draw","color":"black"},{"ply":30,"event":"accept_draw","color":"white"}],"judging":"enforce"}"#
        ));
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.outcome(), draw(Termination::DrawAgreement));
        assert_eq!(back.draw_offers_by(Color::White), 1);

        let mut resigned = Game::new();
        play(&mut resigned, "e4");
        resigned.resign(Color::Black).unwrap();
        let back: Game = serde_json::from_str(&serde_json::to_string(&resigned).unwrap()).unwrap();
        assert_eq!(back.outcome(), win(Termination::Resignation, Color::White));
        assert_eq!(back.result(), "1-0");

        let rules = Rules::fide();
        let back: Rules = serde_json::from_str(&serde_json::to_string(&rules).unwrap()).unwrap();
        assert_eq!(back, rules);
    }

    #[test]
    fn saved_games_that_break_the_rules_are_refused() {
        let rules = serde_json::to_string(&Rules::casual()).unwrap();
        let start = r#""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1""#;
        let load = |moves: &str, events: &str| {
            let json = format!(r#"{{"start":{start},"moves":[{moves}],"rules":{rules},"events":[{events}]}}"#);
            serde_json::from_str::<Game>(&json).map_err(|error| error.to_string())
        };
        assert!(load(r#""e2e4""#, "").is_ok());
        let error = load(r#""e2e4","e2e4""#, "").unwrap_err();
        assert!(error.starts_with("move 2: illegal move e2e4"), "{error}");
        let error = load("", r#"{"ply":0,"event":"resign","color":"white"}"#).unwrap_err();
        assert!(error.starts_with("event at ply 0: white may resign only after 15 moves, and has made 0"), "{error}");
        let error = load("", r#"{"ply":3,"event":"forfeit","color":"white"}"#).unwrap_err();
        assert!(error.starts_with("event at ply 3 is out of order or past the end"), "{error}");
        let error = load("", r#"{"ply":0,"event":"forfeit","color":null}"#).unwrap_err();
        assert!(error.starts_with("event at ply 0 needs a colour"), "{error}");
        let error = load("", r#"{"ply":0,"event":"shrug","color":null}"#).unwrap_err();
        assert!(error.contains("unknown") || error.contains("invalid value"), "{error}");
        assert!(serde_json::from_str::<Game>(r#"{"start":"8/8/8/8/8/8/8/8 w - - 0 1"}"#).is_err());
        assert!(
            serde_json::from_str::<Rules>(r#"{"check_limit":5}"#).unwrap_err().to_string().contains("missing field")
        );
    }

    #[test]
    fn a_start_with_an_uncapturable_en_passant_square_round_trips_equal() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let mut game = setup(fen, Rules::fide());
        play(&mut game, "c5");
        let json = serde_json::to_string(&game).unwrap();
        assert!(
            json.starts_with(
                r#"{"start":{"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1","chess960":false},"#
            ),
            "{json}"
        );
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.start_position().fen().always_en_passant().to_string(), fen);
        // The square is not capturable, so the plain FEN still leaves it out.
        assert_eq!(back.start_position().to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        // Saving again gives the same text.
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
    }

    #[test]
    fn tampered_saves_are_refused() {
        let mut game = Game::new();
        play(&mut game, "e4 e5 Nf3");
        let json = serde_json::to_string(&game).unwrap();
        assert!(serde_json::from_str::<Game>(&json).is_ok());
        // A move changed into an illegal one.
        let error = serde_json::from_str::<Game>(&json.replace("g1f3", "g1g3")).unwrap_err().to_string();
        assert!(error.starts_with("move 3: illegal move g1g3"), "{error}");
        // An en-passant square no double step can have made.
        let start = r#""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1""#;
        let tampered = json.replace(start, r#""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1""#);
        assert_ne!(tampered, json);
        assert!(serde_json::from_str::<Game>(&tampered).is_err());
        // An unknown judging word.
        let tampered = json.replace(r#""judging":"enforce""#, r#""judging":"lenient""#);
        assert!(serde_json::from_str::<Game>(&tampered).unwrap_err().to_string().contains("lenient"));
    }

    #[test]
    fn saves_from_before_answers_named_the_player_still_load() {
        let start = r#""rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1""#;
        let rules = serde_json::to_string(&Rules::fide()).unwrap();
        let json = format!(
            r#"{{"start":{start},"moves":["e2e4"],"rules":{rules},"events":[{{"ply":1,"event":"offer_draw","color":"white"}},{{"ply":1,"event":"decline_draw","color":null}},{{"ply":1,"event":"claim_draw","color":null}}]}}"#
        );
        // The claim is refused (nothing to claim), the answer goes to the offerer's opponent.
        assert!(serde_json::from_str::<Game>(&json).unwrap_err().to_string().contains("no draw can be claimed"));
        let json = json.replace(r#",{"ply":1,"event":"claim_draw","color":null}"#, "");
        let game: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(game.events()[1].kind, EventKind::DeclineDraw(Color::Black));
        assert_eq!(game.judging(), Judging::Enforce);
    }

    #[test]
    fn a_game_recorded_past_its_end_round_trips() {
        let mut game = Game::new().with_judging(Judging::Record);
        shuffle(&mut game, 16);
        play(&mut game, "e4");
        game.resign(Color::Black).unwrap();
        let json = serde_json::to_string(&game).unwrap();
        assert!(
            json.ends_with(r#""events":[{"ply":17,"event":"resign","color":"black"}],"judging":"record"}"#),
            "{json}"
        );
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.outcome(), draw(Termination::FivefoldRepetition));
        // A game that judges refuses the move after the fivefold repetition.
        let error = serde_json::from_str::<Game>(&json.replace(r#""judging":"record""#, r#""judging":"enforce""#))
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("move 17: the game is over: draw by fivefold repetition"), "{error}");
    }
}

#[test]
fn messages_say_what_happened() {
    let mate = Outcome::win(Termination::Checkmate, Color::White);
    assert_eq!(mate.to_string(), "white wins by checkmate");
    assert_eq!(Outcome::draw(Termination::ThreefoldRepetition).to_string(), "draw by threefold repetition");
    assert_eq!(Outcome::draw(Termination::Aborted).to_string(), "game aborted");
    assert!(Outcome::draw(Termination::Stalemate).is_draw());
    assert_eq!(Termination::SeventyFiveMoves.to_string(), "seventy-five-move rule");
    assert_eq!(EventError::GameOver(mate).to_string(), "the game is over: white wins by checkmate");
    assert_eq!(
        EventError::ResignTooEarly { color: Color::Black, made: 3, required: 15 }.to_string(),
        "black may resign only after 15 moves, and has made 3"
    );
    assert_eq!(
        EventError::DrawOfferTooEarly { color: Color::White, made: 14, required: 15 }.to_string(),
        "white may offer a draw only after 15 moves, and has made 14"
    );
    assert_eq!(
        EventError::TooManyDrawOffers { color: Color::White, limit: 3 }.to_string(),
        "white has already made the 3 draw offers allowed"
    );
    assert_eq!(EventError::DrawOfferPending(Color::Black).to_string(), "black has already offered a draw");
    assert_eq!(EventError::NoDrawOffer.to_string(), "there is no draw offer to answer");
    assert_eq!(EventError::NoDrawToClaim.to_string(), "no draw can be claimed in this position");
    let mut game = Game::new();
    assert_eq!(
        game.push_uci("e2e5").unwrap_err().to_string(),
        "illegal move e2e5 in this position: a pawn does not move from e2 to e5"
    );
}

// --- The order of the automatic checks ----------------------------------------------------------

#[test]
fn insufficient_material_comes_before_stalemate_as_in_python_chess() {
    // Black's king on a8 has no move (b6 king covers a7 and b7, the piece covers b8) and is not in check.
    for fen in ["k7/8/1K6/4B3/8/8/8/8 b - - 0 1", "k7/3N4/1K6/8/8/8/8/8 b - - 0 1"] {
        let game = setup(fen, Rules::fide());
        let position = game.position();
        assert!(!position.has_legal_moves() && !position.is_check(), "{fen}");
        assert!(position.is_insufficient_material(), "{fen}");
        assert_eq!(game.outcome(), draw(Termination::InsufficientMaterial), "{fen}");
    }
    // With a pawn on the board the material suffices: stalemate.
    assert_eq!(setup("k7/8/1K6/4B3/8/8/7P/8 b - - 0 1", Rules::fide()).outcome(), draw(Termination::Stalemate));
    // Checkmate still comes first, even in an ending the casual rules call drawn (K+N v K+N).
    let mate = setup("kn6/2N5/1K6/8/8/8/8/8 b - - 0 1", Rules::casual());
    assert!(mate.position().is_checkmate());
    assert_eq!(mate.outcome(), win(Termination::Checkmate, Color::White));
}

// --- Recording past the end ---------------------------------------------------------------------

#[test]
fn record_mode_accepts_moves_and_events_after_an_automatic_draw() {
    let mut game = Game::new().with_judging(Judging::Record);
    assert_eq!(game.judging(), Judging::Record);
    shuffle(&mut game, 16);
    assert_eq!(game.repetition_count(), 5);
    assert_eq!(game.outcome(), draw(Termination::FivefoldRepetition));
    // The players go on; the first end is still reported.
    play(&mut game, "e4 e5 Nf3 Nf6");
    assert_eq!(game.moves().len(), 20);
    assert_eq!(game.outcome(), draw(Termination::FivefoldRepetition));
    assert_eq!(game.result(), "1/2-1/2");
    assert_eq!(game.resign(Color::Black), Ok(Outcome::win(Termination::Resignation, Color::White)));
    assert_eq!(game.outcome(), draw(Termination::FivefoldRepetition));
    // Taking back to before the repetition ends the draw; the resignation goes with its move.
    assert_eq!(game.undo_n(5), 5);
    assert_eq!(game.moves().len(), 15);
    assert_eq!(game.outcome(), None);
    assert!(game.events().is_empty());
    // Judging again: the game stops at its end.
    play(&mut game, "Ng8");
    game.set_judging(Judging::Enforce);
    assert_eq!(game.push_san("e4"), Err(PushError::GameOver(Outcome::draw(Termination::FivefoldRepetition))));
    assert_eq!(
        game.offer_draw(Color::White),
        Err(EventError::GameOver(Outcome::draw(Termination::FivefoldRepetition)))
    );
}

#[test]
fn record_mode_accepts_moves_after_the_seventy_five_move_rule_and_casual_limits() {
    let mut game = setup("4k3/8/8/8/8/8/8/R3K3 w - - 149 100", Rules::fide()).with_judging(Judging::Record);
    play(&mut game, "Ra2");
    assert_eq!(game.outcome(), draw(Termination::SeventyFiveMoves));
    play(&mut game, "Kd7 Ra7+");
    assert_eq!(game.position().halfmove_clock(), 152);
    assert_eq!(game.outcome(), draw(Termination::SeventyFiveMoves));
    // Casual rules: the threefold repetition draws, and the game is still recorded.
    let mut casual = Game::with_rules(Rules::casual()).with_judging(Judging::Record);
    shuffle(&mut casual, 8);
    assert_eq!(casual.outcome(), draw(Termination::ThreefoldRepetition));
    play(&mut casual, "d4 d5");
    assert_eq!(casual.outcome(), draw(Termination::ThreefoldRepetition));
}

#[test]
fn record_mode_accepts_moves_after_an_event_and_reports_the_event() {
    let mut game = Game::new().with_judging(Judging::Record);
    play(&mut game, "f3");
    assert_eq!(game.resign(Color::White), Ok(Outcome::win(Termination::Resignation, Color::Black)));
    // Black goes on to mate; the resignation came first.
    play(&mut game, "e5 g4 Qh4#");
    assert!(game.position().is_checkmate());
    assert_eq!(game.outcome(), win(Termination::Resignation, Color::Black));
    assert_eq!(game.events().len(), 1);
}

#[test]
fn record_mode_still_refuses_moves_and_events_without_a_legal_move() {
    let mut game = Game::new().with_judging(Judging::Record);
    play(&mut game, "f3 e5 g4 Qh4#");
    let mate = Outcome::win(Termination::Checkmate, Color::Black);
    assert_eq!(game.push_san("Kf2"), Err(PushError::GameOver(mate)));
    assert_eq!(game.push(Move::new(Square::E1, Square::F2)), Err(PushError::GameOver(mate)));
    assert_eq!(game.resign(Color::White), Err(EventError::GameOver(mate)));
    assert!(!game.can_claim_draw());
    assert_eq!(game.moves().len(), 4);
    let mut stalemate = setup("k7/8/1K6/4B3/8/8/7P/8 b - - 0 1", Rules::fide()).with_judging(Judging::Record);
    assert_eq!(stalemate.push_uci("a8b8"), Err(PushError::GameOver(Outcome::draw(Termination::Stalemate))));
}

#[test]
fn only_the_offerers_opponent_answers_a_draw_offer() {
    let mut game = Game::new();
    play(&mut game, "e4");
    game.offer_draw(Color::White).unwrap();
    assert_eq!(game.accept_draw(Color::White), Err(EventError::OwnDrawOffer(Color::White)));
    assert_eq!(game.decline_draw(Color::White), Err(EventError::OwnDrawOffer(Color::White)));
    assert_eq!(EventError::OwnDrawOffer(Color::White).to_string(), "white cannot answer their own draw offer");
    assert_eq!(game.events().len(), 1);
    assert_eq!(game.accept_draw(Color::Black), Ok(Outcome::draw(Termination::DrawAgreement)));
    assert_eq!(
        game.events()[1],
        chess_core::Event {
            ply: 1,
            kind: EventKind::AcceptDraw(Color::Black),
            outcome: draw(Termination::DrawAgreement)
        }
    );
    // A claim names the claimant; either player may claim.
    let mut game = Game::new();
    shuffle(&mut game, 8);
    assert_eq!(game.claim_draw(Color::Black), Ok(Outcome::draw(Termination::ThreefoldRepetition)));
    assert_eq!(game.events()[0].kind, EventKind::ClaimDraw(Color::Black));
}

// --- Words for endings --------------------------------------------------------------------------

#[test]
fn every_ending_has_words_in_every_language() {
    use chess_core::Lang;
    for termination in Termination::ALL {
        for winner in [None, Some(Color::White), Some(Color::Black)] {
            let outcome = Outcome { termination, winner };
            let en = outcome.text(Lang::En).to_string();
            let zh = outcome.text(Lang::Zh).to_string();
            assert!(en.ends_with('.') && en.is_ascii(), "{outcome:?}: {en}");
            assert!(zh.ends_with('。') && !zh.chars().any(|c| c.is_ascii_alphabetic()), "{outcome:?}: {zh}");
            if let Some(color) = winner {
                assert!(en.contains(&color.text(Lang::En).to_string()), "{en}");
                assert!(zh.contains(&color.text(Lang::Zh).to_string()), "{zh}");
            }
        }
        assert_eq!(termination.text(Lang::En).to_string(), termination.name());
        assert!(!termination.text(Lang::Zh).to_string().chars().any(|c| c.is_ascii()));
    }
    let resigned = Outcome::win(Termination::Resignation, Color::White);
    assert_eq!(resigned.text(Lang::En).to_string(), "Black resigns: White wins.");
    assert_eq!(resigned.text(Lang::Zh).to_string(), "黑方认输，白方获胜。");
    let check_limit = Outcome::win(Termination::CheckLimit, Color::Black);
    assert_eq!(check_limit.text(Lang::Zh).to_string(), "黑方因将军次数上限获胜。");
}

// --- Building games fast: push_reached, reset, check counts kept only when the rules count them

#[test]
fn push_reached_takes_the_position_the_caller_made_and_is_refused_after_the_end() {
    let mut pushed = Game::new();
    let mut reached = Game::new();
    for san in OPERA.split_whitespace() {
        let m = pushed.position().parse_san(san).unwrap();
        let mut after = *pushed.position();
        after.play_unchecked(m);
        pushed.push_legal(m).unwrap();
        reached.push_reached(m, &after).unwrap();
        assert_eq!(reached, pushed);
    }
    assert_eq!(reached.outcome(), Some(Outcome::win(Termination::Checkmate, Color::White)));
    // The game is over: refused, the game unchanged.
    let mut fools = Game::new();
    play(&mut fools, "f3 e5 g4 Qh4#");
    let before = fools.clone();
    let end = *fools.position();
    assert!(matches!(fools.push_reached(Move::NULL, &end), Err(PushError::GameOver(_))));
    assert_eq!(fools, before);
    // The moves to redo are forgotten, as with push_legal.
    reached.undo();
    let mut after = *reached.position();
    let other = after.parse_san("Rd2").unwrap();
    after.play_unchecked(other);
    reached.push_reached(other, &after).unwrap();
    assert_eq!(reached.redo(), None);
    assert_eq!(reached.last_move(), Some(other));
}

#[test]
fn reset_starts_again_under_the_same_rules_and_judging() {
    let mut game = Game::with_rules(Rules::casual()).with_judging(Judging::Record);
    for san in SHUFFLE.iter().cycle().take(8) {
        game.push_san(san).unwrap();
    }
    assert_eq!(game.outcome().unwrap().termination, Termination::ThreefoldRepetition);
    game.timeout(Color::White).unwrap();
    game.push_san("e4").unwrap();
    game.undo();
    assert_eq!((game.events().len(), game.moves().len()), (1, 8));
    let start: Position = TEN_CHECKS_FEN.parse().unwrap();
    game.reset(start);
    let fresh = Game::from_position_with_rules(start, Rules::casual()).with_judging(Judging::Record);
    assert_eq!(game, fresh);
    assert_eq!(game.redo(), None);
    assert_eq!((game.repetition_count(), game.checks_received(Color::Black), game.outcome()), (1, 0, None));
    // The game goes on as a new one would.
    play(&mut game, TEN_CHECKS);
    let mut new = fresh;
    play(&mut new, TEN_CHECKS);
    assert_eq!(game, new);
    assert_eq!(game.outcome(), draw(Termination::PerpetualCheck));
}

#[test]
fn check_counts_are_the_same_whether_the_rules_count_checks_or_not() {
    let sans: Vec<&str> = THIRTY_CHECKS.split_whitespace().collect();
    let (mut fide, mut casual) = (setup(THIRTY_CHECKS_FEN, Rules::fide()), setup(THIRTY_CHECKS_FEN, Rules::casual()));
    for san in &sans {
        fide.push_san(san).unwrap();
        casual.push_san(san).unwrap();
        assert_eq!(fide.consecutive_checks(), casual.consecutive_checks(), "{san}");
        for color in Color::ALL {
            assert_eq!(fide.checks_received(color), casual.checks_received(color), "{san}");
        }
    }
    assert_eq!(fide.checks_received(Color::Black), 30);
    // Switching the rules counts the checks again, and back.
    fide.undo();
    fide.set_rules(Rules::casual());
    casual.undo();
    assert_eq!(fide, casual);
    fide.push_san(sans[64]).unwrap();
    assert_eq!(fide.outcome(), draw(Termination::CheckLimit));
    fide.set_rules(Rules::fide());
    assert_eq!(fide.checks_received(Color::Black), 30);
    assert_eq!(fide.outcome(), None);
    let mut replayed = setup(THIRTY_CHECKS_FEN, Rules::fide());
    play(&mut replayed, THIRTY_CHECKS);
    assert_eq!(fide, replayed);
}

/// A game judges the positions its moves reach as the rules judge each in full: in random
/// legal games from endings (captures that leave drawn material, quiet moves that reach the
/// no-progress and repetition limits) under rules with low limits, the game ends where
/// `position_outcome` (the current position judged in full) first reports an end, whether the
/// moves are pushed with `push_legal` or `push_reached`. (A game judges most positions by
/// their halfmove clock and repetition count alone; in builds with debug assertions, as the
/// test command's, it checks each such judgement against the full one, which tells also the
/// ply of the end, here on varied endings.)
#[test]
fn a_game_ends_where_the_rules_first_end_a_position_in_full() {
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "6k1/8/8/3n4/8/2B5/8/4K2N w - - 0 1",
        "8/8/3k4/2n1b3/8/3NB3/4K3/8 w - - 5 40",
        "8/2k5/3p4/8/8/3N4/2K5/8 w - - 0 1",
        "4k3/8/8/2b5/8/8/4P3/4K3 w - - 0 1",
        "r3k3/8/8/8/8/8/8/4K2R w - - 90 60",
    ];
    let rule_sets = [
        Rules::fide(),
        Rules::casual(),
        Rules { no_progress_plies: Some(12), repetitions_to_draw: Some(2), ..Rules::fide() },
        Rules { extended_insufficient_material: true, seventy_five_move_plies: Some(9), ..Rules::fide() },
        Rules { no_progress_plies: None, no_progress_plies_kbn_v_k: Some(8), ..Rules::casual() },
        Rules { seventy_five_move_plies: Some(0), ..Rules::fide() },
        Rules { repetitions_to_draw: None, seventy_five_move_plies: None, ..Rules::fide() },
    ];
    for fen in starts {
        for rules in rule_sets {
            for seed in 1..=12u64 {
                let mut game = setup(fen, rules).with_judging(Judging::Record);
                let mut expected = game.position_outcome();
                assert_eq!(game.outcome(), expected, "{fen}");
                let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                for ply in 0..80 {
                    let moves = game.position().legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let m = moves[(state % moves.len() as u64) as usize];
                    if ply % 2 == 0 {
                        game.push_legal(m).expect("a game recording past its end");
                    } else {
                        let mut reached = *game.position();
                        reached.play_unchecked(m);
                        game.push_reached(m, &reached).expect("a game recording past its end");
                    }
                    expected = expected.or(game.position_outcome());
                    assert_eq!(game.outcome(), expected, "{fen}, {rules:?}, seed {seed}, ply {ply}");
                }
            }
        }
    }
}
