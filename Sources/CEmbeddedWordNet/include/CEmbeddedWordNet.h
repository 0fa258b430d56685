#ifndef LEXAGG_EMBEDDED_WORDNET_H
#define LEXAGG_EMBEDDED_WORDNET_H

#include <stddef.h>

/// The bytes of one WordNet file linked into the executable (`wn.index`, `wn.dict`, `noun.exc`, `verb.exc`,
/// `adj.exc`, `adv.exc`), or NULL for any other name. `*size` receives its length.
const unsigned char *lexagg_embedded_wordnet_file(const char *name, size_t *size);

#endif
