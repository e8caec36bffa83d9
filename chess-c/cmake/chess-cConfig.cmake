# CMake package config for chess-c, for a checkout of this repository:
#
#   cargo build --release -p chess-c
#   cmake -S app -B build -Dchess-c_DIR=/path/to/chess/chess-c/cmake
#
# and in the app's CMakeLists.txt:
#
#   find_package(chess-c CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE chess-c::chess-c)          # the shared library
#   target_link_libraries(app PRIVATE chess-c::chess-c-static)   # or the static one
#
# CHESS_C_LIBDIR is the folder holding libchess_c.so and libchess_c.a (default: the
# workspace's target/release).

get_filename_component(_chess_c_root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(CHESS_C_INCLUDE_DIR "${_chess_c_root}/include")
if(NOT CHESS_C_LIBDIR)
  get_filename_component(CHESS_C_LIBDIR "${_chess_c_root}/../target/release" ABSOLUTE)
endif()
set(CHESS_C_VERSION 0.1.0)

find_package(Threads REQUIRED)

if(NOT TARGET chess-c::chess-c)
  add_library(chess-c::chess-c SHARED IMPORTED)
  set_target_properties(chess-c::chess-c PROPERTIES
    IMPORTED_LOCATION "${CHESS_C_LIBDIR}/libchess_c.so"
    INTERFACE_INCLUDE_DIRECTORIES "${CHESS_C_INCLUDE_DIR}")
endif()

if(NOT TARGET chess-c::chess-c-static)
  add_library(chess-c::chess-c-static STATIC IMPORTED)
  set_target_properties(chess-c::chess-c-static PROPERTIES
    IMPORTED_LOCATION "${CHESS_C_LIBDIR}/libchess_c.a"
    INTERFACE_INCLUDE_DIRECTORIES "${CHESS_C_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "Threads::Threads;${CMAKE_DL_LIBS};m")
endif()

if(NOT EXISTS "${CHESS_C_LIBDIR}/libchess_c.so" AND NOT EXISTS "${CHESS_C_LIBDIR}/libchess_c.a")
  set(chess-c_FOUND FALSE)
  set(chess-c_NOT_FOUND_MESSAGE "no libchess_c in ${CHESS_C_LIBDIR}: run cargo build --release -p chess-c, or set CHESS_C_LIBDIR")
endif()

unset(_chess_c_root)
