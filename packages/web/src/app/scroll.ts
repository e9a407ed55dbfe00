import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';

/** Home sections the navigation bar and footer can scroll to. */
export type HomeSection = 'generator' | 'features' | 'how-to' | 'pricing' | 'guides' | 'checker';

/** Smoothly scrolls to a home section, or goes to the home page with its hash from elsewhere. */
export function useGoToSection(): (id: HomeSection) => void {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  return useCallback(
    (id: HomeSection) => {
      const target = document.getElementById(id);
      if (pathname === '/' && target) {
        target.scrollIntoView({ behavior: 'smooth', block: 'start' });
        window.history.replaceState(window.history.state, '', `#${id}`);
        return;
      }
      void navigate({ to: '/', hash: id });
    },
    [pathname, navigate],
  );
}

/** Scrolls to the element named by the URL's hash (after navigating to home with a hash). */
export function scrollToHash(hash: string): void {
  const id = hash.replace(/^#/, '');
  if (!id) return;
  const target = document.getElementById(id);
  target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
