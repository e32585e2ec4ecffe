from wordkit.cli import main

main()
