//! PGN for Python (`chess_core.pgn`): chess-core's reader, game tree and exporter layout
//! behind python-chess's names. A game's nodes live in a native [`GameTree`]; the Python node
//! classes (`chess_core/pgn.py`) are views over it, made when a program asks for them.
//!
//! Files and handles are read in batches of games with the GIL released.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, PoisonError};

use chess_core::pgn::annotation::{self, Arrow, ArrowColor, Eval, EvalScore};
use chess_core::pgn::{
    Break, ExportOptions, Exporter, GameTree as CoreTree, NodeId, PgnError, PgnReader, PgnResult, PgnText,
    SEVEN_TAG_ROSTER, Step, TimeControl, TimeControlKind, TreeBuilder, Variations, Visitor, Walk,
};
use chess_core::{CastlingMode, Move as CoreMove, Position, Square};
use pyo3::exceptions::{PyIndexError, PyOSError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};

use crate::board::Board;
use crate::errors::IllegalMoveError;
use crate::game_text::{append_chunk, first_game_text, next_game_text};
use crate::moves::Move;

/// The Python moves of `moves` played from `start`, as python-chess writes them (castling as
/// the position's mode does; a null move is `Move.null()`).
pub(crate) fn py_moves(
    py: Python<'_>,
    start: &Position,
    moves: impl IntoIterator<Item = CoreMove>,
) -> PyResult<Vec<Py<Move>>> {
    let mut pos = *start;
    let mut out = Vec::new();
    for m in moves {
        if m.is_null() {
            pos.play_null().map_err(|e| PyValueError::new_err(format!("illegal null move: {}", e.reason)))?;
            out.push(Move::NULL.to_object(py)?);
        } else {
            out.push(Move::from_uci_move(pos.uci(m)).to_object(py)?);
            pos.play_unchecked(m);
        }
    }
    Ok(out)
}

/// A dict of tags with the seven-tag roster first (`?`, `????.??.??` and `*` for missing
/// ones), then the others in order, as python-chess's `Headers`.
fn headers_dict<'py>(py: Python<'py>, tags: &[(PgnText, PgnText)], result: PgnResult) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (name, default) in SEVEN_TAG_ROSTER {
        let default = if name == "Result" { result.as_str() } else { default };
        let value = tags.iter().find(|(n, _)| n == name).map_or(default, |(_, v)| v.as_str());
        dict.set_item(name, value)?;
    }
    for (name, value) in tags {
        if !dict.contains(name.as_str())? {
            dict.set_item(name.as_str(), value.as_str())?;
        }
    }
    Ok(dict)
}

/// A board at `start` (Chess960 when its castling is) after `moves`, with them on its stack.
pub(crate) fn make_board<'py>(
    py: Python<'py>,
    start: &Position,
    moves: impl IntoIterator<Item = CoreMove>,
) -> PyResult<Bound<'py, Board>> {
    let kwargs = PyDict::new(py);
    kwargs.set_item("chess960", start.castling_mode().is_chess960())?;
    let board = py.get_type::<Board>().call((start.to_fen(),), Some(&kwargs))?.cast_into::<Board>()?;
    {
        let mut inner = board.borrow_mut();
        for m in moves {
            if !m.is_null() && !inner.position().is_legal(m) {
                return Err(PyValueError::new_err(format!("illegal move in game: {}", inner.position().uci(m))));
            }
            inner.play(m);
        }
    }
    Ok(board)
}

/// The native half of `chess_core.pgn.Game`: chess-core's game tree (tags, start position,
/// nodes with moves, comments and NAGs), its nodes addressed by number (0 is the root). The
/// Python node classes are views over it, made when a program asks for them.
///
/// A tree read from a file keeps the game's text until it is first asked for anything but
/// its tags, and is built then: a program that only looks at headers never reads the moves.
#[pyclass(module = "chess_core.pgn", name = "GameTree")]
pub struct GameTree {
    tree: CoreTree,
    /// The errors met reading the game.
    errors: Vec<String>,
    /// The game's PGN text, while the tree is not built from it yet.
    unread: Option<String>,
    /// The position at the node last added to or asked for, so that a line built move by
    /// move costs no replay from the root.
    cursor: Option<(NodeId, Position)>,
}

impl GameTree {
    fn wrap(tree: CoreTree, errors: Vec<String>) -> GameTree {
        GameTree { tree, errors, unread: None, cursor: None }
    }

    /// A tree to be read from `text` (its first game) when first asked for.
    fn unread(text: String) -> GameTree {
        GameTree { unread: Some(text), ..GameTree::new() }
    }

