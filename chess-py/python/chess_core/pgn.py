"""PGN with python-chess's ``chess.pgn`` API over a native game tree.

::

    import chess_core.pgn

    with open("games.pgn") as handle:
        while (game := chess_core.pgn.read_game(handle)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)

    for game in chess_core.pgn.read_games("games.pgn"):       # batches, GIL released
        print(game.headers["White"], game.errors)

A game's moves, comments and NAGs live in chess-core's game tree (``GameTree``); ``Game``,
``ChildNode`` and ``GameNode`` are python-chess's classes as views over it, each node's Python
object made the first time a program reaches it (and the same object after that). Nodes can be
subclassed, edited (``add_variation``, ``promote``, ``comment``...) and walked with visitors;
``StringExporter`` and ``FileExporter`` write python-chess's layout (chess-core's ``Exporter``).
Moves added to a tree must be legal where they are played (python-chess accepts any move).
Never unpickle a game from data you do not trust (unpickling runs code the data names).
"""

from __future__ import annotations

import abc
import dataclasses
import enum
import os
import re
from collections.abc import MutableSet
from typing import (
    IO,
    Any,
    Callable,
    Dict,
    Generic,
    Iterable,
    Iterator,
    List,
    Mapping,
    MutableMapping,
    Optional,
    Tuple,
    Type,
    TypeVar,
    Union,
)

from . import Board, Move, STARTING_FEN
from ._chess_core import (
    Cp,
    GameReader,
    GameTree,
    Mate,
    PgnLayout,
    PovScore,
    comment_arrows,
    comment_clock,
    comment_emt,
    comment_eval,
    comment_with_arrows,
    comment_with_clock,
    comment_with_emt,
    comment_with_eval,
    parse_time_control as _parse_time_control,
    read_game_tree,
)
from .svg import Arrow

NAG_NULL = 0
NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19
NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
_ROSTER_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?", "Black": "?", "Result": "*"}
_NAME = r"[A-Za-z0-9][A-Za-z0-9_+#=:-]*"
_TAG_NAME = re.compile(rf"^{_NAME}\Z")
_TAG_NAMES = re.compile(rf"{_NAME}(?:\n{_NAME})*")  # names, one per line
_CHESS960 = ["chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"]
_WILD = ["wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7", "wild/8", "wild/8a"]

# The steps of a native walk (GameTree.walk).
_VISIT, _PUSH, _POP, _BEGIN, _END = range(5)


class SkipType(enum.Enum):
    SKIP = None


SKIP = SkipType.SKIP


class TimeControlType(enum.Enum):
    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


@dataclasses.dataclass
class TimeControlPart:
    """A period of a time control: ``moves`` (0: the rest of the game) in ``time`` seconds,
    with an ``increment`` or ``delay`` per move."""

    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """A game's time control, as its ``TimeControl`` tag gives it."""

    parts: List[TimeControlPart] = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


def parse_time_control(time_control: str) -> TimeControl:
    """Reads a ``TimeControl`` tag (``40/5400+30:1800+30``, ``300+3``, ``-``, ``?``);
    ``ValueError`` on a malformed one."""
    kind, parts = _parse_time_control(time_control)
    return TimeControl(
        [TimeControlPart(moves, time, _int_if_whole(increment), _int_if_whole(delay)) for moves, time, increment, delay in parts],
        TimeControlType(kind),
    )


def _int_if_whole(value: float) -> float:
    """0 stays the int 0, as python-chess keeps it (it compares equal to 0.0 either way)."""
    return 0 if value == 0 else value

ResultT = TypeVar("ResultT")
GameT = TypeVar("GameT", bound="Game")
HeadersT = TypeVar("HeadersT", bound="Headers")
MainlineMapT = TypeVar("MainlineMapT")


