// The DICT server: see README.md, "Servers".
