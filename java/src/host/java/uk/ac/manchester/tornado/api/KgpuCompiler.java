// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

import dev.kgpu.runtime.Bundle;
import dev.kgpu.runtime.CompileException;
import dev.kgpu.runtime.Compiler;
import dev.kgpu.runtime.Kernel;
import dev.kgpu.runtime.KgpuException;
import dev.kgpu.runtime.LibraryNotFoundException;
import dev.kgpu.runtime.Module;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.lang.annotation.Annotation;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodType;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import uk.ac.manchester.tornado.api.annotations.Reduce;
import uk.ac.manchester.tornado.api.exceptions.TornadoCompilationException;
import uk.ac.manchester.tornado.api.exceptions.TornadoRuntimeException;

/**
 * Run-time compilation of a task: the static method behind the task's
 * method reference (its SerializedLambda), its class's bytes from the class
 * loader, compiled by libkgpu_compiler for the device's target, cached in
 * memory and on disk; or a bundle resource on the class path, used as is.
 */
final class KgpuCompiler {
    static final AtomicLong COMPILATIONS = new AtomicLong();
    static final AtomicLong DISK_HITS = new AtomicLong();
    static final AtomicLong RESOURCES = new AtomicLong();

    /** Bumped when what the key covers, or the way bundles are made, changes. */
    private static final String KEY_VERSION = "kgpu-tornado-host 1";

    /** A task's method, found from its lambda. */
    record MethodRef(ClassLoader loader, String internalClass, String name, String descriptor, Method method,
            boolean[] kernelContext, boolean[] reduce) {
        String display() {
            String c = internalClass.substring(internalClass.lastIndexOf('/') + 1);
            return c + "::" + name;
        }
    }

    /** A compiled task for one device. */
    record Compiled(MethodRef ref, Kernel kernel, String origin, long compileNanos) {
        /** The launch of a task that needs no WorkerGrid and has none (null: a KernelContext task). */
        dev.kgpu.runtime.LaunchConfig fixedConfig() {
            for (boolean b : ref.kernelContext()) {
                if (b) {
                    return null;
                }
            }
            return kernel.model() == Kernel.Model.PARALLEL_LOOP ? PARALLEL : SINGLE;
        }
    }

    private static final dev.kgpu.runtime.LaunchConfig PARALLEL = dev.kgpu.runtime.LaunchConfig.defaults();
    private static final dev.kgpu.runtime.LaunchConfig SINGLE = dev.kgpu.runtime.LaunchConfig.grid(1, 1, 1)
            .local(1, 1, 1);

    private static final Map<Class<?>, MethodRef> REFS = new ConcurrentHashMap<>();
    private static final Map<String, byte[]> BUNDLES = new ConcurrentHashMap<>();
    private static final Map<String, Module> MODULES = new ConcurrentHashMap<>();

    private KgpuCompiler() {}

    static boolean log() {
        String v = System.getProperty("kgpu.log");
        if (v == null) {
            v = System.getenv("KGPU_LOG");
        }
        return v != null && (v.contains("compile") || v.contains("all"));
    }

    /** KGPU_CACHE_DIR / -Dkgpu.cache.dir, else $XDG_CACHE_HOME/kgpu, else ~/.cache/kgpu; null when off. */
    static Path cacheDir() {
        String off = System.getProperty("kgpu.cache", System.getenv("KGPU_CACHE"));
        if (off != null && (off.equals("0") || off.equalsIgnoreCase("false") || off.equalsIgnoreCase("off"))) {
            return null;
        }
        String d = System.getProperty("kgpu.cache.dir");
        if (d == null || d.isEmpty()) {
            d = System.getenv("KGPU_CACHE_DIR");
        }
        if (d == null || d.isEmpty()) {
            String xdg = System.getenv("XDG_CACHE_HOME");
            Path base = xdg != null && !xdg.isEmpty() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
            return base.resolve("kgpu");
        }
        return Path.of(d);
    }