class Headers(MutableMapping[str, str]):
    """A game's tags: the seven-tag roster first (in its order), then the others in the order
    they were set. ``Headers()`` holds the roster's defaults; ``Headers({})`` nothing."""

    def __init__(self, data: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None, **kwargs: str) -> None:
        self._tag_roster: Dict[str, str] = {}
        self._others: Dict[str, str] = {}
        self.update(_ROSTER_DEFAULTS if data is None else data, **kwargs)

    def is_chess960(self) -> bool:
        return self.get("Variant", "").lower() in _CHESS960

    def is_wild(self) -> bool:
        return self.get("Variant", "").lower() in _WILD

    def variant(self) -> Type[Board]:
        """The board class of the ``Variant`` tag: ``Board`` (standard, Chess960 and wild);
        ``ValueError`` for the variants chess_core does not have."""
        if "Variant" not in self or self.is_chess960() or self.is_wild() or self["Variant"].lower() in ("standard", "chess", "normal", "regular"):
            return Board
        raise ValueError(f"unsupported variant: {self['Variant']!r}")

    def board(self) -> Board:
        """The start position the ``FEN`` and ``Variant`` tags give."""
        board = self.variant()(self.get("FEN", STARTING_FEN), chess960=self.is_chess960())
        board.chess960 = board.chess960 or board.has_chess960_castling_rights()
        return board

    def __setitem__(self, key: str, value: str) -> None:
        if key in TAG_ROSTER:
            self._tag_roster[key] = value
        elif not _TAG_NAME.match(key):
            raise ValueError(f"invalid pgn header tag: {key!r}")
        elif "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key}: {value!r}")
        else:
            self._others[key] = value

    def __getitem__(self, key: str) -> str:
        return self._tag_roster[key] if key in TAG_ROSTER else self._others[key]

    def __delitem__(self, key: str) -> None:
        if key in TAG_ROSTER:
            del self._tag_roster[key]
        else:
            del self._others[key]

    def __iter__(self) -> Iterator[str]:
        for key in TAG_ROSTER:
            if key in self._tag_roster:
                yield key
        yield from self._others

    def __len__(self) -> int:
        return len(self._tag_roster) + len(self._others)

    def copy(self: HeadersT) -> HeadersT:
        return type(self)(self)

    @classmethod
    def _read(cls: Type[HeadersT], roster: List[Tuple[str, str]], others: List[Tuple[str, str]], *, defaults: bool = True) -> HeadersT:
        """The headers of a game read (``GameTree.headers``: the roster's tags and the others,
        each in the order read), over the roster's ``defaults`` or none. A tag ``__setitem__``
        would refuse is left out, as python-chess's reader passes over its line."""
        tags = dict(others)
        values = "".join(tags.values())
        if (tags and not _TAG_NAMES.fullmatch("\n".join(tags))) or "\n" in values or "\r" in values:
            tags = {name: value for name, value in tags.items() if _TAG_NAME.match(name) and "\n" not in value and "\r" not in value}
        headers = cls.__new__(cls)
        headers._tag_roster = _ROSTER_DEFAULTS.copy() if defaults else {}
        headers._tag_roster.update(roster)
        headers._others = tags
        return headers

    def __copy__(self: HeadersT) -> HeadersT:
        return self.copy()

    def __repr__(self) -> str:
        return "{}({})".format(type(self).__name__, ", ".join(f"{key}={value!r}" for key, value in self.items()))

    @classmethod
    def builder(cls: Type[HeadersT]) -> "HeadersBuilder[HeadersT]":
        return HeadersBuilder(Headers=cls)


class _Nags(MutableSet):  # type: ignore[type-arg]
    """A node's NAGs, a set kept in the tree."""

    __slots__ = ("_tree", "_id")

    def __init__(self, tree: GameTree, id: int) -> None:
        self._tree, self._id = tree, id

    def __contains__(self, nag: object) -> bool:
        return nag in self._tree.nags(self._id)

    def __iter__(self) -> Iterator[int]:
        return iter(self._tree.nags(self._id))

    def __len__(self) -> int:
        return len(self._tree.nags(self._id))

    def add(self, nag: int) -> None:
        self._tree.set_nags(self._id, self._tree.nags(self._id) + [nag])

    def discard(self, nag: int) -> None:
        self._tree.set_nags(self._id, [n for n in self._tree.nags(self._id) if n != nag])

    def update(self, *others: Iterable[int]) -> None:
        nags = self._tree.nags(self._id)
        for other in others:
            nags.extend(other)
        self._tree.set_nags(self._id, nags)

    def __repr__(self) -> str:
        return repr(set(self))


