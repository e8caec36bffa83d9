//! The casual points table and Elo, at every boundary the rules name.

use chess_core::rating::{GameResult, PointsLevel, elo_expected, elo_update, points_change, round_points};

#[test]
fn levels_at_every_boundary() {
    let cases = [
        (-50.0, PointsLevel::Unrated),
        (0.0, PointsLevel::Unrated),
        (99.0, PointsLevel::Unrated),
        (99.9, PointsLevel::Unrated),
        (100.0, PointsLevel::Rank(30)),
        (199.0, PointsLevel::Rank(30)),
        (200.0, PointsLevel::Rank(29)),
        (1500.0, PointsLevel::Rank(16)),
        (2900.0, PointsLevel::Rank(2)),
        (2999.0, PointsLevel::Rank(2)),
        (3000.0, PointsLevel::Rank(1)),
        (3999.0, PointsLevel::Rank(1)),
        (100_000.0, PointsLevel::Rank(1)),
        (f64::NAN, PointsLevel::Unrated),
    ];
    for (points, level) in cases {
        assert_eq!(PointsLevel::from_points(points), level, "{points} points");
    }
    for rank in 1..=30 {
        let level = PointsLevel::Rank(rank);
        let min = f64::from(level.min_points());
        assert_eq!(PointsLevel::from_points(min), level);
        assert_eq!(
            PointsLevel::from_points(min - 1.0),
            if rank == 30 { PointsLevel::Unrated } else { PointsLevel::Rank(rank + 1) }
        );
    }
    assert_eq!(PointsLevel::Unrated.min_points(), 0);
    assert_eq!(PointsLevel::Unrated.to_string(), "unrated");
    assert_eq!(PointsLevel::Rank(7).to_string(), "level 7");
}

/// Checks a change for the player and that the opponent's is its negation.
fn check(points: f64, opponent: f64, score: GameResult, expected: f64) {
    let change = points_change(points, opponent, score);
    assert!((change - expected).abs() < 1e-12, "{points} v {opponent} {score:?}: {change} != {expected}");
    let reverse = match score {
        GameResult::Win => GameResult::Loss,
        GameResult::Draw => GameResult::Draw,
        GameResult::Loss => GameResult::Win,
    };
    let other = points_change(opponent, points, reverse);
    assert!((change + other).abs() < 1e-12, "zero sum for {points} v {opponent}");
}

#[test]
fn draws_move_points_to_the_lower_rated_player() {
    let base = 1000.0;
    check(base, base, GameResult::Draw, 0.0);
    check(base, base + 9.0, GameResult::Draw, 0.0);
    check(base, base + 10.0, GameResult::Draw, 5.5);
    check(base, base + 99.0, GameResult::Draw, (10.0 + 9.9) / 2.0);
    check(base, base + 100.0, GameResult::Draw, 25.0);
    check(base, base + 199.0, GameResult::Draw, 49.75);
    check(base, base + 200.0, GameResult::Draw, 50.0);
    check(base + 100.0, base, GameResult::Draw, -25.0);
}

#[test]
fn lower_rated_wins() {
    let base = 500.0;
    check(base, base + 9.0, GameResult::Win, 10.0);
    check(base, base + 10.0, GameResult::Win, 11.0);
    check(base, base + 99.0, GameResult::Win, 19.9);
    check(base, base + 100.0, GameResult::Win, 50.0);
    check(base, base + 199.0, GameResult::Win, 99.5);
    check(base, base + 200.0, GameResult::Win, 100.0);
    check(base + 200.0, base, GameResult::Loss, -100.0);
}

#[test]
fn higher_rated_wins() {
    let base = 500.0;
    check(base, base, GameResult::Win, 10.0);
    check(base + 9.0, base, GameResult::Win, 10.0);
    check(base + 10.0, base, GameResult::Win, 9.2);
    check(base + 99.0, base, GameResult::Win, 10.0 - 99.0 / 12.5);
    check(base + 100.0, base, GameResult::Win, 2.0);
    check(base + 199.0, base, GameResult::Win, 2.0);
    check(base + 200.0, base, GameResult::Win, 0.0);
    check(base, base + 100.0, GameResult::Loss, -2.0);
}

#[test]
fn rounding_to_whole_points() {
    assert_eq!(round_points(5.5), 6);
    assert_eq!(round_points(5.49), 5);
    assert_eq!(round_points(-5.5), -6);
    assert_eq!(round_points(-0.2), 0);
    assert_eq!(round_points(points_change(0.0, 99.0, GameResult::Win)), 20);
    assert_eq!(round_points(points_change(99.0, 0.0, GameResult::Win)), 2);
}

#[test]
fn elo_expected_scores() {
    let close = |a: f64, b: f64| (a - b).abs() < 1e-4;
    assert!(close(elo_expected(1500.0, 1500.0), 0.5));
    assert!(close(elo_expected(1700.0, 1500.0), 0.7597));
    assert!(close(elo_expected(1900.0, 1500.0), 0.9091));
    assert!(close(elo_expected(1500.0, 1900.0), 0.0909));
    assert!(close(elo_expected(2000.0, 1900.0), 0.6401));
    assert!(close(elo_expected(1500.0, 1700.0) + elo_expected(1700.0, 1500.0), 1.0));
    assert!(elo_expected(0.0, 1_000_000.0) >= 0.0 && elo_expected(1_000_000.0, 0.0) <= 1.0);
}

#[test]
fn elo_updates() {
    let close = |a: f64, b: f64| (a - b).abs() < 1e-3;
    assert!(close(elo_update(1500.0, 1500.0, GameResult::Win, 32.0), 1516.0));
    assert!(close(elo_update(1500.0, 1500.0, GameResult::Draw, 32.0), 1500.0));
    assert!(close(elo_update(1500.0, 1500.0, GameResult::Loss, 20.0), 1490.0));
    assert!(close(elo_update(1700.0, 1500.0, GameResult::Draw, 32.0), 1700.0 + 32.0 * (0.5 - 0.759_746_926_647_958_1)));
    assert!(close(elo_update(1500.0, 1900.0, GameResult::Win, 10.0), 1500.0 + 10.0 * (1.0 - 0.090_909_090_909_090_9)));
}
