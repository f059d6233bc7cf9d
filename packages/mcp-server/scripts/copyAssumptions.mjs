#!/usr/bin/env node
// Part of the build: ships spec/ASSUMPTIONS.md in dist/, where the `inference-infra://spec/ASSUMPTIONS.md` resource
// reads it. The spec package is private (never installed with this one), so the text travels in this package's files.
// Through the spec package's exports map, so turbo rebuilds this package when the file changes (a dev dependency).
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const source = createRequire(import.meta.url).resolve('@inference-infra/spec/ASSUMPTIONS.md');
copyFileSync(source, join(process.cwd(), 'dist', 'ASSUMPTIONS.md'));
