/**
 * SPEC §7: responses may use a cyclic-reference JSON format (Json.NET
 * `PreserveReferencesHandling`): an object carries `"$id": "1"`, a later occurrence of the same
 * object is written as `{ "$ref": "1" }`, and an array with an identity is `{ "$id", "$values" }`.
 * decodeJsonRefs rebuilds the object graph (shared and cyclic references become the same
 * JavaScript object) and drops the `$id` markers.
 */
export class JsonRefError extends Error {
  constructor(public readonly ref: string) {
    super(`unresolved $ref "${ref}"`);
    this.name = 'JsonRefError';
  }
}

type Container = Record<string, unknown> | unknown[];

const isRef = (o: Record<string, unknown>): o is { $ref: string | number } => {
  const keys = Object.keys(o);
  return keys.length === 1 && keys[0] === '$ref' && (typeof o.$ref === 'string' || typeof o.$ref === 'number');
};

export function decodeJsonRefs<T = unknown>(input: unknown): T {
  const byId = new Map<string, unknown>();
  // References met before the object they point to (possible when a writer reorders keys).
  const pending: { holder: Container; key: string | number; ref: string }[] = [];

  const visit = (node: unknown, holder: Container | null, key: string | number): unknown => {
    if (node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) {
      const out: unknown[] = [];
      node.forEach((item, i) => {
        out[i] = visit(item, out, i);
      });
      return out;
    }
    const obj = node as Record<string, unknown>;
    if (isRef(obj)) {
      const ref = String(obj.$ref);
      if (byId.has(ref)) return byId.get(ref);
      if (holder === null) throw new JsonRefError(ref);
      pending.push({ holder, key, ref });
      return null;
    }
    const id = typeof obj.$id === 'string' || typeof obj.$id === 'number' ? String(obj.$id) : null;
    if (Array.isArray(obj.$values)) {
      const out: unknown[] = [];
      if (id !== null) byId.set(id, out);
      obj.$values.forEach((item, i) => {
        out[i] = visit(item, out, i);
      });
      return out;
    }
    const out: Record<string, unknown> = {};
    // Registered before the children are visited, so a child may point back at its ancestor.
    if (id !== null) byId.set(id, out);
    for (const [k, v] of Object.entries(obj)) {
      if (k === '$id') continue;
      out[k] = visit(v, out, k);
    }
    return out;
  };

  const result = visit(input, null, '');
  for (const { holder, key, ref } of pending) {
    if (!byId.has(ref)) throw new JsonRefError(ref);
    (holder as Record<string | number, unknown>)[key] = byId.get(ref);
  }
  return result as T;
}
