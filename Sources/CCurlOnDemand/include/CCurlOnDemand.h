// libcurl, loaded when first used instead of at start-up: see curl_on_demand.c.
// Swift never calls libcurl; the module exists so that its definitions are linked into lexagg. The two functions
// below let a test check the forwarding.
#ifndef LEXAGG_CCURL_ON_DEMAND_H
#define LEXAGG_CCURL_ON_DEMAND_H
/// The number of libcurl functions the loader forwards (for the test that checks it is linked in).
int lexagg_curl_on_demand_functions(void);
/// Whether libcurl has been loaded in this process yet.
int lexagg_curl_on_demand_loaded(void);
/// libcurl's version text, asked through the forwarder (loads libcurl).
const char *lexagg_curl_on_demand_version(void);
#endif
