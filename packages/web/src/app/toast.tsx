import { useNavigate } from '@tanstack/react-router';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';

/** Toast duration (spec §9: default 5000 ms). */
export const TOAST_DURATION_MS = 5000;

/** One notification. */
export interface Toast {
  /** Bold first line. */
  title: string;
  /** Optional second line. */
  description?: string;
  /** Colour and urgency: errors are announced assertively. */
  variant?: 'success' | 'error' | 'info';
  /** An optional button that navigates (e.g. Upgrade to Pro -> /pricing). */
  action?: { label: string; to: string };
}

type ShowToast = (toast: Toast) => void;

const ToastContext = createContext<ShowToast>(() => undefined);

/** Shows a toast; a new one replaces the current one (spec §4: one at a time). */
export function useToast(): ShowToast {
  return useContext(ToastContext);
}

interface Current extends Toast {
  id: number;
}

/** Holds the single visible toast and removes it after 5 s or on dismissal. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Current | null>(null);
  const navigate = useNavigate();
  const show = useCallback<ShowToast>((toast) => setCurrent({ ...toast, id: Date.now() }), []);
  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => setCurrent(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [current]);
  const variant = current?.variant ?? 'info';
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-region" aria-live={variant === 'error' ? 'assertive' : 'polite'}>
        {current && (
          <div
            key={current.id}
            className={`toast toast-${variant}`}
            role={variant === 'error' ? 'alert' : 'status'}
            data-testid="toast"
          >
            <div className="toast-body">
              <p className="toast-title">{current.title}</p>
              {current.description && <p className="toast-text">{current.description}</p>}
              {current.action && (
                <button
                  type="button"
                  className="button small"
                  onClick={() => {
                    const to = current.action?.to ?? '/';
                    setCurrent(null);
                    void navigate({ to });
                  }}
                >
                  {current.action.label}
                </button>
              )}
            </div>
            <button
              type="button"
              className="toast-close"
              aria-label="Dismiss notification"
              onClick={() => setCurrent(null)}
            >
              ×
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}
