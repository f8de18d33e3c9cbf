#!/usr/bin/env bash
# Installs every Debian package Fjord's build and tests need. Idempotent; run as root
# (or with sudo available) on Debian 12 (bookworm). The CUDA toolkit is optional and is
# not installed here: CMake detects /usr/local/cuda at configure time.
set -euo pipefail

packages=(
  g++ make cmake ninja-build pkgconf ccache
  antlr4 libantlr4-runtime-dev uuid-dev
  libclang-15-dev llvm-15-dev clang-15 clang-format-15
  libz3-dev doctest-dev libfmt-dev libcli11-dev nlohmann-json3-dev zlib1g-dev
  pocl-opencl-icd ocl-icd-opencl-dev opencl-headers clinfo
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
