//! A game as an editable tree of moves, the model python-chess's `chess.pgn` works on: every
//! node but the root is a move, with the comment after it, the comment before it when it
//! starts a variation, and its NAGs; the first child of a node continues its line, the
//! others are alternatives to that child.

use alloc::string::String;
use alloc::vec::Vec;

use core::ops::ControlFlow;

use super::{Break, CommentText, PgnResult, PgnText, SEVEN_TAG_ROSTER, Variation, Variations, Visitor};
use crate::{IllegalMoveError, Move, Position};

/// A node of a [`GameTree`], stable for the tree's life: editing the tree (adding, promoting,
/// removing variations) never moves a node to another id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(u32);

impl NodeId {
    /// The root: the start position, before any move.
    pub const ROOT: NodeId = NodeId(0);

    /// Returns the id as an index, from 0 (the root) in the order nodes were added.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a [`GameTree`] holds for a node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    /// The move that leads to the node ([`Move::NULL`] for the root and for null moves).
    pub mv: Move,
    /// The comment after the move (for the root: before the first move).
    pub comment: String,
    /// The comment before the move, written when the node starts a variation.
    pub starting_comment: String,
    /// The Numeric Annotation Glyphs of the move, in increasing order, each once.
    pub nags: Vec<u8>,
    parent: Option<NodeId>,
    children: Children,
}

/// A node's variations, without an allocation for the one or none most nodes have.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Children {
    None,
    One(NodeId),
    Many(Vec<NodeId>),
}

impl Children {
    fn as_slice(&self) -> &[NodeId] {
        match self {
            Children::None => &[],
            Children::One(id) => core::slice::from_ref(id),
            Children::Many(ids) => ids,
        }
    }

    fn push(&mut self, id: NodeId) {
        *self = match core::mem::replace(self, Children::None) {
            Children::None => Children::One(id),
            Children::One(first) => Children::Many(alloc::vec![first, id]),
            Children::Many(mut ids) => {
                ids.push(id);
                Children::Many(ids)
            }
        };
    }

    /// The variations as a list to reorder.
    fn to_mut(&mut self) -> &mut Vec<NodeId> {
        if !matches!(self, Children::Many(_)) {
            *self = Children::Many(self.as_slice().to_vec());
        }
        match self {
            Children::Many(ids) => ids,
            _ => unreachable!("made a list above"),
        }
    }
}

impl TreeNode {
    fn new(mv: Move, parent: Option<NodeId>) -> TreeNode {
        TreeNode {
            mv,
            comment: String::new(),
            starting_comment: String::new(),
            nags: Vec::new(),
            parent,
            children: Children::None,
        }
    }
}

/// A game with its variations as a tree of [`TreeNode`]s addressed by [`NodeId`]s: the tags,
/// the start position and the nodes.
///
/// The tree does not check moves when they are added (a program may build any tree, as with
/// python-chess); [`GameTree::position`] replays them and reports the first illegal one.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::{GameTree, NodeId};
/// use chess_core::{Position, Square};
///
/// let start = Position::new();
/// let mut tree = GameTree::new(start);
/// let e4 = tree.add_variation(NodeId::ROOT, start.parse_uci("e2e4")?);
/// let d4 = tree.add_variation(NodeId::ROOT, start.parse_uci("d2d4")?);
/// tree.node_mut(d4).comment = "solid".into();
/// assert_eq!(tree.variations(NodeId::ROOT), [e4, d4]);
/// tree.promote_to_main(d4);
/// assert_eq!(tree.variations(NodeId::ROOT), [d4, e4]);
/// assert_eq!(tree.position(e4)?.piece_at(Square::E4).map(|p| p.char()), Some('P'));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameTree {
    /// The tag pairs, in order (`FEN`, `SetUp` and `Variant` included: they are not made from
    /// `start`).
    pub tags: Vec<(PgnText, PgnText)>,
    /// The position at the root.
    pub start: Position,
    nodes: Vec<TreeNode>,
}

impl GameTree {
    /// Makes a tree of the root alone, at `start`, with no tags.
    pub fn new(start: Position) -> GameTree {
        GameTree { tags: Vec::new(), start, nodes: alloc::vec![TreeNode::new(Move::NULL, None)] }
    }

