// Everything is in include/CSQLiteSettings.h (a static inline function); SwiftPM wants a C target to have a source.
#include "CSQLiteSettings.h"
