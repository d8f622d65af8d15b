#!/usr/bin/env node
// kib-check: JSON Lines of check requests on stdin, one result line per request on stdout.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
await runCli(process.stdin, process.stdout);
