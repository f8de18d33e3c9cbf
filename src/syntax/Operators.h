// Precedence and associativity of binary operators. Futhark's operators are user-definable;
// each one binds like the built-in operator its name starts with (grammar-notes.md):
//
//   level  operators (by leading characters)          associativity
//     1    `f` (a function name in backticks)        left
//     2    with (array and record update)            left
//     3    |>...                                     left
//     4    <|...                                     right
//     5    ||...                                     left
//     6    &&...                                     left
//     7    < > = ! ... (comparisons, >-> <-<)        left
//     8    & ^ | ...                                 left
//     9    << >> ...                                 left
//    10    + - ...                                   left
//    11    * / % // %% ...                           left
//    12    **...                                     left
//
// Looser than all of them: ranges and `:`/`:>` (in the grammar). Tighter: prefix `-` and `!`,
// application, indexing and field access (also in the grammar).
#pragma once
#include <string_view>

namespace fjord::syntax {

enum class Assoc { Left, Right };

struct OpPrecedence {
  int level = 0; ///< higher binds tighter
  Assoc assoc = Assoc::Left;
};

constexpr int kBacktickLevel = 1;
constexpr int kWithLevel = 2;

/// The precedence of the symbolic binary operator `op` (e.g. "+", "|>", "+^", ">->"),
/// decided by its leading characters.
OpPrecedence operatorPrecedence(std::string_view op);

/// True for a name made of operator characters (`+^`), false for an identifier.
bool isSymbolicOperator(std::string_view name);

} // namespace fjord::syntax
