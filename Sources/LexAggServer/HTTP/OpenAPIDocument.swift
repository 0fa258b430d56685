/// The OpenAPI 3.1 description of every route, served at `/openapi.json`. Hand-written; a test checks that it names
/// exactly the router's routes and that real responses validate against its schemas.
enum OpenAPIDocument {
    static let json = #"""
    {
      "openapi": "3.1.0",
      "info": {
        "title": "lexagg",
        "version": "1",
        "summary": "One lookup service over many dictionaries: lexagg's own API and a dictionaryapi.dev-compatible route.",
        "license": {"name": "MIT", "identifier": "MIT"}
      },
      "components": {
        "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "description": "Required when the server runs with --token."}},
        "parameters": {
          "providers": {"name": "providers", "in": "query", "description": "Comma-separated provider ids, in order (GET /v1/providers lists them).", "schema": {"type": "string"}},
          "strategy": {"name": "strategy", "in": "query", "schema": {"type": "string", "enum": ["first", "fastest", "merge"]}},
          "timeout": {"name": "timeout", "in": "query", "description": "Seconds for the whole lookup and any one provider (0 < t <= 600).", "schema": {"type": "number"}},
          "offline": {"name": "offline", "in": "query", "description": "No network request: offline dictionaries and cached answers.", "schema": {"type": "boolean"}},
          "lang": {"name": "lang", "in": "query", "description": "ISO 639 language code.", "schema": {"type": "string"}}
        },
        "responses": {
          "Error": {"description": "An error (400 invalid request or unknown provider, 401 no token, 429 rate limited, 502/503 every provider failed or too busy).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
        },
        "schemas": {
          "Error": {
            "type": "object", "required": ["schemaVersion", "error"],
            "properties": {
              "schemaVersion": {"type": "integer"},
              "error": {"type": "object", "required": ["code", "message", "status"], "properties": {
                "code": {"type": "string", "enum": ["invalid-request", "unauthorized", "not-found", "method-not-allowed", "request-too-large", "uri-too-long", "headers-too-large", "rate-limited", "providers-failed", "unavailable", "busy", "internal-error"]},
                "message": {"type": "string"}, "status": {"type": "integer"}, "retryAfterSeconds": {"type": "integer"}}}
            }
          },
          "Outcome": {
            "type": "object", "required": ["provider", "status", "entries", "latencyMs", "origin"],
            "properties": {
              "provider": {"type": "string"}, "status": {"type": "string", "enum": ["answered", "empty", "failed"]},
              "entries": {"type": "integer"}, "latencyMs": {"type": "number"}, "origin": {"type": "string", "enum": ["source", "cache", "stale"]},
              "cachedAt": {"type": "string"}, "error": {"type": "object"}, "staleBecause": {"type": "object"}
            }
          },
          "Entry": {
            "type": "object", "required": ["headword", "pronunciations", "senseGroups", "translations", "provenance"],
            "properties": {
              "headword": {"type": "string"}, "language": {"type": "string"}, "etymology": {"type": "string"},
              "pronunciations": {"type": "array", "items": {"type": "object"}},
              "senseGroups": {"type": "array", "items": {"type": "object", "required": ["senses"], "properties": {
                "partOfSpeech": {"type": "string"}, "senses": {"type": "array", "items": {"type": "object", "required": ["definition"]}}}}},
              "translations": {"type": "array", "items": {"type": "object"}},
              "provenance": {"type": "object", "required": ["provider", "source"]}
            }
          },
          "LookupDocument": {
            "type": "object", "required": ["schemaVersion", "command", "query", "found", "entries", "outcomes", "suggestions"],
            "properties": {
              "schemaVersion": {"type": "integer"}, "command": {"type": "string", "enum": ["lookup", "translate"]},
              "query": {"type": "object", "required": ["term"], "properties": {"term": {"type": "string"}, "language": {"type": "string"}, "targetLanguage": {"type": "string"}, "matchedAs": {"type": "string"}}},
              "found": {"type": "boolean"},
              "entries": {"type": "array", "items": {"$ref": "#/components/schemas/Entry"}},
              "outcomes": {"type": "array", "items": {"$ref": "#/components/schemas/Outcome"}},
              "suggestions": {"type": "array", "items": {"type": "string"}},
              "scores": {"type": "array"}
            }
          },
          "RandomDocument": {
            "type": "object", "required": ["schemaVersion", "command", "language", "words", "provider", "fallbackFrom"],
            "properties": {"schemaVersion": {"type": "integer"}, "command": {"type": "string"}, "language": {"type": "string"},
              "words": {"type": "array", "items": {"type": "string"}}, "provider": {"type": "string"}, "fallbackFrom": {"type": "array"}}
          },
          "MatchDocument": {
            "type": "object", "required": ["schemaVersion", "command", "pattern", "strategy", "found", "words", "matches", "outcomes"],
            "properties": {"schemaVersion": {"type": "integer"}, "command": {"type": "string"}, "pattern": {"type": "string"},
              "strategy": {"type": "string"}, "language": {"type": "string"}, "found": {"type": "boolean"},
              "words": {"type": "array", "items": {"type": "string"}},
              "matches": {"type": "array", "items": {"type": "object", "required": ["provider", "words"]}},
              "outcomes": {"type": "array", "items": {"$ref": "#/components/schemas/Outcome"}}}
          },
          "ProvidersDocument": {
            "type": "object", "required": ["schemaVersion", "command", "providers", "problems"],
            "properties": {"schemaVersion": {"type": "integer"}, "command": {"type": "string"},
              "providers": {"type": "array", "items": {"type": "object", "required": ["id", "name", "capabilities", "languages", "mode", "available", "status"]}},
              "problems": {"type": "array", "items": {"type": "string"}}}
          },
          "DictionaryAPIEntries": {
            "type": "array",
            "items": {
              "type": "object", "required": ["word", "phonetics", "meanings", "license", "sourceUrls"],
              "properties": {
                "word": {"type": "string"}, "phonetic": {"type": "string"},
                "phonetics": {"type": "array", "items": {"type": "object", "required": ["audio"], "properties": {"text": {"type": "string"}, "audio": {"type": "string"}, "sourceUrl": {"type": "string"}, "license": {"$ref": "#/components/schemas/DictionaryAPILicense"}}}},
                "meanings": {"type": "array", "items": {"type": "object", "required": ["partOfSpeech", "definitions", "synonyms", "antonyms"], "properties": {
                  "partOfSpeech": {"type": "string"},
                  "definitions": {"type": "array", "items": {"type": "object", "required": ["definition", "synonyms", "antonyms"], "properties": {
                    "definition": {"type": "string"}, "example": {"type": "string"},
                    "synonyms": {"type": "array", "items": {"type": "string"}}, "antonyms": {"type": "array", "items": {"type": "string"}}}}},
                  "synonyms": {"type": "array", "items": {"type": "string"}}, "antonyms": {"type": "array", "items": {"type": "string"}}}}},
                "license": {"$ref": "#/components/schemas/DictionaryAPILicense"},
                "sourceUrls": {"type": "array", "items": {"type": "string"}}
              }
            }
          },
          "DictionaryAPILicense": {"type": "object", "required": ["name", "url"], "properties": {"name": {"type": "string"}, "url": {"type": "string"}}},
          "DictionaryAPIError": {"type": "object", "required": ["title", "message", "resolution"], "properties": {"title": {"type": "string"}, "message": {"type": "string"}, "resolution": {"type": "string"}}}
        }
      },
      "security": [{}, {"bearer": []}],
      "paths": {
        "/api/v2/entries/{lang}/{word}": {"get": {
          "summary": "dictionaryapi.dev-compatible lookup", "operationId": "dictionaryAPIEntries",
          "parameters": [{"name": "lang", "in": "path", "required": true, "schema": {"type": "string"}}, {"name": "word", "in": "path", "required": true, "schema": {"type": "string"}},
            {"$ref": "#/components/parameters/providers"}, {"$ref": "#/components/parameters/strategy"}, {"$ref": "#/components/parameters/timeout"},
            {"$ref": "#/components/parameters/offline"}],
          "responses": {
            "200": {"description": "The entries, one per entry (etymology).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DictionaryAPIEntries"}}}},
            "400": {"description": "A bad lexagg parameter (an unknown provider, a bad timeout), in the API's error object.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DictionaryAPIError"}}}},
            "404": {"description": "No Definitions Found.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DictionaryAPIError"}}}},
            "429": {"description": "Too many requests (plain text, as the real API)."},
            "502": {"description": "Something Went Wrong: nothing found, and a provider answered nonsense or refused lexagg's credentials.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DictionaryAPIError"}}}},
            "503": {"description": "Something Went Wrong: nothing found, and a provider was down or too slow (not a definitive miss).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DictionaryAPIError"}}}}
          }}},
        "/v1/lookup": {"get": {
          "summary": "Look a word up (the document of `lexagg lookup --format json`)", "operationId": "lookup",
          "parameters": [{"name": "word", "in": "query", "required": true, "schema": {"type": "string"}}, {"$ref": "#/components/parameters/lang"},
            {"$ref": "#/components/parameters/providers"}, {"$ref": "#/components/parameters/strategy"}, {"$ref": "#/components/parameters/timeout"},
            {"$ref": "#/components/parameters/offline"}, {"name": "explain", "in": "query", "schema": {"type": "boolean"}}],
          "responses": {
            "200": {"description": "Found.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LookupDocument"}}}},
            "404": {"description": "Nothing found: the same document, with suggestions.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LookupDocument"}}}},
            "default": {"$ref": "#/components/responses/Error"}
          }}},
        "/v1/translate": {"get": {
          "summary": "Translate a word (the document of `lexagg translate --format json`)", "operationId": "translate",
          "parameters": [{"name": "word", "in": "query", "required": true, "schema": {"type": "string"}},
            {"name": "from", "in": "query", "required": true, "schema": {"type": "string"}}, {"name": "to", "in": "query", "required": true, "schema": {"type": "string"}},
            {"$ref": "#/components/parameters/providers"}, {"$ref": "#/components/parameters/strategy"}, {"$ref": "#/components/parameters/timeout"}, {"$ref": "#/components/parameters/offline"}],
          "responses": {
            "200": {"description": "Translated.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LookupDocument"}}}},
            "404": {"description": "No translation.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LookupDocument"}}}},
            "default": {"$ref": "#/components/responses/Error"}
          }}},
        "/v1/random": {"get": {
          "summary": "Random words (the document of `lexagg random --format json`)", "operationId": "random",
          "parameters": [{"$ref": "#/components/parameters/lang"}, {"name": "count", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 1000}}, {"$ref": "#/components/parameters/providers"}],
          "responses": {
            "200": {"description": "The words.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RandomDocument"}}}},
            "default": {"$ref": "#/components/responses/Error"}
          }}},
        "/v1/match": {"get": {
          "summary": "Headwords matching a pattern (the document of `lexagg match --format json`)", "operationId": "match",
          "parameters": [{"name": "pattern", "in": "query", "required": true, "schema": {"type": "string"}},
            {"name": "strategy", "in": "query", "schema": {"type": "string", "enum": ["exact", "prefix", "substring", "suffix", "regex", "soundex", "lev"], "default": "prefix"}},
            {"$ref": "#/components/parameters/lang"}, {"$ref": "#/components/parameters/providers"}, {"$ref": "#/components/parameters/timeout"},
            {"$ref": "#/components/parameters/offline"}, {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 1000}}],
          "responses": {
            "200": {"description": "Matches.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/MatchDocument"}}}},
            "404": {"description": "No headword matches.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/MatchDocument"}}}},
            "default": {"$ref": "#/components/responses/Error"}
          }}},
        "/v1/providers": {"get": {
          "summary": "Every provider (the document of `lexagg providers --format json`)", "operationId": "providers",
          "responses": {"200": {"description": "The providers.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ProvidersDocument"}}}}, "default": {"$ref": "#/components/responses/Error"}}}},
        "/openapi.json": {"get": {"summary": "This document", "operationId": "openapi", "responses": {"200": {"description": "OpenAPI 3.1.", "content": {"application/json": {}}}}}},
        "/healthz": {"get": {"summary": "Health (no token needed, not rate limited)", "operationId": "health", "security": [{}],
          "responses": {"200": {"description": "Serving.", "content": {"application/json": {"schema": {"type": "object", "required": ["status"], "properties": {"status": {"type": "string", "const": "ok"}}}}}}}}},
        "/metrics": {"get": {"summary": "Prometheus metrics (text exposition format)", "operationId": "metrics",
          "responses": {"200": {"description": "Metrics.", "content": {"text/plain": {}}}, "default": {"$ref": "#/components/responses/Error"}}}}
      }
    }
    """#
}
