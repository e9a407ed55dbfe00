/** Calendar months shown in `monthlyUsage`, the current one last. */
export const USAGE_MONTHS = 6;
