#include "../lib/Internal.h"
using namespace kgpu::rt;
namespace {
class StubBackend : public Backend {
public:
  StubBackend(kgpu_backend k, const char *n) : k(k), n(n) {}
  kgpu_backend kind() const override { return k; }
  const char *name() const override { return n; }
  Error enumerate(std::vector<kgpu_device_info> &) override { return Error(KGPU_ERROR_NO_DEVICE, "not built"); }
  Error open(uint32_t, std::unique_ptr<BackendDevice> &) override { return Error(KGPU_ERROR_NO_DEVICE, "not built"); }
  kgpu_backend k; const char *n;
};
}
Backend &kgpu::rt::cudaBackend() { static StubBackend b(KGPU_BACKEND_CUDA, "cuda"); return b; }
