#!/usr/bin/env bash
# Regenerates the checked-in output of every samples/*.fut (review the diff before committing).
set -euo pipefail
cd "$(dirname "$0")/.."
for prog in samples/*.fut; do
  name=$(basename "$prog" .fut)
  for backend in cuda opencl; do
    rm -rf "samples/$name/$backend"
    build/src/driver/fjord "$backend" "$prog" -o "samples/$name/$backend" --executable
  done
done
