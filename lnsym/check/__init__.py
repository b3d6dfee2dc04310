"""`lnsym check`: read an answer key, split its math into steps, and decide each step."""