    /// The tree, read from the game's text first if it is not yet.
    fn core(&mut self) -> &mut CoreTree {
        if let Some(text) = self.unread.take() {
            (self.tree, self.errors) = read_tree(&text);
        }
        &mut self.tree
    }

    fn id(&mut self, index: usize) -> PyResult<NodeId> {
        self.core().id(index).ok_or_else(|| PyIndexError::new_err(format!("no node {index} in this game")))
    }

    /// The position at `id`.
    fn position(&mut self, id: NodeId) -> PyResult<Position> {
        if let Some((at, pos)) = self.cursor
            && at == id
        {
            return Ok(pos);
        }
        let pos = self.core().position(id).map_err(|e| PyValueError::new_err(format!("illegal move in game: {e}")))?;
        self.cursor = Some((id, pos));
        Ok(pos)
    }

    fn py_move(&mut self, id: NodeId) -> Move {
        let tree = self.core();
        Move::from_uci_move(tree.node(id).mv.to_uci(tree.start.castling_mode()))
    }

    /// The tags of a tree not read yet, from its tag section alone (as python-chess's
    /// `HeadersBuilder` gets them; the roster's `Result` not taken from the movetext);
    /// `None` when the tree is read already.
    fn unread_tags<'py>(&self, py: Python<'py>) -> Option<PyTags<'py>> {
        let text = self.unread.as_deref()?;
        let mut tags = PyTags { py, roster: Vec::new(), others: Vec::new(), result_known: false };
        // After a malformed tag, the tags before it.
        let _ = PgnReader::from_text(text).visit(&mut tags);
        Some(tags)
    }
}

/// A game's tags as Python `(name, value)` pairs, those of the seven-tag roster apart from
/// the others, each in the order read.
struct PyTags<'py> {
    py: Python<'py>,
    roster: Vec<Bound<'py, PyTuple>>,
    others: Vec<Bound<'py, PyTuple>>,
    /// Whether the last `Result` tag read holds a result (not `*`).
    result_known: bool,
}

impl Visitor for PyTags<'_> {
    type Output = ();

    fn tag(&mut self, name: &str, value: &str) -> ControlFlow<Break> {
        let pair = PyTuple::new(self.py, [PyString::new(self.py, name), PyString::new(self.py, value)]);
        if let Ok(pair) = pair {
            if SEVEN_TAG_ROSTER.iter().any(|(roster, _)| *roster == name) {
                if name == "Result" {
                    self.result_known = value != "*";
                }
                self.roster.push(pair);
            } else {
                self.others.push(pair);
            }
        }
        ControlFlow::Continue(())
    }

    fn end_tags(&mut self) -> ControlFlow<Break> {
        ControlFlow::Break(Break::SkipGame)
    }

    fn end_game(&mut self) {}
}

#[pymethods]
impl GameTree {
    /// A tree of the root alone at the standard position, with no tags.
    #[new]
    fn new() -> GameTree {
        GameTree::wrap(CoreTree::new(Position::new()), Vec::new())
    }

    /// The errors met reading the game.
    fn errors(&mut self) -> Vec<String> {
        self.core();
        self.errors.clone()
    }

    /// Sets the start position to `board`'s (it must be a legal position).
    fn set_start(&mut self, board: PyRef<'_, Board>) -> PyResult<()> {
        self.core().start = board.legal_position()?;
        self.cursor = None;
        Ok(())
    }

    /// A board at the start position.
    fn start_board<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, Board>> {
        make_board(py, &self.core().start, [])
    }

