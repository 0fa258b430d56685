// The target's code is its header's inline function; a C target needs one source file.
#include "CPrefetch.h"
