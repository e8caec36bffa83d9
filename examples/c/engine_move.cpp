// Loads a FEN (the first argument, or a position where Black's queen hangs), lists the legal
// moves with their descriptions, and asks the computer for a move, printing its progress.
#include "chess.hpp"

#include <cstdio>
#include <iostream>

int main(int argc, char **argv) {
    const char *fen = argc > 1 ? argv[1] : "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4";
    try {
        chess::Game game = chess::Game::from_fen(fen);
        chess::Position position = game.position();
        std::vector<chess::Move> moves = position.legal_moves();
        std::cout << moves.size() << " legal moves in " << position.fen() << "\n";
        for (chess::Move m : moves) std::cout << "  " << position.san(m) << ": " << position.describe(m) << "\n";

        chess::Searcher searcher;
        chess_search_limits limits{};
        limits.depth = 4;
        chess_search_result result = searcher.search(game, limits, [](const chess_search_info &info) {
            std::cout << "depth " << info.depth << " score " << (info.is_mate ? "mate " : "cp ") << info.score
                      << " nodes " << info.nodes << "\n";
        });
        if (result.best_move == CHESS_MOVE_NULL) {
            std::cout << "no legal move\n";
        } else {
            std::cout << "engine plays " << position.san(result.best_move) << " ("
                      << position.describe(result.best_move, CHESS_LANG_ZH) << ")\n";
        }
    } catch (const chess::Error &error) {
        std::cerr << error.status_name() << ": " << error.what() << "\n";
        return 1;
    }
    return 0;
}