    /// The tags as `(name, value)` pairs, those of the seven-tag roster apart from the
    /// others, each in the order read (python-chess's `Headers` keeps the last value of a
    /// name, where it first came). `Result` comes from the movetext when its tag is missing or
    /// `*` (python-chess's `GameBuilder`), or with `tags_only` from the tags alone (its
    /// `HeadersBuilder`). A tree not read yet is read only when the movetext's result is
    /// needed.
    #[pyo3(signature = (*, tags_only = false))]
    #[allow(clippy::type_complexity)]
    fn headers<'py>(
        &mut self,
        py: Python<'py>,
        tags_only: bool,
    ) -> (Vec<Bound<'py, PyTuple>>, Vec<Bound<'py, PyTuple>>) {
        if let Some(tags) = self.unread_tags(py)
            && (tags_only || tags.result_known)
        {
            return (tags.roster, tags.others);
        }
        let mut tags = PyTags { py, roster: Vec::new(), others: Vec::new(), result_known: false };
        for (name, value) in &self.core().tags {
            let _ = tags.tag(name, value);
        }
        (tags.roster, tags.others)
    }

    fn set_tags(&mut self, tags: Vec<(String, String)>) {
        self.core().tags = tags.into_iter().map(|(n, v)| (n.into(), v.into())).collect();
    }

    /// The number of nodes ever added (removed ones included).
    fn __len__(&mut self) -> usize {
        self.core().len()
    }

    fn parent(&mut self, id: usize) -> PyResult<Option<usize>> {
        let id = self.id(id)?;
        Ok(self.tree.parent(id).map(NodeId::index))
    }

    fn variations(&mut self, id: usize) -> PyResult<Vec<usize>> {
        let id = self.id(id)?;
        Ok(self.tree.variations(id).iter().map(|c| c.index()).collect())
    }

    /// The view of each move from `id` (the main one first): the one `views` (a dict by node
    /// number) holds, or else a new `view_class` object (with `_game` and `_id` set) that it
    /// then holds.
    fn child_views<'py>(
        &mut self,
        id: usize,
        game: &Bound<'py, PyAny>,
        views: &Bound<'py, PyDict>,
        view_class: &Bound<'py, PyType>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let py = game.py();
        let id = self.id(id)?;
        let view = |child: &NodeId| {
            let number = child.index();
            if let Some(view) = views.get_item(number)? {
                return Ok(view);
            }
            let view = view_class.call_method1(intern!(py, "__new__"), (view_class,))?;
            view.setattr(intern!(py, "_game"), game)?;
            view.setattr(intern!(py, "_id"), number)?;
            views.set_item(number, &view)?;
            Ok(view)
        };
        self.tree.variations(id).iter().map(view).collect()
    }

    #[pyo3(name = "move")]
    fn node_move(&mut self, py: Python<'_>, id: usize) -> PyResult<Option<Py<Move>>> {
        let id = self.id(id)?;
        if id == NodeId::ROOT {
            return Ok(None);
        }
        self.py_move(id).to_object(py).map(Some)
    }

    fn comment(&mut self, id: usize) -> PyResult<&str> {
        let id = self.id(id)?;
        Ok(&self.tree.node(id).comment)
    }

    fn set_comment(&mut self, id: usize, text: String) -> PyResult<()> {
        let id = self.id(id)?;
        self.tree.node_mut(id).comment = text;
        Ok(())
    }

    fn starting_comment(&mut self, id: usize) -> PyResult<&str> {
        let id = self.id(id)?;
        Ok(&self.tree.node(id).starting_comment)
    }

    fn set_starting_comment(&mut self, id: usize, text: String) -> PyResult<()> {
        let id = self.id(id)?;
        self.tree.node_mut(id).starting_comment = text;
        Ok(())
    }

    fn nags(&mut self, id: usize) -> PyResult<Vec<u16>> {
        let id = self.id(id)?;
        Ok(self.tree.node(id).nags.iter().map(|&nag| u16::from(nag)).collect())
    }

    /// Sets the NAGs (each 0 to 255), kept in increasing order, each once.
    fn set_nags(&mut self, id: usize, mut nags: Vec<u8>) -> PyResult<()> {
        let id = self.id(id)?;
        nags.sort_unstable();
        nags.dedup();
        self.tree.node_mut(id).nags = nags;
        Ok(())
    }

    /// Adds `move` (legal at `id`) as the last variation of `id`; returns the new node.
    fn add_variation(&mut self, id: usize, r#move: Move) -> PyResult<usize> {
        let id = self.id(id)?;
        let mut pos = self.position(id)?;
        let mv = if r#move.is_null() {
            pos.play_null().map_err(|e| IllegalMoveError::new_err(format!("illegal null move: {}", e.reason)))?;
            CoreMove::NULL
        } else {
            let mv = r#move.resolve(&pos).map_err(IllegalMoveError::new_err)?;
            pos.play_unchecked(mv);
            mv
        };
        let child = self.tree.add_variation(id, mv);
        self.cursor = Some((child, pos));
        Ok(child.index())
    }

    fn promote_to_main(&mut self, id: usize) -> PyResult<()> {
        let id = self.id(id)?;
        self.tree.promote_to_main(id);
        Ok(())
    }

    fn promote(&mut self, id: usize) -> PyResult<()> {
        let id = self.id(id)?;
        self.tree.promote(id);
        Ok(())
    }

    fn demote(&mut self, id: usize) -> PyResult<()> {
        let id = self.id(id)?;
        self.tree.demote(id);
        Ok(())
    }

    fn remove_variation(&mut self, id: usize) -> PyResult<()> {
        let id = self.id(id)?;
        self.tree.remove_variation(id);
        self.cursor = None;
        Ok(())
    }

    /// A board at `id`, with the moves from the root on its stack.
    fn board<'py>(&mut self, py: Python<'py>, id: usize) -> PyResult<Bound<'py, Board>> {
        let id = self.id(id)?;
        self.position(id)?;
        make_board(py, &self.tree.start, self.tree.moves_to(id))
    }

    /// The ply of the position at `id`, as `Board.ply()` counts it.
    fn ply(&mut self, id: usize) -> PyResult<usize> {
        let id = self.id(id)?;
        Ok(self.tree.start.to_setup().ply() as usize + self.tree.depth(id))
    }

    /// The move of `id` in SAN, from its parent's position.
    fn san(&mut self, id: usize) -> PyResult<String> {
        let id = self.id(id)?;
        let parent = self.tree.parent(id).ok_or_else(|| PyValueError::new_err("the root has no move"))?;
        let mv = self.tree.node(id).mv;
        Ok(if mv.is_null() { "--".to_string() } else { self.position(parent)?.san(mv).to_string() })
    }

    /// The move of `id` in UCI (castling as the king's move, or king takes rook with `chess960`).
    #[pyo3(signature = (id, chess960 = None))]
    fn uci(&mut self, id: usize, chess960: Option<bool>) -> PyResult<String> {
        let id = self.id(id)?;
        let mv = self.tree.node(id).mv;
        let chess960 = chess960.unwrap_or(self.tree.start.castling_mode().is_chess960());
        let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        Ok(mv.to_uci(mode).to_string())
    }

    /// The top of `id`'s tree: the root, or the top of a removed subtree.
    fn root_of(&mut self, id: usize) -> PyResult<usize> {
        let mut id = self.id(id)?;
        while let Some(parent) = self.tree.parent(id) {
            id = parent;
        }
        Ok(id.index())
    }

    /// The last node of the main line from `id`.
    fn end(&mut self, id: usize) -> PyResult<usize> {
        let id = self.id(id)?;
        Ok(self.tree.end(id).index())
    }

    /// Whether `id` is on the main line from the root.
    fn is_mainline(&mut self, id: usize) -> PyResult<bool> {
        let id = self.id(id)?;
        Ok(self.tree.root_path_is_mainline(id))
    }

    /// The nodes of the main line after `id`.
    fn mainline(&mut self, id: usize) -> PyResult<Vec<usize>> {
        let id = self.id(id)?;
        Ok(self.tree.mainline(id).map(NodeId::index).collect())
    }

    /// The moves of the main line after `id`.
    fn mainline_moves(&mut self, py: Python<'_>, id: usize) -> PyResult<Vec<Py<Move>>> {
        let id = self.id(id)?;
        let mode = self.tree.start.castling_mode();
        self.tree.mainline(id).map(|c| Move::from_uci_move(self.tree.node(c).mv.to_uci(mode)).to_object(py)).collect()
    }

    /// The comment of each main-line move from the root (`None` where there is none).
    fn mainline_comments(&mut self) -> Vec<Option<&str>> {
        let tree = &*self.core();
        let comment = |id| Some(tree.node(id).comment.as_str()).filter(|c| !c.is_empty());
        tree.mainline(NodeId::ROOT).map(comment).collect()
    }

    /// The NAGs of each main-line move from the root.
    fn mainline_nags(&mut self) -> Vec<Vec<u16>> {
        let tree = &*self.core();
        let nags = |id| tree.node(id).nags.iter().map(|&nag| u16::from(nag)).collect();
        tree.mainline(NodeId::ROOT).map(nags).collect()
    }

    /// The number of alternatives to each main-line move from the root.
    fn variation_counts(&mut self) -> Vec<usize> {
        let tree = &*self.core();
        let parents = core::iter::once(NodeId::ROOT).chain(tree.mainline(NodeId::ROOT));
        parents.map(|p| tree.variations(p).len()).filter(|&n| n > 0).map(|n| n - 1).collect()
    }

    /// The FEN of the start and of the position after each main-line move.
    fn fens(&mut self) -> PyResult<Vec<String>> {
        let tree = &*self.core();
        let mut pos = tree.start;
        let mut fens = vec![pos.to_fen()];
        for id in tree.mainline(NodeId::ROOT) {
            let mv = tree.node(id).mv;
            let played = if mv.is_null() { pos.play_null() } else { pos.play(mv) };
            played.map_err(|e| PyValueError::new_err(format!("illegal move in game: {e}")))?;
            fens.push(pos.to_fen());
        }
        Ok(fens)
    }

    /// The game in python-chess's PGN layout, as its `StringExporter` writes it.
    #[pyo3(signature = (*, columns, headers, comments, variations))]
    fn export(&mut self, columns: Option<usize>, headers: bool, comments: bool, variations: bool) -> PyResult<String> {
        let mut out = Exporter::new(ExportOptions { columns, headers, comments, variations });
        self.core().export(&mut out).map_err(|e| PyValueError::new_err(format!("illegal move in game: {e}")))?;
        Ok(out.text())
    }

    /// A walk in PGN order from `id` (`GameNode.accept`).
    fn walk(slf: Bound<'_, Self>, id: usize, sidelines: bool) -> PyResult<TreeWalk> {
        let walk = {
            let mut this = slf.borrow_mut();
            let id = this.id(id)?;
            this.tree.walk(id, sidelines)
        };
        Ok(TreeWalk { tree: slf.unbind(), walk })
    }

    /// The tree as plain data, for pickle and copy: start FEN, Chess960, tags, the root's
    /// comment, and per node
    /// reachable from the root (renumbered in walk order, the root 0) its parent, UCI move,
    /// comment, starting comment and NAGs. Nodes removed from the tree are left out.
    #[allow(clippy::type_complexity)]
    fn __getstate__(&mut self) -> (String, bool, Vec<(&str, &str)>, &str, Vec<PickledNode<'_>>) {
        let tree = &*self.core();
        let mut number = vec![usize::MAX; tree.len()];
        number[0] = 0;
        let mut nodes = Vec::new();
        let mut stack = vec![NodeId::ROOT];
        while let Some(parent) = stack.pop() {
            for &id in tree.variations(parent) {
                number[id.index()] = nodes.len() + 1;
                let node = tree.node(id);
                let uci = node.mv.to_uci_chess960().to_string();
                nodes.push((
                    number[parent.index()],
                    uci,
                    node.comment.as_str(),
                    node.starting_comment.as_str(),
                    node.nags.clone(),
                ));
                stack.push(id);
            }
        }
        let start = &tree.start;
        let comment = tree.node(NodeId::ROOT).comment.as_str();
        let tags = tree.tags.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
        (start.to_fen(), start.castling_mode().is_chess960(), tags, comment, nodes)
    }

    #[allow(clippy::type_complexity)]
    fn __setstate__(
        &mut self,
        state: (String, bool, Vec<(String, String)>, String, Vec<(usize, String, String, String, Vec<u8>)>),
    ) -> PyResult<()> {
        let (fen, chess960, tags, root_comment, nodes) = state;
        let bad = |what: &str| PyValueError::new_err(format!("bad pickled game: {what}"));
        let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
        let start = Position::from_fen_with(&fen, mode).map_err(|e| bad(&e.to_string()))?;
        let mut tree = CoreTree::new(start);
        tree.tags = tags.into_iter().map(|(n, v)| (n.into(), v.into())).collect();
        tree.node_mut(NodeId::ROOT).comment = root_comment;
        for (parent, uci, comment, starting, nags) in nodes {
            let parent = tree.id(parent).ok_or_else(|| bad("a node before its parent"))?;
            let pos = tree.position(parent).map_err(|e| bad(&e.to_string()))?;
            let mv =
                if uci == "0000" { CoreMove::NULL } else { pos.parse_uci(&uci).map_err(|e| bad(&e.to_string()))? };
            let id = tree.add_variation(parent, mv);
            let node = tree.node_mut(id);
            (node.comment, node.starting_comment, node.nags) = (comment, starting, nags);
        }
        *self = GameTree::wrap(tree, Vec::new());
        Ok(())
    }
}