class GameNode(abc.ABC):
    """A node of a game tree: the game itself (``Game``) or a move (``ChildNode``)."""

    _game: "Game"
    _id: int

    def __init__(self, *, comment: str = "") -> None:
        # Only Game and ChildNode make nodes: they set _game and _id first.
        if comment:
            self.comment = comment

    @property
    def _tree(self) -> GameTree:
        return self._game._native

    def _node(self, id: int) -> "ChildNode":
        return self._game._view(id)  # type: ignore[return-value]

    @property
    def parent(self) -> Optional["GameNode"]:
        parent = self._tree.parent(self._id)
        return None if parent is None else self._game._view(parent)

    # The properties a walk reads for every node go to the tree without the `_tree` step.
    @property
    def move(self) -> Optional[Move]:
        return self._game._native.move(self._id)

    @property
    def variations(self) -> List["ChildNode"]:
        """The moves from this node (the main one first): a new list each time, so edit the
        tree with the node's methods."""
        game = self._game
        return game._native.child_views(self._id, game, game._views, ChildNode)  # type: ignore[return-value]

    @property
    def comment(self) -> str:
        return self._game._native.comment(self._id)

    @comment.setter
    def comment(self, text: str) -> None:
        self._tree.set_comment(self._id, text)

    @property
    def starting_comment(self) -> str:
        return self._tree.starting_comment(self._id)

    @starting_comment.setter
    def starting_comment(self, text: str) -> None:
        self._tree.set_starting_comment(self._id, text)

    @property
    def nags(self) -> _Nags:
        return _Nags(self._tree, self._id)

    @nags.setter
    def nags(self, nags: Iterable[int]) -> None:
        self._tree.set_nags(self._id, list(nags))

    def board(self) -> Board:
        """A new board at this node, with the moves from the root on its stack."""
        self._game._sync()
        return self._tree.board(self._id)

    def ply(self) -> int:
        self._game._sync()
        return self._tree.ply(self._id)

    def turn(self) -> bool:
        return self.ply() % 2 == 0

    def root(self) -> "GameNode":
        return self._game._view(self._tree.root_of(self._id))

    def game(self) -> "Game":
        root = self.root()
        assert isinstance(root, Game), "GameNode not rooted in Game"
        return root

    def end(self) -> "GameNode":
        return self._node(self._tree.end(self._id)) if self._tree.variations(self._id) else self

    def is_end(self) -> bool:
        return not self._tree.variations(self._id)

    def starts_variation(self) -> bool:
        parent = self._tree.parent(self._id)
        return parent is not None and self._tree.variations(parent)[0] != self._id

    def is_mainline(self) -> bool:
        return self._tree.is_mainline(self._id)

    def is_main_variation(self) -> bool:
        parent = self._tree.parent(self._id)
        return parent is None or self._tree.variations(parent)[0] == self._id

    def _child_id(self, move: Union[int, Move, "GameNode"]) -> int:
        children = self._tree.variations(self._id)
        if isinstance(move, int):
            try:
                return children[move]
            except IndexError:
                raise KeyError(move) from None
        for child in children:
            if (isinstance(move, GameNode) and move._game is self._game and move._id == child) or self._tree.move(child) == move:
                return child
        raise KeyError(move)

    def __getitem__(self, move: Union[int, Move, "GameNode"]) -> "ChildNode":
        return self._node(self._child_id(move))

    def __contains__(self, move: Union[int, Move, "GameNode"]) -> bool:
        try:
            self._child_id(move)
        except KeyError:
            return False
        return True

    def variation(self, move: Union[int, Move, "GameNode"]) -> "ChildNode":
        return self[move]

    def has_variation(self, move: Union[int, Move, "GameNode"]) -> bool:
        return move in self

    def promote_to_main(self, move: Union[int, Move, "GameNode"]) -> None:
        self._tree.promote_to_main(self._child_id(move))

    def promote(self, move: Union[int, Move, "GameNode"]) -> None:
        self._tree.promote(self._child_id(move))

    def demote(self, move: Union[int, Move, "GameNode"]) -> None:
        self._tree.demote(self._child_id(move))

    def remove_variation(self, move: Union[int, Move, "GameNode"]) -> None:
        self._tree.remove_variation(self._child_id(move))

    def add_variation(self, move: Move, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = []) -> "ChildNode":
        """Adds ``move`` (legal here) as the last variation."""
        return ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    def add_main_variation(self, move: Move, *, comment: str = "", nags: Iterable[int] = []) -> "ChildNode":
        node = self.add_variation(move, comment=comment, nags=nags)
        self._tree.promote_to_main(node._id)
        return node

    def next(self) -> Optional["ChildNode"]:
        children = self._tree.variations(self._id)
        return self._node(children[0]) if children else None

    def mainline(self) -> "Mainline[ChildNode]":
        return Mainline(self, _node_itself)

    def mainline_moves(self) -> "Mainline[Move]":
        return Mainline(self, _node_move)

    def add_line(self, moves: Iterable[Move], *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = []) -> "GameNode":
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = f"{node.comment} {comment}" if node.comment else comment
        node.nags.update(nags)
        return node

    def eval(self) -> Optional[PovScore]:
        """The first ``[%eval]`` of the comment, as a score from the side to move's point of
        view (``#0``: the side to move is mated)."""
        read = comment_eval(self.comment)
        if read is None:
            return None
        mate, value, _ = read
        turn = self.turn()
        score = Mate(value) if mate else Cp(value)
        if mate and value == 0:
            return PovScore(score, turn)
        return PovScore(score if turn else -score, turn)

    def eval_depth(self) -> Optional[int]:
        """The depth of the first ``[%eval]`` of the comment."""
        read = comment_eval(self.comment)
        return None if read is None else read[2]

    def set_eval(self, score: Optional[PovScore], depth: Optional[int] = None) -> None:
        """Sets (or with ``None`` removes) the comment's first ``[%eval]``."""
        white = None
        if score is not None:
            cp = score.white().score()
            mate = score.white().mate()
            white = (False, cp) if cp is not None else (True, mate or 0)
        self.comment = comment_with_eval(self.comment, white, None if depth is None else max(depth, 0))

    def arrows(self) -> List[Arrow]:
        """The ``[%csl]`` and ``[%cal]`` marks of the comment, in order."""
        return [Arrow(tail, head, color) for tail, head, color in comment_arrows(self.comment)]

    def set_arrows(self, arrows: Iterable[Union[Arrow, Tuple[int, int]]]) -> None:
        """Replaces the comment's ``[%csl]`` and ``[%cal]`` marks by ``arrows`` (``Arrow``s or
        ``(tail, head)`` pairs, which are green)."""
        marks = []
        for arrow in arrows:
            if isinstance(arrow, Arrow):
                marks.append((arrow.tail, arrow.head, arrow.color))
            else:
                tail, head = arrow
                marks.append((tail, head, "green"))
        self.comment = comment_with_arrows(self.comment, marks)

    def clock(self) -> Optional[float]:
        """The first ``[%clk]`` of the comment: the time left after the move, in seconds."""
        return comment_clock(self.comment)

    def set_clock(self, seconds: Optional[float]) -> None:
        """Sets (or with ``None`` removes) the comment's first ``[%clk]``."""
        self.comment = comment_with_clock(self.comment, seconds)

    def emt(self) -> Optional[float]:
        """The first ``[%emt]`` of the comment: the time the move took, in seconds."""
        return comment_emt(self.comment)

    def set_emt(self, seconds: Optional[float]) -> None:
        """Sets (or with ``None`` removes) the comment's first ``[%emt]``."""
        self.comment = comment_with_emt(self.comment, seconds)

    @abc.abstractmethod
    def accept(self, visitor: "BaseVisitor[ResultT]") -> ResultT:
        """Walks the node in PGN order with ``visitor`` (``Game`` and ``ChildNode`` say how)."""

    def accept_subgame(self, visitor: "BaseVisitor[ResultT]") -> ResultT:
        """Walks the headers and the nodes after this one, as a game starting here."""
        if visitor.begin_game() is not SKIP:
            game = self.game()
            board = self.board()
            dummy = Game.without_tag_roster()
            dummy.setup(board)
            visitor.begin_headers()
            for name, value in game.headers.items():
                if name not in dummy.headers:
                    visitor.visit_header(name, value)
            for name, value in dummy.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                children = self._tree.variations(self._id)
                if children:
                    _walk(self._node(children[0]), board, visitor, sidelines=True)
                visitor.visit_result(game.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GameNode):
            return self is other or (self._game is other._game and self._id == other._id)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((id(self._game), self._id))


