// Writes openapi.json from the routes' zod schemas. CI regenerates it and fails on a difference.
import fs from 'node:fs';
import path from 'node:path';
import { generateOpenApi } from '../src/openapi.ts';
import { serverRoot } from '../src/lib/paths.ts';

const out = path.join(serverRoot(), 'openapi.json');
fs.writeFileSync(out, await generateOpenApi());
console.log(`wrote ${path.relative(process.cwd(), out)}`);