/// A node as pickled: parent, UCI move, comment, starting comment, NAGs.
type PickledNode<'a> = (usize, String, &'a str, &'a str, Vec<u8>);

/// A walk over a [`GameTree`] in PGN order: each step as `(kind, node)`, kind 0 a node to
/// visit, 1 a move to play (the line after it follows), 2 the move to take back, 3 a variation
/// to begin (`skip_variation()` passes over it), 4 its end.
#[pyclass(module = "chess_core.pgn", name = "TreeWalk")]
pub struct TreeWalk {
    tree: Py<GameTree>,
    walk: Walk,
}

#[pymethods]
impl TreeWalk {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> Option<(u8, usize)> {
        let tree = self.tree.borrow(py);
        Some(match self.walk.next(&tree.tree)? {
            Step::Visit(id) => (0, id.index()),
            Step::Push(id) => (1, id.index()),
            Step::Pop => (2, 0),
            Step::BeginVariation => (3, 0),
            Step::EndVariation => (4, 0),
        })
    }

    fn skip_variation(&mut self) {
        self.walk.skip_variation();
    }
}

/// python-chess's exporters' layout, a token at a time (`StringExporter`, `FileExporter`).
#[pyclass(module = "chess_core.pgn", name = "PgnLayout")]
pub struct PgnLayout {
    out: Exporter,
}

