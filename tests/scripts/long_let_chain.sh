#!/usr/bin/env bash
# A flat chain of 20,000 `let`s is not nesting (#16): the parser loops over it, the front end
# walks it on the driver's large stack, and no stage is quadratic in it. `fjord run` gives
# the chain's value and `fjord opencl` generates code for it.
#   long_let_chain.sh FJORD
set -euo pipefail
fjord=${1:?usage: long_let_chain.sh FJORD}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=20000
{
  echo 'entry main (x: i64) : i64 ='
  echo '  let x0 = x + 1'
  for ((i = 1; i < n; i++)); do echo "  let x$i = x$((i - 1)) + $((i % 3))"; done
  echo "  in x$((n - 1))"
} > "$work/chain.fut"
# x + 1 + (sum over i in 1..n-1 of i % 3)
expected=$(python3 -c "print(f'{5 + 1 + sum(i % 3 for i in range(1, $n))}i64')")
got=$(echo 5 | "$fjord" run "$work/chain.fut")
[ "$got" = "$expected" ] || { echo "long_let_chain: run gave '$got', expected '$expected'" >&2; exit 1; }
"$fjord" opencl "$work/chain.fut" -o "$work/out"
grep -q "x19999" "$work/out/chain_host.cpp" ||
  { echo "long_let_chain: the last binding is not in the generated host code" >&2; exit 1; }
echo "long_let_chain: ok"
