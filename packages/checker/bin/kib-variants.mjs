#!/usr/bin/env node
// kib-variants: a problem JSON (file or stdin) in, its variants with their checked answers out.
import { register } from 'tsx/esm/api';

register();
const { runVariantsCli } = await import('../src/variants/cli.ts');
process.exitCode = await runVariantsCli(process.argv.slice(2), process.stdin, process.stdout, process.stderr);