#[pymethods]
impl PgnLayout {
    #[new]
    #[pyo3(signature = (*, columns, headers, comments, variations))]
    fn new(columns: Option<usize>, headers: bool, comments: bool, variations: bool) -> PgnLayout {
        PgnLayout { out: Exporter::new(ExportOptions { columns, headers, comments, variations }) }
    }

    fn begin_headers(&mut self) {
        self.out.begin_headers();
    }

    fn header(&mut self, name: &str, value: &str) {
        self.out.header(name, value);
    }

    fn end_headers(&mut self) {
        self.out.end_headers();
    }

    fn begin_variation(&mut self) -> bool {
        self.out.begin_variation()
    }

    fn end_variation(&mut self) {
        self.out.end_variation();
    }

    fn comment(&mut self, text: &str) {
        self.out.comment(text);
    }

    fn nag(&mut self, nag: u8) {
        self.out.nag(nag);
    }

    /// Writes `move` played on `board` (its move number when needed, then SAN).
    fn play(&mut self, board: PyRef<'_, Board>, r#move: Move) -> PyResult<()> {
        let pos = board.legal_position()?;
        let mv =
            if r#move.is_null() { CoreMove::NULL } else { r#move.resolve(&pos).map_err(IllegalMoveError::new_err)? };
        self.out.play(&pos, mv);
        Ok(())
    }

