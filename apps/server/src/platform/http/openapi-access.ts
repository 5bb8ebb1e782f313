import type { SwaggerTransform } from '@fastify/swagger';
import { accessRuleOf, routePermissions } from './auth.ts';

/**
 * Writes each operation's access rule into openapi.json, read from the same `config` the hooks
 * read: `security: []` on public routes (no X-Auth-Token needed), `x-access` (public | user |
 * admin — a login with a permission) on every route, `x-permissions` (contracts permissions.ts, any
 * one opens it) on admin ones, and `x-flags` (any one of them opens it) on flag-gated ones. Clients and
 * the security sweep (apps/server/security) take "needs a login" from here, not from a list.
 */
export function withAccessMarkers(transform: SwaggerTransform): SwaggerTransform {
  return (doc) => {
    const out = transform(doc);
    const schema = (out.schema ?? {}) as Record<string, unknown>;
    if (schema.hide) return out;
    const rule = accessRuleOf(doc.url, doc.route.config?.auth);
    const flag = doc.route.config?.flag;
    const permissions = routePermissions(doc.route.config?.permission);
    return {
      url: out.url,
      schema: {
        ...schema,
        ...(rule === 'public' ? { security: [] } : {}),
        'x-access': permissions.length > 0 ? 'admin' : rule,
        ...(permissions.length > 0 ? { 'x-permissions': [...permissions] } : {}),
        ...(flag ? { 'x-flags': typeof flag === 'string' ? [flag] : [...flag] } : {}),
      },
    };
  };
}
