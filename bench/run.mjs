#!/usr/bin/env node
// `npm run bench`: the API under load, printed against the budgets of docs/performance.md.
//   1. PostgreSQL, a large tenant (bench/api/data.mjs), every hot call against a raw ceiling;
//   2. the embedded default (PGlite) with the demo data: start-up, memory, the same calls.
// BENCH_SCALE shrinks the tenant, BENCH_DURATION the seconds a side per call (split into BENCH_ROUNDS
// interleaved rounds on PostgreSQL, default 3), BENCH_ONLY (a regexp) picks calls, BENCH_DEBUG=1 prints
// the statements recorded for each call,
// BENCH_TARGETS=postgres|pglite|push runs one part (push: a notification to 10 000 devices, bench/push/).
// Exit code 1 when a budget fails.
// The older sequential list timings at 200 000 sellers are `npm run bench:lists` (bench/lists.mjs).
import { summary } from './api/lib.mjs';
import { benchPglite } from './api/pglite.mjs';
import { benchPostgres } from './api/postgres.mjs';
import { benchPush } from './push/fanout.mjs';

const targets = (process.env.BENCH_TARGETS ?? 'postgres,pglite,push').split(',');
if (targets.includes('postgres')) await benchPostgres();
if (targets.includes('pglite')) await benchPglite();
if (targets.includes('push')) await benchPush();
process.exit(summary() ? 1 : 0);
