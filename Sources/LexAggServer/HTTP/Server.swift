// The HTTP server: see README.md, "Servers".
