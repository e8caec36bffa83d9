// chess.hpp: a thin header-only C++17 wrapper over chess.h.
//
// RAII classes with move semantics over the handles (Position also copies), std::string in
// and out, and chess::Error exceptions carrying the status and the library's message.
// Link the same library as for C (libchess_c.a or libchess_c.so).
#ifndef CHESS_HPP
#define CHESS_HPP

#include "chess.h"

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace chess {

/// A failed call: the status and the message of chess_last_error_message.
class Error : public std::runtime_error {
public:
    Error(chess_status status, const std::string &message) : std::runtime_error(message), status_(status) {}
    /// The status the C function returned.
    chess_status status() const noexcept { return status_; }
    /// The status's name ("illegal_move").
    const char *status_name() const noexcept { return chess_status_str(status_); }

private:
    chess_status status_;
};

/// The message of the last failure on this thread.
inline std::string last_error_message() {
    std::size_t len = 0;
    if (chess_last_error_message(nullptr, 0, &len) != CHESS_ERR_BUFFER_TOO_SMALL) return std::string();
    std::string message(len, '\0');
    if (chess_last_error_message(&message[0], len + 1, nullptr) != CHESS_OK) return std::string();
    return message;
}

/// Throws chess::Error for a status other than CHESS_OK.
inline void check(chess_status status) {
    if (status != CHESS_OK) throw Error(status, last_error_message());
}

namespace detail {
/// Reads a string out of a function following the buffer convention: ask for the size, then fill.
template <class Write>
std::string read_string(Write write) {
    std::size_t len = 0;
    chess_status status = write(nullptr, 0, &len);
    if (status != CHESS_ERR_BUFFER_TOO_SMALL) check(status);
    std::string text(len, '\0');
    check(write(&text[0], len + 1, nullptr));
    return text;
}
}  // namespace detail

/// The library version.
inline std::string version() { return chess_version(); }

using Move = chess_move;

/// A chess position (copyable: a copy is an independent position).
class Position {
public:
    /// The standard starting position.
    Position() { check(chess_position_new(&handle_)); }
    /// Reads a FEN (flags: CHESS_FEN_STRICT, CHESS_FEN_RELAXED, CHESS_FEN_CHESS960).
    static Position from_fen(const std::string &fen, std::uint32_t flags = CHESS_FEN_STRICT) {
        chess_position *handle = nullptr;
        check(chess_position_from_fen_with(fen.c_str(), flags, &handle));
        return Position(handle);
    }
    Position(const Position &other) { check(chess_position_clone(other.handle_, &handle_)); }
    Position(Position &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Position &operator=(Position other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    ~Position() { chess_position_free(handle_); }

    std::string fen() const {
        return detail::read_string([&](char *buf, std::size_t cap, std::size_t *len) {
            return chess_position_to_fen(handle_, buf, cap, len);
        });
    }
    chess_color turn() const {
        int color = 0;
        check(chess_position_turn(handle_, &color));
        return static_cast<chess_color>(color);
    }
    std::vector<Move> legal_moves() const {
        std::vector<Move> moves(CHESS_MAX_LEGAL_MOVES);
        std::size_t count = 0;
        check(chess_position_legal_moves(handle_, moves.data(), moves.size(), &count));
        moves.resize(count);
        return moves;
    }
    bool is_legal(Move m) const {
        bool legal = false;
        check(chess_position_is_legal(handle_, m, &legal));
        return legal;
    }
    /// The legal move from `from` to `to` (squares 0..63), chess-core's resolver.
    Move resolve(int from, int to, chess_role promotion = CHESS_ROLE_NONE) const {
        Move m = 0;
        check(chess_position_resolve_move(handle_, from, to, promotion, &m));
        return m;
    }
    void play(Move m) { check(chess_position_play(handle_, m)); }
    Move play_san(const std::string &san) {
        Move m = 0;
        check(chess_position_play_san(handle_, san.c_str(), &m));
        return m;
    }
    Move play_uci(const std::string &uci) {
        Move m = 0;
        check(chess_position_play_uci(handle_, uci.c_str(), &m));
        return m;
    }
    Move parse_san(const std::string &san) const {
        Move m = 0;
        check(chess_position_parse_san(handle_, san.c_str(), &m));
        return m;
    }
    std::string san(Move m) const {
        return detail::read_string([&](char *buf, std::size_t cap, std::size_t *len) {
            return chess_position_san(handle_, m, buf, cap, len);
        });
    }
    std::string uci(Move m) const {
        return detail::read_string([&](char *buf, std::size_t cap, std::size_t *len) {
            return chess_position_uci(handle_, m, buf, cap, len);
        });
    }
    /// A legal move in words for players ("White knight g1 to f3").
    std::string describe(Move m, chess_lang lang = CHESS_LANG_EN) const {
        return detail::read_string([&](char *buf, std::size_t cap, std::size_t *len) {
            return chess_position_describe(handle_, m, lang, buf, cap, len);
        });
    }
    /// Why a move cannot be played, in words (empty when it can).
    std::string why_illegal(Move m, chess_lang lang = CHESS_LANG_EN) const {
        return detail::read_string([&](char *buf, std::size_t cap, std::size_t *len) {
            return chess_position_why_illegal(handle_, m, lang, nullptr, buf, cap, len);
        });
    }
    bool is_check() const { return ask(chess_position_is_check); }
    bool is_checkmate() const { return ask(chess_position_is_checkmate); }
    bool is_stalemate() const { return ask(chess_position_is_stalemate); }
    bool is_insufficient_material() const { return ask(chess_position_is_insufficient_material); }
    std::uint64_t zobrist_key() const {
        std::uint64_t key = 0;
        check(chess_position_zobrist_key(handle_, &key));
        return key;
    }
    std::uint64_t perft(std::uint32_t depth) const {
        std::uint64_t nodes = 0;
        check(chess_position_perft(handle_, depth, &nodes));
        return nodes;
    }
    /// The C handle, still owned by this object.
    const chess_position *get() const noexcept { return handle_; }

private:
    explicit Position(chess_position *handle) noexcept : handle_(handle) {}
    friend class Game;
    friend class Book;
    friend class Tablebase;
    bool ask(chess_status (*predicate)(const chess_position *, bool *)) const {
        bool value = false;
        check(predicate(handle_, &value));
        return value;
    }
    chess_position *handle_ = nullptr;
};

/// How a game ended (CHESS_TERMINATION_NONE while it goes on).
struct Outcome {
    chess_termination termination;
    chess_color winner;
};

/// A game: moves, rules, outcome and draw events (movable, not copyable).
class Game {
public:
    /// The standard starting position under the FIDE rules.
    Game() { check(chess_game_new(&handle_)); }
    /// Starts from a FEN (flags: CHESS_FEN_STRICT, CHESS_FEN_RELAXED, CHESS_FEN_CHESS960).
    static Game from_fen(const std::string &fen, chess_rules rules = CHESS_RULES_FIDE,
                         std::uint32_t flags = CHESS_FEN_STRICT) {
        chess_game *handle = nullptr;
        check(chess_game_from_fen(fen.c_str(), flags, rules, &handle));
        return Game(handle);
    }
    Game(const Game &) = delete;
    Game &operator=(const Game &) = delete;
    Game(Game &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Game &operator=(Game &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    ~Game() { chess_game_free(handle_); }

    void push(Move m) { check(chess_game_push(handle_, m)); }
    Move push_san(const std::string &san) {
        Move m = 0;
        check(chess_game_push_san(handle_, san.c_str(), &m));
        return m;
    }
    Move push_uci(const std::string &uci) {
        Move m = 0;
        check(chess_game_push_uci(handle_, uci.c_str(), &m));
        return m;
    }
    /// Takes back the last move (CHESS_MOVE_NULL when there was none).
    Move undo() {
        Move m = 0;
        check(chess_game_undo(handle_, &m));
        return m;
    }
    Move redo() {
        Move m = 0;
        check(chess_game_redo(handle_, &m));
        return m;
    }
    std::vector<Move> moves() const {
        std::size_t count = 0;
        check(chess_game_move_count(handle_, &count));
        std::vector<Move> moves(count);
        for (std::size_t i = 0; i < count; i++) check(chess_game_move_at(handle_, i, &moves[i]));
        return moves;
    }
    Position position() const {
        chess_position *handle = nullptr;
        check(chess_game_position(handle_, &handle));
        return Position(handle);
    }
    std::string fen() const {
        return detail::read_string([&](char *buf, std::size_t cap, std::size_t *len) {
            return chess_game_fen(handle_, buf, cap, len);
        });
    }
    Outcome outcome() const {
        int termination = 0, winner = 0;
        check(chess_game_outcome(handle_, &termination, &winner));
        return Outcome{static_cast<chess_termination>(termination), static_cast<chess_color>(winner)};
    }
    std::string result() const {
        return detail::read_string([&](char *buf, std::size_t cap, std::size_t *len) {
            return chess_game_result(handle_, buf, cap, len);
        });
    }
    void resign(chess_color player) { check(chess_game_resign(handle_, player)); }
    void offer_draw(chess_color player) { check(chess_game_offer_draw(handle_, player)); }
    void accept_draw(chess_color player) { check(chess_game_accept_draw(handle_, player)); }
    void decline_draw(chess_color player) { check(chess_game_decline_draw(handle_, player)); }
    void claim_draw(chess_color player) { check(chess_game_claim_draw(handle_, player)); }
    void timeout(chess_color player) { check(chess_game_timeout(handle_, player)); }
    void forfeit(chess_color player) { check(chess_game_forfeit(handle_, player)); }
    /// The C handle, still owned by this object.
    const chess_game *get() const noexcept { return handle_; }

private:
    explicit Game(chess_game *handle) noexcept : handle_(handle) {}
    chess_game *handle_ = nullptr;
};

/// The computer player (movable, not copyable). stop() may be called from another thread.
/// Stops the searches of one Searcher from any thread, also after the Searcher is destroyed
/// or moved (stopping then does nothing). Movable; made by Searcher::stop_handle().
class StopHandle {
public:
    StopHandle(const StopHandle &) = delete;
    StopHandle &operator=(const StopHandle &) = delete;
    StopHandle(StopHandle &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    StopHandle &operator=(StopHandle &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    ~StopHandle() { chess_stop_handle_free(handle_); }

    /// Asks the running search to stop; safe from any thread at any time.
    void stop() const noexcept { chess_stop_handle_stop(handle_); }

private:
    friend class Searcher;
    explicit StopHandle(chess_stop_handle *handle) : handle_(handle) {}
    chess_stop_handle *handle_ = nullptr;
};

class Searcher {
public:
    /// A searcher at the default level, CHESS_LEVEL_MASTER (see chess_searcher_new).
    Searcher() { check(chess_searcher_new(&handle_)); }
    Searcher(const Searcher &) = delete;
    Searcher &operator=(const Searcher &) = delete;
    Searcher(Searcher &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Searcher &operator=(Searcher &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    ~Searcher() { chess_searcher_free(handle_); }

    void set_level(chess_level level) { check(chess_searcher_set_level(handle_, level)); }
    /// Searches the game's position within `limits` (all zero: the searcher's level).
    chess_search_result search(const Game &game, const chess_search_limits &limits) {
        chess_search_result result{};
        check(chess_searcher_search(handle_, game.get(), &limits, &result));
        return result;
    }
    /// As search(), calling `progress` after each finished depth (on this thread). An
    /// exception thrown by `progress` stops the search and is rethrown here.
    chess_search_result search(const Game &game, const chess_search_limits &limits,
                               const std::function<void(const chess_search_info &)> &progress) {
        struct Context {
            const std::function<void(const chess_search_info &)> *progress;
            chess_searcher *searcher;
            std::exception_ptr error;
        } context{&progress, handle_, nullptr};
        chess_progress_fn trampoline = [](const chess_search_info *info, void *user_data) {
            auto *context = static_cast<Context *>(user_data);
            if (context->error) return;
            try {
                (*context->progress)(*info);
            } catch (...) {  // never unwind into the library
                context->error = std::current_exception();
                chess_searcher_stop(context->searcher);
            }
        };
        chess_search_result result{};
        chess_status status = chess_searcher_search_with_progress(handle_, game.get(), &limits, trampoline, &context, &result);
        if (context.error) std::rethrow_exception(context.error);
        check(status);
        return result;
    }
    /// A move for the game at the searcher's level (CHESS_MOVE_NULL: no legal move).
    Move best_move(const Game &game) {
        Move m = 0;
        check(chess_searcher_best_move(handle_, game.get(), &m));
        return m;
    }
    /// Asks a running search to stop; safe from any thread while this Searcher lives (a
    /// thread that may outlive it uses a StopHandle).
    void stop() noexcept { chess_searcher_stop(handle_); }
    /// A handle that stops this Searcher's searches and may outlive it.
    StopHandle stop_handle() const {
        chess_stop_handle *handle = nullptr;
        check(chess_searcher_stop_handle(handle_, &handle));
        return StopHandle(handle);
    }

private:
    chess_searcher *handle_ = nullptr;
};

/// A Polyglot opening book, read once; its queries are const and may run on many threads.
class Book {
public:
    /// Reads the book in a file (chess::Error with CHESS_ERR_IO or CHESS_ERR_INVALID_BOOK).
    static Book open(const std::string &path) {
        chess_book *handle = nullptr;
        check(chess_book_open(path.c_str(), &handle));
        return Book(handle);
    }
    /// Reads a book from bytes (copied).
    static Book from_bytes(const std::vector<std::uint8_t> &bytes) {
        chess_book *handle = nullptr;
        check(chess_book_from_bytes(bytes.data(), bytes.size(), &handle));
        return Book(handle);
    }
    Book(const Book &) = delete;
    Book &operator=(const Book &) = delete;
    Book(Book &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Book &operator=(Book &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    ~Book() { chess_book_free(handle_); }

    /// The number of entries (all positions).
    std::size_t size() const {
        std::size_t count = 0;
        check(chess_book_len(handle_, &count));
        return count;
    }
    /// The entries for `pos` of at least `minimum_weight` whose moves are legal, in book order.
    std::vector<chess_book_entry> entries(const Position &pos, std::uint16_t minimum_weight = 1) const {
        std::size_t count = 0;
        chess_status status = chess_book_entries(handle_, pos.handle_, minimum_weight, nullptr, 0, &count);
        if (status != CHESS_ERR_BUFFER_TOO_SMALL) check(status);
        std::vector<chess_book_entry> entries(count);
        if (count > 0) check(chess_book_entries(handle_, pos.handle_, minimum_weight, entries.data(), count, &count));
        return entries;
    }
    /// The entry with the highest weight (its move CHESS_MOVE_NULL when there is none).
    chess_book_entry find(const Position &pos) const {
        chess_book_entry entry{};
        check(chess_book_find(handle_, pos.handle_, &entry));
        return entry;
    }
    /// An entry chosen in proportion to the weights by `random` (the caller's number).
    chess_book_entry weighted_choice(const Position &pos, std::uint64_t random) const {
        chess_book_entry entry{};
        check(chess_book_weighted_choice(handle_, pos.handle_, random, &entry));
        return entry;
    }

private:
    explicit Book(chess_book *handle) : handle_(handle) {}
    chess_book *handle_ = nullptr;
};

/// Syzygy endgame tables. Once the tables are added, the probes (const) may run on many threads.
class Tablebase {
public:
    /// An empty tablebase.
    Tablebase() { check(chess_tablebase_new(&handle_)); }
    /// A tablebase with the tables of a directory (chess::Error with CHESS_ERR_IO).
    explicit Tablebase(const std::string &directory) : Tablebase() { add_directory(directory); }
    Tablebase(const Tablebase &) = delete;
    Tablebase &operator=(const Tablebase &) = delete;
    Tablebase(Tablebase &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Tablebase &operator=(Tablebase &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    ~Tablebase() { chess_tablebase_free(handle_); }

    /// Adds the .rtbw and .rtbz files of a directory and returns how many (chess::Error with
    /// CHESS_ERR_IO when it cannot be read).
    std::size_t add_directory(const std::string &directory) {
        std::size_t count = 0;
        check(chess_tablebase_add_directory(handle_, directory.c_str(), &count));
        return count;
    }
    /// Win (2), cursed win (1), draw (0), blessed loss (-1) or loss (-2) for the side to move,
    /// as python-chess's probe_wdl (chess::Error with CHESS_ERR_MISSING_TABLE,
    /// CHESS_ERR_UNSUPPORTED_POSITION, CHESS_ERR_CORRUPT_TABLE or CHESS_ERR_IO).
    int probe_wdl(const Position &pos) const {
        int wdl = 0;
        check(chess_tablebase_probe_wdl(handle_, pos.handle_, &wdl));
        return wdl;
    }
    /// The distance to the next capture or pawn move in plies, as python-chess's probe_dtz.
    int probe_dtz(const Position &pos) const {
        int dtz = 0;
        check(chess_tablebase_probe_dtz(handle_, pos.handle_, &dtz));
        return dtz;
    }

private:
    chess_tablebase *handle_ = nullptr;
};

}  // namespace chess

#endif  // CHESS_HPP
