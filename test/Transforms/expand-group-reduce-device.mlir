// RUN: kgpu-opt %s --kgpu-expand-group-reduce -verify-diagnostics

func.func @d(%v: f32) -> f32 attributes {kgpu.device} {
  // expected-error @+1 {{'kgpu.group_reduce' op in a device function is not supported yet; reduce in the kernel itself}}
  %s = kgpu.group_reduce add %v : f32
  return %s : f32
}