    /** The method behind {@code code}, a serializable static method reference. */
    static MethodRef methodOf(String task, Serializable code) {
        return REFS.computeIfAbsent(code.getClass(), c -> resolve(task, code));
    }

    private static MethodRef resolve(String task, Serializable code) {
        SerializedLambda sl;
        try {
            Method wr = code.getClass().getDeclaredMethod("writeReplace");
            wr.setAccessible(true);
            Object o = wr.invoke(code);
            if (!(o instanceof SerializedLambda s)) {
                throw new NoSuchMethodException("writeReplace gave a " + (o == null ? "null" : o.getClass().getName()));
            }
            sl = s;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new TornadoRuntimeException("[ERROR] task '" + task + "': " + code.getClass().getName()
                    + " is not a serializable method reference (no writeReplace() giving a SerializedLambda: "
                    + e + "). Give a static method reference, Class::method (in Groovy, from a @CompileStatic class)", e);
        }
        String display = sl.getImplClass().substring(sl.getImplClass().lastIndexOf('/') + 1) + "::"
                + sl.getImplMethodName();
        if (sl.getImplMethodKind() != MethodHandleInfo.REF_invokeStatic) {
            throw new TornadoRuntimeException("[UNSUPPORTED] kgpu: task '" + task + "': " + display + " is "
                    + MethodHandleInfo.referenceKindToString(sl.getImplMethodKind())
                    + "; kgpu compiles static methods only");
        }
        if (sl.getImplMethodName().startsWith("lambda$") || sl.getCapturedArgCount() != 0) {
            throw new TornadoRuntimeException("[UNSUPPORTED] kgpu: task '" + task + "' is a lambda expression ("
                    + display + "); give a method reference to a static method (Class::method)");
        }
        ClassLoader loader = code.getClass().getClassLoader();
        if (loader == null) {
            loader = ClassLoader.getSystemClassLoader();
        }
        Method method;
        try {
            Class<?> cls = Class.forName(sl.getImplClass().replace('/', '.'), false, loader);
            Class<?>[] types = MethodType.fromMethodDescriptorString(sl.getImplMethodSignature(), loader)
                    .parameterArray();
            method = cls.getDeclaredMethod(sl.getImplMethodName(), types);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new TornadoRuntimeException("[ERROR] task '" + task + "': cannot find " + display
                    + sl.getImplMethodSignature() + ": " + e, e);
        }
        if (!Modifier.isStatic(method.getModifiers())) {
            throw new TornadoRuntimeException("[UNSUPPORTED] kgpu: task '" + task + "': " + display
                    + " is not static; kgpu compiles static methods only");
        }
        Class<?>[] types = method.getParameterTypes();
        Annotation[][] ann = method.getParameterAnnotations();
        boolean[] kc = new boolean[types.length];
        boolean[] red = new boolean[types.length];
        for (int i = 0; i < types.length; i++) {
            kc[i] = types[i] == KernelContext.class;
            for (Annotation a : ann[i]) {
                red[i] |= a instanceof Reduce;
            }
        }
        return new MethodRef(loader, sl.getImplClass(), sl.getImplMethodName(), sl.getImplMethodSignature(), method,
                kc, red);
    }

