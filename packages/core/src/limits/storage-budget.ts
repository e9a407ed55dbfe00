/**
 * The words of the storage budget (plans.ts `storageMegabytes`): one user's crawls may hold so
 * many bytes; a start past it is refused with these words, wherever it is started.
 */

/** Bytes as whole megabytes, the unit the budget and the settings use ("2,048 MB"). */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 ** 2).toLocaleString('en-US')} MB`;
}

/** "Your crawls use 2,049 MB of your 2,048 MB; delete old crawls to start a new one." */
export function storageRefusalText(storage: { used: number; budget: number }): string {
  return `Your crawls use ${megabytes(storage.used)} of your ${megabytes(storage.budget)} of storage; delete old crawls to start a new one.`;
}
