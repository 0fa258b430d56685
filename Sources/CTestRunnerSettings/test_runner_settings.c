// Settings of the test runner, applied when the test bundle is loaded, before Swift Testing reads its environment.
//
// Swift Testing starts every test of the bundle at once on Swift's cooperative pool, which has as many threads as
// the machine has cores: two on CI. Each test's every `await` then waits behind hundreds of other tests' work, so a
// lookup that hops a dozen times took 50 s of real time on a loaded machine and missed a 60 s deadline it was given
// (ConfigCommandTests). Eight tests at a time keep that queue short; the suite is no slower, because most tests
// wait on processes and sockets off the pool. `swift test` in README.md is the command CI runs, so the setting
// lives here, not in a wrapper script. A value set in the environment wins.
#include <stdlib.h>

__attribute__((constructor)) static void lexagg_test_runner_settings(void) {
    setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", "8", 0);
}
