// A stand-in with the documented shape of TornadoVM's @Parallel, for the
// class-file reader's tests only (the real API is under java/).
package uk.ac.manchester.tornado.api.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.LOCAL_VARIABLE, ElementType.TYPE, ElementType.TYPE_USE,
         ElementType.TYPE_PARAMETER})
public @interface Parallel {}