    /// Returns the number of nodes ever added, the root included (removed ones too).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds the root alone (it never holds nothing).
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// Returns the node `index` (as [`NodeId::index`] gives it), if the tree has it.
    pub fn id(&self, index: usize) -> Option<NodeId> {
        (index < self.nodes.len()).then_some(NodeId(index as u32))
    }

    /// Returns the node.
    ///
    /// # Panics
    ///
    /// If `id` is not of this tree.
    pub fn node(&self, id: NodeId) -> &TreeNode {
        &self.nodes[id.index()]
    }

    /// Returns the node, to edit its comments and NAGs.
    ///
    /// # Panics
    ///
    /// If `id` is not of this tree.
    pub fn node_mut(&mut self, id: NodeId) -> &mut TreeNode {
        &mut self.nodes[id.index()]
    }

    /// Returns the node the move of `id` is played from (`None` for the root and for a node
    /// removed from its parent).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    /// Returns the moves played from `id`: the main continuation first, then the alternatives.
    pub fn variations(&self, id: NodeId) -> &[NodeId] {
        self.node(id).children.as_slice()
    }

    /// Returns the main continuation of `id`.
    pub fn next(&self, id: NodeId) -> Option<NodeId> {
        self.variations(id).first().copied()
    }

    /// Adds `mv`, played from `parent`, as its last variation.
    pub fn add_variation(&mut self, parent: NodeId, mv: Move) -> NodeId {
        let id = NodeId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 nodes"));
        self.nodes.push(TreeNode::new(mv, Some(parent)));
        self.node_mut(parent).children.push(id);
        id
    }

    /// Adds `mv`, played from `parent`, as its main continuation (the former one becomes the
    /// first alternative).
    pub fn add_main_variation(&mut self, parent: NodeId, mv: Move) -> NodeId {
        let id = self.add_variation(parent, mv);
        self.promote_to_main(id);
        id
    }

    /// Index of `id` among its parent's variations.
    fn rank(&self, id: NodeId) -> Option<(NodeId, usize)> {
        let parent = self.parent(id)?;
        let at = self.variations(parent).iter().position(|&c| c == id)?;
        Some((parent, at))
    }

    /// Makes `id` its parent's main continuation, the others keeping their order.
    pub fn promote_to_main(&mut self, id: NodeId) {
        if let Some((parent, at)) = self.rank(id) {
            self.node_mut(parent).children.to_mut()[..=at].rotate_right(1);
        }
    }

    /// Moves `id` one place up among its parent's variations.
    pub fn promote(&mut self, id: NodeId) {
        if let Some((parent, at @ 1..)) = self.rank(id) {
            self.node_mut(parent).children.to_mut().swap(at - 1, at);
        }
    }

    /// Moves `id` one place down among its parent's variations.
    pub fn demote(&mut self, id: NodeId) {
        if let Some((parent, at)) = self.rank(id) {
            let children = self.node_mut(parent).children.to_mut();
            if at + 1 < children.len() {
                children.swap(at, at + 1);
            }
        }
    }

    /// Takes `id` (with what follows it) out of its parent's variations. Its id stays valid
    /// and it keeps its subtree, with no parent.
    pub fn remove_variation(&mut self, id: NodeId) {
        if let Some((parent, at)) = self.rank(id) {
            self.node_mut(parent).children.to_mut().remove(at);
            self.node_mut(id).parent = None;
        }
    }

    /// Returns the number of moves from the root to `id` (0 for the root or a removed node).
    pub fn depth(&self, id: NodeId) -> usize {
        self.path(id).count()
    }

    /// Iterates from `id` up to the node below the root (or below the top of a removed
    /// subtree), the moves of the line to `id` in reverse order.
    fn path(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        core::iter::successors(Some(id), |&id| self.parent(id)).take_while(|&id| self.parent(id).is_some())
    }

    /// Whether the line from the root (or the top of a removed subtree) to `id` takes the main
    /// continuation at every node.
    pub fn root_path_is_mainline(&self, id: NodeId) -> bool {
        self.path(id).all(|id| self.parent(id).is_some_and(|parent| self.next(parent) == Some(id)))
    }