    fn result(&mut self, result: &str) {
        self.out.result(result);
    }

    fn end_game(&mut self) {
        self.out.end_game();
    }

    fn text(&self) -> String {
        self.out.text()
    }

    fn take_finished(&mut self) -> String {
        self.out.take_finished()
    }
}

/// The tree of the first game of a PGN text and the errors met reading it (the tree as far
/// as it was read, on an error); an empty game when the text has none.
fn read_tree(text: &str) -> (CoreTree, Vec<String>) {
    let mut builder = TreeBuilder::new(Variations::Keep);
    match PgnReader::from_text(text).visit(&mut builder) {
        Some(Ok(tree)) => (tree, Vec::new()),
        Some(Err(error)) => (builder.finish(), vec![error.to_string()]),
        None => (builder.finish(), Vec::new()),
    }
}

/// The next game of a file object, or the first game of a PGN text (`str`), as python-chess's
/// `read_game` takes it (the file left just after it); `None` when there is none. Its moves
/// are read when the tree is first asked for anything but its tags.
#[pyfunction]
pub fn read_game_tree(handle: &Bound<'_, PyAny>) -> PyResult<Option<GameTree>> {
    let text = match handle.cast::<PyString>() {
        Ok(text) => first_game_text(&text.to_cow()?),
        Err(_) => next_game_text(handle)?,
    };
    Ok((!text.is_empty()).then(|| GameTree::unread(text)))
}

/// The exception a Python file object raised, kept to be raised again in place of the
/// reader's I/O error.
type Failure = Arc<Mutex<Option<PyErr>>>;

/// A Python file object read as bytes: its `read()` may give `str` (encoded as UTF-8), `bytes`
/// or any other bytes-like object.
struct Handle {
    handle: Py<PyAny>,
    data: Vec<u8>,
    at: usize,
    failure: Failure,
}

impl Read for Handle {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.data.len() {
            self.at = 0;
            self.data.clear();
            Python::attach(|py| -> PyResult<()> {
                let chunk = self.handle.call_method1(py, "read", (1 << 16,))?;
                append_chunk(chunk.bind(py), &mut self.data)
            })
            .map_err(|error| {
                let message = error.to_string();
                *self.failure.lock().unwrap_or_else(PoisonError::into_inner) = Some(error);
                std::io::Error::other(message)
            })?;
        }
        let n = buf.len().min(self.data.len() - self.at);
        buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// What the reader hands out: a game (with its errors) or a game's tags.
enum Item {
    /// A game's tree and the errors met reading it, or the source's failure.
    Game(Result<(CoreTree, Vec<String>), PgnError>),
    Headers(Vec<(PgnText, PgnText)>),
}

/// How many games are read per release of the GIL.
const BATCH: usize = 256;

/// An iterator over the games of a file or handle (`chess_core.pgn.read_games`), reading
/// batches of games with the GIL released.
#[pyclass(module = "chess_core.pgn", name = "GameReader")]
pub struct GameReader {
    reader: PgnReader<Box<dyn BufRead + Send + Sync>>,
    builder: TreeBuilder,
    headers_only: bool,
    ready: VecDeque<Item>,
    done: bool,
    failure: Failure,
}

impl GameReader {
    fn new(
        source: Box<dyn BufRead + Send + Sync>,
        headers_only: bool,
        variations: bool,
        failure: Failure,
    ) -> GameReader {
        let variations = if variations { Variations::Keep } else { Variations::Skip };
        GameReader {
            reader: PgnReader::new(source).variations(variations),
            builder: TreeBuilder::new(variations),
            headers_only,
            ready: VecDeque::new(),
            done: false,
            failure,
        }
    }

