// WordNet 3.0 (Providers/DictDatabase/Embedded, its licence in LICENSE-WordNet.txt there) linked into the executable
// with the assembler's .incbin, read in place: a binary copied alone to another machine still answers offline.
// The files are found through the header search path Package.swift gives this target. Changing them does not
// rebuild this file by itself: touch it.

#include "CEmbeddedWordNet.h"
#include <string.h>

#define LEXAGG_EMBED(symbol, file)                                                                                   \
    __asm__(".section .rodata\n"                                                                                     \
            ".balign 16\n"                                                                                           \
            ".globl " #symbol "_start\n.hidden " #symbol "_start\n" #symbol "_start:\n"                             \
            ".incbin \"" file "\"\n"                                                                                 \
            ".globl " #symbol "_end\n.hidden " #symbol "_end\n" #symbol "_end:\n"                                   \
            ".byte 0\n"                                                                                              \
            ".previous\n");                                                                                          \
    extern const unsigned char symbol##_start[], symbol##_end[];

LEXAGG_EMBED(lexagg_wn_index, "wn.index")
LEXAGG_EMBED(lexagg_wn_dict, "wn.dict")
LEXAGG_EMBED(lexagg_wn_noun_exc, "noun.exc")
LEXAGG_EMBED(lexagg_wn_verb_exc, "verb.exc")
LEXAGG_EMBED(lexagg_wn_adj_exc, "adj.exc")
LEXAGG_EMBED(lexagg_wn_adv_exc, "adv.exc")

const unsigned char *lexagg_embedded_wordnet_file(const char *name, size_t *size) {
    static const struct {
        const char *name;
        const unsigned char *start;
        const unsigned char *end;
    } files[] = {
        {"wn.index", lexagg_wn_index_start, lexagg_wn_index_end},
        {"wn.dict", lexagg_wn_dict_start, lexagg_wn_dict_end},
        {"noun.exc", lexagg_wn_noun_exc_start, lexagg_wn_noun_exc_end},
        {"verb.exc", lexagg_wn_verb_exc_start, lexagg_wn_verb_exc_end},
        {"adj.exc", lexagg_wn_adj_exc_start, lexagg_wn_adj_exc_end},
        {"adv.exc", lexagg_wn_adv_exc_start, lexagg_wn_adv_exc_end},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        if (strcmp(files[i].name, name) == 0) {
            *size = (size_t)(files[i].end - files[i].start);
            return files[i].start;
        }
    }
    *size = 0;
    return NULL;
}
