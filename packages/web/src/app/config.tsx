import type { AppConfig } from '@mapsmith/core/browser';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useApi } from './use-api';

/** Where support mail goes when the server does not say otherwise. */
export const DEFAULT_SUPPORT_EMAIL = 'support@mapsmith.app';

/** The hosted site, opened in the system browser for hosted-only screens on desktop. */
export const HOSTED_ORIGIN = 'https://mapsmith.app';

/** Public configuration; `null` while loading. */
const ConfigContext = createContext<AppConfig | null>(null);

/** The app configuration (`config.get`), or `null` while it loads. */
export function useConfig(): AppConfig | null {
  return useContext(ConfigContext);
}

/** The support e-mail address to show on every page that gives one. */
export function useSupportEmail(): string {
  return useConfig()?.supportEmail ?? DEFAULT_SUPPORT_EMAIL;
}

/** Reads `config.get` once; a server without it means no payment client is configured. */
export function ConfigProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const [config, setConfig] = useState<AppConfig | null>(null);
  useEffect(() => {
    let live = true;
    api.call('config.get', {}).then(
      (value) => live && setConfig(value),
      () =>
        live &&
        setConfig({
          paypal: { clientId: null, environment: 'sandbox', scriptUrl: '' },
          shell: api.shell,
          supportEmail: DEFAULT_SUPPORT_EMAIL,
        }),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}