    /// Reads up to [`BATCH`] games (or games' tags) into `ready`.
    fn fill(&mut self) {
        for _ in 0..BATCH {
            let item = if self.headers_only {
                match self.reader.read_headers() {
                    Some(Ok(headers)) => Item::Headers(headers.tags),
                    Some(Err(error)) if !error.kind.is_io() => match error.partial {
                        Some(partial) => Item::Headers(partial.tags),
                        None => continue,
                    },
                    Some(Err(error)) => Item::Game(Err(error)),
                    None => {
                        self.done = true;
                        return;
                    }
                }
            } else {
                match self.reader.visit(&mut self.builder) {
                    Some(Ok(tree)) => Item::Game(Ok((tree, Vec::new()))),
                    Some(Err(error)) if error.kind.is_io() => Item::Game(Err(error)),
                    Some(Err(error)) => Item::Game(Ok((self.builder.finish(), vec![error.to_string()]))),
                    None => {
                        self.done = true;
                        return;
                    }
                }
            };
            let failed = matches!(&item, Item::Game(Err(error)) if error.kind.is_io());
            self.ready.push_back(item);
            if failed {
                return; // the source failed: no more games from it
            }
        }
    }
}

#[pymethods]
impl GameReader {
    /// Opens a PGN file by path.
    #[staticmethod]
    #[pyo3(signature = (path, *, headers_only = false, variations = true))]
    fn open(path: std::path::PathBuf, headers_only: bool, variations: bool) -> PyResult<GameReader> {
        let file = File::open(&path).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))?;
        let source = Box::new(BufReader::with_capacity(1 << 16, file));
        Ok(GameReader::new(source, headers_only, variations, Failure::default()))
    }

    /// Reads a file object opened in text or binary mode, 64 KiB at a time.
    #[staticmethod]
    #[pyo3(signature = (handle, *, headers_only = false, variations = true))]
    fn from_handle(handle: Py<PyAny>, headers_only: bool, variations: bool) -> GameReader {
        let failure = Failure::default();
        let source = Handle { handle, data: Vec::new(), at: 0, failure: Arc::clone(&failure) };
        GameReader::new(Box::new(BufReader::with_capacity(1 << 16, source)), headers_only, variations, failure)
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next game (a `Game`, or with `headers_only` a dict of its tags).
    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        if self.ready.is_empty() && !self.done {
            py.detach(|| self.fill());
        }
        match self.ready.pop_front() {
            None => Ok(None),
            Some(Item::Headers(tags)) => Ok(Some(headers_dict(py, &tags, PgnResult::Unknown)?.into_any().unbind())),
            Some(Item::Game(Err(error))) if error.kind.is_io() => {
                // A failing source ends the reading, with the file object's own exception.
                self.done = true;
                self.ready.clear();
                let raised = self.failure.lock().unwrap_or_else(PoisonError::into_inner).take();
                Err(raised.unwrap_or_else(|| PyOSError::new_err(error.to_string())))
            }
            Some(Item::Game(Err(error))) => Err(PyOSError::new_err(error.to_string())),
            Some(Item::Game(Ok((tree, errors)))) => Ok(Some(Py::new(py, GameTree::wrap(tree, errors))?.into_any())),
        }
    }
}

/// The first `[%clk]` of a comment, in seconds.
#[pyfunction]
pub fn comment_clock(comment: &str) -> Option<f64> {
    annotation::clock(comment)
}

/// The comment with its first `[%clk]` set to `seconds` (added when it has none), or removed
/// for `None`.
#[pyfunction]
pub fn comment_with_clock(comment: &str, seconds: Option<f64>) -> PyResult<String> {
    match seconds {
        Some(seconds) => annotation::set_clock(comment, seconds).map_err(|e| PyValueError::new_err(e.to_string())),
        None => Ok(annotation::remove_clock(comment)),
    }
}

/// The first `[%emt]` of a comment, in seconds.
#[pyfunction]
pub fn comment_emt(comment: &str) -> Option<f64> {
    annotation::emt(comment)
}