    /// Returns the moves from the root to `id`.
    pub fn moves_to(&self, id: NodeId) -> Vec<Move> {
        let mut moves: Vec<Move> = self.path(id).map(|id| self.node(id).mv).collect();
        moves.reverse();
        moves
    }

    /// Returns the position at `id`: the start with the moves leading there played (a null
    /// move is legal when not in check), or the first move that is not legal.
    pub fn position(&self, id: NodeId) -> Result<Position, IllegalMoveError> {
        let mut pos = self.start;
        for mv in self.moves_to(id) {
            if mv.is_null() {
                pos.play_null()?;
            } else {
                pos.play(mv)?;
            }
        }
        Ok(pos)
    }

    /// Iterates over the main line from `id`: its main continuation, that node's, and on.
    pub fn mainline(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        core::iter::successors(self.next(id), |&id| self.next(id))
    }

    /// Returns the last node of the main line from `id` (`id` itself at the end of a line).
    pub fn end(&self, id: NodeId) -> NodeId {
        self.mainline(id).last().unwrap_or(id)
    }

    /// Starts a walk in PGN order from `id` ([`Walk`]); with `sidelines`, the alternatives to
    /// `id` are walked after it, as in a game's main line.
    pub fn walk(&self, id: NodeId, sidelines: bool) -> Walk {
        Walk { stack: alloc::vec![Frame::new(id, sidelines)], entering: None }
    }
}

/// A [`Visitor`] that builds a [`GameTree`] of each game, as python-chess's `GameBuilder`
/// does: tags in the order of python-chess's `Headers` (the seven-tag roster first, with its
/// defaults, then the others as read, `FEN` and `SetUp` included), the `Result` tag set from
/// the movetext's result when it is missing or `*`, comments as written
/// ([`CommentText::AsWritten`]) and each where python-chess puts it: after a move, the move's; before the first move of a variation, that move's starting
/// comment; before any move, the root's. Comments after the same node are joined by a space.
/// Stray parentheses are passed over ([`Visitor::lenient_parentheses`]).
///
/// # Examples
///
/// ```
/// use chess_core::pgn::{NodeId, PgnReader, TreeBuilder, Variations};
///
/// let text = "[White \"Anna\"]\n\n{start} 1. e4 {main} ({alt} 1. d4 $1) e5 1-0";
/// let mut builder = TreeBuilder::new(Variations::Keep);
/// let tree = PgnReader::from_text(text).visit(&mut builder).unwrap()?;
/// assert_eq!(tree.tags[0], ("Event".into(), "?".into()));
/// assert!(tree.tags.contains(&("Result".into(), "1-0".into())));
/// assert_eq!(tree.node(NodeId::ROOT).comment, "start");
/// let [e4, d4] = tree.variations(NodeId::ROOT) else { panic!() };
/// assert_eq!((tree.node(*e4).comment.as_str(), tree.node(*d4).starting_comment.as_str()), ("main", "alt"));
/// assert_eq!(tree.node(*d4).nags, [1]);
/// # Ok::<(), chess_core::pgn::PgnError>(())
/// ```
#[derive(Debug, Clone)]
pub struct TreeBuilder {
    variations: Variations,
    tree: GameTree,
    /// The node each open line is at: the main line, then each variation entered.
    lines: Vec<NodeId>,
    starting_comment: String,
    /// Whether the innermost line has a move yet.
    in_variation: bool,
    result: Option<PgnResult>,
}

impl TreeBuilder {
    /// Makes a builder that keeps or skips variations.
    pub fn new(variations: Variations) -> TreeBuilder {
        TreeBuilder {
            variations,
            tree: GameTree::new(Position::new()),
            lines: alloc::vec![NodeId::ROOT],
            starting_comment: String::new(),
            in_variation: false,
            result: None,
        }
    }

    fn top(&self) -> NodeId {
        self.lines.last().copied().unwrap_or(NodeId::ROOT)
    }

