//! The search itself: iterative deepening, principal variation search with a transposition
//! table, quiescence, and (at Master level) null-move pruning, late move reductions and
//! futility pruning.
//!
//! Draws inside the tree follow the rules of the game searched ([`GameRules`]): the
//! no-progress rules, repetition, insufficient material and the check rules, each decided by the
//! same helper of [`Rules`] that judges a [`Game`], with checkmate first as in the game.

use alloc::vec;
use alloc::vec::Vec;
use core::sync::atomic::Ordering;
use core::time::Duration;

use super::eval::{self, evaluate};
use super::level::Style;
use super::ordering::{Heuristics, MAX_PLY, MovePicker, see};
use super::score::{INFINITY, MATE, MATE_BOUND};
use super::tt::{Bound, TranspositionTable};
use super::{PvLine, Reporter, Score, SearchInfo, SearchLimits, SearchResult, Searcher};
use crate::{Game, Move, MoveList, Position, Role, Rules};

/// How often (in nodes) the clock and the stop flag are looked at.
const POLL_INTERVAL: u64 = 1024;

/// How many plies the capture search follows before it takes the evaluation as it stands, in
/// check or not. Unbounded, positions full of promotions and checks (seven pawns each on the
/// seventh rank) took Expert 15.6 M nodes and 56 plies to finish depth 1; with this bound,
/// 34,000 nodes and 9 plies, for the same Win at Chess scores within one position
/// (BENCHMARKS.md, the search).
const MAX_QUIESCENCE_PLIES: u32 = 8;

/// A root move with what the last search of it found.
#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    /// The score from the last finished search of this move (`-INFINITY` when not searched).
    score: i32,
    /// The score with the level's random change, which chooses among moves.
    noisy_score: i32,
    /// The random change for this search.
    noise: i32,
    pv: Vec<Move>,
}

impl RootMove {
    fn line(&self) -> PvLine {
        PvLine { score: Score::from_internal(self.score), moves: self.pv.clone() }
    }
}

/// The rules a search applies inside its tree, with what it carries over from the game's
/// positions before the root.
///
/// - No progress: the automatic rules (seventy-five moves, the casual no-progress count and its
///   K+B+N v K count) and the claimable fifty-move rule are draws, since the side it helps
///   claims it. Checkmate comes first.
/// - Repetition, by [`Position::repetition_key`]: a position that repeats one on the search path
///   after the root is a draw (the side that repeated could repeat again); one that repeats a
///   position of the game (the root or earlier) is a draw when its count in the game reaches
///   [`Rules::repetitions_to_claim`] or [`Rules::repetitions_to_draw`], whichever is lower.
/// - Insufficient material, extended as the rules say (checkmate first).
/// - Perpetual check and the check limit, counted from the game's counts at the root along the
///   path (checkmate first). The quiescence search looks at material only.
pub(crate) struct GameRules {
    rules: Rules,
    /// Repetition keys of the positions of the game up to the root, oldest first.
    keys: Vec<u64>,
    /// How many times each of those positions had occurred in the game when reached.
    repetitions: Vec<u32>,
    /// How many occurrences of a position of the game draw.
    repetitions_drawing: u32,
    /// Consecutive checks of the side to move at the root, up to its last move.
    own_streak: u32,
    /// Consecutive checks of the side that moved last before the root.
    streak: u32,
    /// Checks received so far by White and by Black.
    checks: [u32; 2],
}

impl GameRules {
    /// The FIDE rules with the keys of the positions before `root`: any repetition is a draw.
    pub(crate) fn fide(root: &Position, history: &[u64]) -> GameRules {
        let keys: Vec<u64> = history.iter().copied().chain([root.repetition_key()]).collect();
        GameRules {
            rules: Rules::fide(),
            repetitions: vec![1; keys.len()],
            keys,
            repetitions_drawing: 2,
            own_streak: 0,
            streak: 0,
            checks: [0; 2],
        }
    }

