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
  /** Colour and urgency: errors and warnings are announced assertively. */
  variant?: 'success' | 'error' | 'warning' | 'info';
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

/**
 * Holds the single visible toast and removes it after 5 s or on dismissal. WCAG 2.2.1: a toast
 * with an action stays until dismissed, and the timer of any toast pauses while the pointer is
 * over it or focus is inside it (and starts again, in full, when they leave).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Current | null>(null);
  const [held, setHeld] = useState({ hover: false, focus: false });
  const navigate = useNavigate();
  const show = useCallback<ShowToast>((toast) => setCurrent({ ...toast, id: Date.now() }), []);
  const paused = held.hover || held.focus;
  useEffect(() => {
    if (!current || current.action || paused) return;
    const timer = window.setTimeout(() => setCurrent(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [current, paused]);
  useEffect(() => {
    if (!current) setHeld({ hover: false, focus: false });
  }, [current]);
  const variant = current?.variant ?? 'info';
  const urgent = variant === 'error' || variant === 'warning';
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-region" aria-live={urgent ? 'assertive' : 'polite'}>
        {current && (
          // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the dismiss timer (WCAG 2.2.1); nothing is activated
          <div
            key={current.id}
            className={`toast toast-${variant}`}
            role={urgent ? 'alert' : 'status'}
            data-testid="toast"
            data-variant={variant}
            onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
            onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
            onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) {
                setHeld((h) => ({ ...h, focus: false }));
              }
            }}
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
