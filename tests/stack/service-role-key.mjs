#!/usr/bin/env node
// Prints the local stack's service-role key (deterministic), for the operator's tool
// (STEPZERO_SERVICE_ROLE_KEY). It bypasses RLS: never put it in the site's build.
import { SERVICE_ROLE_KEY } from './lib/jwt.mjs';
process.stdout.write(`${SERVICE_ROLE_KEY}\n`);
