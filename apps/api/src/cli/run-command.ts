/** Runs a command-line tool's `main` and exits with the code it answers; anything it throws is printed, exit 1. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