def _node_itself(node: "ChildNode") -> "ChildNode":
    return node


def _node_move(node: "ChildNode") -> Move:
    return node.move  # type: ignore[return-value]


class ChildNode(GameNode):
    """A move of a game tree, with its comments and NAGs."""

    def __init__(self, parent: GameNode, move: Move, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = []) -> None:
        game = parent._game
        game._sync()
        self._game = game
        self._id = game._native.add_variation(parent._id, move)
        game._views[self._id] = self
        super().__init__(comment=comment)
        if starting_comment:
            self.starting_comment = starting_comment
        nags = list(nags)
        if nags:
            self.nags = nags

    @property
    def parent(self) -> GameNode:  # type: ignore[override]
        parent = self._tree.parent(self._id)
        # A node taken out of the tree (remove_variation) has no parent.
        return self._game._view(parent) if parent is not None else None  # type: ignore[return-value]

    def san(self) -> str:
        self._game._sync()
        return self._tree.san(self._id)

    def uci(self, *, chess960: Optional[bool] = None) -> str:
        return self._tree.uci(self._id, chess960)

    def end(self) -> "ChildNode":
        return super().end()  # type: ignore[return-value]

    def accept(self, visitor: "BaseVisitor[ResultT]") -> ResultT:
        """Walks this node, the line after it and its variations (not its alternatives)."""
        parent = self._tree.parent(self._id)
        board = self._game._view(parent).board() if parent is not None else self._game.board()
        _walk(self, board, visitor, sidelines=False)
        return visitor.result()

    def __repr__(self) -> str:
        try:
            parent_board = self.parent.board()
        except (ValueError, AttributeError):
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self.move})>"
        number = parent_board.fullmove_number
        dots = "." if parent_board.turn else "..."
        return f"<{type(self).__name__} at {id(self):#x} ({number}{dots} {self.san()} ...)>"


