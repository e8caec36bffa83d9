//! Reading the shared TWIC file (`../shared/data/pgn/twic1599_1000k.pgn`, skipped when absent)
//! into `Game`s: a visitor that pushes the moves the reader found legal with
//! `Game::push_legal`, and one that hands the game the reader's positions with
//! `Game::push_reached` in one `Game` started again with `Game::reset`, build the same games as
//! `PgnGame::to_game`, and their cost over the visitor alone is printed (run with
//! `--nocapture`; the ratio means something in release builds, where neither checks the move
//! again).

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use chess_core::pgn::{Break, PgnGame, PgnReader, Visitor};
use chess_core::{Game, Judging, Move, Position};

const TWIC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/pgn/twic1599_1000k.pgn");

/// The visitor alone: counts the moves the reader found legal.
#[derive(Default)]
struct CountMoves(usize);

impl Visitor for CountMoves {
    type Output = usize;

    fn play(&mut self, _before: &Position, _mv: Move) -> ControlFlow<Break> {
        self.0 += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> usize {
        std::mem::take(&mut self.0)
    }
}

/// Builds each game's `Game` from the moves the reader found legal, as `push_legal` alone
/// does: a new `Game` per game, each move played again on the game's position.
#[derive(Default)]
struct PushLegal(Option<Game>);

impl Visitor for PushLegal {
    type Output = Game;

    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<Break> {
        self.0 = Some(Game::from_position(*start).with_judging(Judging::Record));
        ControlFlow::Continue(())
    }

    fn play(&mut self, _before: &Position, mv: Move) -> ControlFlow<Break> {
        let game = self.0.as_mut().expect("the movetext has begun");
        // The reader checked the move: the game need not check it again.
        match game.push_legal(mv) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(Break::SkipGame),
        }
    }

    fn end_game(&mut self) -> Game {
        self.0.take().unwrap_or_default()
    }
}

/// Builds each game in one `Game`, started again for each game (`Game::reset` keeps its
/// memory), from the positions the reader reached (`Game::push_reached`); its function makes
/// the output of each game from it.
struct Games<F>(Game, F);

impl<T, F: FnMut(&Game) -> T> Visitor for Games<F> {
    type Output = T;

    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<Break> {
        self.0.reset(*start);
        ControlFlow::Continue(())
    }

    fn played(&mut self, mv: Move, after: &Position) -> ControlFlow<Break> {
        match self.0.push_reached(mv, after) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(Break::SkipGame),
        }
    }

    fn end_game(&mut self) -> T {
        (self.1)(&self.0)
    }
}

/// [`Games`] making `made` of each game.
fn games<T>(made: impl FnMut(&Game) -> T) -> Games<impl FnMut(&Game) -> T> {
    Games(Game::new().with_judging(Judging::Record), made)
}

/// Reads every game of `text` with `visitor`, keeping what `keep` makes of each output (a
/// statistics program drops each game once counted), returning that and the best time of three.
/// Not inlined, so that a profile shows each visitor's cost on its own line (`callgrind_annotate
/// --inclusive=yes` with valgrind's `--demangle=no` tells `timed::<CountMoves, ..>` and
/// `timed::<Games, ..>` apart).
#[inline(never)]
fn timed<V: Visitor, T>(
    text: &str,
    mut visitor: impl FnMut() -> V,
    mut keep: impl FnMut(V::Output) -> T,
) -> (Vec<T>, Duration) {
    let mut best = Duration::MAX;
    let mut kept = Vec::new();
    for _ in 0..3 {
        let started = Instant::now();
        let mut reader = PgnReader::from_text(text);
        let mut visitor = visitor();
        kept =
            std::iter::from_fn(|| reader.visit(&mut visitor)).map(|game| keep(game.expect("a valid game"))).collect();
        best = best.min(started.elapsed());
    }
    (kept, best)
}

#[test]
fn twic_games_built_with_push_legal_equal_to_game_and_cost_little_more_than_the_visitor() {
    let Ok(text) = std::fs::read_to_string(TWIC) else {
        eprintln!("skipped: {TWIC} is not here");
        return;
    };
    let (moves, alone) = timed(&text, CountMoves::default, |moves| moves);
    // Each game is built, counted and dropped, as a statistics program (examples/pgn_stats.rs)
    // does; keeping all 1,110 games alive costs more in memory traffic than in building them.
    let (pushed_moves, pushing) = timed(&text, PushLegal::default, |game| game.moves().len());
    let (built_moves, building) = timed(&text, || games(|game| game.moves().len()), |moves| moves);
    assert_eq!(moves, pushed_moves);
    assert_eq!(moves, built_moves);
    let mut reader = PgnReader::from_text(&text);
    let mut visitor = games(Game::clone);
    let games: Vec<Game> =
        std::iter::from_fn(|| reader.visit(&mut visitor)).map(|game| game.expect("a valid game")).collect();
    let mut reader = PgnReader::from_text(&text);
    let pushed: Vec<Game> = std::iter::from_fn(|| reader.visit(&mut PushLegal::default()))
        .map(|game| game.expect("a valid game"))
        .collect();
    let trees: Vec<PgnGame> = PgnReader::from_text(&text).map(|game| game.expect("a valid game")).collect();
    assert_eq!(games.len(), 1110);
    assert_eq!(moves.iter().sum::<usize>(), games.iter().map(|game| game.moves().len()).sum::<usize>());
    assert_eq!(games, pushed);
    for (game, tree) in games.iter().zip(&trees) {
        assert_eq!(game.moves(), tree.to_game().expect("a legal game").moves());
    }
    let started = Instant::now();
    for tree in &trees {
        tree.to_game().expect("a legal game");
    }
    let to_game = started.elapsed();
    eprintln!(
        "1,110 TWIC games: visitor alone {alone:?}; building Games with push_legal {pushing:?} ({:.2}x), \
         with reset and push_reached {building:?} ({:.2}x); PgnGame::to_game of the read trees {to_game:?}",
        pushing.as_secs_f64() / alone.as_secs_f64(),
        building.as_secs_f64() / alone.as_secs_f64()
    );
}
