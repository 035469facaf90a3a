// A serializable functional interface, as TornadoVM's TaskN: kotlinc
// compiles a function reference given to it (`KTask3.of(::saxpy)`) into a
// synthetic adapter method (`main$saxpy`) that calls the function.
public interface KTask3<A, B, C> extends java.io.Serializable {
  void apply(A a, B b, C c);

  static <A, B, C> KTask3<A, B, C> of(KTask3<A, B, C> task) {
    return task;
  }
}