def _accept_node(node: GameNode, board: Board, visitor: "BaseVisitor[Any]") -> None:
    """Tells ``visitor`` one move: starting comment, move, board after it, NAGs, comment."""
    if node.starting_comment:
        visitor.visit_comment(node.starting_comment)
    move = node.move
    assert move is not None, "only moves are visited"
    visitor.visit_move(board, move)
    board.push(move)
    visitor.visit_board(board)
    board.pop()
    for nag in sorted(node.nags):
        visitor.visit_nag(nag)
    if node.comment:
        visitor.visit_comment(node.comment)


def _walk(node: GameNode, board: Board, visitor: "BaseVisitor[Any]", *, sidelines: bool) -> None:
    """Walks from ``node`` in PGN order (chess-core's walk), played on ``board``."""
    game = node._game
    tree = game._native
    walk = tree.walk(node._id, sidelines)
    for step, id in walk:
        if step == _VISIT:
            _accept_node(game._view(id), board, visitor)
        elif step == _PUSH:
            board.push(tree.move(id))  # type: ignore[arg-type]  # a node below the root: a move
        elif step == _POP:
            board.pop()
        elif step == _BEGIN:
            if visitor.begin_variation() is SKIP:
                walk.skip_variation()
        else:
            visitor.end_variation()


class Game(GameNode):
    """The root of a game tree: its headers, the start position they give, the moves."""

    def __init__(self, headers: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None) -> None:
        self._attach(GameTree())
        self.headers = Headers(headers)

    def _attach(self, tree: GameTree) -> None:
        self._native = tree
        self._game = self
        self._id = 0
        self._views: Dict[int, GameNode] = {0: self}
        self._headers: Optional[Headers] = None
        # The FEN and Variant tags the tree's start position was last made from.
        self._synced: Tuple[Optional[str], Optional[str]] = (None, None)
        self._errors: Optional[List[Exception]] = None

    @classmethod
    def _read(cls: Type[GameT], tree: GameTree) -> GameT:
        """A game over a tree read from PGN (its moves read when first asked for)."""
        game = cls.__new__(cls)
        game._attach(tree)
        return game

    @property
    def errors(self) -> List[Exception]:
        """The errors met reading the game (a bad move ends it early), as exceptions."""
        if self._errors is None:
            self._errors = [ValueError(error) for error in self._native.errors()]
        return self._errors

    @errors.setter
    def errors(self, errors: List[Exception]) -> None:
        self._errors = errors

    def _view(self, id: int) -> GameNode:
        node = self._views.get(id)
        if node is None:
            node = ChildNode.__new__(ChildNode)
            node._game, node._id = self, id
            self._views[id] = node
        return node

    @property
    def headers(self) -> Headers:
        if self._headers is None:
            self._headers = Headers._read(*self._native.headers())
            self._synced = (self._headers.get("FEN"), self._headers.get("Variant"))
        return self._headers

    @headers.setter
    def headers(self, headers: Headers) -> None:
        self._headers = headers

    def _sync(self) -> None:
        """Makes the tree's start position the one the headers give, when they changed it."""
        headers = self._headers
        if headers is None:
            return
        key = (headers.get("FEN"), headers.get("Variant"))
        if key != self._synced:
            self._native.set_start(headers.board())
            self._synced = key

    def _export_tags(self) -> None:
        if self._headers is not None:
            self._native.set_tags(list(self._headers.items()))

    def board(self) -> Board:
        self._sync()
        return self._native.start_board()

    def ply(self) -> int:
        return self.board().ply() if "FEN" in self.headers else 0

    def setup(self, board: Union[Board, str]) -> None:
        """Sets the start position: the ``FEN``, ``SetUp`` and ``Variant`` tags."""
        if isinstance(board, str):
            setup = Board(board)
            setup.chess960 = setup.has_chess960_castling_rights()
        else:
            setup = board
        fen = setup.fen()
        if fen == STARTING_FEN:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        if setup.chess960:
            self.headers["Variant"] = "Chess960"
        else:
            self.headers.pop("Variant", None)
        self._sync()

    def accept(self, visitor: "BaseVisitor[ResultT]") -> ResultT:
        """Walks the game in PGN order: headers, comment, moves, result."""
        if type(visitor) is StringExporter:
            return visitor._export(self)  # type: ignore[return-value]  # the whole walk in chess-core
        if visitor.begin_game() is not SKIP:
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                board = self.board()
                visitor.visit_board(board)
                if self.comment:
                    visitor.visit_comment(self.comment)
                children = self._native.variations(0)
                if children:
                    _walk(self._view(children[0]), board, visitor, sidelines=True)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def time_control(self) -> TimeControl:
        """The time control of the ``TimeControl`` tag (unknown without one)."""
        return parse_time_control(self.headers.get("TimeControl", ""))

    @classmethod
    def from_board(cls: Type[GameT], board: Board) -> GameT:
        """A game of ``board``'s moves from its root, with its result."""
        game = cls()
        game.setup(board.root())
        node: GameNode = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls: Type[GameT]) -> GameT:
        return cls(headers={})

    @classmethod
    def builder(cls: Type[GameT]) -> "GameBuilder[GameT]":
        return GameBuilder(Game=cls)

    # What python-chess lacks: the main line's data in one call each.
    def mainline_comments(self) -> List[Optional[str]]:
        """The comment of each main-line move (``None`` where there is none)."""
        return self._native.mainline_comments()

    def mainline_nags(self) -> List[List[int]]:
        """The NAGs of each main-line move."""
        return self._native.mainline_nags()

    def variation_counts(self) -> List[int]:
        """The number of alternatives to each main-line move."""
        return self._native.variation_counts()

    def fens(self) -> List[str]:
        """The FEN of the start and after each main-line move, without making boards."""
        self._sync()
        return self._native.fens()

    def __reduce__(self) -> Any:
        self._export_tags()
        return (_unpickle_game, (type(self), self._native.__getstate__(), [str(e) for e in self.errors]))

    def __repr__(self) -> str:
        headers = self.headers
        return "<{} at {:#x} ({!r} vs. {!r}, {!r} at {!r}{})>".format(
            type(self).__name__,
            id(self),
            headers.get("White", "?"),
            headers.get("Black", "?"),
            headers.get("Date", "????.??.??"),
            headers.get("Site", "?"),
            f", {len(self.errors)} errors" if self.errors else "",
        )


