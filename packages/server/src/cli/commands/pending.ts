/** A command whose issue has not landed yet: it says what it will do and exits non-zero. */
export function pendingCommand(name: string, willDo: string): () => Promise<number> {
  return async () => {
    process.stderr.write(`mapsmith ${name}: not available yet. It will ${willDo}\n`);
    return 2;
  };
}
