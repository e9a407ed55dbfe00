import type { ApiClient } from '@mapsmith/core/browser';
import { useRouter } from '@tanstack/react-router';

/** The shell's API client from the router context (HTTP when hosted, IPC on desktop). */
export function useApi(): ApiClient {
  return useRouter().options.context.api;
}
