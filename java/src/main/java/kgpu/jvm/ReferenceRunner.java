// The JVM reference runner (docs/jvm-api.md).
package kgpu.jvm;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import uk.ac.manchester.tornado.api.KernelContext;

/**
 * Runs one kernel method on the JVM with its arguments given the way
 * kgpu-run takes them, and writes its buffers the way kgpu-run writes them,
 * so that a test can compare the two byte for byte:
 *
 * <pre>
 * java -cp kgpu-jvm-api.jar kgpu.jvm.ReferenceRunner --cp CLASSES[:JAR...]
 *      --kernel [pkg.]Class::method[(desc)] --arg NAME=VALUE ...
 *      [--grid X[,Y[,Z]]] [--local X[,Y[,Z]]] [--simd-width N] [--out NAME=FILE] ...
 * </pre>
 *
 * Scalars take literals (2.5, -3, 0x10, true, inf, nan); buffers (primitive
 * arrays and the TornadoVM array types) take @FILE (raw little-endian
 * elements), zeros:N, fill:N:V, iota:N or rand:N[:SEED] with kgpu-run's
 * generator (the same values for the same seed). A method with a
 * KernelContext parameter runs under {@link WorkGroupExecutor} on
 * --grid work-groups (per dimension, as kgpu-run counts them) of --local
 * work-items; any other method (a @Parallel loop kernel, a @Reduce kernel)
 * is called once, sequentially, which is its meaning in Java. Parameters are
 * named as the class file names them (javac -parameters, kotlinc
 * -java-parameters, groovyc --parameters), else arg0, arg1, ...
 * {@code --batch FILE} does many runs in one JVM.
 */
public final class ReferenceRunner {
    private static final PrintStream OUT = System.out;

    private ReferenceRunner() {
    }

    /** A usage or input error: printed, exit status 2. */
    static final class UsageError extends Exception {
        private static final long serialVersionUID = 1L;

        UsageError(String message) {
            super(message);
        }
    }

    public static void main(String[] args) {
        int status;
        if (args.length == 2 && args[0].equals("--batch")) {
            status = batch(args[1]);
        } else {
            status = runReporting(args);
        }
        System.out.flush();
        System.exit(status);
    }

    /** Runs one command line; prints its errors; returns the exit status. */
    private static int runReporting(String[] args) {
        try {
            return run(args);
        } catch (UsageError e) {
            System.err.println("kgpu-jvm-ref: error: " + e.getMessage());
            return 2;
        } catch (Throwable e) {
            System.err.println("kgpu-jvm-ref: error: the kernel threw " + e);
            for (StackTraceElement s : e.getStackTrace()) {
                System.err.println("  at " + s);
            }
            return 1;
        }
    }