def _unpickle_game(cls: Type[Game], state: Any, errors: List[str]) -> Game:
    tree = GameTree()
    tree.__setstate__(state)
    game = cls._read(tree)
    game.errors = [ValueError(error) for error in errors]
    return game


class Mainline(Generic[MainlineMapT]):
    """The main line from a node, mapped by ``f`` (nodes, or their moves)."""

    def __init__(self, start: GameNode, f: Callable[["ChildNode"], MainlineMapT]) -> None:
        self.start = start
        self.f = f

    def __bool__(self) -> bool:
        return not self.start.is_end()

    def __iter__(self) -> Iterator[MainlineMapT]:
        start = self.start
        if self.f is _node_move:
            return iter(start._tree.mainline_moves(start._id))  # type: ignore[arg-type]
        return (self.f(start._node(id)) for id in start._tree.mainline(start._id))

    def __reversed__(self) -> Iterator[MainlineMapT]:
        return reversed(list(self))

    def accept(self, visitor: "BaseVisitor[ResultT]") -> ResultT:
        board = self.start.board()
        for node in self.start.mainline():
            _accept_node(node, board, visitor)
            board.push(node.move)  # type: ignore[arg-type]
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        return f"<Mainline at {id(self):#x} ({self.accept(StringExporter(columns=None, comments=False))})>"


class BaseVisitor(abc.ABC, Generic[ResultT]):
    """Told a game by ``read_game`` or ``accept``; makes a result of it."""

    def begin_game(self) -> Optional[SkipType]:
        pass

    def begin_headers(self) -> Optional[Headers]:
        pass

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        pass

    def end_headers(self) -> Optional[SkipType]:
        pass

    def begin_parse_san(self, board: Board, san: str) -> Optional[SkipType]:
        pass

    def parse_san(self, board: Board, san: str) -> Move:
        return board.parse_san(san)

    def visit_move(self, board: Board, move: Move) -> None:
        pass

    def visit_board(self, board: Board) -> None:
        pass

    def visit_comment(self, comment: str) -> None:
        pass

    def visit_nag(self, nag: int) -> None:
        pass

    def begin_variation(self) -> Optional[SkipType]:
        pass

    def end_variation(self) -> None:
        pass

    def visit_result(self, result: str) -> None:
        pass

    def end_game(self) -> None:
        pass

    @abc.abstractmethod
    def result(self) -> ResultT:
        pass

    def handle_error(self, error: Exception) -> None:
        raise error


