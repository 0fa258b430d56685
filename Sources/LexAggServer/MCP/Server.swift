// The MCP server: see README.md, "Servers".
