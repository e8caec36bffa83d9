// The generated header compiles as C++17 (-Wall -Wextra -Werror -pedantic) and links.
#include "chess.h"

#include <cstdio>
#include <cstring>
#include <string>

int main() {
    chess_position *pos = nullptr;
    if (chess_position_new(&pos) != CHESS_OK) return 1;
    std::uint64_t nodes = 0;
    if (chess_position_perft(pos, 3, &nodes) != CHESS_OK || nodes != 8902) return 2;
    std::size_t len = 0;
    if (chess_position_to_fen(pos, nullptr, 0, &len) != CHESS_ERR_BUFFER_TOO_SMALL) return 3;
    std::string fen(len, '\0');
    if (chess_position_to_fen(pos, &fen[0], len + 1, nullptr) != CHESS_OK) return 4;
    if (fen != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") return 5;
    chess_position_free(pos);
    std::printf("c++ ok\n");
    return 0;
}
