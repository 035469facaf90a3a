// Drives the JVM host binding (dev.kgpu.runtime, docs/jvm-host.md) against
// the build's libkgpu_runtime and libkgpu_compiler: binding.test runs it.
//   HostBindingTest run SPEC KGC BUNDLE  vector add (KGC: vadd.kgc) compiled in
//       memory, loaded from BUNDLE (kgpu-translate) and from a Java class,
//       checked against Java
//   HostBindingTest compile-error    a kgc and a Java error's CompileException
//   HostBindingTest missing          the exception for a missing library
//   HostBindingTest default          the default device (KGPU_DEVICE)
//   HostBindingTest threads KGC      8 threads launching at once on the CPU
import dev.kgpu.runtime.Buffer;
import dev.kgpu.runtime.Bundle;
import dev.kgpu.runtime.CompileException;
import dev.kgpu.runtime.Compiler;
import dev.kgpu.runtime.Device;
import dev.kgpu.runtime.DeviceInfo;
import dev.kgpu.runtime.Event;
import dev.kgpu.runtime.Kernel;
import dev.kgpu.runtime.Kgpu;
import dev.kgpu.runtime.KgpuException;
import dev.kgpu.runtime.LaunchConfig;
import dev.kgpu.runtime.LibraryNotFoundException;
import dev.kgpu.runtime.Module;
import dev.kgpu.runtime.Queue;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;

public class HostBindingTest {
  static final int N = 1000;

  static float[] a = new float[N], b = new float[N], ref = new float[N];

  public static void main(String[] args) throws Exception {
    for (int i = 0; i < N; i++) {
      a[i] = i * 0.25f - 7.0f;
      b[i] = (i % 13) * 1.5f;
      ref[i] = a[i] * 0.5f + b[i];
    }
    switch (args[0]) {
      case "run" -> run(args[1], Files.readString(Path.of(args[2])), Path.of(args[3]));
      case "compile-error" -> {
        compileError();
        javaCompileError();
      }
      case "missing" -> missing();
      case "default" -> defaultDevice();
      case "threads" -> threads(Files.readString(Path.of(args[1])));
      case "heap-chunks" -> heapChunks(args[1]);
      default -> throw new IllegalArgumentException(args[0]);
    }
  }

  static int mismatches(float[] got, float[] want) {
    int bad = 0;
    for (int i = 0; i < want.length; i++) {
      if (Float.floatToRawIntBits(got[i]) != Float.floatToRawIntBits(want[i])) {
        bad++;
      }
    }
    return bad;
  }

  static float[] launchCopy(Device d, Kernel k, LaunchConfig cfg, boolean withN) {
    try (Buffer ba = d.createBuffer(4L * N); Buffer bb = d.createBuffer(4L * N);
         Buffer bc = d.createBuffer(4L * N)) {
      ba.upload(MemorySegment.ofArray(a));
      bb.upload(MemorySegment.ofArray(b));
      long ns = withN ? k.launch(cfg, ba, bb, bc, N) : k.launch(cfg, ba, bb, bc);
      if (ns < 0) {
        throw new AssertionError("negative time");
      }
      float[] c = new float[N];
      bc.download(MemorySegment.ofArray(c));
      return c;
    }
  }

