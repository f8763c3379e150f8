/**
 * The `desk` process: decorator metadata for the container, then the command line driving the
 * program. This file is where the driving adapter (adapters/cli) meets bootstrap, which it never
 * imports itself.
 */
import 'reflect-metadata';
import { runCli } from './adapters/cli/main.js';
import { program } from './bootstrap/program.js';

await runCli(process.argv.slice(2), program);
