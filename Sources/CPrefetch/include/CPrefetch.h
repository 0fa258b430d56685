#ifndef LEXAGG_CPREFETCH_H
#define LEXAGG_CPREFETCH_H

/// Asks the processor to start loading the cache line at `address` (a hint: it never faults, and the program does not
/// wait for it). Swift has no prefetch of its own; the import's key sorter reads records in key order, scattered over
/// its buffer, and asks for each a few records ahead.
static inline void lexagg_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