  static void run(String spec, String kgc, Path bundleFile) throws Exception {
    System.out.println("runtime " + Kgpu.runtimeVersion() + " compiler " + Kgpu.compilerVersion());
    for (DeviceInfo info : Device.list()) {
      System.out.println("listed: " + info.spec() + " software=" + info.isSoftware());
    }
    String target = spec.startsWith("vulkan") ? "vulkan" : "cpu";
    try (Device d = Device.open(spec)) {
      System.out.println("device: " + d.info().spec() + " backend=" + d.info().backend()
          + " max_wg_invocations>0=" + (d.info().maxWorkgroupInvocations() > 0));

      // 1. kgc source compiled in memory, buffers copied in and out.
      Bundle bundle = Compiler.compile(kgc, "vadd.kgc", Compiler.Options.defaults().targets(target));
      try (Module m = d.load(bundle)) {
        Kernel k = m.kernel("vadd");
        System.out.println("kernel " + k.name() + " " + k.model() + " dims=" + k.dims() + " params=" + k.params());
        float[] c = launchCopy(d, k, LaunchConfig.global(k, N), true);
        System.out.println("kgc vadd: " + mismatches(c, ref) + " mismatches of " + N);

        // Asynchronous launch on a queue, with its event's time.
        try (Queue q = d.createQueue(); Buffer ba = d.createBuffer(4L * N);
             Buffer bb = d.createBuffer(4L * N); Buffer bc = d.createBuffer(4L * N)) {
          ba.upload(MemorySegment.ofArray(a));
          bb.upload(MemorySegment.ofArray(b));
          try (Event e = k.launch(q, LaunchConfig.global(k, N), ba, bb, bc, N)) {
            e.await();
            System.out.println("event: done=" + e.isDone() + " time>=0=" + (e.elapsedNanos() >= 0));
          }
          float[] c2 = new float[N];
          bc.download(MemorySegment.ofArray(c2));
          System.out.println("async vadd: " + mismatches(c2, ref) + " mismatches");

          // A wrong argument: the runtime's message, as an exception.
          try {
            k.launch(LaunchConfig.global(k, N), ba, bb, bc, 1.0f);
            System.out.println("argument mismatch: NOT REJECTED");
          } catch (KgpuException e) {
            System.out.println("argument mismatch: " + e.statusName() + ": " + e.getMessage());
          }
        }

        // 2. Zero-copy: an off-heap segment wrapped as a buffer.
        try (Arena arena = Arena.ofConfined()) {
          MemorySegment sa = arena.allocate(4L * N, 64), sb = arena.allocate(4L * N, 64),
              sc = arena.allocate(4L * N, 64);
          MemorySegment.copy(a, 0, sa, ValueLayout.JAVA_FLOAT, 0, N);
          MemorySegment.copy(b, 0, sb, ValueLayout.JAVA_FLOAT, 0, N);
          try (Buffer wa = d.wrap(sa); Buffer wb = d.wrap(sb); Buffer wc = d.wrap(sc)) {
            System.out.println("zero-copy: native handle == segment address: "
                + (wc.nativeHandle() == sc.address()) + ", external=" + wc.isExternal());
            k.launch(LaunchConfig.global(k, N), wa, wb, wc, N);
            float[] c3 = sc.toArray(ValueLayout.JAVA_FLOAT);
            System.out.println("zero-copy vadd (read from the segment, no download): "
                + mismatches(c3, ref) + " mismatches");
            try (Buffer wp = d.wrapDevicePointer(sc.address(), sc.byteSize())) {
              System.out.println("wrapDevicePointer: native handle == address: "
                  + (wp.nativeHandle() == sc.address()) + ", segment=" + wp.segment());
            }
          } catch (KgpuException e) {
            System.out.println("zero-copy: " + e.statusName() + ": " + e.getMessage());
          }
        }
      }

      // 3. A bundle file (kgpu-translate) loaded by path.
      try (Module m = d.load(bundleFile)) {
        Kernel k = m.kernel("vadd");
        float[] c = launchCopy(d, k, LaunchConfig.global(k, N), true);
        System.out.println("file vadd: " + mismatches(c, ref) + " mismatches");
      }

      // 4. A Java kernel: its class bytes compiled in process.
      byte[] cls;
      try (InputStream in = HostBindingTest.class.getResourceAsStream("/JavaVectorAdd.class")) {
        cls = in.readAllBytes();
      }
      float[] jref = new float[N];
      JavaVectorAdd.add(a, b, jref);
      Bundle jb = Compiler.compile(cls, "JavaVectorAdd.class", Compiler.Options.defaults().targets(target));
      try (Module m = d.load(jb)) {
        Kernel k = m.kernels().get(0);
        System.out.println("java kernel " + k.name() + " " + k.model() + " params=" + k.params());
        float[] c = launchCopy(d, k, LaunchConfig.defaults(), false);
        System.out.println("java vadd: " + mismatches(c, jref) + " mismatches against the JVM");
      }

      // 5. The same class in a jar, built in memory.
      java.io.ByteArrayOutputStream jar = new java.io.ByteArrayOutputStream();
      try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(jar)) {
        out.putNextEntry(new java.util.jar.JarEntry("JavaVectorAdd.class"));
        out.write(cls);
        out.closeEntry();
      }
      Bundle jarBundle = Compiler.compile(jar.toByteArray(), "kernels.jar",
          Compiler.Options.defaults().targets(target).kernel("JavaVectorAdd::add"));
      try (Module m = d.load(jarBundle)) {
        Kernel k = m.kernels().get(0);
        float[] c = launchCopy(d, k, LaunchConfig.defaults(), false);
        System.out.println("jar vadd " + k.name() + ": " + mismatches(c, jref) + " mismatches against the JVM");
      }
    }
  }

  static void compileError() {
    try {
      Compiler.compile("kernel void bad(global float* x) {\n  x[0] = y;\n}\n", "bad.kgc",
          Compiler.Options.defaults().targets("cpu"));
      System.out.println("compile error: NOT REPORTED");
    } catch (CompileException e) {
      System.out.println("compile error: " + e.statusName());
      System.out.println(e.getMessage());
      System.out.println("first diagnostic: " + e.diagnostics().get(0));
    }
  }

  static void threads(String kgc) throws Exception {
    Bundle bundle = Compiler.compile(kgc, "vadd.kgc", Compiler.Options.defaults().targets("cpu"));
    int threads = 8, launches = 50;
    java.util.concurrent.atomic.AtomicInteger bad = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.atomic.AtomicInteger rejected = new java.util.concurrent.atomic.AtomicInteger();
    java.util.concurrent.ConcurrentLinkedQueue<Throwable> errors = new java.util.concurrent.ConcurrentLinkedQueue<>();
    Thread[] ts = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      ts[t] = new Thread(() -> {
        try (Device d = Device.open("cpu"); Module m = d.load(bundle)) {
          Kernel k = m.kernel("vadd");
          for (int i = 0; i < launches; i++) {
            bad.addAndGet(mismatches(launchCopy(d, k, LaunchConfig.global(k, N), true), ref));
          }
          try {
            k.launch(LaunchConfig.global(k, N), 1, 2, 3, 4);
          } catch (KgpuException e) {
            if (e.statusName().equals("KGPU_ERROR_ARGUMENT_MISMATCH") && e.getMessage().contains("'a'")) {
              rejected.incrementAndGet();
            }
          }
        } catch (Throwable e) {
          errors.add(e);
        }
      });
      ts[t].start();
    }
    for (Thread t : ts) {
      t.join();
    }
    for (Throwable e : errors) {
      e.printStackTrace();
    }
    System.out.println("threads: " + threads + " x " + launches + " launches, " + bad.get()
        + " mismatches, " + errors.size() + " errors, " + rejected.get() + " mismatched launches rejected");
  }

  /**
   * Heap arrays larger than the binding's staging chunk (16 MiB) at an
   * offset: every chunk lands at its place, both ways (Buffer.transfer
   * moves heap segments through a reused native segment, chunk by chunk).
   */
  static void heapChunks(String spec) {
    int n = (2 << 20) * 4 + 3; // 2 chunks of floats and 12 bytes
    float[] up = new float[n];
    for (int i = 0; i < n; i++) {
      up[i] = i * 0.5f - 3.0f;
    }
    try (Device d = Device.open(spec); Buffer buf = d.createBuffer(4L * n + 8)) {
      buf.upload(MemorySegment.ofArray(up), 8);
      float[] down = new float[n];
      buf.download(MemorySegment.ofArray(down), 8);
      float[] head = new float[2];
      buf.download(MemorySegment.ofArray(head), 0);
      System.out.println("heap chunks: " + mismatches(down, up) + " mismatches of " + n + ", head "
          + head[0] + " " + head[1]);
      float[] empty = new float[0];
      buf.upload(MemorySegment.ofArray(empty), 4L * n + 8);
      try {
        buf.upload(MemorySegment.ofArray(up), 12);
        System.out.println("overrun: NOT REJECTED");
      } catch (KgpuException e) {
        System.out.println("overrun: " + e.statusName());
      }
    }
  }

  static void defaultDevice() {
    try (Device d = Device.open()) {
      System.out.println("default device: " + d.info().spec());
    }
    try (Device d = Device.open("nosuch")) {
      System.out.println("bad spec: NOT REJECTED: " + d);
    } catch (KgpuException e) {
      System.out.println("bad spec: " + e.statusName() + ": " + e.getMessage());
    }
  }

  static void javaCompileError() throws Exception {
    byte[] cls;
    try (InputStream in = HostBindingTest.class.getResourceAsStream("/JavaBad.class")) {
      cls = in.readAllBytes();
    }
    try {
      Compiler.compile(cls, "JavaBad.class", Compiler.Options.defaults().targets("cpu"));
      System.out.println("java compile error: NOT REPORTED");
    } catch (CompileException e) {
      System.out.println("java compile error: " + e.statusName());
      System.out.println(e.getMessage());
      System.out.println("java first diagnostic: " + e.diagnostics().get(0));
    }
  }

  static void missing() {
    try {
      Device.list();
      System.out.println("missing: NOT REPORTED");
    } catch (LibraryNotFoundException e) {
      System.out.println("missing: " + e.library() + ": " + e.getMessage());
    }
    try {
      Compiler.version();
      System.out.println("missing compiler: NOT REPORTED");
    } catch (LibraryNotFoundException e) {
      System.out.println("missing compiler: " + e.getMessage());
    }
  }
}
