"""Shared fixtures of the kgpu Python package's tests (test/Python).

The lit tests (python-*.test) run pytest once per device: KGPU_TEST_DEVICE
is "cpu" or "vulkan" (lavapipe). KGPU_SRC_ROOT and KGPU_OBJ_ROOT locate the
source tree (examples/) and the build (the Kotlin IR dumps)."""

import os

import numpy as np
import pytest

import kgpu

SRC = os.environ.get("KGPU_SRC_ROOT",
                     os.path.join(os.path.dirname(__file__), "..", ".."))
OBJ = os.environ.get("KGPU_OBJ_ROOT", os.path.join(SRC, "build"))


def example(name: str) -> str:
    return os.path.join(SRC, "examples", name, name + ".kgc")


@pytest.fixture(scope="session")
def device() -> kgpu.Device:
    return kgpu.Device(os.environ.get("KGPU_TEST_DEVICE", "cpu"))


@pytest.fixture
def rng():
    return np.random.default_rng(1234)


SAXPY = """
kernel void saxpy(int n, float a, global const float* x, global float* y) {
  for (int i = global_id(0); i < n; i += global_size(0))
    y[i] = a * x[i] + y[i];
}
"""


@pytest.fixture(scope="session")
def saxpy(device) -> kgpu.Kernel:
    return kgpu.compile(SAXPY, targets=[device.api]).saxpy
