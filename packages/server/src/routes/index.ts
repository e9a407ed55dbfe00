import type { Router } from 'express';
import type { AppContext } from '../context.js';

/** Every API router of the hosted app, one per resource (routes/<resource>/router.ts). */
export function apiRouters(_ctx: AppContext): Router[] {
  return [];
}
