#!/usr/bin/env bash
# Builds the pack of bench/gpu/round4-device.sh (issue 13, fourth round) into
# DEST (default .devcarry/round4): the table's pack (prepare.sh), the
# runtime before guided CPU scheduling as lib-old/ (RUNTIME_OLD, a
# libkgpu_runtime.so built from 6786d6b^), and the parallel-for variants
# (pf-variants-prepare.sh). Then one run on nvidia-h200 with carry
# [".devcarry/round4", ".gl"]:  bash bench/gpu/round4-device.sh .devcarry/round4 $OUT
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dest="${1:-$root/.devcarry/round4}"
bash "$root/bench/gpu/prepare.sh" "$dest/table"
bash "$root/bench/gpu/pf-variants-prepare.sh" "$dest/pfv"
if [ -n "${RUNTIME_OLD:-}" ]; then
  mkdir -p "$dest/table/lib-old"
  cp -L "$RUNTIME_OLD" "$dest/table/lib-old/libkgpu_runtime.so"
fi
cp "$root/bench/gpu/round4-device.sh" "$dest/"
du -sh "$dest"
