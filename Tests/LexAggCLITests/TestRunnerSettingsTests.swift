import LexAggFixtures
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The test runner's settings (Sources/CTestRunnerSettings) are in effect: the constructor is linked into the bundle.
@Suite struct TestRunnerSettingsTests {
    @Test func testsRunAtMostEightAtATimeUnlessTheEnvironmentSaysOtherwise() {
        let width = getenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH").map { String(cString: $0) }
        #expect(width != nil, "the constructor in CTestRunnerSettings did not run")
        #expect(width.flatMap { Int($0) }.map { $0 > 0 } == true, "\(width ?? "nil")")
    }
}