    /// The rules the game is played by.
    #[cfg(feature = "syzygy")]
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The rules of `game`, with its repetition and check counts.
    pub(crate) fn of_game(game: &Game) -> GameRules {
        let (keys, repetitions) = game.repetition_history().unzip();
        let rules = *game.rules();
        GameRules {
            rules,
            keys,
            repetitions,
            repetitions_drawing: rules.repetitions_drawing(true).unwrap_or(u32::MAX),
            own_streak: game.own_consecutive_checks(),
            streak: game.consecutive_checks(),
            checks: [crate::Color::White, crate::Color::Black].map(|color| game.checks_received(color)),
        }
    }
}

/// The check counts of a position on the search path.
#[derive(Clone, Copy, Debug)]
struct Checks {
    /// Consecutive checks of the side that just moved, this move included.
    streak: u32,
    /// Checks received so far by White and by Black.
    received: [u32; 2],
}

/// The state of one search.
struct Search<'a> {
    style: Style,
    tt: &'a mut TranspositionTable,
    heuristics: &'a mut Heuristics,
    stop: &'a core::sync::atomic::AtomicBool,
    clock: Option<fn() -> Duration>,
    start: Duration,
    hard_limit: Option<Duration>,
    node_limit: u64,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    /// The rules the draws inside the tree follow.
    rules: Rules,
    /// The halfmove clock from which a no-progress rule may draw (checked further then).
    no_progress_from: u32,
    /// Repetition keys of the game up to the root, then of the positions on the current path
    /// (0 after a null move).
    keys: Vec<u64>,
    /// The index of the root in `keys`.
    root_index: usize,
    /// How many times each position of the game up to the root had occurred when reached.
    repetitions: Vec<u32>,
    /// How many occurrences of a position of the game draw.
    repetitions_drawing: u32,
    /// Whether the rules count checks (perpetual check, check limit).
    counts_checks: bool,
    /// Check counts of the position before the root, the root, then the path (when counted).
    checks: Vec<Checks>,
    /// The moves of the node at each ply on the current path (on the heap: see [`Frame`]).
    frames: Vec<Frame>,
    /// The principal variation found below each ply (a triangular table).
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    /// The endgame tablebases that score positions inside the tree.
    #[cfg(feature = "syzygy")]
    tablebase: Option<super::tablebase::Probe<'a>>,
}

/// What the node at one ply keeps of its moves while it searches them: its move picker and the
/// quiet moves tried so far. About 5.5 KB, so the search keeps them on the heap, allocated once
/// per search, and a search 128 plies deep runs on a thread with a small stack.
struct Frame {
    picker: MovePicker,
    quiets_tried: MoveList,
}

