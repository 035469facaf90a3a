#!/usr/bin/env bash
# The main job, from a fresh Debian 12 machine: installs the dependencies,
# builds what the Mandelbrot example needs (kgpu-translate, which compiles
# examples/mandelbrot/mandelbrot.kgc to a .kgpu bundle at build time, the
# runtime, and the host program), then runs it on the best device — a CUDA
# GPU, else a hardware Vulkan device, else the CPU (KGPU_DEVICE=cpu|cuda|
# vulkan overrides) — checks the image against the host's computation and
# writes it as a PNG.
#
#   ./scripts/run-example.sh [mandelbrot options, e.g. 4096 or --device cpu]
#
# The image goes to $KGPU_EXAMPLE_OUTPUT, default <build dir>/mandelbrot.png.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${KGPU_BUILD_DIR:-$root/build}"
output="${KGPU_EXAMPLE_OUTPUT:-$build/mandelbrot.png}"

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" example-mandelbrot

# Without --device the example runs on the runtime's best device.
args=("$@")
has_device=0
for a in "${args[@]+"${args[@]}"}"; do
  case "$a" in --device | --device=*) has_device=1 ;; esac
done
if [ "$has_device" -eq 0 ]; then
  args=(--device "${KGPU_DEVICE:-best}" "${args[@]+"${args[@]}"}")
fi

echo "== Mandelbrot on the best device (device, kernel time, check against the host)"
"$build/examples/mandelbrot" --repeat 5 --output "$output" "${args[@]}"
echo "== image: $output"
