from codegen.cli import main

main()
