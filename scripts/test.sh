#!/usr/bin/env bash
# The whole test suite, from a fresh Debian 12 machine: installs the
# dependencies, builds, and runs every lit and GoogleTest test through ctest.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"

"$root/scripts/install-deps.sh"
start=$(date +%s)
"$root/scripts/build.sh"
echo "build: $(( $(date +%s) - start )) s"
ctest --test-dir "$build" --output-on-failure -j "${KGPU_JOBS:-$(nproc)}"
