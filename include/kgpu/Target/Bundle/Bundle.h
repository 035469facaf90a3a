//===- Bundle.h - moved to kgpu/Bundle/Bundle.h -----------------*- C++ -*-===//
//
// The bundle format is the KgpuBundle library (lib/Bundle) now; this header
// only forwards, for code written before the move. Include
// "kgpu/Bundle/Bundle.h".
//
//===----------------------------------------------------------------------===//

#include "kgpu/Bundle/Bundle.h"