/// Runs a search for [`Searcher::search`].
pub(crate) fn run(
    searcher: &mut Searcher,
    root: &Position,
    game: GameRules,
    limits: &SearchLimits,
    reporter: &mut impl Reporter,
) -> SearchResult {
    let style = searcher.level.style();
    let budget = searcher.clock.and(limits.time_budget(root.turn()));
    searcher.tt.new_search();
    searcher.heuristics.new_search();

    let mut root_moves: Vec<RootMove> = root
        .legal_moves()
        .into_iter()
        .filter(|m| limits.root_moves.is_empty() || limits.root_moves.contains(m))
        .map(|mv| RootMove { mv, score: -INFINITY, noisy_score: -INFINITY, noise: 0, pv: vec![mv] })
        .collect();

    // The weaker levels choose among the root moves with a random change to each score,
    // larger when they are three pawns or more behind.
    let behind = eval::material(root) * if root.turn() == crate::Color::White { 1 } else { -1 } <= -300;
    let noise_limit = if behind { style.noise_when_lost } else { style.noise };
    for root_move in &mut root_moves {
        root_move.noise = searcher.rng.symmetric(noise_limit);
    }

    let hard_limit = budget.map(|(_, hard)| hard);
    let mut search = Search::new(searcher, game, limits.nodes.unwrap_or(u64::MAX), hard_limit);

    if root_moves.is_empty() {
        let score = if root.is_check() { Score::Mate(0) } else { Score::Cp(0) };
        return SearchResult {
            best_move: None,
            ponder: None,
            score,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: Vec::new(),
            lines: Vec::new(),
            elapsed: search.elapsed(),
            from_book: false,
            from_tablebase: false,
        };
    }

    let multi_pv = (limits.multi_pv.max(1) as usize).min(root_moves.len());
    // A mate in n moves is 2n - 1 plies away.
    let mate_depth = limits.mate.map(|moves| moves.saturating_mul(2).saturating_sub(1));
    let max_depth = limits.depth.or(mate_depth).unwrap_or(u32::MAX).clamp(1, MAX_PLY as u32 - 8);
    let mut completed_depth = 0;
    let mut lines: Vec<PvLine> = Vec::new();

    for depth in 1..=max_depth {
        search.seldepth = 0;
        for pv_index in 0..multi_pv {
            search.search_root(root, &mut root_moves[pv_index..], depth, noise_limit > 0);
            if search.aborted {
                break;
            }
        }
        if search.aborted {
            // The first root move searched is the last depth's best, so the best move of a
            // partly searched depth is at least as well founded as the last depth's.
            if multi_pv == 1 && root_moves[0].score > -INFINITY {
                lines = vec![root_moves[0].line()];
            }
            // Stopped before any root move was searched to depth 1: a move all the same.
            if lines.is_empty() {
                lines = vec![search.fallback(root, &root_moves)];
            }
            break;
        }
        // A later line can come out better than an earlier one (the searches share the table
        // and prune differently): order the lines by their scores.
        if noise_limit == 0 {
            root_moves[..multi_pv].sort_by_key(|m| core::cmp::Reverse(m.score));
        }
        lines = root_moves[..multi_pv].iter().map(RootMove::line).collect();
        for (pv_index, line) in lines.iter().enumerate() {
            search.report(reporter, depth, pv_index, line);
        }
        completed_depth = depth;

        if let Some((soft, _)) = budget {
            let forced = root_moves.len() == 1 && limits.clock.is_some();
            if search.elapsed() >= soft || forced {
                break;
            }
        }
        if let Score::Mate(moves) = lines[0].score {
            let found_wanted_mate = limits.mate.is_some_and(|wanted| moves > 0 && moves.unsigned_abs() <= wanted);
            // The shortest mate is certain once the depth covers it with room to spare.
            let mate_is_final = 2 * moves.unsigned_abs() + 4 <= depth && limits.depth.is_none();
            if !limits.infinite && (found_wanted_mate || mate_is_final) {
                break;
            }
        }
    }

    let elapsed = search.elapsed();
    let main = lines[0].clone();
    SearchResult {
        best_move: main.moves.first().copied(),
        ponder: main.moves.get(1).copied(),
        score: main.score,
        depth: completed_depth,
        seldepth: search.seldepth as u32,
        nodes: search.nodes,
        pv: main.moves,
        lines,
        elapsed,
        from_book: false,
        from_tablebase: false,
    }
}

