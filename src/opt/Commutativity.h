// Commutativity of reduction operators built from commutative primitive operations.
#pragma once
#include "ir/IR.h"

namespace fjord::opt {

/// Whether the operator of `r` is provably commutative: for k operands (2k parameters
/// x_1..x_k, y_1..y_k), every result i is `x_i op y_i` or `y_i op x_i` computed by one
/// statement of the body, with `op` one of + * min max & | ^ on integers, + * min max on
/// floats, && || & | ^ == on bools; and no statement of the body can fail. Float + and *
/// count: they are commutative (it is associativity that floats lack, and every reduction
/// already assumes associativity).
bool provablyCommutative(const ir::RedOp& r);

/// Marks every reduction and scan operator of the program that is provably commutative
/// (see above) as `commutative`, so that kernels may combine elements in any order (a GPU
/// reduction's threads then stride through the input: coalesced reads).
/// Requires: core stage. Guarantees: the same program, more operators marked commutative.
///   reduce {(\(a, b) -> {add.i32 b a}, {0i32})}  ==>  reduce {(commutative \(a, b) -> ..., {0i32})}
ir::Prog markCommutative(ir::Prog prog);

} // namespace fjord::opt
