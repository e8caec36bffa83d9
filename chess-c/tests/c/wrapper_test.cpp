// Assertion test of chess.hpp (the C++17 wrapper): built and run by chess-c/tests/c_api.rs.
#include "chess.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

static int checks = 0;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        checks++;                                                                    \
        if (!(cond)) {                                                               \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            std::exit(1);                                                            \
        }                                                                            \
    } while (0)

template <class F>
static chess::Error error_of(F f) {
    try {
        f();
    } catch (const chess::Error &error) {
        return error;
    }
    std::fprintf(stderr, "no chess::Error thrown\n");
    std::exit(1);
}

int main() {
    CHECK(chess::version() == "0.1.0");

    chess::Position start;
    CHECK(start.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CHECK(start.legal_moves().size() == 20);
    CHECK(start.perft(3) == 8902);
    CHECK(start.zobrist_key() == UINT64_C(0x463b96181691fc9c));

    // Copies are independent; moves leave the source alone.
    chess::Position pos = start;
    chess::Move e4 = pos.play_san("e4");
    CHECK(start.uci(e4) == "e2e4");
    CHECK(pos.turn() == CHESS_BLACK && start.turn() == CHESS_WHITE);
    pos.play_uci("e7e5");
    chess::Position moved = std::move(pos);
    CHECK(moved.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");

    // Errors carry the status and chess-core's message.
    chess::Error illegal = error_of([&] { moved.play_san("Ke3"); });
    CHECK(illegal.status() == CHESS_ERR_ILLEGAL_MOVE);
    CHECK(std::string(illegal.status_name()) == "illegal_move");
    CHECK(std::string(illegal.what()).rfind("chess_position_play_san: ", 0) == 0);
    chess::Error bad_fen = error_of([] { chess::Position::from_fen("rnbqkbnr/pppppppp w"); });
    CHECK(bad_fen.status() == CHESS_ERR_INVALID_FEN);

    chess::Position pinned = chess::Position::from_fen("rnbqk1nr/pppp1ppp/8/4p3/1b1P4/2N5/PPP1PPPP/R1BQKBNR w KQkq - 2 3");
    chess::Error pin = error_of([&] { pinned.resolve(18, 28); });
    CHECK(std::string(pin.what()) == "chess_position_resolve_move: the knight on c3 is pinned by the bishop on b4");

    // A game to checkmate.
    chess::Game game;
    for (const char *san : {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"}) game.push_san(san);
    chess::Move mate = game.push_san("Qxf7#");
    CHECK(game.outcome().termination == CHESS_TERMINATION_CHECKMATE);
    CHECK(game.outcome().winner == CHESS_WHITE);
    CHECK(game.result() == "1-0");
    CHECK(game.position().is_checkmate());
    CHECK(game.moves().size() == 7 && game.moves().back() == mate);
    CHECK(error_of([&] { game.push_san("Ke7"); }).status() == CHESS_ERR_GAME_OVER);
    CHECK(game.undo() == mate);
    CHECK(game.outcome().termination == CHESS_TERMINATION_NONE);
    CHECK(game.redo() == mate);

    chess::Game drawn = chess::Game::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1");
    CHECK(drawn.outcome().termination == CHESS_TERMINATION_INSUFFICIENT_MATERIAL);
    chess::Game nine_pawns =
        chess::Game::from_fen("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", CHESS_RULES_FIDE, CHESS_FEN_RELAXED);
    CHECK(nine_pawns.fen() == "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1");
    CHECK(error_of([] { chess::Game::from_fen("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"); }).status() ==
          CHESS_ERR_INVALID_POSITION);

    // The computer finds the mate in one and can be stopped from another thread.
    chess::Searcher searcher;
    chess::Game back_rank = chess::Game::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    chess_search_limits limits{};
    limits.depth = 3;
    chess_search_result result = searcher.search(back_rank, limits);
    CHECK(back_rank.position().san(result.best_move) == "Ra8#");
    CHECK(error_of([&] { searcher.set_level(static_cast<chess_level>(7)); }).status() == CHESS_ERR_INVALID_LEVEL);

    // Progress through a lambda; an exception in it stops the search and comes back here.
    std::vector<std::uint32_t> depths;
    searcher.search(back_rank, limits, [&](const chess_search_info &info) { depths.push_back(info.depth); });
    CHECK((depths == std::vector<std::uint32_t>{1, 2, 3}));
    bool rethrown = false;
    try {
        searcher.search(back_rank, limits, [](const chess_search_info &) { throw std::runtime_error("enough"); });
    } catch (const std::runtime_error &error) {
        rethrown = std::string(error.what()) == "enough";
    }
    CHECK(rethrown);
    CHECK(back_rank.position().describe(result.best_move) == "White rook a1 to a8, checkmate");
    CHECK(pinned.why_illegal(pinned.parse_san("Nf3")).empty());
    CHECK(pinned.why_illegal(static_cast<chess::Move>(18 | 28 << 6), CHESS_LANG_ZH) == "c3上的马被b4上的象牵制");

    // An endless search ends when `stop` is called from this thread, and plays a legal move.
    chess::Game opening;
    auto search_until_stopped = [&](const std::function<void()> &stop) {
        std::atomic<bool> done{false};
        chess_search_result infinite{};
        std::thread worker([&] {
            chess_search_limits forever{};
            forever.infinite = true;
            infinite = searcher.search(opening, forever);
            done = true;
        });
        for (int i = 0; i < 400 && !done; i++) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            stop();
        }
        worker.join();
        CHECK(done);
        CHECK(opening.position().is_legal(infinite.best_move));
    };
    search_until_stopped([&] { searcher.stop(); });
    // A stop handle stops searches like Searcher::stop() and outlives its Searcher.
    chess::StopHandle stopper = searcher.stop_handle();
    search_until_stopped([&] { stopper.stop(); });
    chess::StopHandle orphan = chess::Searcher().stop_handle();
    orphan.stop();  // its Searcher is gone: nothing to stop
    orphan = std::move(stopper);

    // A Polyglot book of the start position: e2e4 (weight 3), d2d4 (weight 1).
    std::vector<std::uint8_t> bytes;
    for (auto [raw_move, weight] : {std::pair<int, int>{0x031c, 3}, {0x02db, 1}}) {
        for (int i = 0; i < 8; i++) bytes.push_back(std::uint8_t(0x463b96181691fc9cULL >> (56 - 8 * i)));
        for (int part : {raw_move >> 8, raw_move & 0xff, weight >> 8, weight & 0xff, 0, 0, 0, 0})
            bytes.push_back(std::uint8_t(part));
    }
    const chess::Book book = chess::Book::from_bytes(bytes);
    const chess::Position initial;
    CHECK(book.size() == 2);
    std::vector<chess_book_entry> entries = book.entries(initial);
    CHECK(entries.size() == 2 && initial.san(entries[0].mv) == "e4" && entries[1].weight == 1);
    CHECK(book.find(initial).mv == entries[0].mv);
    CHECK(book.weighted_choice(initial, 3).mv == entries[1].mv);
    chess::Position after = initial;
    after.play_san("e4");
    CHECK(book.entries(after).empty() && book.find(after).mv == CHESS_MOVE_NULL);
    bytes.pop_back();
    CHECK(error_of([&] { chess::Book::from_bytes(bytes); }).status() == CHESS_ERR_INVALID_BOOK);
    CHECK(error_of([] { chess::Book::open("/nonexistent.bin"); }).status() == CHESS_ERR_IO);

    // Syzygy tables: two bare kings need none; a queen's table is missing from an empty tablebase.
    chess::Tablebase no_tables;
    const chess::Position kings = chess::Position::from_fen("8/8/8/3k4/8/8/8/K7 w - - 0 1");
    CHECK(no_tables.probe_wdl(kings) == 0 && no_tables.probe_dtz(kings) == 0);
    const chess::Position kqk = chess::Position::from_fen("8/8/8/8/8/1k6/8/1K2Q3 w - - 0 1");
    CHECK(error_of([&] { no_tables.probe_wdl(kqk); }).status() == CHESS_ERR_MISSING_TABLE);
    const chess::Position castling = chess::Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    CHECK(error_of([&] { no_tables.probe_dtz(castling); }).status() == CHESS_ERR_UNSUPPORTED_POSITION);
    CHECK(error_of([] { chess::Tablebase("/nonexistent/syzygy"); }).status() == CHESS_ERR_IO);
    if (const char *src = std::getenv("PYTHON_CHESS_SRC")) {
        const std::string dir = std::string(src) + "/data/syzygy/regular";
        chess::Tablebase tables;
        std::size_t added = 0;
        try {
            added = tables.add_directory(dir);
        } catch (const chess::Error &) {
            std::printf("skipped: %s cannot be read\n", dir.c_str());
        }
        if (added > 0) {
            CHECK(added == 70);
            CHECK(tables.probe_wdl(kqk) == 2);
            const chess::Position kbnk = chess::Position::from_fen("8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1");
            CHECK(tables.probe_wdl(kbnk) == -2 && tables.probe_dtz(kbnk) == -53);
            no_tables = std::move(tables);
            CHECK(no_tables.probe_dtz(kbnk) == -53);
        }
    }

    std::printf("wrapper passed (%d checks)\n", checks);
    return 0;
}