    /// Returns the tree built so far: after [`PgnReader::visit`](super::PgnReader::visit)
    /// returned an error, the game up to it.
    pub fn finish(&mut self) -> GameTree {
        // The next game starts with room for as many nodes as this one.
        let mut next = GameTree::new(Position::new());
        next.nodes.reserve(self.tree.nodes.len());
        let mut tree = core::mem::replace(&mut self.tree, next);
        let read = core::mem::take(&mut tree.tags);
        let mut tags: Vec<(PgnText, PgnText)> = Vec::with_capacity(read.len() + SEVEN_TAG_ROSTER.len());
        for (name, default) in SEVEN_TAG_ROSTER {
            let value = read.iter().rev().find(|(n, _)| n == name).map_or(default, |(_, v)| v.as_str());
            tags.push((name.into(), value.into()));
        }
        for (name, value) in read {
            if SEVEN_TAG_ROSTER.iter().any(|(roster, _)| name == *roster) {
                continue;
            }
            match tags.iter_mut().find(|(n, _)| *n == name) {
                // The start position was set up from the first `FEN` tag: its value stays.
                Some(_) if name == "FEN" => {}
                Some((_, v)) => *v = value,
                None => tags.push((name, value)),
            }
        }
        if let Some(result) = self.result.take() {
            let (_, value) = &mut tags[SEVEN_TAG_ROSTER.len() - 1];
            if value == "*" {
                *value = result.as_str().into();
            }
        }
        tree.tags = tags;
        self.lines.clear();
        self.lines.push(NodeId::ROOT);
        self.starting_comment.clear();
        self.in_variation = false;
        tree
    }
}

impl Visitor for TreeBuilder {
    type Output = GameTree;

    fn begin_game(&mut self) -> ControlFlow<Break> {
        self.finish();
        ControlFlow::Continue(())
    }

