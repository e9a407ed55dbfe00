#!/usr/bin/env node
import './require-node.js';
import { runServe } from './cli/commands/serve.js';

/** `node dist/main.js`: the hosted app on its configured defaults (same as `mapsmith serve`). */
process.exitCode = await runServe([]);
