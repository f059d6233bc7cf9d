#!/usr/bin/env node
// `tsc-native`: TypeScript 7's tsc with the arguments given, emitting as tsc does. The packages built with plain tsc
// (contract-tests, mock-server, mcp-server: `tsc-native -p tsconfig.build.json`) run it: the same JavaScript and
// declarations as TypeScript 5.9 wrote them (only a quote style in one declaration and the source maps' segments
// differ), in about a quarter of the CPU. tsup's builds keep 5.9, whose JavaScript API they need.
import { launchNativeTsc } from './launchNativeTsc.mjs';

await launchNativeTsc(process.argv.slice(2));