    fn tag(&mut self, name: &str, value: &str) -> ControlFlow<Break> {
        self.tree.tags.push((name.into(), value.into()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<Break> {
        self.tree.start = *start;
        ControlFlow::Continue(())
    }

    fn play(&mut self, _: &Position, mv: Move) -> ControlFlow<Break> {
        let node = self.tree.add_variation(self.top(), mv);
        self.tree.node_mut(node).starting_comment = core::mem::take(&mut self.starting_comment);
        if let Some(top) = self.lines.last_mut() {
            *top = node;
        }
        self.in_variation = true;
        ControlFlow::Continue(())
    }

    /// The tree keeps the start position and the moves only.
    fn wants_keys(&self) -> bool {
        false
    }

    fn nag(&mut self, nag: u8) -> ControlFlow<Break> {
        let top = self.top();
        let nags = &mut self.tree.node_mut(top).nags;
        if let Err(at) = nags.binary_search(&nag) {
            nags.insert(at, nag);
        }
        ControlFlow::Continue(())
    }

    fn wants_comments(&self) -> bool {
        true
    }

    /// As python-chess reads them.
    fn comment_text(&self) -> CommentText {
        CommentText::AsWritten
    }

    fn comment(&mut self, text: &str) -> ControlFlow<Break> {
        let top = self.top();
        let at_start = top == NodeId::ROOT && self.tree.variations(top).is_empty();
        let target = if self.in_variation || at_start {
            &mut self.tree.node_mut(top).comment
        } else {
            &mut self.starting_comment
        };
        if !text.is_empty() {
            if !target.is_empty() {
                target.push(' ');
            }
            target.push_str(text);
        }
        ControlFlow::Continue(())
    }

    /// As python-chess passes over them.
    fn lenient_parentheses(&self) -> bool {
        true
    }

    fn begin_variation(&mut self) -> ControlFlow<Break, Variation> {
        if self.variations == Variations::Skip {
            return ControlFlow::Continue(Variation::Skip);
        }
        match self.tree.parent(self.top()) {
            Some(parent) => {
                self.lines.push(parent);
                self.in_variation = false;
                ControlFlow::Continue(Variation::Enter)
            }
            None => ControlFlow::Continue(Variation::Skip),
        }
    }

    fn end_variation(&mut self) -> ControlFlow<Break> {
        if self.lines.len() > 1 {
            self.lines.pop();
        }
        ControlFlow::Continue(())
    }

    fn result(&mut self, result: PgnResult) -> ControlFlow<Break> {
        self.result = Some(result);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> GameTree {
        self.finish()
    }
}

/// What a [`Walk`] comes to next, in PGN order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The node: its starting comment, move, NAGs and comment, played from the current
    /// position (which it does not change).
    Visit(NodeId),
    /// Play the node's move: the walk goes on with the line after it.
    Push(NodeId),
    /// Take back the move of the last [`Step::Push`].
    Pop,
    /// An alternative starts here, played from the current position: enter it (the default)
    /// or call [`Walk::skip_variation`].
    BeginVariation,
    /// The alternative (entered or skipped) ends.
    EndVariation,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Visit,
    Variations,
    Pop,
    Done,
}

#[derive(Debug, Clone)]
struct Frame {
    node: NodeId,
    state: State,
    /// The index of the next alternative to walk among the parent's variations, or `None`.
    next_sideline: Option<usize>,
    in_variation: bool,
}

impl Frame {
    fn new(node: NodeId, sidelines: bool) -> Frame {
        Frame { node, state: State::Visit, next_sideline: sidelines.then_some(1), in_variation: false }
    }
}

/// A walk over a [`GameTree`] in the order PGN writes it, made by [`GameTree::walk`]: each
/// move with its annotations, the alternatives to it in parentheses, then the line after it.
/// It keeps a stack of lines, not a recursion, so any depth of variations is walked.
///
/// # Examples
///
/// ```
/// use chess_core::pgn::{NodeId, PgnReader, Step, TreeBuilder, Variations};
///
/// let mut builder = TreeBuilder::new(Variations::Keep);
/// let tree = PgnReader::from_text("1. e4 (1. d4 d5) e5 *").visit(&mut builder).unwrap()?;
/// let e4 = tree.next(NodeId::ROOT).unwrap();
/// let mut walk = tree.walk(e4, true);
/// let mut steps = Vec::new();
/// while let Some(step) = walk.next(&tree) {
///     steps.push(match step {
///         Step::Visit(id) => tree.node(id).mv.to_uci_chess960().to_string(),
///         Step::Push(_) => "push".into(),
///         Step::Pop => "pop".into(),
///         Step::BeginVariation => "(".into(),
///         Step::EndVariation => ")".into(),
///     });
/// }
/// assert_eq!(steps, ["e2e4", "(", "d2d4", "push", "d7d5", "pop", ")", "push", "e7e5", "pop"]);
/// # Ok::<(), chess_core::pgn::PgnError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Walk {
    stack: Vec<Frame>,
    /// The alternative of the last [`Step::BeginVariation`], entered at the next step.
    entering: Option<NodeId>,
}

impl Walk {
    /// Returns the next step, or `None` at the end.
    pub fn next(&mut self, tree: &GameTree) -> Option<Step> {
        if let Some(node) = self.entering.take() {
            self.stack.push(Frame::new(node, false));
        }
        loop {
            let top = self.stack.last_mut()?;
            if top.in_variation {
                top.in_variation = false;
                return Some(Step::EndVariation);
            }
            match top.state {
                State::Visit => {
                    top.state = State::Variations;
                    return Some(Step::Visit(top.node));
                }
                State::Variations => {
                    let siblings = tree.parent(top.node).map_or(&[][..], |p| tree.variations(p));
                    if let Some(sideline) = top.next_sideline.and_then(|at| siblings.get(at)) {
                        top.next_sideline = top.next_sideline.map(|at| at + 1);
                        top.in_variation = true;
                        self.entering = Some(*sideline);
                        return Some(Step::BeginVariation);
                    }
                    match tree.next(top.node) {
                        Some(next) => {
                            let node = top.node;
                            top.state = State::Pop;
                            self.stack.push(Frame::new(next, true));
                            return Some(Step::Push(node));
                        }
                        None => top.state = State::Done,
                    }
                }
                State::Pop => {
                    top.state = State::Done;
                    return Some(Step::Pop);
                }
                State::Done => {
                    self.stack.pop();
                }
            }
        }
    }

    /// Passes over the alternative of the [`Step::BeginVariation`] just returned: the next
    /// step is its [`Step::EndVariation`].
    pub fn skip_variation(&mut self) {
        self.entering = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::PgnReader;
    use alloc::string::ToString;

    fn tree(text: &str) -> GameTree {
        PgnReader::from_text(text).visit(&mut TreeBuilder::new(Variations::Keep)).unwrap().unwrap()
    }

    fn uci(tree: &GameTree, ids: &[NodeId]) -> Vec<String> {
        ids.iter().map(|&id| tree.node(id).mv.to_uci_chess960().to_string()).collect()
    }

    #[test]
    fn reads_variations_comments_and_nags_into_nodes() {
        let t = tree("{start} 1. e4 $1 {good} (1. d4 $2 $1 {also} 1... d5 (1... Nf6)) (1. c4) 1... e5 *");
        assert_eq!(t.node(NodeId::ROOT).comment, "start");
        let root_moves = t.variations(NodeId::ROOT);
        assert_eq!(uci(&t, root_moves), ["e2e4", "d2d4", "c2c4"]);
        let (e4, d4) = (root_moves[0], root_moves[1]);
        assert_eq!((t.node(e4).comment.as_str(), &t.node(e4).nags[..]), ("good", &[1][..]));
        assert_eq!((t.node(d4).comment.as_str(), &t.node(d4).nags[..]), ("also", &[1, 2][..]));
        assert_eq!(uci(&t, t.variations(d4)), ["d7d5", "g8f6"]);
        assert_eq!(uci(&t, &t.mainline(NodeId::ROOT).collect::<Vec<_>>()), ["e2e4", "e7e5"]);
        assert_eq!(t.depth(t.end(NodeId::ROOT)), 2);
        assert_eq!(t.position(t.end(d4)).unwrap().fullmove_number(), 2);
    }

    #[test]
    fn a_second_fen_tag_leaves_the_first_which_set_up_the_start() {
        // Found by the fuzz target `pgn`: the tree kept the second value, and its written
        // text did not read back.
        let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        let t = tree(&alloc::format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n[FEN \"no fen\"]\n\n1. Kd2 *"));
        assert_eq!(t.start.to_fen(), fen);
        assert!(t.tags.contains(&("FEN".into(), fen.into())));
        assert!(!t.tags.iter().any(|(_, value)| value == "no fen"));
    }

    #[test]
    fn comments_are_read_as_written() {
        let t = tree("1. e4 {  two spaces\r\n  and a line } e5 { } ; dropped\n2. Nf3 {\nx\n} {y} *");
        let [e4] = t.variations(NodeId::ROOT) else { panic!() };
        assert_eq!(t.node(*e4).comment, " two spaces\n  and a line");
        let e5 = t.next(*e4).unwrap();
        assert_eq!(t.node(e5).comment, "");
        assert_eq!(t.node(t.next(e5).unwrap()).comment, "\nx\n y");
    }

    #[test]
    fn a_carriage_return_in_a_comment_is_a_line_break() {
        // Found by the fuzz target `pgn`: `\r\r\n` read as `\r\n` lost a `\r` at each writing
        // and reading. Python's text files read `\r` and `\r\n` as `\n`.
        for (text, comment) in [("1. e4 {a\rb\r\r\nc} *", "a\nb\n\nc"), ("1. e4 { a\rb } *", "a\nb")] {
            let t = tree(text);
            let [e4] = t.variations(NodeId::ROOT) else { panic!() };
            assert_eq!(t.node(*e4).comment, comment, "{text:?}");
        }
    }

    #[test]
    fn stray_parentheses_are_passed_over() {
        let t = tree("1. e4 (1. d4))) !? *");
        assert_eq!(uci(&t, t.variations(NodeId::ROOT)), ["e2e4", "d2d4"]);
        assert_eq!(t.node(t.variations(NodeId::ROOT)[0]).nags, [5]);
        let t = tree("((( 1. c4 *");
        assert_eq!(uci(&t, t.variations(NodeId::ROOT)), ["c2c4"]);
        assert!(PgnReader::from_text("1. e4 ) *").next().unwrap().is_err());
    }

    #[test]
    fn a_comment_alone_is_a_game() {
        // As python-chess reads it; the default visitors see no game in comments alone.
        let mut reader = PgnReader::from_text("{ Empty game, but has a comment }\n");
        let game = reader.visit(&mut TreeBuilder::new(Variations::Keep)).unwrap().unwrap();
        assert_eq!((game.node(NodeId::ROOT).comment.as_str(), game.len()), ("Empty game, but has a comment", 1));
        assert!(reader.visit(&mut TreeBuilder::new(Variations::Keep)).is_none());
        assert!(PgnReader::from_text("{ Empty game, but has a comment }\n").next().is_none());
    }

    #[test]
    fn starting_comments_belong_to_the_first_move_of_a_variation() {
        let t = tree("1. e4 ({why not} 1. d4) *");
        let d4 = t.variations(NodeId::ROOT)[1];
        assert_eq!(t.node(d4).starting_comment, "why not");
    }

    #[test]
    fn promotes_demotes_and_removes() {
        let mut t = tree("1. e4 (1. d4) (1. c4) (1. Nf3) *");
        let ids = t.variations(NodeId::ROOT).to_vec();
        t.promote(ids[2]);
        assert_eq!(t.variations(NodeId::ROOT), [ids[0], ids[2], ids[1], ids[3]]);
        t.demote(ids[0]);
        assert_eq!(t.variations(NodeId::ROOT), [ids[2], ids[0], ids[1], ids[3]]);
        t.promote_to_main(ids[3]);
        assert_eq!(t.variations(NodeId::ROOT), [ids[3], ids[2], ids[0], ids[1]]);
        t.demote(ids[1]);
        t.promote(ids[3]);
        assert_eq!(t.variations(NodeId::ROOT), [ids[3], ids[2], ids[0], ids[1]]);
        t.remove_variation(ids[2]);
        assert_eq!(t.variations(NodeId::ROOT), [ids[3], ids[0], ids[1]]);
        assert_eq!(t.parent(ids[2]), None);
        assert_eq!(t.depth(ids[2]), 0);
        let e5 = t.add_main_variation(ids[0], t.start.parse_uci("e7e5").map_or(Move::NULL, |m| m));
        assert_eq!(t.next(ids[0]), Some(e5));
    }

    #[test]
    fn position_reports_an_illegal_move() {
        let mut t = GameTree::new(Position::new());
        let e4 = t.add_variation(NodeId::ROOT, Position::new().parse_uci("e2e4").unwrap());
        let again = t.add_variation(e4, Position::new().parse_uci("e2e4").unwrap());
        assert!(t.position(e4).is_ok());
        assert!(t.position(again).is_err());
    }

    #[test]
    fn walks_deep_variations_without_recursion() {
        // Each level: a main move and an alternative, the next level under the alternative,
        // so the variations nest 50,000 deep (the walk does not check moves).
        let levels = 50_000;
        let mut t = GameTree::new(Position::new());
        let mut node = NodeId::ROOT;
        for _ in 0..levels {
            t.add_variation(node, Move::NULL);
            node = t.add_variation(node, Move::NULL);
        }
        let mut walk = t.walk(t.next(NodeId::ROOT).unwrap(), true);
        let (mut visits, mut begins, mut ends) = (0, 0, 0);
        while let Some(step) = walk.next(&t) {
            match step {
                Step::Visit(_) => visits += 1,
                Step::BeginVariation => begins += 1,
                Step::EndVariation => ends += 1,
                Step::Push(_) | Step::Pop => {}
            }
        }
        assert_eq!((visits, begins, ends), (2 * levels, levels, levels));
    }

    #[test]
    fn a_skipped_variation_still_ends() {
        let t = tree("1. e4 (1. d4 d5) e5 *");
        let mut walk = t.walk(t.next(NodeId::ROOT).unwrap(), true);
        assert!(matches!(walk.next(&t), Some(Step::Visit(_))));
        assert_eq!(walk.next(&t), Some(Step::BeginVariation));
        walk.skip_variation();
        assert_eq!(walk.next(&t), Some(Step::EndVariation));
        assert!(matches!(walk.next(&t), Some(Step::Push(_))));
    }
}
