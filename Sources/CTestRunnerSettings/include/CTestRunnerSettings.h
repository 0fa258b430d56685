// Nothing to call: this target only sets the test runner's settings when the test bundle loads (see the .c file).
