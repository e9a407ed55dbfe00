import { createContext, type ReactNode, useContext } from 'react';

/**
 * What a shell adds to the navigation bar beside the account area: the desktop's Pro account
 * button and panel. The hosted app adds nothing. Given to `mountMapsmith`, read by `NavBar`.
 */
const ShellNavContext = createContext<ReactNode>(null);

export const ShellNavProvider = ShellNavContext.Provider;

/** The shell's addition to the navigation bar, or null. */
export function useShellNav(): ReactNode {
  return useContext(ShellNavContext);
}
