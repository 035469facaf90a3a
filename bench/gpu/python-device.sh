#!/usr/bin/env bash
# The kgpu Python package on the H200 (issue 15), from the repository root:
#   bench/gpu/python-device.sh CARRY_DIR OUT_DIR    (CARRY_DIR: .devcarry/python)
# Prepare here with bench/gpu/python-prepare.sh and copy /work/main/.gl/*.deb
# into .gl/ (the Vulkan loader); then one `run`, carrying .devcarry/python
# and .gl:
#   for f in .gl/*.deb; do dpkg -x $f /; done; ldconfig;
#   export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json;
#   bench/gpu/python-device.sh .devcarry/python $OUT
# Builds the extension from python/ against the carried libkgpu_runtime
# (pip --no-build-isolation: the machine's nanobind and scikit-build-core),
# then runs bench/gpu/python_device.py: the examples through CUDA, Vulkan
# and the CPU against NumPy, a PyTorch CUDA tensor through DLPack with no
# copy (data pointers printed), and the per-launch overhead from Python
# against kgpu-run's. Results: OUT_DIR/python-results.txt.
set -uo pipefail
carry=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
export LD_LIBRARY_PATH="$carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
site=/tmp/kgpu-python
rm -rf "$site" /tmp/kgpu-python-build
start=$(date +%s)
pip_install() {
  python3 -m pip install -q --no-build-isolation --no-deps --no-cache-dir --target "$site" \
    --config-settings=build-dir=/tmp/kgpu-python-build \
    --config-settings=cmake.define.KGPU_LIBRARY_DIR="$carry/lib" "$@" ./python
}
# --break-system-packages only where pip wants it (PEP 668 images).
if ! pip_install > "$out/pip.txt" 2>&1 && ! pip_install --break-system-packages >> "$out/pip.txt" 2>&1; then
  echo "python-device: the extension did not build:"; tail -40 "$out/pip.txt"; exit 1
fi
echo "python-device: extension built in $(( $(date +%s) - start )) s"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 | tee "$out/gpu.txt"
PYTHONPATH="$site" python3 bench/gpu/python_device.py "$carry" "$out"
