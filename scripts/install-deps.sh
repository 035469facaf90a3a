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
  libpng-dev
  libzip-dev
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

# The CUDA target's toolkit, without a GPU or a driver, from NVIDIA's wheels:
# nvidia-cuda-nvcc (ptxas, fatbinary, nvlink) and nvidia-nvvm (libdevice,
# which nvidia-cuda-nvcc no longer carries since 13.x). One setting,
# KGPU_CUDA_WHEEL_DIR (default /opt/kgpu/cuda-wheel), is honoured by this
# script, the CMake build (cmake/KgpuAddKernels.cmake), the lit suite and the
# benchmarks; the toolkit root is then $KGPU_CUDA_WHEEL_DIR/nvidia/cu13.
CUDA_WHEEL_DIR="${KGPU_CUDA_WHEEL_DIR:-/opt/kgpu/cuda-wheel}"
CUDA_WHEEL_VERSION="13.5.37"
CUDA_ROOT_DIR="$CUDA_WHEEL_DIR/nvidia/cu13"
# Every file of the toolkit that the build and the tests use.
CUDA_FILES=(bin/ptxas bin/fatbinary nvvm/libdevice/libdevice.10.bc)
# wheel name -> a file it installs
declare -A CUDA_WHEELS=(
  [nvidia-cuda-nvcc]=bin/ptxas
  [nvidia-nvvm]=nvvm/libdevice/libdevice.10.bc
)
missing_wheel=0
for wheel in "${!CUDA_WHEELS[@]}"; do
  if [ ! -e "$CUDA_ROOT_DIR/${CUDA_WHEELS[$wheel]}" ]; then
    missing_wheel=1
  fi
done
if [ "$missing_wheel" -ne 0 ]; then
  if ! python3 -m pip --version >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends python3-pip
  fi
  wheels=()
  for wheel in "${!CUDA_WHEELS[@]}"; do
    wheels+=("$wheel==$CUDA_WHEEL_VERSION")
  done
  echo "install-deps: installing ${wheels[*]} into $CUDA_WHEEL_DIR"
  $SUDO mkdir -p "$CUDA_WHEEL_DIR"
  # All wheels in one pip call: with --target, pip replaces the shared
  # nvidia/ folder on every call. --no-deps: the wheels' other dependencies
  # (CUDA runtime headers and libraries) are not needed to compile kernels;
  # bench/compile_time installs what nvcc needs for itself.
  $SUDO python3 -m pip install -q --disable-pip-version-check --no-deps \
    --upgrade --target "$CUDA_WHEEL_DIR" "${wheels[@]}"
fi

# Postconditions: everything the build and the tests use is there.
fail=0
for tool in cmake ninja clang++-22 llvm-config-22 mlir-opt-22 FileCheck-22 \
            spirv-val spirv-cross glslangValidator; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "install-deps: error: '$tool' is not on PATH after the install" >&2
    fail=1
  fi
done
for f in /usr/lib/llvm-22/lib/cmake/mlir/MLIRConfig.cmake \
         /usr/lib/llvm-22/lib/libMLIR.so \
         /usr/lib/llvm-22/bin/lit \
         /usr/include/gtest/gtest.h \
         /usr/include/vulkan/vulkan.h \
         /usr/share/vulkan/icd.d/lvp_icd.x86_64.json \
         "${CUDA_FILES[@]/#/$CUDA_ROOT_DIR/}"; do
  if [ ! -e "$f" ]; then
    echo "install-deps: error: '$f' is missing after the install" >&2
    fail=1
  fi
done
if [ "$fail" -ne 0 ]; then
  echo "install-deps: the installation is incomplete (see the errors above)" >&2
  exit 1
fi
echo "install-deps: OK (CUDA toolkit files under $CUDA_ROOT_DIR)"
