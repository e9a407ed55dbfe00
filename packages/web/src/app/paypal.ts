import { useEffect, useState } from 'react';

/** The slice of the PayPal JS SDK the subscribe page uses. */
export interface PayPalNamespace {
  Buttons(options: {
    style: { layout: 'vertical'; color: 'gold'; shape: 'rect'; label: 'pay' };
    createOrder(): Promise<string>;
    onApprove(data: { orderID: string }): Promise<void>;
    onError(err: unknown): void;
  }): { render(container: HTMLElement): Promise<void> };
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

/** The payment script's state (spec §4). */
export type ScriptState = 'initial' | 'pending' | 'resolved' | 'rejected';

/** The SDK URL: the configured script URL with the client id, capture intent and no vaulting. */
export function paypalScriptSrc(scriptUrl: string, clientId: string): string {
  const url = new URL(scriptUrl, window.location.href);
  url.searchParams.set('client-id', clientId);
  url.searchParams.set('intent', 'capture');
  url.searchParams.set('vault', 'false');
  url.searchParams.set('currency', 'USD');
  return url.href;
}

/** Loads the provider's script once per source and reports its state. */
export function usePayPalScript(src: string | null): ScriptState {
  const [state, setState] = useState<ScriptState>('initial');
  useEffect(() => {
    if (!src) return;
    if (window.paypal) {
      setState('resolved');
      return;
    }
    setState('pending');
    let script = document.querySelector<HTMLScriptElement>(`script[src="${CSS.escape(src)}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = src;
      script.async = true;
      document.head.append(script);
    }
    const onLoad = () => setState(window.paypal ? 'resolved' : 'rejected');
    const onError = () => setState('rejected');
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
    return () => {
      script?.removeEventListener('load', onLoad);
      script?.removeEventListener('error', onError);
    };
  }, [src]);
  return state;
}
