/** How many crawls the history lists, newest first. */
export const HISTORY_LIMIT = 100;
