// How `npm start` runs the built server (scripts/start.mjs), shared with the benchmark, which runs
// it the same way (bench/lib). Measured in docs/decisions/0025-start-and-memory.md.

/**
 * Node's options for the server. The young generation's semi-spaces at most 16 MB: V8 sizes them
 * by the machine's memory (64 MB each on 24 GB), and a busy server kept all of it, ~100 MB more
 * resident memory, for no measurable throughput (list detail on the embedded database: 6,100 req/s
 * either way).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=16'];

/**
 * glibc's allocator settings for the server's process (read at its start, so they must be in its
 * environment). A fixed mmap threshold: memory blocks from 128 KB (argon2's 19 MB per password
 * hash, image buffers) go back to the system when freed — by default the threshold rises to 32 MB
 * after the first such block, and the blocks then stay in the thread's heap for ever (+100–300 MB
 * after a few hundred logins). Two arenas instead of eight per core: threads share their free
 * memory. Values already in the environment win.
 */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2' };

/** `env` with the server's allocator settings, unless it sets them itself. */
export const withServerEnv = (env) => ({ ...SERVER_ENV, ...env });
