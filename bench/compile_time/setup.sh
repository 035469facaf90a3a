#!/usr/bin/env bash
# Installs what the compile-time benchmark needs beyond scripts/install-deps.sh:
# nvcc from the nvidia-cuda-nvcc wheel needs the CUDA runtime headers
# (cuda_runtime.h: nvidia-cuda-runtime) and the crt headers (nvidia-cuda-crt)
# to compile even a device-only file, and cicc (nvidia-nvvm). They go into the
# same KGPU_CUDA_WHEEL_DIR (default /opt/kgpu/cuda-wheel), in one pip call
# with the wheels install-deps puts there (pip --target replaces the shared
# nvidia/ folder on every call). run.py calls this when it uses the wheel's
# nvcc and the headers are missing. Safe to run repeatedly.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
"$root/scripts/install-deps.sh"
dir="${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}"
cu="$dir/nvidia/cu13"
version="13.5.37"
need=(bin/nvcc nvvm/bin/cicc include/cuda_runtime.h include/crt/host_config.h)
missing=0
for f in "${need[@]}"; do [ -e "$cu/$f" ] || missing=1; done
if [ "$missing" -ne 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "bench/compile_time/setup.sh: installing the CUDA runtime and crt headers into $dir"
  $SUDO python3 -m pip install -q --disable-pip-version-check --no-deps \
    --upgrade --target "$dir" \
    "nvidia-cuda-nvcc==$version" "nvidia-nvvm==$version" \
    "nvidia-cuda-runtime==$version" "nvidia-cuda-crt==$version"
fi
for f in "${need[@]}"; do
  if [ ! -e "$cu/$f" ]; then
    echo "bench/compile_time/setup.sh: error: '$cu/$f' is missing" >&2
    exit 1
  fi
done
echo "bench/compile_time/setup.sh: OK (nvcc: $cu/bin/nvcc)"
