#!/usr/bin/env node
import { runCli } from './runCli.js';

process.exitCode = await runCli(process.argv.slice(2));