class GameBuilder(BaseVisitor[GameT]):
    """Builds a game tree (``read_game``'s default visitor); ``Game`` may be a subclass."""

    def __init__(self, *, Game: Any = Game) -> None:
        self.Game = Game

    def begin_game(self) -> None:
        self.game: GameT = self.Game()
        self.variation_stack: List[GameNode] = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        assert parent is not None, "begin_variation called, but root node on top of stack"
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        top = self.variation_stack[-1]
        if self.in_variation or (top.parent is None and top.is_end()):
            top.comment = " ".join(filter(None, [top.comment, comment]))
        else:
            self.starting_comment = " ".join(filter(None, [self.starting_comment, comment]))

    def visit_move(self, board: Board, move: Move) -> None:
        self.variation_stack[-1] = self.variation_stack[-1].add_variation(move)
        self.variation_stack[-1].starting_comment = self.starting_comment
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        self.game.errors.append(error)

    def result(self) -> GameT:
        return self.game


class HeadersBuilder(BaseVisitor[HeadersT]):
    """Collects a game's headers and skips its moves."""

    def __init__(self, *, Headers: Any = Headers) -> None:
        self.Headers = Headers

    def begin_headers(self) -> HeadersT:
        self.headers: HeadersT = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> HeadersT:
        return self.headers


class BoardBuilder(BaseVisitor[Board]):
    """Gives the final position of a game's main line."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> SkipType:
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self) -> None:
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board: Board) -> None:
        if not self.skip_variation_depth:
            self.board = board

    def result(self) -> Board:
        return self.board


class SkipVisitor(BaseVisitor[bool]):
    """Skips a game."""

    def begin_game(self) -> SkipType:
        return SKIP

    def end_headers(self) -> SkipType:
        return SKIP

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> bool:
        return True


class StringExporterMixin:
    """python-chess's exporter layout, written by chess-core (``PgnLayout``)."""

    def __init__(self, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True):
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self._layout = PgnLayout(columns=columns, headers=headers, comments=comments, variations=variations)

    def _written(self) -> None:
        """Called after each write: lines finished so far may be handed on."""

    def end_game(self) -> None:
        self._layout.end_game()
        self._written()

    def begin_headers(self) -> None:
        self._layout.begin_headers()

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self._layout.header(tagname, tagvalue)
        self._written()

    def end_headers(self) -> None:
        self._layout.end_headers()
        self._written()

    def begin_variation(self) -> Optional[SkipType]:
        entered = self._layout.begin_variation()
        self._written()
        return None if entered else SKIP

    def end_variation(self) -> None:
        self._layout.end_variation()
        self._written()

    def visit_comment(self, comment: str) -> None:
        self._layout.comment(comment)
        self._written()

    def visit_nag(self, nag: int) -> None:
        self._layout.nag(nag)
        self._written()

    def visit_move(self, board: Board, move: Move) -> None:
        self._layout.play(board, move)
        self._written()

    def visit_result(self, result: str) -> None:
        self._layout.result(result)
        self._written()


class StringExporter(StringExporterMixin, BaseVisitor[str]):
    """Writes games as a string, in python-chess's layout (no newline at the end)."""

    def _export(self, game: Game) -> str:
        """``game.accept(self)`` in one native call."""
        game._sync()
        game._export_tags()
        self._layout = PgnLayout(columns=self.columns, headers=self.headers, comments=self.comments, variations=self.variations)
        text = game._native.export(columns=self.columns, headers=self.headers, comments=self.comments, variations=self.variations)
        self._text = text
        return text

    def result(self) -> str:
        text = getattr(self, "_text", None)
        return text if text is not None else self._layout.text()

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporterMixin, BaseVisitor[int]):
    """Writes games to a text file, each followed by a blank line."""

    def __init__(self, handle: IO[str], *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True):
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle
        self.written = 0

    def begin_game(self) -> None:
        self.written = 0

    def _written(self) -> None:
        finished = self._layout.take_finished()
        if finished:
            self.written += self.handle.write(finished)

    def result(self) -> int:
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self) -> str:
        return self.__repr__()


def read_game(handle: Union[str, IO[Any]], *, Visitor: Any = GameBuilder) -> Any:
    """Reads the next game from a file object (text or binary), or the first game of a PGN
    text; ``None`` at the end. A bad move ends the game early and is listed in ``errors``.
    Another ``Visitor`` (a class or factory of a ``BaseVisitor``) is told the game as
    python-chess's reader tells it, and its ``result()`` returned."""
    tree = read_game_tree(handle)
    if tree is None:
        return None
    if Visitor is GameBuilder:
        return Game._read(tree)
    if Visitor is HeadersBuilder:
        # The tags alone: the movetext is never read.
        return Headers._read(*tree.headers(tags_only=True), defaults=False)
    if Visitor is SkipVisitor:
        return True
    return _tell(Game._read(tree), Visitor())


def _defines(visitor: "BaseVisitor[Any]", name: str) -> bool:
    """Whether ``visitor`` has its own method ``name``, not ``BaseVisitor``'s."""
    return getattr(getattr(visitor, name), "__func__", None) is not getattr(BaseVisitor, name)


