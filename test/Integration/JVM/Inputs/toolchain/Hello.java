public class Hello {
    public static void main(String[] args) {
        System.out.println("java " + Runtime.version().feature() + " " + (7 >>> 1));
    }
}