/// The comment with its first `[%emt]` set to `seconds`, or removed for `None`.
#[pyfunction]
pub fn comment_with_emt(comment: &str, seconds: Option<f64>) -> PyResult<String> {
    match seconds {
        Some(seconds) => annotation::set_emt(comment, seconds).map_err(|e| PyValueError::new_err(e.to_string())),
        None => Ok(annotation::remove_emt(comment)),
    }
}

/// The first `[%eval]` of a comment: whether it is a mate, the centipawns or moves to mate
/// (White's point of view, as written), and the depth.
#[pyfunction]
pub fn comment_eval(comment: &str) -> Option<(bool, i64, Option<u32>)> {
    annotation::eval(comment).map(|eval| match eval.score {
        EvalScore::Centipawns(cp) => (false, cp, eval.depth),
        EvalScore::Mate(moves) => (true, moves, eval.depth),
    })
}

/// The comment with its first `[%eval]` set (White's point of view), or removed for `None`.
#[pyfunction]
#[pyo3(signature = (comment, score, depth = None))]
pub fn comment_with_eval(comment: &str, score: Option<(bool, i64)>, depth: Option<u32>) -> String {
    match score {
        Some((mate, value)) => {
            let score = if mate { EvalScore::Mate(value) } else { EvalScore::Centipawns(value) };
            annotation::set_eval(comment, Eval { score, depth })
        }
        None => annotation::remove_eval(comment),
    }
}

/// The `[%csl]` and `[%cal]` marks of a comment, in order: tail, head and colour name.
#[pyfunction]
pub fn comment_arrows(comment: &str) -> Vec<(u8, u8, &'static str)> {
    let arrows = annotation::arrows(comment);
    arrows.iter().map(|a| (a.tail.index() as u8, a.head.index() as u8, a.color.name())).collect()
}

/// The comment with its `[%csl]` and `[%cal]` marks replaced by `arrows` (tail, head, colour
/// name: red, yellow, blue, anything else green).
#[pyfunction]
pub fn comment_with_arrows(comment: &str, arrows: Vec<(u8, u8, String)>) -> PyResult<String> {
    let square = |index: u8| {
        Square::ALL.get(usize::from(index)).copied().ok_or_else(|| PyValueError::new_err(format!("no square {index}")))
    };
    let arrows = arrows
        .into_iter()
        .map(|(tail, head, color)| {
            let color = ["red", "yellow", "blue"]
                .iter()
                .position(|&name| name == color)
                .map_or(ArrowColor::Green, |i| [ArrowColor::Red, ArrowColor::Yellow, ArrowColor::Blue][i]);
            Ok(Arrow { tail: square(tail)?, head: square(head)?, color })
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(annotation::set_arrows(comment, &arrows))
}

/// A period of a time control: moves, seconds, increment, delay.
type TimeControlPeriod = (i64, i64, f64, f64);

/// A `TimeControl` tag read as python-chess reads it: the kind (0 unknown, 1 unlimited,
/// 2 standard, 3 rapid, 4 blitz, 5 bullet) and the periods (moves, time, increment, delay).
#[pyfunction]
pub fn parse_time_control(text: &str) -> PyResult<(u8, Vec<TimeControlPeriod>)> {
    let control = TimeControl::parse(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let kind = match control.kind {
        TimeControlKind::Unknown => 0,
        TimeControlKind::Unlimited => 1,
        TimeControlKind::Standard => 2,
        TimeControlKind::Rapid => 3,
        TimeControlKind::Blitz => 4,
        TimeControlKind::Bullet => 5,
    };
    Ok((kind, control.parts.iter().map(|p| (p.moves, p.time, p.increment, p.delay)).collect()))
}

/// Adds the PGN classes and functions to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GameTree>()?;
    m.add_class::<TreeWalk>()?;
    m.add_class::<PgnLayout>()?;
    m.add_class::<GameReader>()?;
    m.add_function(wrap_pyfunction!(read_game_tree, m)?)?;
    for function in [
        wrap_pyfunction!(comment_clock, m)?,
        wrap_pyfunction!(comment_with_clock, m)?,
        wrap_pyfunction!(comment_emt, m)?,
        wrap_pyfunction!(comment_with_emt, m)?,
        wrap_pyfunction!(comment_eval, m)?,
        wrap_pyfunction!(comment_with_eval, m)?,
        wrap_pyfunction!(comment_arrows, m)?,
        wrap_pyfunction!(comment_with_arrows, m)?,
        wrap_pyfunction!(parse_time_control, m)?,
    ] {
        m.add_function(function)?;
    }
    Ok(())
}
