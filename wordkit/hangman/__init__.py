"""Hangman: rules, word pools, guessers, hosts, searches and the game loop."""
