"""Wordle: rules and state, word lists, the pattern matrix, partitions, guessers, the exact
search, hosts, the trainer and the game loop."""
