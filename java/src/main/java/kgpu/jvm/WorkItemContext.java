// The JVM work-group executor (docs/jvm-api.md).
package kgpu.jvm;

import uk.ac.manchester.tornado.api.KernelContext;

/** The KernelContext of one work-item of a {@link WorkGroupExecutor} launch. */
final class WorkItemContext extends KernelContext {
    WorkItemContext(WorkItem item) {
        super(item);
    }
}