impl<'a> Search<'a> {
    /// Starts a search of `searcher`'s level within `node_limit` nodes and, when its clock
    /// runs, `hard_limit`, in a game played by `game`'s rules.
    fn new(searcher: &'a mut Searcher, game: GameRules, node_limit: u64, hard_limit: Option<Duration>) -> Search<'a> {
        let clock = searcher.clock;
        Search {
            style: searcher.level.style(),
            tt: &mut searcher.tt,
            heuristics: &mut searcher.heuristics,
            stop: &searcher.stop,
            clock,
            start: clock.map_or(Duration::ZERO, |now| now()),
            hard_limit,
            node_limit,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            rules: game.rules,
            no_progress_from: game.rules.first_no_progress_draw(),
            root_index: game.keys.len() - 1,
            keys: game.keys,
            repetitions: game.repetitions,
            repetitions_drawing: game.repetitions_drawing,
            counts_checks: game.rules.counts_checks(),
            checks: vec![
                Checks { streak: game.own_streak, received: game.checks },
                Checks { streak: game.streak, received: game.checks },
            ],
            frames: (0..MAX_PLY).map(|_| Frame { picker: MovePicker::new(), quiets_tried: MoveList::new() }).collect(),
            pv: vec![[Move::NULL; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY + 1],
            #[cfg(feature = "syzygy")]
            tablebase: searcher
                .tablebase
                .as_deref()
                .map(|tables| super::tablebase::Probe::new(tables, searcher.probe_limit)),
        }
    }

    fn elapsed(&self) -> Duration {
        self.clock.map_or(Duration::ZERO, |now| now().saturating_sub(self.start))
    }

    /// Looks at the clock, the stop flag and the node limit; sets `aborted` when one is reached.
    /// Every limit holds from the first node: a search stopped before it has searched a root
    /// move plays [`Search::fallback`].
    fn poll(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(POLL_INTERVAL) {
            let out_of_time = self.hard_limit.is_some_and(|limit| self.elapsed() >= limit);
            if out_of_time || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// The line to play when a limit stops the search before it has searched any root move:
    /// the move after which the position evaluates best for the side that moved (a mate
    /// first), with that evaluation as its score.
    fn fallback(&self, root: &Position, moves: &[RootMove]) -> PvLine {
        let scored = moves.iter().map(|root_move| {
            let mut child = *root;
            child.play_unchecked(root_move.mv);
            let score = if child.is_checkmate() { MATE - 1 } else { -evaluate(&child, self.style.eval) };
            (score, root_move.mv)
        });
        // The first of equal moves, in the order the root moves were generated.
        let (score, mv) =
            scored.fold((-INFINITY - 1, Move::NULL), |best, next| if next.0 > best.0 { next } else { best });
        PvLine { score: Score::from_internal(score), moves: vec![mv] }
    }

    /// Searches the root moves to `depth` and sorts them best first. With `noisy`, every move
    /// gets an exact score and the order follows the scores with their random change.
    fn search_root(&mut self, root: &Position, moves: &mut [RootMove], depth: u32, noisy: bool) {
        // The previous best first, then the rest by their last scores.
        moves.sort_by_key(|m| -(if noisy { m.noisy_score } else { m.score }));
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best_index = None;
        for (index, root_move) in moves.iter_mut().enumerate() {
            let mv = root_move.mv;
            let mut child = *root;
            child.play_unchecked(mv);
            self.push(&child, child.repetition_key());
            self.nodes += 1;
            let extension = u32::from(self.style.pruning && child.is_check());
            let score = if index == 0 || noisy {
                -self.negamax(&child, depth - 1 + extension, -beta, -alpha, 1)
            } else {
                let mut score = -self.negamax(&child, depth - 1 + extension, -alpha - 1, -alpha, 1);
                if score > alpha && !self.aborted {
                    score = -self.negamax(&child, depth - 1 + extension, -beta, -alpha, 1);
                }
                score
            };
            self.pop();
            if self.aborted {
                break;
            }
            root_move.score = if noisy || index == 0 || score > alpha { score } else { -INFINITY + 1 };
            root_move.noisy_score = root_move.score.saturating_add(root_move.noise);
            if score > alpha || noisy {
                root_move.pv.clear();
                root_move.pv.push(mv);
                root_move.pv.extend_from_slice(&self.pv[1][..self.pv_len[1]]);
            }
            if !noisy && score > alpha {
                alpha = score;
                best_index = Some(index);
            }
        }
        if noisy {
            // Moves not reached before an abort keep their old scores; order by noisy score.
            moves.sort_by_key(|m| -m.noisy_score);
        } else if let Some(best) = best_index {
            moves[..=best].rotate_right(1);
        }
    }

    /// Steps onto `child` on the search path; `key` is its repetition key, 0 after a null move.
    #[inline(always)]
    fn push(&mut self, child: &Position, key: u64) {
        self.keys.push(key);
        if self.counts_checks {
            self.push_checks(child);
        }
    }

    /// Counts the checks of `child` on from its parent's (kept out of line: FIDE never calls it).
    #[inline(never)]
    fn push_checks(&mut self, child: &Position) {
        let last = self.checks.len() - 1;
        let mut checks = Checks { streak: 0, received: self.checks[last].received };
        if child.is_check() {
            checks.streak = 1 + self.checks[last - 1].streak;
            checks.received[child.turn().index()] += 1;
        }
        self.checks.push(checks);
    }

    /// Steps back from the last [`Search::push`].
    #[inline(always)]
    fn pop(&mut self) {
        self.keys.pop();
        if self.counts_checks {
            self.checks.pop();
        }
    }

    /// Tells whether the position reached last on the path is drawn under the rules (see
    /// [`GameRules`]).
    fn is_draw(&self, pos: &Position) -> bool {
        let clock = pos.halfmove_clock();
        if clock >= self.no_progress_from
            && self.rules.no_progress_draw(clock, pos.board(), true).is_some()
            && (!pos.is_check() || pos.has_legal_moves())
        {
            return true;
        }
        let last = self.keys.len() - 1;
        let window = last.min(clock as usize);
        if window >= 2 {
            let key = self.keys[last];
            for earlier in (last - window..=last - 2).rev().step_by(2) {
                if self.keys[earlier] == key && key != 0 {
                    return earlier > self.root_index || self.repetitions[earlier] + 1 >= self.repetitions_drawing;
                }
            }
        }
        if self.counts_checks && self.is_check_draw(pos) {
            return true;
        }
        self.is_material_draw(pos)
    }

    /// Tells whether a check rule draws the position reached last (checkmate first).
    #[inline(never)]
    fn is_check_draw(&self, pos: &Position) -> bool {
        let checks = self.checks[self.checks.len() - 1];
        checks.streak > 0 && self.rules.check_draw(checks.streak, checks.received).is_some() && pos.has_legal_moves()
    }

    /// Tells whether the material draws under the rules (checkmate first: only the extended
    /// endings can be mates).
    #[inline(always)]
    fn is_material_draw(&self, pos: &Position) -> bool {
        self.rules.is_material_draw(pos)
            && (!self.rules.extended_insufficient_material || !pos.is_check() || pos.has_legal_moves())
    }

    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = 0;
        if self.poll() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.is_draw(pos) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos, self.style.eval);
        }
        #[cfg(feature = "syzygy")]
        if let Some(score) = self.tablebase_score(pos, ply) {
            return score;
        }
        // Mate distance pruning: no line from here can beat a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if depth == 0 {
            return if self.style.quiescence { self.quiescence(pos, alpha, beta, ply, 0) } else { self.leaf(pos, ply) };
        }

        let pv_node = beta - alpha > 1;
        let key = pos.zobrist_key();
        let entry = self.tt.probe(key);
        let hash_move = entry.map_or(Move::NULL, |e| e.mv);
        if let Some(score) =
            entry.filter(|e| !pv_node && u32::from(e.depth) >= depth).and_then(|e| e.cutoff(ply, alpha, beta))
        {
            return score;
        }

        let in_check = pos.is_check();
        let static_eval = if in_check { -INFINITY } else { evaluate(pos, self.style.eval) };
        if self.style.pruning && !pv_node && !in_check {
            // Reverse futility: far above beta at a shallow depth, assume it holds.
            if depth <= 6 && static_eval - 90 * depth as i32 >= beta && beta.abs() < MATE_BOUND {
                return static_eval;
            }
            // Null move: if passing still fails high, a real move will too.
            if depth >= 3 && static_eval >= beta && has_pieces(pos) && !self.after_null_move() {
                let mut child = *pos;
                if child.play_null().is_ok() {
                    let reduction = 3 + depth / 6;
                    self.push(&child, 0);
                    let score = -self.negamax(&child, depth.saturating_sub(1 + reduction), -beta, -beta + 1, ply + 1);
                    self.pop();
                    if self.aborted {
                        return 0;
                    }
                    if score >= beta {
                        return if score >= MATE_BOUND { beta } else { score };
                    }
                }
            }
        }

        let frame = &mut self.frames[ply];
        if !frame.picker.order(pos, hash_move, self.heuristics, ply) {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        frame.quiets_tried.clear();
        let futile =
            self.style.pruning && !pv_node && !in_check && depth <= 2 && static_eval + 120 * depth as i32 <= alpha;
        let mut best_score = -INFINITY;
        let mut best_move = Move::NULL;
        let original_alpha = alpha;
        let mut index = 0;
        while let Some(mv) = self.frames[ply].picker.next_move() {
            let quiet = !pos.is_capture(mv) && !mv.is_promotion();
            let mut child = *pos;
            child.play_unchecked(mv);
            let gives_check = child.is_check();
            // Never the first move: every node searches one, so it always has a best move.
            if futile && quiet && !gives_check && index > 0 {
                continue;
            }
            self.push(&child, child.repetition_key());
            self.nodes += 1;
            let extension = u32::from(self.style.pruning && gives_check);
            let new_depth = depth - 1 + extension;
            let score = if index == 0 {
                -self.negamax(&child, new_depth, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves are searched shallower first (Master only).
                let reduction = if self.style.pruning && quiet && !in_check && !gives_check && depth >= 3 && index >= 3
                {
                    (1 + u32::from(index >= 8) + depth / 8).min(new_depth - 1)
                } else {
                    0
                };
                let mut score = -self.negamax(&child, new_depth - reduction, -alpha - 1, -alpha, ply + 1);
                if score > alpha && reduction > 0 && !self.aborted {
                    score = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1);
                }
                if score > alpha && score < beta && !self.aborted {
                    score = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1);
                }
                score
            };
            self.pop();
            if self.aborted {
                return 0;
            }
            index += 1;
            if score > best_score {
                best_score = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        if quiet {
                            let tried = &self.frames[ply].quiets_tried;
                            self.heuristics.record_cutoff(pos.turn(), mv, tried, ply, depth);
                        }
                        break;
                    }
                }
            }
            if quiet {
                let _ = self.frames[ply].quiets_tried.try_push(mv);
            }
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        self.tt.store(key, best_move, best_score, depth, bound, ply);
        best_score
    }

    /// Scores a position just reached by a capture or a pawn move by the tables' result, when
    /// they hold it (see [`Searcher::set_tablebase`]); a probe counts as a node.
    #[cfg(feature = "syzygy")]
    fn tablebase_score(&mut self, pos: &Position, ply: usize) -> Option<i32> {
        use super::score::TABLEBASE_WIN;
        use crate::syzygy::Wdl;

        let probe = self.tablebase.filter(|probe| pos.halfmove_clock() == 0 && probe.may_hold(pos))?;
        self.nodes += 1;
        Some(match super::tablebase::result(probe, pos, &self.rules)? {
            Wdl::Win => TABLEBASE_WIN - ply as i32,
            Wdl::Loss => -TABLEBASE_WIN + ply as i32,
            _ => 0,
        })
    }

    /// Scores a leaf of a search without quiescence: mate and stalemate, else the evaluation.
    fn leaf(&mut self, pos: &Position, ply: usize) -> i32 {
        if !pos.has_legal_moves() {
            return if pos.is_check() { -MATE + ply as i32 } else { 0 };
        }
        evaluate(pos, self.style.eval)
    }

    /// Follows captures and promotions (all moves when in check; quiet checks too on its first
    /// ply) until the position is quiet.
    fn quiescence(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, qs_ply: u32) -> i32 {
        self.pv_len[ply] = 0;
        if self.poll() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.is_material_draw(pos) {
            return 0;
        }
        let in_check = pos.is_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { 0 } else { evaluate(pos, self.style.eval) };
        }
        if qs_ply >= MAX_QUIESCENCE_PLIES {
            return evaluate(pos, self.style.eval);
        }
        // Captures in different orders reach the same positions: the table cuts them short.
        // Not on the first ply, which also tries quiet checks and must not take the result of
        // a capture-only search of the same position.
        let key = pos.zobrist_key();
        let entry = if qs_ply > 0 { self.tt.probe(key) } else { None };
        if let Some(score) = entry.and_then(|e| e.cutoff(ply, alpha, beta)) {
            return score;
        }
        let original_alpha = alpha;
        let mut best_move = Move::NULL;
        let mut best_score;
        let moves = if in_check {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return -MATE + ply as i32;
            }
            best_score = -INFINITY;
            moves
        } else {
            let stand_pat = evaluate(pos, self.style.eval);
            if stand_pat >= beta {
                return stand_pat;
            }
            if !has_pieces(pos) && !pos.has_legal_moves() {
                return 0; // stalemate
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
            let mut moves = pos.capture_moves();
            if qs_ply == 0 {
                pos.for_each_legal_move(|m| {
                    if !pos.is_capture(m) && !m.is_promotion() && pos.gives_check(m) {
                        let _ = moves.try_push(m);
                    }
                });
            }
            moves
        };
        self.frames[ply].picker.order_captures(pos, moves, entry.map_or(Move::NULL, |e| e.mv));
        while let Some(mv) = self.frames[ply].picker.next_move() {
            if !in_check {
                if let Some(victim) = pos.captured(mv) {
                    // Delta pruning and losing captures: skip what cannot raise alpha.
                    let gain =
                        eval::MATERIAL[victim as usize] + mv.promotion().map_or(0, |r| eval::MATERIAL[r as usize]);
                    if best_score + gain + 200 <= alpha || see(pos, mv) < 0 {
                        continue;
                    }
                } else if mv.is_promotion() && (mv.promotion() != Some(Role::Queen) || see(pos, mv) < 0) {
                    continue; // under-promotions, and promotions that lose the queen
                }
            }
            let mut child = *pos;
            child.play_unchecked(mv);
            self.nodes += 1;
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, qs_ply + 1);
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = mv;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        if qs_ply > 0 {
            self.tt.store(key, best_move, best_score, 0, bound, ply);
        }
        best_score
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.pv_len[ply + 1];
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][0] = mv;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    /// Tells whether the move that led here was a null move (its key is pushed as 0).
    fn after_null_move(&self) -> bool {
        self.keys.last() == Some(&0)
    }

    fn report(&self, reporter: &mut impl Reporter, depth: u32, pv_index: usize, line: &PvLine) {
        reporter.report(&SearchInfo {
            depth,
            seldepth: self.seldepth as u32,
            multipv: pv_index as u32 + 1,
            score: line.score,
            nodes: self.nodes,
            elapsed: self.elapsed(),
            hashfull: self.tt.hashfull(),
            pv: &line.moves,
        });
    }
}

/// Tells whether the side to move has a piece other than pawns and king (null move is unsafe
/// in pawn endgames, where zugzwang is common).
fn has_pieces(pos: &Position) -> bool {
    let board = pos.board();
    let ours = board.by_color(pos.turn());
    (ours & !board.by_role(Role::Pawn) & !board.by_role(Role::King)).any()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One iteration straight to the deepest ply (the first move of each node is searched to
    /// the full depth before any other), on a thread with a quarter of the stack of Windows'
    /// main thread (1 MiB). It took about 850 KiB when each ply kept its move lists on the
    /// stack; it takes under 100 KiB (optimised; under 256 KiB unoptimised).
    #[test]
    fn a_search_to_the_deepest_ply_runs_on_a_quarter_mib_stack() {
        let deepest = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(|| {
                let mut searcher = Searcher::new();
                let root = Position::default();
                let mut search = Search::new(&mut searcher, GameRules::fide(&root, &[]), 200_000, None);
                search.negamax(&root, MAX_PLY as u32, -INFINITY, INFINITY, 0);
                (search.seldepth, search.nodes)
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(deepest.0, MAX_PLY - 1, "nodes searched: {}", deepest.1);
    }
}
