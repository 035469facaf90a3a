import groovy.transform.CompileStatic

@CompileStatic
class HelloGroovy {
    static float twice(float x) { x * 2.0f }
    static void main(String[] args) {
        System.out.println("groovy " + GroovySystem.getVersion() + " " + twice(1.5f))
    }
}