def _tell(game: Game, visitor: "BaseVisitor[ResultT]") -> ResultT:
    """Tells ``visitor`` a game read, in the order and with the boards python-chess's reader
    gives: one board per line, each move pushed on it after ``visit_move``. Only the methods
    the visitor defines are called (``BaseVisitor``'s do nothing, or parse the SAN whose move
    the tree holds), and boards are kept only for a visitor that is given them."""
    if visitor.begin_game() is SKIP:
        visitor.end_game()
        return visitor.result()
    visitor.begin_headers()
    for name, value in game.headers.items():
        visitor.visit_header(name, value)
    if visitor.end_headers() is SKIP:
        visitor.end_game()
        return visitor.result()
    begin_parse_san, parse_san = _defines(visitor, "begin_parse_san"), _defines(visitor, "parse_san")
    boards = [game.board()] if begin_parse_san or parse_san or _defines(visitor, "visit_move") or _defines(visitor, "visit_board") else []
    comments, nags = _defines(visitor, "visit_comment"), _defines(visitor, "visit_nag")
    tree = game._native
    if boards:
        visitor.visit_board(boards[-1])
    if comments and game.comment:
        visitor.visit_comment(game.comment)
    children = tree.variations(0)
    walk = tree.walk(children[0], True) if children else ()
    skipped = 0
    for step, id in walk:
        if step == _VISIT:
            if comments and tree.starting_comment(id):
                visitor.visit_comment(tree.starting_comment(id))
            if boards:
                board = boards[-1]
                san = tree.san(id) if begin_parse_san or parse_san else ""
                if not begin_parse_san or visitor.begin_parse_san(board, san) is not SKIP:
                    move = visitor.parse_san(board, san) if parse_san else tree.move(id)
                    visitor.visit_move(board, move)  # type: ignore[arg-type]  # a node below the root: a move
                    board.push(move)  # type: ignore[arg-type]
                visitor.visit_board(board)
            if nags:
                for nag in tree.nags(id):
                    visitor.visit_nag(nag)
            if comments and tree.comment(id):
                visitor.visit_comment(tree.comment(id))
        elif step == _BEGIN:
            if visitor.begin_variation() is SKIP:
                walk.skip_variation()  # type: ignore[union-attr]
                skipped += 1
            elif boards:
                board = boards[-1].copy()
                board.pop()
                boards.append(board)
        elif step == _END:
            if skipped:
                skipped -= 1
            elif boards:
                boards.pop()
            visitor.end_variation()
    for error in game.errors:
        visitor.handle_error(error)
    visitor.visit_result(game.headers.get("Result", "*"))
    visitor.end_game()
    return visitor.result()


def read_games(
    source: Union[str, "os.PathLike[str]", IO[Any]],
    *,
    headers_only: bool = False,
    variations: bool = True,
) -> Iterator[Any]:
    """Iterates over every game of a PGN file (a path) or file object, reading batches of
    games in Rust with the GIL released. With ``headers_only=True`` it yields each game's tags
    as a dict (seven-tag roster first) and skips the movetext unread; ``variations=False``
    drops variations while reading."""
    if hasattr(source, "read"):
        reader = GameReader.from_handle(source, headers_only=headers_only, variations=variations)
    else:
        reader = GameReader.open(os.fspath(source), headers_only=headers_only, variations=variations)  # type: ignore[arg-type]
    if headers_only:
        return iter(reader)
    return (Game._read(tree) for tree in reader)


def read_headers(handle: Union[str, IO[Any]]) -> Optional[Headers]:
    """The headers of the next game; ``None`` at the end."""
    return read_game(handle, Visitor=HeadersBuilder)


def skip_game(handle: IO[Any]) -> bool:
    """Passes over the next game; whether there was one."""
    return bool(read_game(handle, Visitor=SkipVisitor))


def write_game(board: Board, headers: Optional[Mapping[str, str]] = None) -> str:
    """The PGN of a board's game: the moves of its stack from the root, its result, and
    ``headers`` over the seven-tag roster's defaults."""
    game = Game.from_board(board)
    if headers is not None:
        game.headers.update(headers)
    return str(game)


__all__ = [
    "BaseVisitor",
    "BoardBuilder",
    "ChildNode",
    "FileExporter",
    "Game",
    "GameBuilder",
    "GameNode",
    "Headers",
    "HeadersBuilder",
    "Mainline",
    "SKIP",
    "SkipType",
    "SkipVisitor",
    "StringExporter",
    "StringExporterMixin",
    "TAG_ROSTER",
    "TimeControl",
    "TimeControlPart",
    "TimeControlType",
    "parse_time_control",
    "read_game",
    "read_games",
    "read_headers",
    "skip_game",
    "write_game",
]
