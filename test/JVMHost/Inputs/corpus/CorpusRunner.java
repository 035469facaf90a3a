// Runs a JUnit 5 test class (the generated corpus suites of
// test/JVMHost/corpus-taskgraph-*.test) with the JUnit Platform Launcher
// (the Jupiter engine from the offline Maven repository) and prints one
// line per test, PASS or FAIL with the failure, and a summary; exits 1 on
// any failure.
//   java -cp ... CorpusRunner TESTCLASS LABEL
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

public class CorpusRunner {
    public static void main(String[] args) throws Exception {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(Class.forName(args[0]))).build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        TestExecutionListener lines = new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                if (!id.isTest()) {
                    return;
                }
                if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                    System.out.println("PASS: " + id.getDisplayName());
                } else {
                    System.out.println("FAIL: " + id.getDisplayName() + ": "
                            + result.getThrowable().map(Throwable::toString).orElse(result.getStatus().toString()));
                }
                System.out.flush();
            }

            @Override
            public void executionSkipped(TestIdentifier id, String reason) {
                System.out.println("SKIPPED: " + id.getDisplayName() + ": " + reason);
            }
        };
        launcher.execute(request, summary, lines);
        TestExecutionSummary s = summary.getSummary();
        for (TestExecutionSummary.Failure f : s.getFailures()) {
            f.getException().printStackTrace(System.out);
        }
        System.out.println("corpus " + args[1] + " through TaskGraph: " + s.getTestsFoundCount() + " tests, "
                + s.getTestsSucceededCount() + " passed, " + s.getTestsFailedCount() + " failed, "
                + s.getTestsSkippedCount() + " skipped");
        System.exit(s.getTestsFailedCount() == 0 && s.getTestsSkippedCount() == 0 ? 0 : 1);
    }
}
