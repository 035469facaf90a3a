// kgpu's implementation of TornadoVM's documented host API (docs/jvm-host.md).
package uk.ac.manchester.tornado.api;

import java.io.Serializable;

/**
 * The functional interfaces a task's method reference is given as: {@code
 * Task} (no parameter) to {@code Task20}. Each is {@link Serializable}, so
 * that the runtime can find the method behind the reference from its
 * {@link java.lang.invoke.SerializedLambda} (the kernel kgpu compiles); only
 * a static method reference (javac's, or a Groovy {@code @CompileStatic}
 * one) can be a task.
 */
public final class TornadoFunctions {
    private TornadoFunctions() {}

    /** A task without parameters. */
    @FunctionalInterface
    public interface Task extends Serializable {
        void apply() throws Exception;
    }

    /** A task of 1 parameter. */
    @FunctionalInterface
    public interface Task1<T1> extends Serializable {
        void apply(T1 arg1) throws Exception;
    }

    /** A task of 2 parameters. */
    @FunctionalInterface
    public interface Task2<T1, T2> extends Serializable {
        void apply(T1 arg1, T2 arg2) throws Exception;
    }

    /** A task of 3 parameters. */
    @FunctionalInterface
    public interface Task3<T1, T2, T3> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3) throws Exception;
    }

    /** A task of 4 parameters. */
    @FunctionalInterface
    public interface Task4<T1, T2, T3, T4> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4) throws Exception;
    }

    /** A task of 5 parameters. */
    @FunctionalInterface
    public interface Task5<T1, T2, T3, T4, T5> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5) throws Exception;
    }

    /** A task of 6 parameters. */
    @FunctionalInterface
    public interface Task6<T1, T2, T3, T4, T5, T6> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6) throws Exception;
    }

    /** A task of 7 parameters. */
    @FunctionalInterface
    public interface Task7<T1, T2, T3, T4, T5, T6, T7> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7) throws Exception;
    }

    /** A task of 8 parameters. */
    @FunctionalInterface
    public interface Task8<T1, T2, T3, T4, T5, T6, T7, T8> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8) throws Exception;
    }

    /** A task of 9 parameters. */
    @FunctionalInterface
    public interface Task9<T1, T2, T3, T4, T5, T6, T7, T8, T9> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9) throws Exception;
    }

    /** A task of 10 parameters. */
    @FunctionalInterface
    public interface Task10<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10) throws Exception;
    }

    /** A task of 11 parameters. */
    @FunctionalInterface
    public interface Task11<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11) throws Exception;
    }

    /** A task of 12 parameters. */
    @FunctionalInterface
    public interface Task12<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12) throws Exception;
    }

    /** A task of 13 parameters. */
    @FunctionalInterface
    public interface Task13<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13) throws Exception;
    }

    /** A task of 14 parameters. */
    @FunctionalInterface
    public interface Task14<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14) throws Exception;
    }

    /** A task of 15 parameters. */
    @FunctionalInterface
    public interface Task15<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15) throws Exception;
    }

    /** A task of 16 parameters. */
    @FunctionalInterface
    public interface Task16<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15, T16 arg16) throws Exception;
    }

    /** A task of 17 parameters. */
    @FunctionalInterface
    public interface Task17<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15, T16 arg16, T17 arg17) throws Exception;
    }

    /** A task of 18 parameters. */
    @FunctionalInterface
    public interface Task18<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15, T16 arg16, T17 arg17, T18 arg18) throws Exception;
    }

    /** A task of 19 parameters. */
    @FunctionalInterface
    public interface Task19<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15, T16 arg16, T17 arg17, T18 arg18, T19 arg19) throws Exception;
    }

    /** A task of 20 parameters. */
    @FunctionalInterface
    public interface Task20<T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12, T13, T14, T15, T16, T17, T18, T19, T20> extends Serializable {
        void apply(T1 arg1, T2 arg2, T3 arg3, T4 arg4, T5 arg5, T6 arg6, T7 arg7, T8 arg8, T9 arg9, T10 arg10, T11 arg11, T12 arg12, T13 arg13, T14 arg14, T15 arg15, T16 arg16, T17 arg17, T18 arg18, T19 arg19, T20 arg20) throws Exception;
    }
}
