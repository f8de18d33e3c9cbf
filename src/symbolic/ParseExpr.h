// Reading back the text that `Expr::str` and `Lmad::str` print, so that textual IR (ir/Parse)
// and tests can state symbolic expressions and LMADs as text.
//
//   lmad    ::= sum "+" "{" [ "(" sum ":" sum ")" ("," "(" sum ":" sum ")")* ] "}"
//   sum     ::= product (("+" | "-") product)*
//   product ::= unary (("*" | "/" | "%") unary)*       -- "/" and "%" by a non-zero constant
//   unary   ::= "-" unary | primary
//   primary ::= INT | NAME | "(" sum ")" | CALL "(" sum "," sum ")"
//   CALL    ::= fjord_floordiv | fjord_floormod | fjord_min | fjord_max
//
// `/` and `%` read as floor division and modulo: the printer writes them only for dividends
// known to be non-negative, where C's and floor semantics agree (Note [Floor division]).
#pragma once
#include "symbolic/Expr.h"
#include "symbolic/Lmad.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace fjord::symbolic {

/// Why a text did not parse: a message (lower-case, no final period) and the byte offset
/// into the text where the problem was found.
struct ExprParseError {
  size_t offset = 0;
  std::string message;
};

/// Parses a whole text as one expression. On failure fills `*error` when non-null.
std::optional<Expr> parseExpr(std::string_view text, ExprParseError* error = nullptr);

/// Parses a whole text as one LMAD `off + {(n : s), ...}`.
std::optional<Lmad> parseLmad(std::string_view text, ExprParseError* error = nullptr);

/// Parses an LMAD at the start of `text` (leading blanks allowed) and stores in `*consumed`
/// the offset just past its closing `}`; what follows is left to the caller.
std::optional<Lmad> parseLmadPrefix(std::string_view text, size_t* consumed,
                                    ExprParseError* error = nullptr);

} // namespace fjord::symbolic
