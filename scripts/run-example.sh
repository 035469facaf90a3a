#!/usr/bin/env bash
# The main job: installs the dependencies, builds kgpu, then compiles the
# saxpy example through kgpu-opt: verifies the kgpu form, then runs the
# upstream NVVM pipeline on its GPU form and prints the PTX kernel entry.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" kgpu-opt

opt="$build/bin/kgpu-opt"
echo "== kgpu form (verified and printed by kgpu-opt)"
"$opt" "$root/examples/saxpy.kgpu.mlir"
echo "== PTX from the gpu form (convert-gpu-to-nvvm + gpu-module-to-binary)"
"$opt" "$root/examples/saxpy.gpu.mlir" --pass-pipeline='builtin.module(
    nvvm-attach-target{chip=sm_90a O=3},
    gpu.module(convert-scf-to-cf,convert-nvvm-to-llvm,convert-gpu-to-nvvm,canonicalize,cse),
    reconcile-unrealized-casts,
    gpu-module-to-binary{format=isa})' |
  python3 "$root/scripts/extract-object.py" -