    private static byte[] classBytes(String task, MethodRef ref) {
        String res = ref.internalClass() + ".class";
        try (InputStream in = ref.loader().getResourceAsStream(res)) {
            if (in == null) {
                throw new TornadoRuntimeException("[ERROR] task '" + task + "': the class loader of "
                        + ref.display() + " has no resource " + res + " to compile (kgpu reads the class's bytes)");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new TornadoRuntimeException("[ERROR] task '" + task + "': reading " + res + ": " + e, e);
        }
    }

    /** The bundle resource a build may put on the class path for a class. */
    static String resourceName(MethodRef ref) {
        return "META-INF/kgpu/" + ref.internalClass() + ".kgpu";
    }

    /** The kernel of {@code task} for {@code device}: from the caches, a resource, or compiled now. */
    static Compiled compile(String task, Serializable code, KgpuDevice device) {
        MethodRef ref = methodOf(task, code);
        long t0 = System.nanoTime();
        String target = device.target();
        String spec = device.info().spec();
        URL resource = ref.loader().getResource(resourceName(ref));
        String key;
        byte[] bundle;
        String origin;
        if (resource != null) {
            key = "resource:" + resource;
            bundle = BUNDLES.get(key);
            origin = "bundle resource " + resourceName(ref);
            if (bundle == null) {
                try (InputStream in = resource.openStream()) {
                    bundle = in.readAllBytes();
                } catch (IOException e) {
                    throw new TornadoRuntimeException("[ERROR] task '" + task + "': reading " + resource + ": " + e, e);
                }
                BUNDLES.put(key, bundle);
                RESOURCES.incrementAndGet();
                note("kgpu: " + ref.display() + " for " + target + ": " + origin);
            }
        } else {
            List<String> names = new ArrayList<>();
            List<byte[]> classes = new ArrayList<>();
            collect(task, ref, names, classes);
            try {
                key = key(classes, ref, target);
            } catch (LibraryNotFoundException e) {
                // libkgpu_compiler is loaded here, lazily: a program whose
                // kernels are all bundle resources never needs it.
                throw new TornadoRuntimeException("[ERROR] task '" + task + "' (" + ref.display()
                        + ") must be compiled for " + spec + ", which needs libkgpu_compiler (or a bundle of its class"
                        + " on the class path, " + resourceName(ref) + "): " + e.getMessage(), e);
            }
            bundle = BUNDLES.get(key);
            origin = "memory cache";
            if (bundle == null) {
                Path dir = cacheDir();
                Path file = dir == null ? null : dir.resolve(key + ".kgpu");
                if (file != null && Files.isRegularFile(file)) {
                    try {
                        bundle = Files.readAllBytes(file);
                        origin = "disk cache";
                        DISK_HITS.incrementAndGet();
                        note("kgpu: " + ref.display() + " for " + target + ": disk cache " + file);
                    } catch (IOException e) {
                        bundle = null;
                    }
                }
                if (bundle == null) {
                    bundle = compileNow(task, ref, names, classes, target, device);
                    origin = "compiled";
                    COMPILATIONS.incrementAndGet();
                    note("kgpu: compiled " + ref.display() + " for " + target + " in "
                            + (System.nanoTime() - t0) / 1_000_000 + " ms (key " + key.substring(0, 16) + ")");
                    if (file != null) {
                        store(dir, file, bundle);
                    }
                }
                BUNDLES.put(key, bundle);
            }
        }
        final byte[] bytes = bundle;
        final String org = origin;
        Module module;
        try {
            module = MODULES.computeIfAbsent(spec + "|" + key, k -> device.open().load(bytes));
        } catch (KgpuException e) {
            throw new TornadoRuntimeException("[ERROR] task '" + task + "': " + ref.display() + " ("
                    + org + ") does not load on " + spec + ": " + e.getMessage(), e);
        }
        Kernel kernel = pick(task, ref, module, org);
        return new Compiled(ref, kernel, origin, System.nanoTime() - t0);
    }

    private static Kernel pick(String task, MethodRef ref, Module module, String origin) {
        List<Kernel> ks = module.kernels();
        if (ks.size() == 1 && !origin.startsWith("bundle resource")) {
            return ks.get(0);
        }
        for (Kernel k : ks) {
            if (k.name().equals(ref.name())) {
                return k;
            }
        }
        List<String> names = new ArrayList<>();
        for (Kernel k : ks) {
            names.add(k.name());
        }
        throw new TornadoRuntimeException("[ERROR] task '" + task + "': the " + origin + " has no kernel '"
                + ref.name() + "' (it has " + names + ")");
    }

    private static byte[] compileNow(String task, MethodRef ref, List<String> names, List<byte[]> classes,
            String target, KgpuDevice device) {
        String binary = ref.internalClass().replace('/', '.');
        String simple = ref.internalClass().substring(ref.internalClass().lastIndexOf('/') + 1);
        Compiler.Options opts = Compiler.Options.defaults().targets(target)
                .kernel(binary + "::" + ref.name() + ref.descriptor());
        try {
            // The kernel's class alone, or with the classes it uses, as a jar.
            Bundle b = classes.size() == 1 ? Compiler.compile(classes.get(0), simple + ".class", opts)
                    : Compiler.compile(jar(names, classes), simple + "-kernel.jar", opts);
            return b.bytes();
        } catch (CompileException e) {
            throw new TornadoCompilationException("[kgpu] task '" + task + "' (" + ref.display()
                    + ") does not compile for " + device.info().spec() + ":\n" + e.getMessage().strip(), e);
        } catch (KgpuException e) {
            throw new TornadoCompilationException("[kgpu] task '" + task + "' (" + ref.display()
                    + "): the compiler failed: " + e.getMessage(), e);
        }
    }

    /** Classes a kernel's class may call into that are the user's, not the JDK's or an API's. */
    private static boolean candidate(String internalName) {
        for (String p : new String[] {"java/", "javax/", "jdk/", "sun/", "com/sun/", "kotlin/", "groovy/",
                "org/codehaus/groovy/", "org/apache/groovy/", "uk/ac/manchester/tornado/api/", "kgpu/", "dev/kgpu/"}) {
            if (internalName.startsWith(p)) {
                return false;
            }
        }
        return !internalName.startsWith("[");
    }

    /** The most classes compiled with a kernel's class. */
    private static final int MAX_CLASSES = 64;

    /**
     * The kernel's class and, transitively, the user classes its constant
     * pool names (static helpers may live there) that its class loader has.
     */
    private static void collect(String task, MethodRef ref, List<String> names, List<byte[]> classes) {
        java.util.ArrayDeque<String> todo = new java.util.ArrayDeque<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        seen.add(ref.internalClass());
        names.add(ref.internalClass());
        classes.add(classBytes(task, ref));
        ClassFileNames.referenced(classes.get(0), seen, todo);
        while (!todo.isEmpty() && classes.size() < MAX_CLASSES) {
            String n = todo.poll();
            if (!candidate(n)) {
                continue;
            }
            byte[] bytes;
            try (InputStream in = ref.loader().getResourceAsStream(n + ".class")) {
                if (in == null) {
                    continue;
                }
                bytes = in.readAllBytes();
            } catch (IOException e) {
                continue;
            }
            names.add(n);
            classes.add(bytes);
            ClassFileNames.referenced(bytes, seen, todo);
        }
    }

    private static byte[] jar(List<String> names, List<byte[]> classes) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (java.util.jar.JarOutputStream jar = new java.util.jar.JarOutputStream(out)) {
            for (int i = 0; i < names.size(); i++) {
                jar.putNextEntry(new java.util.jar.JarEntry(names.get(i) + ".class"));
                jar.write(classes.get(i));
                jar.closeEntry();
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }

    private static String key(List<byte[]> classes, MethodRef ref, String target) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (String part : new String[] {KEY_VERSION, "compiler " + Compiler.version(), Compiler.libraryFile(),
                    target, ref.internalClass(), ref.name(), ref.descriptor()}) {
                md.update(part.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            for (byte[] cls : classes) {
                md.update(ByteBuffer.allocate(8).putLong(cls.length).array());
                md.update(cls);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void store(Path dir, Path file, byte[] bundle) {
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "kgpu", ".tmp");
            Files.write(tmp, bundle);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | UnsupportedOperationException e) {
            note("kgpu: cannot write the compile cache " + file + ": " + e);
        }
    }

    private static void note(String line) {
        if (log()) {
            System.err.println(line);
        }
    }
}
