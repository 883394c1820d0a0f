#!/usr/bin/env node
// Prints the local stack's anon key (deterministic), e.g. for VITE_SUPABASE_ANON_KEY.
import { ANON_KEY } from './lib/jwt.mjs';
process.stdout.write(`${ANON_KEY}\n`);
