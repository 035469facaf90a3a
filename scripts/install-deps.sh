#!/usr/bin/env bash
# Installs everything kgpu needs to build and test on Debian 12 (bookworm):
# Debian's LLVM/MLIR 22, Ninja, CMake, GoogleTest, and the SPIR-V tools
# (spirv-val, SPIRV-Cross and its C API, glslangValidator), and the Vulkan
# loader with Mesa's lavapipe for the runtime's tests. Safe to run repeatedly:
# it only calls apt-get when a package is missing.
set -euo pipefail

PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools
  cmake ninja-build g++ git python3
  libgtest-dev
  clang-22 libclang-rt-22-dev
  spirv-tools spirv-cross libspirv-cross-c-shared-dev glslang-tools
  libvulkan-dev libvulkan1 mesa-vulkan-drivers
  zlib1g-dev libzstd-dev libxml2-dev libffi-dev libedit-dev libcurl4-openssl-dev
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
else
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# ptxas and libdevice for the CUDA target (validating PTX, cubins, math
# functions) from NVIDIA's nvidia-cuda-nvcc wheel; no GPU or driver needed.
# CUDA_ROOT for kgpu is then ${KGPU_CUDA_WHEEL_DIR}/nvidia/cu13.
CUDA_WHEEL_DIR="${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}"
CUDA_WHEEL_VERSION="13.5.37"
if [ ! -x "$CUDA_WHEEL_DIR/nvidia/cu13/bin/ptxas" ]; then
  if ! python3 -m pip --version >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends python3-pip
  fi
  echo "install-deps: installing nvidia-cuda-nvcc==$CUDA_WHEEL_VERSION into $CUDA_WHEEL_DIR"
  $SUDO mkdir -p "$CUDA_WHEEL_DIR"
  $SUDO python3 -m pip install -q --disable-pip-version-check --no-deps \
    --target "$CUDA_WHEEL_DIR" "nvidia-cuda-nvcc==$CUDA_WHEEL_VERSION"
fi