    /**
     * --batch FILE: many runs in one JVM (the corpus tests start one JVM, not
     * one per kernel). FILE holds one argument per line, an empty line after
     * each run's arguments. Each run prints {@code kgpu-jvm-ref: run N: status S}
     * on stdout after its own output; the exit status is the largest.
     */
    private static int batch(String file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(Paths.get(file));
        } catch (IOException e) {
            System.err.println("kgpu-jvm-ref: error: cannot read '" + file + "': " + e);
            return 2;
        }
        int worst = 0;
        int n = 0;
        List<String> current = new ArrayList<>();
        lines.add("");
        for (String line : lines) {
            if (!line.isEmpty()) {
                current.add(line);
                continue;
            }
            if (current.isEmpty()) {
                continue;
            }
            System.err.flush();
            int status = runReporting(current.toArray(new String[0]));
            System.err.flush();
            System.out.println("kgpu-jvm-ref: run " + n++ + ": status " + status);
            System.out.flush();
            worst = Math.max(worst, status);
            current.clear();
        }
        return worst;
    }

    static int run(String[] args) throws Throwable {
        String cp = null;
        String kernel = null;
        int[] grid = null;
        int[] local = null;
        int simdWidth = WorkGroupExecutor.DEFAULT_SIMD_WIDTH;
        Map<String, String> argValues = new LinkedHashMap<>();
        Map<String, String> outs = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String value = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0 && !a.startsWith("--arg=") && !a.startsWith("--out=")) {
                value = a.substring(eq + 1);
                a = a.substring(0, eq);
            } else if (a.startsWith("--arg=") || a.startsWith("--out=")) {
                value = a.substring(6);
                a = a.substring(0, 5);
            }
            if (a.equals("-h") || a.equals("--help")) {
                OUT.println("usage: kgpu.jvm.ReferenceRunner --cp PATH --kernel Class::method[(desc)] --arg NAME=VALUE ...");
                OUT.println("         [--grid X[,Y[,Z]]] [--local X[,Y[,Z]]] [--simd-width N] [--out NAME=FILE] ...");
                return 0;
            }
            if (value == null && !a.equals("--list")) {
                if (i + 1 >= args.length) {
                    throw new UsageError(a + " needs a value");
                }
                value = args[++i];
            }
            switch (a) {
                case "--cp":
                case "--classpath":
                    cp = value;
                    break;
                case "--kernel":
                    kernel = value;
                    break;
                case "--grid":
                    grid = parseDims(value, "--grid");
                    break;
                case "--local":
                    local = parseDims(value, "--local");
                    break;
                case "--simd-width":
                    simdWidth = parseDims(value, "--simd-width")[0];
                    break;
                case "--arg":
                case "--out": {
                    int e = value.indexOf('=');
                    if (e <= 0) {
                        throw new UsageError(a + " takes NAME=" + (a.equals("--arg") ? "VALUE" : "FILE") + ", not '" + value + "'");
                    }
                    Map<String, String> m = a.equals("--arg") ? argValues : outs;
                    String name = value.substring(0, e);
                    if (m.containsKey(name)) {
                        throw new UsageError(a + " " + name + " given twice");
                    }
                    m.put(name, value.substring(e + 1));
                    break;
                }
                default:
                    throw new UsageError("unknown option '" + a + "'");
            }
        }
        if (kernel == null) {
            throw new UsageError("--kernel Class::method is required");
        }
        Method method = findKernel(loader(cp), kernel);
        Parameter[] params = method.getParameters();
        Object[] values = new Object[params.length];
        List<String> names = new ArrayList<>();
        boolean kernelApi = false;
        for (int i = 0; i < params.length; i++) {
            Class<?> t = params[i].getType();
            String name = params[i].getName();
            names.add(name);
            if (t == KernelContext.class) {
                kernelApi = true;
                continue;
            }
            String v = argValues.remove(name);
            if (v == null) {
                throw new UsageError("no --arg for parameter '" + name + "' (" + t.getSimpleName() + ") of " + kernel);
            }
            values[i] = Values.parse(t, v, name);
        }
        if (!argValues.isEmpty()) {
            throw new UsageError("the kernel has no parameter '" + argValues.keySet().iterator().next()
                    + "' (parameters: " + String.join(", ", names) + ")");
        }
        for (String name : outs.keySet()) {
            int i = names.indexOf(name);
            if (i < 0 || !Values.isBuffer(params[i].getType())) {
                throw new UsageError("--out " + name + ": the kernel has no buffer parameter '" + name + "'");
            }
        }
        method.setAccessible(true);
        if (kernelApi) {
            int[] g = grid == null ? new int[] {1} : grid;
            int[] l = local == null ? new int[] {1} : local;
            int dims = Math.max(g.length, l.length);
            int[] global = new int[dims];
            int[] loc = new int[dims];
            for (int d = 0; d < dims; d++) {
                int gd = d < g.length ? g[d] : 1;
                int ld = d < l.length ? l[d] : 1;
                long n = (long) gd * ld;
                if (n > Integer.MAX_VALUE) {
                    throw new UsageError("--grid x --local is too large in dimension " + d);
                }
                global[d] = (int) n;
                loc[d] = ld;
            }
            WorkGroupExecutor.run(global, loc, simdWidth, context -> {
                Object[] call = values.clone();
                for (int i = 0; i < params.length; i++) {
                    if (params[i].getType() == KernelContext.class) {
                        call[i] = context;
                    }
                }
                invoke(method, call);
            });
        } else {
            invoke(method, values);
        }
        for (Map.Entry<String, String> e : outs.entrySet()) {
            int i = names.indexOf(e.getKey());
            Files.write(Paths.get(e.getValue()), Values.bytes(values[i]));
        }
        OUT.println("kernel " + method.getName() + " on jvm (" + (kernelApi ? "work-group executor" : "sequential") + ")");
        return 0;
    }

    private static void invoke(Method m, Object[] args) throws Throwable {
        try {
            m.invoke(null, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static final Map<String, ClassLoader> LOADERS = new java.util.HashMap<>();

    private static ClassLoader loader(String cp) throws UsageError {
        ClassLoader cached = LOADERS.get(cp);
        if (cached != null) {
            return cached;
        }
        ClassLoader made = makeLoader(cp);
        LOADERS.put(cp, made);
        return made;
    }

    private static ClassLoader makeLoader(String cp) throws UsageError {
        if (cp == null) {
            return ReferenceRunner.class.getClassLoader();
        }
        List<URL> urls = new ArrayList<>();
        for (String entry : cp.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            File f = new File(entry);
            if (!f.exists()) {
                throw new UsageError("--cp: no such file or directory '" + entry + "'");
            }
            try {
                urls.add(f.toURI().toURL());
            } catch (IOException e) {
                throw new UsageError("--cp: " + e.getMessage());
            }
        }
        return new URLClassLoader(urls.toArray(new URL[0]), ReferenceRunner.class.getClassLoader());
    }

    private static Method findKernel(ClassLoader loader, String spec) throws UsageError {
        int sep = spec.indexOf("::");
        if (sep <= 0) {
            throw new UsageError("--kernel takes Class::method, not '" + spec + "'");
        }
        String className = spec.substring(0, sep);
        String rest = spec.substring(sep + 2);
        String desc = null;
        int paren = rest.indexOf('(');
        String name = paren < 0 ? rest : rest.substring(0, paren);
        if (paren >= 0) {
            desc = rest.substring(paren);
        }
        Class<?> c;
        try {
            c = Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new UsageError("cannot load class '" + className + "': " + e);
        }
        List<Method> found = new ArrayList<>();
        for (Method m : c.getDeclaredMethods()) {
            if (m.getName().equals(name) && Modifier.isStatic(m.getModifiers()) && !m.isSynthetic()
                    && (desc == null || descriptor(m).equals(desc))) {
                found.add(m);
            }
        }
        if (found.isEmpty()) {
            throw new UsageError("class " + className + " has no static method " + rest);
        }
        if (found.size() > 1) {
            found.sort((x, y) -> descriptor(x).compareTo(descriptor(y)));
            StringBuilder s = new StringBuilder();
            for (Method m : found) {
                s.append(' ').append(name).append(descriptor(m));
            }
            throw new UsageError(className + "::" + name + " is overloaded; name one:" + s);
        }
        return found.get(0);
    }

    static String descriptor(Method m) {
        StringBuilder s = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            s.append(descriptor(p));
        }
        return s.append(')').append(descriptor(m.getReturnType())).toString();
    }

    private static String descriptor(Class<?> c) {
        if (c.isArray()) {
            return "[" + descriptor(c.getComponentType());
        }
        if (c == void.class) {
            return "V";
        }
        if (c == int.class) {
            return "I";
        }
        if (c == long.class) {
            return "J";
        }
        if (c == float.class) {
            return "F";
        }
        if (c == double.class) {
            return "D";
        }
        if (c == short.class) {
            return "S";
        }
        if (c == byte.class) {
            return "B";
        }
        if (c == char.class) {
            return "C";
        }
        if (c == boolean.class) {
            return "Z";
        }
        return "L" + c.getName().replace('.', '/') + ";";
    }

    private static int[] parseDims(String text, String what) throws UsageError {
        String[] parts = text.split(",", -1);
        if (parts.length < 1 || parts.length > 3) {
            throw new UsageError(what + " takes 1 to 3 sizes, not '" + text + "'");
        }
        int[] r = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                r[i] = Integer.parseInt(parts[i]);
            } catch (NumberFormatException e) {
                r[i] = -1;
            }
            if (r[i] < 1) {
                throw new UsageError(what + ": '" + parts[i] + "' is not a positive size");
            }
        }
        return r;
    }
}
