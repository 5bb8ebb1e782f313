import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressed, sendCompressed } from './compression.ts';

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('gzip;q=0')).toBeNull();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding(['deflate', 'GZIP'])).toBe('gzip');
  });
});

describe('compressed copies', () => {
  it('decode to the same bytes and are made once per body', () => {
    const body = Buffer.from(JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Place ${i}` }))));
    const br = compressed(body, 'br', 'dynamic');
    expect(zlib.brotliDecompressSync(br).equals(body)).toBe(true);
    expect(compressed(body, 'br', 'dynamic')).toBe(br);
    expect(zlib.gunzipSync(compressed(body, 'gzip', 'static')).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length / 4);
  });

  it('sends the encoding asked for, identity otherwise, with Vary either way; small bodies as they are', async () => {
    const app = Fastify();
    const big = Buffer.from('spotlist '.repeat(1000));
    app.get('/big', (req, reply) => sendCompressed(req, reply.type('text/plain'), big, 'dynamic'));
    app.get('/small', (req, reply) => sendCompressed(req, reply.type('text/plain'), Buffer.from('tiny'), 'dynamic'));
    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.rawPayload.equals(big)).toBe(true);
    const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(big)).toBe(true);
    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(big)).toBe(true);
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('tiny');
    await app.close();
  });
});
