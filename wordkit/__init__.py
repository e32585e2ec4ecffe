"""wordkit: word tables, solvers, hosts and benchmarks for Hangman and Wordle."""

__version__ = "0.1.0"
