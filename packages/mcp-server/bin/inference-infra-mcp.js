#!/usr/bin/env node
// A committed shim, so package managers can link the command before dist/ is built.
import '../dist/cli/cli.js';
