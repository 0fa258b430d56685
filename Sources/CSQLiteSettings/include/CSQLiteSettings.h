#ifndef LEXAGG_CSQLITESETTINGS_H
#define LEXAGG_CSQLITESETTINGS_H

#include <sqlite3.h>

/// Tells SQLite not to allocate its page cache's first 20 slots in one block when a connection first reads: it
/// links every slot of the block into its free list, which touches each 4 KB page of the ~87 KB block, and a short
/// process (a cached lookup reads 6 pages of one row) paid 15 page faults for it (perf stat). Slots are then
/// allocated one by one as pages are read; the cache's size limit is unchanged.
///
/// Only before SQLite is initialised (the first open in the process): later it changes nothing and returns
/// SQLITE_MISUSE. `sqlite3_config` takes variable arguments, which Swift cannot pass; hence this header.
static inline int lexagg_sqlite_no_page_cache_bulk(void) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}

/// Turns SQLite's memory statistics off (`sqlite3_memory_used`, `sqlite3_status`, which lexagg does not read): with
/// them on, every allocation and free of SQLite's takes a global mutex to count it. SQLite's documentation lists this
/// (its compile-time form, SQLITE_DEFAULT_MEMSTATUS=0) among the options that make it faster; Debian's library is
/// built with statistics on. Only before SQLite is initialised, as above.
static inline int lexagg_sqlite_no_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
